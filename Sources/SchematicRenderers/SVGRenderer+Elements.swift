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

    /// How round an elbow's corners are drawn: a reader sees a line turn, where a square corner
    /// level with another parent's stub a few pixels on read as one line into that parent's
    /// child (a review: 11 such places in a 870-node import tree).
    public static let cornerRadius = 6.0

    /// A polyline as a path whose corners are curves of `cornerRadius` (`roundedCorners`).
    static func appendRoundedPath(_ points: [Point], into output: inout OutputBuffer) {
        guard let first = points.first else { return }
        func write(_ letter: StaticString, _ point: Point) {
            output.append(letter)
            output.append(point.x)
            output.append(" ")
            output.append(point.y)
        }
        write("M", first)
        for (index, corner) in roundedCorners(points).enumerated() {
            if let corner {
                write(" L", corner.entry)
                write(" Q", corner.corner)
                write(" ", corner.exit)
            } else {
                write(" L", points[index + 1])
            }
        }
        if points.count > 1 { write(" L", points[points.count - 1]) }
    }

    /// A corner drawn round: a quadratic curve from `entry` to `exit`, `corner` its control point.
    struct RoundedCorner {
        var entry: Point, corner: Point, exit: Point
    }

    /// Each inner point of a polyline as a rounded corner, or nil (no turn, or pieces too
    /// short): `cornerRadius`, at most half an inner piece or all of an end piece (a path that
    /// starts `cornerRadius` before a corner rounds it fully), whole pixels where both pieces
    /// are level or upright, so that straight parts stay on the pixel grid.
    static func roundedCorners(_ points: [Point]) -> [RoundedCorner?] {
        guard points.count > 2 else { return [] }
        return (1..<(points.count - 1)).map { index in
            let before = points[index - 1], corner = points[index], after = points[index + 1]
            let inLength = distance(before, corner), outLength = distance(corner, after)
            let turn = (corner.x - before.x) * (after.y - corner.y) - (corner.y - before.y) * (after.x - corner.x)
            var radius = min(cornerRadius, index == 1 ? inLength : inLength / 2, index == points.count - 2 ? outLength : outLength / 2)
            if (before.x == corner.x || before.y == corner.y) && (after.x == corner.x || after.y == corner.y) { radius = radius.rounded(.down) }
            guard radius >= 1, abs(turn) > 1e-9 * inLength * outLength else { return nil }
            return RoundedCorner(entry: point(corner, towards: before, by: radius), corner: corner, exit: point(corner, towards: after, by: radius))
        }
    }

    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// The point `length` from `from` towards `to` (at most `to`).
    static func point(_ from: Point, towards to: Point, by length: Double) -> Point {
        let whole = distance(from, to)
        guard whole > 0 else { return from }
        let part = min(1, length / whole)
        return Point(x: from.x + (to.x - from.x) * part, y: from.y + (to.y - from.y) * part)
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
            // (An additional parent's line is written from its child: see `writeConnector`.)
            var start = PixelGrid.snap(connector.start), end = PixelGrid.snap(connector.end)
            if attributes.indexPath.subitem != 0 { swap(&start, &end) }
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
            for (index, point) in (attributes.indexPath.subitem != 0 ? connector.path.reversed() : connector.path).enumerated() {
                if index > 0 { output.append((index - 1) % 3 == 0 ? " C" : " ") }
                output.append(point.x)
                output.append(" ")
                output.append(point.y)
            }
            output.append("\"")
        } else {
            output.append(attributes.indexPath.subitem == 0 ? "<path class=\"connector\" d=\"" : "<path class=\"connector extra\" d=\"")
            var raw: [Point] = []
            connector.forEachPolylinePoint { raw.append($0) }
            let all = raw.map(PixelGrid.snap)
            var points = all
            // What an earlier sibling drew is left out: from the piece holding `drawnFrom` on, or
            // the lead-out (`sharesLeadOut`); but from `cornerRadius` before a corner there, so
            // that this one's corner is as round as the sibling's (which left the straight line
            // there) and no gap opens beside that one's curve. (A `drawnFrom` on no piece, which
            // the layout never gives, draws the whole path rather than none.)
            func drawn(fromCorner index: Int) -> [Point] {
                [Self.point(all[index], towards: all[index - 1], by: Self.cornerRadius)] + all[index...]
            }
            if !interactive, let from = connector.drawnFrom,
               let piece = (1..<max(1, raw.count)).first(where: { Self.piece(from: raw[$0 - 1], to: raw[$0], holds: from) }) {
                if from == raw[raw.count - 1] {
                    points = [PixelGrid.snap(from)]  // all of it drawn before
                } else if from == raw[piece] {
                    points = drawn(fromCorner: piece)
                } else if piece >= 2 && Self.distance(from, raw[piece - 1]) <= Self.cornerRadius {
                    // Just past a corner: drawn round from before it, as the sibling drew it.
                    points = drawn(fromCorner: piece - 1)
                } else {
                    // Mid-piece, where the sibling before turned off round: from before its curve.
                    points = [PixelGrid.snap(Self.point(from, towards: raw[piece - 1], by: Self.cornerRadius))] + all[piece...]
                }
            } else if (interactive || connector.drawnFrom == nil) && connector.sharesLeadOut && connector.turnOut != connector.start && all.count > 2 {
                points = drawn(fromCorner: 1)
            }
            // An additional parent's dashed line is written from its child: the lines of a
            // child's parents share their way in (one lane), and dashes that start there lie
            // on one another; written from their parents, they fell out of step into a line.
            if attributes.indexPath.subitem != 0 { points.reverse() }
            Self.appendRoundedPath(points, into: &output)
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

    /// Section bands (alternating), panels' cards and section headers.
    func writeDecoration(_ attributes: LayoutAttributes, into output: inout OutputBuffer) {
        let frame = attributes.frame
        if attributes.representedElementKind == .band {
            output.append(attributes.indexPath.section % 2 == 0 ? "<rect class=\"band even\"" : "<rect class=\"band odd\"")
            writeGeometry(of: frame, into: &output)
            writeCommonAttributes(attributes, into: &output)
            output.append("/>\n")
        } else if attributes.representedElementKind == .panel {
            output.append("<rect class=\"panel\"")
            writeGeometry(of: frame, into: &output)
            output.append(" rx=\"4\"")
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
