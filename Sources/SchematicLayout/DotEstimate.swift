/// Graphviz dot's placement of a tree's columns, estimated as dot makes its own
/// (`lib/common/ns.c`, as `position.c` calls it): the least total length of the parent–child
/// links along the columns, by network simplex on an auxiliary graph (a node per link, joined to
/// both ends with weight 1; neighbours in a column joined by their separation with weight 0),
/// then `LR_balance`: each part the objective leaves free moved to the middle of its room.
/// `tools/dot-estimate.py --ns` is the reference. Each pivot rebuilds the tree's numbering and
/// cut values (O(n) each, about n pivots), so it is for small trees only
/// (`CompactPlacement.dotEstimateItems`).
enum DotEstimate {
    /// The centres along the columns, for items in column order: `childStarts` (the children of
    /// item i are items `childStarts(i)..<childStarts(i + 1)`), whether an item is the first of
    /// its column, and its separation from the item before it in its column.
    static func centers(count n: Int, childStarts: (Int) -> Int, isFirstInColumn: (Int) -> Bool,
                        separationBefore: (Int) -> Double) -> [Double] {
        guard n > 0 else { return [] }
        var tails: [Int32] = [], heads: [Int32] = [], minlen: [Double] = [], weight: [Int] = []
        func add(_ tail: Int, _ head: Int, _ length: Double, _ w: Int) {
            tails.append(Int32(tail)); heads.append(Int32(head)); minlen.append(length); weight.append(w)
        }
        var auxiliary = n
        for parent in 0..<n {
            for child in childStarts(parent)..<childStarts(parent + 1) {
                add(auxiliary, parent, 0, 1)
                add(auxiliary, child, 0, 1)
                auxiliary += 1
            }
        }
        for item in 1..<n where !isFirstInColumn(item) { add(item - 1, item, separationBefore(item), 0) }
        let count = auxiliary, edgeCount = tails.count
        // Incident edges, as compressed rows.
        var incidentStarts = [Int](repeating: 0, count: count + 1)
        for i in 0..<edgeCount { incidentStarts[Int(tails[i]) + 1] += 1; incidentStarts[Int(heads[i]) + 1] += 1 }
        for v in 0..<count { incidentStarts[v + 1] += incidentStarts[v] }
        var incident = [Int](repeating: 0, count: 2 * edgeCount), filled = incidentStarts
        for i in 0..<edgeCount {
            incident[filled[Int(tails[i])]] = i; filled[Int(tails[i])] += 1
            incident[filled[Int(heads[i])]] = i; filled[Int(heads[i])] += 1
        }
        func other(_ i: Int, _ v: Int) -> Int { Int(tails[i]) == v ? Int(heads[i]) : Int(tails[i]) }
        // Longest paths from the sources: a feasible ranking.
        var rank = [Double](repeating: 0, count: count), waiting = [Int](repeating: 0, count: count)
        for i in 0..<edgeCount { waiting[Int(heads[i])] += 1 }
        var ready = (0..<count).filter { waiting[$0] == 0 }
        while let v = ready.popLast() {
            for slot in incidentStarts[v]..<incidentStarts[v + 1] {
                let i = incident[slot], head = Int(heads[i])
                guard Int(tails[i]) == v else { continue }
                rank[head] = max(rank[head], rank[v] + minlen[i])
                waiting[head] -= 1
                if waiting[head] == 0 { ready.append(head) }
            }
        }
        func slack(_ i: Int) -> Double { rank[Int(heads[i])] - rank[Int(tails[i])] - minlen[i] }
        let tolerance = 1e-6
        // A feasible spanning tree of tight edges (Gansner et al.'s feasible_tree).
        var inTree = [Bool](repeating: false, count: count), tree = [Bool](repeating: false, count: edgeCount)
        inTree[0] = true
        var size = 1
        while true {
            var stack = (0..<count).filter { inTree[$0] }
            while let v = stack.popLast() {
                for slot in incidentStarts[v]..<incidentStarts[v + 1] {
                    let i = incident[slot], w = other(i, v)
                    if !inTree[w] && abs(slack(i)) < tolerance {
                        inTree[w] = true
                        tree[i] = true
                        size += 1
                        stack.append(w)
                    }
                }
            }
            if size == count { break }
            var best = -1
            for i in 0..<edgeCount where inTree[Int(tails[i])] != inTree[Int(heads[i])] {
                if best < 0 || slack(i) < slack(best) { best = i }
            }
            // (Columns not all joined, which a tree's are not: the feasible ranking, unimproved.)
            guard best >= 0 else { return Array(rank[0..<n]) }
            let delta = inTree[Int(tails[best])] ? slack(best) : -slack(best)
            for v in 0..<count where inTree[v] { rank[v] += delta }
        }
        var low = [Int](repeating: 0, count: count), lim = [Int](repeating: 0, count: count)
        var parentEdge = [Int](repeating: -1, count: count), cut = [Int](repeating: 0, count: edgeCount)
        /// Ranks from the tree (its edges tight), low and lim by a postorder, and the cut values.
        func rebuild() {
            for v in 0..<count { parentEdge[v] = -1 }
            var seen = [Bool](repeating: false, count: count)
            seen[0] = true
            var order: [Int] = [], stack = [0]
            while let v = stack.popLast() {
                order.append(v)
                for slot in incidentStarts[v]..<incidentStarts[v + 1] {
                    let i = incident[slot], w = other(i, v)
                    guard tree[i] && !seen[w] else { continue }
                    seen[w] = true
                    parentEdge[w] = i
                    rank[w] = Int(tails[i]) == v ? rank[v] + minlen[i] : rank[v] - minlen[i]
                    stack.append(w)
                }
            }
            // Children lists, as compressed rows in preorder.
            var childCounts = [Int](repeating: 0, count: count + 1)
            for v in order.dropFirst() { childCounts[other(parentEdge[v], v) + 1] += 1 }
            for v in 0..<count { childCounts[v + 1] += childCounts[v] }
            var children = [Int](repeating: 0, count: max(0, count - 1)), next = childCounts
            for v in order.dropFirst() { let p = other(parentEdge[v], v); children[next[p]] = v; next[p] += 1 }
            var number = 0
            var post: [Int] = []
            post.reserveCapacity(count)
            var visits: [(Int, Bool)] = [(0, false)]
            while let (v, done) = visits.popLast() {
                if done {
                    number += 1
                    lim[v] = number
                    var least = number
                    for slot in childCounts[v]..<childCounts[v + 1] { least = min(least, low[children[slot]]) }
                    low[v] = least
                    post.append(v)
                    continue
                }
                visits.append((v, true))
                for slot in stride(from: childCounts[v + 1] - 1, through: childCounts[v], by: -1) { visits.append((children[slot], false)) }
            }
            for v in post {
                let f = parentEdge[v]
                guard f >= 0 else { continue }
                let direction = Int(tails[f]) == v ? 1 : -1
                var total = 0
                for slot in incidentStarts[v]..<incidentStarts[v + 1] {
                    let e = incident[slot], w = other(e, v)
                    let outside = !(low[v] <= lim[w] && lim[w] <= lim[v])
                    let value = outside ? weight[e] : (tree[e] ? cut[e] : 0) - weight[e]
                    var d = direction > 0 ? (Int(heads[e]) == v ? 1 : -1) : (Int(tails[e]) == v ? 1 : -1)
                    if outside { d = -d }
                    total += d > 0 ? value : -value
                }
                cut[f] = total
            }
        }
        /// The non-tree edge of least slack across e's cut, against e's direction.
        func entering(_ e: Int) -> Int? {
            let down: Int, outward: Bool
            if lim[Int(tails[e])] < lim[Int(heads[e])] { down = Int(tails[e]); outward = false } else { down = Int(heads[e]); outward = true }
            let lo = low[down], hi = lim[down]
            var best: Int?
            for i in 0..<edgeCount where !tree[i] {
                let tailIn = lo <= lim[Int(tails[i])] && lim[Int(tails[i])] <= hi
                let headIn = lo <= lim[Int(heads[i])] && lim[Int(heads[i])] <= hi
                guard outward ? (tailIn && !headIn) : (headIn && !tailIn) else { continue }
                if best == nil || slack(i) < slack(best!) { best = i }
            }
            return best
        }
        rebuild()
        for _ in 0..<(100 * count) {
            guard let leaving = (0..<edgeCount).first(where: { tree[$0] && cut[$0] < 0 }), let entered = entering(leaving) else { break }
            tree[leaving] = false
            tree[entered] = true
            rebuild()
        }
        func subtree(_ v: Int) -> [Int] {
            var out: [Int] = [], stack = [v]
            while let u = stack.popLast() {
                out.append(u)
                for slot in incidentStarts[u]..<incidentStarts[u + 1] {
                    let i = incident[slot]
                    if tree[i] && i != parentEdge[u] { stack.append(other(i, u)) }
                }
            }
            return out
        }
        for e in 0..<edgeCount where tree[e] && cut[e] == 0 {
            guard let f = entering(e), slack(f) > 1 else { continue }
            let delta = slack(f) / 2
            if lim[Int(tails[e])] < lim[Int(heads[e])] {
                for v in subtree(Int(tails[e])) { rank[v] -= delta }
            } else {
                for v in subtree(Int(heads[e])) { rank[v] += delta }
            }
        }
        return Array(rank[0..<n])
    }
}
