/// A point in layout coordinates (y grows downwards, as in UIKit).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A width and height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle given by its origin (top-left) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// A rectangle every element intersects (`CGRect.infinite`'s finite stand-in): an origin
    /// of -∞ would make `maxX` NaN, and a query with it find nothing.
    public static let infinite = Rect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
                                      width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// Unlike `CGRect`'s, these read the rectangle as given: one of negative width or height
    /// has `maxX` left of `minX` (or `maxY` above `minY`), and intersects nothing until
    /// `standardized`. Layouts' frames never have negative sizes; a query rect may.
    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }

    /// Whether the two rectangles share at least one point, edges included, so that a
    /// zero-height connector lying on a query's edge is found.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The same rectangle with a non-negative width and height (`CGRect.standardized`).
    public var standardized: Rect {
        Rect(x: min(origin.x, origin.x + size.width), y: min(origin.y, origin.y + size.height),
             width: abs(size.width), height: abs(size.height))
    }

    /// Whether `point` lies inside the rectangle or on its edges.
    @inlinable public func contains(_ point: Point) -> Bool {
        minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    @inlinable public func contains(_ other: Rect) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    /// Whether the interiors overlap (touching edges do not count): the test for overlapping items.
    @inlinable public func overlapsInterior(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

extension Rect {
    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }

    /// The rectangle shrunk by `dx` left and right and `dy` above and below (grown if negative),
    /// as `CGRect.insetBy`.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// Distances inward from each edge of a rectangle (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

    public static let zero = EdgeInsets(all: 0)

    /// The insets with the axes swapped (top ↔ left, bottom ↔ right), for a layout that places
    /// along one axis and transposes to the other.
    public var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }

    public var description: String { "\(top),\(left),\(bottom),\(right)" }
}
