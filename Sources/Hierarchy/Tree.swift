/// An ordered forest stored as flat arrays indexed by node number.
///
/// Nodes are numbered in the order they are added, which readers keep equal to file order,
/// so children listed by node number are in file order. Each node has one primary parent
/// (the tree edge) and may have additional parents (the talk's `parents` index set), which
/// must sit above the node (`SectionedTree` sorts them by level; `layerByLongestPaths` hangs a
/// DAG's nodes so that they do).
public struct Tree: Sendable {
    /// Label of each node.
    public private(set) var labels: [String] = []
    /// Type of each node.
    public private(set) var types: [NodeType] = []
    /// Primary parent of each node, or -1 for a root.
    public private(set) var parents: [Int32] = []
    /// Optional identifiers, stored sparsely.
    public private(set) var ids: [Int32: String] = [:]
    /// Optional presentation attributes (link, tooltip, classes, colours), stored sparsely.
    public private(set) var attributes: [Int32: NodeAttributes] = [:]
    /// Extra parents beyond the primary one, stored sparsely, in the order they were added.
    public private(set) var additionalParents: [Int32: [Int32]] = [:]
    /// Where an additional parent link is written (key: child << 32 | parent), where the
    /// reader knows it: messages about the link name the place.
    public private(set) var additionalParentPlaces: [Int64: SourcePlace] = [:]
    /// Problems a reader read past (each a `file:line:column: message`), for the command
    /// line to print as warnings; they never change the drawing.
    public var warnings: [String] = []

    /// Creates an empty forest.
    public init() {}

    /// The number of nodes.
    public var count: Int { labels.count }

    /// Whether the forest has no nodes.
    public var isEmpty: Bool { labels.isEmpty }

    /// Reserves storage for `capacity` nodes.
    public mutating func reserveCapacity(_ capacity: Int) {
        labels.reserveCapacity(capacity)
        types.reserveCapacity(capacity)
        parents.reserveCapacity(capacity)
    }

    /// Gives back the spare room the node arrays grew while nodes were added (arrays double,
    /// so up to half of each): for a finished tree that is kept through a layout, as a reader's
    /// tree is; 1,000,000 nodes keep about 19 MB less. Nodes are unchanged. An array whose
    /// spare room is at most 1/64 of its nodes (as when a reader reserved the right count and
    /// the allocator rounded it up) is kept as it is: copying it would give back next to nothing.
    public mutating func trimCapacity() {
        func isWorthTrimming<Element>(_ array: [Element]) -> Bool { array.capacity - array.count > array.count / 64 }
        if isWorthTrimming(labels) { labels = labels.withUnsafeBufferPointer { Array($0) } }
        if isWorthTrimming(types) { types = types.withUnsafeBufferPointer { Array($0) } }
        if isWorthTrimming(parents) { parents = parents.withUnsafeBufferPointer { Array($0) } }
    }

    /// Appends a node and returns its number. `parent` is the number of an existing node, or nil for a root.
    @discardableResult
    public mutating func addNode(label: String, type: NodeType = .normal, id: String? = nil, parent: Int? = nil) -> Int {
        let node = labels.count
        precondition(node < Int(Int32.max), "too many nodes")
        if let parent { precondition(parent >= 0 && parent < node, "parent must be an existing node") }
        labels.append(label)
        types.append(type)
        parents.append(Int32(parent ?? -1))
        if let id { ids[Int32(node)] = id }
        return node
    }

    /// Adds `parent` as an additional parent of `node` (after its primary parent), written at
    /// `place` in the source where the reader knows it.
    public mutating func addAdditionalParent(_ parent: Int, to node: Int, at place: SourcePlace? = nil) {
        precondition(parent >= 0 && parent < count && node >= 0 && node < count, "nodes must exist")
        additionalParents[Int32(node), default: []].append(Int32(parent))
        if let place, additionalParentPlaces[Self.linkKey(child: node, parent: parent)] == nil {
            additionalParentPlaces[Self.linkKey(child: node, parent: parent)] = place
        }
    }

    /// Where the additional parent link from `parent` to `child` is written, if known.
    public func placeOfAdditionalParent(_ parent: Int, of child: Int) -> SourcePlace? {
        additionalParentPlaces.isEmpty ? nil : additionalParentPlaces[Self.linkKey(child: child, parent: parent)]
    }

    private static func linkKey(child: Int, parent: Int) -> Int64 { Int64(child) << 32 | Int64(parent) }

    /// Sets the primary parent of an existing node; used by readers whose rows come in any order.
    public mutating func setParent(_ parent: Int?, of node: Int) {
        precondition(node >= 0 && node < count, "node must exist")
        if let parent { precondition(parent >= 0 && parent < count, "parent must exist") }
        parents[node] = Int32(parent ?? -1)
    }

    /// Sets a node's primary parent and its additional parents (in order) at once: for
    /// `layerByLongestPaths`, which moves a node under another of its parents.
    mutating func setParents(of node: Int, primary: Int32, additional: [Int32]) {
        parents[node] = primary
        additionalParents[Int32(node)] = additional.isEmpty ? nil : additional
    }

    /// Replaces the label of a node.
    public mutating func setLabel(_ label: String, of node: Int) {
        labels[node] = label
    }

    /// Replaces the type of a node.
    public mutating func setType(_ type: NodeType, of node: Int) {
        types[node] = type
    }

    /// The identifier of a node, if it has one.
    public func id(of node: Int) -> String? { ids[Int32(node)] }
}

extension Tree {
    /// Sets a node's presentation attributes (empty ones are not stored).
    public mutating func setAttributes(_ value: NodeAttributes, of node: Int) {
        attributes[Int32(node)] = value.isEmpty ? nil : value
    }

    /// A node's presentation attributes.
    public func attributes(of node: Int) -> NodeAttributes? { attributes[Int32(node)] }

    /// Sets or clears the identifier of a node.
    public mutating func setID(_ id: String?, of node: Int) {
        ids[Int32(node)] = id
    }
}
