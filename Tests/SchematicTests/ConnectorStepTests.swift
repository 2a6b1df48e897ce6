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
        #expect(SchematicLayout.withoutSteps(junction).path == [Point(x: 780, y: 148.5), Point(x: 890, y: 148.5), Point(x: 1000, y: 148.5)])
        // A block entered half a pixel off the parent's line, its member from above: the last
        // piece (along the move) ends where it did, half a pixel shorter.
        var block = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 238.5, y: 1097.5),
                                        end: Point(x: 372.5, y: 1105), turnOut: Point(x: 283, y: 1097.5),
                                        turnIn: Point(x: 283, y: 1097))
        block.via = [Point(x: 333, y: 1097), Point(x: 372.5, y: 1097)]
        #expect(SchematicLayout.withoutSteps(block).path == [Point(x: 238.5, y: 1097.5), Point(x: 283, y: 1097.5), Point(x: 333, y: 1097.5),
                                                            Point(x: 372.5, y: 1097.5), Point(x: 372.5, y: 1105)])
        // A step of 3 px or more is a line of its own: kept.
        let wide = ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: Point(x: 0, y: 10),
                                       end: Point(x: 100, y: 13), turnOut: Point(x: 50, y: 10), turnIn: Point(x: 50, y: 13))
        #expect(SchematicLayout.withoutSteps(wide) == wide)
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
                let box = boxes[CollectionLayout.IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)]!
                #expect(box.insetBy(dx: -0.01, dy: -0.01).contains(connector.end), "\(connector.end) off \(box)")
            }
        }
    }
}
