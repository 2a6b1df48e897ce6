/// A layout whose cells size themselves (the talk's slides 22–25), with the engine's one
/// implementation of what a new cell size invalidates and how a context is applied. A layout
/// says which supplementary elements a new size in a section moves and takes each size; the
/// bookkeeping is here.
public protocol SelfSizingLayout: CollectionViewLayout {
    /// Whether `prepare()` has run since the data (or everything) was last invalidated.
    var isPrepared: Bool { get }
    /// Forgets the preparation: the next `prepare()` starts from the data again.
    func discardPreparation()
    /// Takes a cell's new size (real axes), if `indexPath` is one of its items; of several sizes
    /// for one item, the last applied stands.
    func applySize(_ size: Size, toItemAt indexPath: IndexPath)
    /// Takes many cells' new sizes in the order given (of several for one item, the last
    /// stands). The default applies them one by one; a layout can take a pass's sizes in one
    /// loop over its storage.
    func applySizes(_ changes: [(indexPath: IndexPath, size: Size)])
    /// The supplementary elements, by kind and section, that a new size in `section` moves,
    /// besides the section's cells.
    func supplementaryElementsMoved(bySizeIn section: Int) -> [(kind: ElementKind, section: Int)]
}

extension SelfSizingLayout {
    /// Carries the new size and invalidates the item's section and what it moves: whole
    /// sections are marked, so the context stays small however long the section is.
    public func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                    withOriginalAttributes original: LayoutAttributes) -> LayoutInvalidationContext {
        let context = makeInvalidationContext() as? SelfSizingInvalidationContext ?? SelfSizingInvalidationContext()
        invalidate(context, forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        return context
    }

    /// Adds the new size to `context` and, the first time the context sees the item's section,
    /// the section and what a size in it moves: a pass's cells cost an append each, not a
    /// context each.
    public func invalidate(_ context: LayoutInvalidationContext,
                           forPreferredLayoutAttributes preferred: LayoutAttributes,
                           withOriginalAttributes original: LayoutAttributes) {
        guard let context = context as? SelfSizingInvalidationContext else {
            context.merge(invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
            return
        }
        let section = preferred.indexPath.section
        context.invalidateSize(preferred.size, forItemAt: preferred.indexPath)
        guard context.sectionsWithMarkedMoves.insert(section) else { return }
        context.invalidateItems(inSection: section)
        for (kind, moved) in supplementaryElementsMoved(bySizeIn: section) {
            context.invalidateSupplementaryElements(ofKind: kind, inSection: moved)
        }
    }

    /// A data change, or everything, discards the preparation; new sizes are applied in the
    /// order they were recorded.
    public func invalidateLayout(with context: LayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            discardPreparation()
            return
        }
        guard let context = context as? SelfSizingInvalidationContext, !context.sizeChanges.isEmpty else { return }
        // Sizes given before the first layout are not lost: they apply to it.
        if !isPrepared { prepare() }
        applySizes(context.sizeChanges)
    }

    public func applySizes(_ changes: [(indexPath: IndexPath, size: Size)]) {
        for (indexPath, size) in changes { applySize(size, toItemAt: indexPath) }
    }
}
