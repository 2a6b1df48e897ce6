/// The data controller: a forest cut into sections by depth, items in breadth-first order.
///
/// Section `s` lists the nodes at depth `s`; within it the children of section `s-1`'s items
/// appear in that section's item order, each group in file order. Items are also numbered
/// globally (section by section), and every mapping node ↔ (section, item) is an array look-up.
/// Because of the breadth-first order, the children of an item form one contiguous run of the
/// next section, and parents are non-decreasing along a section.
public struct SectionedTree: Sendable {
    /// The forest this controller sections.
    public private(set) var tree: Tree
    /// Global item number at which each section starts, plus a final entry equal to the item count.
    public private(set) var sectionStarts: [Int32]
    /// The node shown by each global item.
    public private(set) var nodeOfItem: [Int32]
    /// The global item of each node.
    public private(set) var itemOfNode: [Int32]
    /// The section (depth) of each node.
    public private(set) var sectionOfNode: [Int32]
    /// The global item of each item's primary parent, or -1 for items in section 0.
    public private(set) var parentOfItem: [Int32]
    /// Children of global item `g` are the global items `childStarts[g] ..< childStarts[g + 1]`.
    public private(set) var childStarts: [Int32]
    /// Additional parents (global items) of a global item, in the order the tree lists them.
    public private(set) var additionalParentsOfItem: [Int32: [Int32]]
    /// Items that have a global item as an additional parent.
    public private(set) var additionalChildrenOfItem: [Int32: [Int32]]
    /// Additional parents two or more levels above their child (a DAG's edges that skip
    /// levels), global items in the order the tree lists them: drawn dashed across the columns
    /// between, where the layout can route them.
    public private(set) var distantParentsOfItem: [Int32: [Int32]]

    /// What to do with an additional parent that is not above its child (as deep or deeper:
    /// a DAG's edge going back), which a column layout cannot draw. (One two or more levels
    /// above is kept, `distantParentsOfItem`, but under `dropAll`.)
    public enum MisplacedParentPolicy: Sendable {
        /// Throw `HierarchyError.parentNotInPreviousSection`.
        case reject
        /// Leave it out, and count it in `droppedParentCount`.
        case drop
        /// Leave out every additional parent, even one level up (each node hangs from its first
        /// parent only: a dense dependency graph's dashed edges cannot be followed), and count
        /// them in `droppedParentCount`.
        case dropAll
    }

    /// How many additional parents were left out under `MisplacedParentPolicy.drop` or `.dropAll`.
    public private(set) var droppedParentCount = 0
    /// The first few of them (`namedDroppedParents`), as (parent, child) nodes in node order,
    /// so a warning can name them.
    public private(set) var firstDroppedParents: [(parent: Int, child: Int)] = []
    /// How many left-out parents `firstDroppedParents` keeps.
    public static let namedDroppedParents = 3
    /// Parents that every edge of theirs was left out of: roots with no children and no other
    /// kept child, drawn alone (an edge going back, or, under `dropAll`, the Unix history's
    /// `Unix/TS 1.0`, whose one edge skips levels); how many, and the first in node order.
    public private(set) var parentsLeftAlone: (count: Int, first: Int?) = (0, nil)

