import CollectionLayout
import Hierarchy
import Testing
import TestSupport
@testable import SchematicLayout

/// `WrapPlan.breaksPanels`: a nesting block's panels broken where the block is smaller for it,
/// not balanced by breadth alone (`NestingLayout.shortestBreaks`).
@Suite struct PanelBreakTests {
    /// A fan of 60 languages as glibc's locales are: most with one locale, a run of six in
    /// the middle with ten each (`es`, `es_AR`… sort together; a fan of 12 would wrap on its
    /// own); labels 40 to 200 wide. Balanced panels cut the run in two: two deep rows.
    func locales(seed: UInt64) -> (PlacementColumns, [Double], [Double]) {
        var generator = SplitMix64(seed: seed)
        var tree = Tree()
        let root = tree.addNode(label: "locales")
        for language in 0..<60 {
            let folder = tree.addNode(label: "language \(language)", parent: root)
            let count = (27..<33).contains(language) ? 10 : 1
            for locale in 0..<count { _ = tree.addNode(label: "locale \(language).\(locale)", parent: folder) }
        }
        let sections = try! SectionedTree(tree)
        let count = sections.parentOfItem.count
        // Canonical axes (top to bottom transposed): 30 deep, as broad as a label.
        let breadths = (0..<count).map { _ in Double.random(in: 40...200, using: &generator).rounded() }
        return (PlacementColumns(sections), [Double](repeating: 30, count: count), breadths)
    }

    func plan(_ columns: PlacementColumns, _ widths: [Double], _ heights: [Double], orientation: SchematicOrientation,
              breaks: Bool, evens: Bool = false) -> WrapPlan? {
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.orientation = orientation
        configuration.wrap = .auto
        return WrapPlan(sections: columns, widths: widths, heights: heights, configuration: configuration, rowLimit: 10,
                        smallestFan: 12, nestingShape: 1, nestingReach: .smallSubtrees, breaksPanels: breaks,
                        evensPanels: evens)
    }

    /// Balanced, each row of languages (top to bottom) is as deep as the longest list in it,
    /// the short ones beside it leaving that depth empty; broken, long lists share rows where
    /// the block is smaller for it. Members stay in order, one run per panel.
    @Test(arguments: [SchematicOrientation.tb, .bt])
    func panelsBreakWhereTheBlockIsSmallerForIt(orientation: SchematicOrientation) throws {
        var smaller = 0
        for seed: UInt64 in 1...24 {
            let (columns, widths, heights) = locales(seed: seed)
            let balanced = try #require(plan(columns, widths, heights, orientation: orientation, breaks: false))
            let broken = try #require(plan(columns, widths, heights, orientation: orientation, breaks: true))
            #expect(balanced.nestsFolders && !balanced.breaksPanels && !balanced.breaksDiffer)
            guard broken.breaksDiffer, broken.blockCount == 1, balanced.blockCount == 1 else { continue }
            let before = balanced.widths[0] * balanced.heights[0], after = broken.widths[0] * broken.heights[0]
            if after < before * 0.97 { smaller += 1 }
            var last = -Double.infinity
            for member in 0..<Int(broken.memberCount[0]) {
                let x = broken.memberXs[Int(broken.offsetStart[0]) + member]
                #expect(x >= last - 1e-9, "seed \(seed): member \(member) left of the one before")
                last = x
            }
        }
        #expect(smaller == 24, "blocks smaller by 3% or more: \(smaller) of 24")
    }

