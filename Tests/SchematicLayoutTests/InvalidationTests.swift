import CollectionLayout
import Hierarchy
import SchematicLayout
import Testing
import TestSupport

@Suite struct InvalidationTests {
    func snapshot(_ layout: SchematicLayout) -> [LayoutAttributes] {
        layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
    }

    @Test func cellsAddedToOneContextMarkWhatMergedCellContextsMark() throws {
        var generator = SplitMix64(seed: 9)
        let sections = try SectionedTree(RandomTrees.forest(count: 300, rootChance: 0, using: &generator))
        let layout = SchematicLayout(dataController: sections)
        layout.prepare()
        let cells = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
            .filter { $0.representedElementCategory == .cell }
        func grown(_ original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            preferred.size = Size(width: original.size.width + 10, height: original.size.height + Double(original.indexPath.item % 3))
            return preferred
        }
        let merged = layout.invalidationContext(forPreferredLayoutAttributes: grown(cells[0]), withOriginalAttributes: cells[0])
        let filled = layout.invalidationContext(forPreferredLayoutAttributes: grown(cells[0]), withOriginalAttributes: cells[0])
        for original in cells.dropFirst() {
            merged.merge(layout.invalidationContext(forPreferredLayoutAttributes: grown(original), withOriginalAttributes: original))
            layout.invalidate(filled, forPreferredLayoutAttributes: grown(original), withOriginalAttributes: original)
        }
        #expect(filled is SchematicInvalidationContext)
        #expect(filled.invalidatedItemSections == merged.invalidatedItemSections)
        #expect(filled.invalidatedItemSections == Set(0..<sections.numberOfSections))
        #expect(filled.invalidatedSupplementarySections == merged.invalidatedSupplementarySections)
        #expect(filled.invalidatedSections == merged.invalidatedSections)
        let filledSizes = (filled as! SelfSizingInvalidationContext).sizeChanges
        let mergedSizes = (merged as! SelfSizingInvalidationContext).sizeChanges
        #expect(filledSizes.map(\.indexPath) == mergedSizes.map(\.indexPath))
        #expect(filledSizes.map(\.size) == mergedSizes.map(\.size))
        #expect(filledSizes.count == cells.count)

        // Applied in one batch or one by one, the sizes give one layout.
        let oneByOne = SchematicLayout(dataController: sections)
        oneByOne.prepare()
        for (indexPath, size) in filledSizes { oneByOne.applySize(size, toItemAt: indexPath) }
        oneByOne.prepare()
        layout.invalidateLayout(with: filled)
        layout.prepare()
        #expect(snapshot(layout) == snapshot(oneByOne))
        #expect(layout.lastResizedSections == oneByOne.lastResizedSections)
    }

