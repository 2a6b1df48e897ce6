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
    /// The attributes the cell at `attributes.indexPath` would like, usually a new size. A size
    /// that is not finite or is negative is ignored (the cell keeps its size).
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
    /// Told ahead of a batch of cells reporting (by `selfSizeByScrolling`), to prepare their data at once.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
    /// The visible rectangle; nil means the whole content is visible at once.
    public var viewport: Rect?

    /// How many self-sizing passes ran, and how many cells reported, for instrumentation.
    public private(set) var selfSizingPasses = 0
    public private(set) var cellsSized = 0

    private var needsPrepare = true
    private var sized: [[Bool]] = []
    /// Cells in `sized` not yet sized: once none is left, a pass has nothing to ask.
    private var unsizedCount = 0

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

    /// Records that every cell has already reported: the caller asked each cell for its
    /// preferred attributes and gave the layout those sizes as its estimates, so layout passes
    /// ask no cell again (until the data's counts change). Saves a pass over every cell.
    public func markEveryCellSized() {
        let sections = dataSource.numberOfSections()
        sized = (0..<sections).map { [Bool](repeating: true, count: dataSource.numberOfItems(inSection: $0)) }
        unsizedCount = 0
    }

    /// Prepares the layout and self-sizes the visible cells until nothing changes.
    public func layoutIfNeeded() {
        prepareIfNeeded()
        guard let cellSizing else { return }
        while unsizedCount > 0 {
            let visible = viewport ?? Rect(origin: .zero, size: collectionViewLayout.collectionViewContentSize)
            var context: LayoutInvalidationContext? = nil
            let reported = reportSizes(in: visible, with: cellSizing, into: &context)
            if reported == 0 { return }
            apply(context, reported: reported)
        }
    }

    /// Per section, how many items the layout placed in its last `prepare()` (nil before the
    /// first): a batch update's counts before it.
    private(set) var placedItemCounts: [Int]? = nil

    /// Prepares the layout if it was invalidated, and tracks which cells have sized themselves.
    func prepareIfNeeded() {
        markCellsUnsizedIfNeeded()
        if needsPrepare {
            collectionViewLayout.prepare()
            needsPrepare = false
            placedItemCounts = sized.map(\.count)
        }
    }

    private func markCellsUnsizedIfNeeded() {
        if sized.isEmpty {
            let sections = dataSource.numberOfSections()
            sized = (0..<sections).map { [Bool](repeating: false, count: dataSource.numberOfItems(inSection: $0)) }
            unsizedCount = sized.reduce(0) { $0 + $1.count }
        }
    }

    /// Lets every not yet sized cell in `rect` report its preferred attributes, as the layout
    /// now places them; their contexts merge into `context`. Returns how many cells reported.
    private func reportSizes(in rect: Rect, with cellSizing: any CellSizing, into context: inout LayoutInvalidationContext?) -> Int {
        var reported = 0
        var merged = context
        collectionViewLayout.enumerateCellAttributes(in: rect) { original in
            reported += report(original, with: cellSizing, into: &merged)
        }
        context = merged
        return reported
    }

    /// Lets one cell report its preferred attributes unless it already has; merges what they
    /// invalidate into `context`. Returns 1 if the cell reported, else 0.
    private func report(_ original: LayoutAttributes, with cellSizing: any CellSizing, into context: inout LayoutInvalidationContext?) -> Int {
        let path = original.indexPath
        precondition(path.section < sized.count && path.item < sized[path.section].count,
                     "the layout has an item at \(path) that the data source does not count (\(sized.count) sections): "
                     + "the data source and the layout must describe the same items")
        guard !sized[path.section][path.item] else { return 0 }
        sized[path.section][path.item] = true
        unsizedCount -= 1
        let layout = collectionViewLayout
        let preferred = cellSizing.preferredLayoutAttributesFitting(original)
        // A size no frame can have (NaN, infinite, negative: a failed measurement) is ignored:
        // the cell keeps the size it has.
        let size = preferred.size
        guard size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0 else { return 1 }
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return 1 }
        if let context {
            layout.invalidate(context, forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        } else {
            context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        }
        return 1
    }

    /// Ends a self-sizing pass: counts it and applies its context, if any cell changed.
    private func apply(_ context: LayoutInvalidationContext?, reported: Int) {
        selfSizingPasses += 1
        cellsSized += reported
        if let context {
            collectionViewLayout.invalidateLayout(with: context)
            collectionViewLayout.prepare()
        }
    }

    /// Self-sizes every cell by scrolling a viewport of `size` over the content, row by row
    /// from the top left, as a user paging through it would; the result is the layout that
    /// sizing the whole content at once gives.
    ///
    /// Within one sweep every viewport sees the layout as the sweep found it, and the sizes its
    /// cells report go into one invalidation context applied when the sweep ends: one layout
    /// pass per sweep, not one per viewport. Each cell reports in the first viewport that shows
    /// it. The sweep queries bands of whole viewport rows, each band's cells reported viewport
    /// by viewport; a band grows while it holds few cells, so empty stretches of a sparse
    /// drawing (a large circle) cost a query, not a query per viewport, and a dense one is
    /// never held in memory at once. Sweeps again while a sweep sized cells: sizes can grow the
    /// content or move cells into places already visited (a flow's lines re-wrap). Where the
    /// layout invalidates on a bounds change, each viewport is laid out on its own, as
    /// `scroll(to:)` does. Leaves the viewport nil.
    public func selfSizeByScrolling(viewport size: Size) {
        precondition(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
                     "a viewport has a finite, positive size")
        defer { viewport = nil }
        let bounds = Rect(origin: .zero, size: size)
        // The first placement only decides which viewport shows each cell first: a layout may
        // make it roughly (`prepareEstimatedLayout`), and is prepared in full once cells report.
        var rough = false
        markCellsUnsizedIfNeeded()
        if needsPrepare && cellSizing != nil && unsizedCount > 0
            && !collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
            rough = collectionViewLayout.prepareEstimatedLayout()
            needsPrepare = false
            placedItemCounts = sized.map(\.count)
        }
        prepareIfNeeded()
        guard let cellSizing else { return }
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
            scrollViewportByViewport(size)
            return
        }
        while unsizedCount > 0 {
            var context: LayoutInvalidationContext? = nil
            let reported = sweep(viewport: size, with: cellSizing, into: &context)
            if reported == 0 { break }
            if context != nil { rough = false }  // `apply` prepares in full
            apply(context, reported: reported)
        }
        if rough {
            collectionViewLayout.invalidateLayout()
            collectionViewLayout.prepare()
        }
    }

    /// About how many cells a band of viewport rows should hold: enough that a query's fixed
    /// cost is spread over many cells, few enough that their attributes stay small in memory.
    private static let cellsPerBand = 8192

    /// One sweep of `selfSizeByScrolling`: lets every unsized cell of the content, as the layout
    /// now places it, report in the first viewport that shows it; returns how many reported.
    private func sweep(viewport size: Size, with cellSizing: any CellSizing, into context: inout LayoutInvalidationContext?) -> Int {
        let layout = collectionViewLayout
        let content = contentSize  // as the sweep starts: all its viewports see this layout
        let columns = max(1, Int((content.width / size.width).rounded(.up)))
        let rows = max(1, Int((content.height / size.height).rounded(.up)))
        let width = Double(columns) * size.width
        var reported = 0
        // A band's unsized cells, each with its viewport within the band; sorted by viewport
        // (then as found) through `order`, so the attributes themselves are not moved.
        var cells: [LayoutAttributes] = []
        var order: [(viewport: Int, index: Int)] = []
        // The first band as tall as `cellsPerBand` cells would be if the unsized cells were
        // spread evenly over the rows; later bands adapt to the cells they find.
        var firstRow = 0, bandRows = max(1, min(rows, Self.cellsPerBand * rows / max(1, unsizedCount)))
        while firstRow < rows {
            let endRow = min(rows, firstRow + bandRows)
            let band = Rect(x: 0, y: Double(firstRow) * size.height, width: width, height: Double(endRow - firstRow) * size.height)
            cells.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            layout.enumerateCellAttributes(in: band) { original in
                let path = original.indexPath
                guard !sized[path.section][path.item] else { return }
                // Not shown in an earlier band (it would have reported there), so its first
                // viewport row is in this one; edges count. Clamped for frames a transform moved.
                let frame = original.frame
                let row = min(endRow - 1, max(firstRow, Int((frame.minY / size.height).rounded(.up)) - 1))
                let column = min(columns - 1, max(0, Int((frame.minX / size.width).rounded(.up)) - 1))
                order.append(((row - firstRow) * columns + column, cells.count))
                cells.append(original)
            }
            order.sort { ($0.viewport, $0.index) < ($1.viewport, $1.index) }
            if let prefetchDataSource, !order.isEmpty {
                prefetchDataSource.prefetchItems(at: order.map { cells[$0.index].indexPath })
            }
            var lastViewport = -1
            for (bandViewport, index) in order {
                if bandViewport != lastViewport {
                    lastViewport = bandViewport
                    let row = firstRow + bandViewport / columns, column = bandViewport % columns
                    viewport = Rect(x: Double(column) * size.width, y: Double(row) * size.height,
                                    width: size.width, height: size.height)
                }
                reported += report(cells[index], with: cellSizing, into: &context)
            }
            // Few cells: the next band may be taller; many: shorter.
            if cells.count < Self.cellsPerBand / 2 {
                bandRows = min(rows, bandRows * 2)
            } else if cells.count > Self.cellsPerBand * 2 && bandRows > 1 {
                bandRows /= 2
            }
            firstRow = endRow
        }
        return reported
    }

    /// `selfSizeByScrolling` for layouts that change with the bounds: each viewport in turn.
    private func scrollViewportByViewport(_ size: Size) {
        var sizedBefore: Int
        repeat {
            sizedBefore = cellsSized
            var y = 0.0
            repeat {
                var x = 0.0
                repeat {
                    scroll(to: Rect(origin: Point(x: x, y: y), size: size))
                    x += size.width
                } while x < contentSize.width
                y += size.height
            } while y < contentSize.height
        } while cellsSized != sizedBefore
    }

    /// Scrolls so that `rect` is the viewport, then lays out what became visible.
    public func scroll(to rect: Rect) {
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: rect) {
            invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: rect))
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
