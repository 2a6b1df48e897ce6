import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Schematic
import Testing
import TestSupport

@Suite struct ComparisonTests {
    func connector(_ parent: Int, _ child: Int, _ points: [(Double, Double)]) -> DrawingGeometry.Connector {
        .init(parent: parent, child: child, isPrimary: true, path: points.map { Point(x: $0.0, y: $0.1) })
    }

    /// A hand-made drawing: a parent at y 50 with children at 10 and 130 (span centre 70: offset
    /// 20), a second parent at y 200 with one child at 200 (offset 0); two boxes overlapping; two
    /// connectors that cross, and two that only share a node.
    @Test func metricsOfAHandMadeDrawing() {
        let nodes = [
            Rect(x: 0, y: 40, width: 40, height: 20),    // 0: parent, mid 50
            Rect(x: 100, y: 0, width: 40, height: 20),   // 1: child, mid 10
            Rect(x: 100, y: 120, width: 40, height: 20), // 2: child, mid 130
            Rect(x: 0, y: 190, width: 40, height: 20),   // 3: parent, mid 200
            Rect(x: 100, y: 190, width: 40, height: 20), // 4: child, mid 200
            Rect(x: 110, y: 195, width: 40, height: 20), // 5: overlaps 4
        ]
        let geometry = DrawingGeometry(size: Size(width: 200, height: 220), nodes: nodes, connectors: [
            connector(0, 1, [(40, 50), (100, 10)]),
            connector(0, 2, [(40, 50), (100, 130)]),
            connector(3, 4, [(40, 200), (100, 200)]),
            connector(3, 5, [(40, 200), (100, 100)]),   // crosses 0 -> 2
        ])
        let metrics = DrawingMetrics(geometry, layoutMilliseconds: 1)
        // Extent of the boxes and paths: x 0...150, y 0...215.
        #expect(metrics.width == 150 && metrics.height == 215)
        #expect(metrics.overlappingNodes == 1)
        #expect(metrics.crossingConnectors == 1)
        // Parent 0: |50 - (10 + 130) / 2| = 20; parent 3: children at 200 and 205, |200 - 202.5| = 2.5.
        #expect(metrics.maxParentOffset == 20 && metrics.meanParentOffset == 11.25)
        #expect(abs(metrics.longestConnector - (60.0 * 60 + 100 * 100).squareRoot()) < 1e-9)
    }

    @Test func talkTreeAgainstDot() throws {
        let diagram = try Diagram(tree: RandomTrees.talk)
        let comparison = try diagram.compare()
        #expect(comparison.order?.isSame == true)
        #expect(comparison.ours.overlappingNodes == 0 && comparison.ours.crossingConnectors == 0)
        #expect(comparison.graphviz.overlappingNodes == 0)
        // The drawing's extent: the content less the section margins (20 each side).
        let oursWidth = comparison.ours.width
        let contentWidth = diagram.layout.collectionViewContentSize.width
        #expect(oursWidth == contentWidth - 40)
        #expect(comparison.graphvizGeometry.nodes.allSatisfy { $0.width > 0 })
        let report = ComparisonReport(comparison, input: "talk", nodeCount: 10)
        #expect(report.text.contains("child order: Graphviz keeps every node at our depth and in our order"))
        // Which drawing each figure favours, where less is better; none for width, height, aspect.
        let lines = report.text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("crossing connectors") && $0.hasSuffix("  same") }, "\(report.text)")
        #expect(lines.contains { $0.hasPrefix("drawing width") && !$0.hasSuffix("same") && !$0.hasSuffix("schematic") && !$0.hasSuffix("dot") })
        let json = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        #expect((json?["order"] as? [String: Any])?["same"] as? Bool == true)
    }

    /// Other engines move our boxes apart (`overlap=false`): twopi put a folder's 23 boxes on
    /// a ring 48 px round, 128 pairs overlapping, and the comparison was against that (a review).
    @Test(arguments: ["neato", "twopi", "circo"])
    func otherEnginesLayTheTreeOut(engine: String) throws {
        let comparison = try Diagram(tree: RandomTrees.talk).compare(engine: engine)
        #expect(comparison.order == nil)
        #expect(comparison.graphviz.width > 0 && comparison.graphviz.totalConnectorLength > 0)
        var outline = "Australia\n"
        for index in 0..<23 { outline += "  Zone_\(index)_of_the_state\n" }
        let fan = try Diagram(tree: OutlineReader().read(Array(outline.utf8), file: "australia.txt")).compare(engine: engine)
        #expect(fan.graphviz.overlappingNodes == 0, "\(engine): \(fan.graphviz.overlappingNodes) pairs of boxes overlap")
    }

    /// Graphviz draws a label in the lines we broke it into, as its box was sized for them: the
    /// whole label on one line overflowed its box and the panel (a trial's long sentences).
    @Test func graphvizDrawsLabelsInOurLines() throws {
        let sentence = "Because the migration added a NOT NULL column without a default value, which the ORM could not backfill"
        let tree = try OutlineReader().read(Array("Why did the deployment fail?\n  \(sentence)\n".utf8), file: "why.txt")
        let diagram = try Diagram(tree: tree)
        let dot = String(decoding: diagram.graphvizLayoutDOT, as: UTF8.self)
        #expect(!dot.contains(sentence), "the label is given whole, on one line")
        #expect(dot.contains("label=\"Because the migration added\\na NOT NULL column"), "\(dot)")
        let collected = Collected()
        try diagram.renderSideBySide(with: diagram.compare()) { collected.bytes += $0 }
        let text = String(decoding: collected.bytes, as: UTF8.self)
        let graphvizPanel = text[text.range(of: ">Graphviz dot</text>")!.upperBound...]
        #expect(graphvizPanel.contains(">Because the migration added</text>"), "each line its own text element")
    }

    @Test func sideBySideSVGIsOneWellFormedDocument() throws {
        let diagram = try Diagram(tree: RandomTrees.talk)
        let collected = Collected()
        try diagram.renderSideBySide(with: diagram.compare()) { collected.bytes += $0 }
        let parser = XMLParser(data: Data(collected.bytes))
        #expect(parser.parse())
        let text = String(decoding: collected.bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "<svg").count == 4, "the page and two nested drawings")
        #expect(!text.contains("pt\""), "Graphviz's points become plain units, so both drawings share one scale")
    }
}

private final class Collected { var bytes: [UInt8] = [] }
