import Hierarchy

/// Placement along the columns that is short, with parents inside their children's span and
/// centred on them as far as that height allows.
///
/// Centres `c` obey difference constraints only: in a column, `c[next] ≥ c[item] + separation`;
/// a parent lies between its first and last child, `c[first] ≤ c[parent] ≤ c[last]` (an only
/// child shares its parent's centre); every box lies inside `[0, height]`. So:
/// 1. The lowest feasible centres are longest paths in the constraint graph (single-child
///    chains merged into one node), found in O(n) in topological order (Kahn); they give the
///    tight height. The same on the mirrored tree gives the highest centres at that height.
/// 2. A lower target height (down to the stacked columns') is reached by critical-path slack:
///    only the span constraints, and only-child alignments, on chains of constraints taller
///    than the target give way, each by its chains' excess. The target is the least (by a
///    bisection of a few placements) whose placement still reads: at most one parent in fifty
///    outside its span, mean offset at most half a column's pitch. Otherwise the tight height.
/// 3. The lowest and highest centres are both feasible and the feasible set is convex, so their
///    average is a feasible start (Brandes and Köpf balance extreme layouts the same way).
/// 4. Sweeps then centre: each column, with its neighbours fixed, is an isotonic regression in
///    `z = c - cumulative separation`, now with bounds from the neighbouring columns; the
///    bounds are made monotone (a running max from the top, min from the bottom), so pooling
///    adjacent violators and clamping solves it exactly and keeps every constraint. Left to
///    right, children wish to sit as a block centred on their parent; right to left, parents
///    wish to sit at the middle of their children. A fixed number of sweeps keeps it O(n).
/// Everything is iterative and on flat arrays.
enum CompactPlacement {
    /// The centre of every global item, or nil if the constraints cannot be ordered (not
    /// expected for a tree; the caller falls back to the tidy tree). Items marked in
    /// `standIns` (an overhanging block's stand-ins, each an only child) always keep their
    /// parent's centre and are not counted as children when judging how a placement reads.
    static func centers(of sections: PlacementColumns, heights: [Double], padding: Double, sweeps: Int = 12,
                        standIns: [Bool] = []) -> [Double]? {
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
        func isStandIn(_ item: Int) -> Bool { !standIns.isEmpty && standIns[item] }
        func isFirstInSection(_ item: Int) -> Bool { item == Int(sections.sectionStarts[Int(sectionOfItem[item])]) }
        func isLastInSection(_ item: Int) -> Bool { item + 1 == Int(sections.sectionStarts[Int(sectionOfItem[item]) + 1]) }

        /// The constraint graph from the top (or, mirrored, from the bottom: the same graph
        /// reversed): edges between groups in adjacency form by source. A span edge carries the
        /// parent it bounds and which side: the parent above its first child, or below its last.
        struct Graph {
            var start: [Int32], target: [Int32], weight: [Double], spanParent: [Int32], spanBelow: [Bool], groups: Int
        }
        func graph(mirrored: Bool) -> Graph {
            var from: [Int32] = [], to: [Int32] = [], weight: [Double] = [], owner: [Int32] = [], below: [Bool] = []
            from.reserveCapacity(count * 2); to.reserveCapacity(count * 2); weight.reserveCapacity(count * 2)
            owner.reserveCapacity(count * 2); below.reserveCapacity(count * 2)
            for item in 0..<count {
                if mirrored ? !isLastInSection(item) : !isFirstInSection(item) {
                    let neighbour = mirrored ? item + 1 : item - 1
                    from.append(group[neighbour]); to.append(group[item]); weight.append(separation(neighbour, item))
                    owner.append(-1); below.append(false)
                }
                let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                if children.count >= 2 {
                    let near = mirrored ? children.upperBound - 1 : children.lowerBound
                    let far = mirrored ? children.lowerBound : children.upperBound - 1
                    // From the top, `first → parent` bounds the parent above its first child and
                    // `parent → last` below its last; mirrored, the other way round.
                    from.append(group[near]); to.append(group[item]); weight.append(0); owner.append(Int32(item)); below.append(mirrored)
                    from.append(group[item]); to.append(group[far]); weight.append(0); owner.append(Int32(item)); below.append(!mirrored)
                }
            }
            var start = [Int32](repeating: 0, count: count + 1)
            for edge in 0..<from.count { start[Int(from[edge]) + 1] += 1 }
            for node in 0..<count { start[node + 1] += start[node] }
            var fill = start
            var target = [Int32](repeating: 0, count: from.count), sorted = [Double](repeating: 0, count: from.count)
            var sortedOwner = [Int32](repeating: -1, count: from.count), sortedBelow = [Bool](repeating: false, count: from.count)
            for edge in 0..<from.count {
                let slot = Int(fill[Int(from[edge])])
                target[slot] = to[edge]; sorted[slot] = weight[edge]; sortedOwner[slot] = owner[edge]; sortedBelow[slot] = below[edge]
                fill[Int(from[edge])] += 1
            }
            var groups = 0
            for node in 0..<count where group[node] == Int32(node) { groups += 1 }
            return Graph(start: start, target: target, weight: sorted, spanParent: sortedOwner, spanBelow: sortedBelow, groups: groups)
        }
        /// How far each parent may lie beyond its first child (`above`) or its last (`below`).
        struct Slack {
            var above: [Double], below: [Double]
            static func uniform(_ value: Double, count: Int) -> Slack {
                Slack(above: [Double](repeating: value, count: count), below: [Double](repeating: value, count: count))
            }
        }
        /// Lowest centres per item under the given slack: longest paths in Kahn's topological
        /// order; nil if the graph has a cycle.
        func lowest(_ graph: Graph, slack: Slack) -> [Double]? {
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
                    let owner = Int(graph.spanParent[slot])
                    let relief = owner < 0 ? 0 : (graph.spanBelow[slot] ? slack.below[owner] : slack.above[owner])
                    value[target] = max(value[target], value[node] + graph.weight[slot] - relief)
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

        // Heights: the stacked columns' (the least any placement has) and, with every parent
        // inside its span and only children aligned, the longest chains of constraints from the
        // top and from the bottom, to each item.
        var stackedHeight = 0.0
        for section in 0..<sectionCount {
            var stack = 0.0
            for item in Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1]) { stack += heights[item] + padding }
            stackedHeight = max(stackedHeight, stack)
        }
        var forward = graph(mirrored: false), backward = graph(mirrored: true)
        guard let fromTop = lowest(forward, slack: .uniform(0, count: count)),
              let fromBottom = lowest(backward, slack: .uniform(0, count: count)) else { return nil }
        let tightHeight = extent(fromTop)
        // Per item, the longest chain into its own centre from the top through its own
        // constraints (not those of the rest of its group), and out of it to the bottom.
        // (Only needed when lower targets are tried.)
        let steps = tightHeight > stackedHeight + 0.5 ? targetSteps(count: count) : 0
        let chainCount = steps > 0 ? count : 0
        var into = [Double](repeating: 0, count: chainCount), outOf = [Double](repeating: 0, count: chainCount)
        for item in 0..<chainCount {
            var top = padding / 2 + heights[item] / 2, bottom = top
            if !isFirstInSection(item) { top = max(top, fromTop[item - 1] + separation(item - 1, item)) }
            if !isLastInSection(item) { bottom = max(bottom, fromBottom[item + 1] + separation(item, item + 1)) }
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            if children.count >= 2 {
                top = max(top, fromTop[children.lowerBound])
                bottom = max(bottom, fromBottom[children.upperBound - 1])
            }
            let parent = Int(sections.parentOfItem[item])
            if parent >= 0 {
                let siblings = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
                if siblings.count >= 2 && item == siblings.upperBound - 1 { top = max(top, fromTop[parent]) }
                if siblings.count >= 2 && item == siblings.lowerBound { bottom = max(bottom, fromBottom[parent]) }
            }
            into[item] = top
            outOf[item] = bottom
        }
        // Along each chain of only children: the most of those over the item and its aligned
        // ancestors (parents come first in global order), and over it and its aligned descendants.
        var intoAbove = into, outOfAbove = outOf, intoBelow = into, outOfBelow = outOf
        for item in 0..<chainCount where group[item] != Int32(item) {
            let parent = Int(sections.parentOfItem[item])
            intoAbove[item] = max(intoAbove[item], intoAbove[parent])
            outOfAbove[item] = max(outOfAbove[item], outOfAbove[parent])
        }
        for item in stride(from: chainCount - 1, through: 0, by: -1) where group[item] != Int32(item) {
            let parent = Int(sections.parentOfItem[item])
            intoBelow[parent] = max(intoBelow[parent], intoBelow[item])
            outOfBelow[parent] = max(outOfBelow[parent], outOfBelow[item])
        }

