/// Cutting a tree at a depth: `--max-depth` for inputs other than directories (whose walk stops
/// there itself).
extension Tree {
    /// Each node's depth (0 for a root) along its primary parents, in O(n) whatever the node
    /// order (readers of rows in any order set parents after their children), without
    /// recursion. On a cycle of parents (which readers refuse) the walk's last node before it
    /// closes counts as a root, so every depth stays finite.
    public func depths() -> [Int32] {
        var depth = [Int32](repeating: -1, count: count)
        var chain: [Int] = []
        for start in 0..<count where depth[start] < 0 {
            // Up to the first node whose depth is known (or a root), then back down.
            var node = start
            depth[node] = -2
            chain.append(node)
            var known: Int32 = -1
            while true {
                let parent = Int(parents[node])
                if parent < 0 { break }
                if depth[parent] >= 0 { known = depth[parent]; break }
                if depth[parent] == -2 { break }  // a cycle: its node nearest the top counts as a root
                depth[parent] = -2
                chain.append(parent)
                node = parent
            }
            var next = known + 1
            while let node = chain.popLast() {
                depth[node] = next
                next += 1
            }
            if depth[start] < 0 { depth[start] = 0 }
        }
        for node in 0..<count where depth[node] < 0 { depth[node] = 0 }
        return depth
    }

    /// The tree without the nodes more than `maxDepth` levels below their root, in the same
    /// order, with their labels, types, ids, attributes, warnings, and the additional parents
    /// between nodes that are kept; each kept node at `maxDepth` whose descendants were left
    /// out counts them (`NodeAttributes.hiddenBelow`). `self` if nothing is that deep.
    public func keepingLevels(_ maxDepth: Int) -> Tree {
        let depth = depths()
        guard depth.contains(where: { Int($0) > maxDepth }) else { return self }
        // Descendants left out, summed from the deepest level up (nodes bucketed by depth: O(n)).
        let deepest = Int(depth.max() ?? 0)
        var levelStarts = [Int](repeating: 0, count: deepest + 2)
        for node in 0..<count { levelStarts[Int(depth[node]) + 1] += 1 }
        for level in 0...deepest { levelStarts[level + 1] += levelStarts[level] }
        var byDepth = [Int32](repeating: 0, count: count), next = levelStarts
        for node in 0..<count { byDepth[next[Int(depth[node])]] = Int32(node); next[Int(depth[node])] += 1 }
        var below = [Int32](repeating: 0, count: count)
        for index in stride(from: count - 1, through: levelStarts[maxDepth + 1], by: -1) {
            let node = Int(byDepth[index]), parent = Int(parents[node])
            if parent >= 0 { below[parent] += 1 + below[node] }
        }
        var newIndex = [Int32](repeating: -1, count: count)
        var kept = Tree()
        kept.warnings = warnings
        // Nodes are added in order, so a parent added later than its child (rows in any order)
        // is set once both exist.
        var laterParents: [(node: Int, parent: Int)] = []
        for node in 0..<count where Int(depth[node]) <= maxDepth {
            let parent = Int(parents[node])
            let mapped = parent >= 0 ? Int(newIndex[parent]) : -1
            let index = kept.addNode(label: labels[node], type: types[node], id: id(of: node), parent: mapped >= 0 ? mapped : nil)
            if parent >= 0 && mapped < 0 { laterParents.append((index, parent)) }
            newIndex[node] = Int32(index)
            var attributes = attributes(of: node)
            if Int(depth[node]) == maxDepth && below[node] > 0 {
                attributes = attributes ?? NodeAttributes()
                attributes!.hiddenBelow = Int(below[node])
            }
            if let attributes { kept.setAttributes(attributes, of: index) }
        }
        for (node, parent) in laterParents { kept.setParent(Int(newIndex[parent]), of: node) }
        for (node, extra) in additionalParents.sorted(by: { $0.key < $1.key }) where newIndex[Int(node)] >= 0 {
            for parent in extra where newIndex[Int(parent)] >= 0 {
                kept.addAdditionalParent(Int(newIndex[Int(parent)]), to: Int(newIndex[Int(node)]),
                                         at: placeOfAdditionalParent(Int(parent), of: Int(node)))
            }
        }
        return kept
    }
}
