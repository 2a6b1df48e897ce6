import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// A forest's roots stay in the first column (row, top to bottom): nesting their subtrees in
/// panels put a root in a later panel, level with that panel's deep column and no parent's line
/// to tell what it is (a JSON document's top-level keys: botocore's MediaStore Data API top to
/// bottom drew `metadata` 174 px down, among the operations' children; a review's Step
/// Functions schema drew `required` and `type` in the fifth column).
@Suite struct ForestRootsTests {
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func rootsStayInTheFirstColumn(orientation: SchematicOrientation) throws {
        // Without its two scalar keys (`version`, `documentation`), which would gather the
        // document's keys under the file's name: its keys that hold structure are the roots.
        let lines = try String(contentsOfFile: RepositoryPaths.root + "/samples/real/mediastore-data-api.json", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  \"version\"") && !$0.hasPrefix("  \"documentation\"") }
        let text = lines.joined(separator: "\n").replacingOccurrences(of: "  },\n}", with: "  }\n}")
        let tree = try JSONTreeReader().read(Array(text.utf8), file: "mediastore-data-api.json")
        #expect(tree.parents.indices.filter { tree.parents[$0] < 0 }.map { tree.labels[$0] } == ["metadata", "operations", "shapes"])
        let (all, _) = try defaultDrawing(of: tree, orientation: orientation)
        let cells = all.filter { $0.representedElementCategory == .cell }
        let roots = cells.filter { $0.indexPath.section == 0 }.map(\.frame)
        let deeper = cells.filter { $0.indexPath.section > 0 }.map(\.frame)
        #expect(roots.count == 3)
        // Each root before every deeper item along the depth axis, all centred on one line.
        func along(_ frame: Rect) -> (start: Double, end: Double, middle: Double) {
            orientation == .lr ? (frame.minX, frame.maxX, frame.midX) : (frame.minY, frame.maxY, frame.midY)
        }
        let firstDeeper = deeper.map { along($0).start }.min() ?? .infinity
        for root in roots {
            #expect(along(root).end < firstDeeper, "a root at \(root) reaches past the first deeper item (\(firstDeeper))")
            #expect(abs(along(root).middle - along(roots[0]).middle) < 0.5, "roots at \(roots)")
        }
    }

    /// A forest of 24 countries with 5 to 37 subdivisions each, top to bottom: one row of
    /// countries is 2.3:1, within 3:1, so they stay in it (nested as panels, 11 of a review's 24
    /// countries stood in a second row under the first ones' subdivisions, at 1.24:1).
    @Test func aReadableForestKeepsItsRootsInOneRow() throws {
        var tree = Tree()
        for country in 0..<24 {
            let root = tree.addNode(label: "Country \(country)")
            for region in 0..<(5 + (country * 13) % 33) { _ = tree.addNode(label: "C\(country)-\(region) Region \(region)", parent: root) }
        }
        let (all, size) = try defaultDrawing(of: tree, orientation: .tb)
        let roots = all.filter { $0.representedElementCategory == .cell && $0.indexPath.section == 0 }.map(\.frame)
        #expect(roots.count == 24)
        #expect(Set(roots.map(\.midY)).count == 1, "roots in rows \(Set(roots.map(\.midY)).sorted())")
        #expect(size.width <= 3 * size.height, "\(size.width) x \(size.height)")
    }
}
