import Dispatch

/// The compact placement's centring sweeps (step 4 of `CompactPlacement`): each column, with
/// its neighbours fixed, is an isotonic regression in `z = c - cumulative separation` with
/// bounds, solved exactly by pooling adjacent violators whose blocks sit at their weighted mean
/// clamped to the bounds they share (the pooling of separable convex costs; clamping the
/// unbounded pooling afterwards is not exact: a leaf pooled with a heavy parent held by its
/// bounds was dragged to the parent's wish, a cherry's second leaf 240 px from the first).
/// Right to left, one side's end children a sweep are bounded by how far their parent can
/// follow, not by where it is (`parentReaches`), so that spines of end children move. The
/// scratch buffers are sized for the longest column once and reused by every column of every
/// sweep.
struct CompactSweeps {
    let constraints: CompactConstraints
    let slack: CompactConstraints.Slack
    let budget: Double
    private let offsets: Offsets
    /// Whether any parent may leave its span.
    private let hasSlack: Bool
    /// Per parent, how far it could follow its freed end child this sweep (`parentReaches`).
    private let reaches: PlacementBuffer<Double>
    /// The pooled blocks of the column being placed.
    private let blocks: Blocks
    /// A long column's wishes, their weights and bounds, in the half pooled after it is scanned
    /// (`placeOnTwoCores`); empty otherwise.
    private let wishes: PlacementBuffer<Double>
    private let weights: PlacementBuffer<Double>
    private let lowerBounds: PlacementBuffer<Double>
    private let upperBounds: PlacementBuffer<Double>
    /// A long column's lower half pooled on its own (`placeOnTwoCores`): its blocks, and per
    /// position of that half, the block it lies in right after it is pooled and the lowest such
    /// block of any later position. Empty for short columns.
    private let sideBlocks: Blocks
    private let landed: PlacementBuffer<Int32>
    private let lowestLater: PlacementBuffer<Int32>

    /// Per item, constant over every placement of one tree: its cumulative separation from the
    /// top of its column; its offset from its parent's centre when its siblings sit as a block
    /// centred on the parent; and whether it is first (1) or last (2) among its siblings (an
    /// only child: 3; a root: 0), and whether its first or last child has members (4). (The
    /// bounds its box sets and the weight of its wish right to left are computed where used:
    /// fewer buffers, less memory for a big tree.)
    final class Offsets {
        let column: PlacementBuffer<Double>
        let block: PlacementBuffer<Double>
        let siblingEnds: PlacementBuffer<UInt8>
        /// The items' members' ends from their centres (`CompactPlacement.MemberEnds`).
        let memberEnds: CompactPlacement.MemberEnds
        /// The children of every other item have no members: their ends are 0, which adding
        /// would not change (centres are positive), so only marked parents read them.
        static let childrenWithMembers: UInt8 = 4
        /// The constraints' child starts (borrowed: the offsets live no longer than they).
        private let childStarts: UnsafePointer<Int32>

        init(_ constraints: CompactConstraints, memberEnds: CompactPlacement.MemberEnds? = nil) {
            self.memberEnds = memberEnds ?? CompactPlacement.MemberEnds()
            childStarts = constraints.childStarts.base
            let count = constraints.count
            let starts = constraints.sectionStarts.base, children = constraints.childStarts.base
            let before = constraints.separationBefore.base, parents = constraints.parentOfItem.base
            column = PlacementBuffer(repeating: 0, count: count)
            block = PlacementBuffer(repeating: 0, count: count)
            siblingEnds = PlacementBuffer(repeating: 0, count: count)
            let columnOffset = column.base, blockOffset = block.base, ends = siblingEnds.base
            for item in self.memberEnds.items {
                let parent = Int(parents[Int(item)])
                if parent >= 0 && (Int(item) == Int(children[parent]) || Int(item) == Int(children[parent + 1]) - 1) {
                    ends[parent] |= Self.childrenWithMembers
                }
            }
            for section in 0..<constraints.sectionCount {
                let begin = Int(starts[section]), end = Int(starts[section + 1])
                var offset = 0.0
                for item in begin..<end {
                    if item > begin { offset += before[item] }
                    columnOffset[item] = offset
                }
            }
            for item in 0..<count {
                let first = Int(children[item]), last = Int(children[item + 1])
                guard first < last else { continue }
                ends[first] |= 1
                ends[last - 1] |= 2
                var span = 0.0
                for sibling in first + 1 ..< last { span += before[sibling] }
                if let childEnds = childEnds(ofParent: item) { span += childEnds.first + childEnds.last }
                var offset = -span / 2
                for sibling in first..<last {
                    if sibling > first { offset += before[sibling] }
                    blockOffset[sibling] = offset
                }
            }
        }

