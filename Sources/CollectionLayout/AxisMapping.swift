/// Orientation as its own step (ELK's way): a layout places in canonical axes — sections
/// along x, items stacked along y — and this maps that drawing to the real one and queries
/// back. Sections can run against x (mirrored: right to left), down the page (transposed:
/// top to bottom), or both (bottom to top). Every layout with a direction uses this one map.
public struct AxisMapping: Hashable, Sendable {
    /// Whether sections run down the page: x and y trade places.
    public var transposes: Bool
    /// Whether sections run against the canonical direction (x mirrored within `extent`).
    public var mirrors: Bool
    /// The canonical content width, which mirroring reflects within.
    public var extent: Double

    /// A mapping; the identity unless told otherwise.
    public init(transposes: Bool = false, mirrors: Bool = false, extent: Double = 0) {
        self.transposes = transposes
        self.mirrors = mirrors
        self.extent = extent
    }

    /// Whether the mapping changes nothing.
    public var isIdentity: Bool { !transposes && !mirrors }

    /// A real size in canonical axes (and back: transposing is its own inverse).
    public func canonical(_ size: Size) -> Size {
        transposes ? Size(width: size.height, height: size.width) : size
    }

    /// A canonical point in real axes.
    public func oriented(_ point: Point) -> Point {
        let x = mirrors ? extent - point.x : point.x
        return transposes ? Point(x: point.y, y: x) : Point(x: x, y: point.y)
    }

    /// A canonical rectangle in real axes.
    public func oriented(_ rect: Rect) -> Rect {
        let mirrored = mirrors ? Rect(x: extent - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
        return transposes ? Self.transposed(mirrored) : mirrored
    }

    /// The canonical rectangle that `oriented` maps onto a real one.
    public func canonical(_ rect: Rect) -> Rect {
        let unturned = transposes ? Self.transposed(rect) : rect
        return mirrors ? Rect(x: extent - unturned.maxX, y: unturned.minY, width: unturned.width, height: unturned.height) : unturned
    }

    /// Canonical attributes in real axes: the frame, and a connector's points.
    public func oriented(_ attributes: LayoutAttributes) -> LayoutAttributes {
        guard !isIdentity else { return attributes }
        var result = attributes
        result.frame = oriented(attributes.frame)
        if let connector = attributes.connector { result.connector = connector.mapped(oriented) }
        return result
    }

    private static func transposed(_ rect: Rect) -> Rect {
        Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
    }
}
