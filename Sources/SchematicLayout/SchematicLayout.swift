import CollectionLayout
import Dispatch
import Hierarchy

/// The schematic layout of the talk *Beyond the Grid*: every depth of the tree is a section
/// drawn as a column, every node an item, and a `connector` supplementary element links each
/// parent to each of its children.
///
/// Geometry (slide 11): a column is as wide as its widest item and each item is centred in it;
/// items are stacked from the top with `itemPadding / 2` above the first and `itemPadding`
/// between neighbours; a column starts `sectionPadding` right of the previous column's right
/// edge (`sectionMargin` for the first). The content is the last column's right edge plus
/// `sectionMargin` wide and as tall as the tallest column.
///
/// Storage is flat, per global item (sizes and tops) and per section (left edge, width,
/// height); frames are computed on demand. Rect queries binary-search each column, because
/// item tops, and both ends of the connectors into a column, increase along the column.
public final class SchematicLayout: SelfSizingLayout {
    /// The data controller whose sections and items this layout places.
    public let dataController: SectionedTree
    /// Spacing and the estimated item size.
    public let configuration: SchematicLayoutConfiguration
    /// Per global item, the size its cell is expected to report (real axes), taken instead of
    /// `configuration.estimatedItemSize` by the next preparation from the data, and then
    /// dropped. When every cell's size is known before the layout (labels measured up front),
    /// the first pass places every item once, at its final size, and self-sizing finds nothing
    /// to change. Ignored unless it has one size per item.
    public var estimatedItemSizes: [Size]?

    // Per global item.
    var itemWidths: [Double] = []
    var itemHeights: [Double] = []
    var itemTops: [Double] = []
    // Per section.
    var sectionLefts: [Double] = []
    var sectionWidths: [Double] = []
    var sectionHeights: [Double] = []
    /// Connectors from additional parents, per section of the child, ordered by child.
    var additionalConnectors: [[(child: Int32, parent: Int32, subitem: Int32)]] = []
    /// With elbow connectors, the x of each lane piece's own lane (`lanePieces`' shape: an
    /// additional connector's at its index in `additionalConnectors`).
    var additionalLaneX: [[Double]] = []
    /// With elbow connectors, per section, the stretches of dashed line that take lanes in the
    /// gap before it (`buildLanePieces`).
    var lanePieces: [[LanePiece]] = []
    /// Connectors from parents two or more columns before their children
    /// (`SectionedTree.distantParentsOfItem`), ordered by child, then subitem (after the
    /// child's additional parents'); drawn only where `drawsDistantConnectors`.
    var distantConnectors: [(child: Int32, parent: Int32, subitem: Int32)] = []
    /// Whether the last preparation routed the distant connectors (`routeDistantConnectors`):
    /// always but in the rough placement before any cell has reported.
    public internal(set) var drawsDistantConnectors = false
    /// Per distant connector, where it runs across the columns between its parent's and its
    /// child's (canonical y, without the header room).
    var distantRunY: [Double] = []
    /// Per distant connector, with elbow connectors: its way out's lane piece (in the section
    /// after its parent's) and its way in's (in its child's section), as indices in `lanePieces`.
    var distantLanePieces: [(out: Int32, into: Int32)] = []
    /// With elbow connectors, per section, which side of the tree's buses each additional
    /// connector runs on and its lane there (`planAdditionalLanes`; empty without additional parents).
    var additionalLanePlans: [AdditionalLanePlan] = []
    /// Per section, the room the gap before it has beside the tree's buses for additional
    /// parents' lanes (`neededGapRoom(for:)`; empty without additional parents).
    var additionalGapRoom: [(before: Double, after: Double)] = []
    var contentSize = Size.zero

