/// What part of a layout is out of date (`UICollectionViewLayoutInvalidationContext`).
///
/// Layouts subclass it to carry their own facts, as the talk's schematic context carries
/// new item sizes. Besides single index paths, whole sections can be marked, which keeps a
/// context's size independent of how many items a section has.
open class LayoutInvalidationContext {
    /// Everything must be recomputed (`invalidateLayout()`).
    public var invalidateEverything = false
    /// The number of sections or items changed.
    public var invalidateDataSourceCounts = false
    /// Items marked one by one, in the order they were marked.
    public private(set) var invalidatedItemIndexPaths: [IndexPath] = []
    /// Sections all of whose items are invalid.
    public var invalidatedItemSections: Set<Int> { Set(itemSectionMarks) }
    /// The same sections as a bit set: marking one costs no hashing, however often a pass marks it.
    public private(set) var itemSectionMarks = IndexBitSet()
    /// Supplementary elements marked one by one, by kind.
    public private(set) var invalidatedSupplementaryIndexPaths: [ElementKind: [IndexPath]] = [:]
    /// Sections all of whose supplementary elements of a kind are invalid.
    public var invalidatedSupplementarySections: [ElementKind: Set<Int>] {
        Dictionary(uniqueKeysWithValues: supplementarySectionMarks.map { ($0.kind, Set($0.sections)) })
    }
    /// The same sections as bit sets, one per kind in the order the kinds were first marked: a
    /// layout has a few kinds, so a short list is searched without hashing the kind's string.
    public private(set) var supplementarySectionMarks: [(kind: ElementKind, sections: IndexBitSet)] = []
    /// Decoration elements marked one by one, by kind.
    public private(set) var invalidatedDecorationIndexPaths: [ElementKind: [IndexPath]] = [:]
    /// A change to the content size the layout should apply.
    public var contentSizeAdjustment: Size = .zero

    public required init() {}

    /// Marks items invalid.
    public func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths.append(contentsOf: indexPaths)
    }

    /// Marks every item of a section (a valid, so non-negative, index) invalid.
    public func invalidateItems(inSection section: Int) {
        itemSectionMarks.insert(section)
    }

    /// Marks supplementary elements invalid.
    public func invalidateSupplementaryElements(ofKind kind: ElementKind, at indexPaths: [IndexPath]) {
        invalidatedSupplementaryIndexPaths[kind, default: []].append(contentsOf: indexPaths)
    }

    /// Marks every supplementary element of a kind in a section (non-negative) invalid.
    public func invalidateSupplementaryElements(ofKind kind: ElementKind, inSection section: Int) {
        supplementarySectionMarks[markIndex(ofKind: kind)].sections.insert(section)
    }

    /// The position of `kind`'s sections in `supplementarySectionMarks`, added if new.
    private func markIndex(ofKind kind: ElementKind) -> Int {
        if let index = supplementarySectionMarks.firstIndex(where: { $0.kind == kind }) { return index }
        supplementarySectionMarks.append((kind, IndexBitSet()))
        return supplementarySectionMarks.count - 1
    }

    /// Marks decoration elements invalid.
    public func invalidateDecorationElements(ofKind kind: ElementKind, at indexPaths: [IndexPath]) {
        invalidatedDecorationIndexPaths[kind, default: []].append(contentsOf: indexPaths)
    }

    /// The sections touched by any item or supplementary invalidation, smallest first.
    public var invalidatedSections: [Int] {
        var sections = itemSectionMarks
        for path in invalidatedItemIndexPaths { sections.insert(path.section) }
        for paths in invalidatedSupplementaryIndexPaths.values { for path in paths { sections.insert(path.section) } }
        for marks in supplementarySectionMarks { sections.formUnion(marks.sections) }
        return Array(sections)
    }

    /// Adds another context's marks to this one, so a driver can apply many changes in one pass.
    /// Subclasses that carry more state override it and call `super`.
    open func merge(_ other: LayoutInvalidationContext) {
        invalidateEverything = invalidateEverything || other.invalidateEverything
        invalidateDataSourceCounts = invalidateDataSourceCounts || other.invalidateDataSourceCounts
        invalidatedItemIndexPaths.append(contentsOf: other.invalidatedItemIndexPaths)
        itemSectionMarks.formUnion(other.itemSectionMarks)
        for (kind, paths) in other.invalidatedSupplementaryIndexPaths {
            invalidatedSupplementaryIndexPaths[kind, default: []].append(contentsOf: paths)
        }
        for (kind, sections) in other.supplementarySectionMarks {
            supplementarySectionMarks[markIndex(ofKind: kind)].sections.formUnion(sections)
        }
        for (kind, paths) in other.invalidatedDecorationIndexPaths {
            invalidatedDecorationIndexPaths[kind, default: []].append(contentsOf: paths)
        }
        contentSizeAdjustment.width += other.contentSizeAdjustment.width
        contentSizeAdjustment.height += other.contentSizeAdjustment.height
    }
}
