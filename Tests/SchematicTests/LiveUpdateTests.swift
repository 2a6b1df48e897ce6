import Foundation
import Schematic
import SchematicLayout
import Testing
import TestSupport

@Suite struct LiveUpdateTests {
    @Test func relabellingAnswersWithATargetedContextAndMatchesAFreshLayout() throws {
        var generator = SplitMix64(seed: 12)
        let tree = RandomTrees.forest(count: 400, rootChance: 0, using: &generator)
        // The talk's stacked alignment reflows incrementally; the others place the whole tree again.
        var options = DiagramOptions()
        options.configuration.alignment = .stacked
        var diagram = try Diagram(tree: tree, options: options)
        let node = Int(diagram.dataController.nodeOfItem[diagram.dataController.globalItem(section: 2, item: 0)])
        let before = diagram.layout.layoutAttributesForElements(in: Rect(origin: .zero, size: diagram.layout.collectionViewContentSize))

        let returned = diagram.setLabel("a much longer label than before", ofNode: node)
        let context = try #require(returned)
        #expect(context.invalidatedItemSections == [2])
        #expect(context.invalidatedSupplementarySections[.connector] == [2, 3])
        #expect(diagram.schematicLayout!.lastRepositionedSections.lowerBound == 2)
        let after = diagram.layout.layoutAttributesForElements(in: Rect(origin: .zero, size: diagram.layout.collectionViewContentSize))
        #expect(before.filter { $0.indexPath.section < 2 } == after.filter { $0.indexPath.section < 2 }, "columns to the left untouched")

        var relabelled = tree
        relabelled.setLabel("a much longer label than before", of: node)
        let fresh = try Diagram(tree: relabelled, options: options)
        #expect(try diagram.rendered(.init(format: .json)) == fresh.rendered(.init(format: .json)))
        // Same label again: no size change, no context.
        #expect(diagram.setLabel("a much longer label than before", ofNode: node) == nil)
    }

    @Test func transitionsUseAppearingAndDisappearingAttributes() throws {
        func diagram(_ text: String) throws -> Diagram {
            var options = DiagramOptions()
            options.configuration.alignment = .stacked
            return try Diagram(tree: OutlineReader().read(Array(text.utf8), file: "t"), options: options)
        }
        let old = try diagram("Root\n  A\n    A1\n  B\n")
        let new = try diagram("Root\n  A\n    A1\n    A2\n")
        let transitions = new.transitions(from: old)
        let inserted = try #require(transitions.first { $0.label == "A2" })
        #expect(inserted.change == .inserted)
        let parent = new.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))!
        #expect(inserted.initial.center == parent.center && inserted.initial.alpha == 0)
        #expect(inserted.final == new.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2)))
        // B has no counterpart under Root in the new tree: it shrinks into Root and fades.
        let deleted = try #require(transitions.first { $0.label == "B" })
        #expect(deleted.change == .deleted)
        #expect(deleted.final.alpha == 0 && deleted.final.transform == .scale(x: 0.1, y: 0.1))
        #expect(deleted.final.center == old.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center)
        #expect(transitions.filter { $0.change == .unchanged }.map(\.label) == ["Root", "A", "A1"])
    }
}
