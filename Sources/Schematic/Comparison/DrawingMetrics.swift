/// The figures `schematic compare` puts side by side, measured on any drawing's geometry.
public struct DrawingMetrics: Hashable, Sendable {
    /// The extent of the drawing itself (node boxes and connectors), margins left out, so that
    /// drawings with different margins compare fairly.
    public var width: Double
    public var height: Double
    public var area: Double { width * height }
    /// Width over height.
    public var aspectRatio: Double { height > 0 ? width / height : 0 }
    /// Sum of the lengths of every connector's path.
    public var totalConnectorLength: Double
    public var longestConnector: Double
    /// How far a parent's centre sits from the middle of its children's span, across the
    /// columns (vertically), averaged over the parents, and at worst.
    public var meanParentOffset: Double
    public var maxParentOffset: Double
    /// Pairs of node boxes whose interiors overlap.
    public var overlappingNodes: Int
    /// Pairs of connectors that cross (connectors sharing a node do not count).
    public var crossingConnectors: Int
    /// How long the layout took, in milliseconds.
    public var layoutMilliseconds: Double

    /// Measures a drawing.
    public init(_ geometry: DrawingGeometry, layoutMilliseconds: Double) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for box in geometry.nodes where box.width > 0 || box.height > 0 {
            minX = min(minX, box.minX); minY = min(minY, box.minY); maxX = max(maxX, box.maxX); maxY = max(maxY, box.maxY)
        }
        for connector in geometry.connectors {
            for point in connector.path {
                minX = min(minX, point.x); minY = min(minY, point.y); maxX = max(maxX, point.x); maxY = max(maxY, point.y)
            }
        }
        width = maxX >= minX ? maxX - minX : 0
        height = maxY >= minY ? maxY - minY : 0
        self.layoutMilliseconds = layoutMilliseconds
        var total = 0.0, longest = 0.0
        for connector in geometry.connectors {
            var length = 0.0
            for (from, to) in zip(connector.path, connector.path.dropFirst()) {
                length += ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
            }
            total += length
            longest = max(longest, length)
        }
        totalConnectorLength = total
        longestConnector = longest
        (meanParentOffset, maxParentOffset) = DrawingMetrics.parentOffsets(geometry)
        overlappingNodes = DrawingMetrics.countOverlaps(geometry.nodes)
        crossingConnectors = DrawingMetrics.countCrossings(geometry)
    }

    static func parentOffsets(_ geometry: DrawingGeometry) -> (mean: Double, max: Double) {
        var span: [Int: (low: Double, high: Double)] = [:]
        for connector in geometry.connectors where connector.isPrimary {
            let y = geometry.nodes[connector.child].midY
            if let known = span[connector.parent] {
                span[connector.parent] = (min(known.low, y), max(known.high, y))
            } else {
                span[connector.parent] = (y, y)
            }
        }
        guard !span.isEmpty else { return (0, 0) }
        var sum = 0.0, worst = 0.0
        for (parent, children) in span {
            let offset = abs(geometry.nodes[parent].midY - (children.low + children.high) / 2)
            sum += offset
            worst = max(worst, offset)
        }
        return (sum / Double(span.count), worst)
    }

    /// Pairs of boxes with overlapping interiors, found through a uniform grid (cells the size
    /// of a typical box), so that only neighbours are tested.
    static func countOverlaps(_ boxes: [Rect]) -> Int {
        guard boxes.count > 1 else { return 0 }
        let widths = boxes.map(\.width).sorted(), heights = boxes.map(\.height).sorted()
        let cellWidth = max(widths[widths.count / 2], 1), cellHeight = max(heights[heights.count / 2], 1)
        var grid: [Int64: [Int]] = [:]
        var pairs = Set<Int64>()
        for (index, box) in boxes.enumerated() {
            let x0 = Int((box.minX / cellWidth).rounded(.down)), x1 = Int((box.maxX / cellWidth).rounded(.down))
            let y0 = Int((box.minY / cellHeight).rounded(.down)), y1 = Int((box.maxY / cellHeight).rounded(.down))
            for x in x0...x1 {
                for y in y0...y1 {
                    let key = Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y)))
                    for other in grid[key, default: []] where boxes[other].overlapsInterior(box) {
                        pairs.insert(Int64(other) << 32 | Int64(index))
                    }
                    grid[key, default: []].append(index)
                }
            }
        }
        return pairs.count
    }

    /// Pairs of connectors whose paths cross, found through a uniform grid of segments so
    /// that only nearby segments are tested.
    static func countCrossings(_ geometry: DrawingGeometry) -> Int {
        struct Segment { var a: Point; var b: Point; var connector: Int }
        var segments: [Segment] = []
        for (index, connector) in geometry.connectors.enumerated() {
            for (from, to) in zip(connector.path, connector.path.dropFirst()) where from != to {
                segments.append(Segment(a: from, b: to, connector: index))
            }
        }
        guard segments.count > 1 else { return 0 }
        let meanLength = segments.reduce(0.0) { $0 + abs($1.b.x - $1.a.x) + abs($1.b.y - $1.a.y) } / Double(segments.count)
        let cell = max(meanLength, 1)
        var grid: [Int64: [Int]] = [:]
        func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y))) }
        for (index, segment) in segments.enumerated() {
            let x0 = Int((min(segment.a.x, segment.b.x) / cell).rounded(.down)), x1 = Int((max(segment.a.x, segment.b.x) / cell).rounded(.down))
            let y0 = Int((min(segment.a.y, segment.b.y) / cell).rounded(.down)), y1 = Int((max(segment.a.y, segment.b.y) / cell).rounded(.down))
            guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 4096 else { continue }
            for x in x0...x1 { for y in y0...y1 { grid[key(x, y), default: []].append(index) } }
        }
        var crossing = Set<Int64>()
        let connectors = geometry.connectors
        for bucket in grid.values where bucket.count > 1 {
            for i in 0..<bucket.count {
                for j in (i + 1)..<bucket.count {
                    let s = segments[bucket[i]], t = segments[bucket[j]]
                    guard s.connector != t.connector else { continue }
                    let c = connectors[s.connector], d = connectors[t.connector]
                    if c.parent == d.parent || c.child == d.child || c.parent == d.child || c.child == d.parent { continue }
                    let pair = Int64(min(s.connector, t.connector)) << 32 | Int64(max(s.connector, t.connector))
                    if !crossing.contains(pair) && properlyIntersect(s.a, s.b, t.a, t.b) { crossing.insert(pair) }
                }
            }
        }
        return crossing.count
    }

    /// Whether two segments cross at a point inside both (touching ends do not count).
    static func properlyIntersect(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        let d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2)
        let epsilon = 1e-9
        return (d1 > epsilon && d2 < -epsilon || d1 < -epsilon && d2 > epsilon)
            && (d3 > epsilon && d4 < -epsilon || d3 < -epsilon && d4 > epsilon)
    }
}
