import CollectionLayout
import Foundation
import Schematic
import Testing
import TestSupport

/// Where a parent's line enters a block of several sub-columns (rows top to bottom) when the
/// parent lies beyond the first one's last member. `Tests/Fixtures/america-14.txt`: America's
/// first 14 countries (ISO 3166-2) and their subdivisions, from a review on trees the layout was
/// not tuned on. Anguilla, a leaf, is alone on the first row of a block whose next row is Antigua
/// and Barbuda's; America lies far to the right.
@Suite struct BlockEntryTests {
    /// The line was led down to Anguilla's row at Anguilla and on into its stub, and the trunk
    /// to the later rows left from there: every country below read as hanging from Anguilla.
    @Test func laterRowsDoNotLeaveFromTheFirstRowsStub() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/america-14.txt", encoding: .utf8)
        let tree = try OutlineReader().read(Array(text.utf8), file: "america-14.txt")
        let (all, _) = try defaultDrawing(of: tree, orientation: .tb)
        func path(toItem item: Int) throws -> [Point] {
            let connector = all.first {
                $0.representedElementKind == .connector && $0.indexPath.section == 1 && $0.indexPath.item == item && $0.indexPath.subitem == 0
            }
            return try #require(connector?.connector).path
        }
        let anguilla = try path(toItem: 0), antigua = try path(toItem: 1)
        let frames = Dictionary(all.filter { $0.representedElementCategory == .cell }.map { ($0.indexPath, $0.frame) }) { a, _ in a }
        let anguillaBox = try #require(frames[CollectionLayout.IndexPath(item: 0, section: 1)])
        let antiguaBox = try #require(frames[CollectionLayout.IndexPath(item: 1, section: 1)])
        #expect(antiguaBox.minY > anguillaBox.maxY, "the test needs Anguilla on a row of its own above Antigua's")
        // Where Anguilla's stub leaves its row's line.
        let stub = anguilla[anguilla.count - 2]
        #expect(!antigua.contains(stub), "Antigua's line \(antigua) leaves from Anguilla's stub at \(stub)")
        // And the line leaves America's bus past the block's far side, not at its corner: from
        // the corner it ran back over the whole first row just beside the bus, a lid over it.
        let bus = anguilla[1]
        let leavesBus = try #require(antigua.last { $0.y == bus.y })
        #expect(leavesBus.x >= max(anguillaBox.maxX, antiguaBox.maxX), "Antigua's line \(antigua) leaves America's bus over the block")
    }
}
