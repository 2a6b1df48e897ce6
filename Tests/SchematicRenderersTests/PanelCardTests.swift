import Hierarchy
import Schematic
import SchematicRenderers
import Testing

/// A nesting block's panels are drawn on cards (`panel` decorations) by every renderer: the
/// SVG's `rect.panel` behind the lines, DOT's (and so PNG's and PDF's) `_background` polygons,
/// the page's header (it draws them, and places them again after a collapse).
@Suite struct PanelCardTests {
    /// Thirty folders of two to five files: a fan of small subtrees that nests as panels.
    static var folders: Tree {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for folder in 0..<30 {
            let node = tree.addNode(label: "folder\(folder)", parent: root)
            for file in 0..<2 + folder % 4 { tree.addNode(label: "file\(folder)_\(file).txt", parent: node) }
        }
        return tree
    }

    @Test func everyRendererDrawsThePanelsCards() throws {
        let diagram = try Diagram(tree: Self.folders)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        let cards = svg.components(separatedBy: "<rect class=\"panel\"").count - 1
        #expect(cards >= 2, "\(cards) cards")
        // Behind every line and box.
        let lastCard = try #require(svg.range(of: "<rect class=\"panel\"", options: .backwards))
        let firstLine = try #require(svg.range(of: "class=\"connector"))
        #expect(lastCard.lowerBound < firstLine.lowerBound)
        // A colour of their own, a shade deeper than the bands (the band colour is lost in a
        // fitted overview).
        #expect(svg.contains(".panel{fill:#ebeef2}") && svg.contains(".panel{fill:var(--schematic-panel)}"))

        let dot = String(decoding: try diagram.rendered(.init(format: .dot)), as: UTF8.self)
        let background = try #require(dot.split(separator: "\n").first { $0.contains("_background=") })
        #expect(background.contains(" C 7 -#ebeef2 P 4 "), "\(background)")
        // The content's clear rectangle, then one polygon per card.
        #expect(background.components(separatedBy: " P 4 ").count - 1 == cards + 1, "\(background)")

        let page = String(decoding: try diagram.rendered(.init(format: .html)), as: UTF8.self)
        let list = try #require(page.firstRange(of: "\"panels\":["))
        let numbers = page[list.upperBound...].prefix { $0 != "]" }.split(separator: ",")
        #expect(numbers.count == 4 * cards, "\(numbers.count) numbers for \(cards) cards")
    }

    /// DOT fills the cards in the panel colour of the theme, set once before them (xdot's fill
    /// colour holds until the next `C`).
    @Test(arguments: [SVGRenderer.Theme.light, .dark])
    func cardsAreFilledInTheirThemesColour(theme: SVGRenderer.Theme) throws {
        let diagram = try Diagram(tree: Self.folders)
        var render = Diagram.RenderOptions(format: .dot)
        render.theme = theme
        let dot = String(decoding: try diagram.rendered(render), as: UTF8.self)
        let background = try #require(dot.split(separator: "\n").first { $0.contains("_background=") })
        let panel = theme == .dark ? "#2e3137" : "#ebeef2"
        let panelFill = try #require(background.range(of: " C 7 -\(panel) P 4 "))
        let cards = background[panelFill.lowerBound...].components(separatedBy: " P 4 ").count - 1
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(cards >= 2 && cards == svg.components(separatedBy: "<rect class=\"panel\"").count - 1)
        #expect(background.components(separatedBy: " C ").count - 1 == 2, "clear, then panel: \(background)")
    }
}