    @Test func aNewSizeReflowsOnlyFromItsColumnOnward() throws {
        var generator = SplitMix64(seed: 5)
        let sections = try SectionedTree(RandomTrees.forest(count: 500, rootChance: 0, using: &generator))
        #expect(sections.numberOfSections > 4)
        let layout = SchematicLayout(dataController: sections)
        layout.prepare()
        #expect(layout.lastResizedSections == Array(0..<sections.numberOfSections))
        let before = snapshot(layout)

        let target = IndexPath(item: 0, section: 2)
        let original = layout.layoutAttributesForItem(at: target)!
        var preferred = original
        preferred.size = Size(width: 300, height: 90)
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: original, withOriginalAttributes: original))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        // The talk's context: the column's items, the connectors into the next column and into this one.
        #expect(context.invalidatedItemSections == [2])
        #expect(context.invalidatedSupplementarySections[.connector] == [2, 3])
        layout.invalidateLayout(with: context)
        layout.prepare()

        // Instrumentation: only column 2 restacked; columns 0 and 1 not even moved.
        #expect(layout.lastResizedSections == [2])
        #expect(layout.lastRepositionedSections == 2..<sections.numberOfSections)
        let after = snapshot(layout)
        let untouched = { (attributes: LayoutAttributes) in attributes.indexPath.section < 2 }
        #expect(before.filter(untouched) == after.filter(untouched))
        #expect(layout.layoutAttributesForItem(at: target)!.size == Size(width: 300, height: 90))

        // Same result as laying out from scratch with that size.
        let fresh = SchematicLayout(dataController: sections)
        fresh.prepare()
        let freshContext = SchematicInvalidationContext()
        freshContext.invalidateSize(Size(width: 300, height: 90), forItemAt: target)
        fresh.invalidateLayout(with: freshContext)
        fresh.prepare()
        #expect(snapshot(fresh) == after)
    }

    /// The talk's configuration, with straight or elbow connectors (elbow lanes are counted
    /// again per gap, lazily).
    static func talk(_ connectors: ConnectorStyle) -> SchematicLayoutConfiguration {
        var configuration = SchematicLayoutConfiguration()
        configuration.connectorStyle = connectors
        return configuration
    }

    @Test(arguments: [(UInt64(31), ConnectorStyle.straight), (32, .straight), (33, .straight), (34, .elbow), (35, .elbow)] as [(UInt64, ConnectorStyle)])
    func incrementalReflowsEqualAFreshLayout(seed: UInt64, connectors: ConnectorStyle) throws {
        var generator = SplitMix64(seed: seed)
        let sections = try SectionedTree(RandomTrees.forest(count: 300, using: &generator))
        let configuration = Self.talk(connectors)
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        var finalSizes: [IndexPath: Size] = [:]
        for step in 0..<200 {
            let section = Int.random(in: 0..<sections.numberOfSections, using: &generator)
            let path = IndexPath(item: Int.random(in: 0..<sections.numberOfItems(inSection: section), using: &generator), section: section)
            // Mostly small sizes, so that widest items often shrink and columns must be rescanned.
            let size = Size(width: Double(Int.random(in: 20...160, using: &generator)), height: Double(Int.random(in: 10...60, using: &generator)))
            let context = SchematicInvalidationContext()
            context.invalidateSize(size, forItemAt: path)
            layout.invalidateLayout(with: context)
            layout.prepare()
            finalSizes[path] = size
            if step % 50 == 0 { _ = snapshot(layout) }
        }
        let fresh = SchematicLayout(dataController: sections, configuration: configuration)
        fresh.prepare()
        let context = SchematicInvalidationContext()
        for (path, size) in finalSizes.sorted(by: { $0.key < $1.key }) { context.invalidateSize(size, forItemAt: path) }
        fresh.invalidateLayout(with: context)
        fresh.prepare()
        #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize)
        #expect(snapshot(layout) == snapshot(fresh))
        // And a layout given every size up front (prepared in one pass, lanes counted at once).
        let upFront = SchematicLayout(dataController: sections, configuration: configuration)
        upFront.estimatedItemSizes = snapshot(layout).filter { $0.representedElementCategory == .cell }
            .sorted { $0.indexPath < $1.indexPath }.map(\.size)
        upFront.prepare()
        #expect(snapshot(layout) == snapshot(upFront))
    }

    @Test(arguments: [ConnectorStyle.straight, .elbow])
    func oneNewSizeCostsNoItemWorkUntilTheColumnIsRead(connectors: ConnectorStyle) throws {
        var generator = SplitMix64(seed: 44)
        let sections = try SectionedTree(RandomTrees.forest(count: 5_000, rootChance: 0, using: &generator))
        let layout = SchematicLayout(dataController: sections, configuration: Self.talk(connectors))
        layout.prepare()
        let before = layout.itemTopsComputed
        #expect(before == 5_000)
        let context = SchematicInvalidationContext()
        context.invalidateSize(Size(width: 121, height: 41), forItemAt: IndexPath(item: 0, section: 1))
        layout.invalidateLayout(with: context)
        layout.prepare()
        #expect(layout.itemTopsComputed == before, "prepare moves columns, not items")
        _ = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))
        #expect(layout.itemTopsComputed == before + sections.numberOfItems(inSection: 1) - 1)
    }

    @Test func invalidatingEverythingStartsFromEstimates() throws {
        let layout = SchematicLayout(dataController: try SectionedTree(RandomTrees.talk))
        layout.prepare()
        let context = SchematicInvalidationContext()
        context.invalidateSize(Size(width: 10, height: 10), forItemAt: IndexPath(item: 0, section: 0))
        layout.invalidateLayout(with: context)
        layout.prepare()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.size == Size(width: 10, height: 10))
        layout.invalidateLayout()
        layout.prepare()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.size == Size(width: 120, height: 40))
    }

    @Test func selfSizingThroughTheDriverBatchesOnePassAndMatchesViewportPasses() throws {
        var generator = SplitMix64(seed: 9)
        let sections = try SectionedTree(RandomTrees.forest(count: 800, using: &generator))
        final class LabelSized: CellSizing {
            let sections: SectionedTree
            init(_ sections: SectionedTree) { self.sections = sections }
            func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
                var preferred = attributes
                let label = sections.label(ofItem: sections.globalItem(section: attributes.indexPath.section, item: attributes.indexPath.item))
                preferred.size = Size(width: 40 + 7 * Double(label.count), height: 30 + Double(label.count % 3) * 10)
                return preferred
            }
        }
        let whole = SchematicLayout(dataController: sections)
        let wholeView = CollectionView(layout: whole, dataSource: SchematicDataSource(sections))
        wholeView.cellSizing = LabelSized(sections)
        wholeView.layoutIfNeeded()
        #expect(wholeView.selfSizingPasses == 1)
        #expect(wholeView.cellsSized == 800)

        // Scrolling viewport by viewport reaches the same layout.
        let scrolled = SchematicLayout(dataController: sections)
        let scrolledView = CollectionView(layout: scrolled, dataSource: SchematicDataSource(sections))
        scrolledView.cellSizing = LabelSized(sections)
        scrolledView.selfSizeByScrolling(viewport: Size(width: 400, height: 300))
        #expect(scrolledView.selfSizingPasses >= 1)
        #expect(scrolledView.cellsSized == 800)
        #expect(snapshot(scrolled) == snapshot(whole))
    }

    /// Scrolling to self-size, the first placement is rough (stacked columns, nothing wrapped:
    /// it only tells which viewport shows each cell first), and the layout ends as a full
    /// `prepare` makes it: when cells report new sizes, and when none does (fixed sizes).
    @Test func scrollingPlacesRoughlyFirstAndEndsWithTheFullPlacement() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        for index in 0..<40 { _ = tree.addNode(label: "leaf \(index)", parent: root) }
        let sections = try SectionedTree(tree)
        let standard = SchematicLayoutConfiguration.standard  // compact, wrapping
        let rough = SchematicLayout(dataController: sections, configuration: standard)
        #expect(rough.prepareEstimatedLayout())
        let full = SchematicLayout(dataController: sections, configuration: standard)
        full.prepare()
        // The 40-leaf fan is one stacked column at first, a block in full.
        #expect(rough.collectionViewContentSize.height > 2 * full.collectionViewContentSize.height)

        final class Sized: CellSizing {
            let size: Size
            init(_ size: Size) { self.size = size }
            func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
                var preferred = attributes
                preferred.size = size
                return preferred
            }
        }
        for size in [Size(width: 133, height: 27), standard.estimatedItemSize] {
            let scrolled = SchematicLayout(dataController: sections, configuration: standard)
            let view = CollectionView(layout: scrolled, dataSource: SchematicDataSource(sections))
            view.cellSizing = Sized(size)
            view.selfSizeByScrolling(viewport: Size(width: 300, height: 200))
            let whole = SchematicLayout(dataController: sections, configuration: standard)
            whole.estimatedItemSizes = [Size](repeating: size, count: sections.numberOfItems)
            whole.prepare()
            #expect(snapshot(scrolled) == snapshot(whole), "cells of \(size)")
        }
        // Where the full placement is the stacked one, the first is it.
        let stacked = SchematicLayout(dataController: sections, configuration: {
            var configuration = SchematicLayoutConfiguration()
            configuration.alignment = .stacked
            configuration.wrap = .off
            return configuration
        }())
        #expect(!stacked.prepareEstimatedLayout())
    }
}
