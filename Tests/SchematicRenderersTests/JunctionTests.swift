import CollectionLayout
import Schematic
import Testing
import TestSupport

/// Unnamed nodes (empty labels, as in phylogenies) are junctions: small dots of a fixed size
/// that connectors reach as they reach boxes, in every layout and renderer.
@Suite struct JunctionTests {
    /// Primates with unnamed internal nodes, as a Newick export gives them.
    static var phylogeny: Tree {
        var tree = Tree()
        let root = tree.addNode(label: "")
        let strepsirrhini = tree.addNode(label: "", parent: root)
        tree.addNode(label: "Lemur catta", parent: strepsirrhini)
        tree.addNode(label: "Loris tardigradus", parent: strepsirrhini)
        let haplorhini = tree.addNode(label: "", parent: root)
        tree.addNode(label: "Tarsius", parent: haplorhini)
        let simians = tree.addNode(label: "", parent: haplorhini)
        let apes = tree.addNode(label: "Hominoidea", type: .important, parent: simians)
        let great = tree.addNode(label: "", parent: apes)
        tree.addNode(label: "Homo sapiens", parent: great)
        tree.addNode(label: "Pan troglodytes", parent: great)
        tree.addNode(label: "", type: .critical, parent: great)
        tree.addNode(label: "Hylobates lar", parent: apes)
        tree.addNode(label: "Macaca mulatta", parent: simians)
        return tree
    }

    static let layouts: [(String, DiagramOptions)] = {
        var all: [(String, DiagramOptions)] = []
        for alignment in [SchematicAlignment.stacked, .centered, .tidy, .compact] {
            for orientation in [SchematicOrientation.lr, .tb] {
                var options = DiagramOptions()
                options.configuration.alignment = alignment
                options.configuration.orientation = orientation
                all.append(("schematic \(alignment) \(orientation)", options))
            }
        }
        var fixed = DiagramOptions()
        fixed.sizing = .fixed
        all.append(("schematic, fixed sizes", fixed))
        for (name, layout) in [("flow", DiagramLayout.flow(.init())), ("grid", .grid(.init())), ("circle", .circle(.init())),
                               ("masonry", .masonry(.init()))] {
            var options = DiagramOptions()
            options.layout = layout
            all.append((name, options))
            options.sizing = .fixed
            all.append((name + ", fixed sizes", options))
        }
        return all
    }()

    static func cells(_ diagram: Diagram) -> [LayoutAttributes] {
        diagram.layout.layoutAttributesForElements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
            .filter { $0.representedElementCategory == .cell }
    }

    static func isJunction(_ cell: LayoutAttributes, in diagram: Diagram) -> Bool {
        diagram.dataController.label(at: cell.indexPath).isEmpty
    }

    @Test func emptyLabelsAreSizedAsJunctions() throws {
        var style = LabelStyle()
        style.junctionSize = 8
        var options = DiagramOptions()
        options.sizing = .fit(style)
        let diagram = try Diagram(tree: Self.phylogeny, options: options)
        let cells = Self.cells(diagram)
        #expect(cells.count == Self.phylogeny.count)
        for cell in cells {
            if Self.isJunction(cell, in: diagram) {
                #expect(cell.size == Size(width: 8, height: 8))
            } else {
                #expect(cell.size.width >= 40 && cell.size.height >= 32, "labelled nodes keep their measured size")
            }
        }
        var fixed = DiagramOptions()
        fixed.sizing = .fixed
        let fixedDiagram = try Diagram(tree: Self.phylogeny, options: fixed)
        for cell in Self.cells(fixedDiagram) {
            let expected = Self.isJunction(cell, in: fixedDiagram) ? Size(width: 10, height: 10) : fixed.configuration.estimatedItemSize
            #expect(cell.size == expected)
        }
    }

