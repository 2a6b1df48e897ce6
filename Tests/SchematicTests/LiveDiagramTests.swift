import Foundation
import Schematic
import Testing
import TestSupport

@Suite struct LiveDiagramTests {
    private func tree(_ text: String) throws -> Tree {
        try OutlineReader().read(Array(text.utf8), file: "t")
    }

    @Test(arguments: ["compact", "stacked", "tidy", "flow", "grid", "circle"])
    func aRelabelIsLaidOutInPlaceAndEqualsAFreshLayout(_ variant: String) throws {
        var options = DiagramOptions()
        switch variant {
        case "stacked": options.configuration.alignment = .stacked
        case "tidy": options.configuration.alignment = .tidy
        case "flow": options.layout = .flow(FlowLayoutConfiguration())
        case "grid": options.layout = .grid(GridLayoutConfiguration())
        case "circle": options.layout = .circle(CircleLayoutConfiguration())
        default: break
        }
        var generator = SplitMix64(seed: 7)
        let original = RandomTrees.forest(count: 300, rootChance: 0, using: &generator)
        var live = LiveDiagram(try Diagram(tree: original, options: options))
        let before = live.diagram.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))!
        var relabelled = original
        let node = Int(live.diagram.dataController.nodeOfItem[live.diagram.dataController.globalItem(section: 2, item: 0)])
        relabelled.setLabel("a label much longer than any other in this tree", of: node)
        relabelled.setLabel("x", of: 0)
        let update = try live.update(to: relabelled)
        #expect(update.reflow == .relabelled(2))
        #expect(update.version == 1 && live.version == 1)
        let fresh = try Diagram(tree: relabelled, options: options)
        #expect(try live.diagram.rendered(.init(format: .json)) == fresh.rendered(.init(format: .json)))
        // The transition starts where the node was, and ends where a fresh layout puts it.
        let moved = try #require(update.transitions.first { $0.newIndexPath == IndexPath(item: 0, section: 2) })
        #expect(moved.relabelled && moved.initial == before)
        #expect(moved.final == fresh.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)))
        #expect(update.transitions.count == original.count && !update.transitions.contains { $0.change == .inserted || $0.change == .deleted })
    }

    @Test func aStructuralChangeIsLaidOutAgainWithTheDiffsTransitions() throws {
        let old = try Diagram(tree: tree("Root\n  A\n    A1\n  B\n"))
        var live = LiveDiagram(old)
        let newTree = try tree("Root\n  A\n    A1\n    A2\n")
        let update = try live.update(to: newTree)
        #expect(update.reflow == .laidOutAgain)
        let fresh = try Diagram(tree: newTree)
        #expect(try live.diagram.rendered(.init(format: .json)) == fresh.rendered(.init(format: .json)))
        // The same transitions as `schematic diff`.
        let expected = fresh.transitions(from: try Diagram(tree: tree("Root\n  A\n    A1\n  B\n")))
        #expect(update.transitions.map(\.change) == expected.map(\.change))
        #expect(update.transitions.map(\.initial) == expected.map(\.initial) && update.transitions.map(\.final) == expected.map(\.final))
    }

    @Test func aJunctionOrAnotherChangeBesidesLabelsIsLaidOutAgain() throws {
        var live = LiveDiagram(try Diagram(tree: tree("Root\n  A\n  B\n")))
        #expect(try live.update(to: tree("Root\n  A\n  B !\n")).reflow == .laidOutAgain, "a type changed")
        #expect(try live.update(to: tree("Root\n  A\n  B\n")).reflow == .laidOutAgain)
        #expect(try live.update(to: tree("Root\n  A\n  C\n")).reflow == .relabelled(1))
        #expect(try live.update(to: tree("Root\n  A\n  C\n")).reflow == .relabelled(0), "nothing changed")
        #expect(live.version == 4)
    }

    @Test func manyRelabelsAreLaidOutOnceInstead() throws {
        let text = (0..<40).map { "  n\($0)\n" }.joined()
        var live = LiveDiagram(try Diagram(tree: tree("Root\n" + text)))
        let many = try tree("Root\n" + text.replacingOccurrences(of: "  n", with: "  m"))
        #expect(try live.update(to: many).reflow == .laidOutAgain)
        #expect(try live.diagram.rendered(.init(format: .json)) == Diagram(tree: many).rendered(.init(format: .json)))
    }

    @Test func messagesCarryTheDrawingAndTheTransition() throws {
        var live = LiveDiagram(try Diagram(tree: tree("Root\n  A\n")))
        let first = String(decoding: try live.drawingMessage(nil, options: .init()), as: UTF8.self)
        #expect(first.hasPrefix("{\"type\":\"drawing\",\"version\":0,\"from\":null,\"nodes\":2,\"svg\":\"<?xml"))
        #expect(first.contains("data-section=\\\"1\\\" data-item=\\\"0\\\"") && first.hasSuffix(",\"transition\":null}"))
        let update = try live.update(to: tree("Root\n  A\n  B\n"))
        let second = String(decoding: try live.drawingMessage(update, options: .init()), as: UTF8.self)
        #expect(second.contains("\"version\":1,\"from\":0,\"nodes\":3") && second.contains("\"change\":\"inserted\",\"label\":\"B\""))
        let parsed = try JSONSerialization.jsonObject(with: Data(second.utf8)) as? [String: Any]
        #expect(parsed?["type"] as? String == "drawing")
        #expect(String(decoding: TransitionPages.statusMessage(version: 3, error: "t:1:2: bad \"x\""), as: UTF8.self)
            == #"{"type":"status","version":3,"error":"t:1:2: bad \"x\""}"#)
    }
}
