import struct Foundation.Data
import struct Foundation.URL
import Testing

// The code of the article "Writing a layout" (Sources/CollectionLayout/CollectionLayout.docc/
// WritingALayout.md, shown again in README.md), verbatim between the two marker lines, so that
// the article's code is compiled and tested; `articleCodeIsThisFilesCode` fails when they drift apart.
// BEGIN ARTICLE CODE
import CollectionLayout

/// A one-column list: items stacked from the top, `spacing` apart, each as tall as its cell
/// says it wants to be.
final class OneColumnListLayout: SelfSizingLayout {
    let width: Double
    let spacing: Double
    // Flat arrays, one entry per item: no object per element.
    private var heights: [Double]
    private var tops: [Double] = []

    init(itemCount: Int, width: Double = 200, estimatedHeight: Double = 24, spacing: Double = 8) {
        self.width = width
        self.spacing = spacing
        heights = [Double](repeating: estimatedHeight, count: itemCount)
    }

    // 1. Compute what the queries need: the top of every item, in one pass.
    func prepare() {
        tops.removeAll(keepingCapacity: true)
        var y = spacing
        for height in heights {
            tops.append(y)
            y += height + spacing
        }
    }

    var collectionViewContentSize: Size {
        Size(width: width, height: (tops.last ?? 0) + (heights.last ?? 0) + spacing)
    }

    // 2. Answer queries from what prepare() computed. The tops increase down the list, so a
    //    rect query binary-searches its first item instead of visiting them all.
    func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        guard rect.maxX >= 0, rect.minX <= width else { return }
        var low = 0, high = tops.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle] + heights[middle] < rect.minY { low = middle + 1 } else { high = middle }
        }
        var item = low
        while item < tops.count, tops[item] <= rect.maxY {
            body(attributes(ofItem: item))
            item += 1
        }
    }

    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.subitem == 0, tops.indices.contains(indexPath.item) else { return nil }
        return attributes(ofItem: indexPath.item)
    }

    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        nil
    }

    private func attributes(ofItem item: Int) -> LayoutAttributes {
        LayoutAttributes(forCellWith: IndexPath(item: item, section: 0),
                         frame: Rect(x: 0, y: tops[item], width: width, height: heights[item]))
    }

    // 3. Self-sizing: a cell that wants another height invalidates the layout. The engine's
    //    SelfSizingLayout builds the invalidation context and applies it; the layout says what
    //    a new size moves besides the cells (nothing here) and takes the size.
    func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                withOriginalAttributes original: LayoutAttributes) -> Bool {
        preferred.size.height != original.size.height
    }

    func makeInvalidationContext() -> LayoutInvalidationContext { SelfSizingInvalidationContext() }

    var isPrepared: Bool { !tops.isEmpty || heights.isEmpty }

    func discardPreparation() { tops.removeAll() }

    func applySize(_ size: Size, toItemAt indexPath: IndexPath) {
        guard indexPath.section == 0, heights.indices.contains(indexPath.item) else { return }
        heights[indexPath.item] = size.height
    }

    func supplementaryElementsMoved(bySizeIn section: Int) -> [(kind: ElementKind, section: Int)] { [] }
}
// END ARTICLE CODE

/// One section of `count` items.
private final class ListItems: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfSections() -> Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { count }
}

/// Cells 20, 30 or 40 points tall, by item.
private final class VaryingHeights: CellSizing {
    func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var preferred = attributes
        preferred.size.height = height(ofItem: attributes.indexPath.item)
        return preferred
    }
}

private func height(ofItem item: Int) -> Double { Double(20 + 10 * (item % 3)) }

@Suite struct WritingALayoutTests {
    @Test func articleCodeIsThisFilesCode() throws {
        let file = URL(fileURLWithPath: #filePath)
        let source = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let package = file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let articleFile = package.appendingPathComponent("Sources/CollectionLayout/CollectionLayout.docc/WritingALayout.md")
        let article = String(decoding: try Data(contentsOf: articleFile), as: UTF8.self)
        let code = try #require(source.components(separatedBy: "// BEGIN ARTICLE CODE\n").last?
            .components(separatedBy: "// END ARTICLE CODE").first)
        let block = try #require(article.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(block == code)
        // The README shows the same code under its marker.
        let readme = String(decoding: try Data(contentsOf: package.appendingPathComponent("README.md")), as: UTF8.self)
        let shown = try #require(readme.components(separatedBy: "<!-- write-your-own-layout -->\n```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(shown == code, "README's layout example differs from the article's code")
    }

    @Test func itemsAreStackedAtTheHeightsTheirCellsReport() {
        let layout = OneColumnListLayout(itemCount: 50)
        let view = CollectionView(layout: layout, dataSource: ListItems(count: 50))
        view.cellSizing = VaryingHeights()
        view.layoutIfNeeded()
        // Every cell reports in one pass; the second pass finds nothing new to size.
        #expect(view.selfSizingPasses == 1 && view.cellsSized == 50)
        var y = 8.0
        for item in 0..<50 {
            let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
            #expect(frame == Rect(x: 0, y: y, width: 200, height: height(ofItem: item)))
            y += height(ofItem: item) + 8
        }
        #expect(view.contentSize == Size(width: 200, height: y))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 50, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
    }

    @Test func rectQueriesFindExactlyTheItemsThatMeetTheRect() {
        let layout = OneColumnListLayout(itemCount: 200)
        let view = CollectionView(layout: layout, dataSource: ListItems(count: 200))
        view.cellSizing = VaryingHeights()
        view.layoutIfNeeded()
        let all = (0..<200).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))! }
        // A grid of rects of several sizes over and around the content, and rects whose edges
        // lie exactly on item edges or inside the gaps between items.
        var rects: [Rect] = []
        for x in [-50.0, -1, 0, 120, 200, 201] {
            for y in stride(from: -100.0, through: view.contentSize.height + 100, by: 37) {
                for (w, h) in [(0.0, 0.0), (1, 5), (50, 50), (300, 300)] { rects.append(Rect(x: x, y: y, width: w, height: h)) }
            }
        }
        rects += all.prefix(20).flatMap { [Rect(x: 0, y: $0.frame.maxY, width: 10, height: 4), Rect(x: 0, y: $0.frame.maxY + 1, width: 10, height: 6)] }
        for rect in rects {
            let found = layout.layoutAttributesForElements(in: rect).map(\.indexPath)
            #expect(found == all.filter { $0.frame.intersects(rect) }.map(\.indexPath), "\(rect)")
        }
    }

    /// The numbers the article's "Driving the layout" section gives.
    @Test func drivingExampleOfTheArticle() {
        final class Cells: CellSizing {
            func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
                var preferred = attributes
                preferred.size.height = 40
                return preferred
            }
        }
        let layout = OneColumnListLayout(itemCount: 3)
        let view = CollectionView(layout: layout, dataSource: ListItems(count: 3))
        view.cellSizing = Cells()
        view.layoutIfNeeded()
        #expect(view.contentSize.height == 152)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 0, y: 56, width: 200, height: 40))
    }

    @Test func anEmptyListHasNoElements() {
        let layout = OneColumnListLayout(itemCount: 0)
        layout.prepare()
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 1000, height: 1000)).isEmpty)
        #expect(layout.collectionViewContentSize == Size(width: 200, height: 8))
    }
}
