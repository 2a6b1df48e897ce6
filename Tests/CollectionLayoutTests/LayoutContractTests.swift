import CollectionLayout
import Testing

/// What an iOS developer relies on from UIKit that a review found missing: failed measurements
/// do not bring the host down, sizes given before the first layout count, the array query and
/// `invalidateLayout()` dispatch to a layout's own, and the default context names its cell.
@Suite struct LayoutContractTests {
    private final class Items: CollectionViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func numberOfSections() -> Int { 1 }
        func numberOfItems(inSection section: Int) -> Int { count }
    }

    /// Item 0 measures NaN, item 1 infinite, item 2 negative, the rest 30 points tall.
    private final class FailingCells: CellSizing {
        func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
            var preferred = attributes
            preferred.size.height = [Double.nan, .infinity, -5][safe: attributes.indexPath.item] ?? 30
            return preferred
        }
    }

    @Test func sizesNoFrameCanHaveAreIgnored() {
        let layout = OneColumnListLayout(itemCount: 5)
        let view = CollectionView(layout: layout, dataSource: Items(count: 5))
        view.cellSizing = FailingCells()
        view.layoutIfNeeded()
        let heights = (0..<5).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.size.height }
        #expect(heights == [24, 24, 24, 30, 30], "the failed measurements keep the estimate")
    }

    @Test func sizesGivenBeforeTheFirstLayoutApplyToIt() {
        let layout = OneColumnListLayout(itemCount: 3)
        let context = SelfSizingInvalidationContext()
        context.invalidateSize(Size(width: 200, height: 300), forItemAt: IndexPath(item: 1, section: 0))
        layout.invalidateLayout(with: context)
        layout.prepare()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.size.height == 300)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 348.0, "8 + 24 + 8 + 300 + 8")
    }

    /// A layout answering the array query and `invalidateLayout()` itself, as a UIKit subclass does.
    private final class CountingLayout: CollectionViewLayout {
        var arrayQueries = 0, fullInvalidations = 0
        func prepare() {}
        var collectionViewContentSize: Size { Size(width: 10, height: 10) }
        func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
            body(LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        }
        func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            arrayQueries += 1
            return []
        }
        func invalidateLayout() { fullInvalidations += 1 }
        func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
        func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }
        func invalidateLayout(with context: LayoutInvalidationContext) {}
    }

    @Test func aLayoutsOwnArrayQueryAndFullInvalidationAreCalledThroughTheProtocol() {
        let counting = CountingLayout()
        let layout: any CollectionViewLayout = counting
        #expect(layout.layoutAttributesForElements(in: .infinite).isEmpty)
        layout.invalidateLayout()
        #expect(counting.arrayQueries == 1 && counting.fullInvalidations == 1)
    }

    @Test func theDefaultPreferredAttributesContextNamesItsCell() {
        let layout = CountingLayout()
        let original = LayoutAttributes(forCellWith: IndexPath(item: 3, section: 2), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var preferred = original
        preferred.size.height = 20
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 3, section: 2)])
    }

    @Test func rectsStandardizeAndTheInfiniteRectMeetsEverything() {
        let flipped = Rect(x: 10, y: 20, width: -10, height: -20)
        #expect(flipped.standardized == Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(Rect.infinite.maxX.isFinite && Rect.infinite.intersects(Rect(x: 1e12, y: -1e12, width: 1, height: 1)))
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).contains(Point(x: 10, y: 0)))
        #expect(!Rect(x: 0, y: 0, width: 10, height: 10).contains(Point(x: 10.5, y: 0)))
        let layout = OneColumnListLayout(itemCount: 40)
        layout.prepare()
        #expect(layout.layoutAttributesForElements(in: .infinite).count == 40)
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
