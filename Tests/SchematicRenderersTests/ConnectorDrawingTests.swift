import CollectionLayout
import Schematic
import Testing
import TestSupport

/// How connectors are drawn by default: on a bus (elbow), each parent's shared lead-out
/// stroked once in the SVG while every connector's attributes still start at the parent.
@Suite struct ConnectorDrawingTests {
    /// The first number after "M" in each connector path's `d`, in document order.
    private func pathStarts(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<path class=\"connector\" d=\"M").dropFirst().compactMap { rest in
            Double(rest.prefix { $0 != " " })
        }
    }

    @Test func elbowsByDefaultWithTheLeadOutStrokedOnce() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for index in 0..<3 { tree.addNode(label: "child \(index)", parent: root) }
        let diagram = try Diagram(tree: tree)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(!svg.contains("<line class=\"connector\""))

        let parentEdge = try #require(diagram.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame.maxX
        let connectors = (0..<3).compactMap {
            diagram.layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: $0, section: 1))?.connector
        }
        #expect(connectors.count == 3)
        // The attributes keep the talk's model: every connector runs from its parent to its child.
        #expect(connectors.allSatisfy { $0.start.x == parentEdge })
        #expect(connectors.map(\.sharesLeadOut) == [false, true, true])
        // The SVG starts only the first child's path at the parent; the others at the bus.
        let starts = pathStarts(svg)
        #expect(starts.count == 3)
        #expect(starts.filter { $0 == parentEdge }.count == 1, "\(starts) \(parentEdge)")
        #expect(starts.filter { $0 == connectors[0].turnOut.x }.count == 2)
    }

    @Test func theTalksAlignmentsKeepStraightLines() throws {
        var options = DiagramOptions()
        options.configuration = .standard(alignment: .stacked)
        options.configuration.connectorStyle = SchematicLayoutConfiguration.standardConnectorStyle(for: .lr, alignment: .stacked)
        #expect(options.configuration.connectorStyle == .straight)
        #expect(SchematicLayoutConfiguration.standardConnectorStyle(for: .tb, alignment: .stacked) == .elbow)
        #expect(SchematicLayoutConfiguration.standard.connectorStyle == .elbow)
    }
}
