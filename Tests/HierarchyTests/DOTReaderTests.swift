import Foundation
import Graphviz
import Hierarchy
@testable import HierarchyReaders
import Testing

@Suite struct DOTReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try DOTReader().read(Array(text.utf8), file: "g.gv") }

    func error(_ text: String) -> String? {
        do { _ = try read(text); return nil } catch { return error.description }
    }

    @Test func childrenFollowEdgeOrderNotDeclarationOrder() throws {
        let tree = try read("digraph { b; c; a [label=\"A \\N\\nline \\\\N\"]; a -> c; a -> b; c -> d; }")
        #expect(tree.labels == ["A a\nline \\N", "c", "d", "b"])
        #expect(tree.parents == [-1, 0, 1, 0])
    }

    @Test func forestsUndirectedGraphsAndAttributes() throws {
        let tree = try read("graph { r1 -- a; r2 [type=important, id=\"second\"]; r2 -- b; }")
        #expect(tree.labels == ["r1", "a", "r2", "b"])
        #expect(tree.types[2] == .important && tree.id(of: 2) == "second")
    }

    /// A label's character references are drawn as Graphviz draws them.
    @Test func characterReferencesInLabelsAreDecoded() throws {
        let tree = try read("digraph { a [label=\"AT&amp;T &lt;1&gt; &#x41;\"]; b [label=\"R&D &nope;\"]; a -> b }")
        #expect(tree.labels == ["AT&T <1> A", "R&D &nope;"])
    }

    /// A record's label is drawn as its fields (a trial saw `{root|v1.0}` and `<f0> left|…` as written).
    @Test func recordLabelsAreDrawnAsTheirFields() throws {
        let tree = try read(#"digraph { node [shape=record]; r [label="{root|v1.0}"]; p [label="<f0> left|<f1> \{mid\}|<f2> right\lside"]; "#
                            + #"m [shape=Mrecord, label="a|b"]; plain [shape=box, label="x|y"]; r -> p; r -> m; r -> plain }"#)
        #expect(tree.labels == ["root | v1.0", "left | {mid} | right\nside", "a | b", "x|y"])
    }

    /// An HTML-like label is drawn as its text: tags dropped, `<br/>` and table rows as lines.
    @Test func htmlLikeLabelsAreDrawnAsTheirText() throws {
        let tree = try read("digraph { a [label=<<b>bold</b> &amp; x<BR ALIGN=\"LEFT\"/>two>]; "
                            + "b [label=<<table><tr><td>k</td><td>v</td></tr><tr><td>1</td></tr></table>>]; a -> b }")
        #expect(tree.labels == ["bold & x\ntwo", "k v\n1"])
    }

    /// An undirected graph is a tree from its first node, whichever way its edges are written.
    @Test func undirectedEdgesLeadAwayFromTheFirstNode() throws {
        let tree = try read("graph { a -- b; c -- b; d -- c; a -- e }")
        #expect(tree.labels == ["a", "b", "c", "d", "e"])
        #expect(tree.parents == [-1, 0, 1, 2, 0])
        #expect(tree.additionalParents.isEmpty)
        // A forest as written keeps its roots, whatever node is declared first.
        let written = try read("graph { b [label=\"B\"]; c; a [label=\"A\"]; a -- b; a -- c }")
        #expect(written.labels == ["A", "B", "c"] && written.parents == [-1, 0, 0])
    }

    @Test func severalParentsAreKept() throws {
        let tree = try read("digraph { r -> a; r -> b; a -> s; b -> s; }")
        // Preorder: r 0, a 1, s 2, b 3; s hangs from a, and from b as well.
        #expect(tree.additionalParents == [2: [3]])
        let sections = try SectionedTree(tree)
        #expect(sections.additionalParentsOfItem.count == 1)
        // One that skips a level is kept apart; one from a deeper node is refused or left out.
        let skipping = try read("digraph { r -> a; a -> s; r -> s; }")
        #expect(try SectionedTree(skipping).distantParentsOfItem.count == 1)
        let back = try read("digraph { r -> a; r -> b; a -> s; s -> b; }")
        #expect(throws: HierarchyError.self) { try SectionedTree(back) }
        let dropped = try SectionedTree(back, misplacedParents: .drop)
        #expect(dropped.droppedParentCount == 1)
    }

    /// Clusters cannot be drawn as boxes in a tree's columns: said, at the first one, their
    /// nodes all drawn; a subgraph that is no cluster says nothing.
    @Test func clustersAreNamedNotDroppedInSilence() throws {
        let graph = "digraph {\n  r -> a\n  subgraph cluster_db { a -> b; subgraph cluster_inner { c } }\n  subgraph plain { r -> c }\n}\n"
        let tree = try read(graph)
        #expect(tree.labels == ["r", "a", "b", "c"])
        #expect(tree.warnings == ["g.gv:3:12: 2 clusters ('cluster_db', 'cluster_inner') are not drawn as boxes (a tree's columns cannot group nodes); "
                                  + "their nodes and edges are drawn as the others"], "\(tree.warnings)")
        #expect(try read("digraph { subgraph s { a -> b } }").warnings.isEmpty)
        // Named where written as a whole name, in any case.
        let one = try read("digraph { /* cluster_10 */ subgraph Cluster_1 { a } subgraph cluster_10 { b } }")
        #expect(one.warnings.first?.hasPrefix("g.gv:1:37: 2 clusters ('Cluster_1', 'cluster_10') are") == true, "\(one.warnings)")
    }

    /// A tree's connectors carry no text: edge labels are said, not dropped in silence, and a
    /// tree edge's is its child's tooltip (unless the child has one of its own).
    @Test func edgeLabelsAreTooltipsNotDroppedInSilence() throws {
        let tree = try read("digraph {\n  r -> a [label=\"uses\"]\n  r -> b [label=<<b>has</b> many>]\n  r -> c [label=x]\n  a -> c [label=also]\n  c [tooltip=own]\n}\n")
        #expect(tree.labels == ["r", "a", "b", "c"])
        #expect((0..<4).map { tree.attributes(of: $0)?.tooltip } == [nil, "uses", "has many", "own"])
        #expect(tree.warnings == ["g.gv:2:5: 4 edges' labels (the first 'uses') are not drawn on the connectors (a tree's connectors carry no text); "
                                  + "2 of them are their children's tooltips in SVG and HTML"], "\(tree.warnings)")
        #expect(try read("digraph { a -> b [label=\"\"] }").warnings.isEmpty)
        #expect(try read("digraph { a -> b [label=on] }").warnings
                == ["g.gv:1:13: an edge's label ('on') is not drawn on the connectors (a tree's connectors carry no text); it is its child's tooltip in SVG and HTML"])
    }

    @Test func badGraphsAreClearErrors() throws {
        #expect(error("digraph { a -> b; b -> a; }") == "g.gv:1:21: the graph has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'a' (leave out one of its edges, or draw it from its first node: --extra-parents auto)")
        #expect(error("digraph { a -> a; }") == "g.gv:1:13: node 'a' has an edge to itself (--extra-parents auto leaves it out)")
        #expect(error("digraph {\n a -> \n}") == "g.gv:3:1: syntax error near '}'")
        // Input that ends open: said so, at the end of the last line.
        #expect(error("digraph { a -> b; b -> ") == "g.gv:1:23: syntax error at the end of the input: a '{' or '[' is left open, or an edge has no head")
        #expect(error("digraph {\n a -> b\n") == "g.gv:2:8: syntax error at the end of the input: a '{' or '[' is left open, or an edge has no head")
        #expect(error("") == "g.gv: no nodes: the input is empty")
        #expect(error("digraph {}") == "g.gv: no nodes: the graph is empty")
        #expect(error("/* only a comment */") == "g.gv: not a DOT graph (no graph in the text)")
        #expect(try read("digraph { a [type=urgent] }").warnings
                == ["g.gv:1:14: type \"urgent\" is not normal, important or critical; drawn as a normal node with CSS class 'urgent'"])
        #expect(error("digraph {\n  a [label=\"x\u{7}y\"]\n}") == "g.gv:2:6: node 'a': control character U+0007 in its label")
    }

    /// cgraph keeps no positions: edges are found in the text, through chains, brace groups,
    /// ports, attribute lists, comments and joined strings.
    @Test func edgeMessagesNameTheirLineAndColumn() throws {
        #expect(error("digraph {\n a -> b;\n b -> a; }") == "g.gv:3:4: the graph has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'a' (leave out one of its edges, or draw it from its first node: --extra-parents auto)")
        // The cycle ends with the edge written last, where the error points.
        #expect(error("digraph {\n c -> a\n a -> b\n b -> c\n}") == "g.gv:4:4: the graph has a cycle, which a tree cannot hold: 'c' -> 'a' -> 'b' -> 'c' (leave out one of its edges, or draw it from its first node: --extra-parents auto)")
        #expect(error("digraph {\n r -> {a b}\n {a; b} -> r\n}")?.hasPrefix("g.gv:3:9: the graph has a cycle") == true)
        #expect(error("digraph {\n rankdir = LR; // a -> b\n a:n:s -> b [label=\"b -> a\"] /* b -> a */\n subgraph s { b } -> \"a\"\n}")?
            .hasPrefix("g.gv:4:19: the graph has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'a'") == true)
        #expect(error("digraph { a -> b -> c -> a }")?.hasPrefix("g.gv:1:23: the graph has a cycle") == true)
        #expect(error("digraph {\n  \"x\\\"y\" -> \"x\\\"y\"\n}") == "g.gv:2:10: node 'x\"y' has an edge to itself (--extra-parents auto leaves it out)")
        #expect(error("digraph {\n \"a\" + \"b\" -> ab\n}") == "g.gv:2:12: node 'ab' has an edge to itself (--extra-parents auto leaves it out)")
        #expect(error("digraph {\n \"été\" -> \"été\"\n}") == "g.gv:2:8: node 'été' has an edge to itself (--extra-parents auto leaves it out)")
        // `#` comments anywhere on a line, `\\` before a closing quote, points in numerals.
        #expect(error("digraph {\n  a -> b  # b -> a later {\n  c -> d\n  b -> a\n}")?.hasPrefix("g.gv:4:5: the graph has a cycle") == true)
        #expect(error("digraph {\n  \"C:\\\\\" -> b [label=\"see\"]\n  b -> c [label=\" c -> b \"]\n  c -> b\n}")?
            .hasPrefix("g.gv:4:5: the graph has a cycle, which a tree cannot hold: 'b' -> 'c' -> 'b'") == true)
        #expect(error("digraph {\n  \"x\\\\\" -> \"x\\\\\"\n}") == "g.gv:2:9: node 'x\\\\' has an edge to itself (--extra-parents auto leaves it out)")
        #expect(error("digraph {\n  1.2.3 -> .3\n}")?.hasPrefix("g.gv:2:9: node '.3' has an edge to itself") == true)
        let repeated = try read("digraph {\n a -> b\n a -> b [color=red]\n a -> b\n}")
        #expect(repeated.labels == ["a", "b"])
        #expect(repeated.warnings == ["g.gv:3:4: edge 'a' -> 'b' is written again (first in line 2); a repeated edge is drawn once (2 repeated edges in all)"])
    }

    /// Every edge cgraph reads from Graphviz's example graphs is found in the text, as often as written.
    @Test func everyEdgeOfTheExampleGraphsIsFound() throws {
        let root = "/usr/share/doc/graphviz/examples/graphs"
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return }
        var checked = 0
        for case let path as String in enumerator where path.hasSuffix(".gv") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            guard let graphs = try? Graphviz.parseGraphs(DOTReader.transcodingLatin1(bytes)) else { continue }
            let positions = DOTSourcePositions(DOTReader.transcodingLatin1(bytes))
            for (number, graph) in graphs.enumerated() {
                var seen: [String: Int] = [:]
                for edge in graph.edges {
                    let tail = graph.nodes[edge.tail].name, head = graph.nodes[edge.head].name
                    let occurrence = seen["\(tail)\u{0}\(head)", default: 0]
                    seen["\(tail)\u{0}\(head)"] = occurrence + 1
                    #expect(positions.position(graph: number, tail: tail, head: head, occurrence: occurrence) != nil,
                            "\(path): \(tail) -> \(head) #\(occurrence)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func latin1FilesAreTranscoded() throws {
        let bytes: [UInt8] = Array("digraph { charset=latin1; a [label=\"K".utf8) + [0xE4] + Array("se\"]; }".utf8)
        #expect(try DOTReader().read(bytes, file: "l.gv").labels == ["Käse"])
    }

    /// Every example graph Debian's graphviz-doc ships is read or rejected with a message; none crashes.
    @Test func graphvizExampleGraphs() throws {
        let root = "/usr/share/doc/graphviz/examples/graphs"
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return }
        var trees: [String] = [], rejected: [String: String] = [:]
        for case let path as String in enumerator where path.hasSuffix(".gv") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            do {
                let tree = try DOTReader().read(bytes, file: path)
                _ = try SectionedTree(tree, misplacedParents: .drop)
                trees.append(path)
            } catch let error as ReadError {
                rejected[path] = error.message
            }
        }
        #expect(trees.contains("directed/unix.gv") && trees.contains("directed/tree.gv") || trees.contains("directed/clust.gv"))
        #expect(rejected["undirected/Petersen.gv"]?.hasPrefix("the graph has a cycle, which a tree cannot hold: ") == true)
        #expect(trees.count + rejected.count > 20)
        // As drawn by default (`--extra-parents auto`): cycles from their first nodes, edges from
        // a node to itself left out; every one is drawn.
        for path in rejected.keys.sorted() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            let tree = try DOTReader(breaksCycles: true).read(bytes, file: path)
            let sections = try SectionedTree(tree, misplacedParents: .drop)
            #expect(sections.numberOfItems == tree.count, "\(path)")
            // (A cycle a root reaches runs through an additional parent, which the drawing's warning counts.)
            #expect(!tree.warnings.isEmpty || sections.droppedParentCount > 0, "\(path): what was left out is said")
        }
    }

    @Test func emptyLabelsAreUnnamedNodesAndLabelsAreTrimmed() throws {
        let tree = try read("digraph { a [label=\"\"]; b; c [label=\" C \"]; d [label=\"\\N!\"]; \" e \"; a -> b }")
        #expect(tree.labels == ["", "b", "C", "d!", "e"])
        #expect(tree.parents == [-1, 0, -1, -1, -1])
        // A default label applies to the nodes that say none.
        #expect(try read("digraph { node [label=\"\"]; a -> b; c [label=c] }").labels == ["", "", "c"])
    }

    @Test func everyGraphOfAFileIsReadAsAForest() throws {
        let tree = try read("digraph A { a -> b }\n/* second */\ngraph B { a -- c; d }\n")
        #expect(tree.labels == ["a", "b", "a", "c", "d"])
        #expect(tree.parents == [-1, 0, -1, 2, -1])
        #expect(error("digraph A { a -> b }\ndigraph B {\n a -> b; b -> a }") == "g.gv:3:12: graph 2: the graph has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'a' (leave out one of its edges, or draw it from its first node: --extra-parents auto)")
        #expect(error("digraph A { a -> b }\ngraph B {\n a -- \n}\n") == "g.gv:4:1: syntax error near '}'")
        #expect(error("digraph { a -> b }\njunk") == "g.gv:2:1: syntax error near 'junk'")
        // A line holding the token twice: the line alone.
        #expect(error("digraph {\n a -> b [label=x [ }\n}") == "g.gv:2: syntax error near '['")
        #expect(error("digraph {}\ngraph {}") == "g.gv: no nodes: the graphs are empty")
    }

    @Test func cgraphsOwnMessagesAreReported() throws {
        let depth = 100_000
        let nested = "digraph { " + String(repeating: "subgraph { ", count: depth) + "a" + String(repeating: " }", count: depth) + " }"
        #expect(error(nested) == "g.gv:1: memory exhausted near 'subgraph'")
        let tree = try read("digraph {\n a -> 1b\n}")
        #expect(tree.labels == ["a", "1", "b"])
        #expect(tree.warnings == ["g.gv:2: syntax ambiguity - badly delimited number '1b' in line 2 of input splits into two tokens"])
    }

    @Test func duplicateIDsAreRefused() {
        #expect(error("digraph { a [id=x]; b [id=y]; c [id=x] }") == "g.gv:1:34: duplicate id 'x' (nodes 'a' and 'c')")
    }

    /// A message about a node's attribute points at the statement that set it last (cgraph
    /// keeps the last), not at an edge's list or another node's.
    @Test func nodeAttributeMessagesNameWhereTheAttributeIsSet() throws {
        let text = """
            digraph {
              a -> b [id=x]
              subgraph s { b [color=red, id = "y"] }
              a [id=y]
              b [label="ok"]
            }
            """
        #expect(error(text) == "g.gv:3:30: duplicate id 'y' (nodes 'a' and 'b')")
        let urgent = "type \"urgent\" is not normal, important or critical; drawn as a normal node with CSS class 'urgent'"
        #expect(try read("digraph {\n a -> b\n b [type=x, type=urgent]\n}").warnings == ["g.gv:3:13: " + urgent])
        // Set by the graph's one default (`node [...]`): that statement.
        #expect(try read("digraph {\n node [type=urgent]\n a\n}").warnings == ["g.gv:2:8: " + urgent])
        // By one of several: which holds depends on where the node is first named; none is named.
        #expect(try read("digraph {\n node [type=urgent]\n a\n node [type=x]\n b\n}").warnings.first
                == "g.gv: 2 type values are not normal, important or critical: \"urgent\" (1 node), \"x\" (1 node); drawn as normal nodes with CSS classes made of them")
    }

    /// Colours are Graphviz's: its X11 names (`green` is #00ff00, not CSS's #008000), `H,S,V`,
    /// the Brewer schemes by `colorscheme` (set by a default too, as Graphviz's example
    /// `biological.gv` does) or by path, a list's first colour; a name Graphviz does not know
    /// is an error where it is set.
    @Test func coloursAreReadAsGraphvizReadsThem() throws {
        let tree = try read("""
            digraph {
              node [fontcolor="/rdbu5/5"]
              a [fillcolor=green]; b [colorscheme=rdbu5, fillcolor=1]; c [fillcolor="/blues9/3"]; d [fillcolor="0.5,1,1"]
              e [fillcolor="red:blue"]; f [fillcolor="#FF000080"]
              a -> b; a -> c; a -> d; a -> e; a -> f
            }
            """)
        let fills = (0..<tree.count).map { tree.attributes(of: $0)?.fill }
        #expect(fills == ["#00ff00", "#ca0020", "#c6dbef", "#00ffff", "#ff0000", "#ff000080"])
        #expect((0..<tree.count).allSatisfy { tree.attributes(of: $0)?.color == "#0571b0" })
        // A scheme set by a default holds for every node, as in Graphviz (where `green` is then
        // unknown too).
        let schemed = try read("digraph { node [colorscheme=rdbu5, fillcolor=2]; a -> b; b [fillcolor=4] }")
        #expect((0..<schemed.count).map { schemed.attributes(of: $0)?.fill } == ["#f4a582", "#92c5de"])
        // Filled without a fillcolor: filled with the color (the outline's otherwise).
        let filled = try read("digraph { node [colorscheme=rdbu5, style=filled, color=1]; a -> b; b [style=\"rounded,filled\", color=5]; b -> c [color=2]; c [style=bold] }")
        #expect((0..<filled.count).map { filled.attributes(of: $0)?.fill } == ["#ca0020", "#0571b0", nil])
        let outlined = try read("digraph { a [color=red]; a -> b }")
        #expect(outlined.attributes(of: 0)?.fill == nil)
        #expect(error("digraph {\n a [fillcolor=gren]\n}")
                == "g.gv:2:5: node 'a': 'gren' is not a colour Graphviz knows (an X11 colour name, #rrggbb, 'H,S,V', "
                + "or a colour of the node's colorscheme)")
        #expect(error("digraph { a [colorscheme=rdbu5, fillcolor=9] }")?.contains("'9' is not a colour Graphviz knows") == true)
    }

    /// Long quoted strings, names and comments are swapped for placeholders before cgraph reads
    /// them: labels and cgraph's line numbers come out as if they had not been (cgraph counts a
    /// line break in a string only after a backslash, and keeps `\\` as two backslashes).
    @Test func longTokensReadExactlyWithTheSameLines() throws {
        for length in [10, 5_000] {
            let body = String(repeating: "y", count: length)
            let label = #"q\"\#(body)\"# + "\n" + #"z\n\\"# + "\n" + #"w\\\"\#u{E000}"#
            let text = "digraph {\n a [label=\"\(label)\"];\n /* \(body)\n */ \(body)x -> a\n b -> \n}"
            #expect(error(text) == "g.gv:7: syntax error near '}'", "\(length)")
            let tree = try read(text.replacingOccurrences(of: " b -> ", with: ""))
            #expect(tree.labels.map(\.utf8.count) == [length + 1, length + 12], "\(length)")
            #expect(tree.labels.last?.hasSuffix("z\n\\\nw\\\"\u{E000}") == true, "\(length)")
            #expect(tree.labels.last?.hasPrefix("q\"y") == true, "\(length)")
        }
        let marked = String(repeating: "\u{E000}", count: 3) + "0" + String(repeating: "\u{E000}", count: 3)
        let long = String(repeating: "m", count: 4_000)
        #expect(try read("digraph { a [label=\"\(marked)\"]; \"\(long)\" }").labels == [marked, long])
    }
}
