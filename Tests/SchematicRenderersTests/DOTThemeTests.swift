import Schematic
import Testing
import TestSupport

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
