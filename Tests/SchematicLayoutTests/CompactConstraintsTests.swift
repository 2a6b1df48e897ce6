import Hierarchy
@testable import SchematicLayout
import Testing
import TestSupport

/// The compact placement's longest paths (its lowest centres from the top and, mirrored, from
/// the bottom) are those of the constraints themselves: the same values, to the bit, as
/// relaxing every constraint until nothing changes, with and without slack.
@Suite struct CompactConstraintsTests {
    /// The lowest centres by plain relaxation over the tree's constraints (Bellman–Ford for
    /// longest paths): in a column `c[next] ≥ c[item] + separation`, a parent of several
    /// children at most `above` over its first and `below` under its last; an only child shares
    /// its parent's centre. Mirrored, the same from the bottom.
    func relaxed(_ columns: PlacementColumns, heights: [Double], padding: Double,
                 above: [Double], below: [Double], mirrored: Bool) -> [Double] {
        let count = columns.numberOfItems
        var group = [Int](0..<count)
        for item in 0..<count {
            let parent = Int(columns.parentOfItem[item])
            if parent >= 0 && columns.childStarts[parent + 1] - columns.childStarts[parent] == 1 { group[item] = group[parent] }
        }
        var separationBefore = [Double](repeating: 0, count: count)
        var firstInColumn = [Bool](repeating: false, count: count), lastInColumn = firstInColumn
        for section in 0..<columns.numberOfSections {
            let range = Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1])
            guard !range.isEmpty else { continue }
            firstInColumn[range.lowerBound] = true
            lastInColumn[range.upperBound - 1] = true
            for item in range.dropFirst() { separationBefore[item] = (heights[item - 1] + heights[item]) / 2 + padding }
        }
        var value = [Double](repeating: 0, count: count)
        for item in 0..<count { value[group[item]] = max(value[group[item]], padding / 2 + heights[item] / 2) }
        func raise(_ target: Int, from source: Int, by weight: Double, relief: Double) -> Bool {
            let candidate = value[group[source]] + weight - relief
            guard candidate > value[group[target]] else { return false }
            value[group[target]] = candidate
            return true
        }
        var changed = true
        while changed {
            changed = false
            for item in 0..<count {
                if mirrored {
                    if !lastInColumn[item] { changed = raise(item, from: item + 1, by: separationBefore[item + 1], relief: 0) || changed }
                } else if !firstInColumn[item] {
                    changed = raise(item, from: item - 1, by: separationBefore[item], relief: 0) || changed
                }
                let first = Int(columns.childStarts[item]), last = Int(columns.childStarts[item + 1]) - 1
                guard last > first else { continue }
                if mirrored {
                    changed = raise(item, from: last, by: 0, relief: below[item]) || changed
                    changed = raise(first, from: item, by: 0, relief: above[item]) || changed
                } else {
                    changed = raise(item, from: first, by: 0, relief: above[item]) || changed
                    changed = raise(last, from: item, by: 0, relief: below[item]) || changed
                }
            }
        }
        return (0..<count).map { value[group[$0]] }
    }

    /// The padding between boxes of a column in these tests.
    static let padding = 16.0

    /// A tree's columns, and each item's height from `height(columns, item)` in item order.
    static func columns(of tree: Tree, height: (PlacementColumns, Int) -> Double) throws -> (PlacementColumns, [Double]) {
        let columns = PlacementColumns(try SectionedTree(tree))
        return (columns, (0..<columns.numberOfItems).map { height(columns, $0) })
    }

    @Test(arguments: [71, 72, 73])
    func lowestCentresAreTheConstraintsLongestPaths(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let (columns, heights) = try Self.columns(of: RandomTrees.forest(count: 600, using: &generator)) { _, _ in
            Double(Int.random(in: 10...90, using: &generator))
        }
        let padding = Self.padding
        try CompactConstraints.with(sections: columns, heights: heights, padding: padding) { constraints in
            try check(constraints, columns: columns, heights: heights, padding: padding, using: &generator)
        }
    }

    func check(_ constraints: CompactConstraints, columns: PlacementColumns, heights: [Double], padding: Double,
               using generator: inout SplitMix64) throws {
        let count = columns.numberOfItems
        let zero = [Double](repeating: 0, count: count)
        let slack = CompactConstraints.Slack(count: count)
        for item in 0..<count where Int.random(in: 0..<4, using: &generator) == 0 {
            slack.above[item] = Double(Int.random(in: 0...40, using: &generator))
            slack.below[item] = Double(Int.random(in: 0...40, using: &generator))
        }
        for mirrored in [false, true] {
            func lowest(_ slack: CompactConstraints.Slack) -> [Double] {
                let both = constraints.lowest(slack: slack)
                return (mirrored ? both.fromBottom : both.fromTop).array
            }
            let expected = relaxed(columns, heights: heights, padding: padding, above: zero, below: zero, mirrored: mirrored)
            #expect(lowest(.none()) == expected)
            #expect(lowest(CompactConstraints.Slack(count: count)) == expected)
            let withSlack = relaxed(columns, heights: heights, padding: padding,
                                    above: slack.above.array, below: slack.below.array, mirrored: mirrored)
            #expect(lowest(slack) == withSlack)
        }
    }

    /// A binary tree of `leaves` leaves from a Yule process (a uniform split of the leaves at
    /// every internal node), the shape of a phylogeny.
    static func yuleTree(leaves: Int, using generator: inout SplitMix64) -> Tree {
        var tree = Tree()
        var pending = [(node: tree.addNode(label: ""), leaves: leaves)]
        var named = 0
        while let (node, count) = pending.popLast() {
            guard count > 1 else { continue }
            let left = Int.random(in: 1..<count, using: &generator)
            for part in [left, count - left] {
                named += part == 1 ? 1 : 0
                pending.append((tree.addNode(label: part == 1 ? "Sp \(named)" : "", parent: node), part))
            }
        }
        return tree
    }

    /// On phylogeny-shaped trees, a few span constraints giving way make the tight drawing 7%
    /// shorter or more (a tenth on most), with at most the limit's parents; no step makes it
    /// taller; and each step's height is exactly the longest chain of the constraints with the
    /// slack so far (by plain relaxation).
    @Test(arguments: [81, 82, 83])
    func aFewParentsGivingWayShortenBinaryTrees(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let (columns, heights) = try Self.columns(of: Self.yuleTree(leaves: 150, using: &generator)) { columns, item in
            columns.childStarts[item + 1] > columns.childStarts[item] ? 10.0 : Double(Int.random(in: 20...30, using: &generator))
        }
        let count = columns.numberOfItems, padding = Self.padding
        var stacked = 0.0
        for section in 0..<columns.numberOfSections {
            let items = Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1])
            stacked = max(stacked, items.reduce(0) { $0 + heights[$1] + padding })
        }
        CompactConstraints.with(sections: columns, heights: heights, padding: padding) { constraints in
            let tight = constraints.lowest(slack: .none())
            let limit = 149 / 25
            let (steps, after) = constraints.relaxedSpans(limit: limit, floor: stacked, fromTop: tight.fromTop,
                                                          fromBottom: tight.fromBottom)
            #expect(!steps.isEmpty && after.count == steps.count + 1)
            #expect(after.last! <= after[0] * 0.93, "\(after[0]) to \(after.last!) in \(steps.count) steps")
            #expect(Set(steps.map(\.parent)).count <= limit)
            for (done, step) in steps.enumerated() {
                #expect(step.relief > 0 && after[done + 1] <= after[done])
                let slack = constraints.slack(after: steps[..<(done + 1)])
                let lowest = relaxed(columns, heights: heights, padding: padding, above: slack.above.array,
                                     below: slack.below.array, mirrored: false)
                let height = (0..<count).map { lowest[$0] + heights[$0] / 2 + padding / 2 }.max()!
                #expect(height == after[done + 1])
            }
        }
    }

    /// The compact placement of a phylogeny lets parents out of their span, but none further
    /// than `farthestOutside` typical rows (the median box and padding).
    @Test(arguments: [81, 82, 83, 84])
    func compactParentsStayNearTheirSpan(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let (columns, heights) = try Self.columns(of: Self.yuleTree(leaves: 300, using: &generator)) { columns, item in
            columns.childStarts[item + 1] > columns.childStarts[item] ? 10.0 : Double(Int.random(in: 20...30, using: &generator))
        }
        let centers = try #require(CompactPlacement.centers(of: columns, heights: heights, padding: Self.padding))
        let median = heights.sorted()[(heights.count - 1) / 2]
        var outside = 0, farthest = 0.0
        for item in 0..<columns.numberOfItems where columns.childStarts[item + 1] > columns.childStarts[item] {
            let first = centers[Int(columns.childStarts[item])], last = centers[Int(columns.childStarts[item + 1]) - 1]
            let beyond = max(first - centers[item], centers[item] - last, 0)
            if beyond > 1 { outside += 1 }
            farthest = max(farthest, beyond)
        }
        #expect(outside > 0, "no parent outside: the limit is not exercised")
        #expect(farthest <= CompactPlacement.farthestOutside * (median + Self.padding) + 0.5, "\(farthest)")
    }

    /// Each relaxation step finds the lowest centres again only from the groups its changed
    /// constraint goes into (and tries its candidates so): after every step they are, to the
    /// bit and both ways, those found from scratch under the same slack, and every candidate's
    /// height as tried is the one found from scratch (or, stopped early, it and that one are
    /// both at least the bound), on trees whose only children's links bend (random forests)
    /// and on binary ones; and the tree's chains did bend.
    @Test(arguments: [91, 92, 93, 94])
    func eachStepsLowestCentresAreThoseFoundFromScratch(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let tree = seed % 2 == 0 ? RandomTrees.forest(count: 400, using: &generator) : Self.yuleTree(leaves: 200, using: &generator)
        let (columns, heights) = try Self.columns(of: tree) { _, _ in Double(Int.random(in: 10...60, using: &generator)) }
        var checked = 0, mismatches = 0, bent = false, trials = 0, trialMismatches = 0
        func bits(_ values: PlacementBuffer<Double>) -> [UInt64] { values.array.map(\.bitPattern) }
        CompactConstraints.with(sections: columns, heights: heights, padding: Self.padding) { constraints in
            let tight = constraints.lowest(slack: .none())
            let (steps, after) = constraints.relaxedSpans(limit: 40, floor: 0, fromTop: tight.fromTop, fromBottom: tight.fromBottom,
                                                          afterStep: { top, bottom, slack in
                let full = constraints.lowest(slack: slack)
                if bits(full.fromTop) != bits(top) || bits(full.fromBottom) != bits(bottom) { mismatches += 1 }
                bent = bent || slack.bendsChains
                checked += 1
            }, afterTrial: { reached, bound, slack in
                let full = constraints.extent(constraints.lowest(slack: slack).fromTop)
                if full < bound ? full.bitPattern != reached.bitPattern : reached < bound { trialMismatches += 1 }
                trials += 1
            })
            #expect(checked == steps.count && after.count == steps.count + 1)
        }
        #expect(checked >= 5, "\(checked) steps")
        #expect(mismatches == 0, "\(mismatches) of \(checked) steps")
        #expect(trials > 0 && trialMismatches == 0, "\(trialMismatches) of \(trials) trials")
        if seed % 2 == 0 { #expect(bent, "no chain bent: the links' updates are not exercised") }
    }

    /// With a relief limit, no side of a span gives way further than it in all, and the steps
    /// still shorten the drawing; without one, some side goes further (else this proves nothing).
    @Test(arguments: [81, 82, 83])
    func noParentGivesWayBeyondTheReliefLimit(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let (columns, heights) = try Self.columns(of: Self.yuleTree(leaves: 150, using: &generator)) { columns, item in
            columns.childStarts[item + 1] > columns.childStarts[item] ? 10.0 : Double(Int.random(in: 20...30, using: &generator))
        }
        let padding = Self.padding, reliefLimit = 30.0
        CompactConstraints.with(sections: columns, heights: heights, padding: padding) { constraints in
            let tight = constraints.lowest(slack: .none())
            func farthest(_ steps: [CompactConstraints.SpanRelief]) -> Double {
                let slack = constraints.slack(after: steps[...])
                return (slack.above.array + slack.below.array).max() ?? 0
            }
            let free = constraints.relaxedSpans(limit: 12, floor: 0, fromTop: tight.fromTop, fromBottom: tight.fromBottom)
            #expect(farthest(free.steps) > reliefLimit)
            let bounded = constraints.relaxedSpans(limit: 12, floor: 0, reliefLimit: reliefLimit, fromTop: tight.fromTop,
                                                   fromBottom: tight.fromBottom)
            #expect(!bounded.steps.isEmpty && bounded.heights.last! < bounded.heights[0])
            #expect(farthest(bounded.steps) <= reliefLimit + 1e-9)
        }
    }
}
