import CollectionLayout
import Hierarchy
import SchematicLayout
import Testing
import TestSupport

/// `targetContentOffset(forProposedContentOffset:)`: scrolling stops with the cell nearest the
/// viewport's centre centred, in every orientation; checked against every cell.
@Suite struct SnappingTests {
    @Test(arguments: SchematicOrientation.allCases)
    func theNearestCellIsCentred(orientation: SchematicOrientation) throws {
        var generator = SplitMix64(seed: 11)
        let sections = try SectionedTree(RandomTrees.forest(count: 300, using: &generator))
        var configuration = SchematicLayoutConfiguration()
        configuration.orientation = orientation
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        let content = layout.collectionViewContentSize
        let cells = layout.layoutAttributesForElements(in: Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2))
            .filter { $0.representedElementCategory == .cell }
        let view = Size(width: 320, height: 240)
        for _ in 0..<50 {
            // Offsets anywhere, some far outside the content (no cell in view).
            let proposed = Point(x: Double(generator.next() % UInt64(content.width + 1000)) - 500,
                                 y: Double(generator.next() % UInt64(content.height + 1000)) - 500)
            let centre = Point(x: proposed.x + view.width / 2, y: proposed.y + view.height / 2)
            func distance(_ cell: LayoutAttributes) -> Double {
                (cell.center.x - centre.x) * (cell.center.x - centre.x) + (cell.center.y - centre.y) * (cell.center.y - centre.y)
            }
            let nearest = try #require(cells.map(distance).min())
            let target = layout.targetContentOffset(forProposedContentOffset: proposed, boundsSize: view)
            let snapped = Point(x: target.x + view.width / 2, y: target.y + view.height / 2)
            let cell = try #require(cells.first { $0.center == snapped }, "\(orientation): no cell centred at \(snapped)")
            #expect(distance(cell) == nearest, "\(orientation): \(cell.indexPath) is not the nearest cell to \(centre)")
        }
    }
}
