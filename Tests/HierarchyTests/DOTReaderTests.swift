import Foundation
import Hierarchy
import HierarchyReaders
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

    @Test func severalParentsAreKept() throws {
        let tree = try read("digraph { r -> a; r -> b; a -> s; b -> s; }")
        // Preorder: r 0, a 1, s 2, b 3; s hangs from a, and from b as well.
        #expect(tree.additionalParents == [2: [3]])
        let sections = try SectionedTree(tree)
        #expect(sections.additionalParentsOfItem.count == 1)
        let skipping = try read("digraph { r -> a; a -> s; r -> s; }")
        #expect(throws: HierarchyError.self) { try SectionedTree(skipping) }
        let dropped = try SectionedTree(skipping, misplacedParents: .drop)
        #expect(dropped.droppedParentCount == 1)
    }

    @Test func badGraphsAreClearErrors() {
        #expect(error("digraph { a -> b; b -> a; }") == "g.gv: the graph has a cycle through node 'a'")
        #expect(error("digraph { a -> a; }") == "g.gv: node 'a' has an edge to itself")
        #expect(error("digraph {\n a -> \n}")?.hasPrefix("g.gv:3: syntax error in line 3") == true)
        #expect(error("") == "g.gv: no nodes: the input is empty")
        #expect(error("digraph {}") == "g.gv: no nodes: the graph is empty")
        #expect(error("digraph { a [type=urgent] }") == "g.gv: node 'a': unknown type \"urgent\" (expected normal, important or critical)")
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
        #expect(rejected["undirected/Petersen.gv"]?.hasPrefix("the graph has a cycle through node") == true)
        #expect(trees.count + rejected.count > 20)
    }
}
