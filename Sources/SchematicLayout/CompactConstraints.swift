import Dispatch

/// The compact placement's inputs on flat buffers, and the longest paths of its constraint
/// graph (steps 1 and 2 of `CompactPlacement`).
///
/// Items are global items in section order; `group` merges only children into their parent's
/// group. Every loop reads the buffers through plain pointers.
final class CompactConstraints {
    let count: Int
    let sectionCount: Int
    let padding: Double
    /// A copy of the columns' section starts.
    let sectionStarts: PlacementBuffer<Int32>
    /// The columns' arrays and the item heights, borrowed (see `with`), not copied: a big
    /// tree's memory.
    let childStarts: BorrowedValues<Int32>
    let parentOfItem: BorrowedValues<Int32>
    let heights: BorrowedValues<Double>
    /// Per item, `separation(item - 1, item)` when the item is not first in its column, else 0.
    let separationBefore: PlacementBuffer<Double>
    /// Per item: 1 if first in its column, 2 if last (both: 3).
    let columnEnds: PlacementBuffer<UInt8>
    /// Per item, its group: itself, or the group of the parent whose only child it is.
    let group: PlacementBuffer<Int32>

    /// Runs `body` with the constraints of `sections` (at least one item) and `itemHeights`.
    /// The constraints borrow those arrays, so they must not outlive `body`.
    static func with<Result>(sections: PlacementColumns, heights itemHeights: [Double], padding: Double,
                             _ body: (CompactConstraints) throws -> Result) rethrows -> Result {
        precondition(sections.numberOfItems > 0 && itemHeights.count == sections.numberOfItems)
        return try sections.childStarts.withUnsafeBufferPointer { childStarts in
            try sections.parentOfItem.withUnsafeBufferPointer { parentOfItem in
                try itemHeights.withUnsafeBufferPointer { heights in
                    try body(CompactConstraints(sections: sections, childStarts: BorrowedValues(childStarts),
                                            parentOfItem: BorrowedValues(parentOfItem), heights: BorrowedValues(heights), padding: padding))
                }
            }
        }
    }

    private init(sections: PlacementColumns, childStarts: BorrowedValues<Int32>, parentOfItem: BorrowedValues<Int32>,
                 heights: BorrowedValues<Double>, padding: Double) {
        count = sections.numberOfItems
        sectionCount = sections.numberOfSections
        self.padding = padding
        sectionStarts = sections.sectionStarts.withUnsafeBufferPointer { PlacementBuffer($0) }
        self.childStarts = childStarts
        self.parentOfItem = parentOfItem
        self.heights = heights
        separationBefore = PlacementBuffer(repeating: 0, count: count)
        columnEnds = PlacementBuffer(repeating: 0, count: count)
        group = PlacementBuffer(repeating: 0, count: count)
        let starts = sectionStarts.base, h = heights.base, before = separationBefore.base, ends = columnEnds.base
        for section in 0..<sectionCount {
            let first = Int(starts[section]), end = Int(starts[section + 1])
            guard first < end else { continue }
            ends[first] |= 1
            ends[end - 1] |= 2
            for item in first + 1 ..< end { before[item] = (h[item - 1] + h[item]) / 2 + padding }
        }
        resetGroups()
    }

    /// Whether `group` is as `resetGroups` leaves it (no only child released).
    var groupsAreReset = false

    /// An only child shares its parent's centre: it joins its parent's group (parents come
    /// first in global order, so one pass assigns every group).
    func resetGroups() {
        groupsAreReset = true
        let g = group.base, parents = parentOfItem.base, children = childStarts.base
        for item in 0..<count {
            g[item] = Int32(item)
            let parent = Int(parents[item])
            if parent >= 0 && children[parent + 1] - children[parent] == 1 { g[item] = g[parent] }
        }
    }

    @inline(__always) func isFirstInSection(_ item: Int) -> Bool { columnEnds.base[item] & 1 != 0 }
    @inline(__always) func isLastInSection(_ item: Int) -> Bool { columnEnds.base[item] & 2 != 0 }

    /// The items in an order that every constraint follows, so that longest paths need no
    /// graph: in-order, each item after its first child's subtree and before its other
    /// children's (roots in order). A column's items keep their order in it, a parent comes
    /// after its first child and before its last, and an only-child chain comes where its
    /// deepest item does (every constraint into the chain starts before that, every one out of
    /// it ends after). Read backwards, it is an order of the mirrored constraints. Made once.
    private(set) lazy var topologicalOrder: PlacementBuffer<Int32> = {
        let order = PlacementBuffer<Int32>(repeating: 0, count: count)
        let children = childStarts.base, starts = sectionStarts.base
        // Depth-first with an explicit stack (a path from a root: at most one item a column).
        let nodes = PlacementBuffer<Int32>(repeating: 0, count: sectionCount + 1)
        let nexts = PlacementBuffer<Int32>(repeating: 0, count: sectionCount + 1)
        let node = nodes.base, next = nexts.base
        var emitted = 0
        for root in 0..<Int(starts[1]) {
            node[0] = Int32(root)
            next[0] = children[root]
            var depth = 1
            while depth > 0 {
                let top = depth - 1, item = Int(node[top]), child = next[top]
                if child < children[item + 1] {
                    next[top] = child + 1
                    node[depth] = child
                    next[depth] = children[Int(child)]
                    depth += 1
                    continue
                }
                // The item's subtree is done: a leaf comes now, a parent once its first child's
                // subtree is done.
                if children[item] == children[item + 1] {
                    order[emitted] = Int32(item)
                    emitted += 1
                }
                depth -= 1
                if depth > 0, children[Int(node[depth - 1])] == Int32(item) {
                    order[emitted] = node[depth - 1]
                    emitted += 1
                }
            }
        }
        return order
    }()

