import Hierarchy

/// One placement of a tree with wrapped blocks, computed from values alone: the configured
/// alignment on the columns with each block as one item as tall as it, then the blocks'
/// members inside them. Where blocks may overhang (`WrapPlan.overhangs`), a column is as wide as
/// its widest item outside blocks and a wider block runs on to the right, its room in later
/// columns kept by stand-ins (`OverhangColumns`); otherwise columns widen to their widest
/// block. Other items stay centred in their column.
///
/// A value, not a layout's state, so that `auto` wrapping can judge several row limits at once
/// (`SchematicLayout.placeWrappedItemsChoosingRows`) and keep the best without placing it again.
struct WrappedPlacement: Sendable {
    /// The plan placed.
    private(set) var plan: WrapPlan
    /// Per section (canonical): width (widest item outside blocks where blocks overhang), reach
    /// of its widest item or block, and height.
    var sectionWidths: [Double]
    var sectionExtents: [Double]
    var sectionHeights: [Double]
    /// Per item: top along its column, left within it.
    var itemTops: [Double]
    var itemLefts: [Double]
    /// Per block: its top, and where its bus enters (level with the parent where it can).
    var blockTops: [Double]
    var blockEntries: [Double]
    /// False where a nesting plan's blocks got no stand-ins (their leaves' column would not
    /// keep their room): such a placement must not be drawn.
    var keepsNestedRoom = true
    /// Whether the items' centres were settled (`CompactPlacement.centers`' sweeps): the wrap
    /// search judges its trials by their size alone, which settling leaves as it is, and the
    /// one it chooses is placed again, settled, when applied.
    let settles: Bool

    /// What a placement reads of its tree: the columns and the items' sizes.
    struct Tree: Sendable {
        let columns: PlacementColumns
        let configuration: SchematicLayoutConfiguration
        let widths: [Double]
        let heights: [Double]
        /// The placements made with this tree, by plan geometry (one search's).
        let memo: PlacementMemo
        /// The nesting blocks laid out with this tree, by their settings (one search's).
        let nestingMemo = NestingMemo()
        /// Whether blocks may overhang (`WrapPlan.overhangs`).
        var overhangs: Bool { WrapPlan.overhangs(configuration, columns) }

        init(columns: PlacementColumns, configuration: SchematicLayoutConfiguration, widths: [Double], heights: [Double]) {
            self.columns = columns
            self.configuration = configuration
            self.widths = widths
            self.heights = heights
            memo = PlacementMemo(items: widths.count)
        }
    }

    /// A trial of the wrap search: `tree` placed with `plan` unsettled (`settles`), or the
    /// placement of a plan of the same geometry made before with this tree (`PlacementMemo`),
    /// now with `plan`. `hash` is the plan's `geometryHash`, where the caller has it.
    static func placed(_ plan: WrapPlan, tree: Tree, hash known: Int? = nil) -> WrappedPlacement {
        let hash = known ?? plan.geometryHash
        if let made = tree.memo.placement(of: plan, hash: hash) { return made }
        let placement = WrappedPlacement(tree, plan: plan, settles: false)
        tree.memo.remember(placement, hash: hash)
        return placement
    }

    /// This placement with `plan`, a plan of the same geometry (`WrapPlan.sameGeometry`).
    func with(_ plan: WrapPlan) -> WrappedPlacement {
        var placement = self
        placement.plan = plan
        return placement
    }

