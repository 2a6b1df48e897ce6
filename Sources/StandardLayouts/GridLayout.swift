import CollectionLayout
import Hierarchy

/// How the items of a grid row line up when they differ in height (recipe 10-8's `alignment`).
public enum GridRowAlignment: String, CaseIterable, Hashable, Sendable {
    case top, center, bottom
}

/// How a grid draws the connector from a parent in one row to a child in the next.
public enum GridConnectorStyle: String, CaseIterable, Hashable, Sendable {
    /// No connectors: a plain grid.
    case none
    /// A straight line from the parent's bottom to the child's top.
    case straight
    /// Down from the parent, along the middle of the gap between the rows, down to the child.
    case elbow
    /// A cubic curve, vertical at both ends.
    case curved
}

/// The settings of `GridLayout`, as on the flow layout, without line spacing (rows never wrap).
public struct GridLayoutConfiguration: Hashable, Sendable {
    /// The size of every item until it sizes itself.
    public var itemSize = Size(width: 120, height: 40)
    /// The space between neighbouring items of a row, used exactly.
    public var interitemSpacing = 10.0
    /// Space around each row's items.
    public var sectionInset = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
    /// Header and footer extents (height when scrolling vertically, width horizontally); 0 is none.
    public var headerReferenceSize = Size.zero
    public var footerReferenceSize = Size.zero
    /// Rows run down the page (vertical) or columns across it (horizontal).
    public var scrollDirection = ScrollDirection.vertical
    /// Where shorter items sit in their row.
    public var rowAlignment = GridRowAlignment.center
    /// Connectors between rows.
    public var connectorStyle = GridConnectorStyle.straight
    /// Header titles by section.
    public var sectionTitles: [String] = []

    public init() {}

    /// Why the configuration cannot be laid out, or nil if it can.
    public var problem: String? {
        if !(itemSize.width > 0 && itemSize.height > 0 && itemSize.width.isFinite && itemSize.height.isFinite) {
            return "the item size must be positive and finite"
        }
        let values = [interitemSpacing, sectionInset.top, sectionInset.left, sectionInset.bottom, sectionInset.right,
                      headerReferenceSize.width, headerReferenceSize.height, footerReferenceSize.width, footerReferenceSize.height]
        if values.contains(where: { !($0 >= 0 && $0.isFinite) }) { return "spacing, insets, header and footer sizes must be zero or more" }
        return nil
    }
}

/// Recipe 10-8's true grid: one row per section (depth), never wrapped, the spacing used
/// exactly; the content is as wide as the widest row. Each row is as tall as its tallest item
/// plus its insets, header and footer. Connectors join each parent to its children in the next
/// row; as items keep breadth-first order, connectors from primary parents never cross
/// (connectors from additional parents, in a graph that is not a tree, may).
///
/// Unlike the recipe, which sums the previous items and rows for every item (quadratic), rows
/// are placed in one pass, and a size change re-places only its row and moves the later rows.
/// Scrolling horizontally transposes the whole grid, item sizes included.
public final class GridLayout: IndexedLayoutBase {
    /// The settings.
    public let configuration: GridLayoutConfiguration
    private var rowWidths: [Double] = []
    /// Per row, the middle of the gap above it (where elbow connectors run), and where its
    /// footer starts, along the scroll axis from the row's origin.
    private var gapTops: [Double] = []
    private var gapBottoms: [Double] = []
    /// For elbows: each parent's lane in the gap below its row, and the number of lanes per gap.
    private var laneOfItem: [Int32] = []
    private var laneCounts: [Int32] = []
    private var footerTops: [Double] = []
    /// Per row, the line its items hang from and the line under the tallest, from its origin.
    private var itemTops: [Double] = []
    private var itemBottoms: [Double] = []

