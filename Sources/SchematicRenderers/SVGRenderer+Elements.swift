import CollectionLayout

/// Connectors, section bars and their titles, bands and depth headers, and the attributes
/// every element shares (opacity, transform).
extension SVGRenderer {
    func writeCommonAttributes(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
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
            for (index, value) in [t.m11, t.m12, t.m21, t.m22].enumerated() {
                if index > 0 { output.append(" ") }
                output.append(coefficient: value)
            }
            for value in [t.m41, t.m42] {
                output.append(" ")
                output.append(value)
            }
            output.append(") translate(")
            output.append(-center.x)
            output.append(" ")
            output.append(-center.y)
            output.append(")\"")
        }
    }

    /// Whether the straight piece from `a` to `b` holds `point` (to rounding).
    static func piece(from a: Point, to b: Point, holds point: Point) -> Bool {
        let tolerance = 1e-6
        guard point.x >= min(a.x, b.x) - tolerance, point.x <= max(a.x, b.x) + tolerance,
              point.y >= min(a.y, b.y) - tolerance, point.y <= max(a.y, b.y) + tolerance else { return false }
        let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
        return abs(cross) <= tolerance * max(1, abs(b.x - a.x) + abs(b.y - a.y))
    }

    func writeConnector(_ attributes: LayoutAttributes, _ connector: ConnectorAttributes, into output: inout OutputBuffer) {
        var count = 0
        if !connector.isCurved { connector.forEachPolylinePoint { _ in count += 1 } }
        if count == 2 {
            output.append(attributes.indexPath.subitem == 0 ? "<line class=\"connector\" x1=\"" : "<line class=\"connector extra\" x1=\"")
            let start = PixelGrid.snap(connector.start), end = PixelGrid.snap(connector.end)
            output.append(start.x)
            output.append("\" y1=\"")
            output.append(start.y)
            output.append("\" x2=\"")
            output.append(end.x)
            output.append("\" y2=\"")
            output.append(end.y)
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
            if !interactive, let from = connector.drawnFrom {
                // What an earlier sibling drew is left out (see `drawnFrom`): from the piece
                // holding `from` on.
                var last: Point? = nil, started = false
                connector.forEachPolylinePoint { point in
                    defer { last = point }
                    if !started {
                        guard let last, Self.piece(from: last, to: point, holds: from) else { return }
                        started = true
                        output.append("M")
                        output.append(PixelGrid.snap(from.x))
                        output.append(" ")
                        output.append(PixelGrid.snap(from.y))
                        if point == from { return }
                    }
                    output.append(" L")
                    output.append(PixelGrid.snap(point.x))
                    output.append(" ")
                    output.append(PixelGrid.snap(point.y))
                }
            } else {
                // A lead-out an earlier sibling drew is left out (see `sharesLeadOut`).
                var first = true, skipped = !connector.sharesLeadOut || connector.turnOut == connector.start
                connector.forEachPolylinePoint { point in
                    if !skipped { skipped = true; return }
                    output.append(first ? "M" : " L")
                    first = false
                    output.append(PixelGrid.snap(point.x))
                    output.append(" ")
                    output.append(PixelGrid.snap(point.y))
                }
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
    func writeGeometry(of frame: Rect, into output: inout OutputBuffer) {
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
    func writeSectionBar(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
        output.append(attributes.representedElementKind == .header ? "<rect class=\"section-header\"" : "<rect class=\"section-footer\"")
        writeGeometry(of: attributes.frame, into: &output)
        writeCommonAttributes(attributes, into: &output)
        output.append("/>\n")
    }

    /// A bar's title, turned upright along a bar that is taller than wide.
    func writeSectionTitle(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
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
    func writeDecoration(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
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
}
