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
        let sections = try SectionedTree(evenFanOfFolders())
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
    /// one of the choices that made the plan, or the search's memo of nesting blocks (no part
    /// of the plan: a block from it is the one the plan would lay out): a new one must be sorted.
    @Test func everyStoredPropertyIsGeometryOrAChoice() throws {
        let plan = try #require(plan(try tree(), shape: 1, breaks: false))
        let stored = Set(Mirror(reflecting: plan).children.compactMap(\.label))
        let geometry: Set<String> = [
            "firstItem", "memberCount", "rows", "columns", "rowStart", "rowOffsets", "rowHeights", "columnStart",
            "columnLefts", "columnWidths", "widths", "heights", "blockOfItem", "gutter", "nestLevels", "levelStart",
            "levelFirst", "levelCount", "offsetStart", "panelLevelStart", "memberXs", "memberYs", "memberColumns",
            "memberLevels", "levelLefts", "levelWidths", "innerGap", "hangsLists", "listFirst", "listCount", "listLefts",
            "listTops", "listHeights", "listRows", "listRowMiddles", "listColumnStart", "listColumnLefts", "listOfItem",
            "shortestHangingList", "nestsFolders", "deepestLevels", "stackStart", "stackFirsts",
        ]
        let choices: Set<String> = [
            "nestingShape", "nestingReach", "broadensBlocks", "broadeningDiffers", "breaksPanels", "breaksDiffer", "evensPanels", "evensDiffer",
            "fillsBlocks", "fillingDiffers", "keepsBesideDeepSiblings", "keepingDiffers", "estimateFits", "rowLimit",
            "smallestFan", "fills", "depthRoom", "nestsInDepthRoom",
        ]
        let memo: Set<String> = ["nestingMemo"]
        let sorted = geometry.union(choices).union(memo)
        #expect(stored == sorted, "unsorted: \(stored.subtracting(sorted).sorted())")
    }

    /// `tree` to place with `auto` wrapping, its items of random sizes (30–160 broad, 20–60 deep).
    static func placementTree(_ tree: Tree, leftToRight: Bool, generator: inout SplitMix64) throws -> WrappedPlacement.Tree {
        let sections = try SectionedTree(tree)
        let items = sections.parentOfItem.count
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 16,
                                                         sectionPadding: 48, sectionMargin: 10)
        configuration.orientation = leftToRight ? .lr : .tb
        configuration.wrap = .auto
        let widths = (0..<items).map { _ in Double.random(in: 30...160, using: &generator).rounded() }
        let heights = (0..<items).map { _ in Double.random(in: 20...60, using: &generator).rounded() }
        return WrappedPlacement.Tree(columns: PlacementColumns(sections), configuration: configuration, widths: widths, heights: heights)
    }

    /// `NestingMemo`: a plan whose nesting blocks come from the search's memo has the geometry
    /// of one laid out afresh, whatever the settings the memo's key holds (shape, panel breaks,
    /// hanging lists), on random fans of folders in both orientations; a second plan of
    /// the same settings takes its blocks from the memo (their storage is the first's).
    @Test func nestingBlocksFromTheMemoAreTheOnesLaidOutAfresh() throws {
        var generator = SplitMix64(seed: 11)
        var hits = 0
        for trial in 0..<30 {
            // A fan of 12 to 80 folders of up to five entries, some with folders of their own.
            var tree = Tree()
            let root = tree.addNode(label: "root")
            for folder in 0..<Int.random(in: 12...80, using: &generator) {
                let node = tree.addNode(label: "f\(folder)", parent: root)
                for entry in 0..<Int.random(in: 0...5, using: &generator) {
                    let inner = tree.addNode(label: "e\(entry)", parent: node)
                    if Int.random(in: 0..<6, using: &generator) == 0 {
                        for leaf in 0..<Int.random(in: 1...4, using: &generator) { _ = tree.addNode(label: "l\(leaf)", parent: inner) }
                    }
                }
            }
            let placementTree = try Self.placementTree(tree, leftToRight: trial % 2 == 0, generator: &generator)
            let (configuration, widths, heights) = (placementTree.configuration, placementTree.widths, placementTree.heights)
            for shape in [0.5, 1.0, 2.0] {
                for breaks in [false, true] {
                    for list in [nil, WrapPlan.longerHangingList] {
                        func plan(_ memo: NestingMemo?) -> WrapPlan? {
                            WrapPlan(sections: placementTree.columns, widths: widths, heights: heights, configuration: configuration,
                                     rowLimit: 10, smallestFan: 12, nestingShape: shape, nestingReach: .smallSubtrees,
                                     breaksPanels: breaks, shortestHangingList: list, nestingMemo: memo)
                        }
                        guard let fresh = plan(nil) else { continue }
                        let first = try #require(plan(placementTree.nestingMemo)), second = try #require(plan(placementTree.nestingMemo))
                        #expect(first.sameGeometry(as: fresh) && second.sameGeometry(as: fresh), "trial \(trial), shape \(shape)")
                        #expect(first.breaksDiffer == fresh.breaksDiffer && first.broadeningDiffers == fresh.broadeningDiffers)
                        if fresh.nestsFolders { hits += 1 }
                    }
                }
            }
        }
        #expect(hits > 20, "too few plans nested to tell: \(hits)")
    }

    /// A trial (unsettled) placement has the settled one's size: the wrap search judges trials
    /// by it and places the one it chooses again, settled. On random trees of every shape,
    /// each alignment that settles (compact) and both orientations.
    @Test func trialsHaveTheSettledSize() throws {
        var generator = SplitMix64(seed: 7)
        for trial in 0..<40 {
            var tree = Tree()
            var nodes = [tree.addNode(label: "root")]
            let count = Int.random(in: 20...400, using: &generator)
            for index in 1..<count {
                // Fans, chains and bushes: a parent among the last few or anywhere.
                let recent = trial % 3 == 0 ? nodes.count : min(nodes.count, 1 + trial % 7)
                let parent = nodes[nodes.count - Int.random(in: 1...recent, using: &generator)]
                nodes.append(tree.addNode(label: "n\(index)", parent: parent))
            }
            let placementTree = try Self.placementTree(tree, leftToRight: trial % 2 == 0, generator: &generator)
            let (configuration, widths, heights) = (placementTree.configuration, placementTree.widths, placementTree.heights)
            for shape in [nil, 1.0] as [Double?] {
                guard let plan = WrapPlan(sections: placementTree.columns, widths: widths, heights: heights,
                                          configuration: configuration, rowLimit: 4, smallestFan: 4, nestingShape: shape,
                                          nestingReach: .bigSubtrees) else { continue }
                let settled = WrappedPlacement(placementTree, plan: plan), trialPlacement = WrappedPlacement.placed(plan, tree: placementTree)
                #expect(settled.settles && !trialPlacement.settles)
                #expect(settled.breadth == trialPlacement.breadth, "trial \(trial): \(settled.breadth) settled, \(trialPlacement.breadth) trial")
                #expect(settled.depth(configuration) == trialPlacement.depth(configuration))
                #expect(settled.keepsNestedRoom == trialPlacement.keepsNestedRoom)
            }
        }
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
            let fresh = WrappedPlacement(tree, plan: plan, settles: false)
            #expect(!placement.settles)
            #expect(placement.itemTops == fresh.itemTops && placement.itemLefts == fresh.itemLefts)
            #expect(placement.blockTops == fresh.blockTops && placement.blockEntries == fresh.blockEntries)
            #expect(placement.sectionWidths == fresh.sectionWidths && placement.sectionHeights == fresh.sectionHeights)
            #expect(placement.sectionExtents == fresh.sectionExtents && placement.keepsNestedRoom == fresh.keepsNestedRoom)
        }
    }
}
