import CollectionLayout
import ExtrasBase64
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

    private var scopeName: String? {
        scopeID.map { String($0.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) }
    }

    /// The selector every style rule starts with.
    private var scope: String { scopeName.map { ".schematic:where(#\($0))" } ?? ".schematic" }

    /// The colours a theme sets as CSS custom properties (`--schematic-…`), which a site may override.
    private static let lightColors: [(String, String)] = [
        ("background", "#ffffff"), ("connector", "#aaaaaa"), ("header", "#555555"), ("band", "#f3f5f7"),
        ("normal-fill", "#aaaaaa"), ("normal-text", "#000000"), ("important-fill", "#ffff00"), ("important-text", "#000000"),
        ("critical-fill", "#ff0000"), ("critical-text", "#ffffff"),
    ]
    private static let darkColors: [(String, String)] = [
        ("background", "#1e1f22"), ("connector", "#6b6f76"), ("header", "#c9ccd1"), ("band", "#2a2c30"),
        ("normal-fill", "#4a4d52"), ("normal-text", "#f2f3f5"), ("important-fill", "#d4b500"), ("important-text", "#000000"),
        ("critical-fill", "#c62828"), ("critical-text", "#ffffff"),
    ]

    private func writeVariables(_ colors: [(String, String)], into output: inout OutputBuffer) {
        output.append(raw: scope)
        output.append("{")
        for (name, value) in colors {
            output.append("--schematic-")
            output.append(raw: name)
            output.append(":")
            output.append(raw: value)
            output.append(";")
        }
        output.append("}\n")
    }

    public func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        let size = layout.collectionViewContentSize
        // Ids unique to this drawing, so several can sit in one page; derived from the content
        // (FNV-1a of the title and size), so output stays deterministic.
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in "\(content.title)|\(size.width)|\(size.height)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        let prefix = "schematic-" + String(hash & 0xFFFFFFFF, radix: 16)
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
            output.append(" id=\"")
            output.append(raw: scopeName)
            output.append("\"")
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
        output.append("</desc>\n<style>\n")
        for font in embeddedFonts {
            output.append("@font-face{font-family:'")
            output.append(raw: cssSafe(font.name))
            output.append("';src:url(data:font/ttf;base64,")
            output.append(raw: Base64.encodeToString(bytes: font.data))
            output.append(") format('truetype')}\n")
        }
        switch theme {
        case .light: writeVariables(Self.lightColors, into: &output)
        case .dark: writeVariables(Self.darkColors, into: &output)
        case .auto:
            writeVariables(Self.lightColors, into: &output)
            output.append("@media (prefers-color-scheme: dark){")
            writeVariables(Self.darkColors, into: &output)
            output.append("}\n")
        }
        // Each colour is written plainly first: viewers without CSS custom properties keep it.
        let fallback = Dictionary(uniqueKeysWithValues: theme == .dark ? Self.darkColors : Self.lightColors)
        func color(_ property: StaticString, _ name: String, into output: inout OutputBuffer) {
            output.append(property)
            output.append(":")
            output.append(raw: fallback[name]!)
            output.append(";")
            output.append(property)
            output.append(":var(--schematic-")
            output.append(raw: name)
            output.append(")")
        }
        // Every rule is scoped to the drawing's root, so inline drawings on one page stay apart.
        func rule(_ selectors: String..., into output: inout OutputBuffer) {
            for (index, selector) in selectors.enumerated() {
                if index > 0 { output.append(",") }
                output.append(raw: scope)
                output.append(" ")
                output.append(raw: selector)
            }
            output.append("{")
        }
        rule(".background", into: &output)
        color("fill", "background", into: &output)
        output.append("}\n")
        rule(".connector", into: &output)
        output.append("fill:none;stroke-linejoin:round;")
        color("stroke", "connector", into: &output)
        output.append(";stroke-width:2;stroke-linecap:round}\n")
        rule(".connector.extra", into: &output)
        output.append("stroke-dasharray:6 5}\n")
        rule(".node text", into: &output)
        writeFont(into: &output)
        output.append(";text-anchor:middle;dominant-baseline:central;white-space:pre}\n")
        for type in NodeType.allCases {
            rule(".node." + type.description + " rect", into: &output)
            color("fill", type.description + "-fill", into: &output)
            output.append("}\n")
            rule(".node." + type.description + " text", into: &output)
            color("fill", type.description + "-text", into: &output)
            output.append("}\n")
        }
        if content.hasJunctions {
            // Junctions (unnamed nodes) take the connectors' colour; important and critical ones keep theirs.
            rule(".node.junction.normal rect", into: &output)
            color("fill", "connector", into: &output)
            output.append("}\n")
        }
        rule(".band.even", into: &output)
        color("fill", "band", into: &output)
        output.append("}\n")
        rule(".band.odd", into: &output)
        output.append("fill:none}\n")
        rule(".depth-header", into: &output)
        writeFont(into: &output)
        output.append(";font-weight:bold;")
        color("fill", "header", into: &output)
        output.append(";text-anchor:middle;dominant-baseline:central}\n")
        rule("rect.section-header", "rect.section-footer", into: &output)
        color("fill", "band", into: &output)
        output.append("}\n")
        rule("text.section-header", "text.section-footer", into: &output)
        writeFont(into: &output)
        output.append(";")
        color("fill", "header", into: &output)
        output.append(";")
        color("stroke", "band", into: &output)
        output.append(";stroke-width:6px;stroke-linejoin:round;paint-order:stroke;dominant-baseline:central}\n")
        rule("text.section-header", into: &output)
        output.append("font-weight:bold}\n")
        output.append("</style>\n<rect class=\"background\" width=\"100%\" height=\"100%\"/>\n")

        // Bars lie behind connectors; their titles are written last, over the lines, each with
        // a halo of the bar's colour so that a line passing behind it does not strike it through.
        var barTitles: [LayoutAttributes] = []
        layout.enumerateAllElementsInDrawingOrder { attributes in
            guard !attributes.isHidden else { return }
            switch attributes.representedElementCategory {
            case .cell:
                writeCell(attributes, content: content, into: &output)
            case .supplementaryView:
                if let connector = attributes.connector {
                    writeConnector(attributes, connector, into: &output)
                } else if attributes.representedElementKind == .header || attributes.representedElementKind == .footer {
                    writeSectionBar(attributes, into: &output)
                    if attributes.text != nil { barTitles.append(attributes) }
                }
            case .decorationView:
                writeDecoration(attributes, into: &output)
            }
        }
        for attributes in barTitles { writeSectionTitle(attributes, into: &output) }
        output.append("</svg>\n")
    }

    private func writeFont(into output: inout OutputBuffer) {
        output.append("font-family:")
        output.append(raw: cssFontFamily)
        output.append(";font-size:")
        output.append(fontSize)
        output.append("px")
    }

    private var cssFontFamily: String {
        (embeddedFonts.map { "'" + cssSafe($0.name) + "'" } + ["'" + cssSafe(fontFamily) + "'", "sans-serif"]).joined(separator: ",")
    }

    /// A name that cannot end a CSS string or the style element.
    private func cssSafe(_ name: String) -> String {
        name.filter { $0 != "'" && $0 != "\\" && $0 != "<" && $0 != "&" && $0 != "\n" }
    }

    private func writeCommonAttributes(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
        if attributes.alpha < 1 {
            output.append(" opacity=\"")
            output.append(max(0, attributes.alpha))
            output.append("\"")
        }
        if attributes.hasTransform {
            let t = attributes.transform
            let center = attributes.center
            output.append(" transform=\"translate(")
            output.append(center.x)
            output.append(" ")
            output.append(center.y)
            output.append(") matrix(")
            for (index, value) in [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42].enumerated() {
                if index > 0 { output.append(" ") }
                output.append(value)
            }
            output.append(") translate(")
            output.append(-center.x)
            output.append(" ")
            output.append(-center.y)
            output.append(")\"")
        }
    }

    private func writeConnector(_ attributes: LayoutAttributes, _ connector: ConnectorAttributes, into output: inout OutputBuffer) {
        var count = 0
        if !connector.isCurved { connector.forEachPolylinePoint { _ in count += 1 } }
        if count == 2 {
            output.append(attributes.indexPath.subitem == 0 ? "<line class=\"connector\" x1=\"" : "<line class=\"connector extra\" x1=\"")
            output.append(connector.start.x)
            output.append("\" y1=\"")
            output.append(connector.start.y)
            output.append("\" x2=\"")
            output.append(connector.end.x)
            output.append("\" y2=\"")
            output.append(connector.end.y)
            output.append("\"")
        } else if connector.isCurved {
            output.append(attributes.indexPath.subitem == 0 ? "<path class=\"connector\" d=\"M" : "<path class=\"connector extra\" d=\"M")
            for (index, point) in connector.path.enumerated() {
                if index > 0 { output.append((index - 1) % 3 == 0 ? " C" : " ") }
                output.append(point.x)
                output.append(" ")
                output.append(point.y)
            }
            output.append("\"")
        } else {
            output.append(attributes.indexPath.subitem == 0 ? "<path class=\"connector\" d=\"" : "<path class=\"connector extra\" d=\"")
            var first = true
            connector.forEachPolylinePoint { point in
                output.append(first ? "M" : " L")
                first = false
                output.append(point.x)
                output.append(" ")
                output.append(point.y)
            }
            output.append("\"")
        }
        if interactive {
            output.append(" data-child=\"")
            output.append(attributes.indexPath.section)
            output.append(",")
            output.append(attributes.indexPath.item)
            output.append("\" data-parent=\"")
            output.append(connector.parentIndexPath.section)
            output.append(",")
            output.append(connector.parentIndexPath.item)
            output.append("\"")
        }
        writeCommonAttributes(attributes, into: &output)
        output.append("/>\n")
    }

    /// ` x="…" y="…" width="…" height="…"` of a rectangle.
    private func writeGeometry(of frame: Rect, into output: inout OutputBuffer) {
        output.append(" x=\"")
        output.append(frame.minX)
        output.append("\" y=\"")
        output.append(frame.minY)
        output.append("\" width=\"")
        output.append(frame.width)
        output.append("\" height=\"")
        output.append(frame.height)
        output.append("\"")
    }

    /// A flow's or grid's section header or footer: a bar with its title (or item count), the
    /// text turned upright along a bar that is taller than wide.
    private func writeSectionBar(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
        output.append(attributes.representedElementKind == .header ? "<rect class=\"section-header\"" : "<rect class=\"section-footer\"")
        writeGeometry(of: attributes.frame, into: &output)
        writeCommonAttributes(attributes, into: &output)
        output.append("/>\n")
    }

    /// A bar's title, turned upright along a bar that is taller than wide.
    private func writeSectionTitle(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
        guard let text = attributes.text else { return }
        let frame = attributes.frame
        output.append(attributes.representedElementKind == .header ? "<text class=\"section-header\"" : "<text class=\"section-footer\"")
        if frame.height > frame.width {
            output.append(" text-anchor=\"middle\" x=\"")
            output.append(frame.midX)
            output.append("\" y=\"")
            output.append(frame.midY)
            output.append("\" transform=\"rotate(-90 ")
            output.append(frame.midX)
            output.append(" ")
            output.append(frame.midY)
            output.append(")\"")
        } else {
            output.append(" x=\"")
            output.append(frame.minX + 10)
            output.append("\" y=\"")
            output.append(frame.midY)
            output.append("\"")
        }
        if attributes.alpha < 1 {
            output.append(" opacity=\"")
            output.append(max(0, attributes.alpha))
            output.append("\"")
        }
        output.append(">")
        output.appendXMLEscaped(text)
        output.append("</text>\n")
    }

    /// Section bands (alternating) and section headers.
    private func writeDecoration(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
        let frame = attributes.frame
        if attributes.representedElementKind == .band {
            output.append(attributes.indexPath.section % 2 == 0 ? "<rect class=\"band even\"" : "<rect class=\"band odd\"")
            writeGeometry(of: frame, into: &output)
            writeCommonAttributes(attributes, into: &output)
            output.append("/>\n")
        } else if let text = attributes.text {
            output.append("<text class=\"depth-header\" x=\"")
            output.append(frame.midX)
            output.append("\" y=\"")
            output.append(frame.midY)
            output.append("\"")
            writeCommonAttributes(attributes, into: &output)
            output.append(">")
            output.appendXMLEscaped(text)
            output.append("</text>\n")
        }
    }

    private func writeCell(_ attributes: LayoutAttributes, content: any DiagramContent, into output: inout OutputBuffer) {
        let frame = attributes.frame
        let extra = content.attributes(at: attributes.indexPath)
        let isJunction = content.isJunction(at: attributes.indexPath)
        if let url = extra?.url {
            output.append("<a href=\"")
            output.appendXMLEscaped(url)
            output.append("\">")
        }
        output.append(isJunction ? "<g class=\"node junction " : "<g class=\"node ")
        output.append(raw: content.type(at: attributes.indexPath).description)
        if let classes = extra?.cssClass {
            output.append(" ")
            output.appendXMLEscaped(classes)
        }
        output.append("\"")
        if let id = content.id(at: attributes.indexPath) {
            output.append(" id=\"")
            output.appendXMLEscaped(Self.elementID(id))
            output.append("\"")
        }
        if interactive {
            output.append(" data-section=\"")
            output.append(attributes.indexPath.section)
            output.append("\" data-item=\"")
            output.append(attributes.indexPath.item)
            output.append("\" tabindex=\"0\"")
        }
        output.append(" role=\"listitem\" aria-label=\"")
        if isJunction {
            output.append("unnamed node")
        } else {
            output.appendXMLEscaped(content.label(at: attributes.indexPath))
        }
        if content.type(at: attributes.indexPath) != .normal {
            output.append(", ")
            output.append(raw: content.type(at: attributes.indexPath).description)
        }
        output.append("\"")
        writeCommonAttributes(attributes, into: &output)
        output.append(">")
        if let tooltip = extra?.tooltip {
            output.append("<title>")
            output.appendXMLEscaped(tooltip)
            output.append("</title>")
        }
        output.append("<rect")
        if isJunction {
            // A dot: the largest circle the frame holds (the frame is a square unless a layout
            // fixes one side, as masonry's columns do), so connectors reach it at the frame's edge.
            let side = min(frame.width, frame.height)
            writeGeometry(of: Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side), into: &output)
            output.append(" rx=\"")
            output.append(side / 2)
        } else {
            writeGeometry(of: frame, into: &output)
            output.append(" rx=\"")
            output.append(cornerRadius)
        }
        output.append("\"")
        if let fill = extra?.fill {
            output.append(" style=\"fill:")
            output.appendXMLEscaped(fill)
            output.append("\"")
        }
        if isJunction {
            output.append(extra?.url == nil ? "/></g>\n" : "/></g></a>\n")
            return
        }
        output.append("/><text x=\"")
        output.append(frame.midX)
        output.append("\" y=\"")
        output.append(frame.midY)
        output.append("\"")
        if let color = extra?.color {
            output.append(" style=\"fill:")
            output.appendXMLEscaped(color)
            output.append("\"")
        }
        output.append(">")
        let label = content.label(at: attributes.indexPath)
        if let lines = content.wrappedLines(at: attributes.indexPath) ?? (label.utf8.contains(0x0A) ? content.lines(at: attributes.indexPath) : nil) {
            let lineHeight = self.lineHeight ?? fontSize * 1.2
            for (index, line) in lines.enumerated() {
                output.append("<tspan x=\"")
                output.append(frame.midX)
                output.append("\" y=\"")
                output.append(frame.midY + (Double(index) - Double(lines.count - 1) / 2) * lineHeight)
                output.append("\">")
                output.appendXMLEscaped(line)
                output.append("</tspan>")
            }
        } else {
            output.appendXMLEscaped(label)
        }
        output.append(extra?.url == nil ? "</text></g>\n" : "</text></g></a>\n")
    }
}
