import CollectionLayout
import Hierarchy

/// Writes a layout as a self-contained SVG document: cells as rounded boxes with their labels,
/// junctions (nodes with an empty label) as dots in the connectors' colour, connectors as the
/// talk's straight lines. Every node carries CSS classes (`node`, its type,
/// and the category) so a documentation site can restyle the drawing.
public struct SVGRenderer: Sendable {
    /// The font named first in `font-family`; it should be the one that measured the labels.
    public var fontFamily = "DejaVu Sans"
    /// The label size in pixels.
    public var fontSize = 14.0
    /// Distance between the baselines of a label's lines; nil uses 1.2 times the font size.
    public var lineHeight: Double?
    /// Corner radius of node boxes.
    public var cornerRadius = 6.0
    /// Font subsets embedded as `@font-face` rules and named first, so every viewer draws
    /// the glyphs that were measured.
    public var embeddedFonts: [EmbeddedFont] = []
    /// Marks elements for the interactive HTML page: each node gets `data-section`/`data-item`
    /// and `tabindex`, each connector the index paths it joins.
    public var interactive = false
    /// Odd depths are shaded (`depthsShareColumns`): set for each drawing as it is written.
    var shadesDepths = true
    /// How the elements are handed to threads (tests write with one thread to compare).
    var elementWriter = ParallelElementWriter()

    public init() {}

    /// The `id` attribute a node's id is written as: the id itself, unless it begins with
    /// `schematic-` (the prefix of every id Schematic writes itself, in the SVG and the HTML
    /// page) or `id-`, which then get `id-` put before them. Distinct node ids stay distinct,
    /// and none can equal one of ours.
    public static func elementID(_ id: String) -> String {
        id.hasPrefix("schematic-") || id.hasPrefix("id-") ? "id-" + id : id
    }

    /// Colour scheme: `light`, `dark`, or `auto` (light, dark when the reader prefers it).
    public enum Theme: String, CaseIterable, Sendable {
        case light, dark, auto
    }

    /// The colour scheme.
    public var theme = Theme.light

    /// An id for the root `<svg>` under which every style rule is scoped (as
    /// `.schematic:where(#id)`, which keeps the rules' specificity), so drawings inlined in one
    /// HTML page keep their own themes; nil writes rules for any `.schematic`, as a standalone
    /// file needs. Only ASCII letters, digits, `-` and `_` are kept; it should start with a letter.
    public var scopeID: String?

    /// Writes the whole SVG document for the laid-out elements, in drawing order.
    public func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        let size = layout.collectionViewContentSize
        // Ids unique to this drawing, so several can sit in one page; derived from the content
        // (FNV-1a of the title and size), so output stays deterministic.
        // A scoped drawing's own id serves: the page made it unique (two drawings of one tree
        // in one page had one title id, and the second was announced by the first's title).
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in "\(content.title)|\(size.width)|\(size.height)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        let prefix = scopeName ?? "schematic-" + String(hash & 0xFFFFFFFF, radix: 16)
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        output.append(size.width)
        output.append("\" height=\"")
        output.append(size.height)
        output.append("\" viewBox=\"0 0 ")
        output.append(size.width)
        output.append(" ")
        output.append(size.height)
        output.append("\" role=\"img\" class=\"schematic\"")
        if let scopeName {
            // Inlined in a page: no wider than its column (the page scrolled sideways), as an <img> is kept.
            output.append(" id=\"")
            output.append(raw: scopeName)
            output.append("\" style=\"max-width:100%;height:auto\"")
        }
        output.append(" aria-labelledby=\"")
        output.append(raw: prefix)
        output.append("-title ")
        output.append(raw: prefix)
        output.append("-desc\">\n<title id=\"")
        output.append(raw: prefix)
        output.append("-title\">")
        output.appendXMLEscaped(content.title)
        output.append("</title>\n<desc id=\"")
        output.append(raw: prefix)
        output.append("-desc\">")
        output.appendXMLEscaped(content.summary)
        output.append("</desc>\n")
        writeStyleSheet(hasJunctions: content.hasJunctions, hasCutNodes: content.hasCutNodes, into: &output)
        output.append("<rect class=\"background\" width=\"100%\" height=\"100%\"/>\n")

        // Bars lie behind connectors; their titles are written last, over the lines, each with
        // a halo of the bar's colour so that a line passing behind it does not strike it through.
        var barTitles: [LayoutAttributes] = []
        var shaded = self
        shaded.shadesDepths = layout.depthsShareColumns()
        let renderer = shaded
        elementWriter.write(layout.enumerateAllElementsInDrawingOrder, keep: { attributes in
            guard !attributes.isHidden else { return false }
            if attributes.representedElementCategory == .supplementaryView, attributes.connector == nil,
               attributes.representedElementKind == .header || attributes.representedElementKind == .footer,
               attributes.text != nil {
                barTitles.append(attributes)
            }
            return true
        }, into: &output) { attributes, _, output in
            renderer.writeElement(attributes, content: content, into: &output)
        }
        for attributes in barTitles { writeSectionTitle(attributes, into: &output) }
        output.append("</svg>\n")
    }

    /// One element of the drawing (a section bar's title is written later, over the lines).
    func writeElement(_ attributes: LayoutAttributes, content: any DiagramContent, into output: inout OutputBuffer) {
        switch attributes.representedElementCategory {
        case .cell:
            writeCell(attributes, content: content, into: &output)
        case .supplementaryView:
            if let connector = attributes.connector {
                writeConnector(attributes, connector, into: &output)
            } else if attributes.representedElementKind == .header || attributes.representedElementKind == .footer {
                writeSectionBar(attributes, into: &output)
            }
        case .decorationView:
            writeDecoration(attributes, into: &output)
        }
    }
}