    /// Whether `prepare()` has run since the data was last invalidated.
    public internal(set) var isPrepared = false
    /// Set while `prepareEstimatedLayout` places the columns stacked, unwrapped.
    private var placesRoughly = false
    /// Sections whose item sizes changed since the last `prepare()`.
    var sectionsWithNewSizes: Set<Int> = []
    var firstInvalidSection: Int?
    /// Per section, the first global item whose top is out of date (all after it are too), or
    /// `Int32.max`. A new size moves only the items below it; their tops are brought up to date
    /// when a query first reads that column, so a reflow costs O(sections), not O(items).
    var staleTopsFrom: [Int32] = []
    /// Per section, how many items are as wide as the column, so that a narrower new size
    /// rescans the column only when its last widest item shrinks.
    var widestItemCount: [Int32] = []
    var sectionsNeedingWidthScan: Set<Int> = []

    /// Room added above everything so that the line over a wrapped block at the top of its
    /// column lies as far inside the drawing as the first boxes do (it rose to 4 px from the
    /// edge, half their margin).
    public internal(set) var topRoom = 0.0
    /// For elbow connectors: each parent's bus lane in the gap after its column (-1: no bus),
    /// and how many lanes its run of buses has there (`busX(ofParent:childSection:)`).
    var busLaneOfParent: [Int32] = []
    var busLaneCountOfParent: [Int32] = []
    /// The parents whose run of buses spreads its lanes beyond the gap, into the free room
    /// beside it in the two columns (before, after): a run where one parent is level with
    /// another's child, whose lines would otherwise meet a lane apart on one row.
    var widenedBusRuns: [Int32: (before: Double, after: Double)] = [:]
    /// Per gap, whether its lanes wait to be counted again (`refreshLanes(ofGap:)`).
    var staleLaneGaps: [Bool] = []
    /// For elbow connectors inside nesting blocks: per item, which lane of its panel's gap its
    /// bus takes (`innerBusLane(ofParent:)`); empty where no block nests.
    var innerBusLanes: [Int8] = []

    // Wrapped fans (`configuration.wrap`), when a block exists; otherwise empty.
    var wrapPlan: WrapPlan?
    /// The first preparation's wrap plan (nil inside when nothing wraps), made while the
    /// columns are stacked; taken by that preparation.
    private var firstWrapPlan: WrapPlan??
    /// Per global item, its left from its section's left.
    var itemLefts: [Double] = []
    /// Per block, its top (canonical y, without the header room) and where its bus enters it.
    var blockTops: [Double] = []
    var blockEntries: [Double] = []
    /// Per section, how far right of its left edge its items and blocks reach (wider than the
    /// column where a block overhangs), while wrapped.
    var sectionExtents: [Double] = []
    /// Per section, the furthest right any section up to it reaches (rising, for the rect
    /// queries' binary search), while wrapped; otherwise empty.
    var sectionReaches: [Double] = []
    /// The cards behind nesting blocks' panels (canonical, `framePanels`), in block order, and
    /// each one's section (its block's).
    var panelFrames: [Rect] = []
    var panelSections: [Int32] = []
    /// The cards by place, for rect queries (nil: no cards).
    var panelIndex: SpatialIndex? = nil

    /// Instrumentation: the sections whose sizes the last `prepare()` updated.
    public internal(set) var lastResizedSections: [Int] = []
    /// Instrumentation: the sections whose left edge the last `prepare()` recomputed.
    public internal(set) var lastRepositionedSections: Range<Int> = 0..<0
    /// Instrumentation: how many item tops have been computed since the layout was created.
    public internal(set) var itemTopsComputed = 0

