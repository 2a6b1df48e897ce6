import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// Numbered outlines (a table of contents) through the outline reader: a section number's
/// parts are its depth; lists that only start with numbers stay an outline's lines.
@Suite struct NumberedOutlineReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try OutlineReader().read(Array(text.utf8), file: "in.txt") }

    func shape(_ tree: Tree) -> [String] { RandomTrees.outline(tree) }

    @Test func sectionNumbersNest() throws {
        let contents = "1 Introduction\n1.1 Scope\n1.2 Terms\n2 Method\n2.1 Data\n2.1.1 Sources\n2.2 Analysis\n3 Results\n"
        #expect(shape(try read(contents)) == ["1 Introduction", ".1.1 Scope", ".1.2 Terms", "2 Method", ".2.1 Data",
                                              "..2.1.1 Sources", ".2.2 Analysis", "3 Results"])
        #expect(try read(contents).warnings.isEmpty)
        #expect(shape(try read(contents.replacing("\n", with: "\r\n"))) == shape(try read(contents)))
    }

    /// A first line without a number is the title above all; trailing dots and tabs are allowed.
    @Test func aTitleIsTheRoot() throws {
        #expect(shape(try read("Report\n\n1. Introduction\n1.1.\tScope\n2. Method\n")) == ["Report", ".1. Introduction", "..1.1.\tScope", ".2. Method"])
    }

    /// A line that skips a level hangs from the nearest line above that is less deep.
    @Test func skippedLevelsHangFromTheNearestLineAbove() throws {
        #expect(shape(try read("1 A\n1.1.1 deep\n1.2 B\n2 C\n2.1.1.1 deeper\n")) == ["1 A", ".1.1.1 deep", ".1.2 B", "2 C", ".2.1.1.1 deeper"])
    }

    /// Labels keep their numbers and may end with the outline's markers.
    @Test func labelsMayEndWithMarkers() throws {
        let tree = try read("1 Plan\n1.1 Risks !!\n1.2 Budget {#budget}\n")
        #expect(tree.labels == ["1 Plan", "1.1 Risks", "1.2 Budget"])
        #expect(tree.types == [.normal, .critical, .normal])
        #expect(tree.id(of: 2) == "budget")
    }

    @Test func listsThatOnlyStartWithNumbersStayOutlines() throws {
        // No number has two parts.
        #expect(shape(try read("1. eggs\n2. milk\n3. bread\n")) == ["1. eggs", "2. milk", "3. bread"])
        #expect(shape(try read("2024 budget\n3 apples\n12 pears\n")) == ["2024 budget", "3 apples", "12 pears"])
        // Dotted numbers that do not continue the line above: quantities, versions, times.
        #expect(shape(try read("2 eggs\n1.5 kg flour\n3 apples\n")) == ["2 eggs", "1.5 kg flour", "3 apples"])
        // Times and quantities that share a first number: a section's first child is N.1 (or
        // N.0), its next N.2 (a review: these nested).
        #expect(shape(try read("9 Breakfast\n9.30 Opening talk\n10 Coffee\n10.15 Workshop\n12 Lunch\n"))
                == ["9 Breakfast", "9.30 Opening talk", "10 Coffee", "10.15 Workshop", "12 Lunch"])
        #expect(shape(try read("1 cup sugar\n1.5 cups flour\n2 eggs\n")) == ["1 cup sugar", "1.5 cups flour", "2 eggs"])
        #expect(shape(try read("1 A\n1.1 B\n1.3 C\n")) == ["1 A", "1.1 B", "1.3 C"], "a section skipped")
        #expect(shape(try read("1.0 initial\n1.1 fixes\n2.0 release\n")) == ["1.0 initial", "1.1 fixes", "2.0 release"])
        #expect(shape(try read("Agenda\n9.30 coffee\n10.00 talks\n")) == ["Agenda", "9.30 coffee", "10.00 talks"])
        // Indentation is an outline's; so is a second line without a number, or a number alone.
        #expect(shape(try read("1 A\n1.1 B\n  2 C\n")) == ["1 A", "1.1 B", ".2 C"])
        #expect(shape(try read("1 A\n1.1 B\nnotes\n")) == ["1 A", "1.1 B", "notes"])
        #expect(shape(try read("1\n1.1 B\n2 C\n")) == ["1", "1.1 B", "2 C"])
    }
}
