import Hierarchy
import Testing

/// `Tree.trimCapacity` gives back the arrays' spare room and changes no node.
@Suite struct TreeCapacityTests {
    @Test func trimmingKeepsEveryNodeAndDropsTheSpareRoom() {
        var tree = Tree()
        for node in 0..<1_000 {
            tree.addNode(label: "Node \(node) with a label too long to be stored inline", type: node % 7 == 0 ? .critical : .normal,
                         parent: node == 0 ? nil : (node - 1) / 3)
        }
        tree.addAdditionalParent(1, to: 5)
        tree.setID("root", of: 0)
        let before = tree
        #expect(tree.labels.capacity > tree.count)
        tree.trimCapacity()
        #expect(tree.labels.capacity < before.labels.capacity)
        #expect(tree.parents.capacity < before.parents.capacity)
        #expect(tree.types.capacity < before.types.capacity)
        #expect(tree.labels == before.labels)
        #expect(tree.types == before.types)
        #expect(tree.parents == before.parents)
        #expect(tree.additionalParents == before.additionalParents && tree.ids == before.ids)
        tree.addNode(label: "after", parent: 0)
        #expect(tree.count == 1_001 && tree.labels.last == "after")
    }
}
