import Dispatch

/// The compact placement's centring sweeps (step 4 of `CompactPlacement`): each column, with
/// its neighbours fixed, is an isotonic regression in `z = c - cumulative separation` with
/// monotone bounds, solved by pooling adjacent violators and clamping. The scratch buffers are
/// sized for the longest column once and reused by every column of every sweep.
struct CompactSweeps {
    let constraints: CompactConstraints
    let slack: CompactConstraints.Slack
    let budget: Double
    private let offsets: Offsets
    /// Whether any parent may leave its span.
    private let hasSlack: Bool
    private let lowerBounds: PlacementBuffer<Double>
    private let upperBounds: PlacementBuffer<Double>
    private let means: PlacementBuffer<Double>
    private let blockWeights: PlacementBuffer<Double>
    private let lengths: PlacementBuffer<Int>
    /// A long column's wishes and their weights, in the half pooled after it is scanned
    /// (`placeOnTwoCores`); empty otherwise.
    private let wishes: PlacementBuffer<Double>
    private let weights: PlacementBuffer<Double>
    /// A long column's lower half pooled on its own (`placeOnTwoCores`): its blocks, and per
    /// position of that half, the block it lies in right after it is pooled and the lowest such
    /// block of any later position. Empty for short columns.
    private let sideMeans: PlacementBuffer<Double>
    private let sideWeights: PlacementBuffer<Double>
    private let sideLengths: PlacementBuffer<Int>
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
        lowerBounds = PlacementBuffer(repeating: 0, count: longest)
        upperBounds = PlacementBuffer(repeating: 0, count: longest)
        means = PlacementBuffer(repeating: 0, count: longest)
        blockWeights = PlacementBuffer(repeating: 0, count: longest)
        lengths = PlacementBuffer(repeating: 0, count: longest)
        let split = longest >= Self.twoCoreItems ? longest : 0
        wishes = PlacementBuffer(repeating: 0, count: split)
        weights = PlacementBuffer(repeating: 0, count: split)
        let lowerHalf = split - split / 2
        sideMeans = PlacementBuffer(repeating: 0, count: lowerHalf)
        sideWeights = PlacementBuffer(repeating: 0, count: lowerHalf)
        sideLengths = PlacementBuffer(repeating: 0, count: lowerHalf)
        landed = PlacementBuffer(repeating: 0, count: lowerHalf)
        lowestLater = PlacementBuffer(repeating: 0, count: lowerHalf)
        hasSlack = !slack.isZero
    }

    /// Runs up to `sweeps` sweeps over `centers`, stopping once no centre moves by 0.01.
    func run(_ c: UnsafeMutablePointer<Double>, sweeps: Int) {
        let sectionCount = constraints.sectionCount
        let starts = constraints.sectionStarts.base
        for _ in 0..<sweeps {
            var moved = 0.0
            // Left to right: children as a block centred on their parent.
            for section in 1..<max(1, sectionCount) {
                place(Int(starts[section]), Int(starts[section + 1]), c, towardParents: true, moved: &moved)
            }
            // Right to left: parents at the middle of their children; leaves stay.
            for section in stride(from: sectionCount - 2, through: 0, by: -1) {
                place(Int(starts[section]), Int(starts[section + 1]), c, towardParents: false, moved: &moved)
            }
            if moved < 0.01 { break }  // settled
        }
    }

    /// The weight of a leaf's wish to stay where it is, right to left (a parent's is its
    /// children's count plus one): leaves give way, so that a parent can reach its children's
    /// middle past a leaf sibling (with 0.5 a leaf held its neighbour a few px off, and the
    /// line to that neighbour's middle child slanted by as much).
    static let leafWeight = 0.05

    /// Pools the lower half of a long column (from `middle`) on top of the upper half's
    /// `blocks`, in order, as one pass would, until the stacks agree: after a position whose
    /// block in the lower half's own pooling no later position merges into, and whose mean is
    /// the top block's here, every later step compares and merges the same blocks in both (the
    /// blocks below are never reached), so the rest of the own pooling's blocks are copied.
    /// Big random trees agree within a few positions.
    @inline(__always)
    private func joinLowerHalf(_ middle: Int, _ count: Int, blocks: inout Int, sideBlocks: Int) {
        let wishes = wishes.base, weights = weights.base, means = means.base, blockWeights = blockWeights.base, lengths = lengths.base
        let sideMeans = sideMeans.base, sideWeights = sideWeights.base, sideLengths = sideLengths.base
        let landed = landed.base, lowestLater = lowestLater.base
        for position in middle..<count {
            pool(wishes[position], weights[position], blocks: &blocks)
            let index = position - middle, top = landed[index]
            guard lowestLater[index] > top, means[blocks - 1] == sideMeans[Int(top)] else { continue }
            let first = Int(top) + 1, rest = sideBlocks - first
            (means + blocks).update(from: sideMeans + first, count: rest)
            (blockWeights + blocks).update(from: sideWeights + first, count: rest)
            (lengths + blocks).update(from: sideLengths + first, count: rest)
            blocks += rest
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
    private func wish(_ begin: Int, _ position: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool) -> Wish {
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
        if first < last {
            lower = max(lower, hasSlack ? c[first] - above[item] : c[first])
            upper = min(upper, hasSlack ? c[last - 1] + below[item] : c[last - 1])
        }
        let end = ends[item]
        if end & 3 != 0 {
            let parent = Int(parents[item])
            if end & 1 != 0 { upper = min(upper, hasSlack ? c[parent] + above[parent] : c[parent]) }
            if end & 2 != 0 { lower = max(lower, hasSlack ? c[parent] - below[parent] : c[parent]) }
        }
        // The current centre is feasible: keep it inside despite rounding.
        lower = min(lower, c[item])
        upper = max(upper, c[item])
        return Wish(mean: mean, weight: weight, lower: lower - offset, upper: upper - offset)
    }

    /// The middle of a parent's children from the first child's first member to the last
    /// child's last member.
    @inline(never)
    private static func middle(_ c: UnsafeMutablePointer<Double>, _ first: Int, _ last: Int, _ ends: (first: Double, last: Double)) -> Double {
        (c[first] + ends.first + c[last] + ends.last) / 2
    }

    /// Pools one more wish into the stack of `blocks` blocks (weighted mean, weight, length):
    /// adjacent violators merge.
    @inline(__always)
    private func pool(_ wishMean: Double, _ wishWeight: Double, blocks: inout Int) {
        Self.pool(wishMean, wishWeight, blocks: &blocks, means: means.base, weights: blockWeights.base, lengths: lengths.base)
    }

    /// `pool` into the given stack.
    @inline(__always)
    private static func pool(_ wishMean: Double, _ wishWeight: Double, blocks: inout Int, means: UnsafeMutablePointer<Double>,
                             weights blockWeights: UnsafeMutablePointer<Double>, lengths: UnsafeMutablePointer<Int>) {
        var mean = wishMean, blockWeight = wishWeight, length = 1
        while blocks > 0, means[blocks - 1] > mean {
            let last = means[blocks - 1], lastWeight = blockWeights[blocks - 1]
            mean = (last * lastWeight + mean * blockWeight) / (lastWeight + blockWeight)
            blockWeight += lastWeight
            length += lengths[blocks - 1]
            blocks -= 1
        }
        means[blocks] = mean
        blockWeights[blocks] = blockWeight
        lengths[blocks] = length
        blocks += 1
    }

    /// Writes the centres of positions `low..<high` of the column starting at `begin`, from the
    /// last up: each its block's mean clamped to its bounds, the upper ones made monotone on
    /// the way (`highest`: the least upper bound below `high`), the lower ones at least
    /// `lowestAbove` (the greatest lower bound above the positions a split column scanned
    /// apart). `block` is the block holding position `high - 1`, starting at `blockStart`.
    /// Returns the most a centre moved.
    @inline(__always)
    private func write(_ begin: Int, _ low: Int, _ high: Int, block: Int, blockStart: Int, highest: Double, lowestAbove: Double,
                       _ c: UnsafeMutablePointer<Double>) -> Double {
        let means = means.base, lengths = lengths.base
        let lowerBounds = lowerBounds.base, upperBounds = upperBounds.base, columnOffsets = offsets.column.base + begin
        var block = block, blockStart = blockStart, highest = highest, largest = 0.0
        var position = high
        while position > low {
            position -= 1
            while position < blockStart {
                block -= 1
                blockStart -= lengths[block]
            }
            highest = min(upperBounds[position], highest)
            let z = min(max(means[block], max(lowerBounds[position], lowestAbove)), highest)
            let index = begin + position
            let center = z + columnOffsets[position]
            largest = max(largest, abs(center - c[index]))
            c[index] = center
        }
        return largest
    }

    /// Places the column `begin..<end` at its wishes, within its bounds (see `wish`): down the
    /// column, each wish joins the pooling as it is made and the lower bounds are made
    /// monotone on the way; up it, the upper bounds are, and each centre is clamped and
    /// written. Long columns take two cores (`placeOnTwoCores`), to the same values.
    @inline(__always)
    private func place(_ begin: Int, _ end: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool, moved: inout Double) {
        guard begin < end else { return }
        let count = end - begin
        guard count < Self.twoCoreItems || wishes.count == 0 else {
            placeOnTwoCores(begin, count, c, towardParents: towardParents, moved: &moved)
            return
        }
        let lowerBounds = lowerBounds.base, upperBounds = upperBounds.base
        var blocks = 0
        var lowest = -Double.infinity
        for position in 0..<count {
            let wish = wish(begin, position, c, towardParents: towardParents)
            lowest = max(wish.lower, lowest)
            lowerBounds[position] = lowest
            upperBounds[position] = wish.upper
            pool(wish.mean, wish.weight, blocks: &blocks)
        }
        let largest = write(begin, 0, count, block: blocks - 1, blockStart: count - lengths.base[blocks - 1], highest: .infinity,
                            lowestAbove: -.infinity, c)
        moved = max(moved, largest)
    }

    /// `place` for a long column, to the same values: while one core scans and pools the
    /// upper half, the other scans the lower half (wishes and bounds, each half's bounds made
    /// monotone on its own) and pools it on its own; the lower half is then pooled in order on
    /// top of the upper half's blocks only until the two poolings agree (`joinLowerHalf`); and
    /// the two halves are written at once, the lower half's lower bounds raised to the upper
    /// half's greatest and its upper bounds starting from the lower half's least. (Max and min
    /// are exact, so the bounds are those one pass gives; the pooling runs in the same order.)
    @inline(never)
    private func placeOnTwoCores(_ begin: Int, _ count: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool, moved: inout Double) {
        let middle = count / 2
        nonisolated(unsafe) let sweeps = self, c = c
        nonisolated(unsafe) var blocks = 0, sideBlocks = 0, lowestAbove = -Double.infinity, highestBelow = Double.infinity
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let lowerBounds = sweeps.lowerBounds.base, upperBounds = sweeps.upperBounds.base
            if half == 0 {
                var pooled = 0, lowest = -Double.infinity
                for position in 0..<middle {
                    let wish = sweeps.wish(begin, position, c, towardParents: towardParents)
                    lowest = max(wish.lower, lowest)
                    lowerBounds[position] = lowest
                    upperBounds[position] = wish.upper
                    sweeps.pool(wish.mean, wish.weight, blocks: &pooled)
                }
                blocks = pooled
                lowestAbove = lowest
            } else {
                let wishes = sweeps.wishes.base, weights = sweeps.weights.base
                let sideMeans = sweeps.sideMeans.base, sideWeights = sweeps.sideWeights.base, sideLengths = sweeps.sideLengths.base
                let landed = sweeps.landed.base, lowestLater = sweeps.lowestLater.base
                var lowest = -Double.infinity, highest = Double.infinity, pooled = 0
                for position in middle..<count {
                    let wish = sweeps.wish(begin, position, c, towardParents: towardParents)
                    lowest = max(wish.lower, lowest)
                    lowerBounds[position] = lowest
                    upperBounds[position] = wish.upper
                    highest = min(wish.upper, highest)
                    wishes[position] = wish.mean
                    weights[position] = wish.weight
                    Self.pool(wish.mean, wish.weight, blocks: &pooled, means: sideMeans, weights: sideWeights, lengths: sideLengths)
                    landed[position - middle] = Int32(pooled - 1)
                }
                var later = Int32.max
                for index in stride(from: count - middle - 1, through: 0, by: -1) {
                    lowestLater[index] = later
                    later = min(later, landed[index])
                }
                highestBelow = highest
                sideBlocks = pooled
            }
        }
        joinLowerHalf(middle, count, blocks: &blocks, sideBlocks: sideBlocks)
        let lengths = lengths.base
        // The block holding the last position of the upper half.
        var block = 0, blockStart = 0
        while blockStart + lengths[block] < middle {
            blockStart += lengths[block]
            block += 1
        }
        let lastBlock = blocks - 1, lastStart = count - lengths[lastBlock], splitBlock = block, splitStart = blockStart
        nonisolated(unsafe) var upperMoved = 0.0, lowerMoved = 0.0
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                upperMoved = sweeps.write(begin, 0, middle, block: splitBlock, blockStart: splitStart, highest: highestBelow,
                                         lowestAbove: -.infinity, c)
            } else {
                lowerMoved = sweeps.write(begin, middle, count, block: lastBlock, blockStart: lastStart, highest: .infinity,
                                         lowestAbove: lowestAbove, c)
            }
        }
        moved = max(moved, max(upperMoved, lowerMoved))
    }
}
