/// The compact placement's inputs on flat buffers, and its constraint graphs with their
/// longest paths (steps 1 and 2 of `CompactPlacement`).
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

    /// The constraint graph from the top: edges between groups in adjacency form by source,
    /// in the order the items give them. (From the bottom it is the same graph reversed: its
    /// longest paths are pulled along these edges, see `lowest`.) A span edge carries the parent it bounds and which side: the parent above its
    /// first child, or below its last; a neighbour edge, the item whose `separationBefore` is
    /// its weight (so no weight is stored: a big tree's memory).
    final class Graph {
        let start: PlacementBuffer<Int32>
        let target: PlacementBuffer<Int32>
        /// Per edge: for a span edge, the parent it bounds (≥ 0); for a neighbour edge, `~item`
        /// of the item whose separation before it is the edge's weight.
        let owner: PlacementBuffer<Int32>
        let spanBelow: PlacementBuffer<Bool>
        let groups: Int

        init(_ constraints: CompactConstraints) {
            let count = constraints.count
            let g = constraints.group.base, children = constraints.childStarts.base
            let ends = constraints.columnEnds.base
            // Edges per source, then their slots: the same order as one pass over the items.
            start = PlacementBuffer(repeating: 0, count: count + 1)
            let s = start.base
            for item in 0..<count {
                if ends[item] & 1 == 0 { s[Int(g[item - 1]) + 1] += 1 }
                let first = Int(children[item]), end = Int(children[item + 1])
                if end - first >= 2 {
                    s[Int(g[first]) + 1] += 1
                    s[Int(g[item]) + 1] += 1
                }
            }
            for node in 0..<count { s[node + 1] += s[node] }
            let edges = Int(s[count])
            target = PlacementBuffer(repeating: 0, count: edges)
            owner = PlacementBuffer(repeating: 0, count: edges)
            spanBelow = PlacementBuffer(repeating: false, count: edges)
            let fill = PlacementBuffer<Int32>(s, count: count)
            let f = fill.base, t = target.base, owners = owner.base, below = spanBelow.base
            for item in 0..<count {
                if ends[item] & 1 == 0 {
                    let slot = Int(f[Int(g[item - 1])])
                    t[slot] = g[item]
                    owners[slot] = ~Int32(item)
                    f[Int(g[item - 1])] += 1
                }
                let first = Int(children[item]), end = Int(children[item + 1])
                if end - first >= 2 {
                    // `first → parent` bounds the parent above its first child and
                    // `parent → last` below its last.
                    var slot = Int(f[Int(g[first])])
                    t[slot] = g[item]; owners[slot] = Int32(item); below[slot] = false
                    f[Int(g[first])] += 1
                    slot = Int(f[Int(g[item])])
                    t[slot] = g[end - 1]; owners[slot] = Int32(item); below[slot] = true
                    f[Int(g[item])] += 1
                }
            }
            var groups = 0
            for node in 0..<count where g[node] == Int32(node) { groups += 1 }
            self.groups = groups
        }
    }

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
    /// mirrored tree (`fromBottom`): longest paths in Kahn's topological order; nil if the
    /// graph has a cycle. The mirrored graph is this one reversed, with each edge's weight and
    /// relief, so its longest paths follow the same order backwards, each group pulling from
    /// its out-edges here: no second graph, no second sort.
    func lowest(_ graph: Graph, slack: Slack) -> (fromTop: PlacementBuffer<Double>, fromBottom: PlacementBuffer<Double>)? {
        let g = group.base, h = heights.base, before = separationBefore.base
        let start = graph.start.base, targets = graph.target.base
        let owners = graph.owner.base, belows = graph.spanBelow.base
        let above = slack.above.base, below = slack.below.base, hasSlack = !slack.isNone
        let edges = graph.target.count
        let indegreeBuffer = PlacementBuffer<Int32>(repeating: 0, count: count)
        let indegree = indegreeBuffer.base
        for edge in 0..<edges { indegree[Int(targets[edge])] += 1 }
        /// An edge's length: a neighbour edge weighs its separation; a span edge nothing, less
        /// its relief.
        @inline(__always) func length(from: Double, _ slot: Int) -> Double {
            let owner = owners[slot]
            let weight = owner < 0 ? before[Int(~owner)] : 0
            let relief = owner < 0 || !hasSlack ? 0 : (belows[slot] ? below[Int(owner)] : above[Int(owner)])
            return from + weight - relief
        }
        // Per group (indexed by its first item), then per item: the results.
        let fromTop = PlacementBuffer<Double>(repeating: 0, count: count)
        let value = fromTop.base
        for item in 0..<count { value[Int(g[item])] = max(value[Int(g[item])], padding / 2 + h[item] / 2) }
        let fromBottom = PlacementBuffer<Double>(fromTop.base, count: count)
        let queueBuffer = PlacementBuffer<Int32>(repeating: 0, count: max(1, graph.groups))
        let queue = queueBuffer.base
        var tail = 0
        for node in 0..<count where g[node] == Int32(node) && indegree[node] == 0 {
            queue[tail] = Int32(node)
            tail += 1
        }
        var head = 0
        while head < tail {
            let node = Int(queue[head])
            head += 1
            let from = value[node]
            for slot in Int(start[node])..<Int(start[node + 1]) {
                let target = Int(targets[slot])
                value[target] = max(value[target], length(from: from, slot))
                indegree[target] -= 1
                if indegree[target] == 0 {
                    queue[tail] = Int32(target)
                    tail += 1
                }
            }
        }
        guard tail == graph.groups else { return nil }
        // From the bottom: a group's out-edges lead to groups later in the order, already done.
        let mirrored = fromBottom.base
        for position in stride(from: tail - 1, through: 0, by: -1) {
            let node = Int(queue[position])
            var longest = mirrored[node]
            for slot in Int(start[node])..<Int(start[node + 1]) { longest = max(longest, length(from: mirrored[Int(targets[slot])], slot)) }
            mirrored[node] = longest
        }
        // In place: a group's first item comes before its other items and keeps its value.
        for item in 0..<count {
            value[item] = value[Int(g[item])]
            mirrored[item] = mirrored[Int(g[item])]
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
