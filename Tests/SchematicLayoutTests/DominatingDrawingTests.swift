import Testing
@testable import SchematicLayout

/// `WrapDrawing.replaces`: a drawing no broader and no deeper than the best replaces it,
/// whatever their pages, except out of 3:1 for a small tree.
@Suite struct DominatingDrawingTests {
    /// 20,000 × 10,000 (2:1) against 20,000 × 5,000 (4:1): the page pads both to 2:1, 20,000 ×
    /// 10,000, so by pages they tie; the second is the first with half its depth left out.
    let padded = WrapDrawing(breadth: 20_000, depth: 10_000), gathered = WrapDrawing(breadth: 20_000, depth: 5_000)

    @Test func aDrawingSmallerBothWaysReplacesTheBest() {
        #expect(gathered.page == padded.page)
        #expect(gathered.replaces(padded, gain: 1, isSmallTree: false))
        #expect(!padded.replaces(gathered, gain: 1, isSmallTree: false))
        // Where the gain asks for more than the area saves, it does not.
        #expect(!gathered.replaces(padded, gain: 0.4, isSmallTree: false))
    }

    /// A small tree's drawing within 3:1 stays within it (the bound for trees of up to
    /// 2,000 nodes); between two drawings on the same side of 3:1, the smaller one wins.
    @Test func aSmallTreeIsNotTakenBeyondThreeToOne() {
        #expect(!gathered.replaces(padded, gain: 1, isSmallTree: true))
        let withinThree = WrapDrawing(breadth: 20_000, depth: 7_000)
        #expect(withinThree.replaces(padded, gain: 1, isSmallTree: true))
    }

    /// A drawing broader by a pixel is not smaller both ways: pages and costs judge it.
    @Test func aBroaderDrawingIsJudgedByItsPage() {
        let broader = WrapDrawing(breadth: 20_001, depth: 5_000)
        #expect(!broader.replaces(padded, gain: 1, isSmallTree: false))
    }

    /// Pages within 1% are the same page to a reader: the smaller drawing replaces, not the one
    /// on the page smaller by 0.9% (Maven's repository top to bottom: as broad, 600 px deeper).
    /// Pages further apart are judged as pages, whatever the areas.
    @Test func onTheSamePageTheSmallerDrawingWins() {
        let drawn = WrapDrawing(breadth: 11_836, depth: 4_543), deeper = WrapDrawing(breadth: 11_781, depth: 5_151)
        #expect(deeper.page < drawn.page && deeper.page > drawn.page * 0.99 && deeper.area > drawn.area * 1.1)
        #expect(!deeper.replaces(drawn, gain: 1, isSmallTree: false))
        #expect(drawn.replaces(deeper, gain: 1, isSmallTree: false))
        let narrower = WrapDrawing(breadth: 11_600, depth: 5_151)
        #expect(narrower.page < drawn.page * 0.99)
        #expect(narrower.replaces(drawn, gain: 1, isSmallTree: false))
    }

    /// Nesting must shorten a drawing: its long side by a tenth, or, where the drawing was
    /// nearly square, its breadth by a tenth with its depth at most 2% longer (a random class
    /// tree's panels: 2448 × 2512 → 2465 × 1464, the long side 0.98 as long, were refused).
    @Test func nestingShortensByTheLongSideOrTheBreadth() {
        let square = WrapDrawing(breadth: 2512, depth: 2448)
        #expect(WrapDrawing(breadth: 1464, depth: 2465).nestingShortens(square))
        #expect(!WrapDrawing(breadth: 1464, depth: 2600).nestingShortens(square))  // lengthened
        #expect(!WrapDrawing(breadth: 2400, depth: 2400).nestingShortens(square))  // barely shorter
        let tall = WrapDrawing(breadth: 4000, depth: 1000)
        #expect(WrapDrawing(breadth: 3500, depth: 1900).nestingShortens(tall))  // the long side
    }
}
