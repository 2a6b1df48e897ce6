/// What kind of element an attributes object describes (`UICollectionView.ElementCategory`).
public enum ElementCategory: UInt8, Sendable, CustomStringConvertible {
    case cell
    case supplementaryView
    case decorationView

    /// `cell`, `supplementary` or `decoration`, the names used in JSON.
    public var description: String {
        switch self {
        case .cell: "cell"
        case .supplementaryView: "supplementary"
        case .decorationView: "decoration"
        }
    }
}

/// The kind string of a supplementary or decoration element.
public struct ElementKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// A line linking a parent item to a child item.
    public static let connector: ElementKind = "connector"
    /// A decoration behind a whole section (alternating column bands).
    public static let band: ElementKind = "band"
    /// A section's title: a decoration above a schematic column, or the supplementary header
    /// before a section of a flow or grid (`UICollectionView.elementKindSectionHeader`).
    public static let header: ElementKind = "header"
    /// The supplementary footer after a section (`UICollectionView.elementKindSectionFooter`).
    public static let footer: ElementKind = "footer"
    /// A decoration behind a group of items drawn together (a card behind a nesting panel).
    public static let panel: ElementKind = "panel"
}

/// The geometry of a connector element, beyond its frame.
public struct ConnectorAttributes: Hashable, Sendable {
    /// The item the connector starts from.
    public var parentIndexPath: IndexPath
    /// The talk's flag: true when the line runs from the bottom-left to the top-right of the
    /// frame, i.e. the parent's centre is below the child's.
    public var lineStartTop: Bool
    /// Where the line starts (the parent's right middle).
    public var start: Point
    /// Where the line ends (the child's left middle).
    public var end: Point
    /// Where the path turns: from `start` it runs to `turnOut` (level, out of the parent's
    /// column), then to `turnIn` (a straight line between the column edges, or, when both are on
    /// one bus, an elbow), then to `end`. With `isCurved`, the middle part is a cubic curve with
    /// control points `curveOut` and `curveIn`.
    public var turnOut: Point
    public var turnIn: Point
    public var curveOut: Point
    public var curveIn: Point
    /// Whether the middle of the path is a cubic curve rather than a line.
    public var isCurved: Bool
    /// Further corners of a polyline between `turnIn` and `end` (a bus into a wrapped block of
    /// children); empty for most connectors, and unused when `isCurved`.
    public var via: [Point] = []
    /// Whether the piece from `start` to `turnOut` is also drawn by an earlier connector of the
    /// same parent: a renderer that strokes each connector apart may leave it out, so that it is
    /// not stroked once per child (anti-aliased edges darken with every stroke).
    public var sharesLeadOut = false
    /// Where this connector's own piece of a polyline path begins, where the path before it is
    /// also drawn by an earlier connector of the same parent (their common start, along shared
    /// buses too); nil: at `start`. A renderer that strokes each connector apart may start there.
    public var drawnFrom: Point?

    public init(parentIndexPath: IndexPath, lineStartTop: Bool, start: Point, end: Point,
                turnOut: Point? = nil, turnIn: Point? = nil, curveOut: Point? = nil, curveIn: Point? = nil,
                isCurved: Bool = false) {
        self.parentIndexPath = parentIndexPath
        self.lineStartTop = lineStartTop
        self.start = start
        self.end = end
        self.turnOut = turnOut ?? start
        self.turnIn = turnIn ?? end
        self.curveOut = curveOut ?? self.turnOut
        self.curveIn = curveIn ?? self.turnIn
        self.isCurved = isCurved
    }

    /// The same connector with every point moved by `transform` (e.g. to another orientation).
    public func mapped(_ transform: (Point) -> Point) -> ConnectorAttributes {
        let start = transform(start), end = transform(end)
        var result = ConnectorAttributes(parentIndexPath: parentIndexPath, lineStartTop: start.y > end.y, start: start, end: end,
                                         turnOut: transform(turnOut), turnIn: transform(turnIn),
                                         curveOut: transform(curveOut), curveIn: transform(curveIn), isCurved: isCurved)
        if !via.isEmpty { result.via = via.map(transform) }
        result.sharesLeadOut = sharesLeadOut
        result.drawnFrom = drawnFrom.map(transform)
        return result
    }

