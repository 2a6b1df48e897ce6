import CollectionLayout
import Foundation
import Schematic
import Testing
import TestSupport

/// A child's stub level with a leaf of its parent's column, starting a few pixels past that
/// leaf, reads as the leaf's own line on to the child (a phylogeny's leaf beside the junction of
/// a clade one level further on, 16 px apart). Runs whose buses only nearly meet put such stubs
/// on their lanes far from that column (`SchematicLayout.countLanes`).
@Suite struct LevelStubTests {
    /// Leaves (boxes without a connector of their own going on) followed, on their row and
    /// less than 24 px past their far side, by another connector's piece.
    func leavesFollowedByALine(_ tree: Tree, _ orientation: SchematicOrientation) throws -> (count: Int, leaves: Int) {
        let (all, _) = try defaultDrawing(of: tree, orientation: orientation)
        let vertical = orientation.isVertical
        var parents = Set<CollectionLayout.IndexPath>()
        // Pieces along the depth axis: (row, start, end).
        var pieces: [(row: Double, low: Double, high: Double)] = []
        for attributes in all where attributes.representedElementKind == .connector {
            guard let connector = attributes.connector else { continue }
            parents.insert(connector.parentIndexPath)
            var points: [Point] = []
            connector.forEachPolylinePoint { points.append($0) }
            for (a, b) in zip(points, points.dropFirst()) {
                let (rowA, rowB, alongA, alongB) = vertical ? (a.x, b.x, a.y, b.y) : (a.y, b.y, a.x, b.x)
                if abs(rowA - rowB) < 0.01 && abs(alongA - alongB) > 1 { pieces.append((rowA, min(alongA, alongB), max(alongA, alongB))) }
            }
        }
        pieces.sort { ($0.row, $0.low) < ($1.row, $1.low) }
        var count = 0, leaves = 0
        for attributes in all where attributes.representedElementCategory == .cell && !parents.contains(attributes.indexPath) {
            leaves += 1
            let frame = attributes.frame
            let row = vertical ? frame.midX : frame.midY, end = vertical ? frame.maxY : frame.maxX
            var low = 0, high = pieces.count
            while low < high {
                let half = (low + high) / 2
                if pieces[half].row < row - 1 { low = half + 1 } else { high = half }
            }
            while low < pieces.count && pieces[low].row <= row + 1 {
                if case let distance = pieces[low].low - end, distance > 0 && distance < 24 { count += 1; break }
                low += 1
            }
        }
        return (count, leaves)
    }

    /// A birth-death tree of 900 leaves with unnamed junctions: 28 such leaves left to right and
    /// 26 top to bottom had the next clade's stub 16 px past them; now 6 and 8 (in runs whose
    /// buses run side by side, or where a parent's line would end by another's child).
    @Test(arguments: [(SchematicOrientation.lr, 8), (.tb, 10)])
    func stubsLevelWithALeafStartFarFromIt(orientation: SchematicOrientation, most: Int) throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/birth-death-900.nwk", encoding: .utf8)
        let tree = try NewickReader().read(Array(text.utf8), file: "birth-death-900.nwk")
        let (count, leaves) = try leavesFollowedByALine(tree, orientation)
        #expect(leaves == 900)
        #expect(count <= most, "\(count) leaves with another connector's piece starting under 24 px past them")
    }
}
