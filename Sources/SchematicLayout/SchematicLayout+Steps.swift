import CollectionLayout

/// Connectors without hair-thin steps: a child's middle a pixel or two off its parent's line,
/// or a block's entry a pixel off the line into it, stepped the path across by that much, and
/// the step was drawn as a kink of two rounded corners (a YAML schema's list top to bottom,
/// 1.2 px; a phylogeny's junction 0.8 px off its parent's line). Such a step is taken out:
/// the rest of the path moves across by it, and the child is entered that much off its middle.
extension SchematicLayout {
    /// Steps across a connector shorter than this are taken out: a line still enters the
    /// smallest box (a junction's 10 px dot) within 3 px of its middle.
    public static let leastStep = 3.0

    /// `connector` (elbow, canonical) without steps shorter than `leastStep`: a piece across the
    /// way between two pieces running on the same way. The points after the step move across
    /// by it: the end too where the last piece runs across that move (it slides along the
    /// child's edge, by under `leastStep` in all), else the last piece gets that much longer or
    /// shorter (where under 1 px would be left, the end moves as well, under the child's box).
    /// Pieces siblings share (a block's entry and the line over it) move alike in each sibling's
    /// connector: the move depends only on the step (the first step always moves; a later one
    /// that would slide the end `leastStep` or more in all stays). The connector keeps its turns and corners
    /// (`turnOut`, `turnIn`, `via`: readers such as the HTML page's data tell a wrapped block's
    /// buses by them), the step's now on one point. Nil where there is no such step: one pass
    /// over the points (nearly every connector, no allocation); a few otherwise.
    static func withoutSteps(_ connector: ConnectorAttributes) -> ConnectorAttributes? {
        guard !connector.isCurved else { return nil }
        // A window of the last four points: no array unless a step is found.
        var window = (Point.zero, Point.zero, Point.zero, Point.zero), seen = 0, found = false
        connector.forEachPolylinePoint { point in
            window = (window.1, window.2, window.3, point)
            seen += 1
            if seen >= 4 && !found && step(window.0, window.1, window.2, window.3) != nil { found = true }
        }
        guard found else { return nil }
        var raw = [connector.start, connector.turnOut, connector.turnIn] + connector.via + [connector.end]
        var distinct: [Int] = []  // where each point of the drawn polyline first appears in `raw`
        var index = 1, slide = Point.zero, moved = false  // how far the end has moved; whether anything has
        while true {
            distinct.removeAll(keepingCapacity: true)
            for at in raw.indices where at == 0 || raw[at] != raw[distinct[distinct.count - 1]] { distinct.append(at) }
            guard index + 2 < distinct.count else { break }
            let before = raw[distinct[index - 1]], a = raw[distinct[index]], b = raw[distinct[index + 1]]
            guard let shift = step(before, a, b, raw[distinct[index + 2]]) else {
                index += 1
                continue
            }
            let last = distinct.count - 1, end = raw[distinct[last]], beforeEnd = raw[distinct[last - 1]]
            // The last piece runs along the move (x equal for a move along x, y for along y)?
            var movesEnd = shift.x != 0 ? beforeEnd.y != end.y : beforeEnd.x != end.x
            if !movesEnd {
                // It must keep running the same way, 1 px or more; else the end moves too.
                let length = shift.x != 0 ? end.x - beforeEnd.x : end.y - beforeEnd.y
                let shortened = length - (shift.x != 0 ? shift.x : shift.y)
                movesEnd = abs(shortened) < 1 || (shortened > 0) != (length > 0)
            }
            if movesEnd {
                let total = Point(x: slide.x + shift.x, y: slide.y + shift.y)
                guard abs(total.x) < leastStep && abs(total.y) < leastStep else { index += 1; continue }
                slide = total
            }
            for at in distinct[index + 1]..<(movesEnd ? raw.count : distinct[last]) {
                raw[at] = Point(x: raw[at].x + shift.x, y: raw[at].y + shift.y)
            }
            moved = true
        }
        guard moved else { return nil }
        var result = connector
        result.turnIn = raw[2]
        result.via = Array(raw[3..<raw.count - 1])
        result.end = raw[raw.count - 1]
        result.lineStartTop = result.start.y > result.end.y
        return result
    }

    /// The move that takes out the step `a` → `b`, between `before` → `a` and `b` → `after`
    /// running across it the same way (not a U-turn), or nil where that is no short step.
    @inline(__always)
    static func step(_ before: Point, _ a: Point, _ b: Point, _ after: Point) -> Point? {
        let dx = b.x - a.x, dy = b.y - a.y
        if dx == 0 && dy != 0 && abs(dy) < leastStep && before.y == a.y && after.y == b.y
            && before.x != a.x && (a.x - before.x > 0) == (after.x - b.x > 0) && after.x != b.x {
            return Point(x: 0, y: -dy)
        }
        if dy == 0 && dx != 0 && abs(dx) < leastStep && before.x == a.x && after.x == b.x
            && before.y != a.y && (a.y - before.y > 0) == (after.y - b.y > 0) && after.y != b.y {
            return Point(x: -dx, y: 0)
        }
        return nil
    }
}
