import Graphviz

extension Diagram {
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
    var content: any DiagramContent {
        guard let labelSizing else {
            return fittedLines.isEmpty ? dataController : MeasuredContent(dataController: dataController, wrappedLines: fittedLines)
        }
        return MeasuredContent(dataController: dataController, wrappedLines: labelSizing.wrappedLines, carriesCountLines: true,
                               blockWidths: labelSizing.blockWidths)
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
            if let schematicLayout, self.options.effects.isEmpty {
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
                page.nestsFolders = configuration.nestsFolders
                page.columnLefts = schematicLayout.columnLefts
                page.columnWidths = schematicLayout.columnWidths
                page.laneRooms = schematicLayout.additionalLaneRooms
                page.rootBlocks = schematicLayout.rootBlocks.map { .init(first: $0.first, count: $0.count, columnStarts: $0.columnStarts) }
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
            var renderer = dotRenderer(mode: options.dotMode)
            renderer.theme = options.theme
            renderer.render(layout, content: content, into: &output)
        case .graphviz(let format):
            // Our layout, pinned, drawn by Graphviz's renderers (`nop2` keeps node and edge positions).
            // A bitmap too large for cairo is scaled down with Graphviz's `size`, or refused.
            // No page margin: Graphviz gives PDF and PostScript pages half an inch all round, so
            // a PDF was 72 pt broader and taller than the same drawing's SVG and PNG.
            var graphAttributes: [(name: String, value: String)] = [("margin", "0")]
            if let fit = bitmapFit(format: format, scale: options.bitmapScale) {
                if fit.isTooLarge { throw .graphviz(fit.refusal(format: format)) }
                if let dpi = fit.dpiAttribute { graphAttributes.append(("dpi", dpi)) }
                if fit.isScaled { graphAttributes.append(("size", fit.sizeAttribute)) }
            }
            if let refusal = vectorPageRefusal(format: format) { throw .graphviz(refusal) }
            let collected = ByteCollector()
            var dot = OutputBuffer { collected.bytes.append(contentsOf: $0) }
            var renderer = dotRenderer(mode: .pinned)
            renderer.theme = options.theme
            renderer.render(layout, content: content, into: &dot)
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
        // The schematic layout's margins: `sectionMargin` before the first column and after the
        // last, half the item padding above and below; other layouts keep `sectionMargin` all round.
        if schematicLayout != nil {
            let margins = Size(width: configuration.sectionMargin, height: configuration.itemPadding / 2)
            renderer.pad = configuration.orientation.isVertical ? Size(width: margins.height, height: margins.width) : margins
        } else {
            renderer.pad = Size(width: configuration.sectionMargin, height: configuration.sectionMargin)
        }
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
struct MeasuredContent: DiagramContent {
    let dataController: SectionedTree
    /// The labels whose lines differ from their explicit line breaks, by global item.
    let wrappedLines: [Int: [String]]
    /// Whether a cut node's lines end with its count (`LabelCellSizing` measures one in).
    var carriesCountLines = false
    /// The text widths of labels drawn as left-aligned blocks, by global item.
    var blockWidths: [Int: Double] = [:]

    var title: String { dataController.title }
    var summary: String { dataController.summary }
    func label(at indexPath: IndexPath) -> String { dataController.label(at: indexPath) }
    func type(at indexPath: IndexPath) -> NodeType { dataController.type(at: indexPath) }
    func id(at indexPath: IndexPath) -> String? { dataController.id(at: indexPath) }
    func attributes(at indexPath: IndexPath) -> NodeAttributes? { dataController.attributes(at: indexPath) }
    var hasJunctions: Bool { dataController.hasJunctions }
    var hasCutNodes: Bool { dataController.hasCutNodes }
    func wrappedLines(at indexPath: IndexPath) -> [String]? {
        wrappedLines[dataController.globalItem(section: indexPath.section, item: indexPath.item)]
    }
    func blockWidth(at indexPath: IndexPath) -> Double? {
        blockWidths.isEmpty ? nil : blockWidths[dataController.globalItem(section: indexPath.section, item: indexPath.item)]
    }
    func countLine(at indexPath: IndexPath) -> String? {
        guard carriesCountLines, let line = dataController.attributes(at: indexPath)?.hiddenBelowLine,
              !dataController.label(at: indexPath).isEmpty else { return nil }
        return line
    }
}

/// Bytes gathered from an `OutputBuffer`, for output wanted in memory.
final class ByteCollector {
    var bytes: [UInt8] = []
}
