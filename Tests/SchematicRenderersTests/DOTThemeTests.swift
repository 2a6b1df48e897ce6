import Schematic
import SchematicRenderers
import Testing
import TestSupport

/// DOT, and so PNG and PDF, take the theme's colours (dark was drawn light), the depth titles
/// (`--depth-labels` were left out of bitmaps) and the bands (`--bands` were too).
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

    /// The even sections' bands go in the graph's `_background` drawing (Graphviz draws it
    /// first, under the edges, which pinned DOT draws before the nodes), at their frames.
    @Test(arguments: [SVGRenderer.Theme.light, .dark])
    func bandsAreTheGraphsBackground(theme: SVGRenderer.Theme) throws {
        var options = DiagramOptions()
        options.configuration.showsBands = true
        let diagram = try Diagram(tree: DepthShadingTests.tree(fan: false), options: options)
        var render = Diagram.RenderOptions(format: .dot)
        render.theme = theme
        let dot = String(decoding: try diagram.rendered(render), as: UTF8.self)
        let band = theme == .dark ? "#2a2c30" : "#f3f5f7"
        let line = try #require(dot.split(separator: "\n").first { $0.contains("_background=") })
        #expect(line.hasPrefix("  graph [pad=\"0,0\", _background=\"c 9 -#00000000 C 9 -#00000000 P 4 0 0 "), "\(line)")
        #expect(line.contains(" C 7 -\(band) P 4 "), "\(line)")
        // The clear content rectangle, then three depths: the first and the third are filled,
        // each a rectangle as tall as the drawing.
        #expect(line.components(separatedBy: " P 4 ").count == 4, "\(line)")
        let plain = String(decoding: try Diagram(tree: DepthShadingTests.tree(fan: false)).rendered(render), as: UTF8.self)
        #expect(!plain.contains("_background"))
        // Graphviz draws them: its SVG of the pinned DOT has the band's polygons.
        render.format = .graphviz("svg")
        let drawn = String(decoding: try diagram.rendered(render), as: UTF8.self)
        #expect(drawn.components(separatedBy: "<polygon fill=\"\(band)\"").count == 3, "\(drawn.prefix(1500))")
        // As large as without bands (Graphviz bounds the image by what it draws, padded).
        let bare = String(decoding: try Diagram(tree: DepthShadingTests.tree(fan: false)).rendered(render), as: UTF8.self)
        func size(_ svg: String) -> Substring? { svg.firstRange(of: "viewBox=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" } } }
        #expect(size(drawn) != nil && size(drawn) == size(bare), "\(String(describing: size(drawn))) against \(String(describing: size(bare)))")
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