    /// Where the balanced panels are as short as any breaks make them (every language alike),
    /// nothing breaks otherwise, and the placement is not made again (`WrappedPlacement.broken`).
    @Test func evenFansKeepTheirBalancedPanels() throws {
        let sections = try SectionedTree(evenFanOfFolders())
        let count = sections.parentOfItem.count
        let broken = try #require(plan(PlacementColumns(sections), [Double](repeating: 30, count: count),
                                       [Double](repeating: 100, count: count), orientation: .tb, breaks: true))
        #expect(broken.nestsFolders && !broken.breaksDiffer)
    }

    /// A fan of 60 members, each a leaf or a folder of one to six leaves, boxes 40 to 200 broad:
    /// packed, a leaf tucks in beside a folder's children, so panels balanced by their members'
    /// extents one below the other are uneven.
    func mixedFan(seed: UInt64) -> (PlacementColumns, [Double], [Double]) {
        var generator = SplitMix64(seed: seed)
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for member in 0..<60 {
            let node = tree.addNode(label: "member \(member)", parent: root)
            let children = Bool.random(using: &generator) ? 0 : Int.random(in: 1...6, using: &generator)
            for child in 0..<children { _ = tree.addNode(label: "leaf \(member).\(child)", parent: node) }
        }
        let sections = try! SectionedTree(tree)
        let count = sections.parentOfItem.count
        let widths = (0..<count).map { _ in Double.random(in: 40...200, using: &generator).rounded() }
        return (PlacementColumns(sections), widths, [Double](repeating: 30, count: count))
    }

    /// Evened (`NestingLayout.evenedPanels`), the panels are the fewest as broad filled in
    /// order: the block is smaller and no panel broader than the balanced broadest, members in
    /// order, never more panels; where nothing is gained the balanced panels stay.
    @Test(arguments: [SchematicOrientation.lr, .rl])
    func evenedPanelsMakeTheBlockSmaller(orientation: SchematicOrientation) throws {
        var evened = 0
        for seed: UInt64 in 1...24 {
            let (columns, widths, heights) = mixedFan(seed: seed)
            let balanced = try #require(plan(columns, widths, heights, orientation: orientation, breaks: false))
            let even = try #require(plan(columns, widths, heights, orientation: orientation, breaks: false, evens: true))
            #expect(balanced.nestsFolders && !balanced.evensPanels && !balanced.evensDiffer)
            guard balanced.blockCount == 1, even.blockCount == 1 else { continue }
            guard even.evensDiffer else {
                #expect(even.widths[0] == balanced.widths[0] && even.heights[0] == balanced.heights[0], "seed \(seed)")
                continue
            }
            evened += 1
            #expect(even.widths[0] * even.heights[0] < balanced.widths[0] * balanced.heights[0], "seed \(seed): not smaller")
            #expect(even.heights[0] <= balanced.heights[0] + 1e-9, "seed \(seed): a panel broader than balanced")
            #expect(even.columns[0] <= balanced.columns[0], "seed \(seed): more panels")
            var last: Int32 = 0
            for member in 0..<Int(even.memberCount[0]) {
                let panel = even.memberColumns[Int(even.offsetStart[0]) + member]
                #expect(panel == last || panel == last + 1, "seed \(seed): member \(member) in panel \(panel) after \(last)")
                last = panel
            }
        }
        #expect(evened >= 12, "blocks evened: \(evened) of 24")
    }

    /// A block given its panel count (filling its room, `WrapPlan.fillsBlocks`) is evened too,
    /// into no more panels than given: none broader than balanced, members in order, and
    /// narrower where it evens.
    @Test func blocksGivenTheirPanelsAreEvenedToo() throws {
        var evened = 0
        for seed: UInt64 in 1...24 {
            let (columns, widths, heights) = mixedFan(seed: seed)
            let first = Int(columns.childStarts[0]), length = Int(columns.childStarts[1]) - first
            for panels in [4, 6, 9] {
                func layOut(evens: Bool) -> NestingLayout? {
                    NestingLayout(first: first, length: length, childStarts: columns.childStarts, widths: widths, heights: heights,
                                  padding: 20, gutter: 30, innerGap: 60, nestingShape: 1, hangsLists: false,
                                  shortestHangingList: 3, panels: panels, evensPanels: evens)
                }
                let balanced = try #require(layOut(evens: false)), even = try #require(layOut(evens: true))
                #expect(!balanced.evensDiffer && balanced.panelCount == panels)
                guard even.evensDiffer else { continue }
                evened += 1
                #expect(even.panelCount <= panels, "seed \(seed), \(panels) panels: \(even.panelCount)")
                #expect(even.height < balanced.height, "seed \(seed), \(panels) panels: not narrower")
                var last: Int32 = 0
                for item in first..<first + length {
                    let panel = even.panelOf[even.index(item, 0)]
                    #expect(panel == last || panel == last + 1, "seed \(seed): member \(item) in panel \(panel) after \(last)")
                    last = panel
                }
            }
        }
        #expect(evened >= 24, "blocks evened: \(evened) of 72")
    }
}
