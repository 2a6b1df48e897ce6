import CollectionLayout
import Foundation
import Hierarchy
import Schematic
import Testing
import TestSupport

/// A folder beside a cousin's deep subtree is drawn with its files. `Tests/Fixtures/llvm-14.tree`:
/// `tree /usr/lib/llvm-14` (841 entries), from a review on trees the layout was not tuned on.
@Suite struct DeepSiblingRunTests {
    /// The default left-to-right drawing's boxes, by node.
    func drawing() throws -> (tree: Tree, frame: (Int) throws -> Rect) {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/llvm-14.tree", encoding: .utf8)
        let tree = try OutlineReader().read(Array(text.utf8), file: "llvm-14.tree")
        let sectioned = try SectionedTree(tree)
        let (all, _) = try defaultDrawing(of: tree, orientation: .lr)
        var frames: [CollectionLayout.IndexPath: Rect] = [:]
        for attributes in all where attributes.representedElementCategory == .cell { frames[attributes.indexPath] = attributes.frame }
        #expect(frames.count == tree.count && overlappingPairs(Array(frames.values)).isEmpty)
        return (tree, { node in
            let (section, item) = sectioned.position(ofNode: node)
            return try #require(frames[CollectionLayout.IndexPath(item: item, section: section)])
        })
    }

    /// A run of leaves beside a deep, big sibling subtree is not filled across the next columns
    /// where the best drawing's page allows (`WrapPlan.runsBesideDeepSiblings`,
    /// `WrappedPlacement.keptBesideDeepSiblings`). `build` holds six links and `utils`, whose subtree
    /// is 500 entries seven levels deep: filled into one row, the six went above all of
    /// `utils`' columns, 1,500 px from `build`, reached by a 3,000 px bus.
    @Test func leadingFilesStayBesideTheirFolder() throws {
        let (tree, frame) = try drawing()
        let build = try #require((0..<tree.count).first { tree.labels[$0] == "build" && tree.parents[$0] == 0 })
        let children = (0..<tree.count).filter { tree.parents[$0] == Int32(build) }
        #expect(children.count == 7)
        let centre = try frame(build).midY
        for child in children {
            let distance = abs(try frame(child).midY - centre)
            #expect(distance < 200, "\(tree.labels[child]) is \(distance) px from build")
        }
    }

    /// Siblings held far down their column leave no gap above them (`SiblingGaps`): `lib`'s
    /// `cmake` folder and block of 186 files must pass `build`'s deep subtree, and its first two
    /// files stayed 2,400 px above them, `lib` half way between on an empty bus.
    @Test func filesJoinTheirHeldSiblings() throws {
        let (tree, frame) = try drawing()
        let lib = try #require((0..<tree.count).first { tree.labels[$0] == "lib" && tree.parents[$0] == 0 })
        let children = (0..<tree.count).filter { tree.parents[$0] == Int32(lib) }
        #expect(children.count == 189)
        let centres = try children.map { try frame($0).midY }
        for (upper, lower) in zip(centres, centres.dropFirst()) {
            #expect(lower - upper < 400, "a gap of \(lower - upper) px between lib's children")
        }
        let nearest = try centres.map { abs($0 - (try frame(lib).midY)) }.min()!
        #expect(nearest < 400, "lib is \(nearest) px from its nearest child")
    }
}
