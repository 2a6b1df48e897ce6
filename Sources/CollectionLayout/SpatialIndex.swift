/// Finds which of many rectangles meet a query rectangle, for layouts whose elements have no
/// order to binary-search (a circle, masonry columns, wrapped lines).
///
/// A uniform grid of buckets over the rectangles' bounds, stored flat (compressed rows: one
/// offset per bucket, then the element numbers): about one bucket per element, built in two
/// linear passes. Each element is listed in every bucket it overlaps and reported only from the
/// first bucket where it meets the query, so there is no visited set and no duplicate. Elements
/// that would span very many buckets (long connectors) are kept apart and tested one by one.
public struct SpatialIndex: Sendable {
    /// The union of every rectangle.
    public let bounds: Rect
    private let boxes: [Rect]
    private let columns: Int
    private let rows: Int
    private let bucketWidth: Double
    private let bucketHeight: Double
    private let bucketStarts: [Int32]
    private let entries: [Int32]
    private let wide: [Int32]

    /// Above this many buckets an element is tested on every query instead of being listed.
    private static let maximumBucketsPerElement = 64

    /// Indexes `boxes`; element `i` is `boxes[i]`.
    public init(boxes: [Rect]) {
        self.boxes = boxes
        var bounds = boxes.first ?? .zero
        for box in boxes.dropFirst() { bounds = bounds.union(box) }
        self.bounds = bounds
        let count = max(1, boxes.count)
        let width = max(bounds.width, 1e-9), height = max(bounds.height, 1e-9)
        // About one bucket per element, shaped like the bounds, at most 2048 a side.
        let side = (width * height / Double(count)).squareRoot()
        columns = max(1, min(2048, Int((width / side).rounded(.up))))
        rows = max(1, min(2048, Int((height / side).rounded(.up))))
        bucketWidth = width / Double(columns)
        bucketHeight = height / Double(rows)

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var wide: [Int32] = []
        let limit = Self.maximumBucketsPerElement
        for (element, box) in boxes.enumerated() {
            let (x0, x1, y0, y1) = Self.range(of: box, bounds, columns, rows, bucketWidth, bucketHeight)
            if (x1 - x0 + 1) * (y1 - y0 + 1) > limit { wide.append(Int32(element)); continue }
            for y in y0...y1 { for x in x0...x1 { counts[y * columns + x + 1] += 1 } }
        }
        for bucket in 1..<counts.count { counts[bucket] += counts[bucket - 1] }
        var next = counts
        var entries = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        var wideIndex = 0
        for (element, box) in boxes.enumerated() {
            if wideIndex < wide.count && wide[wideIndex] == Int32(element) { wideIndex += 1; continue }
            let (x0, x1, y0, y1) = Self.range(of: box, bounds, columns, rows, bucketWidth, bucketHeight)
            for y in y0...y1 {
                for x in x0...x1 {
                    entries[Int(next[y * columns + x])] = Int32(element)
                    next[y * columns + x] += 1
                }
            }
        }
        self.bucketStarts = counts
        self.entries = entries
        self.wide = wide
    }

    /// The buckets a rectangle overlaps, clamped to the grid: first and last column and row.
    @inline(__always)
    private static func range(of box: Rect, _ bounds: Rect, _ columns: Int, _ rows: Int,
                              _ bucketWidth: Double, _ bucketHeight: Double) -> (Int, Int, Int, Int) {
        func bucket(_ value: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
            let index = ((value - origin) / size).rounded(.down)
            return index < 0 ? 0 : index >= Double(count) ? count - 1 : Int(index)
        }
        return (bucket(box.minX, bounds.minX, bucketWidth, columns), bucket(box.maxX, bounds.minX, bucketWidth, columns),
                bucket(box.minY, bounds.minY, bucketHeight, rows), bucket(box.maxY, bounds.minY, bucketHeight, rows))
    }

    /// Calls `body` once with each element whose rectangle meets `rect` (edges included), in no
    /// particular order.
    public func forEachElement(intersecting rect: Rect, _ body: (Int) -> Void) {
        guard !boxes.isEmpty, rect.intersects(bounds) else { return }
        let (qx0, qx1, qy0, qy1) = Self.range(of: rect, bounds, columns, rows, bucketWidth, bucketHeight)
        for y in qy0...qy1 {
            for x in qx0...qx1 {
                let bucket = y * columns + x
                for slot in Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1]) {
                    let element = Int(entries[slot])
                    let box = boxes[element]
                    guard box.intersects(rect) else { continue }
                    // Report from the first bucket both the element and the query reach.
                    let (ex0, _, ey0, _) = Self.range(of: box, bounds, columns, rows, bucketWidth, bucketHeight)
                    if x == max(ex0, qx0) && y == max(ey0, qy0) { body(element) }
                }
            }
        }
        for element in wide where boxes[Int(element)].intersects(rect) { body(Int(element)) }
    }

    /// The elements whose rectangles meet `rect`, in increasing order.
    public func elements(intersecting rect: Rect) -> [Int] {
        var found: [Int] = []
        forEachElement(intersecting: rect) { found.append($0) }
        found.sort()
        return found
    }
}