    /// Creates a grid layout of a sectioned tree.
    public init(dataController: SectionedTree, configuration: GridLayoutConfiguration = .init()) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.configuration = configuration
        super.init(dataController: dataController, estimatedItemSize: configuration.itemSize,
                   sectionTitles: configuration.sectionTitles)
    }

    private var isHorizontal: Bool { configuration.scrollDirection == .horizontal }

    override var drawsConnectors: Bool { configuration.connectorStyle != .none }

    override var stackingAxis: StackingAxis? { isHorizontal ? .horizontal : .vertical }

    override func placeSection(_ section: Int) -> Double {
        let sectionCount = numberOfSections
        if rowWidths.count != sectionCount {
            rowWidths = [Double](repeating: 0, count: sectionCount)
            gapTops = [Double](repeating: 0, count: sectionCount)
            gapBottoms = [Double](repeating: 0, count: sectionCount)
            laneOfItem = [Int32](repeating: 0, count: dataController.numberOfItems)
            laneCounts = [Int32](repeating: 1, count: sectionCount)
            footerTops = [Double](repeating: 0, count: sectionCount)
            itemTops = [Double](repeating: 0, count: sectionCount)
            itemBottoms = [Double](repeating: 0, count: sectionCount)
        }
        let inset = isHorizontal ? configuration.sectionInset.transposed : configuration.sectionInset
        let headerExtent = axes.canonical(configuration.headerReferenceSize).height
        let footerExtent = axes.canonical(configuration.footerReferenceSize).height
        let spacing = configuration.interitemSpacing

        let range = items(inSection: section)
        var tallest = 0.0
        var x = inset.left
        for item in range {
            let size = axes.canonical(itemSizes[item])
            tallest = max(tallest, size.height)
            x += size.width + spacing
        }
        rowWidths[section] = range.isEmpty ? inset.left + inset.right : x - spacing + inset.right
        // Elbows run in the open part of the gap above the row, below its header (or above the
        // previous row's footer); with no inset at all, across the header (bars are drawn behind
        // connectors). Relative to the row.
        if headerExtent == 0 && footerExtent == 0 && section > 0 {
            (gapTops[section], gapBottoms[section]) = (-inset.bottom, inset.top)  // no bars: the whole gap
        } else if inset.top > 0 || section == 0 {
            (gapTops[section], gapBottoms[section]) = (headerExtent, headerExtent + inset.top)
        } else if inset.bottom > 0 {
            (gapTops[section], gapBottoms[section]) = (-footerExtent - inset.bottom, -footerExtent)
        } else {
            (gapTops[section], gapBottoms[section]) = (0, headerExtent)
        }
        let top = headerExtent + inset.top
        itemTops[section] = top
        itemBottoms[section] = top + tallest
        x = inset.left
        for item in range {
            let size = axes.canonical(itemSizes[item])
            let offset: Double
            switch configuration.rowAlignment {
            case .top: offset = 0
            case .center: offset = (tallest - size.height) / 2
            case .bottom: offset = tallest - size.height
            }
            cellFrames[item] = axes.oriented(Rect(x: x, y: top + offset, width: size.width, height: size.height))
            x += size.width + spacing
        }
        footerTops[section] = top + tallest + inset.bottom
        assignLanes(aboveRow: section)
        assignLanes(aboveRow: section + 1)
        return footerTops[section] + footerExtent
    }

    /// Elbows of different parents in one gap get different lanes where their spans (from the
    /// parent to its first and last child) overlap, so that no bus serves two parents. Along a
    /// run of overlapping spans, left to right, each parent's bus goes one lane above the one
    /// before when that one's children reach past this parent (so this parent's drop does not
    /// cross them), and one lane below when this parent's children reach back past that parent;
    /// a run's lanes are then counted from its lowest. O(k log k) for the k parents of the row
    /// above.
    private func assignLanes(aboveRow row: Int) {
        guard configuration.connectorStyle == .elbow, row > 0, row < numberOfSections else { return }
        func middle(_ item: Int) -> Double { axes.oriented(cellFrames[item]).midX }  // across the rows
        var spans: [(low: Double, high: Double, parent: Int, first: Double, last: Double, at: Double)] = []
        for parent in items(inSection: row - 1) {
            let children = Int(dataController.childStarts[parent])..<Int(dataController.childStarts[parent + 1])
            guard !children.isEmpty else { continue }
            let at = middle(parent), first = middle(children.lowerBound), last = middle(children.upperBound - 1)
            spans.append((min(at, first), max(at, last), parent, first, last, at))
        }
        var lanes: Int32 = 1
        var runStart = 0
        var heights: [Int32] = []
        func closeRun(_ end: Int) {
            guard end > runStart else { return }
            let lowest = heights[runStart..<end].min()!
            for index in runStart..<end { laneOfItem[spans[index].parent] = heights[index] - lowest }
            lanes = max(lanes, heights[runStart..<end].max()! - lowest + 1)
        }
        var runEnd = -Double.infinity
        for (index, span) in spans.enumerated() {
            if index == 0 || span.low > runEnd {
                closeRun(index)
                runStart = index
                heights.append(0)
                runEnd = span.high
                continue
            }
            let previous = spans[index - 1]
            let reachesPast = previous.last >= span.at     // the previous children pass this parent
            heights.append(heights[index - 1] + (reachesPast ? 1 : -1))
            runEnd = max(runEnd, span.high)
        }
        closeRun(spans.count)
        laneCounts[row] = lanes
    }

    /// Headers and footers span the widest row; the content is as wide as it.
    override func finishPlacement() {
        let width = rowWidths.max() ?? 0
        let headerExtent = axes.canonical(configuration.headerReferenceSize).height
        let footerExtent = axes.canonical(configuration.footerReferenceSize).height
        for section in 0..<numberOfSections {
            headerFrames[section] = headerExtent > 0 ? axes.oriented(Rect(x: 0, y: 0, width: width, height: headerExtent)) : nil
            footerFrames[section] = footerExtent > 0 ? axes.oriented(Rect(x: 0, y: footerTops[section], width: width, height: footerExtent)) : nil
        }
        let last = numberOfSections - 1
        let along = (isHorizontal ? sectionOrigins[last].x : sectionOrigins[last].y) + sectionExtents[last]
        contentSize = isHorizontal ? Size(width: along, height: width) : Size(width: width, height: along)
    }

    /// Parent bottom middle to child top middle (right middle to left middle when horizontal):
    /// down to the line under the parent's row, then straight, along the gap between the rows, or
    /// curved to the line the child's row hangs from, then down to the child. Between those two
    /// lines every connector of the gap spans the same height and keeps the rows' order, so none
    /// cross.
    override func connector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        let from = axes.oriented(frame(ofItem: parent)), to = axes.oriented(frame(ofItem: child))  // back in placement axes
        let parentRow = parentPath.section, row = parentRow + 1
        func along(_ section: Int) -> Double { isHorizontal ? sectionOrigins[section].x : sectionOrigins[section].y }
        let start = axes.oriented(Point(x: from.midX, y: from.maxY)), end = axes.oriented(Point(x: to.midX, y: to.minY))
        let rowBottom = along(parentRow) + itemBottoms[parentRow], rowTop = along(row) + itemTops[row]
        let gapTop = along(row) + gapTops[row], gapHeight = gapBottoms[row] - gapTops[row]
        let bus = gapTop + gapHeight / 2
        let lane = gapTop + gapHeight * Double(laneCounts[row] - laneOfItem[parent]) / Double(laneCounts[row] + 1)
        let startsLower = start.y > end.y
        switch configuration.connectorStyle {
        case .elbow:
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: startsLower, start: start, end: end,
                                       turnOut: axes.oriented(Point(x: from.midX, y: lane)), turnIn: axes.oriented(Point(x: to.midX, y: lane)))
        case .curved:
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: startsLower, start: start, end: end,
                                       turnOut: axes.oriented(Point(x: from.midX, y: rowBottom)), turnIn: axes.oriented(Point(x: to.midX, y: rowTop)),
                                       curveOut: axes.oriented(Point(x: from.midX, y: bus)), curveIn: axes.oriented(Point(x: to.midX, y: bus)),
                                       isCurved: true)
        case .straight, .none:
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: startsLower, start: start, end: end,
                                       turnOut: axes.oriented(Point(x: from.midX, y: rowBottom)), turnIn: axes.oriented(Point(x: to.midX, y: rowTop)))
        }
    }

    // MARK: Appearing and disappearing

    /// An inserted item grows out of its parent, in the row above, transparent.
    public override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        shrunkIntoParent(at: indexPath)
    }

    /// A deleted item shrinks into its parent and fades out.
    public override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        shrunkIntoParent(at: indexPath)
    }

    private func shrunkIntoParent(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: parentCenter(of: indexPath), scale: 0.1)
    }

    private func parentCenter(of indexPath: IndexPath) -> Point? {
        guard let item = globalItem(indexPath) else { return nil }
        let parent = Int(dataController.parentOfItem[item])
        guard parent >= 0 else { return nil }
        let frame = frame(ofItem: parent)
        return Point(x: frame.midX, y: frame.midY)
    }
}
