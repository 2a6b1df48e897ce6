import CollectionLayout

/// The talk's invalidation context: it carries new item sizes to apply (slide 23).
public final class SchematicInvalidationContext: LayoutInvalidationContext {
    /// New sizes by item index path; a later size for the same item replaces an earlier one.
    public private(set) var invalidatedSizes: [IndexPath: Size] = [:]

    public required init() {}

    /// Records a new size for an item.
    public func invalidateSize(_ size: Size, forItemAt indexPath: IndexPath) {
        invalidatedSizes[indexPath] = size
    }

    public override func merge(_ other: LayoutInvalidationContext) {
        super.merge(other)
        if let other = other as? SchematicInvalidationContext {
            invalidatedSizes.merge(other.invalidatedSizes) { _, newer in newer }
        }
    }
}
