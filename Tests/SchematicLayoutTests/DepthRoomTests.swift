import CollectionLayout
import Hierarchy
import Testing
import TestSupport
@testable import SchematicLayout

/// The nesting plan the search starts from (a row limit of 10, fans of 12, square panels).
private func nestingPlan(_ tree: WrappedPlacement.Tree) -> WrapPlan? {
    WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: tree.configuration,
             rowLimit: 10, smallestFan: 12, nestingShape: 1, nestingReach: .smallSubtrees)
}

/// `WrapPlan.depthRoom` (`WrappedPlacement.filledToDepth`): where a deep subtree sets the
/// drawing's depth, a shallow fan's nesting block beside it takes more panels, as deep as the
/// drawing, and gets shorter along the columns; the drawing keeps its depth.
@Suite struct DepthRoomTests {
    /// A root with a chain of `chain` folders (the drawing's depth) and a fan of 40 folders of
    /// three files each (a nesting block), in both orders.
    func tree(chain: Int, fanFirst: Bool, orientation: SchematicOrientation,
              alignment: SchematicAlignment = .compact) throws -> WrappedPlacement.Tree {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        func addChain() {
            var parent = tree.addNode(label: "chain", parent: root)
            for level in 0..<chain { parent = tree.addNode(label: "level \(level)", parent: parent) }
        }
        func addFan() {
            let fan = tree.addNode(label: "fan", parent: root)
            for folder in 0..<40 {
                let node = tree.addNode(label: "folder \(folder)", parent: fan)
                for file in 0..<3 { _ = tree.addNode(label: "file \(folder).\(file)", parent: node) }
            }
        }
        if fanFirst { addFan(); addChain() } else { addChain(); addFan() }
        let sections = try SectionedTree(tree)
        let count = sections.parentOfItem.count
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.orientation = orientation
        configuration.alignment = alignment
        configuration.wrap = .auto
        let across = orientation == .tb ? (30.0, 100.0) : (100.0, 30.0)
        return WrappedPlacement.Tree(columns: PlacementColumns(sections), configuration: configuration,
                                     widths: [Double](repeating: across.0, count: count),
                                     heights: [Double](repeating: across.1, count: count))
    }

    @Test(arguments: [SchematicOrientation.lr, .tb], [false, true])
    func blocksBesideADeepSubtreeFillItsDepth(orientation: SchematicOrientation, fanFirst: Bool) throws {
        let tree = try tree(chain: 30, fanFirst: fanFirst, orientation: orientation)
        #expect(tree.overhangs)
        let plan = try #require(nestingPlan(tree))
        #expect(plan.nestsFolders && plan.blockCount == 1 && plan.depthRoom.isEmpty)
        let placement = WrappedPlacement(tree, plan: plan)
        let filledPlan = try #require(WrappedPlacement.filledToDepthPlan(placement, tree: tree))
        let filled = WrappedPlacement(tree, plan: filledPlan)
        let depth = placement.depth(tree.configuration)
        // The block: more panels, shorter along the columns, within the drawing's depth.
        #expect(filledPlan.blockCount == 1 && filledPlan.columns[0] > plan.columns[0],
                "\(plan.columns[0]) panels, \(filledPlan.columns[0]) filled")
        #expect(filledPlan.heights[0] < plan.heights[0] * 0.75, "\(plan.heights[0]) to \(filledPlan.heights[0])")
        #expect(filled.depth(tree.configuration) <= depth + 1e-9)
        #expect(filled.breadth < placement.breadth, "\(placement.breadth) to \(filled.breadth)")
        // The folders keep their order, panel by panel.
        let first = Int(filledPlan.firstItem[0])
        var lastPanel = 0
        for member in 0..<Int(filledPlan.memberCount[0]) {
            let panel = filledPlan.panelAndLevel(ofMember: first + member, inBlock: 0).panel
            #expect(panel >= lastPanel && panel <= lastPanel + 1, "member \(member) in panel \(panel) after \(lastPanel)")
            lastPanel = panel
        }
        // Made again from the filled placement, with the same room: nothing new to try.
        let again = WrappedPlacement.filledToDepthPlan(filled, tree: tree) == nil
        #expect(again)
    }

    /// Without a deeper subtree beside it, the block already sets the depth: filled to the
    /// depth, it could not take more panels, and the plan is not made again; a little beyond
    /// the depth (`WrapPlan.depthRoomReach`), it is.
    @Test func aBlockSettingTheDepthStaysAsItIs() throws {
        let tree = try tree(chain: 0, fanFirst: true, orientation: .lr)
        let plan = try #require(nestingPlan(tree))
        let placement = WrappedPlacement(tree, plan: plan)
        let filledPlan = WrappedPlacement.filledToDepthPlan(placement, tree: tree)
        #expect(filledPlan == nil)
        let beyond = try #require(WrappedPlacement.filledToDepthPlan(placement, tree: tree, reach: 1.5))
        #expect(beyond.columns[0] > plan.columns[0])
    }

    /// Where blocks cannot overhang (the talk's alignments), a broader block would widen its
    /// column and move the deep subtree's: it fills its column only, and the depth stays.
    @Test func withoutOverhangABlockFillsItsColumnOnly() throws {
        let tree = try tree(chain: 12, fanFirst: true, orientation: .lr, alignment: .stacked)
        #expect(!tree.overhangs)
        let plan = try #require(nestingPlan(tree))
        let placement = WrappedPlacement(tree, plan: plan)
        // Its column is as wide as the block: nothing to fill, no plan made again.
        let filledPlan = WrappedPlacement.filledToDepthPlan(placement, tree: tree)
        #expect(filledPlan == nil)
    }
}

