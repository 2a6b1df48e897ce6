import Hierarchy
import Testing

/// `Tree.depths` and `Tree.keepingLevels` (`--max-depth` for inputs other than directories).
@Suite struct TreeDepthLimitTests {
    @Test func depthsFollowParentsInAnyOrder() {
        var tree = Tree()
        let leaf = tree.addNode(label: "leaf")      // rows in any order: the parent comes later
        let root = tree.addNode(label: "root")
        let middle = tree.addNode(label: "middle", parent: root)
        tree.setParent(middle, of: leaf)
        let other = tree.addNode(label: "other root")
        #expect(tree.depths() == [2, 0, 1, 0])
        let cut = tree.keepingLevels(1)
        #expect(cut.labels == ["root", "middle", "other root"])
        #expect(cut.parents == [-1, 0, -1])
        #expect(tree.keepingLevels(2).labels == tree.labels)
        _ = other
    }

    @Test func keptNodesKeepTheirFieldsAndExtraParents() {
        var tree = Tree()
        let root = tree.addNode(label: "r", id: "root")
        let a = tree.addNode(label: "a", type: .important, id: "a", parent: root)
        let b = tree.addNode(label: "b", parent: root)
        let deep = tree.addNode(label: "deep", parent: a)
        let deeper = tree.addNode(label: "deeper", parent: deep)
        tree.addAdditionalParent(a, to: deep)
        tree.addAdditionalParent(b, to: b)          // kept: both ends are kept
        var attributes = NodeAttributes()
        _ = try? attributes.set("tooltip", to: "tip")
        tree.setAttributes(attributes, of: b)
        tree.warnings = ["read"]
        let cut = tree.keepingLevels(1)
        #expect(cut.labels == ["r", "a", "b"])
        #expect(cut.types == [.normal, .important, .normal])
        #expect(cut.id(of: 1) == "a" && cut.id(of: 0) == "root")
        #expect(cut.attributes(of: 2) == attributes)
        #expect(cut.additionalParents == [2: [2]])
        #expect(cut.warnings == ["read"])
        #expect(tree.keepingLevels(0).labels == ["r"])
        _ = deeper
    }

    /// A chain of a million nodes: no recursion, linear.
    @Test func aMillionDeepChainIsCutWithoutRecursion() {
        var tree = Tree()
        var parent: Int? = nil
        for index in 0..<1_000_000 { parent = tree.addNode(label: "n\(index % 10)", parent: parent) }
        #expect(tree.depths().last == 999_999)
        let cut = tree.keepingLevels(9)
        #expect(cut.count == 10)
        #expect(cut.attributes(of: 9)?.hiddenBelow == 999_990)
    }

    /// Each kept node at the cut counts its descendants left out, in any node order; nodes
    /// with nothing below keep no count (a review: `--max-depth 1` drew a class with 62
    /// subclasses exactly like a leaf).
    @Test func nodesAtTheCutCountWhatWasLeftOut() {
        var tree = Tree()
        let grandchild = tree.addNode(label: "grandchild")      // rows in any order
        let root = tree.addNode(label: "root")
        let big = tree.addNode(label: "big", parent: root)
        tree.setParent(big, of: grandchild)
        for index in 0..<3 { tree.addNode(label: "deep \(index)", parent: grandchild) }
        tree.addNode(label: "leaf", parent: root)
        var attributes = NodeAttributes()
        _ = try? attributes.set("tooltip", to: "tip")
        tree.setAttributes(attributes, of: big)
        let cut = tree.keepingLevels(1)
        #expect(cut.labels == ["root", "big", "leaf"])
        #expect(cut.attributes(of: 1)?.hiddenBelow == 4)
        #expect(cut.attributes(of: 1)?.tooltip == "tip")
        #expect(cut.attributes(of: 0)?.hiddenBelow == nil && cut.attributes(of: 2) == nil)
        #expect(tree.keepingLevels(2).attributes(of: 0)?.hiddenBelow == 3)
        #expect(tree.keepingLevels(3).attributes(of: 0) == nil, "nothing cut")
    }
}

extension TreeDepthLimitTests {
    /// Readers refuse cycles of parents; were one to come through, every depth stays finite
    /// and a child still lies one below its parent.
    @Test func aCycleOfParentsLeavesEveryDepthFinite() {
        var tree = Tree()
        let a = tree.addNode(label: "a"), b = tree.addNode(label: "b", parent: a), c = tree.addNode(label: "c", parent: b)
        tree.setParent(b, of: a)
        let depths = tree.depths()
        #expect(depths.allSatisfy { $0 >= 0 && $0 < 3 })
        #expect(depths[c] == depths[b] + 1)
    }
}
