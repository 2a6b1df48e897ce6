import Dispatch
import Hierarchy

/// Placement along the columns that is short, with parents inside their children's span and
/// centred on them as far as that height allows.
///
/// Centres `c` obey difference constraints only: in a column, `c[next] ≥ c[item] + separation`;
/// a parent lies between its first and last child, `c[first] ≤ c[parent] ≤ c[last]` (an only
/// child shares its parent's centre); every box lies inside `[0, height]`. So:
/// 1. The lowest feasible centres are longest paths in the constraint graph (single-child
///    chains merged into one node), found in O(n) in a topological order read off the tree
///    (`CompactConstraints.topologicalOrder`), without building the graph; they give the
///    tight height. The same on the mirrored tree gives the highest centres at that height.
/// 2. A lower target height (down to the stacked columns') is reached by critical-path slack:
///    only the span constraints, and only-child alignments, on chains of constraints taller
///    than the target give way, each by its chains' excess. The target is the least (by a
///    bisection of a few placements) whose placement still reads: at most one parent in fifty
///    outside its span, mean offset at most half a column's pitch. Otherwise the tight height.
/// 3. The lowest and highest centres are both feasible and the feasible set is convex, so their
///    average is a feasible start (Brandes and Köpf balance extreme layouts the same way).
/// 4. Sweeps then centre: each column, with its neighbours fixed, is an isotonic regression in
///    `z = c - cumulative separation`, now with bounds from the neighbouring columns; the
///    bounds are made monotone (a running max from the top, min from the bottom), so pooling
///    adjacent violators and clamping solves it exactly and keeps every constraint. Left to
///    right, children wish to sit as a block centred on their parent; right to left, parents
///    wish to sit at the middle of their children. A fixed number of sweeps keeps it O(n);
///    beyond 50,000 items three (the sweeps never settle, but parents gain little after three).
/// Everything is iterative and on flat arrays.
enum CompactPlacement {
    /// Per item, where its members begin and end along the column, from its own centre: 0 for
    /// an item, the middles of a wrapped block's first and last rows, so that a parent is
    /// centred on what the reader sees of its children (from the first box to the last), not
    /// on a block's middle. Kept only for the items with members (a big tree has few blocks:
    /// no two values for every item).
    struct MemberEnds {
        /// The items with members, ascending, and their members' ends.
        private(set) var items: [Int32] = []
        private(set) var first: [Double] = []
        private(set) var last: [Double] = []

        init() {}

        /// Adds an item after those added so far.
        mutating func append(item: Int, first: Double, last: Double) {
            precondition(items.last.map { Int($0) < item } ?? true, "member ends in item order")
            items.append(Int32(item))
            self.first.append(first)
            self.last.append(last)
        }

        /// An item's ends (both 0 for an item without members), by binary search.
        func ends(of item: Int) -> (first: Double, last: Double) {
            var low = 0, high = items.count
            while low < high {
                let middle = (low + high) / 2
                if Int(items[middle]) < item { low = middle + 1 } else { high = middle }
            }
            return low < items.count && Int(items[low]) == item ? (first[low], last[low]) : (0, 0)
        }
    }

    /// The centre of every global item (nil is kept for callers that fall back to the tidy
    /// tree, but a tree's constraints always have an order, so it is not returned). Items marked in
    /// `standIns` (an overhanging block's stand-ins, each an only child) always keep their
    /// parent's centre and are not counted as children when judging how a placement reads.
    static func centers(of sections: PlacementColumns, heights: [Double], padding: Double, sweeps: Int = 12,
                        standIns: [Bool] = [], memberEnds: MemberEnds? = nil) -> [Double]? {
        guard sections.numberOfItems > 0 else { return [] }
        return CompactConstraints.with(sections: sections, heights: heights, padding: padding) { constraints in
            centers(constraints, padding: padding, sweeps: sweeps, standIns: standIns, memberEnds: memberEnds)
        }
    }

