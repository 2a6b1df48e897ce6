import Hierarchy
import HierarchyReaders
import Testing

@Suite struct TreeMatchingTests {
    func tree(_ text: String) throws -> Tree { try OutlineReader().read(Array(text.utf8), file: "t") }

    @Test func matchesByPositionLabelAndRank() throws {
        let old = try tree("R\n  A\n    x\n    x\n  B\n  C\n")
        let new = try tree("R\n  A\n    x\n    y\n    x\n  C\n  D\n")
        let matching = TreeMatching(old: old, new: new)
        // R, A and the first x keep their nodes; y is inserted between the two x nodes, which
        // still pair by rank; C stays; B is gone and D, the one unmatched child of R left,
        // pairs with it as a relabelling.
        #expect(matching.oldNodeOfNew == [0, 1, 2, -1, 3, 5, 4])
        #expect(matching.newNodeOfOld == [0, 1, 2, 4, 6, 5])
    }

    @Test func idsWinOverPositions() throws {
        let old = try tree("R\n  A {#a}\n  B {#b}\n")
        let new = try tree("R\n  B {#b}\n  A renamed {#a}\n")
        let matching = TreeMatching(old: old, new: new)
        #expect(matching.oldNodeOfNew == [0, 2, 1])
    }

    @Test func insertedSubtreesStayUnmatched() throws {
        let old = try tree("R\n  A\n")
        let new = try tree("R\n  A\n  N\n    N1\n")
        #expect(TreeMatching(old: old, new: new).oldNodeOfNew == [0, 1, -1, -1])
    }

    /// A `tree` listing of a folder ("src") and the folder read as a directory ("src/") match:
    /// the order of the unmatched would pair `lib` with `src/` here.
    @Test func foldersMatchWithOrWithoutTheirSlash() throws {
        let old = try tree("R\n  src\n    a\n  lib\n")
        let new = try tree("R\n  lib/\n  src/\n    a\n")
        #expect(TreeMatching(old: old, new: new).oldNodeOfNew == [0, 3, 1, 2])
    }
}
