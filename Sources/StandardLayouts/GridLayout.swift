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
public final class GridLayout: IndexedLayout {
    /// The settings.
    public let configuration: GridLayoutConfiguration
    private var rowWidths: [Double] = []
    /// Per row, the middle of the gap above it (where elbow connectors run), and where its
    /// footer starts, along the scroll axis from the row's origin.
    private var gapMiddles: [Double] = []
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

    private func canonical(_ size: Size) -> Size {
        isHorizontal ? Size(width: size.height, height: size.width) : size
    }

    private func oriented(_ rect: Rect) -> Rect {
        isHorizontal ? Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
    }

    private func oriented(_ point: Point) -> Point { isHorizontal ? Point(x: point.y, y: point.x) : point }

    override var drawsConnectors: Bool { configuration.connectorStyle != .none }

    override var stackingAxis: StackingAxis? { isHorizontal ? .horizontal : .vertical }

    override func placeSection(_ section: Int) -> Double {
        let sectionCount = numberOfSections
        if rowWidths.count != sectionCount {
            rowWidths = [Double](repeating: 0, count: sectionCount)
            gapMiddles = [Double](repeating: 0, count: sectionCount)
            footerTops = [Double](repeating: 0, count: sectionCount)
            itemTops = [Double](repeating: 0, count: sectionCount)
            itemBottoms = [Double](repeating: 0, count: sectionCount)
        }
        let inset = isHorizontal ? configuration.sectionInset.transposed : configuration.sectionInset
        let headerExtent = canonical(configuration.headerReferenceSize).height
        let footerExtent = canonical(configuration.footerReferenceSize).height
        let spacing = configuration.interitemSpacing

        let range = items(inSection: section)
        var tallest = 0.0
        var x = inset.left
        for item in range {
            let size = canonical(itemSizes[item])
            tallest = max(tallest, size.height)
            x += size.width + spacing
        }
        rowWidths[section] = range.isEmpty ? inset.left + inset.right : x - spacing + inset.right
        // Elbows run along the middle of the open part of the gap above the row, below its
        // header (or above the previous row's footer); with no inset at all, across the header
        // (bars are drawn behind connectors). Relative to the row.
        if inset.top > 0 || section == 0 {
            gapMiddles[section] = headerExtent + inset.top / 2
        } else if inset.bottom > 0 {
            gapMiddles[section] = -footerExtent - inset.bottom / 2
        } else {
            gapMiddles[section] = headerExtent / 2
        }
        let top = headerExtent + inset.top
        itemTops[section] = top
        itemBottoms[section] = top + tallest
        x = inset.left
        for item in range {
            let size = canonical(itemSizes[item])
            let offset: Double
            switch configuration.rowAlignment {
            case .top: offset = 0
            case .center: offset = (tallest - size.height) / 2
            case .bottom: offset = tallest - size.height
            }
            cellFrames[item] = oriented(Rect(x: x, y: top + offset, width: size.width, height: size.height))
            x += size.width + spacing
        }
        footerTops[section] = top + tallest + inset.bottom
        return footerTops[section] + footerExtent
    }

    /// Headers and footers span the widest row; the content is as wide as it.
    override func finishPlacement() {
        let width = rowWidths.max() ?? 0
        let headerExtent = canonical(configuration.headerReferenceSize).height
        let footerExtent = canonical(configuration.footerReferenceSize).height
        for section in 0..<numberOfSections {
            headerFrames[section] = headerExtent > 0 ? oriented(Rect(x: 0, y: 0, width: width, height: headerExtent)) : nil
            footerFrames[section] = footerExtent > 0 ? oriented(Rect(x: 0, y: footerTops[section], width: width, height: footerExtent)) : nil
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
        let from = oriented(frame(ofItem: parent)), to = oriented(frame(ofItem: child))  // back in placement axes
        let parentRow = parentPath.section, row = parentRow + 1
        func along(_ section: Int) -> Double { isHorizontal ? sectionOrigins[section].x : sectionOrigins[section].y }
        let start = oriented(Point(x: from.midX, y: from.maxY)), end = oriented(Point(x: to.midX, y: to.minY))
        let rowBottom = along(parentRow) + itemBottoms[parentRow], rowTop = along(row) + itemTops[row]
        let bus = along(row) + gapMiddles[row]
        let startsLower = start.y > end.y
        switch configuration.connectorStyle {
        case .elbow:
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: startsLower, start: start, end: end,
                                       turnOut: oriented(Point(x: from.midX, y: bus)), turnIn: oriented(Point(x: to.midX, y: bus)))
        case .curved:
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: startsLower, start: start, end: end,
                                       turnOut: oriented(Point(x: from.midX, y: rowBottom)), turnIn: oriented(Point(x: to.midX, y: rowTop)),
                                       curveOut: oriented(Point(x: from.midX, y: bus)), curveIn: oriented(Point(x: to.midX, y: bus)),
                                       isCurved: true)
        case .straight, .none:
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: startsLower, start: start, end: end,
                                       turnOut: oriented(Point(x: from.midX, y: rowBottom)), turnIn: oriented(Point(x: to.midX, y: rowTop)))
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
        guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        if let origin = parentCenter(of: indexPath) { attributes.center = origin }
        attributes.transform = .scale(x: 0.1, y: 0.1)
        attributes.alpha = 0
        return attributes
    }

    private func parentCenter(of indexPath: IndexPath) -> Point? {
        guard let item = globalItem(indexPath) else { return nil }
        let parent = Int(dataController.parentOfItem[item])
        guard parent >= 0 else { return nil }
        let frame = frame(ofItem: parent)
        return Point(x: frame.midX, y: frame.midY)
    }
}
