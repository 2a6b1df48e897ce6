import CollectionLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A change a layout applies to its cells' attributes after placing them, as the seeds' flow
/// layout subclasses do in `layoutAttributesForElements(in:)`.
public enum LayoutEffect: Hashable, Sendable {
    /// Scales one item about its centre and draws it on top (zIndex 1): the pinch layout of
    /// *Subclassing Flow Layout*, which enlarges the cell being pinched. A box that would stick
    /// out of the content is moved inwards.
    case focus(IndexPath, scale: Double)
    /// Recipe 10-4's zoom, in two dimensions: each item is scaled by `cos(d·π/4)`, where `d` is
    /// its centre's distance from `center` divided by `radius` (at most 1), and its alpha is
    /// multiplied by the same factor; items far from the point shrink and fade. A nil radius is
    /// half the content's longer side.
    case fisheye(center: Point, radius: Double?)
}

/// Any layout with effects applied to its cells: the same elements, with transform, alpha and
/// zIndex changed, and connectors' ends moved onto the transformed boxes. Rect queries find
/// elements by where they are drawn (`visualFrame`), so an item scaled into a rectangle is
/// found there.
public final class EffectLayout: CollectionViewLayout {
    /// The layout that places the elements.
    public let base: any CollectionViewLayout
    /// The effects, applied in order.
    public let effects: [LayoutEffect]
    /// How far a cell can be drawn beyond its frame, so that queries of the base layout can be
    /// widened by it.
    private var reach = 0.0

    /// Wraps a layout.
    public init(base: any CollectionViewLayout, effects: [LayoutEffect]) {
        self.base = base
        self.effects = effects
    }

