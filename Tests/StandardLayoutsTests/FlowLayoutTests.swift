import CollectionLayout
import Hierarchy
import StandardLayouts
import Testing

/// The flow layout against recipe 10-1 and the rules of its doc comment, numbers derived by hand.
@Suite struct FlowLayoutTests {
    /// Recipe 10-1's data as a tree: 12 chains of 10 nodes, so that each of the 10 depths
    /// (sections) holds 12 items, item i of every section belonging to chain i.
    func recipeTree() throws -> SectionedTree {
        var outline = ""
        for chain in 0..<12 {
            for depth in 0..<10 { outline += String(repeating: "  ", count: depth) + "c\(chain)d\(depth)\n" }
        }
        return try sectionedTree(outline: outline)
    }

    /// Recipe 10-1's flow layout settings.
    func recipeConfiguration() -> FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 50, height: 50)
        configuration.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 50, right: 10)
        configuration.minimumLineSpacing = 10
        configuration.minimumInteritemSpacing = 10
        configuration.headerReferenceSize = Size(width: 60, height: 30)
        configuration.footerReferenceSize = Size(width: 60, height: 30)
        configuration.scrollDirection = .vertical
        configuration.viewSize = Size(width: 320, height: 480)
        return configuration
    }

    // Vertical, width 320: available width 320 - 10 - 10 = 300. Five items fit on a line
    // (5*50 + 4*10 = 290 <= 300, six need 350), so 12 items make lines of 5, 5, 2.
    // Wrapped lines are justified: gap = 10 + (300 - 290) / 4 = 12.5, x = 10, 72.5, 135, 197.5, 260
    // (the last ends at 310 = 320 - right inset). The last line: every item has one size, so it keeps the wrapped lines' columns: x = 10, 72.5.
    // Down a section: header 30, top inset 10, so lines at 40, 100 (40 + 50 + 10), 160; the
    // last line ends at 210, plus the bottom inset 50 is 260, the footer 260..290.
    // Each section is 290 tall, section s starts at 290 * s, and the content is 320 x 2900.
    static let recipeXs: [Double] = [10, 72.5, 135, 197.5, 260, 10, 72.5, 135, 197.5, 260, 10, 72.5]
    static let recipeLineYs: [Double] = [40, 40, 40, 40, 40, 100, 100, 100, 100, 100, 160, 160]

    @Test func recipe10_1VerticalFramesAreExact() throws {
        let sections = try recipeTree()
        #expect(sections.numberOfSections == 10)
        for section in 0..<10 {
            #expect(sections.numberOfItems(inSection: section) == 12)
            for item in 0..<12 { #expect(sections.tree.labels[sections.node(section: section, item: item)] == "c\(item)d\(section)") }
        }
        let layout = FlowLayout(dataController: sections, configuration: recipeConfiguration())
        // Fixed sizes: the headless collection view without cell sizing only prepares.
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        view.layoutIfNeeded()
        #expect(view.selfSizingPasses == 0)
        #expect(layout.collectionViewContentSize == Size(width: 320, height: 2900))

        for section in [0, 9] {
            let top = 290.0 * Double(section)
            for item in 0..<12 {
                let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                #expect(frame == Rect(x: Self.recipeXs[item], y: top + Self.recipeLineYs[item], width: 50, height: 50),
                        "section \(section) item \(item)")
            }
            let header = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 0, section: section))
            let footer = layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: IndexPath(item: 0, section: section))
            #expect(header?.frame == Rect(x: 0, y: top, width: 320, height: 30))
            #expect(footer?.frame == Rect(x: 0, y: top + 260, width: 320, height: 30))
            #expect(header?.text == "Depth \(section)")
            #expect(footer?.text == "12 nodes")
        }
        // Every section in between is the same, moved down by 290.
        for section in 1..<9 {
            for item in 0..<12 {
                #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame.minY
                        == 290 * Double(section) + Self.recipeLineYs[item])
            }
        }
        // Nothing else: 120 cells, 10 headers and 10 footers.
        #expect(allElements(layout).count == 140)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 12, section: 0)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 0, section: 10)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 1)) == nil)

        // The first screen (320 x 480) shows section 0 (to 290) and section 1's header (290..320)
        // and its three lines (330, 390, 450..500), not its footer (550): 14 + 1 + 12 elements.
        view.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        let visible = view.visibleLayoutAttributes()
        #expect(visible.count == 27)
        #expect(!visible.contains { $0.representedElementKind == .footer && $0.indexPath.section == 1 })
        // Edges count: a line at y = 290 touches section 0's footer and section 1's header only.
        let touching = layout.layoutAttributesForElements(in: Rect(x: 0, y: 290, width: 320, height: 0))
        #expect(Set(touching.map(\.key)) == [ElementKey(category: .supplementaryView, kind: .footer, indexPath: IndexPath(item: 0, section: 0)),
                                              ElementKey(category: .supplementaryView, kind: .header, indexPath: IndexPath(item: 0, section: 1))])
    }

    /// Scrolling horizontally with the axes of every setting swapped (insets transposed, the
    /// header's width the vertical header's height, the view's height 320) lays out the exact
    /// transposition of the vertical recipe.
    @Test func recipe10_1HorizontalIsTheTransposition() throws {
        let sections = try recipeTree()
        let vertical = FlowLayout(dataController: sections, configuration: recipeConfiguration())
        vertical.prepare()
        var configuration = recipeConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.sectionInset = configuration.sectionInset.transposed  // top 10, left 10, bottom 10, right 50
        configuration.headerReferenceSize = Size(width: 30, height: 60)
        configuration.footerReferenceSize = Size(width: 30, height: 60)
        configuration.viewSize = Size(width: 480, height: 320)
        let horizontal = FlowLayout(dataController: sections, configuration: configuration)
        horizontal.prepare()
        #expect(horizontal.collectionViewContentSize == Size(width: 2900, height: 320))
        let verticalElements = allElements(vertical), horizontalElements = allElements(horizontal)
        #expect(verticalElements.count == 140 && horizontalElements.count == 140)
        #expect(horizontalElements.map(\.key) == verticalElements.map(\.key))
        #expect(horizontalElements.map(\.frame) == verticalElements.map { transposed($0.frame) })
        // A few by hand: section 0 item 1 at (40, 72.5); section 9 item 11 at (2610 + 160, 72.5).
        #expect(horizontal.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 40, y: 72.5, width: 50, height: 50))
        #expect(horizontal.layoutAttributesForItem(at: IndexPath(item: 11, section: 9))?.frame == Rect(x: 2770, y: 72.5, width: 50, height: 50))
        #expect(horizontal.layoutAttributesForSupplementaryView(ofKind: .footer, at: IndexPath(item: 0, section: 9))?.frame
                == Rect(x: 2870, y: 0, width: 30, height: 320))
    }

    /// The recipe's settings as they are, scrolling horizontally (view height 320), with
    /// UIKit's meaning: lines run down and wrap at the height less the top and bottom insets,
    /// sections follow rightwards, headers and footers use the reference widths (60).
    @Test func recipe10_1HorizontalWithTheRecipeSettings() throws {
        let sections = try recipeTree()
        var configuration = recipeConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.viewSize = Size(width: 480, height: 320)
        let layout = FlowLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        // Available height 320 - 10 - 50 = 260: four items fit (4*50 + 3*10 = 230; five need 290),
        // so lines of 4, 4, 4. Wrapped lines: gap = 10 + (260 - 230) / 3 = 20, y = 10, 80, 150, 220;
        // the last line, of items of one size, keeps them: y = 10, 80, 150, 220. Along x: header 0..60, left inset 10, lines at 70,
        // 130, 190, the last ends at 240, right inset 10, footer 250..310. Content 3100 x 320.
        #expect(layout.collectionViewContentSize == Size(width: 3100, height: 320))
        let ys: [Double] = [10, 80, 150, 220, 10, 80, 150, 220, 10, 80, 150, 220]
        let xs: [Double] = [70, 70, 70, 70, 130, 130, 130, 130, 190, 190, 190, 190]
        for section in [0, 9] {
            let left = 310.0 * Double(section)
            for item in 0..<12 {
                #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
                        == Rect(x: left + xs[item], y: ys[item], width: 50, height: 50), "section \(section) item \(item)")
            }
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 0, section: section))?.frame
                    == Rect(x: left, y: 0, width: 60, height: 320))
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: IndexPath(item: 0, section: section))?.frame
                    == Rect(x: left + 250, y: 0, width: 60, height: 320))
        }
    }

    /// Varied sizes, reported by the cells: line height is the tallest item, shorter ones are
    /// centred in it; a wrapped single item is centred; an item wider than the available width
    /// has a line of its own and widens the content.
    @Test func variedSizesFollowTheDocumentedRules() throws {
        let sections = try singleSection(7)
        var configuration = FlowLayoutConfiguration()
        configuration.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        configuration.minimumLineSpacing = 10
        configuration.minimumInteritemSpacing = 10
        configuration.viewSize = Size(width: 220, height: 400)
        let layout = FlowLayout(dataController: sections, configuration: configuration)
        let sizes = [Size(width: 40, height: 20), Size(width: 60, height: 40), Size(width: 50, height: 30),
                     Size(width: 80, height: 10), Size(width: 250, height: 30), Size(width: 30, height: 30), Size(width: 40, height: 50)]
        let view = layOut(layout, sections, sizes: Dictionary(uniqueKeysWithValues: sizes.enumerated().map { (IndexPath(item: $0.offset, section: 0), $0.element) }))
        #expect(view.cellsSized == 7)
        // Available width 200.
        // Line 1: 40 + 10 + 60 + 10 + 50 = 170; adding 80 makes 260 > 200. Justified: gap
        //   10 + (200 - 170) / 2 = 25, x = 10, 75, 160 (ends at 210 = 220 - 10). Height 40:
        //   y = 10 (20 tall), 0, 5 (30 tall).
        // Line 2: 80 alone (80 + 10 + 250 > 200), wrapped, so centred: x = 10 + (200 - 80) / 2 = 70,
        //   y = 40 + 10 = 50, height 10.
        // Line 3: 250 > 200 alone, wrapped, at the left inset (it cannot be centred in less room than
        //   it takes), y = 70; the content widens to 10 + 250 + 10 = 270.
        // Line 4 (last): 30 and 40 from the left, x = 10, 50; height 50 at y = 110: 120 and 110.
        // Content 270 x 160.
        let expected = [Rect(x: 10, y: 10, width: 40, height: 20), Rect(x: 75, y: 0, width: 60, height: 40),
                        Rect(x: 160, y: 5, width: 50, height: 30), Rect(x: 70, y: 50, width: 80, height: 10),
                        Rect(x: 10, y: 70, width: 250, height: 30), Rect(x: 10, y: 120, width: 30, height: 30),
                        Rect(x: 50, y: 110, width: 40, height: 50)]
        for (item, frame) in expected.enumerated() {
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame == frame, "item \(item)")
        }
        #expect(layout.collectionViewContentSize == Size(width: 270, height: 160))
    }

    /// A size change re-places its own section and moves the later ones; earlier sections keep
    /// their frames (recipe layout, one item of section 4 twice as tall).
    @Test func aSizeChangeMovesOnlyLaterSections() throws {
        let sections = try recipeTree()
        let layout = FlowLayout(dataController: sections, configuration: recipeConfiguration())
        layout.prepare()
        #expect(layout.lastPlacedSections == Array(0..<10))
        #expect(layout.lastMovedSections == 0..<10)
        let before = allElements(layout)
        let context = SelfSizingInvalidationContext()
        context.invalidateSize(Size(width: 50, height: 100), forItemAt: IndexPath(item: 7, section: 4))
        layout.invalidateLayout(with: context)
        layout.prepare()
        #expect(layout.lastPlacedSections == [4], "only the section whose item changed is placed again")
        #expect(layout.lastMovedSections == 4..<10, "the later ones only move")
        // Line 2 of section 4 is 100 tall: item 7 at 290*4 + 100, the others centred 25 lower,
        // everything after moves 50 down.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 4))?.frame == Rect(x: 135, y: 1260, width: 50, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 4))?.frame.minY == 1285)
        // (Plain literals: #expect compares an optional Double with `1160 + 210` as unequal.)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 10, section: 4))?.frame.minY == 1370)  // 1160 + 210
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 5))?.frame.minY == 1540)  // 290 * 5 + 40 + 50
        #expect(layout.collectionViewContentSize == Size(width: 320, height: 2950))
        let after = allElements(layout)
        #expect(before.filter { $0.indexPath.section < 4 } == after.filter { $0.indexPath.section < 4 })
        layout.prepare()
        #expect(layout.lastPlacedSections == [] && layout.lastMovedSections == 0..<0, "nothing invalidated, nothing placed")
    }

    /// Header and footer bars lie behind everything (zIndex -2) and come first in drawing order,
    /// so no bar hides a connector or a cell.
    @Test func barsAreDrawnFirstAndBehind() throws {
        let layout = FlowLayout(dataController: try recipeTree(), configuration: recipeConfiguration())
        layout.prepare()
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 2900))
        let bars = all.prefix { $0.representedElementKind == .header || $0.representedElementKind == .footer }
        #expect(bars.count == 20)
        #expect(bars.allSatisfy { $0.zIndex == -2 })
        #expect(all.dropFirst(20).allSatisfy { $0.representedElementCategory == .cell && $0.zIndex == 0 })
        let part = layout.layoutAttributesForElements(in: Rect(x: 0, y: 280, width: 320, height: 40))
        #expect(part.map { $0.representedElementKind?.rawValue ?? "cell" } == ["footer", "header"])
    }
}
