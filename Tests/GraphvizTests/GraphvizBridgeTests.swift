@testable import Graphviz
import Glibc
import Testing

@Suite struct GraphvizBridgeTests {
    let tree = Array("""
        digraph { rankdir=LR; ordering=out; node [shape=box, fixedsize=true, width=1, height=0.5];
          root [label="The \\\\N node\\nsecond line"]; root -> b; root -> a; b -> c; }
        """.utf8)

    @Test func parsesNodesAndEdgesInFileOrder() throws {
        let graph = try Graphviz.parse(tree)
        #expect(graph.isDirected)
        #expect(graph.nodes.map(\.name) == ["root", "b", "a", "c"])
        #expect(graph.nodes[0].label == "The \\N node\nsecond line")
        #expect(graph.edges.map { [$0.tail, $0.head] } == [[0, 1], [0, 2], [1, 3]])
    }

    /// Labels expand Graphviz's escapes as dot draws them: `\G` the graph's name (it was left
    /// out), an edge's `\E`, `\T` and `\H`; another object's escape stays as written.
    @Test func labelEscapesNameTheGraphAndTheEdgesEnds() throws {
        let graph = try Graphviz.parse(Array(#"digraph MyGraph { a [label="graph \G node \N \T"]; a -> b [label="\E from \T to \H \N"]; }"#.utf8))
        #expect(graph.nodes[0].label == "graph MyGraph node a \\T")
        #expect(graph.edges[0].label == "a->b from a to b \\N")
        let undirected = try Graphviz.parse(Array(#"graph G { a -- b [label="\E"]; }"#.utf8))
        #expect(undirected.edges[0].label == "a--b")
    }

    @Test func dotLayoutGivesPositionsRanksAndSplines() throws {
        let graph = try Graphviz.layout(tree, engine: "dot")
        #expect(graph.nodes.map(\.rank) == [0, 1, 1, 2])
        // ordering=out keeps b above a in rank 1 (dot's y grows upwards). dot orders a rank
        // before rotating the drawing for rankdir=LR, so there top to bottom is descending order.
        #expect(graph.nodes[1].order > graph.nodes[2].order)
        #expect(graph.nodes[1].y > graph.nodes[2].y)
        #expect(graph.nodes.allSatisfy { $0.width == 72 && $0.height == 36 })
        #expect(graph.edges.allSatisfy { $0.points.count >= 4 })
        #expect(graph.boundingBox.urx > graph.boundingBox.llx)
    }

    @Test func everyGraphOfATextIsRead() throws {
        let two = Array("digraph A { a -> b }\ngraph B { c }".utf8)
        #expect(try Graphviz.parseGraphs(two).map { $0.nodes.map(\.name) } == [["a", "b"], ["c"]])
        #expect(throws: GraphvizError("the text holds 2 graphs; expected one")) { try Graphviz.parse(two) }
    }

    @Test func errorsComeBackAsSwiftErrorsWithTheLine() {
        #expect(throws: GraphvizError.self) { try Graphviz.parse(Array("digraph {\n a -> \n}".utf8)) }
        do {
            _ = try Graphviz.parse(Array("digraph {\n a -> b\n ] }".utf8))
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains("syntax error"))
        }
        #expect(throws: GraphvizError.self) { try Graphviz.layout(tree, engine: "no-such-engine") }
    }

    @Test func rendersThroughPlugins() throws {
        let png = try Graphviz.render(tree, engine: "dot", format: "png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try Graphviz.render(tree, engine: "dot", format: "pdf")
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        #expect(Graphviz.renderFormats().contains("png"))
        #expect(throws: GraphvizError.self) { try Graphviz.render(tree, engine: "dot", format: "no-such-format") }
    }

    /// Cairo's creation time is rewritten, so a PDF is the same whenever it is made.
    @Test func aPDFCarriesAFixedDate() throws {
        let pdf = String(decoding: try Graphviz.render(tree, engine: "dot", format: "pdf"), as: UTF8.self)
        let epoch = getenv("SOURCE_DATE_EPOCH").flatMap { Int(String(cString: $0)) } ?? 0
        #expect(pdf.contains("/CreationDate (\(PDFDates.date(epoch: epoch)))"))
        #expect(PDFDates.date(epoch: 0) == "D:19700101000000Z" && PDFDates.date(epoch: 1_700_000_000) == "D:20231114221320Z")
        let stamped = Array("x /CreationDate (D:20261127080354Z) /ModDate (D:2026) y".utf8)
        #expect(String(decoding: PDFDates.fixed(stamped), as: UTF8.self).hasPrefix("x /CreationDate (D:"))
        #expect(PDFDates.fixed(stamped).count == stamped.count)
    }

    @Test func concurrentCallsAreSerialised() async throws {
        let tree = self.tree
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try Graphviz.layout(tree, engine: "dot").nodes.count } }
            for try await count in group { #expect(count == 4) }
        }
    }
}
