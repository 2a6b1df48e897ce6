import CollectionLayout
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

    // Per global item.
    private var itemWidths: [Double] = []
    private var itemHeights: [Double] = []
    private var itemTops: [Double] = []
    // Per section.
    private var sectionLefts: [Double] = []
    private var sectionWidths: [Double] = []
    private var sectionHeights: [Double] = []
    /// Connectors from additional parents, per section of the child, ordered by child.
    private var additionalConnectors: [[(child: Int32, parent: Int32, subitem: Int32)]] = []
    private var contentSize = Size.zero

    /// Whether `prepare()` has run since the data was last invalidated.
    public private(set) var isPrepared = false
    /// Sections whose item sizes changed since the last `prepare()`.
    private var sectionsWithNewSizes: Set<Int> = []
    private var firstInvalidSection: Int?
    /// Per section, the first global item whose top is out of date (all after it are too), or
    /// `Int32.max`. A new size moves only the items below it; their tops are brought up to date
    /// when a query first reads that column, so a reflow costs O(sections), not O(items).
    private var staleTopsFrom: [Int32] = []
    /// Per section, how many items are as wide as the column, so that a narrower new size
    /// rescans the column only when its last widest item shrinks.
    private var widestItemCount: [Int32] = []
    private var sectionsNeedingWidthScan: Set<Int> = []

    /// For elbow connectors: the x of each parent's bus (its vertical line between columns).
    private var busXOfParent: [Double] = []

    // Wrapped fans (`configuration.wrap`), when a block exists; otherwise empty.
    private var wrapPlan: WrapPlan?
    /// Per global item, its left from its section's left.
    private var itemLefts: [Double] = []
    /// Per block, its top (canonical y, without the header room) and where its bus enters it.
    private var blockTops: [Double] = []
    private var blockEntries: [Double] = []

    /// Instrumentation: the sections whose sizes the last `prepare()` updated.
    public private(set) var lastResizedSections: [Int] = []
    /// Instrumentation: the sections whose left edge the last `prepare()` recomputed.
    public private(set) var lastRepositionedSections: Range<Int> = 0..<0
    /// Instrumentation: how many item tops have been computed since the layout was created.
    public private(set) var itemTopsComputed = 0

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
            itemWidths = [Double](repeating: estimate.width, count: count)
            itemHeights = [Double](repeating: estimate.height, count: count)
            itemTops = [Double](repeating: 0, count: count)
            sectionLefts = [Double](repeating: 0, count: sectionCount)
            sectionWidths = [Double](repeating: 0, count: sectionCount)
            sectionHeights = [Double](repeating: 0, count: sectionCount)
            staleTopsFrom = [Int32](repeating: .max, count: sectionCount)
            widestItemCount = [Int32](repeating: 0, count: sectionCount)
            buildAdditionalConnectors()
            for section in 0..<sectionCount { stackItems(inSection: section) }
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
        wrapPlan = configuration.wrap == .off ? nil
            : WrapPlan(sections: PlacementColumns(dataController), widths: itemWidths, heights: itemHeights, configuration: configuration)
        if wrapPlan != nil {
            placeWrappedItems()
            // `auto` estimates the height from the columns' stacks; a placement that came out
            // taller gets fewer rows per sub-column (a bounded number of tries: still O(n)).
            for _ in 0..<3 where configuration.wrap == .auto {
                guard let plan = wrapPlan, plan.rowLimit > WrapPlan.fewestAutoRows else { break }
                let depth = sectionWidths.reduce(0, +) + Double(max(0, sectionCount - 1)) * configuration.sectionPadding
                    + 2 * configuration.sectionMargin
                let aspect = (sectionHeights.max() ?? 0) / max(depth, 1)
                guard aspect > WrapPlan.targetAspect * 1.1 else { break }
                let limit = max(WrapPlan.fewestAutoRows, min(plan.rowLimit - 1, Int(Double(plan.rowLimit) * WrapPlan.targetAspect / aspect)))
                guard let next = WrapPlan(sections: PlacementColumns(dataController), widths: itemWidths, heights: itemHeights,
                                          configuration: configuration, rowLimit: limit) else { break }
                wrapPlan = next
                placeWrappedItems()
            }
            for section in 0..<sectionCount { sectionsWithNewSizes.insert(section) }
        } else if configuration.alignment != .stacked {
            // Other alignments place every column from the whole tree: one pass over it.
            placeAllItems()
            for section in 0..<sectionCount { sectionsWithNewSizes.insert(section) }
        } else if wasWrapped {
            // Wrapped placement left the stacked bookkeeping behind: start it afresh.
            itemLefts = []
            for section in 0..<sectionCount { stackItems(inSection: section) }
        }
        let firstMoved = wrapPlan != nil || wasWrapped ? 0 : first
        for section in firstMoved..<sectionCount {
            sectionLefts[section] = section == 0
                ? configuration.sectionMargin
                : sectionLefts[section - 1] + sectionWidths[section - 1] + configuration.sectionPadding
        }
        if configuration.connectorStyle == .elbow { assignBusLanes() }
        let last = sectionCount - 1
        contentSize = Size(width: sectionLefts[last] + sectionWidths[last] + configuration.sectionMargin,
                           height: (sectionHeights.max() ?? 0) + headerInset)
        lastResizedSections = sectionsWithNewSizes.sorted()
        lastRepositionedSections = firstMoved..<sectionCount
        sectionsWithNewSizes = []
        sectionsNeedingWidthScan = []
        firstInvalidSection = nil
    }

    private func items(inSection section: Int) -> Range<Int> {
        Int(dataController.sectionStarts[section])..<Int(dataController.sectionStarts[section + 1])
    }

    /// Elbow connectors meet on vertical bus lines between the columns, one per parent, from
    /// the parent's centre to its children's. Where two parents' buses overlap they get
    /// separate lanes, ordered so that no stub crosses another parent's bus: a bus running
    /// from its parent towards smaller y ("up") lies left of every later overlapping "up"
    /// bus, a "down" bus left of every earlier overlapping "down" bus, and buses between
    /// their children (parent inside the span) on the lane nearest the children. Up buses
    /// overlap neither down buses nor each other's children, so this order always exists;
    /// lanes are counted along overlapping runs in one pass per gap: O(n).
    private func assignBusLanes() {
        let sectionCount = dataController.numberOfSections
        for section in 0..<sectionCount { refreshTops(ofSection: section) }
        busXOfParent = [Double](repeating: 0, count: dataController.numberOfItems)
        func middle(_ item: Int) -> Double { itemTops[item] + itemHeights[item] / 2 }
        /// Where a child's connector arrives in its column: a wrapped block's bus entry.
        func entry(_ item: Int) -> Double {
            if let plan = wrapPlan, plan.blockOfItem[item] >= 0 { return blockEntries[Int(plan.blockOfItem[item])] }
            return middle(item)
        }
        var laneOfParent = [Int32](repeating: -1, count: dataController.numberOfItems)
        for section in 1..<max(1, sectionCount) {
            let parents = items(inSection: section - 1)
            func span(_ parent: Int) -> (first: Double, last: Double)? {
                let children = Int(dataController.childStarts[parent])..<Int(dataController.childStarts[parent + 1])
                return children.isEmpty ? nil : (entry(children.lowerBound), entry(children.upperBound - 1))
            }
            var lanes = 0, hasMiddle = false
            // Up buses in order; each overlapping the previous one goes one lane further right.
            var previous: (lane: Int32, parentY: Double)? = nil
            for parent in parents {
                guard let (first, last) = span(parent), middle(parent) > last else { continue }
                let lane: Int32 = previous.map { $0.parentY >= first - 0.5 ? $0.lane + 1 : 0 } ?? 0
                laneOfParent[parent] = lane
                previous = (lane, middle(parent))
                lanes = max(lanes, Int(lane) + 1)
            }
            // Down buses in reverse order, the same way.
            previous = nil
            for parent in parents.reversed() {
                guard let (first, last) = span(parent), middle(parent) < first else {
                    if let (first, last) = span(parent), middle(parent) >= first, middle(parent) <= last { hasMiddle = true }
                    continue
                }
                let lane: Int32 = previous.map { $0.parentY <= last + 0.5 ? $0.lane + 1 : 0 } ?? 0
                laneOfParent[parent] = lane
                previous = (lane, middle(parent))
                lanes = max(lanes, Int(lane) + 1)
            }
            let gapLeft = sectionLefts[section - 1] + sectionWidths[section - 1]
            let gapWidth = sectionLefts[section] - gapLeft
            let total = Double(lanes + (hasMiddle ? 1 : 0))
            for parent in parents where span(parent) != nil {
                let lane = laneOfParent[parent] >= 0 ? Double(laneOfParent[parent]) : Double(lanes)
                busXOfParent[parent] = gapLeft + gapWidth * (lane + 1) / (total + 1)
            }
        }
    }

    /// Places every item with wrapped blocks: the configured alignment on the columns with each
    /// block as one item as tall as it, then the blocks' members inside them. Columns widen
    /// to their widest block; other items stay centred in their column.
    private func placeWrappedItems() {
        guard let plan = wrapPlan else { return }
        let sectionCount = dataController.numberOfSections
        let padding = configuration.itemPadding
        let (columns, heights, itemOfReduced) = plan.reduced(PlacementColumns(dataController), heights: itemHeights)
        var centers: [Double]
        switch configuration.alignment {
        case .stacked, .centered:
            centers = [Double](repeating: 0, count: heights.count)
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
        case .tidy, .compact:
            if configuration.alignment == .compact,
               let compact = CompactPlacement.centers(of: columns, heights: heights, padding: padding) {
                centers = compact
            } else {
                centers = TidyPlacement.centers(of: columns, heights: heights, padding: padding)
            }
        }
        blockTops = [Double](repeating: 0, count: plan.blockCount)
        blockEntries = [Double](repeating: 0, count: plan.blockCount)
        itemLefts = [Double](repeating: 0, count: itemWidths.count)
        for (reduced, item) in itemOfReduced.enumerated() {
            let item = Int(item), block = Int(plan.blockOfItem[item])
            let top = centers[reduced] - heights[reduced] / 2
            if block < 0 {
                itemTops[item] = top
                continue
            }
            blockTops[block] = top
            for member in item..<item + Int(plan.memberCount[block]) {
                itemTops[member] = top + plan.offset(ofMember: member, inBlock: block, width: itemWidths[member], height: itemHeights[member]).y
            }
        }
        itemTopsComputed += itemWidths.count
        // Widths: the widest item outside blocks or block; tops: the last item's bottom.
        for section in 0..<sectionCount {
            var width = 0.0
            for item in items(inSection: section) where plan.blockOfItem[item] < 0 { width = max(width, itemWidths[item]) }
            let unwrappedWidth = width
            let reducedItems = Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1])
            for reduced in reducedItems {
                let block = Int(plan.blockOfItem[Int(itemOfReduced[reduced])])
                if block >= 0 { width = max(width, plan.widths[block]) }
            }
            sectionWidths[section] = width
            sectionHeights[section] = reducedItems.isEmpty ? 0
                : centers[reducedItems.upperBound - 1] + heights[reducedItems.upperBound - 1] / 2 + padding / 2
            staleTopsFrom[section] = .max
            for item in items(inSection: section) {
                let block = Int(plan.blockOfItem[item])
                // Other items stay where they were, centred in the column as it would be unwrapped.
                itemLefts[item] = block < 0 ? (unwrappedWidth - itemWidths[item]) / 2
                    : plan.offset(ofMember: item, inBlock: block, width: itemWidths[item], height: itemHeights[item]).x
            }
        }
        // A block's bus enters level with its parent where it can, within its first sub-column.
        for block in 0..<plan.blockCount {
            let first = Int(plan.firstItem[block])
            let parent = Int(dataController.parentOfItem[first])
            let (firstRow, lastRow) = plan.rowMiddles(ofBlock: block)
            let parentMiddle = itemTops[parent] + itemHeights[parent] / 2
            blockEntries[block] = min(max(parentMiddle, blockTops[block] + firstRow), blockTops[block] + lastRow)
        }
    }

    /// Places every item by the configured alignment (not `stacked`, which is incremental).
    private func placeAllItems() {
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
            var centers: [Double]
            if configuration.alignment == .compact,
               let compact = CompactPlacement.centers(of: PlacementColumns(dataController), heights: itemHeights, padding: padding) {
                centers = compact
            } else {
                centers = TidyPlacement.centers(of: PlacementColumns(dataController), heights: itemHeights, padding: padding)
            }
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
    private func stackItems(inSection section: Int) {
        let padding = configuration.itemPadding
        var top = padding / 2
        for item in items(inSection: section) {
            itemTops[item] = top
            top += itemHeights[item] + padding
        }
        itemTopsComputed += items(inSection: section).count
        staleTopsFrom[section] = .max
        sectionHeights[section] = top - padding / 2
        scanWidth(ofSection: section)
    }

    private func scanWidth(ofSection section: Int) {
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
    private func refreshTops(ofSection section: Int) {
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

    /// Applies one item's new size in O(1): the column's height and widest-item count change
    /// now, the tops below it when next read.
    private func applySize(_ size: Size, toItem item: Int, inSection section: Int) {
        let oldWidth = itemWidths[item]
        let oldHeight = itemHeights[item]
        itemWidths[item] = size.width
        itemHeights[item] = size.height
        if size.height != oldHeight {
            sectionHeights[section] += size.height - oldHeight
            staleTopsFrom[section] = min(staleTopsFrom[section], Int32(item + 1))
        }
        if size.width != oldWidth {
            let widest = sectionWidths[section]
            if size.width > widest {
                sectionWidths[section] = size.width
                widestItemCount[section] = 1
            } else {
                if size.width == widest { widestItemCount[section] += 1 }
                if oldWidth == widest {
                    widestItemCount[section] -= 1
                    if widestItemCount[section] == 0 { sectionsNeedingWidthScan.insert(section) }
                }
            }
        }
        sectionsWithNewSizes.insert(section)
        firstInvalidSection = min(firstInvalidSection ?? section, section)
    }

    private func buildAdditionalConnectors() {
        additionalConnectors = Array(repeating: [], count: dataController.numberOfSections)
        for child in dataController.additionalParentsOfItem.keys.sorted() {
            let section = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[Int(child)])])
            for (offset, parent) in dataController.additionalParentsOfItem[child]!.enumerated() {
                additionalConnectors[section].append((child, parent, Int32(offset + 1)))
            }
        }
    }

    public var collectionViewContentSize: Size {
        configuration.orientation.isVertical ? Size(width: contentSize.height, height: contentSize.width) : contentSize
    }

    // MARK: Orientation

    /// Placement always runs left to right (ELK's way: place in one direction, then orient):
    /// sections are columns along x, items stack along y. This maps that canonical drawing to
    /// the configured orientation, and queries back.
    private var axes: AxisMapping { configuration.orientation.axisMapping(extent: contentSize.width) }

    // MARK: Frames

    /// Room above the sections for their headers, in canonical y.
    private var headerInset: Double { configuration.depthLabels.isEmpty ? 0 : configuration.headerHeight }

    @inline(__always)
    private func frame(ofItem item: Int, inSection section: Int) -> Rect {
        let width = itemWidths[item]
        let left = wrapPlan == nil ? (sectionWidths[section] - width) / 2 : itemLefts[item]
        return Rect(x: sectionLefts[section] + left, y: itemTops[item] + headerInset,
                    width: width, height: itemHeights[item])
    }

    /// A section's band or header, in canonical coordinates.
    private func decorationAttributes(kind: ElementKind, section: Int) -> LayoutAttributes? {
        let path = IndexPath(item: 0, section: section)
        let left = sectionLefts[section], width = sectionWidths[section]
        switch kind {
        case .band where configuration.showsBands:
            let half = configuration.sectionPadding / 2
            let minX = section == 0 ? 0 : left - half
            let maxX = section == sectionLefts.count - 1 ? contentSize.width : left + width + half
            var attributes = LayoutAttributes(forDecorationViewOfKind: .band, with: path,
                                              frame: Rect(x: minX, y: 0, width: maxX - minX, height: contentSize.height))
            attributes.zIndex = -2
            return attributes
        case .header where section < configuration.depthLabels.count && !configuration.depthLabels[section].isEmpty:
            var attributes = LayoutAttributes(forDecorationViewOfKind: .header, with: path,
                                              frame: Rect(x: left, y: 4, width: width, height: configuration.headerHeight - 8))
            attributes.zIndex = 1
            attributes.text = configuration.depthLabels[section]
            return attributes
        default:
            return nil
        }
    }

    private func indexPath(ofItem item: Int, inSection section: Int, subitem: Int = 0) -> IndexPath {
        IndexPath(item: item - Int(dataController.sectionStarts[section]), section: section, subitem: subitem)
    }

    private func cellAttributes(item: Int, section: Int) -> LayoutAttributes {
        LayoutAttributes(forCellWith: indexPath(ofItem: item, inSection: section), frame: frame(ofItem: item, inSection: section))
    }

    /// The connector from `parent` (in `section - 1`) to `child` (in `section`), both global items.
    private func connectorAttributes(child: Int, parent: Int, subitem: Int, section: Int) -> LayoutAttributes {
        let parentFrame = frame(ofItem: parent, inSection: section - 1)
        let childFrame = frame(ofItem: child, inSection: section)
        let start = Point(x: parentFrame.maxX, y: parentFrame.midY)
        let end = Point(x: childFrame.minX, y: childFrame.midY)
        var attributes = LayoutAttributes(
            forSupplementaryViewOfKind: .connector,
            with: indexPath(ofItem: child, inSection: section, subitem: subitem),
            frame: Rect(x: start.x, y: min(start.y, end.y), width: end.x - start.x, height: abs(end.y - start.y)))
        attributes.zIndex = -1
        // Column edges: a connector leaves its parent's column and enters its child's at the
        // same x as every other connector between the two columns.
        let parentEdge = sectionLefts[section - 1] + sectionWidths[section - 1]
        let childEdge = sectionLefts[section]
        var leadOut = parentEdge, leadIn = childEdge
        if configuration.connectorStyle == .elbow {
            let bus = parent < busXOfParent.count && busXOfParent[parent] > 0 ? busXOfParent[parent] : (parentEdge + childEdge) / 2
            leadOut = bus
            leadIn = bus
        }
        let middle = (parentEdge + childEdge) / 2
        if subitem == 0, let plan = wrapPlan, plan.blockOfItem[child] >= 0 {
            return wrappedConnector(attributes, plan: plan, block: Int(plan.blockOfItem[child]), child: childFrame, parent: parent,
                                    start: start, leadOut: leadOut, leadIn: leadIn, middle: middle)
        }
        attributes.connector = ConnectorAttributes(
            parentIndexPath: indexPath(ofItem: parent, inSection: section - 1),
            lineStartTop: start.y > end.y, start: start, end: end,
            turnOut: Point(x: leadOut, y: start.y), turnIn: Point(x: leadIn, y: end.y),
            curveOut: Point(x: middle, y: start.y), curveIn: Point(x: middle, y: end.y),
            isCurved: configuration.connectorStyle == .curved)
        return attributes
    }

    /// The connector into a member of a wrapped block: as any other to the block's entry on
    /// the column's edge, then along the first sub-column's bus, above the block to the bus of
    /// the member's sub-column, down it and into the member. Buses run in the gutters, the
    /// line above the block in the padding over it, so no piece crosses a box.
    private func wrappedConnector(_ attributes: LayoutAttributes, plan: WrapPlan, block: Int, child: Rect, parent: Int,
                                  start: Point, leadOut: Double, leadIn: Double, middle: Double) -> LayoutAttributes {
        var attributes = attributes
        let section = attributes.indexPath.section
        let left = sectionLefts[section]
        let entry = Point(x: leadIn, y: blockEntries[block] + headerInset)
        let end = Point(x: child.minX, y: child.midY)
        let column = plan.position(ofMember: globalItem(of: attributes.indexPath), inBlock: block).column
        let firstBus = left + plan.busX(ofColumn: 0, inBlock: block)
        var via = [Point(x: firstBus, y: entry.y)]
        if column > 0 {
            let above = blockTops[block] + headerInset - configuration.itemPadding / 2
            let bus = left + plan.busX(ofColumn: column, inBlock: block)
            via += [Point(x: firstBus, y: above), Point(x: bus, y: above), Point(x: bus, y: end.y)]
        } else {
            via.append(Point(x: firstBus, y: end.y))
        }
        var connector = ConnectorAttributes(
            parentIndexPath: indexPath(ofItem: parent, inSection: section - 1),
            lineStartTop: start.y > end.y, start: start, end: end,
            turnOut: Point(x: leadOut, y: start.y), turnIn: entry,
            curveOut: Point(x: middle, y: start.y), curveIn: Point(x: middle, y: entry.y),
            isCurved: configuration.connectorStyle == .curved)
        connector.via = via
        var minY = min(start.y, entry.y), maxY = max(start.y, entry.y)
        for point in via { minY = min(minY, point.y); maxY = max(maxY, point.y) }
        attributes.frame = Rect(x: start.x, y: minY, width: end.x - start.x, height: maxY - minY)
        attributes.connector = connector
        return attributes
    }

    @inline(__always)
    private func globalItem(of indexPath: IndexPath) -> Int {
        Int(dataController.sectionStarts[indexPath.section]) + indexPath.item
    }

    /// The first index in `range` for which `isAtOrAfter` holds, given that it is monotone.
    @inline(__always)
    private func partitionPoint(_ range: Range<Int>, _ isAtOrAfter: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: Queries

    public func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateDecorations(in: rect, kind: .band, body)
        enumerate(in: rect, cells: true, connectors: true, body)
        enumerateDecorations(in: rect, kind: .header, body)
    }

    public func enumerateCellAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerate(in: rect, cells: true, connectors: false, body)
    }

    /// Bands or headers of the sections that meet `rect`.
    private func enumerateDecorations(in realRect: Rect, kind: ElementKind, _ body: (LayoutAttributes) -> Void) {
        guard isPrepared, kind == .band ? configuration.showsBands : !configuration.depthLabels.isEmpty else { return }
        let rect = axes.canonical(realRect)
        let half = kind == .band ? configuration.sectionPadding / 2 : 0
        var section = partitionPoint(0..<sectionLefts.count) { sectionLefts[$0] + sectionWidths[$0] + half >= rect.minX }
        while section < sectionLefts.count && sectionLefts[section] - half <= rect.maxX {
            if let attributes = decorationAttributes(kind: kind, section: section), attributes.frame.intersects(rect) {
                body(axes.oriented(attributes))
            }
            section += 1
        }
    }

    /// Connectors (zIndex -1) in section order, then cells (zIndex 0) in section order: one
    /// pass, already in drawing order.
    public func enumerateLayoutAttributesInDrawingOrder(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateDecorations(in: rect, kind: .band, body)
        enumerate(in: rect, cells: false, connectors: true, body)
        enumerate(in: rect, cells: true, connectors: false, body)
        enumerateDecorations(in: rect, kind: .header, body)
    }

    /// Section by section, each section's cells then the connectors into it, skipping either kind.
    private func enumerate(in realRect: Rect, cells: Bool, connectors: Bool, _ body: (LayoutAttributes) -> Void) {
        guard isPrepared else { return }
        // Item tops are stored without the header room: search with the rect moved up by it.
        let canonical = axes.canonical(realRect)
        var rect = canonical
        rect.origin.y -= headerInset
        let orientation = axes
        let firstSection = partitionPoint(0..<sectionLefts.count) { sectionLefts[$0] + sectionWidths[$0] >= rect.minX }
        var endSection = firstSection
        while endSection < sectionLefts.count && (endSection > 0 ? sectionLefts[endSection - 1] : sectionLefts[endSection]) <= rect.maxX {
            endSection += 1
        }
        // Parents of the first visited column's connectors sit one column to the left.
        for section in max(0, firstSection - 1)..<endSection { refreshTops(ofSection: section) }
        // Local copies: the loops below then read plain arrays, without exclusivity checks.
        let lefts = sectionLefts, columnWidths = sectionWidths
        let tops = itemTops, heights = itemHeights
        let starts = dataController.sectionStarts, parents = dataController.parentOfItem
        func middle(_ item: Int) -> Double { tops[item] + heights[item] / 2 }
        // Searches need keys that grow along a column: a wrapped block's members all take the
        // block's extent (its connectors reach up to the line above it).
        let blockOfItem = wrapPlan?.blockOfItem ?? [], blockTops = blockTops, blockHeights = wrapPlan?.heights ?? []
        let wrapped = !blockOfItem.isEmpty, above = configuration.itemPadding / 2
        func cellTop(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] }
            return tops[item]
        }
        func cellBottom(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] + blockHeights[Int(blockOfItem[item])] }
            return tops[item] + heights[item]
        }
        func arrivalLow(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] - above }
            return middle(item)
        }
        func arrivalHigh(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] + blockHeights[Int(blockOfItem[item])] }
            return middle(item)
        }

        var section = firstSection
        while section < endSection {
            // The band of a section spans its incoming connectors and its column.
            let left = lefts[section]
            let right = left + columnWidths[section]
            let items = Int(starts[section])..<Int(starts[section + 1])

            if cells && left <= rect.maxX && right >= rect.minX {
                var item = partitionPoint(items) { cellBottom($0) >= rect.minY }
                while item < items.upperBound && cellTop(item) <= rect.maxY {
                    let frame = frame(ofItem: item, inSection: section)
                    if frame.intersects(canonical) {
                        let attributes = LayoutAttributes(forCellWith: indexPath(ofItem: item, inSection: section), frame: frame)
                        body(orientation.isIdentity ? attributes : orientation.oriented(attributes))
                    }
                    item += 1
                }
            }

            if connectors && section > 0 {
                var child = partitionPoint(items) { max(middle(Int(parents[$0])), arrivalHigh($0)) >= rect.minY }
                while child < items.upperBound {
                    let parent = Int(parents[child])
                    if min(middle(parent), arrivalLow(child)) > rect.maxY { break }
                    let attributes = connectorAttributes(child: child, parent: parent, subitem: 0, section: section)
                    if attributes.frame.intersects(canonical) { body(orientation.isIdentity ? attributes : orientation.oriented(attributes)) }
                    child += 1
                }
                for extra in additionalConnectors[section] {
                    let attributes = connectorAttributes(child: Int(extra.child), parent: Int(extra.parent),
                                                         subitem: Int(extra.subitem), section: section)
                    if attributes.frame.intersects(canonical) { body(axes.oriented(attributes)) }
                }
            }
            section += 1
        }
    }

    /// The global item of an index path, or nil if it is out of range.
    private func globalItem(_ indexPath: IndexPath) -> Int? {
        guard isPrepared, indexPath.section >= 0, indexPath.section < dataController.numberOfSections,
              indexPath.item >= 0, indexPath.item < dataController.numberOfItems(inSection: indexPath.section)
        else { return nil }
        return dataController.globalItem(section: indexPath.section, item: indexPath.item)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.subitem == 0, let item = globalItem(indexPath) else { return nil }
        refreshTops(ofSection: indexPath.section)
        return axes.oriented(cellAttributes(item: item, section: indexPath.section))
    }

    /// The connector into the item at `indexPath` from its primary parent (`subitem` 0) or from
    /// its `subitem`-th additional parent.
    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == .connector, indexPath.section > 0, let child = globalItem(indexPath) else { return nil }
        refreshTops(ofSection: indexPath.section)
        refreshTops(ofSection: indexPath.section - 1)
        let parent: Int
        if indexPath.subitem == 0 {
            parent = Int(dataController.parentOfItem[child])
        } else {
            guard let extra = dataController.additionalParentsOfItem[Int32(child)],
                  indexPath.subitem <= extra.count else { return nil }
            parent = Int(extra[indexPath.subitem - 1])
        }
        return axes.oriented(connectorAttributes(child: child, parent: parent, subitem: indexPath.subitem, section: indexPath.section))
    }

    public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard isPrepared, indexPath.item == 0, indexPath.subitem == 0, indexPath.section >= 0,
              indexPath.section < sectionLefts.count else { return nil }
        return decorationAttributes(kind: kind, section: indexPath.section).map(axes.oriented)
    }

    /// Scrolling stops with the cell nearest the viewport's centre centred (recipe 10-5, in
    /// both directions), as the HTML page snaps after a pan.
    public func targetContentOffset(forProposedContentOffset proposed: Point, boundsSize: Size) -> Point {
        offsetCenteringNearestCell(toProposedContentOffset: proposed, boundsSize: boundsSize)
    }

    // MARK: Invalidation (slides 22-25)

    public func makeInvalidationContext() -> LayoutInvalidationContext { SchematicInvalidationContext() }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes) -> Bool {
        original.representedElementCategory == .cell && original.size != preferred.size
    }

    /// A new size moves the connectors to the next column and, beyond section 0, the
    /// connectors into this column.
    public func supplementaryElementsMoved(bySizeIn section: Int) -> [(kind: ElementKind, section: Int)] {
        var moved: [(kind: ElementKind, section: Int)] = []
        if section + 1 < dataController.numberOfSections { moved.append((.connector, section + 1)) }
        if section > 0 { moved.append((.connector, section)) }
        return moved
    }

    public func discardPreparation() { isPrepared = false }

    public func applySize(_ size: Size, toItemAt indexPath: IndexPath) {
        guard let item = globalItem(indexPath) else { return }
        applySize(axes.canonical(size), toItem: item, inSection: indexPath.section)
    }

    // MARK: Appearing and disappearing (recipe 10-6)

    /// An inserted item starts at its parent's centre, transparent.
    public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        if let origin = parentCenter(of: indexPath) { attributes.center = origin }
        attributes.alpha = 0
        return attributes
    }

    /// A deleted item shrinks into its parent's centre and fades out.
    public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        if let origin = parentCenter(of: indexPath) { attributes.center = origin }
        attributes.transform = .scale(x: 0.1, y: 0.1)
        attributes.alpha = 0
        return attributes
    }

    private func parentCenter(of indexPath: IndexPath) -> Point? {
        guard indexPath.section > 0, let child = globalItem(indexPath) else { return nil }
        refreshTops(ofSection: indexPath.section - 1)
        let parent = Int(dataController.parentOfItem[child])
        let frame = axes.oriented(frame(ofItem: parent, inSection: indexPath.section - 1))
        return Point(x: frame.midX, y: frame.midY)
    }
}
