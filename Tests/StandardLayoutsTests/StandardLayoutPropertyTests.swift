import CollectionLayout
import Hierarchy
import StandardLayouts
import Testing
import TestSupport

/// Every standard layout, in every variant the properties below run on.
enum LayoutVariant: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case flowVertical, flowHorizontal
    case gridStraight, gridElbow, gridCurved, gridHorizontalCurved
    case circleStraight, circleCurved, circleUprightStraight, circleUprightCurved
    case masonryRoundRobin, masonryShortestColumn

    var testDescription: String { rawValue }

    var drawsConnectors: Bool { rawValue.hasPrefix("grid") || rawValue.hasPrefix("circle") }
    var isCircle: Bool { rawValue.hasPrefix("circle") }

    /// A layout of `sections`, with settings that vary with `seed`.
    func make(_ sections: SectionedTree, seed: UInt64) -> IndexedLayoutBase {
        var generator = SplitMix64(seed: seed &* 7919)
        func random(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &generator)) }
        switch self {
        case .flowVertical, .flowHorizontal:
            var configuration = FlowLayoutConfiguration()
            configuration.scrollDirection = self == .flowVertical ? .vertical : .horizontal
            configuration.viewSize = Size(width: random(400...1200), height: random(400...1200))
            configuration.sectionInset = EdgeInsets(top: random(0...30), left: random(0...30), bottom: random(0...30), right: random(0...30))
            configuration.minimumLineSpacing = random(0...20)
            configuration.minimumInteritemSpacing = random(0...20)
            configuration.headerReferenceSize = seed % 2 == 0 ? Size(width: 40, height: 25) : .zero
            configuration.footerReferenceSize = Size(width: 15, height: 12)
            return FlowLayout(dataController: sections, configuration: configuration)
        case .gridStraight, .gridElbow, .gridCurved, .gridHorizontalCurved:
            var configuration = GridLayoutConfiguration()
            configuration.connectorStyle = self == .gridStraight ? .straight : self == .gridElbow ? .elbow : .curved
            configuration.scrollDirection = self == .gridHorizontalCurved ? .horizontal : .vertical
            configuration.rowAlignment = GridRowAlignment.allCases[Int(seed) % 3]
            configuration.interitemSpacing = random(0...20)
            configuration.sectionInset = EdgeInsets(top: random(0...30), left: random(0...30), bottom: random(0...30), right: random(0...30))
            configuration.headerReferenceSize = seed % 2 == 0 ? Size(width: 20, height: 18) : .zero
            configuration.footerReferenceSize = seed % 3 == 0 ? Size(width: 10, height: 8) : .zero
            return GridLayout(dataController: sections, configuration: configuration)
        case .circleStraight, .circleCurved, .circleUprightStraight, .circleUprightCurved:
            var configuration = CircleLayoutConfiguration()
            configuration.connectorStyle = self == .circleStraight || self == .circleUprightStraight ? .straight : .curved
            configuration.labelDirection = rawValue.hasPrefix("circleUpright") ? .horizontal : .radial
            configuration.rotation = seed % 2 == 0 ? nil : random(0...359)  // nil: turned to the least content
            configuration.scale = [0.3, 0.8, 1, 1.2, 2][Int(seed) % 5]
            return CircleLayout(dataController: sections, configuration: configuration)
        case .masonryRoundRobin, .masonryShortestColumn:
            var configuration = MasonryLayoutConfiguration()
            configuration.placement = self == .masonryRoundRobin ? .roundRobin : .shortestColumn
            configuration.columns = Int(random(1...5))
            configuration.cellPadding = random(0...8)
            configuration.headerHeight = seed % 2 == 0 ? 22 : 0
            return MasonryLayout(dataController: sections, configuration: configuration)
        }
    }
}

/// Invariants of every standard layout on random forests whose cells size themselves through
/// the headless collection view.
@Suite struct StandardLayoutPropertyTests {
    static let seeds: [UInt64] = [1, 2, 3]

    /// A random forest (some nodes with a second parent), the layout, and the sizes its cells
    /// reported (fractional for odd seeds).
    func sizedLayout(_ variant: LayoutVariant, seed: UInt64, count: Int = 250) throws -> (IndexedLayoutBase, SectionedTree, [IndexPath: Size]) {
        let sections = try randomSections(seed: seed, count: count, rootChance: seed == 2 ? 0 : 0.03, extraParentOneIn: 8)
        let layout = variant.make(sections, seed: seed)
        let sizes = randomSizes(sections, seed: seed &+ 100, fractional: seed % 2 == 1)
        let view = layOut(layout, sections, sizes: sizes)
        #expect(view.cellsSized == sections.numberOfItems)
        return (layout, sections, sizes)
    }

