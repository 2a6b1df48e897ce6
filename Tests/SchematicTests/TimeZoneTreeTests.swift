import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// `Tests/Fixtures/tzdata-zones.csv`: this machine's time zones (tzdata.zi) as area → zone →
/// alias, 610 nodes from a new-user review. Top to bottom, the `Etc` area's 26 leaf zones, filling
/// the room beside Europe's tall block, each took a panel of its own, with its own line.
@Suite struct TimeZoneTreeTests {
    func zones() throws -> Tree {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/tzdata-zones.csv", encoding: .utf8)
        return try CSVReader().read(Array(text.utf8), file: "tzdata-zones.csv")
    }

    /// The `Etc` area's leaf zones share panels: none is a box in a panel of its own (the fill
    /// of the room beside Europe stops short of one leaf a panel).
    @Test(arguments: [SchematicOrientation.tb, .lr])
    func leafZonesShareTheirPanels(_ orientation: SchematicOrientation) throws {
        let tree = try zones()
        let (all, _) = try defaultDrawing(of: tree, orientation: orientation)
        let sections = try SectionedTree(tree)
        let panels = all.filter { $0.representedElementKind == .panel }.map(\.frame)
        let cells = all.filter { $0.representedElementCategory == .cell }
        let boxes = cells.map(\.frame)
        let etc = tree.labels.firstIndex(of: "Etc")!
        let zones = cells.filter {
            let node = sections.node(section: $0.indexPath.section, item: $0.indexPath.item)
            return tree.parents[node] == Int32(etc) && tree.labels[node].hasPrefix("GMT") && tree.labels[node].count > 3
        }
        #expect(zones.count == 26)
        for zone in zones {
            let middle = Point(x: zone.frame.midX, y: zone.frame.midY)
            guard let panel = panels.first(where: { $0.contains(middle) }) else {
                Issue.record("\(zone.frame) in no panel")
                continue
            }
            let inside = boxes.filter { panel.contains(Point(x: $0.midX, y: $0.midY)) }.count
            #expect(inside > 1, "\(zone.frame) alone in panel \(panel)")
        }
    }
}