        /// Critical-path slack for a target height (at least the stacked one): a parent may
        /// leave its span only by as much as the chains through that constraint exceed the
        /// target, and an only child leaves its parent's line only when a chain through the two
        /// does. Every chain taller than the target then fits: it runs through a span constraint
        /// whose relief is at least its excess, or between two aligned items, now apart.
        /// Parents on no critical chain stay inside their span. Returns the slack and how many
        /// parents it lets out.
        func criticalSlack(height: Double) -> (slack: Slack, released: Int) {
            var slack = Slack.uniform(0, count: count)
            var released = 0
            for item in 0..<count {
                let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                if children.count >= 2 {
                    slack.above[item] = max(0, fromTop[children.lowerBound] + fromBottom[item] - height)
                    slack.below[item] = max(0, fromTop[item] + fromBottom[children.upperBound - 1] - height)
                    if slack.above[item] > 0 || slack.below[item] > 0 { released += 1 }
                } else if children.count == 1 && !isStandIn(children.lowerBound) {
                    let child = children.lowerBound
                    if max(intoAbove[item] + outOfBelow[child], intoBelow[child] + outOfAbove[item]) > height + 0.5 {
                        slack.above[item] = .infinity
                        slack.below[item] = .infinity
                        released += 1
                    }
                }
            }
            return (slack, released)
        }

