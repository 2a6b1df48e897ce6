import CollectionLayout
import Foundation
import Hierarchy
import Schematic
import Testing
import TestSupport

/// A list that alone makes its panel long hangs in more rows side by side
/// (`NestingLayout.shortenedLists`), also where no other list in the panel gives it an end to
/// aim for. `Tests/Fixtures/pygments-lexers.txt`: Pygments' lexer classes (623), from a review
/// on trees the layout was not tuned on. Top to bottom, `ExtendedRegexLexer`'s 18 subclasses
/// hung in single file under the last box of a panel row: the row was 1,100 px deep and empty
/// across 4,000 px but for them.
@Suite struct HangingListRowsTests {
    @Test func aLoneLongListHangsInSeveralRows() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/pygments-lexers.txt", encoding: .utf8)
        let tree = try OutlineReader().read(Array(text.utf8), file: "pygments-lexers.txt")
        let sectioned = try SectionedTree(tree)
        let (all, size) = try defaultDrawing(of: tree, orientation: .tb)
        let head = try #require(tree.labels.firstIndex(of: "ExtendedRegexLexer"))
        let members = (0..<tree.count).filter { tree.parents[$0] == Int32(head) }
        #expect(members.count == 18)
        var frames: [CollectionLayout.IndexPath: Rect] = [:]
        for attributes in all where attributes.representedElementCategory == .cell { frames[attributes.indexPath] = attributes.frame }
        // Boxes of a sub-column are one below the other: in single file, 18 tops.
        let tops = Set(try members.map { node in
            let (section, item) = sectioned.position(ofNode: node)
            return try #require(frames[CollectionLayout.IndexPath(item: item, section: section)]).minY.rounded()
        })
        #expect(tops.count <= 9, "ExtendedRegexLexer's subclasses hang \(tops.count) deep")
        #expect(overlappingPairs(Array(frames.values)).isEmpty)
        // The drawing was 5,863.5 x 3,190 px.
        #expect(size.width * size.height < 5_863.5 * 3_190 * 0.9, "\(size)")
    }
}
