/// The compact placement's centring sweeps (step 4 of `CompactPlacement`): each column, with
/// its neighbours fixed, is an isotonic regression in `z = c - cumulative separation` with
/// monotone bounds, solved by pooling adjacent violators and clamping. The scratch buffers are
/// sized for the longest column once and reused by every column of every sweep.
struct CompactSweeps {
    let constraints: CompactConstraints
    let slack: CompactConstraints.Slack
    let budget: Double
    private let offsets: PlacementBuffer<Double>
    private let lowerBounds: PlacementBuffer<Double>
    private let upperBounds: PlacementBuffer<Double>
    private let wishes: PlacementBuffer<Double>
    private let weights: PlacementBuffer<Double>
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
        offsets = PlacementBuffer(repeating: 0, count: longest)
        lowerBounds = PlacementBuffer(repeating: 0, count: longest)
        upperBounds = PlacementBuffer(repeating: 0, count: longest)
        wishes = PlacementBuffer(repeating: 0, count: longest)
        weights = PlacementBuffer(repeating: 0, count: longest)
        means = PlacementBuffer(repeating: 0, count: longest)
        blockWeights = PlacementBuffer(repeating: 0, count: longest)
        lengths = PlacementBuffer(repeating: 0, count: longest)
    }

    /// Runs up to `sweeps` sweeps over `centers`, stopping once no centre moves by 0.01.
    func run(_ centers: PlacementBuffer<Double>, sweeps: Int) {
        let sectionCount = constraints.sectionCount
        let starts = constraints.sectionStarts.base, children = constraints.childStarts.base
        let parents = constraints.parentOfItem.base, before = constraints.separationBefore.base
        let c = centers.base, wish = wishes.base, weight = weights.base
        for _ in 0..<sweeps {
            var moved = 0.0
            // Left to right: children as a block centred on their parent.
            for section in 1..<max(1, sectionCount) {
                let begin = Int(starts[section]), end = Int(starts[section + 1])
                var item = begin
                while item < end {
                    let parent = Int(parents[item])
                    let first = Int(children[parent]), last = Int(children[parent + 1])
                    var span = 0.0
                    for sibling in first + 1 ..< max(first + 1, last) { span += before[sibling] }
                    var offset = -span / 2
                    let parentCenter = c[parent]
                    for sibling in first..<last {
                        if sibling > first { offset += before[sibling] }
                        wish[sibling - begin] = parentCenter + offset
                        weight[sibling - begin] = 1
                    }
                    item = last
                }
                place(begin, end, c, moved: &moved)
            }
            // Right to left: parents at the middle of their children; leaves stay.
            for section in stride(from: sectionCount - 2, through: 0, by: -1) {
                let begin = Int(starts[section]), end = Int(starts[section + 1])
                for item in begin..<end {
                    let first = Int(children[item]), last = Int(children[item + 1])
                    if first == last {
                        wish[item - begin] = c[item]
                        weight[item - begin] = 0.5
                    } else {
                        wish[item - begin] = (c[first] + c[last - 1]) / 2
                        weight[item - begin] = Double(last - first) + 1
                    }
                }
                place(begin, end, c, moved: &moved)
            }
            if moved < 0.01 { break }  // settled
        }
    }

    /// Places the column `begin..<end` at its wishes (by position), within its bounds.
    @inline(__always)
    private func place(_ begin: Int, _ end: Int, _ c: UnsafeMutablePointer<Double>, moved: inout Double) {
        guard begin < end else { return }
        let padding = constraints.padding, budget = budget
        let children = constraints.childStarts.base, parents = constraints.parentOfItem.base
        let h = constraints.heights.base, before = constraints.separationBefore.base
        let above = slack.above.base, below = slack.below.base
        let offsets = offsets.base, lowerBounds = lowerBounds.base, upperBounds = upperBounds.base
        let wish = wishes.base, weight = weights.base
        let means = means.base, blockWeights = blockWeights.base, lengths = lengths.base
        let count = end - begin
        var offset = 0.0
        for position in 0..<count {
            let item = begin + position
            if position > 0 { offset += before[item] }
            offsets[position] = offset
            // Bounds from the box and from the neighbouring columns, which stay put.
            var lower = padding / 2 + h[item] / 2, upper = budget - padding / 2 - h[item] / 2
            let first = Int(children[item]), last = Int(children[item + 1])
            if first < last {
                lower = max(lower, c[first] - above[item])
                upper = min(upper, c[last - 1] + below[item])
            }
            let parent = Int(parents[item])
            if parent >= 0 {
                if item == Int(children[parent]) { upper = min(upper, c[parent] + above[parent]) }
                if item == Int(children[parent + 1]) - 1 { lower = max(lower, c[parent] - below[parent]) }
            }
            // The current centre is feasible: keep it inside despite rounding.
            lower = min(lower, c[item])
            upper = max(upper, c[item])
            lowerBounds[position] = max(lower - offset, position > 0 ? lowerBounds[position - 1] : -.infinity)
            upperBounds[position] = upper - offset
        }
        for z in stride(from: count - 2, through: 0, by: -1) { upperBounds[z] = min(upperBounds[z], upperBounds[z + 1]) }
        // Pool adjacent violators: a stack of blocks (weighted mean, weight, length).
        var blocks = 0
        for position in 0..<count {
            var mean = wish[position] - offsets[position], blockWeight = weight[position], length = 1
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
        var position = 0
        var largest = moved
        for block in 0..<blocks {
            let mean = means[block]
            for _ in 0..<lengths[block] {
                let z = min(max(mean, lowerBounds[position]), upperBounds[position])
                let index = begin + position
                let center = z + offsets[position]
                largest = max(largest, abs(center - c[index]))
                c[index] = center
                position += 1
            }
        }
        moved = largest
    }
}
