import Hierarchy

/// Placement along the columns that is as short as possible with every parent inside its
/// children's span, and then as centred as it can be within that height.
///
/// Centres `c` obey difference constraints only: in a column, `c[next] ≥ c[item] + separation`;
/// a parent lies between its first and last child, `c[first] ≤ c[parent] ≤ c[last]` (an only
/// child shares its parent's centre); every box lies inside `[0, height]`. So:
/// 1. The lowest feasible centres are longest paths in the constraint graph (single-child
///    chains merged into one node), found in O(n) in topological order (Kahn); they give the
///    smallest height. The same on the mirrored tree gives the highest centres at that height.
/// 2. Both are feasible and the feasible set is convex, so their average is a feasible start
///    (Brandes and Köpf balance extreme layouts the same way).
/// 3. Sweeps then centre: each column, with its neighbours fixed, is an isotonic regression in
///    `z = c - cumulative separation`, now with bounds from the neighbouring columns; the
///    bounds are made monotone (a running max from the top, min from the bottom), so pooling
///    adjacent violators and clamping solves it exactly and keeps every constraint. Left to
///    right, children wish to sit as a block centred on their parent; right to left, parents
///    wish to sit at the middle of their children. A fixed number of sweeps keeps it O(n).
/// Everything is iterative and on flat arrays.
enum CompactPlacement {
    /// The centre of every global item, or nil if the constraints cannot be ordered (not
    /// expected for a tree; the caller falls back to the tidy tree).
    static func centers(of sections: PlacementColumns, heights: [Double], padding: Double, sweeps: Int = 12) -> [Double]? {
        let count = sections.numberOfItems
        guard count > 0 else { return [] }
        let sectionCount = sections.numberOfSections
        // An only child shares its parent's centre: it joins its parent's group (parents come
        // first in global order, so one pass assigns every group).
        var group = [Int32](0..<Int32(count))
        for item in 0..<count {
            let parent = Int(sections.parentOfItem[item])
            if parent >= 0 && sections.childStarts[parent + 1] - sections.childStarts[parent] == 1 { group[item] = group[parent] }
        }
        var sectionOfItem = [Int32](repeating: 0, count: count)
        for section in 0..<sectionCount {
            for item in Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1]) { sectionOfItem[item] = Int32(section) }
        }
        func separation(_ a: Int, _ b: Int) -> Double { (heights[a] + heights[b]) / 2 + padding }
        func isFirstInSection(_ item: Int) -> Bool { item == Int(sections.sectionStarts[Int(sectionOfItem[item])]) }
        func isLastInSection(_ item: Int) -> Bool { item + 1 == Int(sections.sectionStarts[Int(sectionOfItem[item]) + 1]) }

        /// The constraint graph from the top (or, mirrored, from the bottom): edges between
        /// groups in adjacency form by source; `isSpanEdge` marks the parent-within-span ones.
        struct Graph {
            var start: [Int32], target: [Int32], weight: [Double], isSpanEdge: [Bool], groups: Int
        }
        func graph(mirrored: Bool) -> Graph {
            var from: [Int32] = [], to: [Int32] = [], weight: [Double] = [], span: [Bool] = []
            from.reserveCapacity(count * 2); to.reserveCapacity(count * 2); weight.reserveCapacity(count * 2); span.reserveCapacity(count * 2)
            for item in 0..<count {
                if mirrored ? !isLastInSection(item) : !isFirstInSection(item) {
                    let neighbour = mirrored ? item + 1 : item - 1
                    from.append(group[neighbour]); to.append(group[item]); weight.append(separation(neighbour, item)); span.append(false)
                }
                let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                if children.count >= 2 {
                    let near = mirrored ? children.upperBound - 1 : children.lowerBound
                    let far = mirrored ? children.lowerBound : children.upperBound - 1
                    from.append(group[near]); to.append(group[item]); weight.append(0); span.append(true)
                    from.append(group[item]); to.append(group[far]); weight.append(0); span.append(true)
                }
            }
            var start = [Int32](repeating: 0, count: count + 1)
            for edge in 0..<from.count { start[Int(from[edge]) + 1] += 1 }
            for node in 0..<count { start[node + 1] += start[node] }
            var fill = start
            var target = [Int32](repeating: 0, count: from.count), sorted = [Double](repeating: 0, count: from.count)
            var sortedSpan = [Bool](repeating: false, count: from.count)
            for edge in 0..<from.count {
                let slot = Int(fill[Int(from[edge])])
                target[slot] = to[edge]; sorted[slot] = weight[edge]; sortedSpan[slot] = span[edge]
                fill[Int(from[edge])] += 1
            }
            var groups = 0
            for node in 0..<count where group[node] == Int32(node) { groups += 1 }
            return Graph(start: start, target: target, weight: sorted, isSpanEdge: sortedSpan, groups: groups)
        }
        /// Lowest centres per item when parents may lie `slack` beyond their children's span:
        /// longest paths in Kahn's topological order; nil if the graph has a cycle.
        func lowest(_ graph: Graph, slack: Double) -> [Double]? {
            var indegree = [Int32](repeating: 0, count: count)
            for target in graph.target { indegree[Int(target)] += 1 }
            var value = [Double](repeating: 0, count: count)
            for item in 0..<count { value[Int(group[item])] = max(value[Int(group[item])], padding / 2 + heights[item] / 2) }
            var queue: [Int32] = []
            queue.reserveCapacity(graph.groups)
            for node in 0..<count where group[node] == Int32(node) && indegree[node] == 0 { queue.append(Int32(node)) }
            var head = 0
            while head < queue.count {
                let node = Int(queue[head])
                head += 1
                for slot in Int(graph.start[node])..<Int(graph.start[node + 1]) {
                    let target = Int(graph.target[slot])
                    value[target] = max(value[target], value[node] + graph.weight[slot] - (graph.isSpanEdge[slot] ? slack : 0))
                    indegree[target] -= 1
                    if indegree[target] == 0 { queue.append(Int32(target)) }
                }
            }
            guard queue.count == graph.groups else { return nil }
            return (0..<count).map { value[Int(group[$0])] }
        }
        func extent(_ low: [Double]) -> Double {
            var height = 0.0
            for item in 0..<count { height = max(height, low[item] + heights[item] / 2 + padding / 2) }
            return height
        }

        // The smallest height any placement with aligned only children has (no span
        // constraints), then the least slack that reaches it (bisection to a pixel).
        let forward = graph(mirrored: false)
        guard let loosest = lowest(forward, slack: .infinity) else { return nil }
        let height = extent(loosest)
        var slack = 0.0
        // Very large trees keep every parent inside its span: the bisection would cost ~25 passes.
        if count <= 200_000, let tight = lowest(forward, slack: 0), extent(tight) > height + 0.5 {
            var low = 0.0, high = height
            while high - low > 0.5 {
                let middle = (low + high) / 2
                if let trial = lowest(forward, slack: middle), extent(trial) <= height + 0.5 { high = middle } else { low = middle }
            }
            slack = high
        }
        /// The placement at one slack: the balanced start, then the centring sweeps.
        func placed(slack: Double) -> (centers: [Double], height: Double)? {
            guard let low = lowest(forward, slack: slack), let mirroredLow = lowest(backward, slack: slack) else { return nil }
            let budget = max(height, extent(low))
            var centers = [Double](repeating: 0, count: count)
            for item in 0..<count {
                let high = max(low[item], budget - mirroredLow[item])
                centers[item] = (low[item] + high) / 2
            }

            var wishes = [Double](repeating: 0, count: count)
            var weights = [Double](repeating: 1, count: count)
            // Buffers reused by every column of every sweep.
            var offsets: [Double] = [], lowerBounds: [Double] = [], upperBounds: [Double] = []
            var means: [Double] = [], blockWeights: [Double] = [], lengths: [Int] = []
            var moved = 0.0

            func place(section: Int) {
                let items = Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1])
                guard !items.isEmpty else { return }
                offsets.removeAll(keepingCapacity: true)
                lowerBounds.removeAll(keepingCapacity: true)
                upperBounds.removeAll(keepingCapacity: true)
                var offset = 0.0
                for item in items {
                    if item > items.lowerBound { offset += separation(item - 1, item) }
                    offsets.append(offset)
                    // Bounds from the box and from the neighbouring columns, which stay put.
                    var lower = padding / 2 + heights[item] / 2, upper = budget - padding / 2 - heights[item] / 2
                    let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                    let only = children.count == 1 ? 0 : slack
                    if !children.isEmpty {
                        lower = max(lower, centers[children.lowerBound] - only)
                        upper = min(upper, centers[children.upperBound - 1] + only)
                    }
                    let parent = Int(sections.parentOfItem[item])
                    if parent >= 0 {
                        let siblings = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
                        let allowance = siblings.count == 1 ? 0 : slack
                        if item == siblings.lowerBound { upper = min(upper, centers[parent] + allowance) }
                        if item == siblings.upperBound - 1 { lower = max(lower, centers[parent] - allowance) }
                    }
                    // The current centre is feasible: keep it inside despite rounding.
                    lower = min(lower, centers[item])
                    upper = max(upper, centers[item])
                    let z = offsets.count - 1
                    lowerBounds.append(max(lower - offset, z > 0 ? lowerBounds[z - 1] : -.infinity))
                    upperBounds.append(upper - offset)
                }
                for z in stride(from: upperBounds.count - 2, through: 0, by: -1) { upperBounds[z] = min(upperBounds[z], upperBounds[z + 1]) }
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
                var position = 0
                for (block, mean) in means.enumerated() {
                    for _ in 0..<lengths[block] {
                        let z = min(max(mean, lowerBounds[position]), upperBounds[position])
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
                        for sibling in siblings.dropFirst() { span += separation(sibling - 1, sibling) }
                        var offset = -span / 2
                        for sibling in siblings {
                            if sibling > siblings.lowerBound { offset += separation(sibling - 1, sibling) }
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
            return (centers, budget)
        }

        // Candidates from "every parent inside its span" (taller) to the smallest height; the
        // best trade of height against centring wins, as in a drawing a reader must scroll:
        // height² × (mean offset + mean item height + padding), parents outside counted in.
        let backward = graph(mirrored: true)
        let meanHeight = heights.reduce(0, +) / Double(count)
        let fractions: [Double] = slack == 0 ? [0] : [0, 0.125, 0.25, 0.5, 1]
        var best: (score: Double, centers: [Double])? = nil
        for fraction in fractions {
            guard let candidate = placed(slack: slack * fraction) else { continue }
            var offsets = 0.0, parents = 0, outside = 0
            for item in 0..<count {
                let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                guard !children.isEmpty else { continue }
                let first = candidate.centers[children.lowerBound], last = candidate.centers[children.upperBound - 1]
                let center = candidate.centers[item]
                offsets += abs(center - (first + last) / 2)
                parents += 1
                if center < first - 1 || center > last + 1 { outside += 1 }
            }
            let meanOffset = parents == 0 ? 0 : offsets / Double(parents)
            let outsideShare = parents == 0 ? 0 : Double(outside) / Double(parents)
            let score = candidate.height * candidate.height * (meanOffset + meanHeight + padding) * (1 + 4 * outsideShare)
            if best == nil || score < best!.score { best = (score, candidate.centers) }
        }
        return best?.centers
    }
}
