import Hierarchy

/// A small, fast, seedable generator (SplitMix64), so property tests are reproducible.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random forests for property tests.
public enum RandomTrees {
    /// A forest of `count` nodes: each node's parent is one of the previous `window` nodes
    /// (or none, with probability `rootChance`), which mixes deep chains and wide fans.
    public static func forest(count: Int, window: Int = 8, rootChance: Double = 0.02,
                              using generator: inout SplitMix64) -> Tree {
        var tree = Tree()
        for node in 0..<count {
            let parent: Int?
            if node == 0 || Double.random(in: 0..<1, using: &generator) < rootChance {
                parent = nil
            } else {
                parent = node - Int.random(in: 1...min(window, node), using: &generator)
            }
            let type = NodeType.allCases.randomElement(using: &generator)!
            tree.addNode(label: "N\(node)", type: type, parent: parent)
        }
        return tree
    }

    /// root → a, b; a → shared, with b as shared's additional parent.
    public static var sharedChild: (tree: Tree, root: Int, a: Int, b: Int, shared: Int) {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        let a = tree.addNode(label: "a", parent: root)
        let b = tree.addNode(label: "b", parent: root)
        let shared = tree.addNode(label: "shared", parent: a)
        tree.addAdditionalParent(b, to: shared)
        return (tree, root, a, b, shared)
    }

    /// A forest as labels prefixed by one dot per level, in node order.
    public static func outline(_ tree: Tree) -> [String] {
        (0..<tree.count).map { node in
            var depth = 0
            var cursor = Int(tree.parents[node])
            while cursor >= 0 { depth += 1; cursor = Int(tree.parents[cursor]) }
            return String(repeating: ".", count: depth) + tree.labels[node]
        }
    }

    /// The talk's tree (slide 10).
    public static var talk: Tree {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        let child1 = tree.addNode(label: "Child 1", parent: root)
        tree.addNode(label: "Child 1-1", type: .important, parent: child1)
        tree.addNode(label: "Child 1-2", type: .critical, parent: child1)
        tree.addNode(label: "Child 2", parent: root)
        let child3 = tree.addNode(label: "Child 3", parent: root)
        let child31 = tree.addNode(label: "Child 3-1", parent: child3)
        tree.addNode(label: "Child 3-1-1", type: .critical, parent: child31)
        tree.addNode(label: "Child 3-1-2", parent: child31)
        tree.addNode(label: "Child 3-2", type: .important, parent: child3)
        return tree
    }
}

/// A root over `folders` folders of `leaves` leaves each (`language i` / `locale i.j`): an even
/// fan of small subtrees, as a glibc locales folder's.
public func evenFanOfFolders(folders: Int = 60, leaves: Int = 3) -> Tree {
    var tree = Tree()
    let root = tree.addNode(label: "locales")
    for language in 0..<folders {
        let folder = tree.addNode(label: "language \(language)", parent: root)
        for locale in 0..<leaves { _ = tree.addNode(label: "locale \(language).\(locale)", parent: folder) }
    }
    return tree
}
