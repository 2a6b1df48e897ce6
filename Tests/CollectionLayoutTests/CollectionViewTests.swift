import CollectionLayout
import Testing

/// A one-column list whose items start at an estimated height and take the sizes cells report.
private final class ListLayout: CollectionViewLayout {
    var heights: [Double]
    var tops: [Double] = []
    var invalidations = 0
    var prepares = 0
    var enumerations = 0
    init(count: Int) { heights = Array(repeating: 10, count: count) }

    func prepare() {
        prepares += 1
        tops = []
        var y = 0.0
        for height in heights { tops.append(y); y += height }
    }
    var collectionViewContentSize: Size { Size(width: 100, height: (tops.last ?? 0) + (heights.last ?? 0)) }
    func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerations += 1
        for item in heights.indices {
            let attributes = layoutAttributesForItem(at: IndexPath(item: item, section: 0))!
            if attributes.frame.intersects(rect) { body(attributes) }
        }
    }
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        LayoutAttributes(forCellWith: indexPath, frame: Rect(x: 0, y: tops[indexPath.item], width: 100, height: heights[indexPath.item]))
    }
    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }
    func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes) -> Bool {
        preferred.size != original.size
    }
    func invalidationContext(forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes) -> LayoutInvalidationContext {
        let context = LayoutInvalidationContext()
        context.invalidateItems(at: [preferred.indexPath])
        context.contentSizeAdjustment.height = preferred.size.height - original.size.height
        pending[preferred.indexPath.item] = preferred.size.height
        return context
    }
    var pending: [Int: Double] = [:]
    func invalidateLayout(with context: LayoutInvalidationContext) {
        invalidations += 1
        for (item, height) in pending { heights[item] = height }
        pending = [:]
    }
}

private final class DataSource: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfSections() -> Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { count }
}

private final class TallCells: CellSizing {
    func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var preferred = attributes
        preferred.size = Size(width: 100, height: 30)
        return preferred
    }
}

/// Records the batches a collection view announces.
private final class PrefetchLog: CollectionViewDataSourcePrefetching {
    var batches: [[IndexPath]] = []
    func prefetchItems(at indexPaths: [IndexPath]) { batches.append(indexPaths) }
}

@Suite struct CollectionViewTests {
    /// A list of 100 items whose cells report being taller than estimated.
    private func tallList() -> (ListLayout, CollectionView) {
        let layout = ListLayout(count: 100)
        let view = CollectionView(layout: layout, dataSource: DataSource(count: 100))
        view.cellSizing = TallCells()
        return (layout, view)
    }

    @Test func wholeDocumentSelfSizingIsOneBatchedInvalidation() {
        let (layout, view) = tallList()
        view.layoutIfNeeded()
        #expect(layout.invalidations == 1)
        #expect(view.selfSizingPasses == 1)
        #expect(view.cellsSized == 100)
        #expect(view.contentSize.height == 3000)
    }

    @Test func cellsAllSizedAreNotAskedAgain() {
        // Every cell reports in the first pass: no second pass over the content to find none left.
        let (layout, view) = tallList()
        view.layoutIfNeeded()
        #expect(layout.enumerations == 1)
        view.layoutIfNeeded()
        #expect(layout.enumerations == 1)
        let (scrolled, scrolledView) = tallList()
        scrolledView.selfSizeByScrolling(viewport: Size(width: 100, height: 100))
        #expect(scrolled.enumerations == 1)
        #expect(scrolledView.cellsSized == 100)
        #expect(scrolledView.contentSize.height == 3000)
    }

    @Test func cellsMarkedSizedAreNotAskedUntilTheDataChanges() {
        let (layout, view) = tallList()
        view.markEveryCellSized()
        view.layoutIfNeeded()
        #expect(layout.enumerations == 0)
        #expect(view.cellsSized == 0)
        #expect(view.contentSize.height == 1000)
        let context = LayoutInvalidationContext()
        context.invalidateEverything = true
        view.invalidateLayout(with: context)
        view.layoutIfNeeded()
        #expect(view.cellsSized == 100)
        #expect(view.contentSize.height == 3000)
    }

    @Test func viewportSelfSizingSizesOnlyWhatBecomesVisible() {
        let (_, view) = tallList()
        view.viewport = Rect(x: 0, y: 0, width: 100, height: 100)
        view.layoutIfNeeded()
        // Visible at 10 points each: 11 cells (edges count); after growing to 30, 4 are visible.
        #expect(view.cellsSized == 11)
        #expect(view.visibleLayoutAttributes().count == 4)
        view.scroll(to: Rect(x: 0, y: 800, width: 100, height: 100))
        #expect(view.cellsSized > 11 && view.cellsSized < 100)
    }

    @Test func scrollingOverTheContentIsOneLayoutPassPerSweep() {
        let (layout, view) = tallList()
        view.selfSizeByScrolling(viewport: Size(width: 100, height: 100))
        // Ten viewports over the estimated 1,000 points size every cell in one context; the
        // second sweep, over the grown 3,000 points, finds nothing new.
        #expect(layout.invalidations == 1)
        #expect(layout.prepares == 2)
        #expect(view.selfSizingPasses == 1)
        #expect(view.cellsSized == 100)
        #expect(view.contentSize.height == 3000)
        #expect(view.viewport == nil)
    }

    @Test func scrollingLongContentSweepsBandByBandPrefetchingEachBand() {
        // 20,000 cells over 2,000 viewport rows: more than one band of about 8,192 cells.
        let layout = ListLayout(count: 20_000)
        let view = CollectionView(layout: layout, dataSource: DataSource(count: 20_000))
        view.cellSizing = TallCells()
        let log = PrefetchLog()
        view.prefetchDataSource = log
        view.selfSizeByScrolling(viewport: Size(width: 100, height: 100))
        #expect(layout.invalidations == 1)
        #expect(view.selfSizingPasses == 1)
        #expect(view.cellsSized == 20_000)
        #expect(view.contentSize.height == 600_000)
        #expect(log.batches.count > 1 && log.batches.count == layout.enumerations)
        // Every cell announced once, in the order the viewports show them.
        #expect(log.batches.joined().map(\.item) == Array(0..<20_000))
    }
}