    /// (a) Rect queries equal brute force over every element, with no duplicates; the whole
    /// set is what the tree implies (one cell per item, one connector per parent, a header and
    /// footer per section where they have a size).
    @Test(arguments: LayoutVariant.allCases, seeds)
    func rectQueriesEqualBruteForce(variant: LayoutVariant, seed: UInt64) throws {
        let (layout, sections, _) = try sizedLayout(variant, seed: seed)
        let everything = allElements(layout)
        #expect(Set(everything.map(\.key)).count == everything.count, "no element twice")
        let cells = everything.filter { $0.representedElementCategory == .cell }
        #expect(cells.count == sections.numberOfItems)
        let connectorCount = everything.filter { $0.representedElementKind == .connector }.count
        let parentCount = (0..<sections.numberOfItems).reduce(0) { count, item in
            count + (sections.parentOfItem[item] < 0 ? 0 : 1 + (sections.additionalParentsOfItem[Int32(item)]?.count ?? 0))
        }
        #expect(connectorCount == (variant.drawsConnectors ? parentCount : 0))
        #expect(!sections.additionalParentsOfItem.isEmpty, "the forest has additional parents")
        let supplementary = everything.count - cells.count - connectorCount
        #expect(supplementary % sections.numberOfSections == 0 && supplementary <= 2 * sections.numberOfSections)
        // The content rectangle itself also answers everything.
        let content = Rect(origin: .zero, size: layout.collectionViewContentSize)
        #expect(Set(layout.layoutAttributesForElements(in: content)) == Set(everything.filter { $0.visualFrame.intersects(content) }))

        var generator = SplitMix64(seed: seed &* 31 &+ 7)
        let size = layout.collectionViewContentSize
        for query in 0..<100 {
            let rect: Rect
            switch query % 4 {
            case 0:  // a point or a line (zero width or height)
                rect = Rect(x: Double.random(in: 0...size.width, using: &generator), y: Double.random(in: 0...size.height, using: &generator),
                            width: query % 8 == 0 ? 0 : Double.random(in: 0...size.width / 4, using: &generator), height: 0)
            case 1:
                // Exactly an element's frame: its neighbours touching it are found too, also with
                // fractional sizes (see queriesOfAnElementsFrameFindWhatTouchesIt).
                rect = everything[Int.random(in: 0..<everything.count, using: &generator)].frame
            default:
                rect = Rect(x: Double.random(in: -100...size.width, using: &generator), y: Double.random(in: -100...size.height, using: &generator),
                            width: Double.random(in: 0...size.width / 3, using: &generator), height: Double.random(in: 0...size.height / 3, using: &generator))
            }
            let found = layout.layoutAttributesForElements(in: rect)
            let expected = everything.filter { $0.visualFrame.intersects(rect) }
            #expect(found.count == Set(found.map(\.key)).count, "no duplicates in \(rect)")
            #expect(Set(found.map(\.key)) == Set(expected.map(\.key)), "query \(query): \(rect)")
            #expect(Set(found) == Set(expected))
            // Cells only, and in drawing order: the same elements.
            var foundCells: [LayoutAttributes] = []
            layout.enumerateCellAttributes(in: rect) { foundCells.append($0) }
            #expect(Set(foundCells) == Set(expected.filter { $0.representedElementCategory == .cell }))
            var drawn: [LayoutAttributes] = []
            layout.enumerateLayoutAttributesInDrawingOrder(in: rect) { drawn.append($0) }
            #expect(Set(drawn) == Set(expected) && drawn.count == expected.count)
            #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.zIndex <= $1.zIndex }, "drawing order by zIndex")
        }
    }

    /// Edges included, exactly: a query of exactly a cell's frame finds the connectors that
    /// start or end on it and any element touching it, also when sizes are fractions and the
    /// sections' origins are not whole numbers.
    @Test(arguments: [LayoutVariant.gridStraight, .gridHorizontalCurved], [UInt64(1), 3])
    func queriesOfAnElementsFrameFindWhatTouchesIt(variant: LayoutVariant, seed: UInt64) throws {
        let (layout, _, _) = try sizedLayout(variant, seed: seed)
        let everything = allElements(layout)
        var misses: [String] = []
        for cell in everything where cell.representedElementCategory == .cell {
            let found = Set(layout.layoutAttributesForElements(in: cell.visualFrame).map(\.key))
            for element in everything where element.visualFrame.intersects(cell.visualFrame) && !found.contains(element.key) {
                misses.append("query \(cell.frame) (cell \(cell.indexPath)) misses \(element.key) at \(element.frame)")
            }
        }
        #expect(misses.isEmpty, "\(misses.count) misses, first: \(misses.prefix(2))")
    }

