import CollectionLayout
import Hierarchy
import Testing
import TestSupport
@testable import SchematicLayout

/// `PlacementMemo`: a plan of the same geometry as one placed before in the search is not
/// placed again, and its placement is the one a fresh placement would be.
@Suite struct PlacementMemoTests {
    /// 60 folders of three leaves each: a fan whose subtrees nest.
    func tree() throws -> WrappedPlacement.Tree {
        var tree = Tree()
        let root = tree.addNode(label: "locales")
        for language in 0..<60 {
            let folder = tree.addNode(label: "language \(language)", parent: root)
            for locale in 0..<3 { _ = tree.addNode(label: "locale \(language).\(locale)", parent: folder) }
        }
        let sections = try SectionedTree(tree)
        let count = sections.parentOfItem.count
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.orientation = .tb
        configuration.wrap = .auto
        // Canonical axes (top to bottom transposed): 30 deep, 100 broad.
        return WrappedPlacement.Tree(columns: PlacementColumns(sections), configuration: configuration,
                                     widths: [Double](repeating: 30, count: count), heights: [Double](repeating: 100, count: count))
    }

    func plan(_ tree: WrappedPlacement.Tree, shape: Double, breaks: Bool) -> WrapPlan? {
        WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: tree.configuration,
                 rowLimit: 10, smallestFan: 12, nestingShape: shape, nestingReach: .smallSubtrees, breaksPanels: breaks)
    }

    /// Every stored property of `WrapPlan` is either geometry (`sameGeometry` compares it) or
    /// one of the choices that made the plan: a new one must be sorted into one or the other.
    @Test func everyStoredPropertyIsGeometryOrAChoice() throws {
        let plan = try #require(plan(try tree(), shape: 1, breaks: false))
        let stored = Set(Mirror(reflecting: plan).children.compactMap(\.label))
        let geometry: Set<String> = [
            "firstItem", "memberCount", "rows", "columns", "rowStart", "rowOffsets", "rowHeights", "columnStart",
            "columnLefts", "columnWidths", "widths", "heights", "blockOfItem", "gutter", "nestLevels", "levelStart",
            "levelFirst", "levelCount", "offsetStart", "panelLevelStart", "memberXs", "memberYs", "memberColumns",
            "memberLevels", "levelLefts", "levelWidths", "innerGap", "hangsLists", "listFirst", "listCount", "listLefts",
            "listTops", "listHeights", "listRows", "listRowMiddles", "listColumnStart", "listColumnLefts", "listOfItem",
            "shortestHangingList", "nestsFolders", "deepestLevels",
        ]
        let choices: Set<String> = [
            "nestingShape", "nestingReach", "broadensBlocks", "broadeningDiffers", "breaksPanels", "breaksDiffer",
            "fillsBlocks", "fillingDiffers", "keepsBesideDeepSiblings", "keepingDiffers", "estimateFits", "rowLimit",
            "smallestFan", "fills",
        ]
        #expect(stored == geometry.union(choices), "unsorted: \(stored.subtracting(geometry.union(choices)).sorted())")
    }

    /// Even fans break no panel otherwise: the plan with `breaksPanels` draws the same blocks,
    /// and its placement is the first one's storage with its own plan; a plan of other panel
    /// heights is placed afresh. Each equals a fresh placement of its plan.
    @Test func aRepeatIsTheEarlierPlacementWithItsOwnPlan() throws {
        let tree = try tree()
        let balanced = try #require(plan(tree, shape: 1, breaks: false))
        let broken = try #require(plan(tree, shape: 1, breaks: true))
        let other = try #require(plan(tree, shape: 0.5, breaks: false))
        #expect(balanced.nestsFolders && broken.breaksPanels && !broken.breaksDiffer)
        #expect(broken.sameGeometry(as: balanced) && broken.geometryHash == balanced.geometryHash)
        #expect(!other.sameGeometry(as: balanced))

        let placed = WrappedPlacement.placements(of: [{ balanced }, { broken }, { other }], tree: tree)
        let first = try #require(placed[0]), repeated = try #require(placed[1]), third = try #require(placed[2])
        #expect(repeated.plan.breaksPanels && !first.plan.breaksPanels)
        func storage(_ values: [Double]) -> UnsafeRawPointer? { values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        #expect(storage(repeated.itemTops) == storage(first.itemTops), "the repeat was placed again")
        #expect(storage(third.itemTops) != storage(first.itemTops))
        // A later batch finds it too (the memo outlives the batch).
        let again = try #require(WrappedPlacement.placements(of: [{ broken }], tree: tree)[0])
        #expect(storage(again.itemTops) == storage(first.itemTops))

        for (placement, plan) in [(first, balanced), (repeated, broken), (third, other)] {
            let fresh = WrappedPlacement(tree, plan: plan)
            #expect(placement.itemTops == fresh.itemTops && placement.itemLefts == fresh.itemLefts)
            #expect(placement.blockTops == fresh.blockTops && placement.blockEntries == fresh.blockEntries)
            #expect(placement.sectionWidths == fresh.sectionWidths && placement.sectionHeights == fresh.sectionHeights)
            #expect(placement.sectionExtents == fresh.sectionExtents && placement.keepsNestedRoom == fresh.keepsNestedRoom)
        }
    }
}
