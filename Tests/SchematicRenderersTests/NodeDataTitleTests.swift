import Schematic
import Testing
import TestSupport

/// A node's data attributes (a phylogeny's support value and branch length) are in its SVG
/// title, a line each, and an unnamed inner node's support in its accessible label: drawn
/// as a dot, it showed nothing of them.
@Suite struct NodeDataTitleTests {
    @Test func supportAndLengthAreTold() throws {
        var tree = Tree()
        let root = tree.addNode(label: "")
        let inner = tree.addNode(label: "", parent: root)
        tree.setAttributes(NodeAttributes(data: [.init(key: "support", value: "95"), .init(key: "length", value: "0.12")]), of: inner)
        let leaf = tree.addNode(label: "Homo", parent: inner)
        tree.setAttributes(NodeAttributes(tooltip: "human", data: [.init(key: "length", value: "0.3")]), of: leaf)
        tree.addNode(label: "Pan", parent: inner)
        tree.addNode(label: "Gorilla", parent: root)
        let svg = String(decoding: try Diagram(tree: tree).rendered(.init(format: .svg)), as: UTF8.self)
        let lines = svg.split(separator: "\n")
        let dot = try #require(lines.first { $0.contains("support 95") })
        #expect(dot.contains("aria-label=\"unnamed node, support 95\""))
        #expect(dot.contains("<title>support: 95\nlength: 0.12</title>") || svg.contains("<title>support: 95\nlength: 0.12</title>"))
        #expect(svg.contains("<title>human\nlength: 0.3</title>"))
        // A node without data has no title.
        let pan = try #require(lines.first { $0.contains("aria-label=\"Pan\"") })
        #expect(!pan.contains("<title>"))
    }
}