    /// (b) No two cells overlap; (c) every cell, header and footer lies inside the content.
    @Test(arguments: LayoutVariant.allCases, seeds)
    func cellsNeitherOverlapNorLeaveTheContent(variant: LayoutVariant, seed: UInt64) throws {
        let (layout, _, sizes) = try sizedLayout(variant, seed: seed)
        let everything = allElements(layout)
        let cells = everything.filter { $0.representedElementCategory == .cell }
        let pairs = overlappingCells(cells)
        #expect(pairs.isEmpty, "\(pairs.count) overlaps, first: \(pairs.first.map { (cells[$0.0].indexPath, cells[$0.1].indexPath) }.map { "\($0)" } ?? "")")
        let content = Rect(origin: .zero, size: layout.collectionViewContentSize).insetBy(dx: -1e-6, dy: -1e-6)
        for attributes in everything where attributes.representedElementKind != .connector {
            #expect(content.contains(attributes.visualFrame), "\(attributes.key) at \(attributes.visualFrame) outside \(content)")
        }
        // The cells have the sizes they asked for (masonry: the column's width).
        for cell in cells {
            var size = sizes[cell.indexPath]!
            if let masonry = layout as? MasonryLayout { size.width = masonry.configuration.itemWidth }
            #expect(cell.size == size)
        }
    }

