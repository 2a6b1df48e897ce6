import Hierarchy
import HierarchyReaders
import Testing

/// Lists of paths (`find`, `dpkg -L`, `git ls-files`) read as the folders they name, through
/// the outline reader; a flat list that only has slashes in its labels stays a list.
@Suite struct PathListReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try OutlineReader().read(Array(text.utf8), file: "in.txt") }

    @Test func dpkgListsAreOneTreeUnderSlash() throws {
        let tree = try read("/.\n/usr\n/usr/bin\n/usr/bin/git\n/usr/share\n/usr/share/doc/git/README\n/usr/bin/gitk\n")
        #expect(preorderOutline(tree) == ["/", ".usr", "..bin", "...git", "...gitk", "..share", "...doc", "....git", ".....README"])
    }

    @Test func findAndGitListsKeepTheirOrder() throws {
        #expect(preorderOutline(try read(".\n./b\n./b/x.c\n./a\n./b/y.c\n")) == [".", ".b", "..x.c", "..y.c", ".a"])
        // `tree -fi` ends with its summary line, which is no path.
        #expect(preorderOutline(try read(".\n./a\n./a/b\n\n2 directories, 0 files\n")) == [".", ".a", "..b"])
        let repository = try read("Makefile\nsrc/main.c\nsrc/util/str.c\nsrc/util/str.h\ndocs/index.md\ndocs/\r\n")
        #expect(preorderOutline(repository) == ["Makefile", "src", ".main.c", ".util", "..str.c", "..str.h", "docs", ".index.md"])
        // tar lists folders with a trailing slash, and `..` is a name like another.
        #expect(preorderOutline(try read("pkg/\npkg/a\npkg/../b\n")) == ["pkg", ".a", ".." + ".", "..b"])
    }

    /// `find /usr/share/alsa` names its folder first: the folders above it, which no line
    /// names, are its root's label, not a chain `/` → `usr` → `share` above it; so are the
    /// unnamed folders above a list's first fork (`find … -type f`).
    @Test func foldersNoLineNamesAboveTheRootJoinIt() throws {
        #expect(preorderOutline(try read("/usr/share/alsa\n/usr/share/alsa/ucm\n/usr/share/alsa/ucm/a.conf\n/usr/share/alsa/b.conf\n"))
                == ["/usr/share/alsa", ".ucm", "..a.conf", ".b.conf"])
        #expect(preorderOutline(try read("/usr/share/alsa/ucm/a.conf\n/usr/share/alsa/b.conf\n")) == ["/usr/share/alsa", ".ucm", "..a.conf", ".b.conf"])
        #expect(preorderOutline(try read("src/a/b.c\nsrc/a/c.c\n")) == ["src/a", ".b.c", ".c.c"])
        // Down to a named folder only; two roots stay as they are.
        #expect(preorderOutline(try read("/usr\n/usr/share/a\n/usr/share/b\n")) == ["/usr", ".share", "..a", "..b"])
        #expect(preorderOutline(try read("a/x/1\na/x/2\nb/y/3\nb/y/4\n")) == ["a", ".x", "..1", "..2", "b", ".y", "..3", "..4"])
    }

    /// `du -a`: a size and a tab before each path; the size is its node's tooltip, a folder's
    /// (its line after its contents) too. Sniffed so without an extension, not refused as a table.
    @Test func duListingsAreTheirPaths() throws {
        let listing = "8.0K\t./apt/README.md.gz\n28K\t./apt/examples/index\n32K\t./apt/examples\n1,5M\t./apt\n44K\t.\n"
        let tree = try read(listing)
        #expect(preorderOutline(tree) == [".", ".apt", "..README.md.gz", "..examples", "...index"])
        #expect(tree.attributes(of: 3)?.tooltip == "32K" && tree.attributes(of: 1)?.tooltip == "1,5M" && tree.attributes(of: 2)?.tooltip == "8.0K")
        let bytes = Array(listing.utf8)
        #expect(try InputFormat.sniff(bytes, file: "-", options: ReaderOptions()) == .outline)
        // A size column over lines that are not paths stays an outline's text.
        #expect(outline(try read("8\tone\n16\ttwo\n")) == ["8\tone", "16\ttwo"])
    }

    /// Names with spaces in most paths ("My Music/song one.mp3") read as paths where the
    /// listing names its folders, as `find` and `du -a` do; phrases after slashes do not.
    @Test func findAndDuListingsOfSpacedNamesAreTheirPaths() throws {
        let found = "docs\ndocs/My Music\ndocs/My Music/song one.mp3\ndocs/My Music/song two.mp3\ndocs/Q1 Reports\n"
            + "docs/Q1 Reports/jan report.pdf\ndocs/readme.md\n"
        #expect(preorderOutline(try read(found)) == ["docs", ".My Music", "..song one.mp3", "..song two.mp3", ".Q1 Reports",
                                                     "..jan report.pdf", ".readme.md"])
        let du = "4\tdocs/My Music/song one.mp3\n4\tdocs/My Music/a b\n12\tdocs/My Music\n4\tdocs/b c.txt\n20\tdocs\n"
        let sized = try read(du)
        #expect(preorderOutline(sized) == ["docs", ".My Music", "..song one.mp3", "..a b", ".b c.txt"])
        #expect(sized.attributes(of: 0)?.tooltip == "20")
        // Without the folders' own lines, spaced names stay phrases.
        #expect(outline(try read("docs/My Music/song one.mp3\ndocs/My Music/song two.mp3\n")).count == 2)
    }

    @Test func listsThatAreNotPathsStayOutlines() throws {
        // Slashes in labels that share nothing, spaced slashes, indentation, tree drawing.
        #expect(outline(try read("TCP/IP\nand/or\ninput/output\n")) == ["TCP/IP", "and/or", "input/output"])
        #expect(outline(try read("a / b\na / c\n")) == ["a / b", "a / c"])
        #expect(outline(try read("a/b\n  a/c\na/d\n")) == ["a/b", ".a/c", "a/d"])
        #expect(outline(try read("x\n├── a/b\n└── a/c\n")) == ["x", ".a/b", ".a/c"])
        #expect(outline(try read("one/two\n")) == ["one/two"])
        // Phrases after the last slash: fractions, dates.
        #expect(outline(try read("1/2 cup flour\n1/4 cup sugar\n1/2 tsp salt\n")) == ["1/2 cup flour", "1/4 cup sugar", "1/2 tsp salt"])
        #expect(outline(try read("2024/01/05 standup\n2024/01/06 review\n")).count == 2)
    }

    @Test func controlCharactersInPathsAreLocated() {
        #expect(throws: ReadError.self) { try read("a/b\na/c\u{1}d\n") }
        do {
            _ = try read("a/b\na/c\u{1}d\n")
        } catch {
            #expect(error.description == "in.txt:2:3: control character U+0001 in a path")
        }
        // An escape that is no colour code or link is named as a terminal's, where it stands.
        #expect(throws: ReadError.self) { try read("root\n├── a\u{1B}(B\n") }
        do {
            _ = try read("root\n├── a\u{1B}(B\n")
        } catch {
            #expect(error.description == "in.txt:2:6: control character U+001B in a label (a terminal escape sequence: list it as for a file, as `tree -n` or `ls --color=never` do)")
        }
    }

    /// `tree -C` and `ls --hyperlink` output: colour codes and links are left out, the names kept.
    @Test func terminalColoursAndLinksAreLeftOut() throws {
        let tree = try read("\u{1B}[01;34m.\u{1B}[0m\n├── \u{1B}[01;34mdocs\u{1B}[0m\n│   └── \u{1B}[00mREADME.md\u{1B}[0m\n└── \u{1B}]8;;file:///x/a\u{1B}\\a\u{1B}]8;;\u{07}\n")
        #expect(tree.labels == [".", "docs", "README.md", "a"] && tree.parents == [-1, 0, 1, 0])
        let paths = try read("\u{1B}[01;34msrc\u{1B}[0m/a.c\nsrc/b.c\n")
        #expect(paths.labels == ["src", "a.c", "b.c"])
        // A line of OSC starts without an end is searched once, not once per start (200,000
        // starts), and refused at its first escape.
        let starts = String(repeating: "\u{1B}]", count: 200_000)
        #expect(throws: ReadError.self) { try read("root\n  a" + starts + "\n") }
    }
}
