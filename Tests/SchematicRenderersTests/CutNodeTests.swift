import Schematic
import Testing
import TestSupport

/// Nodes `--max-depth` cut below are outlined dashed and say how many nodes are not shown, in
/// SVG (class, title, accessible label), DOT, JSON and the page (a review: a class with 62
/// subclasses was drawn exactly as a leaf).
@Suite struct CutNodeTests {
    static var diagram: Diagram {
        get throws {
            var tree = Tree()
            let root = tree.addNode(label: "Root")
            let big = tree.addNode(label: "Big", parent: root)
            tree.addNode(label: "Leaf", parent: root)
            let child = tree.addNode(label: "Child", parent: big)
            tree.addNode(label: "Grandchild", parent: child)
            return try Diagram(tree: tree.keepingLevels(1))
        }
    }

    @Test func svgOutlinesThemAndTellsTheCount() throws {
        let svg = String(decoding: try Self.diagram.rendered(.init(format: .svg)), as: UTF8.self)
        let big = try #require(svg.split(separator: "\n").first { $0.contains("aria-label=\"Big") })
        #expect(big.contains("class=\"node normal cut\""), "(depths in columns apart: not shaded)")
        #expect(big.contains("aria-label=\"Big, 2 more below, not shown (--max-depth)\""))
        #expect(big.contains("<title>2 more below, not shown (--max-depth)</title>"))
        #expect(!(svg.split(separator: "\n").first { $0.contains("aria-label=\"Leaf") } ?? "").contains(" cut"))
        #expect(svg.contains(".schematic .node.cut rect{stroke:#555555;stroke-width:2;stroke-dasharray:4 3}") && svg.contains(".schematic .node.cut rect{stroke:var(--schematic-header)}"))
        // The count is drawn too (a printed drawing has no tooltips), under the label, in a box sized for both.
        #expect(big.contains(">Big</tspan><tspan class=\"more\" x=\"") && big.contains("\">+2 more</tspan></text>"))
        #expect(svg.contains(".schematic .node.cut .more{"))
        let leaf = try Diagram(tree: { var tree = Tree(); tree.addNode(label: "Big"); return tree }())
        let leafBox = try #require(leaf.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame)
        let bigBox = try #require(Self.diagram.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame)
        #expect(bigBox.height > leafBox.height + 10 && bigBox.width > leafBox.width)
    }

    /// A count reads as written numbers do; a junction (an unnamed inner node) cut below stays a dot.
    @Test func countsAreGroupedAndJunctionsStayDots() throws {
        var attributes = NodeAttributes()
        attributes.hiddenBelow = 1_234_567
        #expect(attributes.hiddenBelowLine == "+1,234,567 more")
        attributes.hiddenBelow = 999
        #expect(attributes.hiddenBelowLine == "+999 more")
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        let clade = tree.addNode(label: "", parent: root)
        tree.addNode(label: "A", parent: clade)
        tree.addNode(label: "B", parent: clade)
        let svg = String(decoding: try Diagram(tree: tree.keepingLevels(1)).rendered(.init(format: .svg)), as: UTF8.self)
        let dot = try #require(svg.split(separator: "\n").first { $0.contains("aria-label=\"unnamed node") })
        #expect(dot.contains(" cut\"") && !dot.contains("more</tspan>") && dot.contains("rx=\"5\""))
    }

    @Test func dotJSONAndThePageCarryThem() throws {
        let dot = String(decoding: try Self.diagram.rendered(.init(format: .dot)), as: UTF8.self)
        let big = try #require(dot.split(separator: "\n").first { $0.contains("label=\"Big\\n+2 more\"") })
        #expect(big.contains("style=\"rounded,filled,dashed\", penwidth=2, color=\"#555555\""))
        #expect(big.contains("tooltip=\"2 more below, not shown (--max-depth)\""))
        let json = String(decoding: try Self.diagram.rendered(.init(format: .json)), as: UTF8.self)
        #expect(json.contains("\"label\":\"Big\",\"type\":\"normal\",\"hiddenBelow\":2"))
        let html = String(decoding: try Self.diagram.rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.contains("\"cut\":[1,2],\"blockLabels\":[],\"counts\":true"))
    }

    /// With fixed sizes no count line is measured in: the page draws none (as SVG), and a label
    /// that reads like one ("+2 more") stays the label (it was taken for the count and dropped).
    @Test func fixedSizesDrawNoCountLine() throws {
        var tree = Tree()
        let root = tree.addNode(label: "+2 more")
        tree.addNode(label: "A", parent: tree.addNode(label: "B", parent: root))
        let diagram = try Diagram(tree: tree.keepingLevels(0), options: { var o = DiagramOptions(); o.sizing = .fixed; return o }())
        let html = String(decoding: try diagram.rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.contains("\"cut\":[0,2],\"blockLabels\":[],\"counts\":false"), "\(html.prefix(0))")
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(svg.contains(">+2 more</text>") && !svg.contains("class=\"more\""))
        let fitted = String(decoding: try Diagram(tree: tree.keepingLevels(0)).rendered(.init(format: .svg)), as: UTF8.self)
        #expect(fitted.contains(">+2 more</tspan><tspan class=\"more\""))
    }

    /// A label of the most lines drawn keeps them all and its count under them: the count line
    /// is not one of the label's lines (it cut a 12-line label short, with a false warning, and
    /// was lost), nor is it broken by a narrow `--max-label-width`.
    @Test func theCountLineIsNotOneOfTheLabels() throws {
        func drawing(_ label: String, maximumLabelWidth: Double) throws -> (warnings: [String], svg: String) {
            var tree = Tree()
            let root = tree.addNode(label: label)
            tree.addNode(label: "A", parent: root)
            var style = LabelStyle()
            style.maximumLabelWidth = maximumLabelWidth
            var options = DiagramOptions()
            options.sizing = .fit(style)
            let diagram = try Diagram(tree: tree.keepingLevels(0), options: options)
            return (diagram.warnings, String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self))
        }
        let twelve = try drawing((1...12).map { "line \($0)" }.joined(separator: "\n"), maximumLabelWidth: 200)
        #expect(twelve.warnings.isEmpty)
        #expect(twelve.svg.contains(">line 11</tspan><tspan x=\"") && twelve.svg.contains(">line 12</tspan><tspan class=\"more\" x=\""))
        #expect(twelve.svg.contains("\">+1 more</tspan></text>") && !twelve.svg.contains("…</tspan>"))
        let narrow = try drawing("x", maximumLabelWidth: 20)
        #expect(narrow.warnings.isEmpty)
        #expect(narrow.svg.contains(">x</tspan><tspan class=\"more\" x=\"") && narrow.svg.contains("\">+1 more</tspan></text>"))
    }
}
