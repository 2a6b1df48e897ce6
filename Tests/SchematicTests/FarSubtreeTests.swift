import CollectionLayout
import Foundation
import Schematic
import Testing
import TestSupport

/// The compact placement keeps small clades of a phylogeny near their parent's junction, and
/// shortens a tree whose tight placement is already off-centre (`FarSubtrees`,
/// `CompactPlacement.tightOffsetGain`). Both phylogenies come from a review on trees the
/// layout was not tuned on (`Tests/Fixtures`: a birth-death tree of 900 unnamed-junction
/// leaves, and a strongly unbalanced one of 420 with branch lengths and support values).
@Suite struct FarSubtreeTests {
    func phylogeny(_ name: String) throws -> Tree {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/" + name, encoding: .utf8)
        return try NewickReader().read(Array(text.utf8), file: name)
    }

    /// Per child, its parent, its centre along the column and the size of its parent's subtree.
    func edges(_ tree: Tree, _ orientation: SchematicOrientation) throws -> (edges: [(distance: Double, parentSize: Int)], size: Size) {
        let (all, size) = try defaultDrawing(of: tree, orientation: orientation)
        var centre: [CollectionLayout.IndexPath: Double] = [:]
        for attributes in all where attributes.representedElementCategory == .cell {
            centre[attributes.indexPath] = orientation.isVertical ? attributes.frame.midX : attributes.frame.midY
        }
        #expect(centre.count == tree.count && overlappingPairs(all.filter { $0.representedElementCategory == .cell }.map(\.frame)).isEmpty)
        var children: [CollectionLayout.IndexPath: [CollectionLayout.IndexPath]] = [:]
        for attributes in all where attributes.representedElementKind == .connector && attributes.indexPath.subitem == 0 {
            guard let connector = attributes.connector else { continue }
            let child = CollectionLayout.IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)
            children[connector.parentIndexPath, default: []].append(child)
        }
        // Subtree sizes, deepest columns first (no recursion).
        var subtree: [CollectionLayout.IndexPath: Int] = [:]
        for path in centre.keys.sorted(by: { $0.section > $1.section }) {
            subtree[path] = 1 + (children[path] ?? []).reduce(0) { $0 + (subtree[$1] ?? 1) }
        }
        var result: [(Double, Int)] = []
        for (parent, kids) in children {
            for child in kids { result.append((abs(centre[parent]! - centre[child]!), subtree[parent]!)) }
        }
        return (result, size)
    }

    /// A clade of at most 11 nodes lay 1,946 px (left to right) and 2,858 px (top to bottom)
    /// from its parent's junction (dot: 219 and 267 px at most).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func smallCladesStayNearTheirParent(orientation: SchematicOrientation) throws {
        let (edges, _) = try edges(try phylogeny("birth-death-900.nwk"), orientation)
        let small = edges.filter { $0.parentSize <= 11 }
        #expect(small.count > 300, "the test needs the tree's small clades: \(small.count)")
        let farthest = small.map(\.distance).max() ?? 0
        #expect(farthest < 1000, "a small clade \(farthest) px from its parent")
    }

    /// Top to bottom, the unbalanced tree's tight placement has its parents 72 px from their
    /// children's middle, over the 0.7 pitch every shorter placement was held to: it stayed
    /// 10,678 px wide (dot: 9,368). Now 6,508.
    @Test func anOffCentreTightPlacementIsStillMadeShorter() throws {
        let (_, size) = try edges(try phylogeny("caterpillar-420.nwk"), .tb)
        #expect(size.width < 8000, "\(size.width) px wide")
    }
}
