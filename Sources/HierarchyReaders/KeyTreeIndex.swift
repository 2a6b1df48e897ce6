import Hierarchy

/// The children of each node of a document read as keys (`YAMLReader`'s tree of a JSON
/// document), in file order, and the scalar under a key: what the readers that redraw a known
/// document's keys as its own tree (`PackageListTree`, `PipDependencyTree`) look up.
struct KeyTreeIndex {
    let keys: Tree
    /// The roots, in file order.
    private(set) var roots: [Int] = []
    /// Children by node, as offsets into one array.
    private var childStart: [Int]
    private var childList: [Int]

    init(_ keys: Tree) {
        self.keys = keys
        let count = keys.count
        childStart = [Int](repeating: 0, count: count + 1)
        for node in 0..<count {
            let parent = Int(keys.parents[node])
            if parent < 0 { roots.append(node) } else { childStart[parent + 1] += 1 }
        }
        for node in 0..<count { childStart[node + 1] += childStart[node] }
        var fill = childStart
        childList = [Int](repeating: 0, count: count)
        for node in 0..<count where keys.parents[node] >= 0 {
            let parent = Int(keys.parents[node])
            childList[fill[parent]] = node
            fill[parent] += 1
        }
    }

    func children(_ node: Int) -> ArraySlice<Int> { childList[childStart[node]..<childStart[node + 1]] }

    func label(_ node: Int) -> String { keys.labels[node] }

    /// The scalar under a key (its one leaf), if it is one.
    func scalar(_ key: Int) -> String? {
        let values = children(key)
        guard values.count == 1, let value = values.first, children(value).isEmpty else { return nil }
        return keys.labels[value]
    }

    /// The scalar under the key `name` among `fields`, if there is one.
    func field(_ name: String, in fields: some Collection<Int>) -> String? {
        fields.first { keys.labels[$0] == name }.flatMap(scalar)
    }

    /// The key `name` among `fields`, if there is one.
    func key(_ name: String, in fields: some Collection<Int>) -> Int? {
        fields.first { keys.labels[$0] == name }
    }
}