        /// The ends of a parent's first child's first member and last child's last member, or
        /// nil where both are 0.
        @inline(__always)
        func childEnds(ofParent item: Int) -> (first: Double, last: Double)? {
            guard siblingEnds.base[item] & Self.childrenWithMembers != 0 else { return nil }
            return memberEndsOfChildren(item)
        }

        @inline(never)
        private func memberEndsOfChildren(_ item: Int) -> (first: Double, last: Double) {
            return (memberEnds.ends(of: Int(childStarts[item])).first, memberEnds.ends(of: Int(childStarts[item + 1]) - 1).last)
        }
    }

    init(_ constraints: CompactConstraints, offsets: Offsets, slack: CompactConstraints.Slack, budget: Double) {
        self.constraints = constraints
        self.offsets = offsets
        self.slack = slack
        self.budget = budget
        var longest = 0
        for section in 0..<constraints.sectionCount {
            longest = max(longest, Int(constraints.sectionStarts[section + 1] - constraints.sectionStarts[section]))
        }
        blocks = Blocks(capacity: longest)
        let split = longest >= Self.twoCoreItems ? longest : 0
        wishes = PlacementBuffer(repeating: 0, count: split)
        weights = PlacementBuffer(repeating: 0, count: split)
        lowerBounds = PlacementBuffer(repeating: 0, count: split)
        upperBounds = PlacementBuffer(repeating: 0, count: split)
        let lowerHalf = split - split / 2
        sideBlocks = Blocks(capacity: lowerHalf)
        landed = PlacementBuffer(repeating: 0, count: lowerHalf)
        lowestLater = PlacementBuffer(repeating: 0, count: lowerHalf)
        hasSlack = !slack.isZero
        // (Beyond `CompactPlacement.relaxedItems`, none: a big tree's placement is the cheapest.)
        reaches = PlacementBuffer(repeating: 0, count: constraints.count <= CompactPlacement.relaxedItems ? constraints.count : 0)
    }

    /// Runs up to `sweeps` sweeps over `centers`, stopping once no centre moves by 0.01.
    func run(_ c: UnsafeMutablePointer<Double>, sweeps: Int) {
        let sectionCount = constraints.sectionCount
        let starts = constraints.sectionStarts.base
        for sweep in 0..<sweeps {
            var moved = 0.0
            // Right to left, the end children on one side may go beyond their parent, as far as
            // it could follow (`parentReaches`): last children up on even sweeps, first children
            // down on odd ones. (One side a sweep: both at once could ask a parent to follow
            // its last child up past where its neighbour's first child had gone down.) Up to
            // `CompactPlacement.relaxedItems` items, as the relaxation.
            let freed = reaches.count == 0 ? 0 : sweep % 2 == 0 ? Self.lastChildren : Self.firstChildren
            // Left to right: children as a block centred on their parent.
            for section in 1..<max(1, sectionCount) {
                place(Int(starts[section]), Int(starts[section + 1]), c, towardParents: true, freed: 0, moved: &moved)
            }
            // (From the centres as they are now: the right-to-left pass starts from them.)
            if freed != 0 { parentReaches(c, down: freed == Self.firstChildren) }
            // Right to left: parents at the middle of their children; leaves stay.
            for section in stride(from: sectionCount - 2, through: 0, by: -1) {
                place(Int(starts[section]), Int(starts[section + 1]), c, towardParents: false, freed: freed, moved: &moved)
            }
            if moved < 0.01 { break }  // settled
        }
    }

