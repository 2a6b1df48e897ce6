import Schematic
import Testing
import TestSupport

/// Normal nodes at odd depths are paler, in every renderer, so that a node's depth reads from
/// its colour where wrapping sets it beside a deeper column's nodes (a review: a fan's second
/// sub-column stood in the next depth's column and read as its children); only there: where
/// every depth is a column apart, alternating fills read as file and folder, key and value
/// (two new-user trials).
@Suite struct DepthShadingTests {
    /// Root (depth 0), two children (1), grandchildren (2); one child important; with `fan`,
    /// 30 leaves under the root too, wrapped into sub-columns beside the grandchild's column.
    static func tree(fan: Bool) -> Tree {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        let plain = tree.addNode(label: "Plain", parent: root)
        tree.addNode(label: "Marked", type: .important, parent: root)
        tree.addNode(label: "Grandchild", parent: plain)
        if fan { for index in 0..<30 { tree.addNode(label: "leaf \(index)", parent: root) } }
        return tree
    }
    static var tree: Tree { tree(fan: true) }

    /// Depths that each keep a column: one fill, in SVG, DOT and the page.
    @Test func columnsApartAreNotShaded() throws {
        let plain = try Diagram(tree: Self.tree(fan: false))
        let svg = String(decoding: try plain.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(!svg.contains("odd-depth\""), "\(svg)")
        let dot = String(decoding: try plain.rendered(.init(format: .dot)), as: UTF8.self)
        #expect(!dot.contains("#c5ced8"))
        let html = String(decoding: try plain.rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.contains("\"shadesDepths\":false"))
        let wrapped = String(decoding: try Diagram(tree: Self.tree).rendered(.init(format: .html)), as: UTF8.self)
        #expect(wrapped.contains("\"shadesDepths\":true"))
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
        #expect(nodeClasses(svg).filter { !$0.key.hasPrefix("leaf") } == ["Root": "node normal", "Plain": "node normal odd-depth",
                                                                           "Marked": "node important odd-depth", "Grandchild": "node normal"])
        #expect(svg.contains(".schematic .node.normal.odd-depth rect{fill:#c5ced8}") && svg.contains(".schematic .node.normal.odd-depth rect{fill:var(--schematic-normal-odd-fill)}"))
        #expect(svg.contains("--schematic-normal-odd-fill:#c5ced8;"))
        var dark = Diagram.RenderOptions()
        dark.theme = .dark
        let darkSVG = String(decoding: try diagram.rendered(dark), as: UTF8.self)
        #expect(darkSVG.contains(".schematic .node.normal.odd-depth rect{fill:#5a6577}"))
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
