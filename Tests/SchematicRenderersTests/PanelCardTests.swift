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
        #expect(svg.contains(".panel{fill:#f3f5f7;fill:var(--schematic-band)}"))

        let dot = String(decoding: try diagram.rendered(.init(format: .dot)), as: UTF8.self)
        let background = try #require(dot.split(separator: "\n").first { $0.contains("_background=") })
        #expect(background.contains(" C 7 -#f3f5f7 P 4 "), "\(background)")
        // The content's clear rectangle, then one polygon per card.
        #expect(background.components(separatedBy: " P 4 ").count - 1 == cards + 1, "\(background)")

        let page = String(decoding: try diagram.rendered(.init(format: .html)), as: UTF8.self)
        let list = try #require(page.firstRange(of: "\"panels\":["))
        let numbers = page[list.upperBound...].prefix { $0 != "]" }.split(separator: ",")
        #expect(numbers.count == 4 * cards, "\(numbers.count) numbers for \(cards) cards")
    }
}
