import Hierarchy
import Testing

/// A DAG's nodes hung by their deepest parent (`Tree.layerByLongestPaths`): every edge then
/// runs down the levels, none back up; cycles stay as they were, for sectioning to leave out.
@Suite struct TreeLayeringTests {
    /// d's first parent, a, is a level above c, its other parent: d goes under c, a level
    /// deeper, and a stays its (distant) additional parent.
    @Test func aNodeGoesUnderItsDeepestParent() throws {
        var tree = Tree()
        let a = tree.addNode(label: "a"), b = tree.addNode(label: "b", parent: a)
        let d = tree.addNode(label: "d", parent: a), c = tree.addNode(label: "c", parent: b)
        tree.addAdditionalParent(c, to: d)
        tree.layerByLongestPaths()
        #expect(tree.parents.map(Int.init) == [-1, a, c, b])
        #expect(tree.additionalParents == [Int32(d): [Int32(a)]])
        let sections = try SectionedTree(tree)
        #expect(sections.droppedParentCount == 0 && sections.distantParentsOfItem.count == 1)
        #expect(sections.sectionOfNode[d] == 3)
    }

    /// Its first parent one level up stays its parent; a node without additional parents and a
    /// forest without any are left as they are.
    @Test func firstParentsOneLevelUpStay() {
        var tree = Tree()
        let r = tree.addNode(label: "r"), a = tree.addNode(label: "a", parent: r), b = tree.addNode(label: "b", parent: r)
        let s = tree.addNode(label: "s", parent: a)
        tree.addAdditionalParent(b, to: s)
        let before = (tree.parents, tree.additionalParents)
        tree.layerByLongestPaths()
        #expect(tree.parents == before.0 && tree.additionalParents == before.1)
        var plain = Tree()
        plain.addNode(label: "x")
        plain.addNode(label: "y", parent: 0)
        plain.layerByLongestPaths()
        #expect(plain.parents == [-1, 0])
    }

    /// An edge closing a cycle is left where it was (sectioning refuses or leaves it out), and
    /// the rest are ranked around it.
    @Test func anEdgeClosingACycleStays() throws {
        var tree = Tree()
        let a = tree.addNode(label: "a"), b = tree.addNode(label: "b", parent: a), c = tree.addNode(label: "c", parent: b)
        tree.addAdditionalParent(c, to: b)  // b -> c -> b
        tree.layerByLongestPaths()
        #expect(tree.parents.map(Int.init) == [-1, a, b] && tree.additionalParents == [Int32(b): [Int32(c)]])
        #expect(try SectionedTree(tree, misplacedParents: .drop).droppedParentCount == 1)
    }

    /// No recursion and linear: a chain of 300,000 nodes with an edge from its first node to
    /// its last, and one from its last to a new node first hung under the root.
    @Test func aLongChainIsLayeredWithoutRecursion() throws {
        var tree = Tree()
        tree.addNode(label: "0")
        for node in 1..<300_000 { tree.addNode(label: "\(node)", parent: node - 1) }
        let extra = tree.addNode(label: "x", parent: 0)
        tree.addAdditionalParent(299_999, to: extra)
        tree.layerByLongestPaths()
        #expect(tree.parents[extra] == 299_999 && tree.additionalParents[Int32(extra)] == [0])
        #expect(try SectionedTree(tree).numberOfSections == 300_001)
    }
}