    /// Places `tree` with `plan`, its centres settled unless not `settles`. `tops` and `lefts`
    /// are reused as storage where they have the right size (a big tree's peak memory).
    init(_ tree: Tree, plan: WrapPlan, reusing tops: consuming [Double] = [], _ lefts: consuming [Double] = [],
         settles: Bool = true) {
        self.plan = plan
        self.settles = settles
        let configuration = tree.configuration, itemWidths = tree.widths, itemHeights = tree.heights
        let itemStarts = tree.columns.sectionStarts
        let sectionCount = tree.columns.numberOfSections
        let padding = configuration.itemPadding
        var columns: PlacementColumns
        var heights: [Double], itemOfReduced: [Int32]
        (columns, heights, itemOfReduced) = plan.reduced(tree.columns, heights: itemHeights)
        let reducedCount = columns.numberOfItems
        let overhangs = tree.overhangs

        // Widths first (they do not depend on the placement): the widest item outside blocks,
        // or block where blocks cannot overhang.
        var unwrappedWidths = [Double](repeating: 0, count: sectionCount)
        var sectionWidths = [Double](repeating: 0, count: sectionCount)
        var sectionExtents = [Double](repeating: 0, count: sectionCount)
        for section in 0..<sectionCount {
            var width = 0.0, extent = 0.0
            for item in Int(itemStarts[section])..<Int(itemStarts[section + 1]) {
                let block = Int(plan.blockOfItem[item])
                if block < 0 { width = max(width, itemWidths[item]) } else if !plan.isInner(item, ofBlock: block) { extent = max(extent, plan.widths[block]) }
            }
            unwrappedWidths[section] = width
            sectionWidths[section] = overhangs ? width : max(width, extent)
            sectionExtents[section] = max(width, extent)
        }
        // Overhanging blocks: the last section each one's block reaches into (or into whose gap).
        var standInColumns: OverhangColumns? = nil
        keepsNestedRoom = !plan.nestsFolders
        if overhangs {
            var lefts = [Double](repeating: configuration.sectionMargin, count: sectionCount)
            for section in 1..<max(1, sectionCount) { lefts[section] = lefts[section - 1] + sectionWidths[section - 1] + configuration.sectionPadding }
            var lastSection = [Int32](repeating: 0, count: reducedCount)
            for section in 0..<sectionCount {
                for reduced in Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1]) {
                    var last = section
                    let block = Int(plan.blockOfItem[Int(itemOfReduced[reduced])])
                    if block >= 0 {
                        let right = lefts[section] + plan.widths[block]
                        while last + 1 < sectionCount && right > lefts[last] + sectionWidths[last] + 0.5 { last += 1 }
                        // A nesting block always keeps its room in the columns of its
                        // inner levels: their items are those columns' items, and the
                        // columns' searches need them in order with the others there.
                        last = min(sectionCount - 1, max(last, section + Int(plan.nestLevels[block])))
                    }
                    lastSection[reduced] = Int32(last)
                }
            }
            standInColumns = OverhangColumns(reduced: columns, heights: heights, lastSection: lastSection, limit: itemWidths.count)
            keepsNestedRoom = !plan.nestsFolders || standInColumns != nil
            if standInColumns != nil {
                // Placed from here on are the stand-in columns: the reduced tree's links are
                // freed (a big tree's peak memory).
                columns.childStarts = []
                columns.parentOfItem = []
            }
        }

        // Room before a block whose line runs before it, after the item before it in its column
        // (`keepRoomBeforeBlocks`: its members start that much after its placed top).
        var roomsBefore: [Double]
        if var overhanging = standInColumns {
            roomsBefore = plan.keepRoomBeforeBlocks(placed: overhanging.columns, heights: &overhanging.heights,
                                                    reducedOfPlaced: overhanging.reducedOfItem, isStandIn: overhanging.isStandIn,
                                                    itemOfReduced: itemOfReduced, padding: padding)
            if !roomsBefore.isEmpty {
                for (reduced, item) in itemOfReduced.enumerated() {
                    let block = Int(plan.blockOfItem[Int(item)])
                    if block >= 0 { heights[reduced] += roomsBefore[block] }
                }
            }
            standInColumns = overhanging
        } else {
            roomsBefore = plan.keepRoomBeforeBlocks(placed: columns, heights: &heights, reducedOfPlaced: [], isStandIn: [],
                                                    itemOfReduced: itemOfReduced, padding: padding)
        }
        func roomBefore(_ block: Int) -> Double { roomsBefore.isEmpty ? 0 : roomsBefore[block] }
        // Parents are centred on their children's first and last members, not on a block's middle
        // (only the compact alignment reads them): the ends of every placed block (a stand-in
        // has none), in placed order.
        var ends: CompactPlacement.MemberEnds? = nil
        if configuration.alignment == .compact {
            let placedCount = standInColumns?.columns.numberOfItems ?? reducedCount
            var made = CompactPlacement.MemberEnds()
            let reducedOfPlaced = standInColumns?.reducedOfItem ?? []
            itemOfReduced.withUnsafeBufferPointer { itemOfReduced in
                plan.blockOfItem.withUnsafeBufferPointer { blockOfItem in
                    reducedOfPlaced.withUnsafeBufferPointer { reducedOfPlaced in
                        let mapped = !reducedOfPlaced.isEmpty
                        for placed in 0..<placedCount {
                            let reduced = mapped ? Int(reducedOfPlaced[placed]) : placed
                            guard reduced >= 0 else { continue }
                            let block = Int(blockOfItem[Int(itemOfReduced[reduced])])
                            guard block >= 0 else { continue }
                            let (first, last) = plan.memberEnds(ofBlock: block, placedHeight: heights[reduced], roomBefore: roomBefore(block))
                            made.append(item: placed, first: first, last: last)
                        }
                    }
                }
            }
            ends = made
        }
        var centers = WrappedPlacement.centers(of: standInColumns?.columns ?? columns, heights: standInColumns?.heights ?? heights,
                                               standIns: standInColumns?.isStandIn ?? [], memberEnds: ends,
                                               configuration: configuration, settles: settles)
        if let standInColumns {
            var reducedCenters = [Double](repeating: 0, count: reducedCount)
            for (item, reduced) in standInColumns.reducedOfItem.enumerated() where reduced >= 0 { reducedCenters[Int(reduced)] = centers[item] }
            centers = reducedCenters
        }
        // Filled as locals through buffers: no exclusivity or bounds checks per item.
        var tops = consume tops, lefts = consume lefts, topsOfBlocks = [Double](repeating: 0, count: plan.blockCount)
        if tops.count != itemWidths.count { tops = [Double](repeating: 0, count: itemWidths.count) }
        if lefts.count != itemWidths.count { lefts = [Double](repeating: 0, count: itemWidths.count) }
        tops.withUnsafeMutableBufferPointer { tops in
            for (reduced, item) in itemOfReduced.enumerated() {
                let item = Int(item), block = Int(plan.blockOfItem[item])
                var top = centers[reduced] - heights[reduced] / 2
                if block < 0 {
                    tops[item] = top
                    continue
                }
                top += roomBefore(block)
                topsOfBlocks[block] = top
                for member in item..<item + Int(plan.memberCount[block]) {
                    tops[member] = top + plan.offset(ofMember: member, inBlock: block, width: itemWidths[member], height: itemHeights[member]).y
                }
                for level in Int(plan.levelStart[block])..<Int(plan.levelStart[block]) + Int(plan.nestLevels[block]) {
                    let inner = Int(plan.levelFirst[level])
                    for member in inner..<inner + Int(plan.levelCount[level]) {
                        tops[member] = top + plan.offset(ofMember: member, inBlock: block, width: 0, height: 0).y
                    }
                }
            }
        }
        // Heights: the last item's bottom; lefts: centred in the column as it would be unwrapped.
        var sectionHeights = [Double](repeating: 0, count: sectionCount)
        /// Each column's left from the first's.
        var columnStarts = [Double](repeating: 0, count: sectionCount)
        for section in 1..<max(1, sectionCount) {
            columnStarts[section] = columnStarts[section - 1] + sectionWidths[section - 1] + configuration.sectionPadding
        }
        lefts.withUnsafeMutableBufferPointer { lefts in
            for section in 0..<sectionCount {
                let reducedItems = Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1])
                sectionHeights[section] = reducedItems.isEmpty ? 0
                    : centers[reducedItems.upperBound - 1] + heights[reducedItems.upperBound - 1] / 2 + padding / 2
                let unwrappedWidth = unwrappedWidths[section]
                for item in Int(itemStarts[section])..<Int(itemStarts[section + 1]) {
                    let block = Int(plan.blockOfItem[item])
                    if block < 0 {
                        lefts[item] = (unwrappedWidth - itemWidths[item]) / 2
                    } else {
                        let x = plan.offset(ofMember: item, inBlock: block, width: itemWidths[item], height: itemHeights[item]).x
                        // An inner member is drawn in its block, which starts `level` columns earlier.
                        let level = plan.isInner(item, ofBlock: block) ? plan.panelAndLevel(ofMember: item, inBlock: block).level : 0
                        lefts[item] = x - (columnStarts[section] - columnStarts[section - level])
                    }
                }
            }
        }
        // A block's bus enters level with its parent where it can, within its first sub-column,
        // or at the corner of the line over it (below). A list in single file is entered at the
        // line past its far side, which runs on into each member's far side: entered level with
        // its parent, over its middle, the line came down onto the first member's near side and
        // turned along it to the far side, and read as that member's line to the next one
        // (asyncio's `_ContextManagerMixin → Condition → Lock`, top to bottom).
        var entries = [Double](repeating: 0, count: plan.blockCount)
        let rise = configuration.itemPadding * SchematicLayout.blockBusRise
        for block in 0..<plan.blockCount {
            let first = Int(plan.firstItem[block])
            let parent = Int(tree.columns.parentOfItem[first])
            if plan.isSingleFile(block) {
                entries[block] = topsOfBlocks[block] + plan.heights[block] + rise
                continue
            }
            let (firstRow, lastRow) = plan.rowMiddles(ofBlock: block)
            // A block of roots has no bus: its entry is its first row.
            let parentMiddle = parent < 0 ? -Double.infinity : tops[parent] + itemHeights[parent] / 2
            // A parent before a block of several sub-columns (or panels) enters it at the corner
            // of the line over it, which runs on to the later ones: entered at its first row,
            // that line left the first member's stub a few points before its box and read as
            // that member's (a README's notes top to bottom, its next panel 1,255 px below).
            let corner = topsOfBlocks[block] - configuration.itemPadding * SchematicLayout.blockBusRise
            // (A row hanging from that line is entered there wherever its parent is.)
            // (Nearly level with the first row, it enters there: no detour up and back.)
            let entersCorner = parent >= 0 && plan.columns[block] > 1 && !plan.isSingleFile(block)
                && (parentMiddle < topsOfBlocks[block] + firstRow - SchematicLayout.levelStubDistance || plan.isCombed(block))
            // A parent beyond the first sub-column's last row (a lone leaf on the first row of a
            // country's panels, top to bottom) has that sub-column's line run on to its level
            // where that is within the block, else enters it past the block's far side: entered
            // at the last row, the line went on into that member's stub and every later
            // sub-column read as hanging from that member; entered at the corner, the parent's
            // line ran back over the whole first sub-column just beside its bus, a lid over it
            // (Debian's optional packages by section, top to bottom).
            let beyond = parent >= 0 && plan.columns[block] > 1 && !plan.isSingleFile(block)
                && parentMiddle > topsOfBlocks[block] + lastRow + SchematicLayout.levelStubDistance
            let runsOn = beyond && parentMiddle <= topsOfBlocks[block] + plan.heights[block]
            entries[block] = entersCorner ? corner
                : beyond && !runsOn ? topsOfBlocks[block] + plan.heights[block] + rise
                : runsOn ? parentMiddle
                : min(max(parentMiddle, topsOfBlocks[block] + firstRow), topsOfBlocks[block] + lastRow)
        }
        self.sectionWidths = sectionWidths
        self.sectionExtents = sectionExtents
        self.sectionHeights = sectionHeights
        itemTops = tops
        itemLefts = lefts
        blockTops = topsOfBlocks
        blockEntries = entries
    }

    /// The breadth of the drawing (its tallest column, canonical).
    var breadth: Double { sectionHeights.max() ?? 0 }

    /// The canonical content width (before `prepare` positions the columns): the columns and
    /// the blocks reaching past them.
    func depth(_ configuration: SchematicLayoutConfiguration) -> Double {
        WrappedPlacement.depth(sectionWidths: sectionWidths, sectionExtents: sectionExtents, configuration: configuration)
    }

    /// The breadth and depth of `tree` drawn with nothing wrapped (the placement `prepare`
    /// makes without a plan: every item centred in its column, each column as wide as its
    /// widest item).
    static func unwrappedSize(of tree: Tree) -> (breadth: Double, depth: Double) {
        let configuration = tree.configuration, padding = configuration.itemPadding
        let centers = Self.centers(of: tree.columns, heights: tree.heights, standIns: [], configuration: configuration, settles: false)
        var breadth = 0.0
        for item in 0..<centers.count { breadth = max(breadth, centers[item] + tree.heights[item] / 2 + padding / 2) }
        let starts = tree.columns.sectionStarts
        let widths = (0..<starts.count - 1).map { section in
            (Int(starts[section])..<Int(starts[section + 1])).reduce(0.0) { max($0, tree.widths[$1]) }
        }
        return (breadth, depth(sectionWidths: widths, sectionExtents: widths, configuration: configuration))
    }

    /// The canonical content width of columns of these widths with blocks reaching this far.
    static func depth(sectionWidths: [Double], sectionExtents: [Double], configuration: SchematicLayoutConfiguration) -> Double {
        var left = configuration.sectionMargin, right = 0.0
        for section in 0..<sectionWidths.count {
            right = max(right, left + max(sectionWidths[section], sectionExtents[section]))
            left += sectionWidths[section] + configuration.sectionPadding
        }
        return right + configuration.sectionMargin
    }

    /// The centres of the columns' items by the configured alignment (stacked and centered
    /// from the columns alone, tidy and compact from the whole tree; compact's settled unless
    /// not `settles`, `CompactPlacement.centers`, as well centred as dot's where it
    /// `comparesWithDot`).
    static func centers(of columns: PlacementColumns, heights: [Double], standIns: [Bool],
                        memberEnds: CompactPlacement.MemberEnds? = nil, configuration: SchematicLayoutConfiguration,
                        settles: Bool = true, comparesWithDot: Bool = false) -> [Double] {
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
               let compact = CompactPlacement.centers(of: columns, heights: heights, padding: padding, standIns: standIns,
                                                     memberEnds: memberEnds, settles: settles, comparesWithDot: comparesWithDot) {
                return compact
            }
            var centers = TidyPlacement.centers(of: columns, heights: heights, padding: padding)
            ForestBands.separate(&centers, columns: columns, heights: heights, padding: padding)
            return centers
        }
    }
}
