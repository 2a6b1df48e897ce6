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
        // The SVG starts only the first child's path at the parent; the others `cornerRadius`
        // before the bus (where the first one's curve leaves the lead-out), so theirs are as round.
        let starts = pathStarts(svg)
        #expect(starts.count == 3)
        #expect(starts.filter { $0 == parentEdge }.count == 1, "\(starts) \(parentEdge)")
        #expect(connectors[0].turnOut.x - parentEdge > SVGRenderer.cornerRadius)
        #expect(starts.filter { $0 == connectors[0].turnOut.x - SVGRenderer.cornerRadius }.count == 2, "\(starts)")
    }

    /// Boxes of odd height put their centres, and the connectors' level pieces, on half
    /// pixels, where a 2 px line smears into three grey rows: the SVG and DOT draw straight
    /// connectors on whole pixels, within half a pixel of the layout; curves as laid out.
    @Test func straightConnectorsAreDrawnOnWholePixels() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for index in 0..<4 { tree.addNode(label: "child \(index)", parent: tree.addNode(label: "inner \(index)", parent: root)) }
        let diagram = try Diagram(tree: tree)
        let layoutCoordinates = (0..<4).flatMap { item -> [Double] in
            let connector = diagram.layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: item, section: 2))?.connector
            return connector?.path.flatMap { [$0.x, $0.y] } ?? []
        }
        #expect(layoutCoordinates.contains { $0 != $0.rounded() }, "the test needs a connector on a half pixel")
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        let drawn = svg.components(separatedBy: "class=\"connector\" d=\"").dropFirst().flatMap { rest in
            rest.prefix { $0 != "\"" }.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" }).compactMap { Double($0) }
        }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0 == $0.rounded() })
        // Straight connectors drawn as `<line>`s too (a level child's), on whole pixels.
        var straightOptions = DiagramOptions()
        straightOptions.configuration.connectorStyle = .straight
        let straight = String(decoding: try Diagram(tree: tree, options: straightOptions).rendered(.init(format: .svg)), as: UTF8.self)
        let lineEnds = straight.components(separatedBy: "<line class=\"connector\"").dropFirst().flatMap { rest in
            ["x1", "y1", "x2", "y2"].compactMap { name in rest.components(separatedBy: " \(name)=\"").dropFirst().first.flatMap { Double($0.prefix { $0 != "\"" }) } }
        }
        #expect(lineEnds.count >= 16 && lineEnds.allSatisfy { $0 == $0.rounded() }, "\(lineEnds)")
        // DOT: y grows upwards from the bottom of `bb`, so a corner is on the grid when its
        // distance from the top is whole; every third control point is a corner.
        let dot = String(decoding: try diagram.rendered(.init(format: .dot)), as: UTF8.self)
        let bbTop = try #require(dot.split(separator: "bb=\"").dropFirst().first?.prefix { $0 != "\"" }.split(separator: ",").last.flatMap { Double($0) })
        let edges = dot.components(separatedBy: " -> ").dropFirst().compactMap { $0.components(separatedBy: "pos=\"").dropFirst().first?.prefix { $0 != "\"" } }
        #expect(edges.count == 8)
        var curvedPieces = 0
        for edge in edges {
            let points = edge.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
            #expect(points.count % 3 == 1 && points.allSatisfy { $0.count == 2 })
            for corner in stride(from: 0, to: points.count, by: 3) {
                #expect(points[corner][0] == points[corner][0].rounded() && bbTop - points[corner][1] == (bbTop - points[corner][1]).rounded(), "\(edge)")
            }
            // Corners are drawn round, as in the SVG: a piece whose control points leave its line.
            for start in stride(from: 0, to: points.count - 3, by: 3) {
                let (a, b, c) = (points[start], points[start + 1], points[start + 3])
                if abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) > 1e-6 { curvedPieces += 1 }
            }
        }
        #expect(curvedPieces > 0, "DOT corners are round")

        var options = DiagramOptions()
        options.configuration.connectorStyle = .curved
        let curved = try Diagram(tree: tree, options: options)
        let curves = String(decoding: try curved.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(curves.components(separatedBy: "class=\"connector\" d=\"M").dropFirst().contains { $0.prefix { $0 != "\"" }.contains(".5") })
    }

    /// Each connector path's level and upright pieces, from its `d`.
    private func pieces(_ svg: String) -> [(horizontal: Bool, at: Double, low: Double, high: Double, path: Int)] {
        var result: [(horizontal: Bool, at: Double, low: Double, high: Double, path: Int)] = []
        for (index, rest) in svg.components(separatedBy: "<path class=\"connector\" d=\"").dropFirst().enumerated() {
            let numbers = rest.prefix { $0 != "\"" }.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" || $0 == "Q" }).compactMap { Double($0) }
            let points = stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
            for (a, b) in zip(points, points.dropFirst()) {
                if a.1 == b.1 { result.append((true, a.1, min(a.0, b.0), max(a.0, b.0), index)) }
                if a.0 == b.0 { result.append((false, a.0, min(a.1, b.1), max(a.1, b.1), index)) }
            }
        }
        return result
    }

    /// Siblings' shared pieces (lead-out, bus, a wrapped block's entry and buses) are stroked
    /// once in the SVG (`ConnectorAttributes.drawnFrom`): no two paths draw over each other
    /// (but for at most `cornerRadius` before a corner a path starts with, where the sibling
    /// before went on straight),
    /// and together they draw all of every connector (anti-aliased edges darkened with every
    /// stroke: a block's entry read as a thicker line).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func sharedPiecesAreStrokedOnce(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        let fan = tree.addNode(label: "fan", parent: root)
        for index in 0..<40 { tree.addNode(label: "leaf \(index)", parent: fan) }
        for index in 0..<5 { tree.addNode(label: "child \(index)", parent: tree.addNode(label: "branch \(index)", parent: root)) }
        // Packages of modules nest as panels, their modules hanging as lists top to bottom.
        let packages = tree.addNode(label: "packages", parent: root)
        for package in 0..<16 {
            let node = tree.addNode(label: "package \(package)", parent: packages)
            for module in 0..<(3 + package % 5) { tree.addNode(label: "module \(package).\(module)", parent: node) }
        }
        var options = DiagramOptions()
        options.configuration.orientation = orientation
        let diagram = try Diagram(tree: tree, options: options)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        let drawn = pieces(svg)
        var overlaps: [String] = []
        for (index, first) in drawn.enumerated() {
            for second in drawn[(index + 1)...] where second.path != first.path && second.horizontal == first.horizontal && second.at == first.at {
                // (But for the stretch before a corner a path starts with, so that its corner is round.)
                let shared = min(first.high, second.high) - max(first.low, second.low)
                if shared > SVGRenderer.cornerRadius + 0.01 { overlaps.append("paths \(first.path) and \(second.path) along \(shared)") }
            }
        }
        #expect(overlaps.isEmpty, "\(overlaps.prefix(5))")
        // All of every connector is drawn: its end's stub by its own path at least.
        #expect(drawn.map(\.path).max().map { $0 + 1 } == tree.count - 1)
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
