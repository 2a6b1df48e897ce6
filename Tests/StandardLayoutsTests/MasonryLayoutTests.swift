import CollectionLayout
import Hierarchy
import StandardLayouts
import Testing

/// The masonry layout against the Pinterest tutorial's `prepare()`.
@Suite struct MasonryLayoutTests {
    static let heights: [Double] = [100, 50, 30, 80, 20, 40, 38]

    /// One section of seven items whose cells ask for the heights above and for widths the
    /// column overrides.
    func masonry(_ placement: MasonryPlacement) throws -> (MasonryLayout, CollectionView) {
        let sections = try singleSection(Self.heights.count)
        var configuration = MasonryLayoutConfiguration()  // 2 columns, padding 6, width 800
        configuration.placement = placement
        let layout = MasonryLayout(dataController: sections, configuration: configuration)
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        var sizes: [IndexPath: Size] = [:]
        for (item, height) in Self.heights.enumerated() {
            sizes[IndexPath(item: item, section: 0)] = Size(width: item % 2 == 0 ? 1000 : 17, height: height)
        }
        view.cellSizing = SizeTable(sizes)
        view.layoutIfNeeded()
        return (layout, view)
    }

    // Column width 800 / 2 = 400; frames are the column slot inset by the padding: x = 0 + 6 or
    // 400 + 6, width 400 - 12 = 388, whatever width the cell asks for. An item of height h
    // occupies h + 12 of its column and sits 6 below the column's previous bottom.

    @Test func roundRobinFollowsTheTutorial() throws {
        let (layout, view) = try masonry(.roundRobin)
        #expect(view.cellsSized == 7)
        #expect(layout.configuration.columnWidth == 400 && layout.configuration.itemWidth == 388)
        // Item i in column i % 2.
        // Column 0: item 0 (100) at 6, bottom 112; item 2 (30) at 118, bottom 154; item 4 (20) at 160,
        //   bottom 186; item 6 (38) at 192, bottom 236.
        // Column 1: item 1 (50) at 6, bottom 62; item 3 (80) at 68, bottom 154; item 5 (40) at 160, bottom 206.
        // Content height: the longer column, 236.
        let ys: [Double] = [6, 6, 118, 68, 160, 160, 192]
        for (item, y) in ys.enumerated() {
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
                    == Rect(x: item % 2 == 0 ? 6 : 406, y: y, width: 388, height: Self.heights[item]), "item \(item)")
        }
        #expect(layout.collectionViewContentSize == Size(width: 800, height: 236))
    }

    @Test func shortestColumnPlacement() throws {
        let (layout, _) = try masonry(.shortestColumn)
        // Bottoms [0, 0]: item 0 (100) → column 0 (leftmost of equals) at 6, bottoms [112, 0];
        // item 1 (50) → column 1 at 6, [112, 62]; item 2 (30) → column 1 at 68, [112, 104];
        // item 3 (80) → column 1 at 110, [112, 196]; item 4 (20) → column 0 at 118, [144, 196];
        // item 5 (40) → column 0 at 150, [196, 196]; item 6 (38) → column 0 (tie) at 202, [246, 196].
        let expected: [(column: Int, y: Double)] = [(0, 6), (1, 6), (1, 68), (1, 110), (0, 118), (0, 150), (0, 202)]
        for (item, place) in expected.enumerated() {
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
                    == Rect(x: 6 + 400 * Double(place.column), y: place.y, width: 388, height: Self.heights[item]), "item \(item)")
        }
        #expect(layout.collectionViewContentSize == Size(width: 800, height: 246))
    }

    /// Sections start below the previous section's longest column, under their header.
    @Test func sectionsStackBelowTheLongestColumn() throws {
        let sections = try sectionedTree(outline: "root\n  a\n  b\n  c\n")
        var configuration = MasonryLayoutConfiguration()
        configuration.headerHeight = 20
        configuration.sectionTitles = ["Top"]
        let layout = MasonryLayout(dataController: sections, configuration: configuration)
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        view.cellSizing = SizeTable([IndexPath(item: 0, section: 0): Size(width: 1, height: 40), IndexPath(item: 0, section: 1): Size(width: 1, height: 10),
                                     IndexPath(item: 1, section: 1): Size(width: 1, height: 20), IndexPath(item: 2, section: 1): Size(width: 1, height: 30)])
        view.layoutIfNeeded()
        // Section 0: header 0..20, root at 26 (column 0 bottom 72, column 1 still 20) → section 1 at 72.
        // Section 1: header 72..92; a → column 0 at 98 (bottom 114), b → column 1 at 98 (bottom 124),
        // c → column 0 at 120 (bottom 156). Content height 156.
        let header0 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 0, section: 0))
        #expect(header0?.frame == Rect(x: 0, y: 0, width: 800, height: 20) && header0?.text == "Top")
        let header1 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 0, section: 1))
        #expect(header1?.frame == Rect(x: 0, y: 72, width: 800, height: 20) && header1?.text == "Depth 1")
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: IndexPath(item: 0, section: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 6, y: 26, width: 388, height: 40))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 6, y: 98, width: 388, height: 10))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame == Rect(x: 406, y: 98, width: 388, height: 20))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 1))?.frame == Rect(x: 6, y: 120, width: 388, height: 30))
        #expect(layout.collectionViewContentSize == Size(width: 800, height: 156))
        // An appearing item drops in from its section's top.
        let appearing = layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 2, section: 1))
        #expect(appearing?.frame == Rect(x: 6, y: 72, width: 388, height: 30) && appearing?.alpha == 0)
    }

    /// Only the height matters: a cell asking for another width does not invalidate anything.
    @Test func aNewWidthAloneChangesNothing() throws {
        let (layout, _) = try masonry(.roundRobin)
        let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        var preferred = original
        preferred.size = Size(width: 5, height: original.size.height)
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        let context = SelfSizingInvalidationContext()
        context.invalidateSize(preferred.size, forItemAt: original.indexPath)
        layout.invalidateLayout(with: context)
        layout.prepare()
        #expect(layout.lastPlacedSections == [] && layout.lastMovedSections == 0..<0)
        #expect(layout.layoutAttributesForItem(at: original.indexPath) == original)
        preferred.size.height += 1
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    }
}
