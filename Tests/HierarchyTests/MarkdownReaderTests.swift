import Foundation
import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

@Suite struct MarkdownReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try MarkdownReader().read(Array(text.utf8), file: "in.md") }

    @Test func headingsAndListsNest() throws {
        let text = """
            # Guide
            Intro paragraph, not a node.
            ## Install
            - Debian
              - `apt-get install` **schematic**
            - [From source](https://example.com/src "title")
            ```
            - not an item
            ```
            Usage
            -----
            1. render
            2) compare
               * snake_case_name and *emphasis*
            ---
            # Appendix {#app .extra}
            - [ ] task &amp; more
            """
        let tree = try MarkdownReader().read(Array(text.utf8), file: "g.md")
        #expect(outline(tree) == ["Guide", ".Install", "..Debian", "...apt-get install schematic", "..From source", ".Usage",
                                  "..render", "..compare", "...snake_case_name and emphasis", "Appendix", ".☐ task & more"])
        #expect(tree.attributes(of: 4)?.url == "https://example.com/src")
        #expect(tree.id(of: 9) == "app" && tree.attributes(of: 9)?.cssClass == "extra")
    }

    /// Reference links read as links where the document defines their label (anywhere in it,
    /// case and spacing aside, not in fenced code); undefined ones stay text, as in CommonMark.
    @Test func referenceLinksUseTheDocumentsDefinitions() throws {
        let tree = try read("""
            # Doc
            - [Collapsed][]
            - [Full  text][ref]
            - [Shortcut]
            - [Missing][nope]
            - ![Logo][ref] and [fenced]

            [collapsed]: https://c.org
            [REF]: <https://r.org/a> "Title"
               [shortcut]: https://s.org
            ```
            [fenced]: https://f.org
            ```
            """)
        #expect(tree.labels == ["Doc", "Collapsed", "Full text", "Shortcut", "[Missing][nope]", "Logo and [fenced]"])
        #expect((0..<tree.count).map { tree.attributes(of: $0)?.url } == [nil, "https://c.org", "https://r.org/a", "https://s.org", nil, nil])
        // A footnote, and a line with text after its destination, define no link.
        let notes = try read("# R\n- note[^1]\n- [x y]\n\n[^1]: This is the note.\n[x y]: https://x.org trailing words\n")
        #expect(notes.labels == ["R", "note[^1]", "[x y]"] && notes.attributes(of: 1)?.url == nil && notes.attributes(of: 2)?.url == nil)
    }

    /// A top-level paragraph of one line ending in ":" right before a list (a NEWS file's
    /// `Fixes:` and `Improvements:`) is the list's node; before anything else, or longer, it
    /// is a paragraph as any other.
    @Test func aCaptionBeforeAListIsItsNode() throws {
        let tree = try read("""
            # 2.12.0
            Fixes:

            * one
            * two
              * nested

            Improvements :
            - three

            Some text.
            - loose

            Note:

            ```
            code
            ```
            - after code
            ## Later
            Build:
            > quoted
            - after quote
            * Item

              Inside:
              - kept flat
            """)
        #expect(outline(tree) == ["2.12.0", ".Fixes", "..one", "..two", "...nested", ".Improvements", "..three", ".loose", ".after code",
                                  ".Later", "..after quote", "..Item", "...kept flat"])
        // A table between (its paragraph before the header row is none), an escaped colon.
        #expect(outline(try read("# T\nFixes:\na | b\n--|--\n1 | 2\n\n- item\n\nSee\\:\n- other\n")) == ["T", ".item", ".other"])
        // Emphasised captions (release notes write `**Fixes:**`); mismatched markers are none.
        #expect(outline(try read("# T\n**Fixes:**\n- a\n\n__Note__:\n- b\n\n_Known issues:_\n- c\n\n*Odd:**\n- d\n\n**a** and **b:**\n- e\n")) ==
                ["T", ".Fixes", "..a", ".Note", "..b", ".Known issues", "..c", ".d", ".e"])
    }

    @Test func documentsWithoutOutlineAreErrors() {
        #expect(readError(MarkdownReader(), "Just a paragraph.\n", file: "p.md") == "p.md: no headings or list items to make an outline of")
    }

    // MARK: Unnamed nodes, nothing dropped or moved

    @Test func emptyItemsAreUnnamedNodesKeepingTheirChildren() throws {
        let tree = try read("# Life\n-\n  - Felis\n  -  \n    - Canis\n- \n*\n1.\n")
        #expect(outline(tree) == ["Life", ".", "..Felis", "..", "...Canis", ".", ".", "."])
    }

    @Test func aLoneMarkerUnderAnItemsTextIsAnEmptyItemNotAnUnderline() throws {
        // CommonMark would make "Carnivora" a heading and drop the empty item; tree exports mean a node.
        let tree = try read("- Carnivora\n  -\n    - Felis\n  *\n    - Canis\n")
        #expect(outline(tree) == ["Carnivora", ".", "..Felis", ".", "..Canis"])
        // Outside list items CommonMark's reading stays: an underlined heading.
        #expect(outline(try read("Title\n-\n- item\n")) == ["Title", ".item"])
    }

    @Test func phylogenyWithUnnamedInternalNodesMatchesTheOutline() throws {
        let folder = RepositoryPaths.root + "/Tests/Fixtures/"
        let markdown = try MarkdownReader().read(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "phylogeny-72.md"))), file: "p.md")
        let text = try OutlineReader().read(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "phylogeny-72.txt"))), file: "p.txt")
        #expect(markdown.count == 72 && text.count == 72)
        #expect(markdown.labels.filter(\.isEmpty).count == 35)
        #expect(outline(markdown) == outline(text))
        #expect(markdown.warnings.isEmpty)
    }

    @Test func listNestingFollowsCommonMark() throws {
        // An item nests only when indented to its parent's text; a lazy line continues the text.
        #expect(outline(try read("- a\n - b\n  - c\n")) == ["a", "b", "c"])
        #expect(outline(try read("1. a\n   - b\n  - c\n")) == ["a", ".b", "c"])
        #expect(outline(try read("- a\ncontinued\n  and more\n- b\n")) == ["a continued and more", "b"])
        // Changing the bullet or the number style starts a new list at the same level.
        #expect(outline(try read("# H\n- a\n* b\n1. c\n2) d\n")) == ["H", ".a", ".b", ".c", ".d"])
        // A numbered line not starting at 1 cannot interrupt a paragraph: it is text.
        #expect(outline(try read("- a\n  2. b\n")) == ["a 2. b"])
        // An item's label is its first paragraph, even after a blank start.
        #expect(outline(try read("-\n  Felis\n\n  More text.\n  - kitten\n")) == ["Felis", ".kitten"])
    }

    @Test func headingsNestUnderTheNearestLowerLevel() throws {
        #expect(outline(try read("# A\n### B\n## C\n- c1\n# D\n- d1\n")) == ["A", ".B", ".C", "..c1", "D", ".d1"])
    }

    @Test func codeQuotesHTMLAndTablesAreNotOutlineButAreSkippedFaithfully() throws {
        let text = """
            # Doc

                - indented code, not an item
            - item
            > - quoted item
            > # quoted heading
            lazy quote line
            - after quote
            <div>
            - raw HTML
            </div>

            | a | b |
            |---|---|
            | - x | y |
            - after table
            ```
            - fenced
            ```
            """
        let tree = try read(text)
        #expect(outline(tree) == ["Doc", ".item", ".after quote", ".after table"])
        #expect(tree.warnings == ["in.md:5:3: a list item inside a block quote is not part of the outline (nor is the rest of the quote)"])
    }

    @Test func itemsStartingWithOtherBlocksAreUnnamedWithAWarning() throws {
        let tree = try read("- ```\n  code\n  ```\n- > quote\n- ## Heading item\n- text\n  ## later heading\n")
        #expect(outline(tree) == ["", "", "Heading item", "text"])
        #expect(tree.warnings == [
            "in.md:1:3: this list item starts with a code block, not text: its node has an empty label",
            "in.md:4:3: this list item starts with a block quote, not text: its node has an empty label",
            "in.md:7:3: a heading inside a list item is not part of the outline",
        ])
    }

    @Test func frontMatterIsSkipped() throws {
        #expect(outline(try read("---\ntitle: x\n---\n# A\n")) == ["A"])
    }

    // MARK: Inline syntax

    @Test func backslashEscapesAreDecoded() throws {
        let punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
        let escaped = punctuation.map { "\\\($0)" }.joined()
        #expect(try read("- \(escaped)\n").labels == [punctuation])
        #expect(try read("- \\+1 \\~x \\*not emphasis\\* a\\b\n").labels == ["+1 ~x *not emphasis* a\\b"])
    }

    @Test func entitiesAreDecodedNamedAndNumeric() throws {
        let tree = try read("- &amp; &lt; &copy; &CounterClockwiseContourIntegral; &NotEqualTilde; &ngE;\n- &#65;&#x1F600;&#X41; &#0; &#x110000; &#xD800;\n- &bogus; &amp &#; &#x;\n")
        #expect(tree.labels == ["& < © ∳ \u{2242}\u{0338} \u{2267}\u{0338}", "A😀A \u{FFFD} \u{FFFD} \u{FFFD}", "&bogus; &amp &#; &#x;"])
    }

    @Test func decodedLineBreaksBreakTheLabelOtherControlsAreRefused() throws {
        #expect(try read("- one&#10;two\n").labels == ["one\ntwo"])
        #expect(try read("- one<br>two\n- hard  \n  break\n- back\\\n  slash\n").labels == ["one\ntwo", "hard\nbreak", "back\nslash"])
        #expect(readError(MarkdownReader(), "# T\n- a &#27;[31m\n", file: "c.md")
            == "c.md:2:5: control character U+001B (from a character reference) in a label")
    }

    @Test func codeSpansStayLiteral() throws {
        #expect(try read("- `&amp; \\* *x*` and `` a`b `` and ` `` `\n").labels == ["&amp; \\* *x* and a`b and ``"])
        #expect(try read("- `unclosed *x*\n").labels == ["`unclosed x"])
    }

    @Test func emphasisStrikethroughAndLinksReduceToText() throws {
        let tree = try read("- **bold** _it_ ~~gone~~ ~one~ snake_case_name 2 * 3 * 4 a*b*c\n- [text *em*](https://a.org \"t\") and [two](https://b.org)\n- ![Felis](cat.png) [not a link] [x](<dest with space>)\n")
        #expect(tree.labels == ["bold it gone one snake_case_name 2 * 3 * 4 abc", "text em and two", "Felis [not a link] x"])
        #expect(tree.attributes(of: 1)?.url == "https://a.org")
        #expect(tree.attributes(of: 2)?.url == "dest with space")
    }

    @Test func inlineHTMLIsStrippedAndAnImageGivesItsAltText() throws {
        let tree = try read("- <img alt=\"Felis &amp; co\" src=\"felis.png\">\n- <b>bold</b> <!-- note --> <span class=x>kept</span>\n- <https://example.org> a < b\n")
        #expect(tree.labels == ["Felis & co", "bold kept", "https://example.org a < b"])
        #expect(tree.attributes(of: 2)?.url == "https://example.org")
    }

    @Test func surroundingWhitespaceIsTrimmedAlsoAfterDecoding() throws {
        #expect(try read("- &#32; a &nbsp;\n-   b\t\n# \tc &#9;\n").labels == ["a", "b", "c"])
    }

    // MARK: Ids

    @Test func duplicateIdsAreRefusedNamingBothPlaces() {
        #expect(readError(MarkdownReader(), "# A {#x}\n- b\n- c {#x}\n", file: "d.md") == "d.md:3:5: duplicate id 'x' (first at d.md:1:5)")
    }

    // MARK: Hostile input

    @Test func tenMegabyteLabelsAndAdversarialInline() throws {
        let long = String(repeating: "x", count: 10 << 20)
        #expect(try read("- \(long)\n").labels[0].utf8.count == 10 << 20)
        #expect(try read("# \(long)\n").labels[0].utf8.count == 10 << 20)
        // Patterns that make naive scanners quadratic; each is read (tools/ time them at scale).
        for unit in ["[](a()", "`` ` ", "<a b=\"", "<!--", "*a_", "&#x", "[a](x \"", "![", "\\"] {
            let label = String(repeating: unit, count: 20_000)
            #expect(try read("- \(label)\n").count == 1, "\(unit)")
        }
    }
}