    /// The points of the path: a polyline without repeated points or, when `isCurved`, cubic
    /// Bézier pieces (start, control, control, end, control, control, end…). Computed on demand,
    /// so that attributes stay cheap to make by the million.
    public var path: [Point] {
        if isCurved {
            guard !via.isEmpty else { return [start, turnOut, turnOut, turnOut, curveOut, curveIn, turnIn, turnIn, turnIn, end] }
            // Straight pieces through the further corners.
            var points = [start, turnOut, turnOut, turnOut, curveOut, curveIn, turnIn]
            var last = turnIn
            for point in via + [end] { points += [last, last, point]; last = point }
            return points
        }
        var points = [start]
        forEachPolylinePoint { if $0 != start || points.count > 1 { points.append($0) } }
        return points.count >= 2 ? points : [start, end]
    }

    /// Calls `body` with each point of the polyline path (not curved), repeats left out,
    /// without building an array.
    @inlinable
    public func forEachPolylinePoint(_ body: (Point) -> Void) {
        body(start)
        var last = start
        if turnOut != last { body(turnOut); last = turnOut }
        if turnIn != last { body(turnIn); last = turnIn }
        for point in via where point != last { body(point); last = point }
        if end != last { body(end) }
    }
}

/// Everything a renderer needs to place one element (`UICollectionViewLayoutAttributes`).
public struct LayoutAttributes: Hashable, Sendable {
    /// The element's position in the collection.
    public var indexPath: IndexPath
    /// Cell, supplementary view or decoration view.
    public var representedElementCategory: ElementCategory
    /// The kind of a supplementary or decoration element; nil for cells.
    public var representedElementKind: ElementKind?
    /// The frame, before `transform` is applied about its centre.
    public var frame: Rect
    /// A transform applied about the centre of the frame.
    public var transform: Transform3D {
        get { transformStorage?.value ?? .identity }
        set { transformStorage = newValue.isIdentity ? nil : TransformBox(newValue) }
    }
    /// Most elements keep the identity: storing it out of line keeps attributes small to copy.
    private var transformStorage: TransformBox?

    /// Whether `transform` is something other than the identity (cheaper than comparing it).
    public var hasTransform: Bool { transformStorage != nil }
    /// Opacity, 0 to 1.
    public var alpha: Double = 1
    /// Drawing order: higher is drawn later, on top.
    public var zIndex: Int = 0
    /// Whether the element is laid out but not drawn.
    public var isHidden: Bool = false
    /// Set for connectors.
    public var connector: ConnectorAttributes?
    /// Text a decoration view shows (a section header's title), if any.
    public var text: String?

    /// Attributes of a cell.
    public init(forCellWith indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath
        self.representedElementCategory = .cell
        self.representedElementKind = nil
        self.frame = frame
    }

    /// Attributes of a supplementary view.
    public init(forSupplementaryViewOfKind kind: ElementKind, with indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath
        self.representedElementCategory = .supplementaryView
        self.representedElementKind = kind
        self.frame = frame
    }

    /// Attributes of a decoration view.
    public init(forDecorationViewOfKind kind: ElementKind, with indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath
        self.representedElementCategory = .decorationView
        self.representedElementKind = kind
        self.frame = frame
    }

    /// The centre of the frame; setting it moves the frame.
    public var center: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// Where the element is drawn: the frame's bounding box once `transform` is applied about
    /// its centre. Rect queries of layouts with transforms match against it, so that an item
    /// scaled into view is found.
    public var visualFrame: Rect { hasTransform ? transform.boundingBox(ofFrame: frame) : frame }

    /// The size of the frame; setting it keeps the centre.
    public var size: Size {
        get { frame.size }
        set {
            let center = self.center
            frame.size = newValue
            self.center = center
        }
    }
}

/// An immutable, shared non-identity transform.
private final class TransformBox: Hashable, Sendable {
    let value: Transform3D
    init(_ value: Transform3D) { self.value = value }
    static func == (lhs: TransformBox, rhs: TransformBox) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
