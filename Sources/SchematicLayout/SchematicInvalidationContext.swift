import CollectionLayout

/// The talk's invalidation context: it carries new item sizes to apply (slide 23).
public final class SchematicInvalidationContext: SelfSizingInvalidationContext {
    public required init() {}
}
