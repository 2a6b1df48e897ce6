import Graphviz
import LabelMetrics
import StandardLayouts

/// How nodes get their size.
public enum NodeSizing: Hashable, Sendable {
    /// Every node has the configuration's estimated size (the talk's fixed `nodeSize`).
    case fixed
    /// Every node fits its label, measured in a real font.
    case fit(LabelStyle)
}

/// Which layout places the nodes: the talk's schematic layout, or one of the seeds' others.
public enum DiagramLayout: Hashable, Sendable {
    /// Sections as columns, connectors between them (`DiagramOptions.configuration` applies).
    case schematic
    /// `UICollectionViewFlowLayout`'s lines, wrapping.
    case flow(FlowLayoutConfiguration)
    /// Recipe 10-8's grid: one row per depth.
    case grid(GridLayoutConfiguration)
    /// A radial tree: one ring per depth.
    case circle(CircleLayoutConfiguration)
    /// The Pinterest tutorial's columns.
    case masonry(MasonryLayoutConfiguration)
}

/// An effect on the drawn cells, naming its node as a user would.
public enum DiagramEffect: Hashable, Sendable {
    /// Enlarges the node with this id or, failing that, the first with this label, and draws it on top.
    case focus(node: String, scale: Double)
    /// Shrinks and fades nodes by their distance from a point (recipe 10-4).
    case fisheye(center: Point, radius: Double?)
}

/// Everything that decides a drawing besides the tree.
public struct DiagramOptions: Hashable, Sendable {
    /// The layout (`schematic` unless set).
    public var layout = DiagramLayout.schematic
    /// Effects applied to the cells after layout.
    public var effects: [DiagramEffect] = []
    /// Spacing, the estimated node size, the alignment and wrapping (`.standard` unless set).
    public var configuration = SchematicLayoutConfiguration.standard
    /// Fixed sizes or sizes fitted to the labels.
    public var sizing = NodeSizing.fit(LabelStyle())
    /// Self-size viewport by viewport, scrolling over the content as a collection view does,
    /// instead of the whole document at once; the result is the same.
    public var viewport: Size?
    /// Additional parents that skip levels: an error, or left out.
    public var misplacedParents = SectionedTree.MisplacedParentPolicy.reject

    public init() {}
}

/// Why a drawing could not be made.
public enum DiagramError: Error, Equatable, Sendable, CustomStringConvertible {
    case hierarchy(HierarchyError)
    case font(FontError)
    case graphviz(GraphvizError)
    /// An effect names a node the tree does not have.
    case unknownNode(String)
    /// Two nodes have the same id (the labels of both).
    case duplicateID(id: String, firstLabel: String, secondLabel: String)

    public var description: String {
        switch self {
        case .unknownNode(let name): "no node has the id or label \"\(name)\""
        case .hierarchy(let error): error.description
        case .font(let error): error.description
        case .graphviz(let error): "Graphviz: " + error.description
        case let .duplicateID(id, first, second):
            "the nodes '\(Self.quoted(first))' and '\(Self.quoted(second))' have the same id \"\(Self.quoted(id))\"; ids must be unique"
        }
    }

    /// A label fit for a one-line message: line breaks as `\n`, at most 60 characters.
    private static func quoted(_ text: String) -> String {
        if text.isEmpty { return "(unnamed)" }
        var flat = ""
        for character in text.prefix(61) { if character == "\n" { flat += "\\n" } else { flat.append(character) } }
        return flat.count <= 60 ? flat : String(flat.prefix(59)) + "…"
    }
}

/// The whole path from a hierarchy to a drawing: section the tree, lay it out through a
/// headless collection view whose cells self-size (through invalidation contexts), and render.
public struct Diagram {
    /// The data controller.
    public private(set) var dataController: SectionedTree
    /// The prepared layout, with any effects.
    public let layout: any CollectionViewLayout
    /// The schematic layout, when it is the one in use.
    public let schematicLayout: SchematicLayout?
    /// The spacing the schematic layout and the renderers use.
    public let configuration: SchematicLayoutConfiguration
    /// The options the diagram was made with.
    public let options: DiagramOptions
    /// The label sizing, when nodes fit their labels.
    public let labelSizing: LabelCellSizing?
    /// The headless collection view that drove the layout.
    public let collectionView: CollectionView
    /// How long sectioning, self-sizing and layout took.
    public private(set) var layoutDuration: Duration
    /// What a user should know about the drawing, one line each: characters no installed font
    /// has (drawn as empty boxes), a font family that is not installed.
    public private(set) var warnings: [String] = []

