/// A layout: computes attributes for the elements of a collection (`UICollectionViewLayout`).
///
/// The collection view calls `prepare()` before asking for attributes, and again after each
/// `invalidateLayout(with:)`. Queries are answered from what `prepare()` computed.
public protocol CollectionViewLayout: AnyObject {
    /// Computes whatever the queries need; cheap when nothing was invalidated.
    func prepare()

    /// Prepares the first layout of a collection whose cells are about to report their sizes
    /// while it is scrolled over (`CollectionView.selfSizeByScrolling`): every item is still at
    /// its estimated size, and the placement only decides which viewport first shows each cell.
    /// A layout whose full placement is costly may place roughly here and return true; the
    /// collection view then has it `prepare` in full after the cells report (or at the end, if
    /// none changed size). The default prepares in full and returns false.
    func prepareEstimatedLayout() -> Bool

    /// The size of the whole drawing.
    var collectionViewContentSize: Size { get }

    /// Calls `body` with the attributes of every element whose frame intersects `rect`
    /// (edges included), in a deterministic order. The streaming form of
    /// `layoutAttributesForElements(in:)`, for renderers of very large collections.
    func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void)

    /// The attributes of every element whose frame intersects `rect`, edges included
    /// (UIKit's `layoutAttributesForElements(in:)`). The default collects
    /// `enumerateLayoutAttributes(in:_:)`, which is what the collection view calls: a layout
    /// implements that one, and this one only to answer callers differently.
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

    /// Only the cells among those elements: what a collection view needs to self-size its cells.
    /// The default filters `enumerateLayoutAttributes`; a layout can skip computing the rest.
    func enumerateCellAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void)

    /// The same elements grouped by ascending zIndex, so that what is drawn later is on top, as
    /// a collection view stacks its views. The default enumerates once per zIndex level; a
    /// layout that knows its levels can do it in one pass.
    func enumerateLayoutAttributesInDrawingOrder(in rect: Rect, _ body: (LayoutAttributes) -> Void)

    /// The attributes of the item at an index path, or nil if there is none.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// The attributes of a supplementary element, or nil if there is none.
    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?

    /// The attributes of a decoration element, or nil if there is none.
    func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?

    /// Whether scrolling to `newBounds` requires a new layout.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

    /// What scrolling to `newBounds` invalidates, where `shouldInvalidateLayout(forBoundsChange:)`
    /// says it does: a layout whose elements follow the viewport (sticky headers) marks only
    /// those. The default invalidates everything.
    func invalidationContext(forBoundsChange newBounds: Rect) -> LayoutInvalidationContext

    /// Whether a cell's own idea of its attributes (usually its size) changes the layout.
    func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                withOriginalAttributes original: LayoutAttributes) -> Bool

    /// A context describing what a cell's preferred attributes invalidate. The default marks
    /// the cell's item invalidated (in a context of `makeInvalidationContext()`'s class); it
    /// carries no size: a layout that takes sizes records them in its own context class (or uses
    /// `SelfSizingLayout`, which does). A collection view folds all the cells of one self-sizing
    /// pass into the first cell's context with `LayoutInvalidationContext.merge(_:)`, so a context
    /// class with records of its own must override `merge` to keep every cell's.
    func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                             withOriginalAttributes original: LayoutAttributes) -> LayoutInvalidationContext

    /// Adds what a cell's preferred attributes invalidate to a context a pass already holds:
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)` merged into
    /// `context`, which is what the default does. A driver that collects every cell of a pass
    /// into one context calls it, so that a layout can record each cell without making a
    /// context for it.
    func invalidate(_ context: LayoutInvalidationContext,
                    forPreferredLayoutAttributes preferred: LayoutAttributes,
                    withOriginalAttributes original: LayoutAttributes)

    /// Marks what a context describes as out of date; the next `prepare()` recomputes it.
    func invalidateLayout(with context: LayoutInvalidationContext)

    /// Marks everything out of date. The default passes a context of
    /// `makeInvalidationContext()`'s class with `invalidateEverything` set to
    /// `invalidateLayout(with:)`.
    func invalidateLayout()

    /// A new, empty context of the layout's own class.
    func makeInvalidationContext() -> LayoutInvalidationContext

    /// Called in a batch update after `prepare()` has placed the items as they are after it, with
    /// the update's items in the order given: a layout records what it needs for the appearing
    /// and disappearing attributes (recipe 10-6 keeps the inserted and deleted index paths).
    /// The default does nothing.
    func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem])

    /// Called once a batch update's attributes were all asked for: a layout forgets what
    /// `prepare(forCollectionViewUpdates:)` recorded. The default does nothing.
    func finalizeCollectionViewUpdates()

    /// Where an item that is being inserted starts, before it moves to its final attributes.
    func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// Where an item that is being deleted ends.
    func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// Where scrolling that would stop at `proposed` (the viewport's origin) should stop instead,
    /// for a viewport of `boundsSize` (UIKit's `targetContentOffset(forProposedContentOffset:)`,
    /// which reads the size from the collection view; recipe 10-5).
    func targetContentOffset(forProposedContentOffset proposed: Point, boundsSize: Size) -> Point
}

extension CollectionViewLayout {
    public func prepareEstimatedLayout() -> Bool {
        prepare()
        return false
    }

    /// The attributes of every element whose frame intersects `rect`, edges included.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        enumerateLayoutAttributes(in: rect) { result.append($0) }
        return result
    }

    public func enumerateCellAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateLayoutAttributes(in: rect) { attributes in
            if attributes.representedElementCategory == .cell { body(attributes) }
        }
    }

    public func enumerateLayoutAttributesInDrawingOrder(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        var levels = Set<Int>()
        enumerateLayoutAttributes(in: rect) { levels.insert($0.zIndex) }
        for level in levels.sorted() {
            enumerateLayoutAttributes(in: rect) { attributes in
                if attributes.zIndex == level { body(attributes) }
            }
        }
    }

    /// Invalidates everything (`invalidateLayout()`).
    public func invalidateLayout() {
        let context = makeInvalidationContext()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    public func invalidationContext(forBoundsChange newBounds: Rect) -> LayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateEverything = true
        return context
    }

    public func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    public func finalizeCollectionViewUpdates() {}

    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes) -> Bool {
        false
    }

    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes) -> LayoutInvalidationContext {
        let context = makeInvalidationContext()
        if preferred.representedElementCategory == .cell { context.invalidateItems(at: [preferred.indexPath]) }
        return context
    }

    public func invalidate(_ context: LayoutInvalidationContext,
                           forPreferredLayoutAttributes preferred: LayoutAttributes,
                           withOriginalAttributes original: LayoutAttributes) {
        context.merge(invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    }

    public func makeInvalidationContext() -> LayoutInvalidationContext { LayoutInvalidationContext() }

    /// By default an item fades in where it will end up (UIKit's default: alpha 0).
    public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath)
    }

    /// By default an item fades out where it was.
    public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath)
    }

    /// By default scrolling stops where it would (UIKit's default).
    public func targetContentOffset(forProposedContentOffset proposed: Point, boundsSize: Size) -> Point { proposed }

    /// The item's attributes with alpha 0: UIKit's appearing and disappearing default, for
    /// layouts (classes whose subclasses override these) that keep it; moved to `center` and
    /// scaled by `scale` where given (after its own transform), for items that grow out of or shrink
    /// into a point (recipe 10-6).
    public func transparentAttributesForItem(at indexPath: IndexPath, centeredAt center: Point? = nil,
                                             scale: Double? = nil) -> LayoutAttributes? {
        guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        if let center { attributes.center = center }
        if let scale { attributes.transform = attributes.transform.concatenating(.scale(x: scale, y: scale)) }
        attributes.alpha = 0
        return attributes
    }
}