    /// How far each parent may lie beyond its first child (`above`) or its last (`below`).
    final class Slack {
        let above: PlacementBuffer<Double>
        let below: PlacementBuffer<Double>
        /// Whether this is `none`, which has no buffers to read.
        let isNone: Bool
        init(count: Int) {
            above = PlacementBuffer(repeating: 0, count: count)
            below = PlacementBuffer(repeating: 0, count: count)
            isNone = false
        }
        /// No slack for any parent, without a value per item (a big tree's memory).
        private init() {
            above = PlacementBuffer(repeating: 0, count: 0)
            below = PlacementBuffer(repeating: 0, count: 0)
            isNone = true
        }
        static func none() -> Slack { Slack() }
        /// Whether no parent may leave its span.
        var isZero: Bool {
            for item in 0..<above.count where above.base[item] != 0 || below.base[item] != 0 { return false }
            return true
        }
    }

    /// Lowest centres per item under the given slack, from the top (`fromTop`) and on the
    /// mirrored tree (`fromBottom`): longest paths along the constraints, each group taking
    /// the longest of its incoming constraints in `topologicalOrder` (from the bottom, in it
    /// backwards). The two are independent: a big tree's are found on two cores at once.
    func lowest(slack: Slack) -> (fromTop: PlacementBuffer<Double>, fromBottom: PlacementBuffer<Double>) {
        let fromTop = PlacementBuffer<Double>(repeating: 0, count: count)
        let fromBottom = PlacementBuffer<Double>(repeating: 0, count: count)
        _ = topologicalOrder  // made before the threads share it
        if count < Self.parallelItems {
            longestPaths(into: fromTop.base, slack: slack, mirrored: false)
            longestPaths(into: fromBottom.base, slack: slack, mirrored: true)
        } else {
            // Each direction reads only what both share and writes only its own buffer.
            nonisolated(unsafe) let constraints = self, slack = slack, fromTop = fromTop, fromBottom = fromBottom
            DispatchQueue.concurrentPerform(iterations: 2) { direction in
                if direction == 0 {
                    constraints.longestPaths(into: fromTop.base, slack: slack, mirrored: false)
                } else {
                    constraints.longestPaths(into: fromBottom.base, slack: slack, mirrored: true)
                }
            }
        }
        return (fromTop, fromBottom)
    }

    /// From this many items `lowest` uses two threads (below, starting them costs more than it saves).
    static let parallelItems = 20_000

    /// One direction of `lowest`. A neighbour constraint weighs its separation; a span
    /// constraint nothing, less its relief.
    private func longestPaths(into value: UnsafeMutablePointer<Double>, slack: Slack, mirrored: Bool) {
        if mirrored { longestPaths(value, slack, mirrored: true) } else { longestPaths(value, slack, mirrored: false) }
    }

    @inline(__always)
    private func longestPaths(_ value: UnsafeMutablePointer<Double>, _ slack: Slack, mirrored: Bool) {
        let g = group.base, h = heights.base, before = separationBefore.base, ends = columnEnds.base
        let children = childStarts.base, parents = parentOfItem.base
        let above = slack.above.base, below = slack.below.base, hasSlack = !slack.isNone
        let order = topologicalOrder.base
        // From the top: after the item above in the column, under the first child (a parent of
        // several), and after the parent (the last of several children). Mirrored: before the
        // item below, over the last child, before the parent (the first of several children).
        let neighbourEnd: UInt8 = mirrored ? 2 : 1, step = mirrored ? 1 : -1
        for index in 0..<count {
            let last = Int(order[mirrored ? count - 1 - index : index])
            // A group comes where its deepest item does: skip the items it goes on below.
            let onlyChild = Int(children[last])
            if children[last + 1] - children[last] == 1 && g[onlyChild] == g[last] { continue }
            let node = Int(g[last])
            var longest = 0.0
            var item = node
            while true {
                longest = max(longest, padding / 2 + h[item] / 2)
                if ends[item] & neighbourEnd == 0 {
                    let neighbour = item + step
                    longest = max(longest, value[Int(g[neighbour])] + before[mirrored ? neighbour : item] - 0)
                }
                let first = Int(children[item]), end = Int(children[item + 1])
                if end - first >= 2 {
                    let relief = hasSlack ? (mirrored ? below[item] : above[item]) : 0
                    longest = max(longest, value[Int(g[mirrored ? end - 1 : first])] + 0 - relief)
                }
                let parent = Int(parents[item])
                if parent >= 0 && children[parent + 1] - children[parent] >= 2
                    && item == (mirrored ? Int(children[parent]) : Int(children[parent + 1]) - 1) {
                    let relief = hasSlack ? (mirrored ? above[parent] : below[parent]) : 0
                    longest = max(longest, value[Int(g[parent])] + 0 - relief)
                }
                if item == last { break }
                item = first
            }
            value[node] = longest
        }
        // In place: a group's first item comes before its other items and keeps its value.
        for item in 0..<count { value[item] = value[Int(g[item])] }
    }

    /// The height lowest centres take.
    func extent(_ low: PlacementBuffer<Double>) -> Double {
        let l = low.base, h = heights.base
        var height = 0.0
        for item in 0..<count { height = max(height, l[item] + h[item] / 2 + padding / 2) }
        return height
    }
}