    /// The weight of a leaf's wish to stay where it is, right to left (a parent's is its
    /// children's count plus one): leaves give way, so that a parent can reach its children's
    /// middle past a leaf sibling (with 0.5 a leaf held its neighbour a few px off, and the
    /// line to that neighbour's middle child slanted by as much).
    static let leafWeight = 0.05

    /// A stack of pooled blocks: each one's weighted mean wish, weight, length, the bounds its
    /// members share (the greatest lower, the least upper) and its value (the mean clamped to
    /// them), where all its members sit.
    private struct Blocks {
        let means: PlacementBuffer<Double>
        let weights: PlacementBuffer<Double>
        let lengths: PlacementBuffer<Int>
        let lowers: PlacementBuffer<Double>
        let uppers: PlacementBuffer<Double>
        let values: PlacementBuffer<Double>

        init(capacity: Int) {
            means = PlacementBuffer(repeating: 0, count: capacity)
            weights = PlacementBuffer(repeating: 0, count: capacity)
            lengths = PlacementBuffer(repeating: 0, count: capacity)
            lowers = PlacementBuffer(repeating: 0, count: capacity)
            uppers = PlacementBuffer(repeating: 0, count: capacity)
            values = PlacementBuffer(repeating: 0, count: capacity)
        }

        /// Pools one more wish into the stack of `count` blocks: while the block above sits
        /// lower than the new one would, the two merge (an exact isotonic regression with
        /// bounds, as the problem is feasible: the current centres are).
        @inline(__always)
        func pool(_ wish: Wish, count: inout Int) {
            let means = means.base, weights = weights.base, lengths = lengths.base
            let lowers = lowers.base, uppers = uppers.base, values = values.base
            var mean = wish.mean, weight = wish.weight, length = 1, lower = wish.lower, upper = wish.upper
            var value = min(max(mean, lower), upper)
            while count > 0, values[count - 1] > value {
                let above = count - 1
                mean = (means[above] * weights[above] + mean * weight) / (weights[above] + weight)
                weight += weights[above]
                length += lengths[above]
                lower = max(lower, lowers[above])
                upper = min(upper, uppers[above])
                value = min(max(mean, lower), upper)
                count = above
            }
            means[count] = mean
            weights[count] = weight
            lengths[count] = length
            lowers[count] = lower
            uppers[count] = upper
            values[count] = value
            count += 1
        }

        /// Copies `count` blocks from `other`, starting at its block `first`, to this stack's
        /// block `at`.
        func copy(_ count: Int, from other: Blocks, first: Int, at: Int) {
            (means.base + at).update(from: other.means.base + first, count: count)
            (weights.base + at).update(from: other.weights.base + first, count: count)
            (lengths.base + at).update(from: other.lengths.base + first, count: count)
            (lowers.base + at).update(from: other.lowers.base + first, count: count)
            (uppers.base + at).update(from: other.uppers.base + first, count: count)
            (values.base + at).update(from: other.values.base + first, count: count)
        }
    }

    /// Pools the lower half of a long column (from `middle`) on top of the upper half's
    /// `blocks`, in order, as one pass would, until the stacks agree: after a position whose
    /// block in the lower half's own pooling no later position merges into, and whose value is
    /// the top block's here, every later step compares and merges the same blocks in both (the
    /// blocks below are never reached), so the rest of the own pooling's blocks are copied.
    /// (The lower half's own lower bounds were made monotone from its start only: bounds the
    /// order implies anyway, so the regression is the same.) Big random trees agree within a
    /// few positions.
    @inline(__always)
    private func joinLowerHalf(_ middle: Int, _ count: Int, blocks pooled: inout Int, sideBlocks: Int) {
        let wishes = wishes.base, weights = weights.base, lowerBounds = lowerBounds.base, upperBounds = upperBounds.base
        let values = blocks.values.base, sideValues = self.sideBlocks.values.base
        let landed = landed.base, lowestLater = lowestLater.base
        for position in middle..<count {
            blocks.pool(Wish(mean: wishes[position], weight: weights[position], lower: lowerBounds[position],
                             upper: upperBounds[position]), count: &pooled)
            let index = position - middle, top = landed[index]
            guard lowestLater[index] > top, values[pooled - 1] == sideValues[Int(top)] else { continue }
            let first = Int(top) + 1, rest = sideBlocks - first
            blocks.copy(rest, from: self.sideBlocks, first: first, at: pooled)
            pooled += rest
            return
        }
    }

