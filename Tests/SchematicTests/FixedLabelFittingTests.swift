import CollectionLayout
import Hierarchy
import Schematic
import Testing

/// `--sizing fixed`: labels wider or longer than the fixed box are fitted to it (wrapped, cut
/// with "…"), their whole text kept as the tooltip, with one warning; labels that fit are drawn
/// as before.
@Suite struct FixedLabelFittingTests {
    @Test func longLabelsAreFittedToTheirBoxes() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        _ = tree.addNode(label: "short", parent: root)
        _ = tree.addNode(label: "systemd.be@latin.catalog and a few more words after it", parent: root)
        var options = DiagramOptions()
        options.sizing = .fixed
        options.configuration.estimatedItemSize = Size(width: 120, height: 40)
        let diagram = try Diagram(tree: tree, options: options)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(svg.contains(">short<"), "a label that fits is drawn as it is")
        #expect(svg.contains("systemd.be") && svg.contains("…"))
        // The whole text stays as the node's tooltip.
        #expect(svg.contains("<title>systemd.be@latin.catalog and a few more words after it</title>"))
        #expect(diagram.warnings.contains { $0.contains("a label longer than the fixed node size drawn shortened") }, "\(diagram.warnings)")
        // A taller box holds more lines: nothing cut, no warning.
        options.configuration.estimatedItemSize = Size(width: 120, height: 200)
        let tall = try Diagram(tree: tree, options: options)
        #expect(!tall.warnings.contains { $0.contains("fixed node size") }, "\(tall.warnings)")
        let tallSVG = String(decoding: try tall.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(tallSVG.contains("<tspan") && !tallSVG.contains("…"))
    }
}