    /// (d) One connector per (child, parent), additional parents included, starting on the
    /// parent's frame and ending on the child's.
    @Test(arguments: LayoutVariant.allCases.filter(\.drawsConnectors), seeds)
    func connectorsJoinTheirItems(variant: LayoutVariant, seed: UInt64) throws {
        let (layout, sections, _) = try sizedLayout(variant, seed: seed)
        var expected: [IndexPath: IndexPath] = [:]  // connector → parent
        for child in 0..<sections.numberOfItems where sections.parentOfItem[child] >= 0 {
            var path = indexPath(ofGlobalItem: child, in: sections)
            expected[path] = indexPath(ofGlobalItem: Int(sections.parentOfItem[child]), in: sections)
            for (offset, parent) in (sections.additionalParentsOfItem[Int32(child)] ?? []).enumerated() {
                path.subitem = offset + 1
                expected[path] = indexPath(ofGlobalItem: Int(parent), in: sections)
            }
        }
        let connectors = allElements(layout).filter { $0.representedElementKind == .connector }
        var found: [IndexPath: IndexPath] = [:]
        for attributes in connectors {
            let connector = try #require(attributes.connector)
            #expect(found.updateValue(connector.parentIndexPath, forKey: attributes.indexPath) == nil, "one connector per (child, parent)")
            let childPath = IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)
            let parent = try #require(layout.layoutAttributesForItem(at: connector.parentIndexPath))
            let child = try #require(layout.layoutAttributesForItem(at: childPath))
            // (Curved circle connectors can end inside their boxes: CircleLayoutTests.curvedConnectorsEndOnTheBoxes.)
            if variant != .circleUprightCurved {
                #expect(isOnBoundary(connector.start, of: parent), "\(attributes.indexPath) starts at \(connector.start), parent \(parent)")
                #expect(isOnBoundary(connector.end, of: child), "\(attributes.indexPath) ends at \(connector.end), child \(child)")
            }
            #expect(connector.lineStartTop == (connector.start.y > connector.end.y))
            #expect(attributes.zIndex == -1)
            // The frame holds the whole path.
            let bounds = attributes.frame.insetBy(dx: -1e-9, dy: -1e-9)
            #expect(connector.path.allSatisfy { bounds.contains(Rect(origin: $0, size: .zero)) })
        }
        #expect(found == expected)
    }

    /// (e) Asking for one element gives the attributes the rect query gives; asking for
    /// elements that do not exist gives nil.
    @Test(arguments: LayoutVariant.allCases, [UInt64(4)])
    func singleElementQueriesAgreeWithRectQueries(variant: LayoutVariant, seed: UInt64) throws {
        let (layout, sections, _) = try sizedLayout(variant, seed: seed)
        for attributes in allElements(layout) {
            switch attributes.representedElementCategory {
            case .cell:
                #expect(layout.layoutAttributesForItem(at: attributes.indexPath) == attributes)
            case .supplementaryView:
                #expect(layout.layoutAttributesForSupplementaryView(ofKind: attributes.representedElementKind!, at: attributes.indexPath) == attributes)
            case .decorationView:
                Issue.record("no decorations expected")
            }
        }
        let last = sections.numberOfSections - 1
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: sections.numberOfItems(inSection: last), section: last)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: last + 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0, subitem: 1)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 0)) == nil, "roots have none")
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 1, subitem: 99)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 1, section: 0)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: IndexPath(item: 0, section: last + 1)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .band, at: IndexPath(item: 0, section: 0)) == nil)
        #expect(layout.layoutAttributesForDecorationView(ofKind: .band, at: IndexPath(item: 0, section: 0)) == nil)
    }

    /// (f) Two layouts of the same tree and sizes are identical, order included.
    @Test(arguments: LayoutVariant.allCases)
    func layoutsAreDeterministic(variant: LayoutVariant) throws {
        let (first, _, _) = try sizedLayout(variant, seed: 5)
        let (second, _, _) = try sizedLayout(variant, seed: 5)
        #expect(first.collectionViewContentSize == second.collectionViewContentSize)
        #expect(allElements(first) == allElements(second))
    }

    /// (g) Self-sizing by scrolling viewport by viewport (sizes reported against the estimated
    /// layout, a partial reflow per sweep) ends where one pass over everything ends, and where invalidating everything and applying all
    /// sizes in one context ends.
    @Test(arguments: LayoutVariant.allCases, [UInt64(6)])
    func incrementalSelfSizingEqualsAFreshLayout(variant: LayoutVariant, seed: UInt64) throws {
        let sections = try randomSections(seed: seed, count: 250, extraParentOneIn: 8)
        let sizes = randomSizes(sections, seed: seed, fractional: true)
        let scrolled = variant.make(sections, seed: seed)
        let scrolledView = CollectionView(layout: scrolled, dataSource: TreeDataSource(sections))
        scrolledView.cellSizing = SizeTable(sizes)
        sizeByScrolling(scrolledView, viewport: Size(width: 500, height: 400))
        #expect(scrolledView.cellsSized == sections.numberOfItems)
        #expect(scrolledView.selfSizingPasses >= 1)
        let incremental = allElements(scrolled)

        let whole = variant.make(sections, seed: seed)
        let wholeView = layOut(whole, sections, sizes: sizes)
        #expect(wholeView.selfSizingPasses == 1)
        #expect(scrolled.collectionViewContentSize == whole.collectionViewContentSize)
        #expect(incremental == allElements(whole))
        // Given every size up front (`estimatedItemSizes`), one prepare places everything
        // where self-sizing ends.
        let upFront = variant.make(sections, seed: seed)
        upFront.estimatedItemSizes = (0..<sections.numberOfSections).flatMap { section in
            (0..<sections.numberOfItems(inSection: section)).map { sizes[IndexPath(item: $0, section: section)]! }
        }
        upFront.prepare()
        #expect(allElements(upFront) == incremental)

        scrolled.invalidateLayout()
        scrolled.prepare()
        #expect(scrolled.lastPlacedSections == Array(0..<sections.numberOfSections))
        let context = SelfSizingInvalidationContext()
        for (path, size) in sizes.sorted(by: { $0.key < $1.key }) { context.invalidateSize(size, forItemAt: path) }
        scrolled.invalidateLayout(with: context)
        scrolled.prepare()
        #expect(allElements(scrolled) == incremental)
    }

    /// (g) One item of section k changes size: flow, grid and masonry place section k again,
    /// only move the later ones, and leave earlier ones as they were (rebuilding only the
    /// indexes of sections k and k + 1); the circle places everything again. Either way the
    /// result is what a fresh layout with the final sizes gives.
    @Test(arguments: LayoutVariant.allCases, [UInt64(7), 8])
    func aSizeChangePlacesFromItsSection(variant: LayoutVariant, seed: UInt64) throws {
        let (layout, sections, _) = try sizedLayout(variant, seed: seed)
        var generator = SplitMix64(seed: seed)
        let count = sections.numberOfSections
        func randomItem(in section: Int) -> IndexPath {
            IndexPath(item: Int.random(in: 0..<sections.numberOfItems(inSection: section), using: &generator), section: section)
        }
        // Slightly less than everything, so that queries go through the indexes.
        func nearlyEverything() -> Rect { Rect(origin: .zero, size: layout.collectionViewContentSize).insetBy(dx: 0.5, dy: 0.5) }
        for round in 0..<5 {
            let before = allElements(layout)
            _ = layout.layoutAttributesForElements(in: nearlyEverything())
            let cellIndexesBefore = layout.cellIndexesBuilt, connectorIndexesBefore = layout.connectorIndexesBuilt
            let section = Int.random(in: 1..<count, using: &generator)
            let path = randomItem(in: section)
            let old = try #require(layout.layoutAttributesForItem(at: path)).size
            let context = SelfSizingInvalidationContext()
            context.invalidateSize(Size(width: old.width + 13, height: old.height + 29.25), forItemAt: path)
            // Every other round, a second change further on in the same context.
            let second = round % 2 == 1 && section + 2 < count ? randomItem(in: Int.random(in: (section + 2)..<count, using: &generator)) : nil
            if let second {
                context.invalidateSize(Size(width: 77.5, height: layout.layoutAttributesForItem(at: second)!.size.height + 3), forItemAt: second)
            }
            layout.invalidateLayout(with: context)
            layout.prepare()
            #expect(layout.layoutAttributesForItem(at: path)?.size.height == old.height + 29.25)
            if variant.isCircle {
                #expect(layout.lastPlacedSections == Array(0..<count))
                #expect(layout.lastMovedSections == 0..<count)
            } else {
                #expect(layout.lastPlacedSections == [section] + (second.map { [$0.section] } ?? []))
                #expect(layout.lastMovedSections == section..<count)
                let after = allElements(layout)
                // Cells and connectors of earlier sections, and their headers and footers (but for
                // the grid's, which span the content and may widen), are untouched.
                let earlier = { (attributes: LayoutAttributes) in
                    attributes.indexPath.section < section
                        && !(variant.rawValue.hasPrefix("grid") && attributes.representedElementCategory == .supplementaryView
                             && attributes.representedElementKind != .connector)
                }
                #expect(after.filter(earlier) == before.filter(earlier))
                #expect(after.filter(earlier).count > 0)
                // Only the placed sections' cell indexes, and the connector indexes of those and
                // of the sections after them (the connectors into them), are built again; a query
                // of cells alone builds no connector index.
                layout.enumerateCellAttributes(in: nearlyEverything()) { _ in }
                #expect(layout.cellIndexesBuilt - cellIndexesBefore == layout.lastPlacedSections.count)
                #expect(layout.connectorIndexesBuilt == connectorIndexesBefore)
                _ = layout.layoutAttributesForElements(in: nearlyEverything())
                let placed = Set(layout.lastPlacedSections.flatMap { [$0, $0 + 1] }.filter { $0 < count })
                #expect(layout.cellIndexesBuilt - cellIndexesBefore == layout.lastPlacedSections.count)
                #expect(layout.connectorIndexesBuilt - connectorIndexesBefore == (variant.rawValue.hasPrefix("grid") ? placed.count : 0))
            }
            // Rect queries through the (partly rebuilt) indexes still equal brute force.
            let everything = allElements(layout)
            let size = layout.collectionViewContentSize
            for _ in 0..<25 {
                let rect = Rect(x: Double.random(in: -50...size.width, using: &generator), y: Double.random(in: -50...size.height, using: &generator),
                                width: Double.random(in: 0...size.width / 4, using: &generator), height: Double.random(in: 0...size.height / 4, using: &generator))
                #expect(Set(layout.layoutAttributesForElements(in: rect)) == Set(everything.filter { $0.visualFrame.intersects(rect) }), "after round \(round): \(rect)")
            }
            layout.prepare()
            #expect(layout.lastPlacedSections == [] && layout.lastMovedSections == 0..<0)
        }
        // A fresh layout given the final sizes in one context.
        let fresh = variant.make(sections, seed: seed)
        fresh.prepare()
        let context = SelfSizingInvalidationContext()
        for section in 0..<count {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                context.invalidateSize(layout.layoutAttributesForItem(at: path)!.size, forItemAt: path)
            }
        }
        fresh.invalidateLayout(with: context)
        fresh.prepare()
        #expect(fresh.collectionViewContentSize == layout.collectionViewContentSize)
        let freshElements = allElements(fresh), layoutElements = allElements(layout)
        #expect(freshElements.map(\.key) == layoutElements.map(\.key))
        let differing = zip(freshElements, layoutElements).filter { $0 != $1 }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.first.map { "\($0.0.key): \($0.0.frame) vs \($0.1.frame)" } ?? "")")
    }
}
