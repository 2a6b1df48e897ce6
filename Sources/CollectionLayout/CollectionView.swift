/// The counts a collection view needs from its data (`UICollectionViewDataSource`).
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections() -> Int
    /// The number of items in a section.
    func numberOfItems(inSection section: Int) -> Int
}

/// What a cell reports about itself when asked to fit
/// (`UICollectionReusableView.preferredLayoutAttributesFitting(_:)`).
public protocol CellSizing: AnyObject {
    /// The attributes the cell at `attributes.indexPath` would like, usually a new size.
    func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes
}

/// A headless collection view: drives a layout the way `UICollectionView` does, without views.
///
/// `layoutIfNeeded()` prepares the layout and lets every cell in the viewport (or in the whole
/// content, when the viewport is nil) report its preferred attributes. All changes found in one
/// pass go into one invalidation context, so self-sizing costs one reflow per pass, not per cell.
public final class CollectionView {
    /// The layout that places the elements.
    public let collectionViewLayout: any CollectionViewLayout
    /// Counts of sections and items.
    public let dataSource: any CollectionViewDataSource
    /// The cells' self-sizing; nil keeps the layout's estimated attributes.
    public var cellSizing: (any CellSizing)?
    /// The visible rectangle; nil means the whole content is visible at once.
    public var viewport: Rect?

    /// How many self-sizing passes ran, and how many cells reported, for instrumentation.
    public private(set) var selfSizingPasses = 0
    public private(set) var cellsSized = 0

    private var needsPrepare = true
    private var sized: [[Bool]] = []

    /// Creates a collection view for a layout and its data.
    public init(layout: any CollectionViewLayout, dataSource: any CollectionViewDataSource) {
        self.collectionViewLayout = layout
        self.dataSource = dataSource
    }

    /// The content size after the last layout pass.
    public var contentSize: Size { collectionViewLayout.collectionViewContentSize }

    /// Invalidates the layout with a context and schedules a new layout pass.
    public func invalidateLayout(with context: LayoutInvalidationContext) {
        collectionViewLayout.invalidateLayout(with: context)
        if context.invalidateEverything || context.invalidateDataSourceCounts { sized = [] }
        needsPrepare = true
    }

    /// Prepares the layout and self-sizes the visible cells until nothing changes.
    public func layoutIfNeeded() {
        if sized.isEmpty {
            let sections = dataSource.numberOfSections()
            sized = (0..<sections).map { [Bool](repeating: false, count: dataSource.numberOfItems(inSection: $0)) }
        }
        if needsPrepare {
            collectionViewLayout.prepare()
            needsPrepare = false
        }
        guard let cellSizing else { return }
        while true {
            let visible = viewport ?? Rect(origin: .zero, size: collectionViewLayout.collectionViewContentSize)
            let layout = collectionViewLayout
            // Cells report as they are enumerated; their contexts merge into one per pass,
            // applied once the enumeration is over.
            var context: LayoutInvalidationContext? = nil
            var reported = 0
            layout.enumerateCellAttributes(in: visible) { original in
                let path = original.indexPath
                guard !sized[path.section][path.item] else { return }
                sized[path.section][path.item] = true
                reported += 1
                let preferred = cellSizing.preferredLayoutAttributesFitting(original)
                guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return }
                let cellContext = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
                if let context { context.merge(cellContext) } else { context = cellContext }
            }
            if reported == 0 { return }
            selfSizingPasses += 1
            cellsSized += reported
            if let context {
                layout.invalidateLayout(with: context)
                layout.prepare()
            }
        }
    }

    /// Scrolls so that `rect` is the viewport, then lays out what became visible.
    public func scroll(to rect: Rect) {
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: rect) {
            let context = collectionViewLayout.makeInvalidationContext()
            context.invalidateEverything = true
            invalidateLayout(with: context)
        }
        viewport = rect
        layoutIfNeeded()
    }

    /// The attributes of the elements in the viewport (or everywhere), after a layout pass.
    public func visibleLayoutAttributes() -> [LayoutAttributes] {
        layoutIfNeeded()
        let visible = viewport ?? Rect(origin: .zero, size: contentSize)
        return collectionViewLayout.layoutAttributesForElements(in: visible)
    }
}
