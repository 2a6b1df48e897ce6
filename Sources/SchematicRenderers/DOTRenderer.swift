import CollectionLayout
import Hierarchy

/// Writes a layout as Graphviz DOT. One layout unit is one point.
public struct DOTRenderer: Sendable {
    /// What the DOT file asks of Graphviz.
    public enum Mode: String, CaseIterable, Sendable {
        /// Our positions, pinned (`pos="x,y!"`, `fixedsize=true`, edges with their straight
        /// paths), so that `neato -n2` reproduces our drawing exactly.
        case pinned
        /// The plain tree (`rankdir=LR`, `ordering=out`, our node sizes and spacing) for
        /// Graphviz's own `dot` layout, to compare with.
        case layout
    }

    public var mode: Mode = .pinned
    /// The font the labels were measured in.
    public var fontFamily = "DejaVu Sans"
    /// The label size, in layout units (points here).
    public var fontSize = 14.0
    /// Gap between neighbours in a rank, for `layout` mode (our item padding).
    public var nodeSeparation = 40.0
    /// Gap between ranks, for `layout` mode (our section padding).
    public var rankSeparation = 60.0
    /// Graphviz's `rankdir` for `layout` mode: LR, RL, TB or BT.
    public var rankDirection = "LR"
    /// Space Graphviz's renderers leave around the drawing in `pinned` mode, in points, across
    /// and down (it crops to the nodes' bounding box, so our margins come back this way).
    public var pad = Size(width: 20, height: 20)
    /// The colour scheme, the SVG's colours (`auto` draws light: a PNG or PDF has no reader's
    /// preference to follow); dark adds the background.
    public var theme = SVGRenderer.Theme.light

    public init(mode: Mode = .pinned) { self.mode = mode }

    /// A pinned box's size and place, closing its attribute list: `, width=…, height=…, pos="x,y!"];`
    /// (inches and points, y up).
    private func writePinnedBox(_ frame: Rect, contentHeight: Double, into output: inout OutputBuffer) {
        output.append(", width=")
        output.append(inches: frame.width)
        output.append(", height=")
        output.append(inches: frame.height)
        output.append(", pos=\"")
        output.append(frame.midX)
        output.append(",")
        output.append(contentHeight - frame.midY)
        output.append("!\"];\n")
    }

    public func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        let size = layout.collectionViewContentSize
        let colors = Dictionary(uniqueKeysWithValues: theme == .dark ? SVGRenderer.darkColors : SVGRenderer.lightColors)
        func color(_ name: String) -> String { colors[name]! }
        output.append("digraph schematic {\n  graph [comment=\"")
        output.appendDOTEscaped(content.title)
        output.append("\", fontname=\"")
        output.appendDOTEscaped(fontFamily)
        output.append("\", fontsize=")
        output.append(fontSize)
        switch mode {
        case .pinned:
            output.append(", bb=\"0,0,")
            output.append(size.width)
            output.append(",")
            output.append(size.height)
            if theme == .dark {
                output.append("\", bgcolor=\"")
                output.append(raw: color("background"))
            }
            output.append("\", splines=line, outputorder=edgesfirst, dpi=72, pad=\"")
            output.append(inches: pad.width)
            output.append(",")
            output.append(inches: pad.height)
            output.append("\"")
        case .layout:
            output.append(", rankdir=")
            output.append(raw: rankDirection)
            output.append(", ordering=out, nodesep=")
            output.append(nodeSeparation / 72)
            output.append(", ranksep=")
            output.append(rankSeparation / 72)
        }
        output.append("];\n  node [shape=box, style=\"rounded,filled\", fixedsize=true, penwidth=0, fontname=\"")
        output.appendDOTEscaped(fontFamily)
        output.append("\", fontsize=")
        output.append(fontSize)
        output.append("];\n  edge [dir=none, color=\"")
        output.append(raw: color("connector"))
        output.append("\", penwidth=2];\n")

        let height = size.height
        var cells: [LayoutAttributes] = []
        var connectors: [LayoutAttributes] = []
        var bars: [LayoutAttributes] = []
        var depthHeaders: [LayoutAttributes] = []
        var bands: [LayoutAttributes] = []
        layout.enumerateAllElementsInDrawingOrder { attributes in
            if attributes.representedElementCategory == .cell { cells.append(attributes) }
            else if attributes.representedElementKind == .band || attributes.representedElementKind == .panel { bands.append(attributes) }
            else if attributes.representedElementCategory == .decorationView, attributes.representedElementKind == .header,
                    attributes.text != nil { depthHeaders.append(attributes) }
            else if attributes.connector != nil { connectors.append(attributes) }
            else if attributes.representedElementKind == .header || attributes.representedElementKind == .footer,
                    attributes.representedElementCategory == .supplementaryView { bars.append(attributes) }
        }
        cells.sort { $0.indexPath < $1.indexPath }
        connectors.sort { $0.indexPath < $1.indexPath }

