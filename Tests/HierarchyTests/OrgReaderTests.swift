import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// Emacs Org documents: headings by their stars, list items under them, notes left out.
@Suite struct OrgReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree {
        try OrgReader().read(Array(text.utf8), file: "in.org")
    }

    func shape(_ tree: Tree) -> [String] { RandomTrees.outline(tree) }

    func error(_ text: String) -> ReadError? {
        do { _ = try read(text); return nil } catch { return error }
    }

    /// A heading's stars are its depth.
    @Test func headingsNestByTheirStars() throws {
        let plan = "* Project\n** Design\n*** Wireframes\n*** Review\n** Build\n*** Backend\n*** Frontend\n* Later\n"
        #expect(shape(try read(plan)) == ["Project", ".Design", "..Wireframes", "..Review", ".Build", "..Backend", "..Frontend", "Later"])
        #expect(shape(try read(plan.replacing("\n", with: "\r\n"))) == shape(try read(plan)))
    }

    /// Keywords, drawers, paragraphs, tables, comments and the insides of blocks are notes;
    /// list items are the heading's children, nested by their indentation; `TODO`, tags and
    /// checkboxes stay in the labels.
    @Test func listItemsAreChildrenAndOtherTextIsLeftOut() throws {
        let text = """
            #+TITLE: Plan
            #+STARTUP: overview
            Text before the first heading.
            * TODO Project :work:
              :PROPERTIES:
              :CREATED:  [2024-05-01 Wed]
              :END:
              Notes about the project.
              - first item
                more about it
                - nested item
              - [ ] second item
              1. numbered
              2) numbered too
              | a | b |
            # a comment
            ** DONE Design
               + [X] plus item
               * star item
            #+BEGIN_SRC sh
            - not an item
            #+END_SRC
            *** Wireframes
            -5 degrees is no item, and **bold** no heading

            """
        #expect(shape(try read(text)) == ["Plan", ".TODO Project :work:", "..first item", "...nested item", "..☐ second item", "..numbered",
                                          "..numbered too", "..DONE Design", "...☑ plus item", "...star item", "...Wireframes"])
    }

    /// `#+TITLE:` before the headings heads them all; Emacs's padding before tags is one space.
    @Test func theTitleIsTheRootAndTagsCloseUp() throws {
        let tree = try read("#+title:  Year plan\n* Work                                  :job:q1:\n** Report\t\t:urgent:\n* Home\n#+TITLE: Late\n")
        #expect(shape(tree) == ["Year plan", ".Work :job:q1:", "..Report :urgent:", ".Home"])
        #expect(shape(try read("* Ratio 1:2:\n* a :: b:\n")) == ["Ratio 1:2:", "a :: b:"])
        #expect(error("#+TITLE: Only a title\n")?.description == "in.org: no headings or list items to make an outline of")
    }

    /// A heading that skips a level hangs from the nearest heading above it, as a Markdown
    /// heading does; list items before any heading are roots.
    @Test func skippedLevelsHangFromTheNearestHeading() throws {
        #expect(shape(try read("* A\n*** C\n** B\n**** D\n")) == ["A", ".C", ".B", "..D"])
        #expect(shape(try read("*** Deep first\n* Top\n")) == ["Deep first", "Top"])
        #expect(shape(try read("- a\n  - a1\n- b\n* H\n")) == ["a", ".a1", "b", "H"])
    }

    /// The outline's markers and attribute blocks are read; an empty heading is unnamed.
    @Test func markersIdsAndEmptyHeadings() throws {
        let tree = try read("* Release !\n** Fix {#fix}\n**\n*** Sub [critical]\n")
        #expect(shape(tree) == ["Release", ".Fix", ".", "..Sub"])
        #expect(tree.types == [.important, .normal, .normal, .critical])
        #expect(tree.id(of: 1) == "fix")
    }

    @Test func badInputIsLocated() {
        #expect(error("#+TITLE: Notes\nJust a paragraph.\n")?.description == "in.org: no headings or list items to make an outline of")
        #expect(error("")?.description == "in.org: no headings or list items to make an outline of")
        #expect(error("* A {#x}\n** B {#x}\n")?.description == "in.org:2:6: duplicate id 'x' (first at in.org:1:5)")
        #expect(error("* A\n  - b\u{1}c\n")?.description == "in.org:2:6: control character U+0001 in a label")
    }

    /// `.org` files and `--from org` are read so; an outline whose lines at the first column are
    /// headings, not all as deep, or that opens with a keyword line, is one too (a list with `*`
    /// bullets stays an outline).
    @Test func orgFilesAndOutlinesOfHeadings() throws {
        #expect(InputFormat(pathExtension: "org") == .org && InputFormat(rawValue: "org") == .org)
        let outline = try OutlineReader().read(Array("* Project\r\n** Design\r\n*** Wireframes\r\n** Build\r\n".utf8), file: "in.txt")
        #expect(shape(outline) == ["Project", ".Design", "..Wireframes", ".Build"])
        let bullets = try OutlineReader().read(Array("* a\n* b\n  * b1\n".utf8), file: "in.txt")
        #expect(shape(bullets) == ["a", "b", ".b1"])
        let notes = try OutlineReader().read(Array("* a\n  note\n".utf8), file: "in.txt")
        #expect(shape(notes) == ["a", ".note"])
        // A document (standard input): a keyword line first, or list items and notes indented.
        let titled = try OutlineReader().read(Array("#+TITLE: Plan\nPreamble\n* Work\n** TODO Report\n   - draft\n* Home\n".utf8), file: "in")
        #expect(shape(titled) == ["Plan", ".Work", "..TODO Report", "...draft", ".Home"])
        let indented = try OutlineReader().read(Array("* Work\n  Some notes.\n** Report\n   - draft\n".utf8), file: "in")
        #expect(shape(indented) == ["Work", ".Report", "..draft"])
        let keywordOnly = try OutlineReader().read(Array("#+TITLE: x\nline\n".utf8), file: "in")
        #expect(shape(keywordOnly) == ["#+TITLE: x", "line"])
        // Links are drawn as their text.
        let linked = try OrgReader().read(Array("* See [[https://x.org][the site]] and [[file:a.org]]\n** [[broken\n".utf8), file: "in.org")
        #expect(shape(linked) == ["See the site and file:a.org", ".[[broken"])
    }
}
