import CollectionLayout

/// Where straight connector lines are drawn so they stay crisp at 100%: a line 2 px wide
/// (the connectors' width) on a whole-pixel coordinate fills two pixel rows; on a half pixel
/// (the centre of a box of odd height) it smears into three grey ones and looks doubled.
/// Polyline points move by at most half a pixel, all alike, so shared pieces stay shared
/// and axis-aligned pieces stay aligned; curves are drawn as laid out.
enum PixelGrid {
    /// The connectors' stroke width, in px (`SVGRenderer`'s style sheet, `DOTRenderer`'s penwidth).
    static let connectorWidth = 2.0

    /// `value` on the grid where lines `connectorWidth` wide are crisp: whole pixels for even
    /// widths, half pixels for odd ones.
    @inline(__always)
    static func snap(_ value: Double) -> Double {
        let offset = connectorWidth.truncatingRemainder(dividingBy: 2) / 2
        return (value - offset).rounded() + offset
    }

    @inline(__always)
    static func snap(_ point: Point) -> Point { Point(x: snap(point.x), y: snap(point.y)) }
}
