import CollectionLayout
import Foundation
import Hierarchy
import Schematic
import Testing
import TestSupport

/// A run of leaves beside a deep, big sibling subtree is not filled across the next columns
/// (`WrapPlan.runsBesideDeepSiblings`). `Tests/Fixtures/llvm-14.tree`: `tree /usr/lib/llvm-14`
/// (841 entries), from a review on trees the layout was not tuned on. Its `build` folder holds
/// six links and `utils`, whose subtree is 500 entries seven levels deep: filled into one row,
/// the six went above all of `utils`' columns, 1,500 px from `build`, reached by a 3,000 px bus.
@Suite struct DeepSiblingRunTests {
    @Test func leadingFilesStayBesideTheirFolder() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/llvm-14.tree", encoding: .utf8)
        let tree = try OutlineReader().read(Array(text.utf8), file: "llvm-14.tree")
        let sectioned = try SectionedTree(tree)
        let (all, _) = try defaultDrawing(of: tree, orientation: .lr)
        var frames: [CollectionLayout.IndexPath: Rect] = [:]
        for attributes in all where attributes.representedElementCategory == .cell { frames[attributes.indexPath] = attributes.frame }
        #expect(frames.count == tree.count && overlappingPairs(Array(frames.values)).isEmpty)
        func frame(_ node: Int) throws -> Rect {
            let (section, item) = sectioned.position(ofNode: node)
            return try #require(frames[CollectionLayout.IndexPath(item: item, section: section)])
        }
        let build = try #require((0..<tree.count).first { tree.labels[$0] == "build" && tree.parents[$0] == 0 })
        let children = (0..<tree.count).filter { tree.parents[$0] == Int32(build) }
        #expect(children.count == 7)
        let centre = try frame(build).midY
        for child in children {
            let distance = abs(try frame(child).midY - centre)
            #expect(distance < 200, "\(tree.labels[child]) is \(distance) px from build")
        }
    }
}
