import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// `ReaderOptions.breaksCycles` (`--extra-parents auto` and `drop`): a cycle of parents no root reaches is
/// drawn from its first node, its last link an additional parent (which the drawing leaves out),
/// with a warning; Debian's `perl` and `perl-modules-5.36` depend on each other, and a
/// dependency graph with them could not be drawn at all.
@Suite struct CycleBreakingTests {
    @Test func aTablesCycleIsDrawnFromItsFirstRow() throws {
        // perl-modules <-> perl, both needed by graphviz only through each other; libc under both.
        let table = "from,to\ngraphviz,libc\nperl,perl-modules\nperl-modules,perl\nperl,libc\n"
        #expect(readError(CSVReader(), table, file: "deps.csv")?.contains("the table has a cycle") == true, "refused by default")
        let tree = try CSVReader(breaksCycles: true).read(Array(table.utf8), file: "deps.csv")
        // (Its root comes in the order of its node, the first row's; a root named only as a parent after those.)
        #expect(preorderOutline(tree) == ["perl-modules", ".perl", "graphviz", ".libc"])
        #expect(tree.warnings == ["deps.csv:3: a cycle of parents, 'perl-modules' -> 'perl' -> 'perl-modules', is drawn from "
                                  + "'perl-modules' (the last link left out; --extra-parents keep refuses it)"])
        // The link left out is gone, not an additional parent the drawing would name again.
        let perlModules = try #require(tree.labels.firstIndex(of: "perl-modules"))
        #expect(tree.additionalParents[Int32(perlModules)] == nil)
        let sections = try SectionedTree(tree, misplacedParents: .drop)
        #expect(sections.droppedParentCount == 1, "perl -> libc (skips a level)")
    }

    @Test func aGraphsCyclesAreDrawnFromTheirFirstNodes() throws {
        let graph = "digraph { r -> a; a -> b; b -> a; x -> y; y -> z; z -> x; z -> w }\n"
        #expect(readError(DOTReader(), graph, file: "g.gv")?.contains("the graph has a cycle") == true, "refused by default")
        let tree = try DOTReader(breaksCycles: true).read(Array(graph.utf8), file: "g.gv")
        // a -> b -> a hangs from r (no root to find); x -> y -> z -> x had none: drawn from x.
        #expect(preorderOutline(tree) == ["r", ".a", "..b", "x", ".y", "..z", "...w"])
        #expect(tree.warnings == ["g.gv:1:53: a cycle of parents, 'x' -> 'y' -> 'z' -> 'x', is drawn from 'x' "
                                  + "(the last link left out; --extra-parents keep refuses it)"])
        let sections = try SectionedTree(tree, misplacedParents: .drop)
        #expect(sections.droppedParentCount == 1, "b -> a (a's first parent is r); z -> x is left out by the reader")
    }

    /// An org chart's head who reports to themselves (an HR export's manager id): the row's
    /// link is left out, the node a root, with a warning; a further row's parent is its own.
    @Test func aRowThatIsItsOwnParentIsLeftOutWhereCyclesBreak() throws {
        let table = "id,manager_id,name\nceo,ceo,Ann\ncto,ceo,Bob\ndev,cto,Cy\ndev,dev,Cy\n"
        #expect(readError(CSVReader(), table, file: "org.csv")?.hasPrefix("org.csv:2:5: 'ceo' is its own parent") == true, "refused by default")
        let tree = try CSVReader(breaksCycles: true).read(Array(table.utf8), file: "org.csv")
        #expect(preorderOutline(tree) == ["Ann", ".Bob", "..Cy"])
        #expect(tree.warnings == ["org.csv:2:5: 'ceo' is its own parent: that link is left out (2 rows in all); where one name stands "
                                  + "for two nodes, give each row an id of its own and the names in a label column; --extra-parents keep refuses it"])
        #expect(tree.additionalParents.isEmpty)
        // Named first by itself, then by another row: that row's parent is its parent.
        let later = try CSVReader(breaksCycles: true).read(Array("id,parent\nr,\na,a\na,r\n".utf8), file: "t.csv")
        #expect(preorderOutline(later) == ["r", ".a"])
        #expect(later.additionalParents.isEmpty)
    }

    /// Linear: a million nodes in cycles of two, and a chain hanging from each.
    @Test func manyCyclesInLinearTime() throws {
        var table = "id,parent\n"
        for pair in 0..<250_000 {
            table += "a\(pair),b\(pair)\nb\(pair),a\(pair)\nc\(pair),a\(pair)\nd\(pair),c\(pair)\n"
        }
        let tree = try CSVReader(breaksCycles: true).read(Array(table.utf8), file: "t.csv")
        #expect(tree.count == 1_000_000 && tree.warnings.count == 250_000)
        #expect(tree.parents.filter { $0 < 0 }.count == 250_000)
    }
}
