/// The compact placement's centring sweeps (step 4 of `CompactPlacement`): each column, with
/// its neighbours fixed, is an isotonic regression in `z = c - cumulative separation` with
/// monotone bounds, solved by pooling adjacent violators and clamping. The scratch buffers are
/// sized for the longest column once and reused by every column of every sweep.
struct CompactSweeps {
    let constraints: CompactConstraints
    let slack: CompactConstraints.Slack
    let budget: Double
    /// Per item, constant over the sweeps: its cumulative separation from the top of its
    /// column; its offset from its parent's centre when its siblings sit as a block centred
    /// on the parent. (The bounds its box sets and the weight of its wish right to left are
    /// computed where used: fewer buffers, less memory for a big tree.)
    private let columnOffsets: PlacementBuffer<Double>
    private let blockOffsets: PlacementBuffer<Double>
    /// Per item: 1 if first among its siblings, 2 if last (an only child: 3), 0 for a root.
    private let siblingEnds: PlacementBuffer<UInt8>
    /// Whether any parent may leave its span.
    private let hasSlack: Bool
    private let lowerBounds: PlacementBuffer<Double>
    private let upperBounds: PlacementBuffer<Double>
    private let means: PlacementBuffer<Double>
    private let blockWeights: PlacementBuffer<Double>
    private let lengths: PlacementBuffer<Int>

    init(_ constraints: CompactConstraints, slack: CompactConstraints.Slack, budget: Double) {
        self.constraints = constraints
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
        hasSlack = !slack.isZero
        let count = constraints.count
        let starts = constraints.sectionStarts.base, children = constraints.childStarts.base
        let before = constraints.separationBefore.base
        columnOffsets = PlacementBuffer(repeating: 0, count: count)
        blockOffsets = PlacementBuffer(repeating: 0, count: count)
        siblingEnds = PlacementBuffer(repeating: 0, count: count)
        let columnOffset = columnOffsets.base, blockOffset = blockOffsets.base, ends = siblingEnds.base
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
            var offset = -span / 2
            for sibling in first..<last {
                if sibling > first { offset += before[sibling] }
                blockOffset[sibling] = offset
            }
        }
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

    /// Places the column `begin..<end` at its wishes, within its bounds: toward their parents,
    /// children as a block centred on their parent (weight 1); else parents at the middle of
    /// their children (weighted by their count), leaves where they are.
    ///
    /// Two passes: down the column, each wish joins the pooling as it is made and the lower
    /// bounds are made monotone on the way; up it, the upper bounds are, and each centre is
    /// clamped and written.
    @inline(__always)
    private func place(_ begin: Int, _ end: Int, _ c: UnsafeMutablePointer<Double>, towardParents: Bool, moved: inout Double) {
        guard begin < end else { return }
        let hasSlack = hasSlack
        let children = constraints.childStarts.base, parents = constraints.parentOfItem.base
        let above = slack.above.base, below = slack.below.base
        let lowerBounds = lowerBounds.base, upperBounds = upperBounds.base
        let blockOffset = blockOffsets.base, h = constraints.heights.base, padding = constraints.padding, budget = budget
        let means = means.base, blockWeights = blockWeights.base, lengths = lengths.base
        let count = end - begin
        let offsets = columnOffsets.base + begin, ends = siblingEnds.base
        // Pool adjacent violators: a stack of blocks (weighted mean, weight, length).
        var blocks = 0
        var lowest = -Double.infinity
        for position in 0..<count {
            let item = begin + position
            let offset = offsets[position]
            let first = Int(children[item]), last = Int(children[item + 1])
            // The wish, in z (no centre of this column moves before the second pass).
            var mean: Double, blockWeight: Double
            if towardParents {
                mean = c[Int(parents[item])] + blockOffset[item] - offset
                blockWeight = 1
            } else {
                mean = (first == last ? c[item] : (c[first] + c[last - 1]) / 2) - offset
                blockWeight = first == last ? 0.5 : Double(last - first) + 1
            }
            // Bounds from the box and from the neighbouring columns, which stay put. (Centres
            // are positive, so adding a zero slack would change nothing: it is skipped.)
            var lower = padding / 2 + h[item] / 2, upper = budget - padding / 2 - h[item] / 2
            if first < last {
                lower = max(lower, hasSlack ? c[first] - above[item] : c[first])
                upper = min(upper, hasSlack ? c[last - 1] + below[item] : c[last - 1])
            }
            let end = ends[item]
            if end != 0 {
                let parent = Int(parents[item])
                if end & 1 != 0 { upper = min(upper, hasSlack ? c[parent] + above[parent] : c[parent]) }
                if end & 2 != 0 { lower = max(lower, hasSlack ? c[parent] - below[parent] : c[parent]) }
            }
            // The current centre is feasible: keep it inside despite rounding.
            lower = min(lower, c[item])
            upper = max(upper, c[item])
            lowest = max(lower - offset, lowest)
            lowerBounds[position] = lowest
            upperBounds[position] = upper - offset
            var length = 1
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
        var position = count
        var highest = Double.infinity
        var largest = moved
        for block in stride(from: blocks - 1, through: 0, by: -1) {
            let mean = means[block]
            for _ in 0..<lengths[block] {
                position -= 1
                highest = min(upperBounds[position], highest)
                let z = min(max(mean, lowerBounds[position]), highest)
                let index = begin + position
                let center = z + offsets[position]
                largest = max(largest, abs(center - c[index]))
                c[index] = center
            }
        }
        moved = largest
    }
}
