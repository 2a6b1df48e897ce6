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
    /// backwards). A neighbour constraint weighs its separation; a span constraint nothing,
    /// less its relief.
    func lowest(slack: Slack) -> (fromTop: PlacementBuffer<Double>, fromBottom: PlacementBuffer<Double>) {
        let g = group.base, h = heights.base, before = separationBefore.base, ends = columnEnds.base
        let children = childStarts.base, parents = parentOfItem.base
        let above = slack.above.base, below = slack.below.base, hasSlack = !slack.isNone
        let order = topologicalOrder.base
        // Per group (indexed by its first item), then per item: the results.
        let fromTop = PlacementBuffer<Double>(repeating: 0, count: count)
        let fromBottom = PlacementBuffer<Double>(repeating: 0, count: count)
        let top = fromTop.base, bottom = fromBottom.base
        /// Whether the item's group goes on to its only child (so the group comes later in the order).
        @inline(__always) func continues(_ item: Int) -> Bool {
            let first = Int(children[item])
            return children[item + 1] - children[item] == 1 && g[first] == g[item]
        }
        for position in 0..<count {
            let last = Int(order[position])
            guard !continues(last) else { continue }
            let node = Int(g[last])
            var value = 0.0
            var item = node
            while true {
                value = max(value, padding / 2 + h[item] / 2)
                if ends[item] & 1 == 0 { value = max(value, top[Int(g[item - 1])] + before[item] - 0) }
                let first = Int(children[item]), end = Int(children[item + 1])
                if end - first >= 2 { value = max(value, top[Int(g[first])] + 0 - (hasSlack ? above[item] : 0)) }
                let parent = Int(parents[item])
                if parent >= 0 && children[parent + 1] - children[parent] >= 2 && Int(children[parent + 1]) - 1 == item {
                    value = max(value, top[Int(g[parent])] + 0 - (hasSlack ? below[parent] : 0))
                }
                if item == last { break }
                item = first
            }
            top[node] = value
        }
        for position in stride(from: count - 1, through: 0, by: -1) {
            let last = Int(order[position])
            guard !continues(last) else { continue }
            let node = Int(g[last])
            var value = 0.0
            var item = node
            while true {
                value = max(value, padding / 2 + h[item] / 2)
                if ends[item] & 2 == 0 { value = max(value, bottom[Int(g[item + 1])] + before[item + 1] - 0) }
                let first = Int(children[item]), end = Int(children[item + 1])
                if end - first >= 2 { value = max(value, bottom[Int(g[end - 1])] + 0 - (hasSlack ? below[item] : 0)) }
                let parent = Int(parents[item])
                if parent >= 0 && children[parent + 1] - children[parent] >= 2 && children[parent] == Int32(item) {
                    value = max(value, bottom[Int(g[parent])] + 0 - (hasSlack ? above[parent] : 0))
                }
                if item == last { break }
                item = first
            }
            bottom[node] = value
        }
        // In place: a group's first item comes before its other items and keeps its value.
        for item in 0..<count {
            top[item] = top[Int(g[item])]
            bottom[item] = bottom[Int(g[item])]
        }
        return (fromTop, fromBottom)
    }

    /// The height lowest centres take.
    func extent(_ low: PlacementBuffer<Double>) -> Double {
        let l = low.base, h = heights.base
        var height = 0.0
        for item in 0..<count { height = max(height, l[item] + h[item] / 2 + padding / 2) }
        return height
    }
}
