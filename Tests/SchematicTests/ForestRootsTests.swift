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
        let text = try String(contentsOfFile: RepositoryPaths.root + "/samples/real/mediastore-data-api.json", encoding: .utf8)
        let tree = try JSONTreeReader().read(Array(text.utf8), file: "mediastore-data-api.json")
        let (all, _) = try defaultDrawing(of: tree, orientation: orientation)
        let cells = all.filter { $0.representedElementCategory == .cell }
        let roots = cells.filter { $0.indexPath.section == 0 }.map(\.frame)
        let deeper = cells.filter { $0.indexPath.section > 0 }.map(\.frame)
        #expect(roots.count == 5)
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
}