    /// Lays out a forest.
    public init(tree: Tree, options: DiagramOptions = .init()) throws(DiagramError) {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            dataController = try SectionedTree(tree, misplacedParents: options.misplacedParents)
        } catch {
            throw .hierarchy(error)
        }
        if let duplicate = Self.duplicateID(in: tree) { throw duplicate }
        var configuration = options.configuration
        if !configuration.depthLabels.isEmpty && configuration.orientation.isVertical {
            // Headers beside rows need the room of their longest title.
            var widest = 100.0
            if case .fit(let style) = options.sizing, let fonts = try? FontSet(family: style.fontFamily, size: style.fontSize) {
                let measurer = TextMeasurer(fonts: fonts)
                widest = configuration.depthLabels.map { measurer.width(of: Substring($0)) }.max() ?? widest
            }
            configuration.headerHeight = (widest * 1.15 + 16).rounded(.up)  // titles are bold
        }
        self.options = options
        self.configuration = configuration
        var style: LabelStyle?
        if case .fit(var fitStyle) = options.sizing {
            if case .masonry(let masonry) = options.layout {
                // Labels wrap to the column: the width is the layout's, the height the label's.
                fitStyle.maximumLabelWidth = max(1, masonry.itemWidth - 2 * fitStyle.horizontalPadding)
            }
            style = fitStyle
        }
        var placed: any CollectionViewLayout
        switch options.layout {
        case .schematic:
            let schematic = SchematicLayout(dataController: dataController, configuration: configuration)
            schematicLayout = schematic
            placed = schematic
        case .flow(let flow):
            schematicLayout = nil
            placed = FlowLayout(dataController: dataController, configuration: flow)
        case .grid(let grid):
            schematicLayout = nil
            placed = GridLayout(dataController: dataController, configuration: grid)
        case .circle(let circle):
            schematicLayout = nil
            placed = CircleLayout(dataController: dataController, configuration: circle)
        case .masonry(let masonry):
            schematicLayout = nil
            placed = MasonryLayout(dataController: dataController, configuration: masonry)
        }
        if !options.effects.isEmpty {
            var effects: [LayoutEffect] = []
            for effect in options.effects {
                switch effect {
                case .focus(let name, let scale):
                    guard let node = Self.node(named: name, in: dataController) else { throw .unknownNode(name) }
                    let position = dataController.position(ofNode: node)
                    effects.append(.focus(IndexPath(item: position.item, section: position.section), scale: scale))
                case .fisheye(let center, let radius):
                    effects.append(.fisheye(center: center, radius: radius))
                }
            }
            placed = EffectLayout(base: placed, effects: effects)
        }
        layout = placed
        collectionView = CollectionView(layout: layout, dataSource: SchematicDataSource(dataController))
        switch options.sizing {
        case .fixed:
            labelSizing = nil
            // Other layouts keep their configured item size, their estimate.
            let fixed: (any CellSizing)? = schematicLayout != nil ? FixedCellSizing(size: options.configuration.estimatedItemSize) : nil
            if dataController.hasJunctions {
                collectionView.cellSizing = JunctionCellSizing(dataController: dataController, base: fixed, junctionSize: LabelStyle().junctionSize)
            } else {
                collectionView.cellSizing = fixed
            }
        case .fit:
            let sizing: LabelCellSizing
            do {
                sizing = try LabelCellSizing(dataController: dataController, style: style!)
            } catch {
                throw .font(error)
            }
            if options.viewport == nil { sizing.prefetchAll() }
            labelSizing = sizing
            collectionView.cellSizing = sizing
        }
        layoutDuration = .zero
        if let viewport = options.viewport {
            collectionView.selfSizeByScrolling(viewport: viewport)
        } else {
            collectionView.layoutIfNeeded()
        }
        layoutDuration = clock.now - started
        if let fonts = labelSizing?.fonts {
            if let substitution = fonts.substitution { warnings.append(substitution) }
            if let missing = FontPackages.missingGlyphsMessage(fonts.missingCharacters) { warnings.append(missing) }
        }
        if let large = Self.largeDrawingMessage(collectionView.contentSize) { warnings.append(large) }
    }

    /// Drawings longer than this in either direction cannot be followed on a screen or a page.
    public static let largestReadableSide = 20_000.0

    /// The warning for a drawing too large to read, or nil.
    static func largeDrawingMessage(_ size: Size) -> String? {
        guard max(size.width, size.height) > largestReadableSide else { return nil }
        return "the drawing is \(Int(size.width.rounded()))×\(Int(size.height.rounded())) px, more than \(Int(largestReadableSide)) px across: "
            + "show fewer levels (--max-depth), wrap wide fans (--wrap N) or write the HTML page (--format html)"
    }

    /// Two nodes with one id, the first pair in node order: their drawing would repeat an
    /// element id (readers refuse them with their places; this guards trees built otherwise).
    private static func duplicateID(in tree: Tree) -> DiagramError? {
        guard !tree.ids.isEmpty else { return nil }
        var firstNode: [String: Int] = [:]
        firstNode.reserveCapacity(tree.ids.count)
        for node in 0..<tree.count {
            guard let id = tree.id(of: node) else { continue }
            if let first = firstNode.updateValue(node, forKey: id) {
                return .duplicateID(id: id, firstLabel: tree.labels[first], secondLabel: tree.labels[node])
            }
        }
        return nil
    }

    /// Lays out a forest with fixed node sizes.
    public init(tree: Tree, configuration: SchematicLayoutConfiguration) throws(DiagramError) {
        var options = DiagramOptions()
        options.configuration = configuration
        options.sizing = .fixed
        try self.init(tree: tree, options: options)
    }

    /// The node with this id, else the first node (in breadth-first order) with this label.
    private static func node(named name: String, in dataController: SectionedTree) -> Int? {
        for item in 0..<dataController.numberOfItems {
            let node = Int(dataController.nodeOfItem[item])
            let position = dataController.position(ofNode: node)
            if dataController.id(at: IndexPath(item: position.item, section: position.section)) == name { return node }
        }
        for item in 0..<dataController.numberOfItems where dataController.label(ofItem: item) == name {
            return Int(dataController.nodeOfItem[item])
        }
        return nil
    }

    /// Changes a node's label, live: its cell measures itself again and, if its size changed,
    /// the layout answers with a targeted invalidation context (this column's items, the
    /// connectors around it, later columns moved), which is applied and returned.
    @discardableResult
    public mutating func setLabel(_ label: String, ofNode node: Int) -> LayoutInvalidationContext? {
        dataController.setLabel(label, ofNode: node)
        let item = Int(dataController.itemOfNode[node])
        labelSizing?.setLabel(label, ofItem: item)
        let position = dataController.position(ofNode: node)
        guard let original = layout.layoutAttributesForItem(at: IndexPath(item: position.item, section: position.section)),
              let sizing = collectionView.cellSizing else { return nil }
        let preferred = sizing.preferredLayoutAttributesFitting(original)
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return nil }
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        layout.invalidateLayout(with: context)
        layout.prepare()
        return context
    }

    /// Options for the renderers.
    public struct RenderOptions: Sendable {
        public var format: OutputFormat = .svg
        public var dotMode: DOTRenderer.Mode = .pinned
        /// Embed subsets of the measuring fonts in SVG output.
        public var embedFonts = false
        /// The SVG colour scheme.
        public var theme = SVGRenderer.Theme.light
        /// SVG: an id on the root under which the styles (and embedded font names) are scoped,
        /// for drawings inlined in one HTML page (`SVGRenderer.scopeID`).
        public var scopeID: String?
        /// Bitmaps drawn by Graphviz (PNG, …): pixels per point, 1 being 72 dpi; 2 draws
        /// twice as many pixels each way for high-density screens.
        public var bitmapScale = 1.0
        /// SVG: each node and connector carries its index paths (`SVGRenderer.interactive`),
        /// as the pages that animate changes need.
        public var interactive = false
        /// HTML: the page opens with the nodes at this depth and deeper collapsed (0 is the roots).
        public var collapseDepth: Int?
        public init(format: OutputFormat = .svg, dotMode: DOTRenderer.Mode = .pinned, embedFonts: Bool = false) {
            self.format = format
            self.dotMode = dotMode
            self.embedFonts = embedFonts
        }
    }

    /// What the renderers draw in the cells: labels, types, and the measured lines.
    private var content: any DiagramContent {
        guard let labelSizing else { return dataController }
        return MeasuredContent(dataController: dataController, sizing: labelSizing)
    }

    /// Renders the drawing, handing the bytes to `sink` in chunks.
    public func render(_ options: RenderOptions, sink: @escaping ([UInt8]) -> Void) throws(DiagramError) {
        var output = OutputBuffer(sink: sink)
        let fonts = labelSizing?.fonts
        switch options.format {
        case .html:
            var renderer = HTMLRenderer()
            renderer.svg.theme = options.theme
            if let fonts {
                renderer.svg.fontFamily = fonts.family
                renderer.svg.fontSize = fonts.size
                renderer.svg.lineHeight = fonts.lineHeight
            }
            // The schematic layout's page places the tree again when a subtree collapses: it
            // needs the layout's settings. Effects (transforms) keep the SVG page.
            if schematicLayout != nil && self.options.effects.isEmpty {
                var page = SchematicPageOptions()
                page.orientation = configuration.orientation.rawValue
                page.alignment = configuration.alignment.rawValue
                switch configuration.wrap {
                case .off: page.wrap = -1
                case .auto: page.wrap = 0
                case .limit(let limit): page.wrap = limit
                }
                page.connectorStyle = configuration.connectorStyle.rawValue
                page.itemPadding = configuration.itemPadding
                page.sectionPadding = configuration.sectionPadding
                page.sectionMargin = configuration.sectionMargin
                page.headerInset = configuration.depthLabels.isEmpty ? 0 : configuration.headerHeight
                page.depthLabels = configuration.depthLabels
                page.showsBands = configuration.showsBands
                page.collapseDepth = options.collapseDepth
                renderer.schematic = page
            }
            renderer.render(layout, content: content, into: &output)
        case .svg:
            var renderer = SVGRenderer()
            renderer.theme = options.theme
            renderer.scopeID = options.scopeID
            renderer.interactive = options.interactive
            if let fonts {
                renderer.fontFamily = fonts.family
                renderer.fontSize = fonts.size
                renderer.lineHeight = fonts.lineHeight
                if options.embedFonts {
                    let labels = (0..<dataController.numberOfItems).lazy.map { dataController.label(ofItem: $0) }
                    do {
                        renderer.embeddedFonts = try fonts.subsets(for: labels).enumerated().map { index, subset in
                            EmbeddedFont(name: "Schematic \(options.scopeID.map { $0 + " " } ?? "")\(index) \(subset.family)", data: subset.data)
                        }
                    } catch {
                        throw .font(error)
                    }
                }
            }
            renderer.render(layout, content: content, into: &output)
        case .json:
            let font = fonts.map { FontDescription(family: $0.family, file: $0.file, size: $0.size, lineHeight: $0.lineHeight) }
            AttributesJSONRenderer(font: font).render(layout, content: content, into: &output)
        case .dot:
            dotRenderer(mode: options.dotMode).render(layout, content: content, into: &output)
        case .graphviz(let format):
            // Our layout, pinned, drawn by Graphviz's renderers (`nop2` keeps node and edge positions).
            // A bitmap too large for cairo is scaled down with Graphviz's `size`, or refused.
            var graphAttributes: [(name: String, value: String)] = []
            if let fit = bitmapFit(format: format, scale: options.bitmapScale) {
                if fit.isTooLarge { throw .graphviz(fit.refusal(format: format)) }
                if let dpi = fit.dpiAttribute { graphAttributes.append(("dpi", dpi)) }
                if fit.isScaled { graphAttributes.append(("size", fit.sizeAttribute)) }
            }
            if let refusal = vectorPageRefusal(format: format) { throw .graphviz(refusal) }
            let collected = ByteCollector()
            var dot = OutputBuffer { collected.bytes.append(contentsOf: $0) }
            dotRenderer(mode: .pinned).render(layout, content: content, into: &dot)
            dot.finish()
            do {
                output.append(bytes: try Graphviz.render(collected.bytes, engine: "nop2", format: format, graphAttributes: graphAttributes))
            } catch {
                throw .graphviz(error)
            }
        }
        output.finish()
    }

    /// A DOT renderer with this diagram's font and spacing.
    public func dotRenderer(mode: DOTRenderer.Mode) -> DOTRenderer {
        var renderer = DOTRenderer(mode: mode)
        if let fonts = labelSizing?.fonts {
            renderer.fontFamily = fonts.family
            renderer.fontSize = fonts.size
        }
        renderer.nodeSeparation = configuration.itemPadding
        renderer.rankSeparation = configuration.sectionPadding
        renderer.rankDirection = configuration.orientation.rawValue.uppercased()
        renderer.pad = min(configuration.sectionMargin, configuration.itemPadding / 2)
        return renderer
    }

    /// Renders the drawing into memory.
    public func rendered(_ options: RenderOptions) throws(DiagramError) -> [UInt8] {
        let collected = ByteCollector()
        try render(options) { collected.bytes.append(contentsOf: $0) }
        return collected.bytes
    }
}

/// Labels with the lines measurement wrapped them into.
private struct MeasuredContent: DiagramContent {
    let dataController: SectionedTree
    let sizing: LabelCellSizing

    var title: String { dataController.title }
    var summary: String { dataController.summary }
    func label(at indexPath: IndexPath) -> String { dataController.label(at: indexPath) }
    func type(at indexPath: IndexPath) -> NodeType { dataController.type(at: indexPath) }
    func id(at indexPath: IndexPath) -> String? { dataController.id(at: indexPath) }
    func attributes(at indexPath: IndexPath) -> NodeAttributes? { dataController.attributes(at: indexPath) }
    var hasJunctions: Bool { dataController.hasJunctions }
    func wrappedLines(at indexPath: IndexPath) -> [String]? {
        sizing.lines(ofItem: dataController.globalItem(section: indexPath.section, item: indexPath.item))
    }
}

private final class ByteCollector {
    var bytes: [UInt8] = []
}
