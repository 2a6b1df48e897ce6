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

    /// An only child shares its parent's centre: it joins its parent's group (parents come
    /// first in global order, so one pass assigns every group).
    func resetGroups() {
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

    /// How far each parent may lie beyond its first child (`above`) or its last (`below`). For
    /// the parent of an only child, how far the child may lie below it (`above`) or above it
    /// (`below`): the longest paths keep such a child exactly that far (`chainOffsets`), the
    /// sweeps anywhere between that and level.
    final class Slack {
        let above: PlacementBuffer<Double>
        let below: PlacementBuffer<Double>
        /// Per item of an only-child chain, its centre from the chain's head's, as the slack of
        /// the chain's parents sets it (`CompactConstraints.settleChainOffsets`); empty while
        /// no parent of an only child has slack.
        fileprivate(set) var chainOffsets: PlacementBuffer<Double>
        /// Whether this is `none`, which has no buffers to read.
        let isNone: Bool
        init(count: Int) {
            above = PlacementBuffer(repeating: 0, count: count)
            below = PlacementBuffer(repeating: 0, count: count)
            chainOffsets = PlacementBuffer(repeating: 0, count: 0)
            isNone = false
        }
        /// No slack for any parent, without a value per item (a big tree's memory).
        private init() {
            above = PlacementBuffer(repeating: 0, count: 0)
            below = PlacementBuffer(repeating: 0, count: 0)
            chainOffsets = PlacementBuffer(repeating: 0, count: 0)
            isNone = true
        }
        /// Whether some only child is held off its parent's level.
        var bendsChains: Bool { chainOffsets.count > 0 }
        static func none() -> Slack { Slack() }
        /// Whether no parent may leave its span.
        var isZero: Bool {
            for item in 0..<above.count where above.base[item] != 0 || below.base[item] != 0 { return false }
            return true
        }
    }

    /// Sets `slack.chainOffsets` from the slack of the parents of only children: each chain
    /// member's centre from its head's, down the chain (parents come first in global order).
    /// O(n), and nothing where no such parent has slack.
    func settleChainOffsets(_ slack: Slack) {
        guard !slack.isNone else { return }
        let children = childStarts.base, parents = parentOfItem.base, g = group.base
        let above = slack.above.base, below = slack.below.base
        var bends = false
        for item in 0..<count where children[item + 1] - children[item] == 1 && (above[item] != 0 || below[item] != 0) {
            bends = true
            break
        }
        guard bends else {
            if slack.chainOffsets.count > 0 { slack.chainOffsets = PlacementBuffer(repeating: 0, count: 0) }
            return
        }
        if slack.chainOffsets.count != count { slack.chainOffsets = PlacementBuffer(repeating: 0, count: count) }
        let offset = slack.chainOffsets.base
        for item in 0..<count {
            let parent = Int(parents[item])
            offset[item] = parent >= 0 && g[item] == g[parent] ? offset[parent] + above[parent] - below[parent] : 0
        }
    }

    /// `settleChainOffsets` where only the slack of `parent`, an only child's parent, changed:
    /// the offsets of its chain below it, O(its length). Once there are offsets they stay
    /// (zero where nothing bends): the longest paths come out the same.
    func settleChainOffsets(_ slack: Slack, below parent: Int) {
        if slack.chainOffsets.count != count { slack.chainOffsets = PlacementBuffer(repeating: 0, count: count) }
        let children = childStarts.base, g = group.base, offset = slack.chainOffsets.base
        let above = slack.above.base, below = slack.below.base
        var upper = parent
        while children[upper + 1] - children[upper] == 1 {
            let child = Int(children[upper])
            guard g[child] == g[upper] else { break }
            offset[child] = offset[upper] + above[upper] - below[upper]
            upper = child
        }
    }

    /// Lowest centres per item under the given slack, from the top (`fromTop`) and on the
    /// mirrored tree (`fromBottom`): longest paths along the constraints, each group taking
    /// the longest of its incoming constraints in `topologicalOrder` (from the bottom, in it
    /// backwards). The two are independent: a big tree's are found on two cores at once.
    func lowest(slack: Slack) -> (fromTop: PlacementBuffer<Double>, fromBottom: PlacementBuffer<Double>) {
        let fromTop = PlacementBuffer<Double>(repeating: 0, count: count)
        let fromBottom = PlacementBuffer<Double>(repeating: 0, count: count)
        update(fromTop, fromBottom, fromTop: 0, fromBottom: 0, slack: slack)
        return (fromTop, fromBottom)
    }

    /// `lowest` again, in place, where only constraints into groups from `fromTop` on in
    /// `topologicalOrder` (from the top) and from `fromBottom` on in it backwards (from the
    /// bottom) changed: the groups before keep their values. The same values as `lowest`.
    func update(_ top: PlacementBuffer<Double>, _ bottom: PlacementBuffer<Double>, fromTop: Int, fromBottom: Int, slack: Slack) {
        _ = topologicalOrder  // made before the threads share it
        if count < Self.parallelItems {
            longestPaths(top.base, slack, mirrored: false, from: fromTop)
            longestPaths(bottom.base, slack, mirrored: true, from: fromBottom)
        } else {
            // Each direction reads only what both share and writes only its own buffer.
            nonisolated(unsafe) let constraints = self, slack = slack, top = top, bottom = bottom
            DispatchQueue.concurrentPerform(iterations: 2) { direction in
                if direction == 0 {
                    constraints.longestPaths(top.base, slack, mirrored: false, from: fromTop)
                } else {
                    constraints.longestPaths(bottom.base, slack, mirrored: true, from: fromBottom)
                }
            }
        }
    }

    /// From this many items `lowest` uses two threads (below, starting them costs more than it saves).
    static let parallelItems = 20_000

    /// One direction of `lowest`, from `start` on in the direction's order (the groups before
    /// it already holding their values). A neighbour constraint weighs its separation; a span
    /// constraint nothing, less its relief.
    @inline(__always)
    private func longestPaths(_ value: UnsafeMutablePointer<Double>, _ slack: Slack, mirrored: Bool, from start: Int = 0) {
        let g = group.base, children = childStarts.base, order = topologicalOrder.base, inputs = pathInputs(slack)
        for index in start..<count {
            let last = Int(order[mirrored ? count - 1 - index : index])
            if Self.goesOnBelow(last, children, g) { continue }
            let node = Int(g[last])
            value[node] = longestInto(node, last: last, value, inputs, mirrored: mirrored)
        }
        // In place: a group's first item comes before its other items and keeps its value.
        if slack.bendsChains {
            let offset = slack.chainOffsets.base, sign = mirrored ? -1.0 : 1.0
            for item in 0..<count { value[item] = value[Int(g[item])] + sign * offset[item] }
        } else {
            for item in 0..<count { value[item] = value[Int(g[item])] }
        }
    }

    /// The drawing's height under `slack`, where it differs from the one `known` holds the
    /// lowest centres from the top of only in constraints into groups at `start` or later in
    /// `topologicalOrder` (the lowest centres written into `value`); or, as soon as some
    /// group's item reaches `bound`, that group's extent (no less than `bound`): the height can
    /// only be larger, so a trial that cannot win stops there (`relaxedSpans` tries several
    /// candidates a step, one of them the shortest). The same values as `longestPaths`.
    private func extent(from value: UnsafeMutablePointer<Double>, startingAt start: Int, after known: UnsafeMutablePointer<Double>,
                        slack: Slack, under bound: Double) -> Double {
        let g = group.base, children = childStarts.base, order = topologicalOrder.base, h = heights.base
        let halfPadding = padding / 2, inputs = pathInputs(slack)
        // (Groups before `start` keep their values: a group's first item holds its group's.)
        value.update(from: known, count: count)
        for index in start..<count {
            let last = Int(order[index])
            if Self.goesOnBelow(last, children, g) { continue }
            let node = Int(g[last])
            let centre = longestInto(node, last: last, value, inputs, mirrored: false)
            value[node] = centre
            // (A group's first item lies at its group's value: its own extent is one of the drawing's.)
            let reached = centre + h[node] / 2 + halfPadding
            if reached >= bound { return reached }
        }
        var height = 0.0
        if slack.bendsChains {
            let offset = slack.chainOffsets.base
            for item in 0..<count { height = max(height, value[Int(g[item])] + offset[item] + h[item] / 2 + halfPadding) }
        } else {
            for item in 0..<count { height = max(height, value[Int(g[item])] + h[item] / 2 + halfPadding) }
        }
        return height
    }

    /// What `longestInto` reads, loaded once for a pass: read through the class at every
    /// group, each buffer's address was loaded again (the chain offsets' with an exclusivity
    /// check), as writes through the values' pointer might have changed them.
    private struct PathInputs {
        let group: UnsafeMutablePointer<Int32>, children: UnsafePointer<Int32>, parents: UnsafePointer<Int32>
        let heights: UnsafePointer<Double>, before: UnsafeMutablePointer<Double>, ends: UnsafeMutablePointer<UInt8>
        let above: UnsafeMutablePointer<Double>, below: UnsafeMutablePointer<Double>, offsets: UnsafeMutablePointer<Double>
        let hasSlack: Bool, bends: Bool, halfPadding: Double
    }

    /// `longestInto`'s inputs under `slack` (valid until its chain offsets are settled again).
    private func pathInputs(_ slack: Slack) -> PathInputs {
        PathInputs(group: group.base, children: childStarts.base, parents: parentOfItem.base, heights: heights.base,
                   before: separationBefore.base, ends: columnEnds.base, above: slack.above.base, below: slack.below.base,
                   offsets: slack.chainOffsets.base, hasSlack: !slack.isNone, bends: slack.bendsChains, halfPadding: padding / 2)
    }

    /// The longest chain into one group (its first item `node`, its deepest `last`), from the
    /// values of the groups before it. A neighbour constraint weighs its separation; a span
    /// constraint nothing, less its relief.
    @inline(__always)
    private func longestInto(_ node: Int, last: Int, _ value: UnsafeMutablePointer<Double>, _ inputs: PathInputs,
                             mirrored: Bool) -> Double {
        let g = inputs.group, h = inputs.heights, before = inputs.before, ends = inputs.ends
        let children = inputs.children, parents = inputs.parents
        let above = inputs.above, below = inputs.below, hasSlack = inputs.hasSlack
        // A bent chain's members lie their offsets from its head: an item's value is its
        // group's plus its offset, and what holds a member holds the head less it.
        let bends = inputs.bends, offsets = inputs.offsets, sign = mirrored ? -1.0 : 1.0
        @inline(__always) func offset(_ item: Int) -> Double { bends ? sign * offsets[item] : 0 }
        // From the top: after the item above in the column, under the first child (a parent of
        // several), and after the parent (the last of several children). Mirrored: before the
        // item below, over the last child, before the parent (the first of several children).
        let neighbourEnd: UInt8 = mirrored ? 2 : 1, step = mirrored ? 1 : -1
        var longest = 0.0
        var item = node
        while true {
            var held = inputs.halfPadding + h[item] / 2
            if ends[item] & neighbourEnd == 0 {
                let neighbour = item + step
                held = max(held, value[Int(g[neighbour])] + offset(neighbour) + before[mirrored ? neighbour : item] - 0)
            }
            let first = Int(children[item]), end = Int(children[item + 1])
            if end - first >= 2 {
                let relief = hasSlack ? (mirrored ? below[item] : above[item]) : 0
                let child = mirrored ? end - 1 : first
                held = max(held, value[Int(g[child])] + offset(child) + 0 - relief)
            }
            let parent = Int(parents[item])
            if parent >= 0 && children[parent + 1] - children[parent] >= 2
                && item == (mirrored ? Int(children[parent]) : Int(children[parent + 1]) - 1) {
                let relief = hasSlack ? (mirrored ? above[parent] : below[parent]) : 0
                held = max(held, value[Int(g[parent])] + offset(parent) + 0 - relief)
            }
            longest = max(longest, held - offset(item))
            if item == last { break }
            item = first
        }
        return longest
    }

    /// Whether `item`'s group goes on below it (its only child is in it): a group comes in
    /// `topologicalOrder` where its deepest item does, so the passes skip the items before.
    /// (Given the child starts and groups, which a pass has loaded.)
    @inline(__always)
    private static func goesOnBelow(_ item: Int, _ children: UnsafePointer<Int32>, _ g: UnsafeMutablePointer<Int32>) -> Bool {
        children[item + 1] - children[item] == 1 && g[Int(children[item])] == g[item]
    }

    /// The deepest item of the group that `node` heads (an only-child chain's last item).
    private func deepest(_ node: Int) -> Int {
        let g = group.base, children = childStarts.base
        var item = node
        while children[item + 1] - children[item] == 1 && g[Int(children[item])] == g[item] { item = Int(children[item]) }
        return item
    }

    /// One side of a parent's span constraint, and how far it gives way: the parent may lie
    /// `relief` beyond its first child (`below` false) or its last (`below` true).
    struct SpanRelief: Equatable {
        let parent: Int32
        let below: Bool
        let relief: Double
    }

    /// Span constraints given way one step at a time, shortest drawing first. Each step looks
    /// at the span constraints on a longest chain of constraints, estimates for each how long
    /// the chains through its two ends would be without it (the other constraints into and out
    /// of them), tries the `relaxedCandidates` best estimates in full, and lets the one that
    /// shortens the drawing most give way by just what its estimate promises: its parent may go
    /// no further beyond its span than that, and never more than `reliefLimit` in all (a parent
    /// far beyond its span has its bus run beside other parents' and reads as theirs; a README's
    /// "Download" ended 538 px below its three children). At most `limit` parents give way (once they have,
    /// only their sides may give way further); it stops at `floor` (the stacked columns'
    /// height), when no span constraint on a longest chain can make it shorter, or after
    /// `relaxedWork`. Returns the steps in order and the height after each
    /// (`heights[0]` the tight one). A few such parents shorten a binary tree a lot: on a
    /// phylogeny of 359 nodes, four make it shorter than Graphviz's dot, which lets nineteen
    /// out. A chain of only children's links are candidates too, where `bendable` allows the
    /// child (`considerBending`): a bent link's child leaves its parent's level, its parent
    /// counted as freed. Where no one constraint shortens the drawing, two links bent together
    /// may (`pairedBend`: chains side by side, each holding the other's link level), taken as
    /// two steps. Each step is O(n). `afterStep` sees each step's lowest centres (found
    /// again only from the changed constraint on) and slack; `afterTrial` each candidate's
    /// height as tried (at least the bound where it stopped early), the bound, and the slack
    /// with the candidate's relief.
    func relaxedSpans(limit: Int, floor: Double, reliefLimit: Double = .infinity, fromTop tightTop: PlacementBuffer<Double>,
                      fromBottom tightBottom: PlacementBuffer<Double>,
                      bendable: (Int) -> Bool = { _ in true },
                      afterStep: ((_ fromTop: PlacementBuffer<Double>, _ fromBottom: PlacementBuffer<Double>, _ slack: Slack) -> Void)? = nil,
                      afterTrial: ((_ reached: Double, _ bound: Double, _ slack: Slack) -> Void)? = nil)
        -> (steps: [SpanRelief], heights: [Double]) {
        // (The given lowest centres are the caller's: copied before the first update.)
        var top = tightTop, bottom = tightBottom, ownsLowest = false
        var height = extent(top)
        var steps: [SpanRelief] = [], heights = [height]
        let slack = Slack(count: count)
        let above = slack.above.base, below = slack.below.base
        let g = group.base, children = childStarts.base
        var parentsFreed = 0
        let trial = PlacementBuffer<Double>(repeating: 0, count: count)
        // Where `longestPaths` finds each group in `topologicalOrder` (at its deepest item): a
        // trial finds the longest paths again from there on (`extent(from:startingAt:…)`).
        let positions = PlacementBuffer<Int32>(repeating: 0, count: count), position = positions.base
        let order = topologicalOrder.base
        for index in 0..<count {
            let last = Int(order[index])
            if Self.goesOnBelow(last, children, g) { continue }
            position[Int(g[last])] = Int32(index)
        }
        /// Where the longest paths may change when one side of `parent`'s slack does, in each
        /// direction's order: at the group its constraint goes into. From the top, the
        /// parent's (`below`: its last child's); from the bottom, the parent's (not `below`:
        /// its first child's); a link's, its chain's (its offsets).
        func changed(_ parent: Int, below isBelow: Bool) -> (fromTop: Int, fromBottom: Int) {
            let isLink = children[parent + 1] - children[parent] == 1
            let lastChild = Int(children[parent + 1]) - 1, firstChild = Int(children[parent])
            return (Int(position[Int(g[isBelow && !isLink ? lastChild : parent])]),
                    count - 1 - Int(position[Int(g[!isBelow && !isLink ? firstChild : parent])]))
        }
        // A chain's members and its parts' running maxima (`considerBending`), reused.
        // (Plain buffers as long as a chain can be: no copy-on-write or exclusivity checks.)
        let chainBuffer = PlacementBuffer<Int32>(repeating: 0, count: count), chain = chainBuffer.base
        let maxima = PlacementBuffer<Double>(repeating: 0, count: 4 * count)
        let upperTops = maxima.base, upperBottoms = upperTops + count, lowerTops = upperBottoms + count, lowerBottoms = lowerTops + count
        // Steps of a big tree are capped: at most `relaxedWork` items visited in all (a step
        // finds its longest chains both ways and tries its candidates one way).
        let stepLimit = max(8, Self.relaxedWork / (max(1, count) * (Self.relaxedCandidates + 2)))
        typealias Candidate = (parent: Int, below: Bool, estimate: Double)
        /// The constraints on a longest chain under `t` and `b` (of a drawing `height` high) that
        /// may give way, each with the height its estimate promises without it: the
        /// `relaxedCandidates` best, best first; and links held only by a chain beside theirs
        /// (`pending`, with the height they would promise without that chain, best first): one
        /// way their group's hold would ease, the other a parallel chain takes it up.
        func scan(_ t: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, height: Double, canFree: Bool)
            -> (candidates: [Candidate], pending: [Candidate]) {
            // (Read only before any trial, which may replace the chain offsets' buffer.)
            let paths = pathInputs(slack)
            var candidates: [Candidate] = [], pending: [Candidate] = []
            func consider(_ parent: Int, below isBelow: Bool, _ value: Double, into list: inout [Candidate]) {
                guard value < height - 0.5 else { return }
                guard list.count < Self.relaxedCandidates || value < list[list.count - 1].estimate else { return }
                var index = list.count
                while index > 0 && list[index - 1].estimate > value { index -= 1 }
                list.insert((parent, isBelow, value), at: index)
                if list.count > Self.relaxedCandidates { list.removeLast() }
            }
            /// The longest chain left through the constraint's two ends without it.
            func estimate(_ parent: Int, below isBelow: Bool, from upper: Int, to lower: Int) -> Double {
                let kept = isBelow ? below[parent] : above[parent]
                if isBelow { below[parent] = .infinity } else { above[parent] = .infinity }
                let into = longestInto(lower, last: deepest(lower), t, paths, mirrored: false)
                let outOf = longestInto(upper, last: deepest(upper), b, paths, mirrored: true)
                if isBelow { below[parent] = kept } else { above[parent] = kept }
                return max(into + b[lower], t[upper] + outOf)
            }
            /// Each link of the chain `head` heads, in chain order: its only child held below
            /// its parent (`above`) or above it (`below`) by as much as shortens the longest
            /// chain through their group. From the top the group is held by its lower part
            /// (`L`, from the child down) or its upper (`U`), from the bottom likewise (`L'`,
            /// `U'`); dropping the child by δ takes the group's top value to max(U, L − δ) and
            /// its bottom value to max(U', L' + δ). A part's hold is the most of its members'
            /// (`longestInto` of one member), kept as running maxima down the chain and up it:
            /// a chain costs its length, not its length squared.
            func considerBending(chainOf head: Int) {
                guard t[head] + b[head] >= height - 0.5 else { return }
                var length = 0, member = head
                while true {
                    chain[length] = Int32(member)
                    length += 1
                    let first = Int(children[member])
                    guard children[member + 1] - children[member] == 1 && g[first] == g[member] else { break }
                    member = first
                }
                var top = 0.0, bottom = 0.0
                for link in 0..<length {
                    let item = Int(chain[link])
                    top = max(top, longestInto(item, last: item, t, paths, mirrored: false))
                    bottom = max(bottom, longestInto(item, last: item, b, paths, mirrored: true))
                    upperTops[link] = top; upperBottoms[link] = bottom
                }
                top = 0; bottom = 0
                for link in 0..<length {
                    let item = Int(chain[length - 1 - link])
                    top = max(top, longestInto(item, last: item, t, paths, mirrored: false))
                    bottom = max(bottom, longestInto(item, last: item, b, paths, mirrored: true))
                    lowerTops[link] = top; lowerBottoms[link] = bottom
                }
                for link in 0..<length - 1 {
                    let parent = Int(chain[link]), child = Int(chain[link + 1])
                    guard bendable(child) else { continue }
                    let isFree = above[parent] > 0 || below[parent] > 0
                    guard canFree || isFree else { continue }
                    // (The lower part's maxima were kept from the chain's end up.)
                    let upperTop = upperTops[link], upperBottom = upperBottoms[link]
                    let lowerTop = lowerTops[length - 2 - link], lowerBottom = lowerBottoms[length - 2 - link]
                    /// The child dropped (`below` false) or raised: by as much as shortens the
                    /// chain through the group, or pending where only the other way holds it.
                    func bend(below isBelow: Bool, easing: Double, held: Double) {
                        let eased = min(easing, reliefLimit - (isBelow ? below[parent] : above[parent]))
                        let gain = min(eased, held)
                        if gain > 0.5 {
                            consider(parent, below: isBelow, height - gain, into: &candidates)
                        } else if eased > 0.5 {
                            consider(parent, below: isBelow, height - eased, into: &pending)
                        }
                    }
                    // A bent link only bends further its own way.
                    if below[parent] == 0 { bend(below: false, easing: lowerTop - upperTop, held: upperBottom - lowerBottom) }
                    if above[parent] == 0 { bend(below: true, easing: upperTop - lowerTop, held: lowerBottom - upperBottom) }
                }
            }
            for item in 0..<count {
                let first = Int(children[item]), end = Int(children[item + 1])
                if end - first == 1 && g[first] == g[item] {
                    if Int(g[item]) == item { considerBending(chainOf: item) }
                    continue
                }
                guard end - first >= 2 else { continue }
                // A parent beyond the limit may only give way further on a side it already does.
                let isFree = above[item] > 0 || below[item] > 0
                guard canFree || isFree else { continue }
                let parent = Int(g[item]), firstChild = Int(g[first]), lastChild = Int(g[end - 1])
                // What a side may still give way bounds what it can promise.
                let roomAbove = reliefLimit - above[item], roomBelow = reliefLimit - below[item]
                // (Read at the items, not their groups: a bent chain's members lie apart.)
                if (canFree || above[item] > 0) && roomAbove > 0.5 && t[first] - above[item] + b[item] >= height - 0.5 {
                    consider(item, below: false, max(estimate(item, below: false, from: firstChild, to: parent), height - roomAbove),
                             into: &candidates)
                }
                if (canFree || below[item] > 0) && roomBelow > 0.5 && t[item] - below[item] + b[end - 1] >= height - 0.5 {
                    consider(item, below: true, max(estimate(item, below: true, from: parent, to: lastChild), height - roomBelow),
                             into: &candidates)
                }
            }
            return (candidates, pending)
        }
        /// Gives `candidate` its relief on its side (a link's chain offsets settled again).
        func setRelief(_ candidate: Candidate, _ relief: Double) {
            if candidate.below { below[candidate.parent] = relief } else { above[candidate.parent] = relief }
            if children[candidate.parent + 1] - children[candidate.parent] == 1 { settleChainOffsets(slack, below: candidate.parent) }
        }
        /// Of `candidates` (under the lowest centres `t` of a drawing `height` high), the one
        /// that shortens the drawing most in fact (its longest chains found again), the first of
        /// equals, and the height it reaches; any shorter than `bound` only.
        func shortest(of candidates: [Candidate], after t: UnsafeMutablePointer<Double>, height: Double,
                      under bound: Double) -> (index: Int, reached: Double) {
            var chosen = 0, shortest = bound
            for (index, candidate) in candidates.enumerated() {
                let kept = candidate.below ? below[candidate.parent] : above[candidate.parent]
                setRelief(candidate, kept + (height - candidate.estimate))
                let start = changed(candidate.parent, below: candidate.below).fromTop
                let reached = extent(from: trial.base, startingAt: start, after: t, slack: slack, under: shortest)
                afterTrial?(reached, shortest, slack)
                setRelief(candidate, kept)
                if reached < shortest { shortest = reached; chosen = index }
            }
            return (chosen, shortest)
        }
        // Two links bent at once, where no one constraint shortens the drawing (`pairedBend`).
        // (Its lowest centres made at its first use: most relaxations never need them.)
        var pairBuffers: (top: PlacementBuffer<Double>, bottom: PlacementBuffer<Double>)?
        var pairWork = 0
        /// Where chains side by side hold each other's links level (two only children beside
        /// each other, each held down by the other's chain: a class tree's column of 15 kept
        /// from closing up), the pending link and the candidate after it that together shorten
        /// the drawing most, if any shortens it: each pending link bent as far as it would
        /// ease, the constraints on a longest chain then found again and their best tried.
        /// Of the pending links, the `pairedCandidates` that would bend furthest; each costs a
        /// few passes, at most `relaxedWork` items visited in all.
        func pairedBend(_ pending: [Candidate], t: UnsafeMutablePointer<Double>, b: UnsafeMutablePointer<Double>,
                        height: Double) -> (first: Candidate, second: Candidate)? {
            var best: (first: Candidate, second: Candidate)?, shortestHeight = height - 0.5
            for first in pending.prefix(Self.pairedCandidates) {
                guard pairWork <= Self.relaxedWork else { break }
                pairWork += count * (Self.relaxedCandidates + 3)
                let kept = first.below ? below[first.parent] : above[first.parent]
                let freesFirst = above[first.parent] == 0 && below[first.parent] == 0
                setRelief(first, kept + (height - first.estimate))
                let (pairTop, pairBottom) = pairBuffers ?? (PlacementBuffer(repeating: 0, count: count), PlacementBuffer(repeating: 0, count: count))
                pairBuffers = (pairTop, pairBottom)
                pairTop.base.update(from: t, count: count); pairBottom.base.update(from: b, count: count)
                let (fromTop, fromBottom) = changed(first.parent, below: first.below)
                update(pairTop, pairBottom, fromTop: fromTop, fromBottom: fromBottom, slack: slack)
                let bentHeight = extent(pairTop)
                let seconds = scan(pairTop.base, pairBottom.base, height: bentHeight,
                                   canFree: parentsFreed + (freesFirst ? 1 : 0) < limit).candidates
                if !seconds.isEmpty {
                    let (index, reached) = shortest(of: seconds, after: pairTop.base, height: bentHeight, under: shortestHeight)
                    if reached < shortestHeight { shortestHeight = reached; best = (first, seconds[index]) }
                }
                setRelief(first, kept)
            }
            return best
        }
        /// Lets `candidate` give way by what its estimate promises (under `height`), as a step.
        func take(_ candidate: Candidate, height: Double) {
            let (parent, isBelow, estimate) = candidate
            if above[parent] == 0 && below[parent] == 0 { parentsFreed += 1 }
            let relief = height - estimate
            setRelief(candidate, (isBelow ? below[parent] : above[parent]) + relief)
            steps.append(SpanRelief(parent: Int32(parent), below: isBelow, relief: relief))
            if !ownsLowest {
                top = PlacementBuffer(top.base, count: count); bottom = PlacementBuffer(bottom.base, count: count)
                ownsLowest = true
            }
            let (fromTop, fromBottom) = changed(parent, below: isBelow)
            update(top, bottom, fromTop: fromTop, fromBottom: fromBottom, slack: slack)
            afterStep?(top, bottom, slack)
        }
        while height > floor + 0.5 && steps.count < stepLimit {
            let t = top.base, b = bottom.base
            let (candidates, pending) = scan(t, b, height: height, canFree: parentsFreed < limit)
            guard !candidates.isEmpty else {
                // No one constraint shortens the drawing: two links may, together.
                guard steps.count + 2 <= stepLimit, let pair = pairedBend(pending, t: t, b: b, height: height) else { break }
                take(pair.first, height: height)
                let bentHeight = extent(top)
                heights.append(bentHeight)
                take(pair.second, height: bentHeight)
                height = extent(top)
                heights.append(height)
                continue
            }
            // Of those, the one that shortens the drawing most, in fact; the first of equals.
            let chosen = candidates.count > 1 ? shortest(of: candidates, after: t, height: height, under: .infinity).index : 0
            take(candidates[chosen], height: height)
            height = extent(top)
            heights.append(height)
        }
        return (steps, heights)
    }

    /// Items `relaxedSpans` may visit in all, over its steps (at least eight steps), so that a
    /// big tree's placement stays O(n): 1,000 items may take 125 steps, 10,000 items 12.
    static let relaxedWork = 1_000_000

    /// Constraints a step of `relaxedSpans` tries in full, the best by their estimate.
    static let relaxedCandidates = 6

    /// Pending links `relaxedSpans`' paired bend tries, those that would bend furthest: each
    /// costs a few passes, and a render places a tree many times (the wrap search's trials),
    /// most ending with no pair that shortens it.
    static let pairedCandidates = 2

    /// The slack after the given steps of `relaxedSpans`.
    func slack(after steps: ArraySlice<SpanRelief>) -> Slack {
        guard !steps.isEmpty else { return Slack.none() }
        let slack = Slack(count: count)
        for step in steps {
            if step.below { slack.below.base[Int(step.parent)] += step.relief } else { slack.above.base[Int(step.parent)] += step.relief }
        }
        settleChainOffsets(slack)
        return slack
    }

    /// The height lowest centres take.
    func extent(_ low: PlacementBuffer<Double>) -> Double {
        let l = low.base, h = heights.base
        var height = 0.0
        for item in 0..<count { height = max(height, l[item] + h[item] / 2 + padding / 2) }
        return height
    }
}