    /// Columns of at least this many items are placed on two cores (`placeOnTwoCores`).
    static let twoCoreItems = 8_192

    /// A column's item as the pooling sees it: its wish (in z) and weight, and its bounds in z
    /// before they are made monotone.
    private struct Wish {
        var mean: Double
        var weight: Double
        var lower: Double
        var upper: Double
    }

    /// The wish of the item at `position` of the column starting at `begin`: toward their
    /// parents, children as a block centred on their parent (weight 1); else parents at the
    /// middle of their children (weighted by their count), leaves where they are (weakly:
    /// `leafWeight`). Reads only
    /// other columns' centres and the item's own.
    @inline(__always)
    private func wish(_ begin: Int, _ position: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool, freed: UInt8) -> Wish {
        let hasSlack = hasSlack
        let children = constraints.childStarts.base, parents = constraints.parentOfItem.base
        let above = slack.above.base, below = slack.below.base
        let blockOffset = offsets.block.base, h = constraints.heights.base, padding = constraints.padding, budget = budget
        let ends = offsets.siblingEnds.base
        let item = begin + position
        let offset = offsets.column.base[item]
        let first = Int(children[item]), last = Int(children[item + 1])
        // The wish, in z (no centre of this column moves before the pooling is done).
        let mean: Double, weight: Double
        if towardParents {
            mean = c[Int(parents[item])] + blockOffset[item] - offset
            weight = 1
        } else {
            mean = (first == last ? c[item]
                : ends[item] & Offsets.childrenWithMembers == 0 ? (c[first] + c[last - 1]) / 2
                : Self.middle(c, first, last - 1, offsets.childEnds(ofParent: item)!)) - offset
            weight = first == last ? CompactSweeps.leafWeight : Double(last - first) + 1
        }
        // Bounds from the box and from the neighbouring columns, which stay put. (Centres
        // are positive, so adding a zero slack would change nothing: it is skipped.)
        var lower = padding / 2 + h[item] / 2, upper = budget - padding / 2 - h[item] / 2
        let end = ends[item]
        if first < last {
            lower = max(lower, hasSlack ? c[first] - above[item] : c[first])
            upper = min(upper, hasSlack ? c[last - 1] + below[item] : c[last - 1])
        }
        if end & 3 != 0 {
            let parent = Int(parents[item])
            // Right to left, the parent's column is placed next, between its children: an end
            // child on the freed side may go as far as its parent could follow there
            // (`parentReaches`), not only to where the parent is. Held to the parent's centre, a
            // spine of last children with a leaf sibling each (a dendrogram's caterpillar)
            // stayed a flat staircase, each parent at its last child's level and thousands of
            // px from its first: each could move only after its parent, and each parent only
            // after its child.
            if end & 1 != 0 {
                let highest = freed == Self.firstChildren ? reaches.base[parent] : c[parent]
                upper = min(upper, hasSlack ? highest + above[parent] : highest)
            }
            if end & 2 != 0 {
                let lowest = freed == Self.lastChildren ? reaches.base[parent] : c[parent]
                lower = max(lower, hasSlack ? lowest - below[parent] : lowest)
            }
        }
        // The current centre is feasible: keep it inside despite rounding. (Right to left, a
        // parent's children may have left it outside their span: it goes back between them.)
        var current = c[item]
        if !towardParents && first < last {
            current = min(max(current, hasSlack ? c[first] - above[item] : c[first]),
                          hasSlack ? c[last - 1] + below[item] : c[last - 1])
        }
        lower = min(lower, current)
        upper = max(upper, current)
        return Wish(mean: mean, weight: weight, lower: lower - offset, upper: upper - offset)
    }

    /// The end children a right-to-left placement frees (`parentReaches`): sibling-end bits.
    static let firstChildren: UInt8 = 1, lastChildren: UInt8 = 2

