import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// `ls -R` through the outline reader: each block's folder holds its entries, the first block's
/// is the root; texts of a `key:` and lines under it stay an outline's.
@Suite struct RecursiveListingReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try OutlineReader().read(Array(text.utf8), file: "in.txt") }

    @Test func blocksAreTheFoldersOfTheirEntries() throws {
        let listing = "demo:\na\nb\ntop.md\n\ndemo/a:\na1\nx.txt\n\ndemo/a/a1:\ny.txt\n\ndemo/b:\nz.txt\n"
        let tree = try read(listing)
        #expect(preorderOutline(tree) == ["demo", ".a", "..a1", "...y.txt", "..x.txt", ".b", "..z.txt", ".top.md"])
        #expect(tree.warnings.isEmpty)
        #expect(preorderOutline(try read(listing.replacing("\n", with: "\r\n"))) == preorderOutline(tree))
    }

    /// `ls -R` with no folder named lists `.`; an empty folder's block has no entries; names
    /// are kept as written, markers and all.
    @Test func currentFolderAndEmptyFolders() throws {
        let tree = try read(".:\nempty\nsrc\nnotes !\n\n./empty:\n\n./src:\nmain.c\n")
        #expect(preorderOutline(tree) == [".", ".empty", ".src", "..main.c", ".notes !"])
        #expect(tree.types.allSatisfy { $0 == .normal })
        // `ls -R demo/` heads its subfolders "demo/a:"; `ls -R /` "/usr:".
        #expect(preorderOutline(try read("demo/:\na\n\ndemo/a:\nb\n")) == ["demo/", ".a", "..b"])
        #expect(preorderOutline(try read("/:\nusr\n\n/usr:\nbin\n")) == ["/", ".usr", "..bin"])
    }

    /// `ls -lR`: each block's total left out, each entry its name (a folder's with "/", a
    /// link's "name → target"), its size in its tooltip; `ls -l` alone is a forest of names.
    @Test func longListingsAreReadAsTheirNames() throws {
        let listing = """
            demo:
            total 12
            drwxr-xr-x  2 ann staff 4096 Jun 24  2025 my docs
            -rw-r--r--. 1 ann staff  115 Oct 24 12:01 a -> b.txt
            lrwxrwxrwx  1 ann staff    5 Oct 24 12:01 link -> a.txt
            crw-rw-rw-  1 root root 1, 3 Jan  2  2024 null

            demo/my docs:
            total 4
            -rw-r--r-- 1 ann staff 10 2024-01-02 10:00 x.md

            """
        let tree = try read(listing)
        #expect(preorderOutline(tree) == ["demo", ".my docs/", "..x.md", ".a -> b.txt", ".link → a.txt", ".null"])
        #expect(tree.attributes(of: 1)?.cssClass == "directory")
        #expect(tree.attributes(of: 5)?.tooltip == "x.md: 10 bytes")
        #expect(tree.attributes(of: 4)?.cssClass == "device")
        #expect(tree.attributes(of: 4)?.tooltip == "null: 1, 3")
        let flat = try read("total 8\n-rw-r--r-- 1 ann staff 5 2024-01-02 10:00:00.123456789 +0100 a.txt\ndrwxr-x--- 2 ann staff 4.0K Jan  2 10:00 b\n")
        #expect(preorderOutline(flat) == ["a.txt", "b/"])
        #expect(flat.attributes(of: 1)?.tooltip == "b: 4.0K")
        // One folder's listing (no subfolders): its one block, the long format telling it.
        let single = try read("d:\ntotal 8\n-rw-r--r-- 1 root root 10 Oct 24 12:01 a.txt\n-rw-r--r-- 1 root root 10 Oct 24 12:01 b.txt\n")
        #expect(preorderOutline(single) == ["d", ".a.txt", ".b.txt"])
        // ls -a's `.` and `..`; German (total, day first) and Japanese dates.
        let german = "d:\ninsgesamt 8\ndrwxr-xr-x 2 a b 4096 24. Okt 12:01 .\ndrwxr-xr-x 9 a b 4096 24. Okt 12:01 ..\n-rw-r--r-- 1 a b 10 24. Okt 2023 x\n"
        #expect(preorderOutline(try read(german)) == ["d", ".x"])
        #expect(preorderOutline(try read("d:\n合計 8\n-rw-r--r-- 1 a b 10 10月 24 12:01 y\n")) == ["d", ".y"])
        #expect(preorderOutline(try read("d:\ntotal 8\n-rw-r--r-- 1 a b 10 24 oct.  12:01 z\n")) == ["d", ".z"])
        // A short listing whose first name looks like a total keeps it as a name.
        #expect(preorderOutline(try read("d:\nnotes 2\nb\n\nd/b:\nc\n")) == ["d", ".notes 2", ".b", "..c"])
        #expect(preorderOutline(try read("d:\nnotes 2\n\nd/notes 2:\nc\n")) == ["d", ".notes 2", "..c"])
        // A line that is no entry among long ones: not a listing (an outline, as it was).
        #expect(outline(try read("total 8\nshopping\n")) == ["total 8", "shopping"])
        #expect(outline(try read("demo:\n-rw-r--r-- 1 a b 5 Jan  2  2024 x\nnotes\n\ndemo/x:\ny\n")).first == "demo:")
    }

    /// `ls -R a b` and `ls -lR a b`: each folder named on the command line is a tree of its own.
    @Test func severalFoldersAreAForest() throws {
        let short = "a:\nx\nsub\n\na/sub:\ny\n\nb:\nz\n"
        #expect(preorderOutline(try read(short)) == ["a", ".x", ".sub", "..y", "b", ".z"])
        let long = """
            /srv/a:
            total 4
            -rw-r--r-- 1 ann staff 5 Jan  2  2024 x

            /srv/b:
            total 4
            -rw-r--r-- 1 ann staff 5 Jan  2  2024 y

            """
        #expect(preorderOutline(try read(long)) == ["/srv/a", ".x", "/srv/b", ".y"])
        // A later block inside a tree read already must name an entry of it.
        #expect(outline(try read("a:\nx\n\nb:\nz\n\na/q:\nw\n")).first == "a:")
    }

    @Test func textsThatAreNotListingsStayOutlines() throws {
        // One block: a `key:` and lines under it, unindented or indented.
        #expect(outline(try read("fruits:\napple\npear\n")) == ["fruits:", "apple", "pear"])
        #expect(outline(try read("key:\n  a\n  b\n")) == ["key:", ".a", ".b"])
        // A second block not under the first path, or naming no entry of the block above.
        #expect(outline(try read("fruits:\napple\n\nveg:\ncarrot\n")) == ["fruits:", "apple", "veg:", "carrot"])
        #expect(outline(try read("demo:\na\n\ndemo/x:\ny\n")) == ["demo:", "a", "demo/x:", "y"])
        // An indented entry, or a header not after a blank line.
        #expect(outline(try read("demo:\na\n  b\n\ndemo/a:\nc\n")) == ["demo:", "a", ".b", "demo/a:", "c"])
        #expect(outline(try read("demo:\na\ndemo/a:\nc\n")) == ["demo:", "a", "demo/a:", "c"])
    }

    @Test func controlCharactersInNamesAreLocated() {
        #expect(throws: ReadError(file: "in.txt", line: 3, column: 2, message: "control character U+0001 in a name")) {
            try read("demo:\na\nb\u{1}\n\ndemo/a:\nc\n")
        }
    }
}