    /// In every layout: no two nodes overlap, and every connector ends on its parent's and
    /// its child's frames, junctions included.
    @Test(arguments: 0..<layouts.count) func connectorsReachJunctionsWithoutOverlaps(layout: Int) throws {
        let (name, options) = Self.layouts[layout]
        let diagram = try Diagram(tree: Self.phylogeny, options: options)
        let cells = Self.cells(diagram)
        var byPath: [CollectionLayout.IndexPath: LayoutAttributes] = [:]
        for cell in cells { byPath[cell.indexPath] = cell }
        #expect(cells.count == Self.phylogeny.count, "\(name)")
        // Boxes as drawn: a circle turns its boxes along the radii.
        let overlaps = overlappingCells(cells, tolerance: 0.01)
        #expect(overlaps.isEmpty, "\(name): \(overlaps.first.map { "\(cells[$0.0].indexPath) overlaps \(cells[$0.1].indexPath)" } ?? "")")
        var reachedJunctions = 0
        for element in diagram.layout.layoutAttributesForElements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)) {
            guard let connector = element.connector else { continue }
            let child = CollectionLayout.IndexPath(item: element.indexPath.item, section: element.indexPath.section)
            let parent = try #require(byPath[connector.parentIndexPath]), childCell = try #require(byPath[child])
            #expect(isOnBoundary(connector.start, of: parent, tolerance: 0.01), "\(name): connector into \(child) starts off its parent")
            #expect(isOnBoundary(connector.end, of: childCell, tolerance: 0.01), "\(name): connector into \(child) ends off its child")
            if diagram.dataController.label(at: child).isEmpty || diagram.dataController.label(at: connector.parentIndexPath).isEmpty {
                reachedJunctions += 1
            }
        }
        if name.hasPrefix("schematic") || name.hasPrefix("circle") || name.hasPrefix("grid") {
            #expect(reachedJunctions > 0, "\(name): connectors reach junctions")
        }
    }

    @Test func unnamedRootsAreTitledByTheirOuterLeaves() throws {
        let phylogeny = try SectionedTree(Self.phylogeny)
        #expect(phylogeny.title == "(Lemur catta … Macaca mulatta)")
        #expect(phylogeny.summary == "A tree of 14 nodes in 6 levels, from (Lemur catta … Macaca mulatta).")
        var single = Tree()
        single.addNode(label: "Solo", parent: single.addNode(label: ""))
        #expect(try SectionedTree(single).title == "(Solo)")
        var unnamedLeaf = Tree()
        let root = unnamedLeaf.addNode(label: "")
        unnamedLeaf.addNode(label: "A", parent: root)
        unnamedLeaf.addNode(label: "", parent: root)
        #expect(try SectionedTree(unnamedLeaf).title == "(unnamed)")
        var lone = Tree()
        lone.addNode(label: "")
        #expect(try SectionedTree(lone).title == "(unnamed)")
    }

    @Test func svgDrawsJunctionsAsDotsInTheConnectorColour() throws {
        let diagram = try Diagram(tree: Self.phylogeny)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        let junctions = svg.split(separator: "\n").filter { $0.contains("class=\"node junction") }
        #expect(junctions.count == 6)
        for line in junctions {
            #expect(line.contains("width=\"10\" height=\"10\" rx=\"5\""))
            #expect(!line.contains("<text"))
            #expect(line.contains("aria-label=\"unnamed node"))
        }
        #expect(junctions.filter { $0.contains("class=\"node junction critical\"") }.count == 1)
        #expect(svg.contains(".schematic .node.junction.normal rect{fill:#aaaaaa}") && svg.contains(".schematic .node.junction.normal rect{fill:var(--schematic-connector)}"))
        #expect(svg.contains("<title id=\"schematic-"), "the drawing keeps a title")
        #expect(svg.contains(">(Lemur catta … Macaca mulatta)</title>"), "an unnamed root is named by its outer leaves")
        var dark = Diagram.RenderOptions()
        dark.theme = .dark
        let darkSVG = String(decoding: try diagram.rendered(dark), as: UTF8.self)
        #expect(darkSVG.contains(".schematic .node.junction.normal rect{fill:#6b6f76}"))

        // Drawings without junctions carry no junction style.
        var named = Tree()
        named.addNode(label: "Root")
        let plain = String(decoding: try Diagram(tree: named).rendered(.init(format: .svg)), as: UTF8.self)
        #expect(!plain.contains("junction"))
    }

    @Test func focusScalesAJunctionLikeAnyNode() throws {
        var options = DiagramOptions()
        options.effects = [.focus(node: "Hominoidea", scale: 2)]
        let diagram = try Diagram(tree: Self.phylogeny, options: options)
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        #expect(svg.split(separator: "\n").filter { $0.contains("class=\"node junction") }.count == 6)
    }

    /// A folder, drawn "src/", is found by its name as given: `--focus src`.
    @Test func focusFindsAFolderByItsName() throws {
        var tree = Tree()
        let root = tree.addNode(label: "project")
        tree.addNode(label: "src/", parent: root)
        var options = DiagramOptions()
        options.effects = [.focus(node: "src", scale: 2)]
        let focused = try Diagram(tree: tree, options: options)
        let plain = try Diagram(tree: tree)
        let path = IndexPath(item: 0, section: 1)
        let scaled = try #require(focused.layout.layoutAttributesForItem(at: path)?.transform)
        #expect(scaled != plain.layout.layoutAttributesForItem(at: path)?.transform)
        options.effects = [.focus(node: "lib", scale: 2)]
        #expect(throws: DiagramError.self) { try Diagram(tree: tree, options: options) }
        // A tab-completed name finds a listing's folder written without its "/".
        var listing = Tree()
        listing.addNode(label: "src", parent: listing.addNode(label: "project"))
        options.effects = [.focus(node: "src/", scale: 2)]
        let fromListing = try Diagram(tree: listing, options: options)
        let unfocused = try Diagram(tree: listing)
        #expect(fromListing.layout.layoutAttributesForItem(at: path)?.transform != unfocused.layout.layoutAttributesForItem(at: path)?.transform)
        options.effects = [.focus(node: "/", scale: 2)]
        #expect(throws: DiagramError.self) { try Diagram(tree: listing, options: options) }
    }

    @Test func dotDrawsJunctionsAsPoints() throws {
        let diagram = try Diagram(tree: Self.phylogeny)
        for mode in DOTRenderer.Mode.allCases {
            let dot = String(decoding: try diagram.rendered(.init(format: .dot, dotMode: mode)), as: UTF8.self)
            let points = dot.split(separator: "\n").filter { $0.contains("shape=point") }
            #expect(points.count == 6, "\(mode)")
            for line in points {
                #expect(line.contains("label=\"\", width=0.1389, height=0.1389"))
            }
            #expect(points.filter { $0.contains("fillcolor=\"#aaaaaa\"") }.count == 5)
            #expect(points.filter { $0.contains("fillcolor=\"#ff0000\"") }.count == 1)
        }
        // Graphviz draws the pinned DOT (PNG and PDF go this way).
        let png = try diagram.rendered(.init(format: .graphviz("png")))
        #expect(png.count > 1000)
    }

    @Test func jsonMarksJunctions() throws {
        let diagram = try Diagram(tree: Self.phylogeny)
        let json = String(decoding: try diagram.rendered(.init(format: .json)), as: UTF8.self)
        #expect(json.components(separatedBy: "\"label\":\"\",\"type\":\"normal\",\"junction\":true").count - 1 == 5)
        #expect(json.components(separatedBy: "\"junction\":true").count - 1 == 6)
    }

    @Test func htmlPageKeepsJunctionsOutOfSearchAndReflow() throws {
        let diagram = try Diagram(tree: Self.phylogeny)
        // The page's label table holds nothing for a junction (search never finds it; it is drawn as a dot).
        let page = try HTMLPageTests.Page(diagram)
        let labels = page.arrays.labels
        #expect(labels.filter(\.isEmpty).count == 6)
        #expect(page.text.contains("ctx.arc("))
    }
}