    /// For every parent, how far up (or `down`) it could move when its column is placed in
    /// this right-to-left sweep, every other column where it is: to its neighbouring parent,
    /// past the leaves between (each as far as it could go: a leaf held on that side by its
    /// parent, as far as that parent could), inside the drawing, and, if it is an end child held on that side, as far as its own
    /// parent could (found first: columns left to right). Every item a parent passes can be
    /// there when its column is placed (its bound on that side is a current centre, a fixed
    /// column's or a reach already kept, as only one side's end children are freed a sweep),
    /// so each placement stays feasible, and a whole spine of end children can move at once.
    /// Each run of leaves is walked by the one parent next to it: O(n) a sweep.
    private func parentReaches(_ c: UnsafeMutablePointer<Double>, down: Bool) {
        let h = constraints.heights.base, before = constraints.separationBefore.base, padding = constraints.padding
        let parents = constraints.parentOfItem.base, ends = offsets.siblingEnds.base, children = constraints.childStarts.base
        let above = slack.above.base, below = slack.below.base, reach = reaches.base
        let starts = constraints.sectionStarts.base
        // The end bit of an item held on the side it would move to (a last child can go no
        // higher than its parent, a first child no lower).
        let held: UInt8 = down ? 1 : 2
        for section in 0..<max(0, constraints.sectionCount - 1) {
            for parent in Int(starts[section])..<Int(starts[section + 1]) where children[parent] < children[parent + 1] {
                var bound = down ? budget - padding / 2 - h[parent] / 2 : padding / 2 + h[parent] / 2
                if ends[parent] & held != 0 {
                    let grandparent = Int(parents[parent])
                    let followed = reach[grandparent]
                    bound = down ? min(bound, hasSlack ? followed + above[grandparent] : followed)
                        : max(bound, hasSlack ? followed - below[grandparent] : followed)
                }
                var item = parent, distance = 0.0
                while down ? !constraints.isLastInSection(item) : !constraints.isFirstInSection(item) {
                    distance += down ? before[item + 1] : before[item]
                    item += down ? 1 : -1
                    guard children[item] == children[item + 1] else {
                        bound = down ? min(bound, c[item] - distance) : max(bound, c[item] + distance)
                        break
                    }
                    bound = down ? min(bound, budget - padding / 2 - h[item] / 2 - distance)
                        : max(bound, padding / 2 + h[item] / 2 + distance)
                    if ends[item] & held != 0 {
                        // A leaf held by its parent goes as far as that parent could.
                        let leafParent = Int(parents[item]), followed = reach[leafParent]
                        bound = down ? min(bound, (hasSlack ? followed + above[leafParent] : followed) - distance)
                            : max(bound, (hasSlack ? followed - below[leafParent] : followed) + distance)
                    }
                }
                // (Never short of where it is: the current placement is feasible.)
                reach[parent] = down ? max(bound, c[parent]) : min(bound, c[parent])
            }
        }
    }

    /// Where the chain of only children from `member` down may sit: each member between its
    /// neighbours in its column and inside the drawing, the last one (if a parent) between its
    /// children. A bent link (an only child whose parent has slack) ends the chain: its parent
    /// is its last member. Reads only other columns' centres.
    @inline(__always)
    private func chainBounds(below member: Int, _ c: UnsafeMutablePointer<Double>) -> (lower: Double, upper: Double) {
        let children = constraints.childStarts.base, h = constraints.heights.base, before = constraints.separationBefore.base
        let above = slack.above.base, below = slack.below.base, padding = constraints.padding
        var lower = -Double.infinity, upper = Double.infinity, member = member
        while true {
            lower = max(lower, padding / 2 + h[member] / 2)
            upper = min(upper, budget - padding / 2 - h[member] / 2)
            if !constraints.isFirstInSection(member) { lower = max(lower, c[member - 1] + before[member]) }
            if !constraints.isLastInSection(member) { upper = min(upper, c[member + 1] - before[member + 1]) }
            let first = Int(children[member]), last = Int(children[member + 1])
            if last - first == 1 && !(hasSlack && (above[member] != 0 || below[member] != 0)) {
                member = first
                continue
            }
            if first < last {
                lower = max(lower, hasSlack ? c[first] - above[member] : c[first])
                upper = min(upper, hasSlack ? c[last - 1] + below[member] : c[last - 1])
            }
            return (lower, upper)
        }
    }

