import Foundation
import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

@Suite struct NewickReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try NewickReader().read(Array(text.utf8), file: "t.nwk") }

    func error(_ text: String) -> String? { readError(NewickReader(), text, file: "t.nwk") }

    /// A node's data attributes as `key=value` strings, in order.
    func data(_ tree: Tree, _ node: Int) -> [String] {
        (tree.attributes(of: node)?.data ?? []).map { "\($0.key)=\($0.value)" }
    }

    @Test func nestingOrderAndInternalLabels() throws {
        let tree = try read("((A,B)C,D)E;")
        #expect(outline(tree) == ["E", ".C", "..A", "..B", ".D"])
        #expect(tree.parents == [-1, 0, 1, 1, 0])
    }

    @Test func unnamedNodesAreNodesWithEmptyLabels() throws {
        let tree = try read("((A,B),C);")
        #expect(outline(tree) == ["", ".", "..A", "..B", ".C"])
        // Empty leaves too, as the grammar allows: (,) is a node with two unnamed children.
        #expect(outline(try read("(,(,),());")) == ["", ".", ".", "..", "..", ".", ".."])
    }

    @Test func whitespaceAndLineBreaksBetweenTokens() throws {
        let tree = try read("  (\n  ( A ,\tB ) ,\r\n  C\n)\n  ;\n")
        #expect(outline(tree) == ["", ".", "..A", "..B", ".C"])
    }

    @Test func unquotedLabelsTurnUnderscoresIntoSpacesAndAreTrimmed() throws {
        let tree = try read("(Homo_sapiens, _Pan  troglodytes_ ,Gorilla\tgorilla);")
        #expect(tree.labels == ["", "Homo sapiens", "Pan troglodytes", "Gorilla gorilla"])
    }

    @Test func quotedLabelsKeepTheirTextWithDoubledQuotes() throws {
        let tree = try read("('it''s_here','(A,B):x;[y]',' padded ','')'root node';")
        #expect(tree.labels == ["root node", "it's_here", "(A,B):x;[y]", "padded", ""])
    }

    @Test func branchLengthsAreDataAttributesAsWritten() throws {
        let tree = try read("((A:0.12,B:1e-3)C:2.5E+2,D : -0.5,:7);")
        #expect(data(tree, 1) == ["length=2.5E+2"])
        #expect(data(tree, 2) == ["length=0.12"])
        #expect(data(tree, 3) == ["length=1e-3"])
        #expect(data(tree, 4) == ["length=-0.5"])
        #expect(tree.labels[5] == "" && data(tree, 5) == ["length=7"])
        #expect(tree.attributes(of: 0) == nil)
    }

    @Test func numericInternalLabelsAreSupportValues() throws {
        let tree = try read("(((A,B)95:0.1,(C,D)0.87/100)'42',7)100;")
        #expect(tree.labels == ["", "42", "", "A", "B", "", "C", "D", "7"])
        #expect(data(tree, 0) == ["support=100"])
        #expect(data(tree, 2) == ["support=95", "length=0.1"])
        #expect(data(tree, 5) == ["support=0.87/100"])
        #expect(tree.attributes(of: 1) == nil)  // quoted: a name, not a support value
        #expect(tree.attributes(of: 8) == nil)  // a leaf's number is its name
        // A label that only starts like a number is a name.
        #expect(try read("((A,B)95a);").labels[1] == "95a")
    }

    @Test func nhxCommentsAreDataAttributesAndOtherCommentsAreSkipped() throws {
        let tree = try read("[&R] ((A:1[&&NHX:S=human:E=1.1.1.1],B[note])[&&NHX:D=Y:B=100]:2,C:[&rate=1]0.5[&&NHX:S=mouse:S=rat]);")
        #expect(tree.labels == ["", "", "A", "B", "C"])
        #expect(data(tree, 1) == ["D=Y", "B=100", "length=2"])
        #expect(data(tree, 2) == ["length=1", "S=human", "E=1.1.1.1"])
        #expect(tree.attributes(of: 3) == nil)
        #expect(data(tree, 4) == ["length=0.5", "S=rat"])  // a repeated key keeps its place, the last value wins
        let loose = try read("([&&NHX:S=x]A,[&&NHX:S=y]B);")
        #expect(loose.attributes.isEmpty)
        #expect(loose.warnings == ["t.nwk:1:2: an NHX comment that follows no node is ignored (and any others like it)"])
        #expect(error("(A[&&NHX:S])") == "t.nwk:1:10: NHX field 'S' has no '=' (expected key=value)")
    }

    @Test func severalTreesAreAForest() throws {
        let tree = try read("(A,B);\n(C,(D,E));\nF;\n;")
        #expect(outline(tree) == ["", ".A", ".B", "", ".C", ".", "..D", "..E", "F"])
    }

    @Test func aMissingFinalSemicolonIsAcceptedWhereUnambiguous() throws {
        #expect(outline(try read("(A,B);(C,D)")) == ["", ".A", ".B", "", ".C", ".D"])
        #expect(outline(try read("(A,B)")) == ["", ".A", ".B"])
        #expect(outline(try read("A")) == ["A"])
        #expect(error("(A,B);junk") == "t.nwk:1:7: text after the last tree's ';' (a tree starts with '(' and ends with ';')")
    }

    @Test func errorsAreLocated() {
        #expect(error("((A,B),\n C;") == "t.nwk:2:3: ';' before the '(' at t.nwk:1:1 is closed")
        #expect(error("((A,B)") == "t.nwk:1:7: the input ends before the '(' at t.nwk:1:1 is closed")
        #expect(error("(A,B));") == "t.nwk:1:6: ')' without a matching '('")
        #expect(error("A,B;") == "t.nwk:1:2: ',' outside parentheses: a tree has one root (end each tree with ';')")
        #expect(error("(A,'B);") == "t.nwk:1:4: unterminated quoted label: the ' has no closing '")
        // (As files end: with a line break, which the label would otherwise hold.)
        #expect(error("('A,B)R;\n") == "t.nwk:1:2: unterminated quoted label: the ' has no closing '")
        #expect(error("('A\nB',C);") == "t.nwk:1:4: control character U+000A in a label")
        #expect(error("(A,B)[root;") == "t.nwk:1:6: unterminated comment: the '[' has no closing ']'")
        #expect(error("(A,B]);") == "t.nwk:1:5: ']' without a matching '['")
        #expect(error("(A:1.2.3,B);") == "t.nwk:1:4: '1.2.3' is not a branch length (a number such as 0.12 or 1e-3)")
        #expect(error("(A:,B);") == "t.nwk:1:3: ':' without a branch length after it")
        #expect(error("(A:1:2,B);") == "t.nwk:1:5: a second branch length for one node")
        #expect(error("(A:1 B,C);") == "t.nwk:1:6: a label after the branch length: a ',' is missing before it")
        #expect(error("(A\nB,C);") == "t.nwk:2:1: a second label for one node: a ',' is missing before it")
        #expect(error("((A,B)(C,D));") == "t.nwk:1:7: '(' right after a node: a ',' is missing before it")
        #expect(error("(A,B\u{1B}[31m);") == "t.nwk:1:5: control character U+001B in a label")
        #expect(error("#NEXUS\nbegin trees;") == "t.nwk:1:1: a NEXUS file without a tree: no 'tree NAME = (…);' in a TREES block")
        #expect(error("#NEXUS\nbegin trees;\n  tree t = (A,'B);\nend;\n") == "t.nwk:3:15: a quoted name that is not closed")
        #expect(error("#NEXUS\nbegin trees;\n  tree t = ((A,B),C;\nend;\n") == "t.nwk:3:20: ';' before the '(' at t.nwk:3:12 is closed")
        #expect(error("#NEXUS\nbegin trees; [a comment\n") == "t.nwk:2:14: a comment '[' that is not closed")
        #expect(error(" \n[only a comment];\n") == "t.nwk: no nodes: the input is empty")
        #expect(error("(A,\u{E9}") != nil)
    }

    /// A NEXUS file (MrBayes's consensus trees): its first tree, its taxa named by the translate
    /// table (quoted names as written, unquoted ones with `_` as a space), comments anywhere,
    /// other blocks skipped; a warning tells that further trees are not drawn.
    @Test func aNexusFilesFirstTreeIsRead() throws {
        let text = """
            #NEXUS
            [ID: 8472615902]
            begin taxa;
                dimensions ntax=4;
                taxlabels 'Homo sapiens' Pan_troglodytes Gorilla Pongo;
            end;
            BEGIN TREES; [a [nested] comment; with a semicolon]
                Translate
                    1 'Homo sapiens',
                    2 Pan_troglodytes,
                    3 Gorilla,
                    4 'Pongo ''abelii''';
                tree * con_50_majrule = [&U] (1[&prob=1.0,range={1.0,1.0}]:0.1,2:0.2,(3:0.3,4:0.4)0.95:0.05);
                tree con_all_compat = [&U] (1,2,(3,4));
            End;
            """
        let tree = try read(text)
        #expect(tree.labels == ["", "Homo sapiens", "Pan troglodytes", "", "Gorilla", "Pongo 'abelii'"])
        #expect(tree.parents == [-1, 0, 0, 0, 3, 3])
        #expect(tree.warnings == ["t.nwk: the file holds 2 trees; the first 'con_50_majrule' is drawn"])
        // A token translated twice is refused where it is given again: which taxon would it be?
        #expect(error("#NEXUS\nbegin trees;\n  translate 1 A, 1 B;\n  tree t = (1,2);\nend;\n")
                == "t.nwk:3:18: translate: '1' is translated twice, as 'A' and as 'B'")
        // Without a translate table the Newick's own names stand.
        let plain = try read("#nexus\nbegin trees;\n  tree one = ((A_a,B),C);\nend;\n")
        #expect(plain.labels == ["", "", "A a", "B", "C"] && plain.warnings.isEmpty)
        #expect(InputFormat(pathExtension: "nex") == .newick && InputFormat(pathExtension: "nexus") == .newick)
        #expect(InputFormat.sniff(Array("\n#NEXUS\nbegin trees;".utf8)) == .newick)
    }

    @Test func aMillionDeepChainIsRead() throws {
        let depth = 1_000_000
        var bytes = [UInt8](repeating: UInt8(ascii: "("), count: depth)
        bytes.append(contentsOf: Array("leaf:1".utf8))
        bytes.append(contentsOf: [UInt8](repeating: UInt8(ascii: ")"), count: depth))
        bytes.append(UInt8(ascii: ";"))
        let tree = try NewickReader().read(bytes, file: "deep.nwk")
        #expect(tree.count == depth + 1)
        #expect(tree.labels[depth] == "leaf" && tree.parents[depth] == Int32(depth - 1))
        #expect(tree.parents[1] == 0 && tree.parents[0] == -1)
        let sectioned = try SectionedTree(tree)
        #expect(sectioned.numberOfSections == depth + 1)
    }

    @Test func formatByExtensionAndSniffing() {
        #expect(InputFormat(pathExtension: "nwk") == .newick)
        #expect(InputFormat(pathExtension: "NEWICK") == .newick)
        #expect(InputFormat(pathExtension: "nhx") == .newick)
        #expect(InputFormat(pathExtension: "tre") == nil)  // TreeView and NEXUS files use it too
        #expect(InputFormat(rawValue: "newick") == .newick)
        func sniff(_ text: String) -> InputFormat { InputFormat.sniff(Array(text.utf8)) }
        #expect(sniff("((A,B),C);\n") == .newick)
        #expect(sniff("\u{FEFF}\n  (A:0.1,B:0.2);  \n") == .newick)
        #expect(sniff("[&R] ((A,B),C);") == .newick)
        #expect(sniff("[a comment]\n(A,B);") == .newick)
        // Outlines that start with a parenthesis and end with ';' stay outlines.
        #expect(sniff("(draft) plan\n  first step, then;\n  second;\n") == .outline)
        #expect(sniff("(A,B)") == .outline)  // no ';': only by extension or --from
        #expect(sniff("[\"(a,b);\"]") == .json)
        #expect(sniff("[1, 2]\n") == .json)
    }

    @Test func thePrimatePhylogenySample() throws {
        let path = RepositoryPaths.root + "/samples/real/primates.nwk"
        let tree = try NewickReader().read(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let internalNodes = Set(tree.parents.map(Int.init)).count - 1  // every parent, less the -1 of the root
        #expect(tree.count == 237)
        #expect(tree.count - internalNodes == 133)  // species
        #expect((0..<tree.count).filter { tree.labels[$0].isEmpty }.count == 104)
        #expect(tree.labels.contains("Homo sapiens") && tree.labels.contains("Daubentonia madagascariensis"))
        let homo = tree.labels.firstIndex(of: "Homo sapiens")!
        let pan = tree.labels.firstIndex(of: "Pan troglodytes")!
        #expect(tree.parents[Int(tree.parents[pan])] == tree.parents[homo])  // (Pan, Homo) are sisters
    }
}

@Suite struct NodeDataAttributesTests {
    @Test func keysStayUniqueInFirstOrderWithTheLastValue() {
        var attributes = NodeAttributes(url: "https://example.org")
        attributes.setData("0.1", for: "length")
        attributes.setData([.init(key: "S", value: "human"), .init(key: "length", value: "0.2"), .init(key: "D", value: "N")])
        attributes.setData("rat", for: "S")
        #expect(attributes.data.map(\.key) == ["length", "S", "D"])
        #expect(attributes.data("length") == "0.2" && attributes.data("S") == "rat" && attributes.data("none") == nil)
        #expect(NodeAttributes(data: [.init(key: "a", value: "1"), .init(key: "a", value: "2")]).data == [.init(key: "a", value: "2")])
        #expect(!NodeAttributes(data: [.init(key: "a", value: "1")]).isEmpty)
        #expect(NodeAttributes().isEmpty)
    }
}
