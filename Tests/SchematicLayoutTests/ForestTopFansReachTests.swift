import CollectionLayout
import Hierarchy
import Testing
import TestSupport
@testable import SchematicLayout

/// `NestingReach.forestTopFans`: in a forest, a root's fan of `forestTopNestingFan` to
/// `topNestingFan` − 1 children nests its subtrees; where no such fan nests, the reach has no
/// plan of its own (it would be `topFans`' again).
@Suite struct ForestTopFansReachTests {
    /// `roots` roots, each over `fan` folders of `files` files, and one lone root.
    func tree(roots: Int, fan: Int, files: Int = 4, orientation: SchematicOrientation = .tb) throws -> WrappedPlacement.Tree {
        var tree = Tree()
        for root in 0..<roots {
            let top = tree.addNode(label: "root \(root)")
            for folder in 0..<fan {
                let node = tree.addNode(label: "folder \(root).\(folder)", parent: top)
                for file in 0..<files { _ = tree.addNode(label: "file \(folder).\(file)", parent: node) }
            }
        }
        _ = tree.addNode(label: "lone root")
        let sections = try SectionedTree(tree)
        let count = sections.parentOfItem.count
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.orientation = orientation
        configuration.alignment = .compact
        configuration.connectorStyle = .elbow
        configuration.wrap = .auto
        return WrappedPlacement.Tree(columns: PlacementColumns(sections), configuration: configuration,
                                     widths: [Double](repeating: 30, count: count), heights: [Double](repeating: 100, count: count))
    }

    /// The plan of `reach` at panels half a square block's height (at a square block's, two or
    /// three small subtrees fit one panel: nothing nests).
    func plan(_ tree: WrappedPlacement.Tree, reach: WrapPlan.NestingReach, shape: Double = 0.5) -> WrapPlan? {
        WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: tree.configuration,
                 rowLimit: tree.widths.count, smallestFan: WrapPlan.autoFanTiers[0], nestingShape: shape, nestingReach: reach)
    }

    @Test(arguments: [2, 3])
    func aRootsFanOfTwoOrThreeNests(fan: Int) throws {
        let tree = try tree(roots: 1, fan: fan)
        #expect(tree.columns.hasForestTopNestingFan(shortestRun: 2))
        #expect(plan(tree, reach: .topFans) == nil)
        let nesting = try #require(plan(tree, reach: .forestTopFans))
        #expect(nesting.nestsFolders && nesting.blockCount == 1)
        // The block's first member is the fan's first folder.
        #expect(Int(nesting.firstItem[0]) == Int(tree.columns.childStarts[0]))
    }

    /// A fan of four is `topFans`' already; a fan of one, or a tree of one root, nests none.
    @Test(arguments: [1, 4])
    func otherFansHaveNoPlanOfTheirOwn(fan: Int) throws {
        let tree = try tree(roots: 1, fan: fan)
        #expect(!tree.columns.hasForestTopNestingFan(shortestRun: 2))
        #expect(plan(tree, reach: .forestTopFans) == nil)
    }

    @Test func aSingleRootsFanIsNoForests() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for folder in 0..<2 {
            let node = tree.addNode(label: "folder \(folder)", parent: root)
            for file in 0..<4 { _ = tree.addNode(label: "file \(folder).\(file)", parent: node) }
        }
        let columns = PlacementColumns(try SectionedTree(tree))
        #expect(!columns.hasForestTopNestingFan(shortestRun: 2))
    }

    /// Left to right a run wraps from three members (`WrapPlan.shortestAutoRun`): a root's fan
    /// of two nests nothing there, and the search does not try the reach.
    @Test func leftToRightAFanOfTwoIsTooShortARun() throws {
        let two = try tree(roots: 1, fan: 2, orientation: .lr)
        #expect(!two.columns.hasForestTopNestingFan(shortestRun: WrapPlan.shortestAutoRun(two.configuration)))
        #expect(plan(two, reach: .forestTopFans) == nil)
        let three = try tree(roots: 1, fan: 3, orientation: .lr)
        #expect(three.columns.hasForestTopNestingFan(shortestRun: WrapPlan.shortestAutoRun(three.configuration)))
    }
}
