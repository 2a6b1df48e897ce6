import CollectionLayout

/// The talk's invalidation context: it carries new item sizes to apply (slide 23).
public final class SchematicInvalidationContext: LayoutInvalidationContext {
    /// New sizes in the order they were recorded; applied in that order, so a later size
    /// for the same item wins. A list, not a dictionary: merging thousands of one-cell
    /// contexts in a self-sizing pass then costs no hashing.
    public private(set) var sizeChanges: [(indexPath: IndexPath, size: Size)] = []

    public required init() {}

    /// New sizes by item index path (the latest for each item).
    public var invalidatedSizes: [IndexPath: Size] {
        Dictionary(sizeChanges.map { ($0.indexPath, $0.size) }, uniquingKeysWith: { _, newer in newer })
    }

    /// Records a new size for an item.
    public func invalidateSize(_ size: Size, forItemAt indexPath: IndexPath) {
        sizeChanges.append((indexPath, size))
    }

    public override func merge(_ other: LayoutInvalidationContext) {
        super.merge(other)
        if let other = other as? SchematicInvalidationContext {
            sizeChanges.append(contentsOf: other.sizeChanges)
        }
    }
}