    /// Moves each chain of only children (which share their head's centre; a bent link ends a
    /// chain and heads the next) of the column
    /// `begin..<end` toward its head's wish, one chain at a time, as far as every member has
    /// room with everything else where it is: the pooling cannot move one (each member is
    /// pinned by the next: a YAML key's value stayed 490 px from it, where the balanced start
    /// had put it), and moving chains of one column at once could run two into each other in
    /// a later column. Toward parents only (right to left a head's wish is its child's centre,
    /// its own). Returns the most a centre moved.
    @inline(__always)
    private func moveChains(_ begin: Int, _ end: Int, _ c: UnsafeMutablePointer<Double>) -> Double {
        let children = constraints.childStarts.base, ends = offsets.siblingEnds.base, parents = constraints.parentOfItem.base
        let h = constraints.heights.base, before = constraints.separationBefore.base, blockOffset = offsets.block.base
        let above = slack.above.base, below = slack.below.base, padding = constraints.padding
        var largest = 0.0
        /// Whether an item's link to its only child bends (the child is a chain's head).
        @inline(__always) func bends(_ item: Int) -> Bool { hasSlack && (above[item] != 0 || below[item] != 0) }
        for item in begin..<end where children[item + 1] - children[item] == 1 {
            let parent = Int(parents[item])
            guard parent >= 0, ends[item] & 3 != 3 || bends(parent) else { continue }
            let wish = c[parent] + blockOffset[item]
            guard abs(wish - c[item]) > 0.01 else { continue }
            let child = Int(children[item])
            var (lower, upper) = bends(item) ? (c[child] - above[item], c[child] + below[item]) : chainBounds(below: child, c)
            lower = max(lower, padding / 2 + h[item] / 2)
            upper = min(upper, budget - padding / 2 - h[item] / 2)
            if item > begin { lower = max(lower, c[item - 1] + before[item]) }
            if item + 1 < end { upper = min(upper, c[item + 1] - before[item + 1]) }
            if ends[item] & 1 != 0 { upper = min(upper, hasSlack ? c[parent] + above[parent] : c[parent]) }
            if ends[item] & 2 != 0 { lower = max(lower, hasSlack ? c[parent] - below[parent] : c[parent]) }
            let y = min(max(wish, min(lower, c[item])), max(upper, c[item]))
            guard y != c[item] else { continue }
            largest = max(largest, abs(y - c[item]))
            c[item] = y
            var member = item
            while children[member + 1] - children[member] == 1 && !bends(member) {
                member = Int(children[member])
                c[member] = y
            }
        }
        return largest
    }

    /// The middle of a parent's children from the first child's first member to the last
    /// child's last member.
    @inline(never)
    private static func middle(_ c: UnsafeMutablePointer<Double>, _ first: Int, _ last: Int, _ ends: (first: Double, last: Double)) -> Double {
        (c[first] + ends.first + c[last] + ends.last) / 2
    }

    /// Writes the centres of positions `low..<high` of the column starting at `begin`, from the
    /// last up, each at its block's value. `block` is the block holding position `high - 1`,
    /// starting at `blockStart`. Returns the most a centre moved.
    @inline(__always)
    private func write(_ begin: Int, _ low: Int, _ high: Int, block: Int, blockStart: Int,
                       _ c: UnsafeMutablePointer<Double>) -> Double {
        let values = blocks.values.base, lengths = blocks.lengths.base, columnOffsets = offsets.column.base + begin
        var block = block, blockStart = blockStart, largest = 0.0
        var position = high
        while position > low {
            position -= 1
            while position < blockStart {
                block -= 1
                blockStart -= lengths[block]
            }
            let index = begin + position
            let center = values[block] + columnOffsets[position]
            largest = max(largest, abs(center - c[index]))
            c[index] = center
        }
        return largest
    }

