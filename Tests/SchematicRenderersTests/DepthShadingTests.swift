import Schematic
import Testing
import TestSupport

/// Normal nodes at odd depths are paler, in every renderer, so that a node's depth reads from
/// its colour where wrapping sets it beside a deeper column's nodes (a review: a fan's second
/// sub-column stood in the next depth's column and read as its children).
@Suite struct DepthShadingTests {
    /// Root (depth 0), two children (1), grandchildren (2); one child important.
    static var tree: Tree {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        let plain = tree.addNode(label: "Plain", parent: root)
        tree.addNode(label: "Marked", type: .important, parent: root)
        tree.addNode(label: "Grandchild", parent: plain)
        return tree
    }

    /// The `class` of each node's group in the SVG, by its label.
    func nodeClasses(_ svg: String) -> [String: String] {
        var classes: [String: String] = [:]
        for line in svg.split(separator: "\n") where line.contains("<g class=\"node") {
            guard let start = line.range(of: "<g class=\""), let end = line[start.upperBound...].firstIndex(of: "\""),
                  let label = line.range(of: "aria-label=\"") else { continue }
            let name = line[label.upperBound...].prefix { $0 != "\"" && $0 != "," }
            classes[String(name)] = String(line[start.upperBound..<end])
        }
        return classes
    }

    @Test func svgMarksOddDepthsAndStylesTheirNormalNodes() throws {
        let diagram = try Diagram(tree: Self.tree)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(nodeClasses(svg) == ["Root": "node normal", "Plain": "node normal odd-depth",
                                     "Marked": "node important odd-depth", "Grandchild": "node normal"])
        #expect(svg.contains(".schematic .node.normal.odd-depth rect{fill:#c5ced8;fill:var(--schematic-normal-odd-fill)}"))
        #expect(svg.contains("--schematic-normal-odd-fill:#c5ced8;"))
        var dark = Diagram.RenderOptions()
        dark.theme = .dark
        let darkSVG = String(decoding: try diagram.rendered(dark), as: UTF8.self)
        #expect(darkSVG.contains(".schematic .node.normal.odd-depth rect{fill:#5a6577;fill:var(--schematic-normal-odd-fill)}"))
    }

    /// Junctions keep the connectors' colour at any depth: their rule comes after.
    @Test func junctionsKeepTheConnectorColour() throws {
        let svg = String(decoding: try Diagram(tree: JunctionTests.phylogeny).rendered(.init(format: .svg)), as: UTF8.self)
        let odd = try #require(svg.range(of: ".node.normal.odd-depth rect{"))
        let junction = try #require(svg.range(of: ".node.junction.normal rect{"))
        #expect(odd.lowerBound < junction.lowerBound)
    }

    /// DOT (and so PNG and PDF, which Graphviz draws from it) fills the same colours.
    @Test func dotFillsOddDepthsPaler() throws {
        let dot = String(decoding: try Diagram(tree: Self.tree).rendered(.init(format: .dot)), as: UTF8.self)
        func fill(_ label: String) -> Substring? {
            guard let line = dot.split(separator: "\n").first(where: { $0.contains("label=\"\(label)\"") }),
                  let start = line.range(of: "fillcolor=\"") else { return nil }
            return line[start.upperBound...].prefix { $0 != "\"" }
        }
        #expect(fill("Root") == "#aaaaaa")
        #expect(fill("Plain") == "#c5ced8")
        #expect(fill("Marked") == "#ffff00")
        #expect(fill("Grandchild") == "#aaaaaa")
    }

    /// The page draws with the theme's colour for odd depths.
    @Test func htmlPageCarriesTheOddDepthColour() throws {
        let html = String(decoding: try Diagram(tree: Self.tree).rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.contains("--schematic-normal-odd-fill:#c5ced8"))
        #expect(html.contains("oddFill: colour('normal-odd-fill')"))
    }
}

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
        #expect(big.contains("class=\"node normal odd-depth cut\""))
        #expect(big.contains("aria-label=\"Big, 2 more below, not shown (--max-depth)\""))
        #expect(big.contains("<title>2 more below, not shown (--max-depth)</title>"))
        #expect(!(svg.split(separator: "\n").first { $0.contains("aria-label=\"Leaf") } ?? "").contains(" cut"))
        #expect(svg.contains(".schematic .node.cut rect{stroke:#555555;stroke:var(--schematic-header);stroke-width:2;stroke-dasharray:4 3}"))
    }

    @Test func dotJSONAndThePageCarryThem() throws {
        let dot = String(decoding: try Self.diagram.rendered(.init(format: .dot)), as: UTF8.self)
        let big = try #require(dot.split(separator: "\n").first { $0.contains("label=\"Big\"") })
        #expect(big.contains("style=\"rounded,filled,dashed\", penwidth=2, color=\"#555555\""))
        #expect(big.contains("tooltip=\"2 more below, not shown (--max-depth)\""))
        let json = String(decoding: try Self.diagram.rendered(.init(format: .json)), as: UTF8.self)
        #expect(json.contains("\"label\":\"Big\",\"type\":\"normal\",\"hiddenBelow\":2"))
        let html = String(decoding: try Self.diagram.rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.contains("\"cut\":[1,2]"))
    }
}

/// DOT, and so PNG and PDF, take the theme's colours (dark was drawn light) and the depth titles
/// (`--depth-labels` were left out of bitmaps).
@Suite struct DOTThemeTests {
    @Test func darkDOTHasTheDarkColoursAndBackground() throws {
        var render = Diagram.RenderOptions(format: .dot)
        render.theme = .dark
        let dot = String(decoding: try Diagram(tree: DepthShadingTests.tree).rendered(render), as: UTF8.self)
        #expect(dot.contains("bgcolor=\"#1e1f22\""))
        #expect(dot.contains("edge [dir=none, color=\"#6b6f76\""))
        let root = try #require(dot.split(separator: "\n").first { $0.contains("label=\"Root\"") })
        #expect(root.contains("fillcolor=\"#4a4d52\", fontcolor=\"#f2f3f5\""))
        let plain = try #require(dot.split(separator: "\n").first { $0.contains("label=\"Plain\"") })
        #expect(plain.contains("fillcolor=\"#5a6577\""))
        let light = String(decoding: try Diagram(tree: DepthShadingTests.tree).rendered(.init(format: .dot)), as: UTF8.self)
        #expect(!light.contains("bgcolor"))
    }

    @Test func depthTitlesArePinnedAsText() throws {
        var options = DiagramOptions()
        options.configuration.depthLabels = ["Top", "Middle", "Bottom"]
        let dot = String(decoding: try Diagram(tree: DepthShadingTests.tree, options: options).rendered(.init(format: .dot)), as: UTF8.self)
        let titles = dot.split(separator: "\n").filter { $0.contains("depth_header_") }
        #expect(titles.count == 3)
        #expect(titles.first?.contains("shape=plaintext") == true && titles.first?.contains("label=\"Top\"") == true)
        #expect(titles.first?.contains("fontcolor=\"#555555\"") == true)
    }
}
