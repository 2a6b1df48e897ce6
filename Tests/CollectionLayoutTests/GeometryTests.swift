import CollectionLayout
import Testing

@Suite struct GeometryTests {
    @Test func intersectionIncludesEdgesAndZeroHeightRects() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.intersects(Rect(x: 10, y: 10, width: 5, height: 5)))
        #expect(rect.intersects(Rect(x: 2, y: 5, width: 4, height: 0)))
        #expect(!rect.intersects(Rect(x: 10.01, y: 0, width: 5, height: 5)))
        #expect(!rect.overlapsInterior(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(rect.overlapsInterior(Rect(x: 9, y: 9, width: 5, height: 5)))
        #expect(rect.contains(Rect(x: 1, y: 1, width: 9, height: 9)))
        #expect(!rect.contains(Rect(x: 1, y: 1, width: 10, height: 9)))
    }

    @Test func indexPathsOrderBySectionItemSubitem() {
        let paths = [IndexPath(item: 0, section: 1), IndexPath(item: 2, section: 0, subitem: 1), IndexPath(item: 2, section: 0)]
        #expect(paths.sorted() == [IndexPath(item: 2, section: 0), IndexPath(item: 2, section: 0, subitem: 1), IndexPath(item: 0, section: 1)])
        #expect(IndexPath(item: 3, section: 1).components == [1, 3])
        #expect(IndexPath(item: 3, section: 1, subitem: 2).components == [1, 3, 2])
    }

    @Test func centerAndSizeMoveTheFrameAsInUIKit() {
        var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 20, width: 100, height: 40))
        #expect(attributes.center == Point(x: 60, y: 40))
        attributes.size = Size(width: 50, height: 10)
        #expect(attributes.frame == Rect(x: 35, y: 35, width: 50, height: 10))
        attributes.center = Point(x: 0, y: 0)
        #expect(attributes.frame == Rect(x: -25, y: -5, width: 50, height: 10))
        #expect(attributes.transform.isIdentity && attributes.alpha == 1 && attributes.zIndex == 0 && !attributes.isHidden)
        #expect(Transform3D.identity.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(Transform3D.translation(x: 3, y: 4).entries[12...13] == [3, 4])
    }

    @Test func contextsMerge() {
        let first = LayoutInvalidationContext()
        first.invalidateItems(at: [IndexPath(item: 1, section: 2)])
        first.invalidateSupplementaryElements(ofKind: .connector, inSection: 3)
        let second = LayoutInvalidationContext()
        second.invalidateItems(inSection: 5)
        second.invalidateEverything = true
        first.merge(second)
        #expect(first.invalidateEverything)
        #expect(first.invalidatedSections == [2, 3, 5])
    }
}