    /// Places the column `begin..<end` at its wishes, within its bounds (see `wish`): down the
    /// column, each wish joins the pooling as it is made (its lower bound made monotone on the
    /// way); up it, each centre is written. Long columns take two cores (`placeOnTwoCores`), to
    /// the same values.
    @inline(__always)
    private func place(_ begin: Int, _ end: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool, freed: UInt8, moved: inout Double) {
        guard begin < end else { return }
        let count = end - begin
        guard count < Self.twoCoreItems || wishes.count == 0 else {
            placeOnTwoCores(begin, count, c, towardParents: towardParents, freed: freed, moved: &moved)
            return
        }
        var pooled = 0
        var lowest = -Double.infinity
        for position in 0..<count {
            var wish = wish(begin, position, c, towardParents: towardParents, freed: freed)
            lowest = max(wish.lower, lowest)
            wish.lower = lowest
            blocks.pool(wish, count: &pooled)
        }
        let largest = write(begin, 0, count, block: pooled - 1, blockStart: count - blocks.lengths.base[pooled - 1], c)
        moved = max(moved, largest, towardParents ? moveChains(begin, end, c) : 0)
    }

    /// `place` for a long column, to the same values: while one core scans and pools the
    /// upper half, the other scans the lower half (wishes and bounds, its lower bounds made
    /// monotone from its own start) and pools it on its own; the lower half is then pooled in
    /// order on top of the upper half's blocks only until the two poolings agree
    /// (`joinLowerHalf`); and the two halves are written at once.
    @inline(never)
    private func placeOnTwoCores(_ begin: Int, _ count: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool, freed: UInt8, moved: inout Double) {
        let middle = count / 2
        nonisolated(unsafe) let sweeps = self, c = c
        nonisolated(unsafe) var pooled = 0, sidePooled = 0
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                var stack = 0, lowest = -Double.infinity
                for position in 0..<middle {
                    var wish = sweeps.wish(begin, position, c, towardParents: towardParents, freed: freed)
                    lowest = max(wish.lower, lowest)
                    wish.lower = lowest
                    sweeps.blocks.pool(wish, count: &stack)
                }
                pooled = stack
            } else {
                let wishes = sweeps.wishes.base, weights = sweeps.weights.base
                let lowerBounds = sweeps.lowerBounds.base, upperBounds = sweeps.upperBounds.base
                let landed = sweeps.landed.base, lowestLater = sweeps.lowestLater.base
                var lowest = -Double.infinity, stack = 0
                for position in middle..<count {
                    var wish = sweeps.wish(begin, position, c, towardParents: towardParents, freed: freed)
                    lowest = max(wish.lower, lowest)
                    wish.lower = lowest
                    wishes[position] = wish.mean
                    weights[position] = wish.weight
                    lowerBounds[position] = wish.lower
                    upperBounds[position] = wish.upper
                    sweeps.sideBlocks.pool(wish, count: &stack)
                    landed[position - middle] = Int32(stack - 1)
                }
                var later = Int32.max
                for index in stride(from: count - middle - 1, through: 0, by: -1) {
                    lowestLater[index] = later
                    later = min(later, landed[index])
                }
                sidePooled = stack
            }
        }
        joinLowerHalf(middle, count, blocks: &pooled, sideBlocks: sidePooled)
        let lengths = blocks.lengths.base
        // The block holding the last position of the upper half.
        var block = 0, blockStart = 0
        while blockStart + lengths[block] < middle {
            blockStart += lengths[block]
            block += 1
        }
        let lastBlock = pooled - 1, lastStart = count - lengths[lastBlock], splitBlock = block, splitStart = blockStart
        nonisolated(unsafe) var upperMoved = 0.0, lowerMoved = 0.0
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                upperMoved = sweeps.write(begin, 0, middle, block: splitBlock, blockStart: splitStart, c)
            } else {
                lowerMoved = sweeps.write(begin, middle, count, block: lastBlock, blockStart: lastStart, c)
            }
        }
        moved = max(moved, max(upperMoved, lowerMoved), towardParents ? moveChains(begin, begin + count, c) : 0)
    }
}