    public func prepare() {
        base.prepare()
        // A cell scaled by s reaches |s - 1| / 2 of its size beyond its frame, and so do the
        // connector ends that follow it.
        reach = 0
        for effect in effects {
            switch effect {
            case .focus(let path, let scale):
                if let frame = base.layoutAttributesForItem(at: path)?.frame {
                    // Twice: the box may also be moved inwards by as much as it sticks out.
                    reach = max(reach, abs(abs(scale) - 1) * max(frame.width, frame.height))
                }
            case .fisheye:
                var largest = 0.0
                let size = base.collectionViewContentSize
                base.enumerateCellAttributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) {
                    largest = max(largest, $0.frame.width, $0.frame.height)
                }
                reach = max(reach, (1 - cos(Double.pi / 4)) / 2 * largest)
            }
        }
    }

    public var collectionViewContentSize: Size { base.collectionViewContentSize }

    /// The attributes with every effect applied: cells change; connectors' ends follow the
    /// cells they touch; other elements stay.
    public func applyingEffects(to attributes: LayoutAttributes) -> LayoutAttributes {
        if attributes.representedElementCategory == .cell { return cellWithEffects(attributes) }
        if attributes.connector != nil { return connectorFollowingCells(attributes) }
        return attributes
    }

    /// A connector whose start and end are moved by the transforms of its parent and child
    /// (about their centres), so that it still touches the drawn boxes.
    private func connectorFollowingCells(_ attributes: LayoutAttributes) -> LayoutAttributes {
        guard let connector = attributes.connector else { return attributes }
        func moved(_ point: Point, with path: IndexPath) -> Point {
            guard let original = base.layoutAttributesForItem(at: path) else { return point }
            let cell = cellWithEffects(original)
            guard cell.hasTransform else { return point }
            let t = cell.transform, center = cell.center
            let dx = point.x - center.x, dy = point.y - center.y
            return Point(x: center.x + dx * t.m11 + dy * t.m21 + t.m41, y: center.y + dx * t.m12 + dy * t.m22 + t.m42)
        }
        let start = moved(connector.start, with: connector.parentIndexPath)
        let end = moved(connector.end, with: IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section))
        guard start != connector.start || end != connector.end else { return attributes }
        // Turn and control points that sat on an end move with it; a turn point that an
        // enlarged box now covers (the end moved past it) is dropped into the end.
        func follow(_ point: Point) -> Point { point == connector.start ? start : point == connector.end ? end : point }
        func turn(_ point: Point, _ old: Point, _ new: Point) -> Point {
            if point == old { return new }
            let before = (old.x - point.x) * (new.x - point.x) + (old.y - point.y) * (new.y - point.y)
            return before < 0 ? new : point
        }
        var followed = ConnectorAttributes(parentIndexPath: connector.parentIndexPath, lineStartTop: start.y > end.y,
                                           start: start, end: end,
                                           turnOut: turn(connector.turnOut, connector.start, start),
                                           turnIn: turn(connector.turnIn, connector.end, end),
                                           curveOut: follow(connector.curveOut), curveIn: follow(connector.curveIn),
                                           isCurved: connector.isCurved)
        followed.via = connector.via
        var result = attributes
        result.connector = followed
        result.frame = IndexedLayoutBase.bounds(of: followed)
        return result
    }

    private func cellWithEffects(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var result = attributes
        for effect in effects {
            switch effect {
            case .focus(let path, let scale):
                guard path == attributes.indexPath else { continue }
                result.transform = result.transform.concatenating(.scale(x: scale, y: scale))
                result.zIndex = max(result.zIndex, 1)
            case .fisheye(let center, let radius):
                let size = base.collectionViewContentSize
                let reach = radius ?? max(size.width, size.height) / 2
                let itemCenter = result.center
                let distance = ((itemCenter.x - center.x) * (itemCenter.x - center.x) + (itemCenter.y - center.y) * (itemCenter.y - center.y)).squareRoot()
                let normalized = reach > 0 ? min(1, distance / reach) : 1
                let zoom = cos(normalized * Double.pi / 4)
                result.transform = result.transform.concatenating(.scale(x: zoom, y: zoom))
                result.alpha *= zoom
            }
        }
        // An enlarged box stays inside the content: moved inwards by as much as it sticks out
        // (centred when it is larger than the content), so nothing is clipped.
        if result.hasTransform {
            let size = base.collectionViewContentSize
            let drawn = result.visualFrame
            func inwards(_ low: Double, _ high: Double, _ extent: Double) -> Double {
                if high - low >= extent { return extent / 2 - (low + high) / 2 }
                return low < 0 ? -low : high > extent ? extent - high : 0
            }
            let dx = inwards(drawn.minX, drawn.maxX, size.width), dy = inwards(drawn.minY, drawn.maxY, size.height)
            if dx != 0 || dy != 0 { result.transform = result.transform.concatenating(.translation(x: dx, y: dy)) }
        }
        return result
    }

    /// The base layout's elements near `rect`, with effects, that are drawn inside it.
    /// `body` gets the attributes with effects and the zIndex the base layout gave.
    private func enumerateBase(in rect: Rect, drawingOrder: Bool, cellsOnly: Bool, _ body: (LayoutAttributes, Int) -> Void) {
        let wide = rect.insetBy(dx: -reach, dy: -reach)
        let visit: (LayoutAttributes) -> Void = { attributes in
            let changed = self.applyingEffects(to: attributes)
            if changed.visualFrame.intersects(rect) { body(changed, attributes.zIndex) }
        }
        if cellsOnly { base.enumerateCellAttributes(in: wide, visit) }
        else if drawingOrder { base.enumerateLayoutAttributesInDrawingOrder(in: wide, visit) }
        else { base.enumerateLayoutAttributes(in: wide, visit) }
    }

    public func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateBase(in: rect, drawingOrder: false, cellsOnly: false) { attributes, _ in body(attributes) }
    }

    public func enumerateCellAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateBase(in: rect, drawingOrder: false, cellsOnly: true) { attributes, _ in body(attributes) }
    }

    /// The base layout's drawing order, with elements whose zIndex an effect raised held back
    /// and drawn after everything below them.
    public func enumerateLayoutAttributesInDrawingOrder(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        var held: [LayoutAttributes] = []
        var lowestHeld = Int.max
        enumerateBase(in: rect, drawingOrder: true, cellsOnly: false) { attributes, baseZIndex in
            // Raised elements wait, and so does everything above the lowest of them.
            if attributes.zIndex > baseZIndex || attributes.zIndex > lowestHeld {
                held.append(attributes)
                lowestHeld = min(lowestHeld, attributes.zIndex)
            } else {
                body(attributes)
            }
        }
        // Stable: equal zIndex keeps the base layout's order.
        for attributes in held.enumerated().sorted(by: { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }) {
            body(attributes.element)
        }
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        base.layoutAttributesForItem(at: indexPath).map(applyingEffects)
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        base.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath).map(applyingEffects)
    }

    public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        base.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        base.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    public func invalidationContext(forBoundsChange newBounds: Rect) -> LayoutInvalidationContext {
        base.invalidationContext(forBoundsChange: newBounds)
    }

    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes) -> Bool {
        base.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    }

    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes) -> LayoutInvalidationContext {
        base.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    }

    public func invalidate(_ context: LayoutInvalidationContext,
                           forPreferredLayoutAttributes preferred: LayoutAttributes,
                           withOriginalAttributes original: LayoutAttributes) {
        base.invalidate(context, forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    }

    public func invalidateLayout(with context: LayoutInvalidationContext) { base.invalidateLayout(with: context) }

    public func makeInvalidationContext() -> LayoutInvalidationContext { base.makeInvalidationContext() }

    public func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        base.prepare(forCollectionViewUpdates: updateItems)
    }

    public func finalizeCollectionViewUpdates() { base.finalizeCollectionViewUpdates() }

    public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        base.initialLayoutAttributesForAppearingItem(at: indexPath)
    }

    public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        base.finalLayoutAttributesForDisappearingItem(at: indexPath)
    }

    /// Where the base layout stops scrolling. Its rule is kept as it is: the effects scale cells
    /// about their own centres (moving only a focused box that would stick out of the content),
    /// so the places the base snaps to stay where the drawn cells are.
    public func targetContentOffset(forProposedContentOffset proposed: Point, boundsSize: Size) -> Point {
        base.targetContentOffset(forProposedContentOffset: proposed, boundsSize: boundsSize)
    }
}
