import CollectionLayout
import Hierarchy

/// Which way a flow or grid scrolls (`UICollectionView.ScrollDirection`).
public enum ScrollDirection: String, CaseIterable, Hashable, Sendable {
    /// Sections follow one another downwards; lines run left to right and wrap at the width.
    case vertical
    /// Sections follow one another rightwards; lines run top to bottom and wrap at the height.
    case horizontal
}

/// The settings of `FlowLayout`, named as on `UICollectionViewFlowLayout`.
public struct FlowLayoutConfiguration: Hashable, Sendable {
    /// The size of every item until it sizes itself (`itemSize`).
    public var itemSize = Size(width: 120, height: 40)
    /// The least space between lines (`minimumLineSpacing`).
    public var minimumLineSpacing = 10.0
    /// The least space between items of a line (`minimumInteritemSpacing`); lines that wrap are
    /// justified, so the actual spacing may be larger.
    public var minimumInteritemSpacing = 10.0
    /// Space around each section's items (`sectionInset`).
    public var sectionInset = EdgeInsets.zero
    /// Header and footer sizes (`headerReferenceSize`, `footerReferenceSize`): only the height
    /// is used when scrolling vertically and only the width horizontally; 0 means none.
    public var headerReferenceSize = Size.zero
    public var footerReferenceSize = Size.zero
    /// The scroll direction (`scrollDirection`).
    public var scrollDirection = ScrollDirection.vertical
    /// The collection view's bounds: lines wrap at the width when scrolling vertically and at
    /// the height when scrolling horizontally.
    public var viewSize = Size(width: 800, height: 600)
    /// Header titles by section.
    public var sectionTitles: [String] = []

    public init() {}

    /// Why the configuration cannot be laid out, or nil if it can.
    public var problem: String? {
        if !(itemSize.width > 0 && itemSize.height > 0 && itemSize.width.isFinite && itemSize.height.isFinite) {
            return "the item size must be positive and finite"
        }
        if !(viewSize.width > 0 && viewSize.height > 0 && viewSize.width.isFinite && viewSize.height.isFinite) {
            return "the width and height must be positive and finite"
        }
        let values = [minimumLineSpacing, minimumInteritemSpacing, sectionInset.top, sectionInset.left, sectionInset.bottom,
                      sectionInset.right, headerReferenceSize.width, headerReferenceSize.height,
                      footerReferenceSize.width, footerReferenceSize.height]
        if values.contains(where: { !($0 >= 0 && $0.isFinite) }) { return "spacing, insets, header and footer sizes must be zero or more" }
        return nil
    }
}

/// `UICollectionViewFlowLayout`'s semantics on the headless engine: each section (a depth of the
/// tree) follows the previous one along the scroll direction; its items fill lines across it,
/// as many as fit with the minimum inter-item spacing, and a full line wraps.
///
/// Rules, for vertical scrolling (horizontal is the same with the axes swapped):
/// - a section is its header (as wide as the view, `headerReferenceSize.height` tall), the top
///   inset, its lines separated by `minimumLineSpacing`, the bottom inset, then its footer;
/// - a line holds items while their widths plus the minimum spacing between them fit in the
///   view's width less the left and right insets; an item wider than that gets a line of its own
///   and widens the content;
/// - a line is as tall as its tallest item, and shorter items are centred in it, so the space
///   between items of neighbouring lines can exceed the line spacing;
/// - a line that wraps is justified: its first item at the left inset, its last at the right,
///   the spacing between them grown equally; a wrapped line of one item is centred; the last
///   line of a section starts at the left inset, with the spacing of the wrapped lines above
///   when every item of the section has the same size (so it keeps their columns), otherwise
///   with the minimum spacing (UIKit's last-row alignment).
///
/// A size change re-places its own section and moves the later ones; earlier sections keep
/// their frames.
public final class FlowLayout: IndexedLayoutBase {
    /// The settings.
    public let configuration: FlowLayoutConfiguration
    /// Per section, the widest line extent (for the content's cross size).
    private var sectionCrossExtents: [Double] = []

    /// Creates a flow layout of a sectioned tree.
    public init(dataController: SectionedTree, configuration: FlowLayoutConfiguration = .init()) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.configuration = configuration
        super.init(dataController: dataController, estimatedItemSize: configuration.itemSize,
                   sectionTitles: configuration.sectionTitles)
    }

    private var isHorizontal: Bool { configuration.scrollDirection == .horizontal }

    override var stackingAxis: StackingAxis? { isHorizontal ? .horizontal : .vertical }

    override func placeSection(_ section: Int) -> Double {
        if sectionCrossExtents.count != numberOfSections { sectionCrossExtents = [Double](repeating: 0, count: numberOfSections) }
        let view = axes.canonical(configuration.viewSize)
        let inset = isHorizontal ? configuration.sectionInset.transposed : configuration.sectionInset
        let headerExtent = axes.canonical(configuration.headerReferenceSize).height
        let footerExtent = axes.canonical(configuration.footerReferenceSize).height
        let available = view.width - inset.left - inset.right
        let lineSpacing = configuration.minimumLineSpacing
        let spacing = configuration.minimumInteritemSpacing

        var crossExtent = view.width
        headerFrames[section] = headerExtent > 0 ? axes.oriented(Rect(x: 0, y: 0, width: view.width, height: headerExtent)) : nil
        var y = headerExtent + inset.top
        let range = items(inSection: section)
        // With one size for every item, UIKit's last line keeps the columns of the lines above.
        var uniform = true
        if let first = range.first { for item in range where itemSizes[item] != itemSizes[first] { uniform = false; break } }
        var wrappedGap: Double?
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            // Fill a line greedily.
            var lineEnd = lineStart + 1
            var used = axes.canonical(itemSizes[lineStart]).width
            var lineHeight = axes.canonical(itemSizes[lineStart]).height
            while lineEnd < range.upperBound {
                let size = axes.canonical(itemSizes[lineEnd])
                if used + spacing + size.width > available + 1e-9 { break }
                used += spacing + size.width
                lineHeight = max(lineHeight, size.height)
                lineEnd += 1
            }
            let count = lineEnd - lineStart
            let isLastLine = lineEnd == range.upperBound
            var x = inset.left
            var gap = spacing
            if !isLastLine {
                if count == 1 {
                    x += max(0, (available - used) / 2)
                } else {
                    gap += (available - used) / Double(count - 1)
                    wrappedGap = gap
                }
            } else if uniform, let wrappedGap {
                gap = wrappedGap
            }
            for item in lineStart..<lineEnd {
                let size = axes.canonical(itemSizes[item])
                cellFrames[item] = axes.oriented(Rect(x: x, y: y + (lineHeight - size.height) / 2, width: size.width, height: size.height))
                x += size.width + gap
            }
            crossExtent = max(crossExtent, inset.left + used + inset.right)
            y += lineHeight
            lineStart = lineEnd
            if !isLastLine { y += lineSpacing }
        }
        y += inset.bottom
        footerFrames[section] = footerExtent > 0 ? axes.oriented(Rect(x: 0, y: y, width: view.width, height: footerExtent)) : nil
        y += footerExtent
        sectionCrossExtents[section] = crossExtent
        return y
    }

    override func finishPlacement() {
        let last = numberOfSections - 1
        let along = (isHorizontal ? sectionOrigins[last].x : sectionOrigins[last].y) + sectionExtents[last]
        let cross = sectionCrossExtents.max() ?? axes.canonical(configuration.viewSize).width
        contentSize = isHorizontal ? Size(width: along, height: cross) : Size(width: cross, height: along)
    }
}
