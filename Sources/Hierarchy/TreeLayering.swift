/// A DAG's nodes hung by their deepest parent, so that its edges run down the columns.
extension Tree {
    /// Hangs each node one level below its deepest parent (the longest path to it from a
    /// root), so that every edge of a DAG goes down the levels: one level (a tree edge, or an
    /// additional parent drawn beside the buses) or several (drawn across the columns between),
    /// never back up, as Graphviz ranks its nodes. Under first parents, a node's other parents
    /// were as deep as it or deeper for a third of a DAG's extra edges (Graphviz's
    /// `abstract.gv`: 16 of 68 edges), and those cannot be drawn.
    ///
    /// A node's primary parent becomes the first of its parents one level up (its own first
    /// parent where that is one); the others stay additional parents, in order. Edges that
    /// close a cycle (found by a depth-first walk from the roots in node order, each node's
    /// primary children before its additional ones) are left where they are, as additional
    /// parents for `SectionedTree` to leave out or refuse. A forest without additional parents
    /// is unchanged. O(V + E), no recursion.
    public mutating func layerByLongestPaths() {
        guard !additionalParents.isEmpty else { return }
        let count = self.count
        // Each node's parents, its primary first (the order a node's new primary is chosen in).
        func parentsOf(_ node: Int) -> [Int32] {
            (parents[node] >= 0 ? [parents[node]] : []) + (additionalParents[Int32(node)] ?? [])
        }
        // Edges as (parent, child), primary ones first, in child order: the walk's child lists.
        var edgeParent: [Int32] = [], edgeChild: [Int32] = []
        for node in 0..<count where parents[node] >= 0 {
            edgeParent.append(parents[node]); edgeChild.append(Int32(node))
        }
        for node in additionalParents.keys.sorted() {
            for parent in additionalParents[node]! where parent != parents[Int(node)] {
                edgeParent.append(parent); edgeChild.append(node)
            }
        }
        // Children lists (CSR), each in edge order.
        var firstEdge = [Int32](repeating: 0, count: count + 1)
        for parent in edgeParent { firstEdge[Int(parent) + 1] += 1 }
        for node in 0..<count { firstEdge[node + 1] += firstEdge[node] }
        var fill = firstEdge, edgesOf = [Int32](repeating: 0, count: edgeParent.count)
        for edge in edgeParent.indices {
            edgesOf[Int(fill[Int(edgeParent[edge])])] = Int32(edge)
            fill[Int(edgeParent[edge])] += 1
        }
        // The walk: an edge to a node on the path is a back edge, left out of the ranking.
        var closesCycle = [Bool](repeating: false, count: edgeParent.count)
        var state = [UInt8](repeating: 0, count: count)  // 0 unseen, 1 on the path, 2 done
        var path: [(node: Int32, next: Int32)] = []
        let starts = (0..<count).filter { parents[$0] < 0 } + Array(0..<count)
        for start in starts where state[start] == 0 {
            state[start] = 1
            path.append((Int32(start), firstEdge[start]))
            while let (node, next) = path.last {
                guard next < firstEdge[Int(node) + 1] else {
                    state[Int(node)] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let edge = Int(edgesOf[Int(next)]), child = Int(edgeChild[edge])
                switch state[child] {
                case 1: closesCycle[edge] = true
                case 0:
                    state[child] = 1
                    path.append((Int32(child), firstEdge[child]))
                default: break
                }
            }
        }
        // Longest paths over the other edges (Kahn's order).
        var waiting = [Int32](repeating: 0, count: count)
        for edge in edgeParent.indices where !closesCycle[edge] { waiting[Int(edgeChild[edge])] += 1 }
        var depth = [Int32](repeating: 0, count: count)
        var queue = (0..<count).filter { waiting[$0] == 0 }.map(Int32.init), head = 0
        while head < queue.count {
            let node = Int(queue[head])
            head += 1
            for slot in Int(firstEdge[node])..<Int(firstEdge[node + 1]) {
                let edge = Int(edgesOf[slot])
                guard !closesCycle[edge] else { continue }
                let child = Int(edgeChild[edge])
                depth[child] = max(depth[child], depth[node] + 1)
                waiting[child] -= 1
                if waiting[child] == 0 { queue.append(Int32(child)) }
            }
        }
        // Each node under its first parent one level up (one without additional parents
        // stays under its only parent).
        for key in additionalParents.keys.sorted() where depth[Int(key)] > 0 {
            let node = Int(key), all = parentsOf(node)
            guard let primary = all.first(where: { depth[Int($0)] == depth[node] - 1 }), primary != parents[node] else { continue }
            var additional = all.filter { $0 != primary }
            // (A repeated edge stays once.)
            var seen = Set<Int32>()
            additional = additional.filter { seen.insert($0).inserted }
            setParents(of: node, primary: primary, additional: additional)
        }
    }
}