/// `WrapPlan.nestsInDepthRoom` (`WrappedPlacement.nestedInDepthRoom`): a fan too small to nest
/// by the plan's reach (five operations of a dozen nodes each, beside a deep subtree) nests
/// in panels across the room the deep subtree leaves, and only where they fit it.
@Suite struct DepthRoomNestingTests {
    func tree(chain: Int) throws -> WrappedPlacement.Tree {
        var tree = Tree()
        let root = tree.addNode(label: "api")
        let operations = tree.addNode(label: "operations", parent: root)
        for operation in 0..<5 {
            let node = tree.addNode(label: "operation \(operation)", parent: operations)
            for field in 0..<4 {
                let key = tree.addNode(label: "field \(field)", parent: node)
                _ = tree.addNode(label: "value \(operation).\(field)", parent: key)
            }
        }
        // A wide fan of small folders (nests by the reach) and a chain (the drawing's depth).
        let shapes = tree.addNode(label: "shapes", parent: root)
        for shape in 0..<20 {
            let node = tree.addNode(label: "shape \(shape)", parent: shapes)
            for member in 0..<2 { _ = tree.addNode(label: "member \(shape).\(member)", parent: node) }
        }
        var parent = tree.addNode(label: "chain", parent: root)
        for level in 0..<chain { parent = tree.addNode(label: "level \(level)", parent: parent) }
        let sections = try SectionedTree(tree)
        let count = sections.parentOfItem.count
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.alignment = .compact
        configuration.wrap = .auto
        return WrappedPlacement.Tree(columns: PlacementColumns(sections), configuration: configuration,
                                     widths: [Double](repeating: 100, count: count), heights: [Double](repeating: 30, count: count))
    }

    /// The operations' run: item 4 (`api`, then its three children, then the operations).
    func operationsBlock(_ plan: WrapPlan) -> Int? {
        (0..<plan.blockCount).first { plan.firstItem[$0] == 4 }
    }

    @Test func aSmallFanNestsWhereTheDepthHasRoom() throws {
        let tree = try tree(chain: 30)
        let plan = try #require(nestingPlan(tree))
        #expect(plan.nestsFolders && operationsBlock(plan) == nil)
        let placement = WrappedPlacement(tree, plan: plan)
        let filled = try #require(WrappedPlacement.filledToDepthPlan(placement, tree: tree))
        #expect(!filled.nestsInDepthRoom && operationsBlock(filled) == nil)
        let nested = try #require(WrappedPlacement.filledToDepthPlan(placement, tree: tree, nestsInRoom: true))
        let block = try #require(operationsBlock(nested))
        #expect(nested.nestsInDepthRoom && nested.memberCount[block] == 5 && nested.columns[block] >= 2)
        let nestedPlacement = WrappedPlacement(tree, plan: nested)
        #expect(nestedPlacement.depth(tree.configuration) <= placement.depth(tree.configuration) + 1e-9)
        #expect(nestedPlacement.breadth < placement.breadth, "\(placement.breadth) to \(nestedPlacement.breadth)")
    }

    @Test func withoutRoomTheFanStaysInTheTree() throws {
        let tree = try tree(chain: 0)
        let plan = try #require(nestingPlan(tree))
        let placement = WrappedPlacement(tree, plan: plan)
        let nested = try #require(WrappedPlacement.filledToDepthPlan(placement, tree: tree, nestsInRoom: true))
        #expect(operationsBlock(nested) == nil)
    }
}
