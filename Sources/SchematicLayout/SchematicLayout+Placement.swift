import CollectionLayout
import Hierarchy

/// Placement: where each item sits along its column — stacked incrementally, by a
/// whole-tree alignment, or in wrapped blocks — and the columns' widths.
extension SchematicLayout {
    /// Places every item with wrapped blocks: the configured alignment on the columns with each
    /// block as one item as tall as it, then the blocks' members inside them. Where blocks may
    /// overhang (`WrapPlan.overhangs`), a column is as wide as its widest item outside blocks
    /// and a wider block runs on to the right, its room in later columns kept by stand-ins
    /// (`OverhangColumns`); otherwise columns widen to their widest block. Other items stay
    /// centred in their column.
    func placeWrappedItems() {
        guard let plan = wrapPlan else { return }
        let sectionCount = dataController.numberOfSections
        let padding = configuration.itemPadding
        let (columns, heights, itemOfReduced) = plan.reduced(PlacementColumns(dataController), heights: itemHeights)
        let overhangs = WrapPlan.overhangs(configuration) && dataController.additionalParentsOfItem.isEmpty

        // Widths first (they do not depend on the placement): the widest item outside blocks,
        // or block where blocks cannot overhang.
        var unwrappedWidths = [Double](repeating: 0, count: sectionCount)
        sectionExtents = [Double](repeating: 0, count: sectionCount)
        for section in 0..<sectionCount {
            var width = 0.0, extent = 0.0
            for item in items(inSection: section) {
                let block = Int(plan.blockOfItem[item])
                if block < 0 { width = max(width, itemWidths[item]) } else { extent = max(extent, plan.widths[block]) }
            }
            unwrappedWidths[section] = width
            sectionWidths[section] = overhangs ? width : max(width, extent)
            sectionExtents[section] = max(width, extent)
        }
        // Overhanging blocks: the last section each one's block reaches into (or into whose gap).
        var standInColumns: OverhangColumns? = nil
        if overhangs {
            var lefts = [Double](repeating: configuration.sectionMargin, count: sectionCount)
            for section in 1..<max(1, sectionCount) { lefts[section] = lefts[section - 1] + sectionWidths[section - 1] + configuration.sectionPadding }
            var lastSection = [Int32](repeating: 0, count: columns.numberOfItems)
            for section in 0..<sectionCount {
                for reduced in Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1]) {
                    var last = section
                    let block = Int(plan.blockOfItem[Int(itemOfReduced[reduced])])
                    if block >= 0 {
                        let right = lefts[section] + plan.widths[block]
                        while last + 1 < sectionCount && right > lefts[last] + sectionWidths[last] + 0.5 { last += 1 }
                    }
                    lastSection[reduced] = Int32(last)
                }
            }
            standInColumns = OverhangColumns(reduced: columns, heights: heights, lastSection: lastSection)
        }

        var centers = placedCenters(of: standInColumns?.columns ?? columns, heights: standInColumns?.heights ?? heights,
                                    standIns: standInColumns?.isStandIn ?? [])
        if let standInColumns {
            var reducedCenters = [Double](repeating: 0, count: columns.numberOfItems)
            for (item, reduced) in standInColumns.reducedOfItem.enumerated() where reduced >= 0 { reducedCenters[Int(reduced)] = centers[item] }
            centers = reducedCenters
        }
        // The per-item arrays are filled as locals: loops writing the stored properties would
        // check exclusive access at every item.
        let itemWidths = itemWidths, itemHeights = itemHeights
        var tops: [Double] = [], lefts: [Double] = [], topsOfBlocks = [Double](repeating: 0, count: plan.blockCount)
        swap(&tops, &itemTops)
        swap(&lefts, &itemLefts)
        if lefts.count != itemWidths.count { lefts = [Double](repeating: 0, count: itemWidths.count) }
        tops.withUnsafeMutableBufferPointer { tops in
            for (reduced, item) in itemOfReduced.enumerated() {
                let item = Int(item), block = Int(plan.blockOfItem[item])
                let top = centers[reduced] - heights[reduced] / 2
                if block < 0 {
                    tops[item] = top
                    continue
                }
                topsOfBlocks[block] = top
                for member in item..<item + Int(plan.memberCount[block]) {
                    tops[member] = top + plan.offset(ofMember: member, inBlock: block, width: itemWidths[member], height: itemHeights[member]).y
                }
            }
        }
        itemTopsComputed += itemWidths.count
        // Heights: the last item's bottom; lefts: centred in the column as it would be unwrapped.
        let itemStarts = dataController.sectionStarts
        lefts.withUnsafeMutableBufferPointer { lefts in
            for section in 0..<sectionCount {
                let reducedItems = Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1])
                sectionHeights[section] = reducedItems.isEmpty ? 0
                    : centers[reducedItems.upperBound - 1] + heights[reducedItems.upperBound - 1] / 2 + padding / 2
                staleTopsFrom[section] = .max
                let unwrappedWidth = unwrappedWidths[section]
                for item in Int(itemStarts[section])..<Int(itemStarts[section + 1]) {
                    let block = Int(plan.blockOfItem[item])
                    lefts[item] = block < 0 ? (unwrappedWidth - itemWidths[item]) / 2
                        : plan.offset(ofMember: item, inBlock: block, width: itemWidths[item], height: itemHeights[item]).x
                }
            }
        }
        itemTops = tops
        itemLefts = lefts
        blockTops = topsOfBlocks
        blockEntries = [Double](repeating: 0, count: plan.blockCount)
        // A block's bus enters level with its parent where it can, within its first sub-column.
        for block in 0..<plan.blockCount {
            let first = Int(plan.firstItem[block])
            let parent = Int(dataController.parentOfItem[first])
            let (firstRow, lastRow) = plan.rowMiddles(ofBlock: block)
            let parentMiddle = itemTops[parent] + itemHeights[parent] / 2
            blockEntries[block] = min(max(parentMiddle, blockTops[block] + firstRow), blockTops[block] + lastRow)
        }
    }

    /// The centres of the columns' items by the configured alignment (stacked and centered
    /// from the columns alone, tidy and compact from the whole tree).
    func placedCenters(of columns: PlacementColumns, heights: [Double], standIns: [Bool]) -> [Double] {
        let sectionCount = columns.numberOfSections
        let padding = configuration.itemPadding
        switch configuration.alignment {
        case .stacked, .centered:
            var centers = [Double](repeating: 0, count: heights.count)
            var stackHeights = [Double](repeating: 0, count: sectionCount)
            for section in 0..<sectionCount {
                var top = padding / 2
                for item in Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1]) {
                    centers[item] = top + heights[item] / 2
                    top += heights[item] + padding
                }
                stackHeights[section] = top - padding / 2
            }
            if configuration.alignment == .centered {
                let tallest = stackHeights.max() ?? 0
                for section in 0..<sectionCount {
                    let offset = (tallest - stackHeights[section]) / 2
                    for item in Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1]) { centers[item] += offset }
                }
            }
            return centers
        case .tidy, .compact:
            if configuration.alignment == .compact,
               let compact = CompactPlacement.centers(of: columns, heights: heights, padding: padding, standIns: standIns) {
                return compact
            }
            return TidyPlacement.centers(of: columns, heights: heights, padding: padding)
        }
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
