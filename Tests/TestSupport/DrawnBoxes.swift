import CollectionLayout

// Boxes as layouts draw them (frames turned by their transforms), for the layout tests of
// every module: overlaps and connector ends.

/// The pairs of rectangles whose interiors overlap, by sort and sweep along x.
public func overlappingPairs(_ frames: [Rect]) -> [(Int, Int)] {
    let order = frames.indices.sorted { frames[$0].minX < frames[$1].minX }
    var pairs: [(Int, Int)] = []
    for (position, first) in order.enumerated() {
        for second in order[(position + 1)...] {
            if frames[second].minX >= frames[first].maxX { break }
            if frames[first].overlapsInterior(frames[second]) { pairs.append((first, second)) }
        }
    }
    return pairs
}

/// Whether a point lies on a rectangle's boundary, within `tolerance`.
public func isOnBoundary(_ point: Point, of rect: Rect, tolerance: Double = 1e-6) -> Bool {
    let inside = point.x >= rect.minX - tolerance && point.x <= rect.maxX + tolerance
        && point.y >= rect.minY - tolerance && point.y <= rect.maxY + tolerance
    let onEdge = abs(point.x - rect.minX) <= tolerance || abs(point.x - rect.maxX) <= tolerance
        || abs(point.y - rect.minY) <= tolerance || abs(point.y - rect.maxY) <= tolerance
    return inside && onEdge
}

/// The corners of a cell as drawn: its frame turned by its transform about its centre.
public func drawnCorners(_ attributes: LayoutAttributes) -> [Point] {
    let frame = attributes.frame, t = attributes.transform
    let halfWidth = frame.width / 2, halfHeight = frame.height / 2
    return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
        let x = sx * halfWidth, y = sy * halfHeight
        return Point(x: frame.midX + x * t.m11 + y * t.m21 + t.m41, y: frame.midY + x * t.m12 + y * t.m22 + t.m42)
    }
}

/// Pairs of cells whose drawn boxes (transforms included) share interior points: candidates
/// by bounding boxes, then separating axes for turned ones.
public func overlappingCells(_ cells: [LayoutAttributes], tolerance: Double = 1e-6) -> [(Int, Int)] {
    overlappingPairs(cells.map(\.visualFrame)).filter { first, second in
        guard cells[first].hasTransform || cells[second].hasTransform else { return true }
        let a = drawnCorners(cells[first]), b = drawnCorners(cells[second])
        for polygon in [a, b] {
            for index in 0..<4 {
                let p = polygon[index], q = polygon[(index + 1) % 4]
                let axis = Point(x: q.y - p.y, y: p.x - q.x)
                func project(_ points: [Point]) -> (Double, Double) {
                    let values = points.map { $0.x * axis.x + $0.y * axis.y }
                    return (values.min()!, values.max()!)
                }
                let (lowA, highA) = project(a), (lowB, highB) = project(b)
                let length = (axis.x * axis.x + axis.y * axis.y).squareRoot()
                if highA <= lowB + tolerance * length || highB <= lowA + tolerance * length { return false }
            }
        }
        return true
    }
}

/// Whether a point lies on a cell's drawn boundary (its transform about its centre included).
public func isOnBoundary(_ point: Point, of attributes: LayoutAttributes, tolerance: Double = 1e-6) -> Bool {
    guard attributes.hasTransform else { return isOnBoundary(point, of: attributes.frame, tolerance: tolerance) }
    let frame = attributes.frame, t = attributes.transform
    // Back into the box's own axes: invert the 2-D part.
    let dx = point.x - frame.midX - t.m41, dy = point.y - frame.midY - t.m42
    let determinant = t.m11 * t.m22 - t.m12 * t.m21
    let x = (dx * t.m22 - dy * t.m21) / determinant, y = (-dx * t.m12 + dy * t.m11) / determinant
    let local = Rect(x: -frame.width / 2, y: -frame.height / 2, width: frame.width, height: frame.height)
    return isOnBoundary(Point(x: x, y: y), of: local, tolerance: tolerance)
}
