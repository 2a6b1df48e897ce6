import Schematic
import Testing
import TestSupport

/// Converters without CSS custom properties (cairosvg, which Sphinx's and MkDocs' SVG-to-PDF
/// steps use) take the last declaration of a property they read: every colour rule must end
/// with a plain colour, its custom property only in the `@supports` block after the rules (a
/// trial: `fill:#aaa;fill:var(--…)` drew the whole drawing black).
@Suite struct StyleSheetFallbackTests {
    @Test(arguments: ["light", "dark", "auto"])
    func customPropertiesOnlyWhereSupported(theme: String) throws {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        tree.addNode(label: "", parent: root)
        let cut = tree.addNode(label: "Cut", type: .critical, parent: root)
        tree.addNode(label: "Below", parent: tree.addNode(label: "Child", parent: cut))
        var options = Diagram.RenderOptions(format: .svg)
        options.theme = try #require(SVGRenderer.Theme(rawValue: theme))
        let svg = String(decoding: try Diagram(tree: tree.keepingLevels(1)).rendered(options), as: UTF8.self)
        let style = try #require(svg.split(separator: "<style>").last?.split(separator: "</style>").first)
        let parts = style.split(separator: "@supports (fill:var(--schematic-background)){\n", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        let plain = parts[0], supported = try #require(parts.last)
        // Outside the block, custom properties are only defined (`--schematic-…:`), never used.
        #expect(!plain.contains("var("), "\(plain)")
        for rule in [".node.normal rect{fill:", ".connector{", ".node.cut rect{stroke:", ".node.junction.normal rect{fill:", ".background{fill:#"] {
            #expect(plain.contains(rule), "\(rule)")
        }
        // In it, each such rule again, its colours from the custom properties (a site's own, or the dark scheme's).
        for rule in [".connector{stroke:var(--schematic-connector)}", ".node.normal rect{fill:var(--schematic-normal-fill)}",
                     ".node.cut rect{stroke:var(--schematic-header)}", ".node.junction.normal rect{fill:var(--schematic-connector)}"] {
            #expect(supported.contains(rule), "\(rule)")
        }
        #expect(supported.hasSuffix("}\n}\n"))
    }
}
