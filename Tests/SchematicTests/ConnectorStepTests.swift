import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
@testable import SchematicLayout
import Schematic
import Testing
import TestSupport

/// Elbow connectors have no hair-thin steps (`SchematicLayout.withoutSteps`): a child's middle
/// a pixel or two off its parent's line stepped the path across by that much, drawn as a kink
/// of two rounded corners (a YAML schema's list top to bottom, 1.2 px; a phylogeny's junction
/// 0.8 px off its parent's line; 24 connectors of a package tree, 0.5 px).
@Suite struct ConnectorStepTests {
    /// A step between two pieces along the way is taken out; the end slides along its child's
    /// edge where the last piece runs across the move, else the last piece shortens.
    @Test func shortStepsAreTakenOut() {
        let parent = CollectionLayout.IndexPath(item: 0, section: 0)
        // A junction 0.8 px below its parent's line: straight on, entered 0.8 px above its middle.
        let junction = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 780, y: 148.5),
                                           end: Point(x: 1000, y: 147.7), turnOut: Point(x: 890, y: 148.5),
                                           turnIn: Point(x: 890, y: 147.7))
        #expect(SchematicLayout.withoutSteps(junction)?.path == [Point(x: 780, y: 148.5), Point(x: 890, y: 148.5), Point(x: 1000, y: 148.5)])
        // A block entered half a pixel off the parent's line, its member from above: the last
        // piece (along the move) ends where it did, half a pixel shorter.
        var block = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 238.5, y: 1097.5),
                                        end: Point(x: 372.5, y: 1105), turnOut: Point(x: 283, y: 1097.5),
                                        turnIn: Point(x: 283, y: 1097))
        block.via = [Point(x: 333, y: 1097), Point(x: 372.5, y: 1097)]
        #expect(SchematicLayout.withoutSteps(block)?.path == [Point(x: 238.5, y: 1097.5), Point(x: 283, y: 1097.5), Point(x: 333, y: 1097.5),
                                                            Point(x: 372.5, y: 1097.5), Point(x: 372.5, y: 1105)])
        // A step of 3 px or more is a line of its own: kept.
        let wide = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 0, y: 10),
                                       end: Point(x: 100, y: 13), turnOut: Point(x: 50, y: 10), turnIn: Point(x: 50, y: 13))
        #expect(SchematicLayout.withoutSteps(wide) == nil)
        // A U-turn is no step; nor is anything in a curve.
        let back = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 0, y: 10),
                                       end: Point(x: 0, y: 12), turnOut: Point(x: 50, y: 10), turnIn: Point(x: 50, y: 12))
        #expect(SchematicLayout.withoutSteps(back) == nil)
        let curved = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 0, y: 10), end: Point(x: 100, y: 11),
                                         turnOut: Point(x: 50, y: 10), turnIn: Point(x: 50, y: 11), isCurved: true)
        #expect(SchematicLayout.withoutSteps(curved) == nil)
        // A last piece along the move left under 1 px (here turned back): the end moves too.
        var short = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 0, y: 4),
                                        end: Point(x: 100, y: 3), turnOut: Point(x: 50, y: 4), turnIn: Point(x: 50, y: 2))
        short.via = [Point(x: 100, y: 2)]
        #expect(SchematicLayout.withoutSteps(short)?.path == [Point(x: 0, y: 4), Point(x: 50, y: 4), Point(x: 100, y: 4), Point(x: 100, y: 5)])
        // A step before the last piece: the end slides along its child's edge.
        var late = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 0, y: 0),
                                       end: Point(x: 150, y: 21.5), turnOut: Point(x: 50, y: 0), turnIn: Point(x: 50, y: 20))
        late.via = [Point(x: 100, y: 20), Point(x: 100, y: 21.5)]
        #expect(SchematicLayout.withoutSteps(late)?.path == [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 20),
                                                             Point(x: 100, y: 20), Point(x: 150, y: 20)])
    }

    /// The HTML page takes the same steps out (its `removeSteps`, run in node on the page's own
    /// code): the page draws connectors from its own geometry after a collapse.
    @Test func thePageTakesTheSameStepsOut() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root", parent: nil)
        tree.addNode(label: "leaf", parent: root)
        var options = DiagramOptions()
        options.configuration.connectorStyle = .elbow
        let html = String(decoding: try Diagram(tree: tree, options: options).rendered(.init(format: .html)), as: UTF8.self)
        let code = try #require(html.components(separatedBy: "<script>").dropFirst().first?.components(separatedBy: "</script>").first)
        let from = try #require(code.range(of: "var CORNER_RADIUS")), to = try #require(code.range(of: "function snappedPath("))
        let cases: [[Point]] = [
            [Point(x: 780, y: 148.5), Point(x: 890, y: 148.5), Point(x: 890, y: 147.7), Point(x: 1000, y: 147.7)],
            [Point(x: 238.5, y: 1097.5), Point(x: 283, y: 1097.5), Point(x: 283, y: 1097), Point(x: 333, y: 1097),
             Point(x: 372.5, y: 1097), Point(x: 372.5, y: 1105)],
            [Point(x: 0, y: 10), Point(x: 50, y: 10), Point(x: 50, y: 13), Point(x: 100, y: 13)],
            [Point(x: 0, y: 10), Point(x: 50, y: 10), Point(x: 50, y: 12), Point(x: 0, y: 12)],
            [Point(x: 0, y: 4), Point(x: 50, y: 4), Point(x: 50, y: 2), Point(x: 100, y: 2), Point(x: 100, y: 3)],
            [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 20), Point(x: 100, y: 20), Point(x: 100, y: 21.5), Point(x: 150, y: 21.5)],
            [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 2), Point(x: 80, y: 2), Point(x: 80, y: 4), Point(x: 120, y: 4)],
        ]
        func flat(_ points: [Point]) -> String { "[" + points.map { "\($0.x),\($0.y)" }.joined(separator: ",") + "]" }
        var script = String(code[from.lowerBound..<to.lowerBound])
        for points in cases { script += "\nvar p = \(flat(points)); removeSteps(p); console.log(JSON.stringify(p));" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("schematic-steps-\(getpid()).js")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let node = try #require(["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "node is missing: make deps installs it")
        let result = try Executable.run(program: node, [file.path])
        let lines = result.stdout.split(separator: "\n")
        #expect(result.status == 0 && lines.count == cases.count, "\(result.stderr.prefix(600))")
        for (points, line) in zip(cases, lines) {
            var connector = ConnectorAttributes(parentIndexPath: CollectionLayout.IndexPath(item: 0, section: 0), lineStartTop: false,
                                                start: points[0], end: points[points.count - 1], turnOut: points[1], turnIn: points[2])
            connector.via = Array(points[3..<points.count - 1])
            let swift = (SchematicLayout.withoutSteps(connector) ?? connector).path
            let page = try JSONDecoder().decode([Double].self, from: Data(line.utf8))
            #expect(page == swift.flatMap { [$0.x, $0.y] }, "page \(page), layout \(swift)")
        }
    }

    /// On real trees in both orientations: no elbow has a piece under `leastStep` between two
    /// pieces across it, and every tree connector still ends on its child's box.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func realTreesHaveNoSteps(_ orientation: SchematicOrientation) throws {
        let zones = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/tzdata-zones.csv", encoding: .utf8)
        let packages = try String(contentsOfFile: RepositoryPaths.root + "/samples/real/python-packages.txt", encoding: .utf8)
        let trees = [try CSVReader().read(Array(zones.utf8), file: "tzdata-zones.csv"),
                     try OutlineReader().read(Array(packages.utf8), file: "python-packages.txt")]
        for tree in trees {
            let (all, _) = try defaultDrawing(of: tree, orientation: orientation)
            var boxes: [CollectionLayout.IndexPath: Rect] = [:]
            for attributes in all where attributes.representedElementCategory == .cell { boxes[attributes.indexPath] = attributes.frame }
            for attributes in all where attributes.representedElementKind == .connector && attributes.indexPath.subitem == 0 {
                guard let connector = attributes.connector else { continue }
                let points = connector.path
                for index in 1..<max(1, points.count - 2) {
                    #expect(SchematicLayout.step(points[index - 1], points[index], points[index + 1], points[index + 2]) == nil,
                            "\(points)")
                }
                let bounds = attributes.frame.insetBy(dx: -0.01, dy: -0.01)
                #expect(points.allSatisfy { bounds.contains($0) }, "\(points) beyond \(attributes.frame)")
                let box = boxes[CollectionLayout.IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)]!
                #expect(box.insetBy(dx: -0.01, dy: -0.01).contains(connector.end), "\(connector.end) off \(box)")
            }
        }
    }
}