        // Bands (`--bands`) and panels, pinned: the even sections' filled in the band colour, as in the SVG,
        // behind everything (Graphviz draws a graph's `_background` drawing first). Graphviz
        // bounds the image by what it draws, padded: a clear rectangle over the whole content
        // first, and no padding, keep the image the SVG's size (the bands alone grew it by
        // the padding).
        // Nesting panels' cards after the bands (drawn over them), in the panel colour.
        let filledBands = bands.filter { $0.representedElementKind == .band && $0.indexPath.section % 2 == 0 && !$0.isHidden }
            + bands.filter { $0.representedElementKind == .panel && !$0.isHidden }
        if mode == .pinned && !filledBands.isEmpty {
            // (xdot: pen and fill colours, each with its length in bytes, then the polygons.)
            output.append("  graph [pad=\"0,0\", _background=\"c 9 -#00000000 C 9 -#00000000 P 4 0 0 ")
            output.append(size.width)
            output.append(" 0 ")
            output.append(size.width)
            output.append(" ")
            output.append(height)
            output.append(" 0 ")
            output.append(height)
            var filling: ElementKind?
            for attributes in filledBands {
                if attributes.representedElementKind != filling {
                    filling = attributes.representedElementKind
                    let fill = color(filling == .panel ? "panel" : "band")
                    output.append(" C ")
                    output.append(fill.utf8.count)
                    output.append(" -")
                    output.append(raw: fill)
                }
                let frame = attributes.frame
                output.append(" P 4 ")
                for (x, y) in [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.maxX, frame.maxY), (frame.minX, frame.maxY)] {
                    output.append(x)
                    output.append(" ")
                    output.append(height - y)
                    output.append(" ")
                }
            }
            output.append("\"];\n")
        }

        // Depth titles (`--depth-labels`), pinned: bold, in the header colour, as in the SVG.
        if mode == .pinned {
            for header in depthHeaders {
                let frame = header.frame
                output.append("  depth_header_")
                output.append(header.indexPath.section)
                output.append(" [shape=plaintext, style=\"\", fontname=\"")
                output.appendDOTEscaped(fontFamily + " Bold")
                output.append("\", fontcolor=\"")
                output.append(raw: color("header"))
                output.append("\", label=\"")
                output.appendDOTEscaped(header.text ?? "", isLabel: true)
                output.append("\"")
                writePinnedBox(frame, contentHeight: height, into: &output)
            }
        }

        // Section bars, pinned, before the nodes so that nodes are drawn over them.
        if mode == .pinned {
            for bar in bars {
                let frame = bar.frame
                output.append(bar.representedElementKind == .header ? "  bar_header_" : "  bar_footer_")
                output.append(bar.indexPath.section)
                output.append(" [shape=box, style=filled, penwidth=0, fillcolor=\"")
                // The band's colour, translucent, so connectors behind the bar show.
                output.append(raw: color("band") + "c0")
                output.append("\", fontcolor=\"")
                output.append(raw: color("header"))
                output.append("\", label=\"")
                // A bar taller than wide (sections across the page) is too narrow for its title.
                if let text = bar.text, frame.width >= frame.height { output.appendDOTEscaped(text, isLabel: true) }
                output.append("\"")
                writePinnedBox(frame, contentHeight: height, into: &output)
            }
        }

        let shadesDepths = layout.depthsShareColumns()
        for cell in cells {
            // A transformed cell (an effect) is drawn where it appears, its label scaled with it.
            let frame = mode == .pinned ? cell.visualFrame : cell.frame
            let type = content.type(at: cell.indexPath)
            let fill = color(type == .normal && shadesDepths && cell.indexPath.section % 2 == 1 ? "normal-odd-fill" : type.description + "-fill")
            let extra = content.attributes(at: cell.indexPath)
            let isJunction = content.isJunction(at: cell.indexPath)
            output.append("  ")
            writeNodeName(cell.indexPath, into: &output)
            if isJunction {
                // A junction: Graphviz's filled dot, of the frame's smaller side, in the connectors' colour.
                let side = min(frame.width, frame.height)
                output.append(" [shape=point, label=\"\", width=")
                output.append(inches: side)
                output.append(", height=")
                output.append(inches: side)
            } else {
                output.append(" [label=\"")
                if let blockWidth = content.blockWidth(at: cell.indexPath) {
                    // Lines that keep their indentation: each ends with `\l` (left-justified),
                    // the block's left the node's margin in, which centres it as the SVG does.
                    for line in content.lines(at: cell.indexPath) {
                        output.appendDOTEscaped(line, isLabel: true)
                        output.append("\\l")
                    }
                    output.append("\", margin=\"")
                    output.append(inches: max(0, (frame.width - blockWidth) / 2))
                    output.append(",0.055")
                } else {
                    output.appendDOTEscaped(content.lines(at: cell.indexPath).joined(separator: "\n"), isLabel: true)
                }
                output.append("\", width=")
                output.append(inches: frame.width)
                output.append(", height=")
                output.append(inches: frame.height)
            }
            output.append(", fillcolor=\"")
            if let fill = extra?.fill {
                output.appendDOTEscaped(fill)
            } else if isJunction && content.type(at: cell.indexPath) == .normal {
                output.append(raw: color("connector"))
            } else {
                output.append(raw: fill)
            }
            output.append("\", fontcolor=\"")
            if let own = extra?.color { output.appendDOTEscaped(own) } else { output.append(raw: color(type.description + "-text")) }
            output.append("\", class=\"")
            output.append(raw: content.type(at: cell.indexPath).description)
            if let classes = extra?.cssClass {
                output.append(" ")
                output.appendDOTEscaped(classes)
            }
            output.append("\"")
            if let url = extra?.url {
                output.append(", URL=\"")
                output.appendDOTEscaped(url)
                output.append("\"")
            }
            let hidden = extra?.hiddenBelow.map(SVGRenderer.hiddenBelowText)
            if extra?.tooltip != nil || hidden != nil {
                output.append(", tooltip=\"")
                output.appendDOTEscaped([extra?.tooltip, hidden].compactMap { $0 }.joined(separator: "\n"))
                output.append("\"")
            }
            if hidden != nil {
                // Cut below by --max-depth: a dashed outline, as in the SVG.
                output.append(", style=\"rounded,filled,dashed\", penwidth=2, color=\"")
                output.append(raw: color("header"))
                output.append("\"")
            }
            if let id = content.id(at: cell.indexPath) {
                output.append(", id=\"")
                output.appendDOTEscaped(id)
                output.append("\"")
            }
            if mode == .pinned && cell.hasTransform {
                output.append(", fontsize=")
                output.append(fontSize * abs(cell.transform.m11))
            }
            if mode == .pinned {
                output.append(", pos=\"")
                output.append(frame.midX)
                output.append(",")
                output.append(height - frame.midY)
                output.append("!\"")
            }
            output.append("];\n")
        }

        // Edges grouped by parent, children in order, so `ordering=out` keeps file order.
        connectors.sort { ($0.connector!.parentIndexPath, $0.indexPath) < ($1.connector!.parentIndexPath, $1.indexPath) }
        for attributes in connectors {
            let connector = attributes.connector!
            output.append("  ")
            writeNodeName(connector.parentIndexPath, into: &output)
            output.append(" -> ")
            writeNodeName(IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section), into: &output)
            if mode == .pinned {
                // Graphviz edge paths are cubic Bézier pieces; a straight piece has its control
                // points on the line, its corners on the pixel grid as in SVG (see `PixelGrid`).
                var controls: [Point]
                if connector.isCurved {
                    controls = connector.path
                } else {
                    // Corners round as in the SVG (`SVGRenderer.roundedCorners`).
                    let corners = connector.path.map(PixelGrid.snap)
                    controls = [corners[0]]
                    var current = corners[0]
                    func line(to point: Point) {
                        for step in 1...3 {
                            let t = Double(step) / 3
                            controls.append(Point(x: current.x + (point.x - current.x) * t, y: current.y + (point.y - current.y) * t))
                        }
                        current = point
                    }
                    for (index, rounded) in SVGRenderer.roundedCorners(corners).enumerated() {
                        guard let rounded else {
                            line(to: corners[index + 1])
                            continue
                        }
                        // The SVG's quadratic curve as a cubic: control points two thirds of the way to the corner.
                        line(to: rounded.entry)
                        controls += [SVGRenderer.point(rounded.entry, towards: rounded.corner, by: 2 / 3 * SVGRenderer.distance(rounded.entry, rounded.corner)),
                                     SVGRenderer.point(rounded.exit, towards: rounded.corner, by: 2 / 3 * SVGRenderer.distance(rounded.exit, rounded.corner)),
                                     rounded.exit]
                        current = rounded.exit
                    }
                    if corners.count > 1 { line(to: corners[corners.count - 1]) }
                }
                // (An additional parent's line from its child, as the SVG writes it: dashes in step.)
                if attributes.indexPath.subitem != 0 { controls.reverse() }
                output.append(" [pos=\"")
                for (index, point) in controls.enumerated() {
                    if index > 0 { output.append(" ") }
                    output.append(point.x)
                    output.append(",")
                    output.append(height - point.y)
                }
                output.append("\"")
                if attributes.indexPath.subitem != 0 { output.append(", style=dashed") }
                output.append("]")
            } else if attributes.indexPath.subitem != 0 {
                output.append(" [constraint=false, style=dashed]")
            }
            output.append(";\n")
        }
        output.append("}\n")
    }

    private func writeNodeName(_ path: IndexPath, into output: inout OutputBuffer) {
        output.append("n")
        output.append(path.section)
        output.append("_")
        output.append(path.item)
    }
}


extension OutputBuffer {
    /// Appends a length in inches (Graphviz node sizes), to 4 decimals so points survive the round trip.
    mutating func append(inches points: Double) {
        let tenThousandths = Int((points / 72 * 10000).rounded())
        append(tenThousandths / 10000)
        let fraction = tenThousandths % 10000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            append(".")
            append(raw: digits)
        }
    }
}
