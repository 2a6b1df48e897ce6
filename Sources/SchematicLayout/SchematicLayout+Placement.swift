import CollectionLayout
import Hierarchy

/// Placement: where each item sits along its column — stacked incrementally, by a
/// whole-tree alignment, or in wrapped blocks — and the columns' widths.
extension SchematicLayout {
    /// What a wrapped placement reads of this layout's tree and sizes.
    var wrappedPlacementTree: WrappedPlacement.Tree {
        WrappedPlacement.Tree(columns: PlacementColumns(dataController), configuration: configuration,
                              widths: itemWidths, heights: itemHeights)
    }

    /// Places every item with the wrap plan (`WrappedPlacement`).
    func placeWrappedItems() {
        guard let plan = wrapPlan else { return }
        // The old tops and lefts are handed over as storage, not copied.
        var tops: [Double] = [], lefts: [Double] = []
        swap(&tops, &itemTops)
        swap(&lefts, &itemLefts)
        apply(WrappedPlacement(wrappedPlacementTree, plan: plan, reusing: consume tops, consume lefts))
    }

    /// Takes a wrapped placement as this layout's (a trial placed again, settled).
    func apply(_ placement: WrappedPlacement) {
        guard placement.settles else {
            wrapPlan = placement.plan
            placeWrappedItems()
            return
        }
        wrapPlan = placement.plan
        sectionWidths = placement.sectionWidths
        sectionExtents = placement.sectionExtents
        sectionHeights = placement.sectionHeights
        itemTops = placement.itemTops
        itemLefts = placement.itemLefts
        blockTops = placement.blockTops
        blockEntries = placement.blockEntries
        for section in 0..<staleTopsFrom.count { staleTopsFrom[section] = .max }
        itemTopsComputed += itemWidths.count
    }

    /// The centres of the columns' items by the configured alignment (`WrappedPlacement.centers`),
    /// for the drawing of a tree nothing wraps: compared with dot's (`CompactPlacement.centredAsDot`),
    /// unless additional parents' lines are drawn (dot's drawing of a graph is pulled by its
    /// every edge; the estimate knows the tree's alone).
    func placedCenters(of columns: PlacementColumns, heights: [Double], standIns: [Bool]) -> [Double] {
        WrappedPlacement.centers(of: columns, heights: heights, standIns: standIns, configuration: configuration,
                                 comparesWithDot: !columns.hasAdditionalParents)
    }

    /// Places every item by the configured alignment (not `stacked`, which is incremental).
    func placeAllItems() {
        let sectionCount = dataController.numberOfSections
        let padding = configuration.itemPadding
        switch configuration.alignment {
        case .stacked:
            return
        case .centered:
            for section in 0..<sectionCount { stackItems(inSection: section) }
            let tallest = sectionHeights.max() ?? 0
            for section in 0..<sectionCount {
                let offset = (tallest - sectionHeights[section]) / 2
                for item in items(inSection: section) { itemTops[item] += offset }
                sectionHeights[section] = tallest
            }
        case .tidy, .compact:
            let centers = placedCenters(of: PlacementColumns(dataController), heights: itemHeights, standIns: [])
            for item in 0..<centers.count { itemTops[item] = centers[item] - itemHeights[item] / 2 }
            for section in 0..<sectionCount {
                let range = items(inSection: section)
                sectionHeights[section] = range.isEmpty ? 0 : itemTops[range.upperBound - 1] + itemHeights[range.upperBound - 1] + padding / 2
                staleTopsFrom[section] = .max
            }
            itemTopsComputed += centers.count
        }
    }

    /// Computes the tops of a whole section, and its width and height.
    func stackItems(inSection section: Int) {
        let padding = configuration.itemPadding
        var top = padding / 2
        let heights = itemHeights
        itemTops.withUnsafeMutableBufferPointer { tops in
            for item in items(inSection: section) {
                tops[item] = top
                top += heights[item] + padding
            }
        }
        itemTopsComputed += items(inSection: section).count
        staleTopsFrom[section] = .max
        sectionHeights[section] = top - padding / 2
        scanWidth(ofSection: section)
    }

    func scanWidth(ofSection section: Int) {
        var width = 0.0
        var ties: Int32 = 0
        for item in items(inSection: section) {
            let itemWidth = itemWidths[item]
            if itemWidth > width { width = itemWidth; ties = 1 } else if itemWidth == width { ties += 1 }
        }
        sectionWidths[section] = width
        widestItemCount[section] = ties
    }

    /// Brings the tops of a section's items up to date after new sizes moved them.
    @inline(__always)
    func refreshTops(ofSection section: Int) {
        let from = Int(staleTopsFrom[section])
        guard from != Int(Int32.max) else { return }
        let padding = configuration.itemPadding
        let range = items(inSection: section)
        var top = from == range.lowerBound ? padding / 2 : itemTops[from - 1] + itemHeights[from - 1] + padding
        for item in from..<range.upperBound {
            itemTops[item] = top
            top += itemHeights[item] + padding
        }
        itemTopsComputed += range.upperBound - from
        staleTopsFrom[section] = .max
    }

    /// Applies one item's new size in O(1) (`ItemSizeBook.apply`).
    func applySize(_ size: Size, toItem item: Int, inSection section: Int) {
        var book = takeItemSizeBook()
        book.apply(size, toItem: item, inSection: section)
        returnItemSizeBook(book)
    }
}