    /// Sections a forest. Throws if it is empty or has a cycle, and, under `.reject`, if an
    /// additional parent is not above its child.
    public init(_ tree: Tree, misplacedParents: MisplacedParentPolicy = .reject) throws(HierarchyError) {
        let count = tree.count
        guard count > 0 else { throw .empty }
        self.tree = tree

        // Children in file order: a stable counting sort of nodes by primary parent. The
        // counts' prefix sums serve as each parent's cursor while the nodes are placed, after
        // which `childEnds[parent]` is where its children end (and the previous one's, where
        // they start). Every loop below reads and writes through pointers (a big tree's time).
        var childEnds = [Int32](repeating: 0, count: count + 1)
        var childList = [Int32](repeating: 0, count: count)
        var roots = [Int32]()
        tree.parents.withUnsafeBufferPointer { parents in
            childEnds.withUnsafeMutableBufferPointer { ends in
                childList.withUnsafeMutableBufferPointer { childList in
                    var rootCount = 0
                    for parent in parents {
                        if parent < 0 { rootCount += 1 } else { ends[Int(parent) + 1] += 1 }
                    }
                    for index in 0..<count { ends[index + 1] += ends[index] }
                    roots.reserveCapacity(rootCount)
                    for node in 0..<count {
                        let parent = Int(parents[node])
                        if parent < 0 {
                            roots.append(Int32(node))
                        } else {
                            childList[Int(ends[parent])] = Int32(node)
                            ends[parent] += 1
                        }
                    }
                }
            }
        }

        // Breadth-first numbering; nodeOfItem doubles as the queue (`queued` items so far).
        var nodeOfItem = [Int32](repeating: 0, count: count)
        var itemOfNode = [Int32](repeating: -1, count: count)
        var sectionOfNode = [Int32](repeating: 0, count: count)
        var parentOfItem = [Int32](repeating: 0, count: count)
        var childStarts = [Int32](repeating: 0, count: count + 1)
        var sectionStarts: [Int32] = [0]
        var queued = 0
        nodeOfItem.withUnsafeMutableBufferPointer { nodeOfItem in
        itemOfNode.withUnsafeMutableBufferPointer { itemOfNode in
        sectionOfNode.withUnsafeMutableBufferPointer { sectionOfNode in
        parentOfItem.withUnsafeMutableBufferPointer { parentOfItem in
        childStarts.withUnsafeMutableBufferPointer { childStarts in
        childEnds.withUnsafeBufferPointer { childEnds in
        childList.withUnsafeBufferPointer { childList in
            for root in roots {
                itemOfNode[Int(root)] = Int32(queued)
                nodeOfItem[queued] = root
                parentOfItem[queued] = -1
                queued += 1
            }
            var head = 0
            var currentSection: Int32 = 0
            while head < queued {
                let node = Int(nodeOfItem[head])
                let section = sectionOfNode[node]
                if section != currentSection {
                    sectionStarts.append(Int32(head))
                    currentSection = section
                }
                childStarts[head] = Int32(queued)
                for offset in Int(node == 0 ? 0 : childEnds[node - 1])..<Int(childEnds[node]) {
                    let child = Int(childList[offset])
                    itemOfNode[child] = Int32(queued)
                    sectionOfNode[child] = section + 1
                    nodeOfItem[queued] = Int32(child)
                    parentOfItem[queued] = Int32(head)
                    queued += 1
                }
                head += 1
            }
            childStarts[head] = Int32(queued)
        } } } } } } }
        childEnds = []
        childList = []
        sectionStarts.append(Int32(queued))

        if queued < count {
            // Some node never hangs from a root: its parent chain loops.
            let stranded = itemOfNode.firstIndex(of: -1)!
            throw .cycle(node: stranded, label: tree.labels[stranded])
        }

        var additionalParents: [Int32: [Int32]] = [:]
        var additionalChildren: [Int32: [Int32]] = [:]
        var distantParents: [Int32: [Int32]] = [:]
        var droppedParents = Set<Int32>()
        for node in tree.additionalParents.keys.sorted() {
            let childItem = itemOfNode[Int(node)]
            for parent in tree.additionalParents[node]! {
                if misplacedParents == .dropAll {
                    // (An edge repeating the first parent is no additional parent.)
                    if parent == tree.parents[Int(node)] { continue }
                    droppedParentCount += 1
                    droppedParents.insert(parent)
                    if firstDroppedParents.count < Self.namedDroppedParents { firstDroppedParents.append((Int(parent), Int(node))) }
                    continue
                }
                if sectionOfNode[Int(parent)] + 1 < sectionOfNode[Int(node)] {
                    let parentItem = itemOfNode[Int(parent)]
                    if distantParents[childItem]?.contains(parentItem) != true { distantParents[childItem, default: []].append(parentItem) }
                    continue
                }
                guard sectionOfNode[Int(parent)] + 1 == sectionOfNode[Int(node)] else {
                    if misplacedParents == .drop {
                        droppedParentCount += 1
                        droppedParents.insert(parent)
                        if firstDroppedParents.count < Self.namedDroppedParents { firstDroppedParents.append((Int(parent), Int(node))) }
                        continue
                    }
                    // A parent under its child (following first parents up) closes a cycle.
                    var above = Int(parent)
                    while above >= 0 && sectionOfNode[above] > sectionOfNode[Int(node)] { above = Int(tree.parents[above]) }
                    let place = tree.placeOfAdditionalParent(Int(parent), of: Int(node))
                    if above == Int(node) {
                        throw .parentUnderChild(child: Int(node), childLabel: tree.labels[Int(node)],
                                                parent: Int(parent), parentLabel: tree.labels[Int(parent)], place: place)
                    }
                    throw .parentNotInPreviousSection(
                        child: Int(node), childLabel: tree.labels[Int(node)],
                        parent: Int(parent), parentLabel: tree.labels[Int(parent)], place: place)
                }
                let parentItem = itemOfNode[Int(parent)]
                if parentItem == parentOfItem[Int(childItem)] { continue }
                if additionalParents[childItem]?.contains(parentItem) == true { continue }
                additionalParents[childItem, default: []].append(parentItem)
                additionalChildren[parentItem, default: []].append(childItem)
            }
        }
        for key in additionalChildren.keys { additionalChildren[key]!.sort() }

        self.sectionStarts = sectionStarts
        self.nodeOfItem = nodeOfItem
        self.itemOfNode = itemOfNode
        self.sectionOfNode = sectionOfNode
        self.parentOfItem = parentOfItem
        self.childStarts = childStarts
        self.additionalParentsOfItem = additionalParents
        self.additionalChildrenOfItem = additionalChildren
        self.distantParentsOfItem = distantParents
        let distantParentItems = Set(distantParents.values.joined())
        for parent in droppedParents {
            let item = Int(itemOfNode[Int(parent)])
            guard tree.parents[Int(parent)] < 0, childStarts[item] == childStarts[item + 1],
                  additionalChildren[Int32(item)] == nil, !distantParentItems.contains(Int32(item)) else { continue }
            parentsLeftAlone.count += 1
            parentsLeftAlone.first = min(parentsLeftAlone.first ?? Int(parent), Int(parent))
        }
    }

