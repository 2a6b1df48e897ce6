import Hierarchy

/// Vertical placement that keeps the drawing as short as the talk's stacked columns (the
/// tallest column sets the height) while bringing parents as close as it can to the middle of
/// their children.
///
/// The problem, per column: place items in order, `padding` apart, inside the height, as near
/// as possible to where their neighbours in the tree want them. Written with centres `c` and
/// the cumulative separations `S`, `z = c - S` must be non-decreasing and within one interval,
/// so each column's best placement for given wishes is an isotonic regression, solved exactly
/// in linear time by pooling adjacent violators, then clipped to the interval. Sweeps
/// alternate: left to right, children wish to sit as a block centred on their parent; right
/// to left, parents wish to sit at the middle of their children. A fixed number of sweeps keeps
/// the whole O(n).
enum CompactPlacement {
    /// Tries a few height budgets, from the tallest stacked column up to the tidy tree's
    /// height, and keeps the one with the best trade of height against centring: the smallest
    /// `height × (mean parent offset + mean item height + padding)`.
    static func centers(of sections: SectionedTree, heights: [Double], padding: Double, tidyHeight: Double) -> [Double] {
        var stacked = 0.0
        for section in 0..<sections.numberOfSections {
            var total = 0.0
            for item in Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1]) { total += heights[item] + padding }
            stacked = max(stacked, total)
        }
        let meanHeight = heights.reduce(0, +) / Double(max(1, heights.count))
        var best: (score: Double, centers: [Double])? = nil
        // Five budgets for ordinary trees; two for very large ones, to stay near linear cost.
        let steps = tidyHeight > stacked * 1.001 ? (heights.count > 200_000 ? 1 : 3) : 0
        for step in 0...steps {
            let budget = stacked + (tidyHeight - stacked) * Double(step) / Double(max(steps, 1))
            let candidate = centers(of: sections, heights: heights, padding: padding, budget: budget)
            let score = budget * budget * (meanOffset(candidate, sections) + meanHeight + padding)
            if best == nil || score < best!.score { best = (score, candidate) }
        }
        return best!.centers
    }

    /// Mean distance of parents from the middle of their children's span.
    static func meanOffset(_ centers: [Double], _ sections: SectionedTree) -> Double {
        var total = 0.0, parents = 0
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            total += abs(centers[item] - (centers[children.lowerBound] + centers[children.upperBound - 1]) / 2)
            parents += 1
        }
        return parents == 0 ? 0 : total / Double(parents)
    }

    static func centers(of sections: SectionedTree, heights: [Double], padding: Double, budget: Double, sweeps: Int = 10) -> [Double] {
        let count = sections.numberOfItems
        let sectionCount = sections.numberOfSections
        // Start stacked from the top.
        var centers = [Double](repeating: 0, count: count)
        for section in 0..<sectionCount {
            var top = padding / 2
            for item in Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1]) {
                centers[item] = top + heights[item] / 2
                top += heights[item] + padding
            }
        }
        var wishes = [Double](repeating: 0, count: count)
        var weights = [Double](repeating: 1, count: count)
        // Buffers reused by every column of every sweep.
        var offsets: [Double] = [], means: [Double] = [], blockWeights: [Double] = [], lengths: [Int] = []
        var moved = 0.0

        func place(section: Int) {
            let items = Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1])
            guard !items.isEmpty else { return }
            // z-space targets: wish minus the cumulative separation before the item.
            offsets.removeAll(keepingCapacity: true)
            offsets.append(0)
            for item in items.dropFirst() {
                offsets.append(offsets[offsets.count - 1] + (heights[item - 1] + heights[item]) / 2 + padding)
            }
            // Pool adjacent violators: blocks of (weighted mean, weight, length).
            means.removeAll(keepingCapacity: true)
            blockWeights.removeAll(keepingCapacity: true)
            lengths.removeAll(keepingCapacity: true)
            for (position, item) in items.enumerated() {
                var mean = wishes[item] - offsets[position], weight = weights[item], length = 1
                while let last = means.last, last > mean {
                    let lastWeight = blockWeights.removeLast()
                    means.removeLast()
                    mean = (last * lastWeight + mean * weight) / (lastWeight + weight)
                    weight += lastWeight
                    length += lengths.removeLast()
                }
                means.append(mean)
                blockWeights.append(weight)
                lengths.append(length)
            }
            let first = items.lowerBound, last = items.upperBound - 1
            let lower = padding / 2 + heights[first] / 2
            let upper = budget - padding / 2 - heights[last] / 2 - offsets[items.count - 1]
            var position = 0
            for (block, mean) in means.enumerated() {
                let z = min(max(mean, lower), max(lower, upper))
                for _ in 0..<lengths[block] {
                    let index = items.lowerBound + position
                    let center = z + offsets[position]
                    moved = max(moved, abs(center - centers[index]))
                    centers[index] = center
                    position += 1
                }
            }
        }

        for _ in 0..<sweeps {
            moved = 0
            // Left to right: children as a block centred on their parent.
            for section in 1..<max(1, sectionCount) {
                let items = Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1])
                var item = items.lowerBound
                while item < items.upperBound {
                    let parent = Int(sections.parentOfItem[item])
                    let siblings = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
                    var span = 0.0
                    for sibling in siblings.dropFirst() { span += (heights[sibling - 1] + heights[sibling]) / 2 + padding }
                    var offset = -span / 2
                    for sibling in siblings {
                        if sibling > siblings.lowerBound { offset += (heights[sibling - 1] + heights[sibling]) / 2 + padding }
                        wishes[sibling] = centers[parent] + offset
                        weights[sibling] = 1
                    }
                    item = siblings.upperBound
                }
                place(section: section)
            }
            // Right to left: parents at the middle of their children; leaves stay.
            for section in stride(from: sectionCount - 2, through: 0, by: -1) {
                for item in Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1]) {
                    let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                    if children.isEmpty {
                        wishes[item] = centers[item]
                        weights[item] = 0.5
                    } else {
                        wishes[item] = (centers[children.lowerBound] + centers[children.upperBound - 1]) / 2
                        weights[item] = Double(children.count) + 1
                    }
                }
                place(section: section)
            }
            if moved < 0.01 { break }  // settled
        }
        return centers
    }
}
