import CollectionLayout

/// Where a connector's own piece begins: siblings' elbows share their parent's lead-out, the
/// bus down to each child, and a wrapped block's entry and buses; stroked once per child, those
/// pieces darkened with every stroke (a list of 2,000 drew its first 36 px 2,000 times, and a
/// block's entry read as a thicker line than its buses).
extension SchematicLayout {
    /// Where a tree connector's own piece begins (`drawnFrom`, canonical), where its polyline
    /// shares a start with the connector of the sibling before it or of the first sibling
    /// (whichever shares more): what that one draws, this one need not; nil where it shares
    /// nothing. The siblings' shared pieces are then each drawn once: a child beyond the one
    /// before along a bus draws from that one's turn; the first child on each side of the
    /// parent draws from where their paths part; a wrapped block's later sub-columns, reached
    /// past its first member, from that member's turn. `line` is the connector's polyline;
    /// `before` and `first` the siblings' where known (a rect query makes them in turn), else
    /// made here. O(1).
    func sharedStartEnd(of line: Polyline, child: Int, parent: Int, section: Int,
                        before: Polyline? = nil, first: Polyline? = nil) -> Point? {
        let firstChild = Int(dataController.childStarts[parent])
        guard child > firstChild, line.count >= 2 else { return nil }
        var shared = line[0], sharedLength = 0.0
        func compare(with sibling: Int, known: Polyline?) {
            let other: Polyline
            if let known { other = known } else {
                guard let connector = connectorAttributes(child: sibling, parent: parent, subitem: 0, section: section).connector,
                      !connector.isCurved else { return }
                other = Polyline(connector)
            }
            let (end, length) = Self.sharedStart(line, other)
            if length > sharedLength { (shared, sharedLength) = (end, length) }
        }
        compare(with: child - 1, known: before)
        // The first sibling too for a block's member: later sub-columns are reached past it.
        if child - 1 != firstChild, let block = wrapPlan?.blockOfItem[child], block >= 0 { compare(with: firstChild, known: first) }
        guard sharedLength > 0, shared != line[line.count - 1] else { return nil }
        return shared
    }

    /// `attributes` (a tree connector, canonical) with `drawnFrom` set (`sharedStartEnd`).
    func markingSharedStart(_ attributes: LayoutAttributes, child: Int, parent: Int, section: Int) -> LayoutAttributes {
        guard let connector = attributes.connector, !connector.isCurved, attributes.indexPath.subitem == 0,
              let from = sharedStartEnd(of: Polyline(connector), child: child, parent: parent, section: section) else { return attributes }
        var marked = attributes
        marked.connector?.drawnFrom = from
        return marked
    }

    /// The end of the common start of two polylines that begin at the same point, and its
    /// length along them: their pieces compared in turn, as far as both run the same way (a
    /// piece running on past the other's end counts up to that end).
    static func sharedStart(_ first: Polyline, _ second: Polyline) -> (end: Point, length: Double) {
        guard first.count >= 2, second.count >= 2, first[0] == second[0] else { return (first[0], 0) }
        var at = first[0], i = 1, j = 1, length = 0.0
        while i < first.count && j < second.count {
            let toFirst = Point(x: first[i].x - at.x, y: first[i].y - at.y)
            let toSecond = Point(x: second[j].x - at.x, y: second[j].y - at.y)
            let firstLength = (toFirst.x * toFirst.x + toFirst.y * toFirst.y).squareRoot()
            let secondLength = (toSecond.x * toSecond.x + toSecond.y * toSecond.y).squareRoot()
            guard firstLength > 1e-9, secondLength > 1e-9 else {
                if firstLength <= 1e-9 { i += 1 }
                if secondLength <= 1e-9 { j += 1 }
                continue
            }
            // The same way: parallel (cross product 0) and not opposite (dot product positive).
            let cross = toFirst.x * toSecond.y - toFirst.y * toSecond.x, dot = toFirst.x * toSecond.x + toFirst.y * toSecond.y
            guard abs(cross) <= 1e-6 * firstLength * secondLength, dot > 0 else { break }
            length += min(firstLength, secondLength)
            if firstLength < secondLength - 1e-9 {
                at = first[i]
                i += 1
            } else if secondLength < firstLength - 1e-9 {
                at = second[j]
                j += 1
            } else {
                at = first[i]
                i += 1
                j += 1
            }
        }
        return (at, length)
    }
}

/// A connector's polyline points without an array: the first eight (start, two turns, four
/// corners of a bus, end; a longer path's common start is only looked for among them).
struct Polyline {
    private var points: (Point, Point, Point, Point, Point, Point, Point, Point)
    private(set) var count = 0

    init(_ connector: ConnectorAttributes) {
        let zero = Point(x: 0, y: 0)
        points = (zero, zero, zero, zero, zero, zero, zero, zero)
        var all = self
        connector.forEachPolylinePoint { point in
            guard all.count < 8 else { return }
            withUnsafeMutableBytes(of: &all.points) { $0.storeBytes(of: point, toByteOffset: all.count * MemoryLayout<Point>.stride, as: Point.self) }
            all.count += 1
        }
        self = all
    }

    subscript(index: Int) -> Point {
        withUnsafeBytes(of: points) { $0.load(fromByteOffset: index * MemoryLayout<Point>.stride, as: Point.self) }
    }
}