    /// The number of sections (the depth of the deepest node plus one).
    @inlinable public var numberOfSections: Int { sectionStarts.count - 1 }

    /// The total number of items.
    @inlinable public var numberOfItems: Int { nodeOfItem.count }

    /// The number of items in a section.
    @inlinable public func numberOfItems(inSection section: Int) -> Int {
        Int(sectionStarts[section + 1] - sectionStarts[section])
    }

    /// The global item number of (section, item).
    @inlinable public func globalItem(section: Int, item: Int) -> Int {
        Int(sectionStarts[section]) + item
    }

    /// The node shown at (section, item).
    @inlinable public func node(section: Int, item: Int) -> Int {
        Int(nodeOfItem[globalItem(section: section, item: item)])
    }

    /// The (section, item) position of a node.
    @inlinable public func position(ofNode node: Int) -> (section: Int, item: Int) {
        let section = Int(sectionOfNode[node])
        return (section, Int(itemOfNode[node] - sectionStarts[section]))
    }

    /// The label of the node at a global item.
    @inlinable public func label(ofItem globalItem: Int) -> String {
        tree.labels[Int(nodeOfItem[globalItem])]
    }

    /// The type of the node at a global item.
    @inlinable public func type(ofItem globalItem: Int) -> NodeType {
        tree.types[Int(nodeOfItem[globalItem])]
    }

    /// Replaces a node's label; the sectioning does not change.
    public mutating func setLabel(_ label: String, ofNode node: Int) {
        tree.setLabel(label, of: node)
    }
}
