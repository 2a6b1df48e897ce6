import Hierarchy
@testable import SchematicLayout
import Testing
import TestSupport

/// Graphviz dot's placement of a tree's columns, estimated (`DotEstimate`): the least total
/// length of the links along the columns that keeps every separation, each part the objective
/// leaves free in the middle of its room.
@Suite struct DotEstimateTests {
    /// The estimate of columns with these heights and padding.
    func estimate(_ columns: PlacementColumns, heights: [Double], padding: Double) -> [Double] {
        let starts = Set(columns.sectionStarts.map(Int.init))
        return DotEstimate.centers(count: columns.numberOfItems, childStarts: { Int(columns.childStarts[$0]) },
                                   isFirstInColumn: { starts.contains($0) },
                                   separationBefore: { (heights[$0 - 1] + heights[$0]) / 2 + padding })
    }

    /// The total length of the links along the columns.
    func linkLength(_ c: [Double], _ columns: PlacementColumns) -> Double {
        var total = 0.0
        for parent in 0..<columns.numberOfItems {
            for child in Int(columns.childStarts[parent])..<Int(columns.childStarts[parent + 1]) { total += abs(c[parent] - c[child]) }
        }
        return total
    }

    /// A parent of two leaves has the same link length anywhere between them: balanced, it sits
    /// in their middle; an only child is level with its parent.
    @Test func aParentIsBalancedBetweenItsChildrenAndLevelWithAnOnlyChild() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        let a = tree.addNode(label: "a", parent: root)
        tree.addNode(label: "b", parent: root)
        tree.addNode(label: "c", parent: a)
        let columns = PlacementColumns(try SectionedTree(tree))
        let heights = [Double](repeating: 30, count: 4)
        let c = estimate(columns, heights: heights, padding: 20)
        // Items in column order: root | a, b | c.
        #expect(abs(c[2] - c[1] - 50) < 1e-9, "a and b one separation apart: \(c)")
        #expect(abs(c[0] - (c[1] + c[2]) / 2) < 1e-9, "root in their middle: \(c)")
        #expect(abs(c[3] - c[1]) < 1e-9, "c level with a: \(c)")
    }

    /// Columns not all joined (two trees whose roots are not in one column) keep their feasible
    /// ranking rather than fail: every separation kept.
    @Test func columnsNotAllJoinedKeepTheirSeparations() {
        // Items: a | b, c (children of a) | d, first of its column and no one's child.
        let childStarts = [1, 3, 3, 3, 3]
        let c = DotEstimate.centers(count: 4, childStarts: { childStarts[$0] },
                                    isFirstInColumn: { $0 != 2 }, separationBefore: { _ in 50 })
        #expect(c.count == 4)
        #expect(c[2] - c[1] >= 50 - 1e-9, "\(c)")
    }

    /// On random trees with boxes of several heights: every separation kept, and no longer in
    /// all than the tidy placement's links (a feasible placement: the estimate is the least).
    @Test(arguments: [3, 11, 29])
    func theEstimateKeepsTheSeparationsAndIsNoLongerThanTheTidyPlacement(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let sections = try SectionedTree(RandomTrees.forest(count: 120, rootChance: 0, using: &generator))
        let columns = PlacementColumns(sections)
        let heights = (0..<columns.numberOfItems).map { Double(20 + $0 % 4 * 15) }
        let c = estimate(columns, heights: heights, padding: 16)
        for section in 0..<columns.numberOfSections {
            let first = Int(columns.sectionStarts[section]), end = Int(columns.sectionStarts[section + 1])
            for item in (first + 1)..<max(first + 1, end) {
                #expect(c[item] - c[item - 1] >= (heights[item - 1] + heights[item]) / 2 + 16 - 1e-6, "item \(item)")
            }
        }
        let tidy = TidyPlacement.centers(of: columns, heights: heights, padding: 16)
        #expect(linkLength(c, columns) <= linkLength(tidy, columns) + 1e-6)
    }
}