    /// `centers(of:…)` with the constraints made (they borrow the caller's arrays).
    private static func centers(_ constraints: CompactConstraints, padding: Double, sweeps: Int, standIns: [Bool],
                                memberEnds: MemberEnds?) -> [Double]? {
        let count = constraints.count
        func isStandIn(_ item: Int) -> Bool { !standIns.isEmpty && standIns[item] }
        let sectionCount = constraints.sectionCount
        let sweeps = sweepCount(count: count, requested: sweeps)
        let starts = constraints.sectionStarts.base, children = constraints.childStarts.base
        let parents = constraints.parentOfItem.base, h = constraints.heights.base
        let before = constraints.separationBefore.base, group = constraints.group.base

        // Heights: the stacked columns' (the least any placement has) and, with every parent
        // inside its span and only children aligned, the longest chains of constraints from the
        // top and from the bottom, to each item.
        var stackedHeight = 0.0
        for section in 0..<sectionCount {
            var stack = 0.0
            for item in Int(starts[section])..<Int(starts[section + 1]) { stack += h[item] + padding }
            stackedHeight = max(stackedHeight, stack)
        }
        // What every placement shares: the constraints' order and the sweeps' offsets, made
        // once (a big tree's on two cores at once: they are independent).
        let offsets: CompactSweeps.Offsets
        if count < CompactConstraints.parallelItems {
            offsets = CompactSweeps.Offsets(constraints, memberEnds: memberEnds)
        } else {
            nonisolated(unsafe) let shared = constraints
            nonisolated(unsafe) var made: CompactSweeps.Offsets?
            DispatchQueue.concurrentPerform(iterations: 2) { task in
                if task == 0 { _ = shared.topologicalOrder } else { made = CompactSweeps.Offsets(shared, memberEnds: memberEnds) }
            }
            offsets = made!
        }
        let noSlack = CompactConstraints.Slack.none()
        // Optional, so that a tree placed at the tight height frees them before the sweeps.
        var fromTop: PlacementBuffer<Double>?, fromBottom: PlacementBuffer<Double>?
        (fromTop, fromBottom) = constraints.lowest(slack: noSlack)
        let tightHeight = constraints.extent(fromTop!)
        let steps = tightHeight > stackedHeight + 0.5 ? targetSteps(count: count) : 0
        // Read only when lower targets are tried, which keep both buffers to the end.
        // (No strong reference here, which would keep them.)
        let top = fromTop!.base, bottom = fromBottom!.base
        // Per item, the longest chain into its own centre from the top through its own
        // constraints (not those of the rest of its group), and out of it to the bottom.
        // (Only needed when lower targets are tried.)
        let chainCount = steps > 0 ? count : 0
        var into = [Double](repeating: 0, count: chainCount), outOf = [Double](repeating: 0, count: chainCount)
        for item in 0..<chainCount {
            var intoItem = padding / 2 + h[item] / 2, outOfItem = intoItem
            if !constraints.isFirstInSection(item) { intoItem = max(intoItem, top[item - 1] + before[item]) }
            if !constraints.isLastInSection(item) { outOfItem = max(outOfItem, bottom[item + 1] + before[item + 1]) }
            let first = Int(children[item]), last = Int(children[item + 1])
            if last - first >= 2 {
                intoItem = max(intoItem, top[first])
                outOfItem = max(outOfItem, bottom[last - 1])
            }
            let parent = Int(parents[item])
            if parent >= 0 {
                let firstSibling = Int(children[parent]), lastSibling = Int(children[parent + 1])
                if lastSibling - firstSibling >= 2 && item == lastSibling - 1 { intoItem = max(intoItem, top[parent]) }
                if lastSibling - firstSibling >= 2 && item == firstSibling { outOfItem = max(outOfItem, bottom[parent]) }
            }
            into[item] = intoItem
            outOf[item] = outOfItem
        }
        // Along each chain of only children: the most of those over the item and its aligned
        // ancestors (parents come first in global order), and over it and its aligned descendants.
        var intoAbove = into, outOfAbove = outOf, intoBelow = into, outOfBelow = outOf
        for item in 0..<chainCount where group[item] != Int32(item) {
            let parent = Int(parents[item])
            intoAbove[item] = max(intoAbove[item], intoAbove[parent])
            outOfAbove[item] = max(outOfAbove[item], outOfAbove[parent])
        }
        for item in stride(from: chainCount - 1, through: 0, by: -1) where group[item] != Int32(item) {
            let parent = Int(parents[item])
            intoBelow[parent] = max(intoBelow[parent], intoBelow[item])
            outOfBelow[parent] = max(outOfBelow[parent], outOfBelow[item])
        }

        /// Critical-path slack for a target height (at least the stacked one): a parent may
        /// leave its span only by as much as the chains through that constraint exceed the
        /// target, and an only child leaves its parent's line only when a chain through the two
        /// does. Every chain taller than the target then fits: it runs through a span constraint
        /// whose relief is at least its excess, or between two aligned items, now apart.
        /// Parents on no critical chain stay inside their span.
        func criticalSlack(height: Double) -> CompactConstraints.Slack {
            let slack = CompactConstraints.Slack(count: count)
            let above = slack.above.base, below = slack.below.base
            for item in 0..<count {
                let first = Int(children[item]), last = Int(children[item + 1])
                if last - first >= 2 {
                    above[item] = max(0, top[first] + bottom[item] - height)
                    below[item] = max(0, top[item] + bottom[last - 1] - height)
                } else if last - first == 1 && !isStandIn(first) {
                    if max(intoAbove[item] + outOfBelow[first], intoBelow[first] + outOfAbove[item]) > height + 0.5 {
                        above[item] = .infinity
                        below[item] = .infinity
                    }
                }
            }
            return slack
        }

        /// The balanced start at one slack (the average of the lowest and highest centres), and
        /// its height budget.
        func start(height: Double, slack: CompactConstraints.Slack) -> (centers: [Double], budget: Double)? {
            // Released only children leave their parent's group.
            var regrouped = false
            // Without slack the groups are the reset ones: nothing to redo if they still are.
            if !slack.isNone || !constraints.groupsAreReset {
                constraints.resetGroups()
                let above = slack.above.base, hasSlack = !slack.isNone
                for item in 0..<count where group[item] != Int32(item) {
                    let parent = Int(parents[item])
                    if hasSlack && above[parent] > 0 { group[item] = Int32(item); regrouped = true } else { group[item] = group[parent] }
                }
                constraints.groupsAreReset = !regrouped
            }
            let isTight = !regrouped && slack.isZero
            let low: PlacementBuffer<Double>, mirroredLow: PlacementBuffer<Double>
            if isTight {
                low = fromTop!
                mirroredLow = fromBottom!
            } else {
                (low, mirroredLow) = constraints.lowest(slack: slack)
            }
            // (The tight lowest centres' extent is the tight height, found once.)
            let budget = max(height, isTight ? tightHeight : constraints.extent(low))
            var centers = [Double](repeating: 0, count: count)
            centers.withUnsafeMutableBufferPointer { centers in
                let c = centers.baseAddress!, l = low.base, m = mirroredLow.base
                for item in 0..<count {
                    let high = max(l[item], budget - m[item])
                    c[item] = (l[item] + high) / 2
                }
            }
            return (centers, budget)
        }

        /// The placement at one slack: the balanced start, then the centring sweeps.
        func placed(height: Double, slack: CompactConstraints.Slack, sweeps sweepsHere: Int = sweeps) -> [Double]? {
            guard case (var centers, let budget)? = start(height: height, slack: slack) else { return nil }
            // Without lower targets, the tight lowest and highest centres are not read again:
            // freed before the sweeps (a big tree's peak memory).
            if steps == 0 { fromTop = nil; fromBottom = nil }
            centers.withUnsafeMutableBufferPointer { centers in
                CompactSweeps(constraints, offsets: offsets, slack: slack, budget: budget).run(centers.baseAddress!, sweeps: sweepsHere)
            }
            return centers
        }

        /// How a placement reads: parents beyond their children's span, and the mean distance
        /// of parents from their children's middle.
        func reading(_ centers: [Double]) -> (outside: Int, meanOffset: Double) {
            let c = centers
            var outside = 0, parentCount = 0, total = 0.0
            for item in 0..<count {
                let firstChild = Int(children[item]), lastChild = Int(children[item + 1])
                guard firstChild < lastChild, !isStandIn(firstChild) else { continue }
                var first = c[firstChild], last = c[lastChild - 1]
                // (Adding the zero ends of children without members would change nothing.)
                if let ends = offsets.childEnds(ofParent: item) {
                    first += ends.first
                    last += ends.last
                }
                total += abs(c[item] - (first + last) / 2)
                parentCount += 1
                if c[item] < first - 1 || c[item] > last + 1 { outside += 1 }
            }
            return (outside, parentCount == 0 ? 0 : total / Double(parentCount))
        }

        // The target height: the least, from the stacked height up to the tight one, whose
        // placement keeps almost every parent within its span and parents near their
        // children's middle on average (bisection over a few fractions of the way).
        guard steps > 0 else { return placed(height: tightHeight, slack: noSlack) }
        var parentCount = 0
        for item in 0..<count where children[item + 1] > children[item] && !isStandIn(Int(children[item])) { parentCount += 1 }
        var pitch = 0.0, pitched = 0
        for item in 0..<count where !isStandIn(item) { pitch += h[item] + padding; pitched += 1 }
        pitch /= Double(max(1, pitched))
        let limits = readingLimits(parents: parentCount, pitch: pitch)
        // Candidates are judged after `trialSweeps` sweeps (how a placement reads is settled by
        // then); only the chosen one gets them all.
        var chosen = (height: tightHeight, slack: noSlack)
        var low = 0.0, high = 1.0
        for _ in 0..<steps {
            let middle = (low + high) / 2
            let target = stackedHeight + middle * (tightHeight - stackedHeight)
            let slack = criticalSlack(height: target)
            guard let candidate = placed(height: target, slack: slack, sweeps: min(sweeps, trialSweeps)) else { return nil }
            let read = reading(candidate)
            if read.outside <= limits.outside && read.meanOffset <= limits.meanOffset {
                chosen = (target, slack)
                high = middle
            } else {
                low = middle
            }
        }
        return placed(height: chosen.height, slack: chosen.slack)
    }

    /// Centring sweeps: as requested, but at most three beyond 50,000 items (as for
    /// `targetSteps`). Big random trees read almost as well after three as after twelve (mean
    /// parent offset 24.05 px against 23.83 at 1,000,000 nodes; 20.48 against 20.26 at 100,000),
    /// and each sweep costs as much as the rest of the placement.
    static func sweepCount(count: Int, requested: Int) -> Int { count <= 50_000 ? requested : min(requested, 3) }

    /// Centring sweeps of the placements the bisection only judges.
    static let trialSweeps = 3

    /// Bisection steps over the target height (each one placement).
    /// Trees beyond 50,000 items take the tight placement only: one placement, as fast as can be.
    static func targetSteps(count: Int) -> Int { count <= 50_000 ? 6 : 0 }

    /// The most parents outside their span, and the largest mean offset, a placement may have.
    /// One parent in fifty (at least one) and half the mean pitch of a column: less than
    /// Graphviz's dot allows itself on the real trees of `samples/real`.
    static func readingLimits(parents: Int, pitch: Double) -> (outside: Int, meanOffset: Double) {
        (max(1, parents / 50), pitch / 2)
    }
}