        let alignedGroup = group, alignedForward = forward, alignedBackward = backward
        /// The placement at one slack: the balanced start, then the centring sweeps.
        func placed(height: Double, slack: Slack) -> (centers: [Double], height: Double)? {
            // Released only children leave their parent's group.
            var regrouped = false
            group = alignedGroup
            for item in 0..<count where group[item] != Int32(item) {
                let parent = Int(sections.parentOfItem[item])
                if slack.above[parent] > 0 { group[item] = Int32(item); regrouped = true } else { group[item] = group[parent] }
            }
            if regrouped {
                forward = graph(mirrored: false); backward = graph(mirrored: true)
            } else {
                forward = alignedForward; backward = alignedBackward
            }
            let isTight = !regrouped && slack.above.allSatisfy({ $0 == 0 }) && slack.below.allSatisfy({ $0 == 0 })
            guard let low = isTight ? fromTop : lowest(forward, slack: slack),
                  let mirroredLow = isTight ? fromBottom : lowest(backward, slack: slack) else { return nil }
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
                    if !children.isEmpty {
                        lower = max(lower, centers[children.lowerBound] - slack.above[item])
                        upper = min(upper, centers[children.upperBound - 1] + slack.below[item])
                    }
                    let parent = Int(sections.parentOfItem[item])
                    if parent >= 0 {
                        let siblings = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
                        if item == siblings.lowerBound { upper = min(upper, centers[parent] + slack.above[parent]) }
                        if item == siblings.upperBound - 1 { lower = max(lower, centers[parent] - slack.below[parent]) }
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

        /// How a placement reads: parents beyond their children's span, and the mean distance
        /// of parents from their children's middle.
        func reading(_ centers: [Double]) -> (outside: Int, meanOffset: Double) {
            var outside = 0, parents = 0, total = 0.0
            for item in 0..<count {
                let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
                guard !children.isEmpty, !isStandIn(children.lowerBound) else { continue }
                let first = centers[children.lowerBound], last = centers[children.upperBound - 1]
                total += abs(centers[item] - (first + last) / 2)
                parents += 1
                if centers[item] < first - 1 || centers[item] > last + 1 { outside += 1 }
            }
            return (outside, parents == 0 ? 0 : total / Double(parents))
        }

        // The target height: the least, from the stacked height up to the tight one, whose
        // placement keeps almost every parent within its span and parents near their
        // children's middle on average (bisection over a few fractions of the way).
        guard steps > 0 else { return placed(height: tightHeight, slack: .uniform(0, count: count))?.centers }
        var parents = 0
        for item in 0..<count where sections.childStarts[item + 1] > sections.childStarts[item]
            && !isStandIn(Int(sections.childStarts[item])) { parents += 1 }
        var pitch = 0.0, pitched = 0
        for item in 0..<count where !isStandIn(item) { pitch += heights[item] + padding; pitched += 1 }
        pitch /= Double(max(1, pitched))
        let limits = readingLimits(parents: parents, pitch: pitch)
        guard var best = placed(height: tightHeight, slack: .uniform(0, count: count))?.centers else { return nil }
        var low = 0.0, high = 1.0
        for _ in 0..<steps {
            let middle = (low + high) / 2
            let target = stackedHeight + middle * (tightHeight - stackedHeight)
            guard let candidate = placed(height: target, slack: criticalSlack(height: target).slack) else { return nil }
            let read = reading(candidate.centers)
            if read.outside <= limits.outside && read.meanOffset <= limits.meanOffset {
                best = candidate.centers
                high = middle
            } else {
                low = middle
            }
        }
        return best
    }

    /// Bisection steps over the target height (each one placement).
    /// Trees beyond 50,000 items take the tight placement only: one placement, as fast as can be.
    static func targetSteps(count: Int) -> Int { count <= 50_000 ? 6 : 0 }

    /// The most parents outside their span, and the largest mean offset, a placement may have.
    /// One parent in fifty (at least one) and half the mean pitch of a column: less than
    /// Graphviz's dot allows itself on the real trees of `samples/real`.
    static func readingLimits(parents: Int, pitch: Double) -> (outside: Int, meanOffset: Double) {
        (max(1, parents / 50), pitch / 2)
    }
}
