import Hierarchy
import Testing
import TestSupport

@Suite struct SectionedTreeTests {
    @Test func talkTreeSectionsAreDepthsInBreadthFirstOrder() throws {
        let sections = try SectionedTree(RandomTrees.talk)
        var labels: [[String]] = []
        for section in 0..<sections.numberOfSections {
            labels.append((0..<sections.numberOfItems(inSection: section)).map {
                sections.tree.labels[sections.node(section: section, item: $0)]
            })
        }
        #expect(labels == [
            ["Root"],
            ["Child 1", "Child 2", "Child 3"],
            ["Child 1-1", "Child 1-2", "Child 3-1", "Child 3-2"],
            ["Child 3-1-1", "Child 3-1-2"],
        ])
    }

    @Test func nodeAndPositionMapBothWays() throws {
        var generator = SplitMix64(seed: 7)
        let tree = RandomTrees.forest(count: 2_000, using: &generator)
        let sections = try SectionedTree(tree)
        for node in 0..<tree.count {
            let (section, item) = sections.position(ofNode: node)
            #expect(sections.node(section: section, item: item) == node)
        }
    }

    @Test func childrenAreContiguousAndInFileOrder() throws {
        var generator = SplitMix64(seed: 11)
        let tree = RandomTrees.forest(count: 3_000, using: &generator)
        let sections = try SectionedTree(tree)
        var expectedChildren = [[Int]](repeating: [], count: tree.count)
        for node in 0..<tree.count where tree.parents[node] >= 0 { expectedChildren[Int(tree.parents[node])].append(node) }
        for item in 0..<sections.numberOfItems {
            let node = Int(sections.nodeOfItem[item])
            let children = (Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])).map { Int(sections.nodeOfItem[$0]) }
            #expect(children == expectedChildren[node])
            for child in Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1]) {
                #expect(Int(sections.parentOfItem[child]) == item)
            }
        }
        // Parents never decrease along a section: the property rect queries rely on.
        for section in 1..<sections.numberOfSections {
            let range = Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1])
            for item in range.dropFirst() { #expect(sections.parentOfItem[item - 1] <= sections.parentOfItem[item]) }
        }
    }

    @Test func emptyForestIsAnError() {
        #expect(throws: HierarchyError.empty) { try SectionedTree(Tree()) }
    }

    @Test func cycleIsReportedWithANodeOnIt() {
        var tree = Tree()
        tree.addNode(label: "root")
        let a = tree.addNode(label: "a", parent: 0)
        let b = tree.addNode(label: "b", parent: a)
        tree.setParent(b, of: a)
        #expect(throws: HierarchyError.cycle(node: a, label: "a")) { try SectionedTree(tree) }
    }

    /// Additional parents one level up are kept as such, those further up as distant ones;
    /// one as deep as its child (or deeper) is refused.
    @Test func additionalParentsMustSitAboveTheirChild() throws {
        var (tree, root, a, b, shared) = RandomTrees.sharedChild
        let sections = try SectionedTree(tree)
        let sharedItem = sections.itemOfNode[shared]
        #expect(sections.additionalParentsOfItem[sharedItem] == [sections.itemOfNode[b]])
        #expect(sections.additionalChildrenOfItem[sections.itemOfNode[b]] == [sharedItem])

        tree.addAdditionalParent(root, to: shared)
        let distant = try SectionedTree(tree)
        #expect(distant.distantParentsOfItem[sharedItem] == [distant.itemOfNode[root]])
        tree.addAdditionalParent(a, to: b)
        #expect(throws: HierarchyError.parentNotInPreviousSection(child: b, childLabel: "b", parent: a, parentLabel: "a")) {
            try SectionedTree(tree)
        }
    }

    /// An additional parent under its child (B's first parent A, then C under B given as B's
    /// parent too) is named as the cycle it makes, not as a parent on the wrong level.
    @Test func anAdditionalParentUnderItsChildIsACycle() throws {
        var tree = Tree()
        let a = tree.addNode(label: "A")
        let b = tree.addNode(label: "B", parent: a)
        let c = tree.addNode(label: "C", parent: b)
        tree.addNode(label: "D", parent: c)
        tree.addAdditionalParent(c, to: b)
        #expect(throws: HierarchyError.parentUnderChild(child: b, childLabel: "B", parent: c, parentLabel: "C")) {
            try SectionedTree(tree)
        }
        #expect(HierarchyError.parentUnderChild(child: b, childLabel: "B", parent: c, parentLabel: "C").description
            == "'C' cannot be a parent of 'B': it is under 'B', so the two would make a cycle of parents (--extra-parents auto leaves such edges out)")
        var deeper = tree
        deeper.addAdditionalParent(3, to: b)
        #expect(throws: HierarchyError.parentUnderChild(child: b, childLabel: "B", parent: c, parentLabel: "C")) { try SectionedTree(deeper) }
        #expect(try SectionedTree(tree, misplacedParents: .drop).droppedParentCount == 1)
    }

    /// `.dropAll` leaves out every additional parent, even one a level up that `.drop` keeps,
    /// but not an edge repeating the first parent; it names them in order.
    @Test func dropAllLeavesOutEveryAdditionalParent() throws {
        var tree = Tree()
        let a = tree.addNode(label: "A"), b = tree.addNode(label: "B")
        let c = tree.addNode(label: "C", parent: a), d = tree.addNode(label: "D", parent: c)
        tree.addAdditionalParent(b, to: c)  // one level up
        tree.addAdditionalParent(a, to: d)  // skips a level
        tree.addAdditionalParent(a, to: c)  // its first parent again
        let kept = try SectionedTree(tree, misplacedParents: .drop)
        #expect(kept.droppedParentCount == 0 && kept.additionalParentsOfItem.count == 1 && kept.distantParentsOfItem.count == 1)
        let dropped = try SectionedTree(tree, misplacedParents: .dropAll)
        #expect(dropped.droppedParentCount == 2 && dropped.additionalParentsOfItem.isEmpty)
        #expect(dropped.firstDroppedParents.map { [$0.parent, $0.child] } == [[b, c], [a, d]])
        // B's one edge was left out: B stands alone, unlinked (A keeps its child C).
        #expect(dropped.parentsLeftAlone.count == 1 && dropped.parentsLeftAlone.first == b)
        #expect(kept.parentsLeftAlone.count == 0)
    }

    @Test func deepChainIsSectionedWithoutRecursion() throws {
        var tree = Tree()
        tree.addNode(label: "0")
        for node in 1..<200_000 { tree.addNode(label: "n", parent: node - 1) }
        let sections = try SectionedTree(tree)
        #expect(sections.numberOfSections == 200_000)
    }
}
