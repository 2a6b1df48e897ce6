import CollectionLayout
import HeapModule
import Hierarchy

/// Which column a masonry item goes to.
public enum MasonryPlacement: String, CaseIterable, Hashable, Sendable {
    /// The next column in turn, as the Pinterest tutorial does.
    case roundRobin = "round-robin"
    /// The column that is shortest so far (the first of equals), which keeps columns even.
    case shortestColumn = "shortest-column"
}

/// The settings of `MasonryLayout` (the Pinterest tutorial's, plus section headers).
public struct MasonryLayoutConfiguration: Hashable, Sendable {
    /// The number of columns (`numberOfColumns`).
    public var columns = 2
    /// Space around each item inside its column slot (`cellPadding`).
    public var cellPadding = 6.0
    /// The content's width, shared equally by the columns.
    public var width = 800.0
    /// The height of every item until it sizes itself.
    public var estimatedItemHeight = 40.0
    /// How items are given columns.
    public var placement = MasonryPlacement.roundRobin
    /// The height of each section's header; 0 is none.
    public var headerHeight = 0.0
    /// Header titles by section.
    public var sectionTitles: [String] = []

    public init() {}

    /// Each column's width.
    public var columnWidth: Double { width / Double(max(1, columns)) }

    /// Items' width: the column less the padding on both sides.
    public var itemWidth: Double { columnWidth - 2 * cellPadding }

    /// Why the configuration cannot be laid out, or nil if it can.
    public var problem: String? {
        if columns < 1 || columns > 10_000 { return "the number of columns must be from 1 to 10000" }
        if !(width > 0 && width.isFinite) { return "the width must be positive and finite" }
        if !(cellPadding >= 0 && cellPadding.isFinite) || !(headerHeight >= 0 && headerHeight.isFinite) {
            return "the cell padding and header height must be zero or more"
        }
        if !(itemWidth > 0) { return "the columns are too narrow for the cell padding" }
        if !(estimatedItemHeight > 0 && estimatedItemHeight.isFinite) { return "the item height must be positive and finite" }
        return nil
    }
}

/// The Pinterest tutorial's layout: equal columns across the content, each item as wide as its
/// column (less the padding) and as tall as it asks to be, placed below the previous item of
/// its column. Each section (depth) starts below the previous section's longest column, under
/// its header; within it items go round-robin as in the tutorial, or to the shortest column.
///
/// Cells self-size their height only: the width is the column's. A size change re-places its
/// own section and moves the later ones.
public final class MasonryLayout: IndexedLayoutBase {
    /// The settings.
    public let configuration: MasonryLayoutConfiguration

    /// Creates a masonry layout of a sectioned tree.
    public init(dataController: SectionedTree, configuration: MasonryLayoutConfiguration = .init()) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.configuration = configuration
        super.init(dataController: dataController,
                   estimatedItemSize: Size(width: configuration.itemWidth, height: configuration.estimatedItemHeight),
                   sectionTitles: configuration.sectionTitles)
    }

    /// The column sets the width; the cell keeps its height.
    override func appliedSize(_ preferred: Size, ofItem item: Int) -> Size {
        Size(width: configuration.itemWidth, height: preferred.height)
    }

    override var stackingAxis: StackingAxis? { .vertical }

    override func placeSection(_ section: Int) -> Double {
        let columns = configuration.columns
        let columnWidth = configuration.columnWidth
        let padding = configuration.cellPadding
        let header = configuration.headerHeight
        headerFrames[section] = header > 0 ? Rect(x: 0, y: 0, width: configuration.width, height: header) : nil
        var columnBottoms = [Double](repeating: header, count: columns)
        // The shortest column, the leftmost of equals, in O(log columns).
        var shortest = Heap<ColumnBottom>()
        if configuration.placement == .shortestColumn {
            shortest = Heap((0..<columns).map { ColumnBottom(bottom: header, column: $0) })
        }
        var column = 0
        for item in items(inSection: section) {
            if configuration.placement == .shortestColumn { column = shortest.popMin()!.column }
            cellFrames[item] = Rect(x: Double(column) * columnWidth + padding, y: columnBottoms[column] + padding,
                                    width: configuration.itemWidth, height: itemSizes[item].height)
            columnBottoms[column] += itemSizes[item].height + 2 * padding
            if configuration.placement == .roundRobin {
                column = column + 1 < columns ? column + 1 : 0
            } else {
                shortest.insert(ColumnBottom(bottom: columnBottoms[column], column: column))
            }
        }
        return columnBottoms.max() ?? header
    }

    override func finishPlacement() {
        let last = numberOfSections - 1
        contentSize = Size(width: configuration.width, height: sectionOrigins[last].y + sectionExtents[last])
    }

    /// An inserted item drops in from the top of its section, transparent.
    public override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        atSectionTop(indexPath)
    }

    /// A deleted item rises to the top of its section and fades out.
    public override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        atSectionTop(indexPath)
    }

    private func atSectionTop(_ indexPath: IndexPath) -> LayoutAttributes? {
        guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        attributes.frame.origin.y = sectionOrigins[indexPath.section].y
        attributes.alpha = 0
        return attributes
    }
}

/// A column's bottom so far, ordered by height, then by column.
private struct ColumnBottom: Comparable {
    var bottom: Double
    var column: Int
    static func < (lhs: ColumnBottom, rhs: ColumnBottom) -> Bool { (lhs.bottom, lhs.column) < (rhs.bottom, rhs.column) }
}
