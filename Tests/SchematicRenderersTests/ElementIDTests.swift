import Schematic
import Testing

/// Node ids can never collide with the ids Schematic writes itself, and two nodes never share one.
@Suite struct ElementIDTests {
    @Test func nodeIdsStayOutOfOurNamespace() throws {
        #expect(SVGRenderer.elementID("ceo") == "ceo")
        #expect(SVGRenderer.elementID("schematic-data") == "id-schematic-data")
        #expect(SVGRenderer.elementID("id-schematic-data") == "id-id-schematic-data")
        #expect(SVGRenderer.elementID("identity") == "identity")
        // Injective, and never in the `schematic-` namespace.
        let inputs = ["schematic-data", "id-schematic-data", "id-", "schematic-", "x", "id-id-schematic-data", "ids"]
        let outputs = inputs.map(SVGRenderer.elementID)
        #expect(Set(outputs).count == inputs.count)
        #expect(!outputs.contains { $0.hasPrefix("schematic-") })

        var tree = Tree()
        let root = tree.addNode(label: "Root", id: "schematic-data")
        tree.addNode(label: "Search", id: "schematic-search", parent: root)
        tree.addNode(label: "Plain", id: "plain", parent: root)
        let html = String(decoding: try Diagram(tree: tree).rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.components(separatedBy: "id=\"schematic-data\"").count == 2, "only the page's own data script")
        #expect(html.components(separatedBy: "id=\"schematic-search\"").count == 2)
        // The SVG (which an HTML page may inline) prefixes them.
        let svg = String(decoding: try Diagram(tree: tree).rendered(.init(format: .svg)), as: UTF8.self)
        #expect(svg.contains("id=\"id-schematic-data\""))
        #expect(svg.contains("id=\"id-schematic-search\""))
        #expect(svg.contains("id=\"plain\""))
    }

    @Test func duplicateIdsAreRefusedNamingBothNodes() {
        var tree = Tree()
        let root = tree.addNode(label: "Root", id: "a")
        tree.addNode(label: "First", id: "same", parent: root)
        tree.addNode(label: "Second", id: "same", parent: root)
        #expect(throws: DiagramError.duplicateID(id: "same", firstLabel: "First", secondLabel: "Second")) {
            try Diagram(tree: tree)
        }
        let message = DiagramError.duplicateID(id: "same", firstLabel: "First", secondLabel: "").description
        #expect(message == "the nodes 'First' and '(unnamed)' have the same id \"same\"; ids must be unique")
    }

    @Test func diagramsWarnAboutMissingGlyphsAndAbsentFamilies() throws {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        tree.addNode(label: "ক খ গ ঘ ঙ চ ছ", parent: root)
        let diagram = try Diagram(tree: tree)
        let fonts = try #require(diagram.labelSizing?.fonts)
        if fonts.missingCharacters.isEmpty {
            #expect(diagram.warnings.isEmpty, "a Bengali font is installed")
        } else {
            #expect(diagram.warnings.count == 1)
            #expect(diagram.warnings[0].contains("U+0995 'ক'"))
            #expect(diagram.warnings[0].contains("and 2 more"))
            #expect(diagram.warnings[0].contains("fonts-beng or fonts-noto-core (Bengali)"))
        }
        var named = Tree()
        named.addNode(label: "Root")
        #expect(try Diagram(tree: named).warnings.isEmpty)
        var style = LabelStyle()
        style.fontFamily = "No Such Family Anywhere"
        var options = DiagramOptions()
        options.sizing = .fit(style)
        let substituted = try Diagram(tree: named, options: options)
        #expect(substituted.warnings.count == 1)
        #expect(substituted.warnings[0].hasPrefix("no installed font has the family 'No Such Family Anywhere'; labels are measured and drawn in '"))
    }
}
