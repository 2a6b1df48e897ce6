import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// Blocks of a tree whose items have additional parents cannot overhang their column (those
/// parents' connectors cross the gaps), so the wrap estimate must widen the column as the
/// placement does. `Tests/Fixtures/debian-sections-dag.csv`: Debian's sections, source and
/// binary packages as parent,child rows, 15 sources with two or three sections (976 nodes),
/// from a review on trees the layout was not tuned on.
@Suite struct AdditionalParentBlocksTests {
    /// Filled blocks (`WrapPlan.fills`) reach only as far as their column's width: the estimate
    /// gave them the room to the drawing's right edge, as if they overhung, and the placement then
    /// widened their column to the widest (5,779 px for 1,001 px of columns, 2.0x dot's area).
    @Test func filledBlocksStayInTheirColumn() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/debian-sections-dag.csv", encoding: .utf8)
        let tree = try CSVReader().read(Array(text.utf8), file: "debian-sections-dag.csv")
        #expect(tree.count == 976 && !tree.additionalParents.isEmpty)
        let (all, size) = try defaultDrawing(of: tree, orientation: .lr)
        let cells = all.filter { $0.representedElementCategory == .cell }.map(\.frame)
        #expect(cells.count == tree.count && overlappingPairs(cells).isEmpty)
        #expect(size.width < 5_200, "the drawing is \(size.width) px wide")
        #expect(size.height <= 3 * size.width, "the drawing is \(size.width) x \(size.height) px")
    }
}
