/// An invalidation context that carries new item sizes, as cells report them through
/// `preferredLayoutAttributesFitting` (the talk's slide 23, for any layout).
open class SelfSizingInvalidationContext: LayoutInvalidationContext {
    /// New sizes in the order they were recorded; applied in that order, so a later size
    /// for the same item wins. A list, not a dictionary: adding thousands of cells in a
    /// self-sizing pass then costs no hashing.
    public private(set) var sizeChanges: [(indexPath: IndexPath, size: Size)] = []
    /// Sections whose new sizes' consequences (`SelfSizingLayout.supplementaryElementsMoved`)
    /// are already marked: a pass that sizes thousands of cells of one section marks them once.
    var sectionsWithMarkedMoves = IndexBitSet()

    public required init() {}

    /// New sizes by item index path (the latest for each item).
    public var invalidatedSizes: [IndexPath: Size] {
        Dictionary(sizeChanges.map { ($0.indexPath, $0.size) }, uniquingKeysWith: { _, newer in newer })
    }

    /// Records a new size for an item; sizes must be finite and non-negative.
    public func invalidateSize(_ size: Size, forItemAt indexPath: IndexPath) {
        precondition(size.width >= 0 && size.height >= 0 && size.width.isFinite && size.height.isFinite,
                     "item sizes must be finite and non-negative")
        sizeChanges.append((indexPath, size))
    }

    open override func merge(_ other: LayoutInvalidationContext) {
        super.merge(other)
        if let other = other as? SelfSizingInvalidationContext {
            sizeChanges.append(contentsOf: other.sizeChanges)
            sectionsWithMarkedMoves.formUnion(other.sectionsWithMarkedMoves)
        }
    }
}