    /// Creates a layout of a sectioned tree.
    public init(dataController: SectionedTree, configuration: SchematicLayoutConfiguration = .init()) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.dataController = dataController
        self.configuration = configuration
    }

    // MARK: Preparing

    public func prepare() {
        let sectionCount = dataController.numberOfSections
        if !isPrepared {
            let count = dataController.numberOfItems
            let estimate = axes.canonical(configuration.estimatedItemSize)
            // Filled as locals: a loop writing the stored properties would check exclusive
            // access at every item.
            var widths = [Double](repeating: estimate.width, count: count)
            var heights = [Double](repeating: estimate.height, count: count)
            if let sizes = estimatedItemSizes, sizes.count == count {
                let axes = axes
                for item in 0..<count {
                    let size = axes.canonical(sizes[item])
                    widths[item] = size.width
                    heights[item] = size.height
                }
            }
            estimatedItemSizes = nil
            itemWidths = widths
            itemHeights = heights
            if configuration.wrap != .off && !placesRoughly && count >= Self.concurrentPlanItems {
                // A big tree's wrap plan reads only the sizes: made on the other core meanwhile.
                nonisolated(unsafe) let layout = self
                let columns = PlacementColumns(dataController), configuration = configuration, widths = widths, heights = heights
                nonisolated(unsafe) var plan: WrapPlan?
                DispatchQueue.concurrentPerform(iterations: 2) { task in
                    if task == 0 {
                        plan = WrapPlan(sections: columns, widths: widths, heights: heights, configuration: configuration)
                    } else {
                        layout.stackEveryItem()
                    }
                }
                firstWrapPlan = .some(plan)
            } else {
                stackEveryItem()
            }
            sectionsWithNewSizes = Set(0..<sectionCount)
            sectionsNeedingWidthScan = []
            firstInvalidSection = 0
            isPrepared = true
        }
        guard let first = firstInvalidSection else {
            lastResizedSections = []
            lastRepositionedSections = 0..<0
            return
        }
        for section in sectionsNeedingWidthScan { scanWidth(ofSection: section) }
        let wasWrapped = wrapPlan != nil
        wrapPlan = configuration.wrap == .off || placesRoughly ? nil
            : firstWrapPlan ?? WrapPlan(sections: PlacementColumns(dataController), widths: itemWidths, heights: itemHeights, configuration: configuration)
        firstWrapPlan = nil
        if wrapPlan != nil {
            if !placeWrappedItemsChoosingRows() { wrapPlan = nil }
        } else if !placesRoughly {
            _ = placeWideFansTheEstimateLeft()
        }
        if wrapPlan == nil && configuration.wrap != .off && !placesRoughly { placeNestedItemsWithoutLeafBlocks() }
        if wrapPlan != nil {
            for section in 0..<sectionCount { sectionsWithNewSizes.insert(section) }
        } else if configuration.alignment != .stacked && !placesRoughly {
            // Other alignments place every column from the whole tree: one pass over it (a
            // wrapped placement's widths do not count here: each column as wide as its widest).
            if wasWrapped { for section in 0..<sectionCount { scanWidth(ofSection: section) } }
            placeAllItems()
            for section in 0..<sectionCount { sectionsWithNewSizes.insert(section) }
        } else if wasWrapped {
            // Wrapped placement left the stacked bookkeeping behind: start it afresh.
            itemLefts = []
            sectionExtents = []
            for section in 0..<sectionCount { stackItems(inSection: section) }
        }
        // Distant parents' connectors run between the boxes (and wrapped blocks) of the columns
        // they cross: found from the tops alone, as the lanes below.
        drawsDistantConnectors = !distantConnectors.isEmpty && !placesRoughly
        if drawsDistantConnectors { routeDistantConnectors() } else { distantRunY = [] }
        // Additional parents' lanes may widen gaps: their room is found from the tops (the
        // tree's bus lanes and the lanes' plan) before the columns are put side by side.
        let hasAdditionalLanes = configuration.connectorStyle == .elbow
            && (!dataController.additionalParentsOfItem.isEmpty || drawsDistantConnectors)
        if hasAdditionalLanes {
            assignBusLanes()
            planAdditionalLanes()
            additionalGapRoom = (0..<sectionCount).map { neededGapRoom(for: $0) }
        } else {
            additionalLanePlans = []
            additionalGapRoom = []
        }
        let firstMoved = wrapPlan != nil || wasWrapped || hasAdditionalLanes ? 0 : first
        for section in firstMoved..<sectionCount {
            let room = hasAdditionalLanes ? additionalGapRoom[section].before + additionalGapRoom[section].after : 0
            sectionLefts[section] = section == 0
                ? configuration.sectionMargin
                : sectionLefts[section - 1] + sectionWidths[section - 1] + configuration.sectionPadding + room
        }
        sectionReaches = []
        if wrapPlan != nil {
            var reach = 0.0
            sectionReaches = (0..<sectionCount).map { section in
                reach = max(reach, sectionLefts[section] + sectionExtents[section])
                return reach
            }
        }
        topRoom = 0
        if wrapPlan != nil, let highest = blockTops.min() {
            topRoom = max(0, configuration.itemPadding / 2 - (highest - configuration.itemPadding * Self.blockBusRise))
        }
        // So is a distant line over every box (half of it was cut at the drawing's edge).
        if let highestRun = distantRunY.min() { topRoom = max(topRoom, configuration.itemPadding / 2 - highestRun) }
        if configuration.connectorStyle == .elbow {
            // Stacked columns without wrapping move nothing but the resized columns' items:
            // only the gaps beside them are counted again. Every other placement re-placed the tree.
            let columnByColumn = configuration.alignment == .stacked && configuration.wrap == .off && !wasWrapped
                && !placesRoughly && dataController.additionalParentsOfItem.isEmpty && distantConnectors.isEmpty
            if !hasAdditionalLanes { assignBusLanes(onlyAround: columnByColumn ? sectionsWithNewSizes : nil) }
            assignAdditionalLanes()
            assignInnerBusLanes()
        }
        let last = sectionCount - 1
        // (A distant line under every box of the columns it crosses keeps half a padding
        // inside too: it lay on the bottom edge where those boxes were the lowest.)
        let lowest = max(sectionHeights.max() ?? 0, distantRunY.max().map { $0 + configuration.itemPadding / 2 } ?? 0)
        contentSize = Size(width: max(sectionLefts[last] + sectionWidths[last], sectionReaches.last ?? 0) + configuration.sectionMargin,
                           height: lowest + headerInset)
        framePanels()
        lastResizedSections = sectionsWithNewSizes.sorted()
        lastRepositionedSections = firstMoved..<sectionCount
        sectionsWithNewSizes = []
        sectionsNeedingWidthScan = []
        firstInvalidSection = nil
    }

    /// Before any cell has reported, the columns are stacked and nothing wraps (one O(n) pass,
    /// no alignment, no wrap search): enough to tell which viewport shows each cell first. The
    /// real placement comes with the first `prepare` after cells report. (Where sizes were
    /// given up front, or the alignment is `stacked` without wrapping, this is `prepare`.)
    public func prepareEstimatedLayout() -> Bool {
        let rough = !isPrepared && estimatedItemSizes == nil && (configuration.alignment != .stacked || configuration.wrap != .off)
        placesRoughly = rough
        defer { placesRoughly = false }
        prepare()
        return rough
    }

    /// The first preparation's stacking, before any placement: every column from the top.
    private func stackEveryItem() {
        let count = dataController.numberOfItems, sectionCount = dataController.numberOfSections
        itemTops = [Double](repeating: 0, count: count)
        sectionLefts = [Double](repeating: 0, count: sectionCount)
        sectionWidths = [Double](repeating: 0, count: sectionCount)
        sectionHeights = [Double](repeating: 0, count: sectionCount)
        staleTopsFrom = [Int32](repeating: .max, count: sectionCount)
        widestItemCount = [Int32](repeating: 0, count: sectionCount)
        buildAdditionalConnectors()
        buildDistantConnectors()
        for section in 0..<sectionCount { stackItems(inSection: section) }
    }

    /// From this many items the first preparation makes the wrap plan while it stacks the
    /// columns, on two cores.
    static let concurrentPlanItems = 20_000

    func items(inSection section: Int) -> Range<Int> {
        Int(dataController.sectionStarts[section])..<Int(dataController.sectionStarts[section + 1])
    }

    public var collectionViewContentSize: Size {
        configuration.orientation.isVertical ? Size(width: contentSize.height, height: contentSize.width) : contentSize
    }

    // MARK: Orientation

    /// Placement always runs left to right (ELK's way: place in one direction, then orient):
    /// sections are columns along x, items stack along y. This maps that canonical drawing to
    /// the configured orientation, and queries back.
    var axes: AxisMapping { configuration.orientation.axisMapping(extent: contentSize.width) }
}
