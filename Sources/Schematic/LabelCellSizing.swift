import CollectionLayout
import Dispatch
import Hierarchy
import LabelMetrics

/// How labels size their nodes: padding around the text, a minimum size, and wrapping.
public struct LabelStyle: Hashable, Sendable {
    /// Font family, resolved with fontconfig.
    public var fontFamily = "DejaVu Sans"
    /// A font file to use instead of looking the family up (pins the metrics exactly).
    public var fontFile: String?
    /// Font size in pixels.
    public var fontSize = 14.0
    /// Space between the text and the box edge, above and below.
    public var verticalPadding = 8.0
    /// Space between the text and the box edge, left and right.
    public var horizontalPadding = 12.0
    /// No node is smaller than this.
    public var minimumNodeSize = Size(width: 40, height: 32)
    /// Lines wrap to fit this text width; nil never wraps (only explicit line breaks).
    public var maximumLabelWidth: Double? = 240
    /// The side of a junction: a node with an empty label (an unnamed internal node of a
    /// phylogeny), drawn as a dot that connectors reach as they reach boxes.
    public var junctionSize = 10.0

    public init() {}
}

/// Cells that size themselves to their labels (`preferredLayoutAttributesFitting`), measured
/// with HarfBuzz. Measurements are cached per item; `prefetch` measures many items on all
/// cores at once, as a collection view's prefetching data source would.
public final class LabelCellSizing: CellSizing, CollectionViewDataSourcePrefetching {
    /// The label style.
    public let style: LabelStyle
    /// The fonts labels are measured in.
    public let fonts: FontSet
    private var dataController: SectionedTree
    /// Each item's size, or `unmeasured`: a plain array (not of optionals, a third smaller)
    /// that `measuredSizes` hands out without copying.
    private var sizes: [Size]
    private var unmeasuredCount: Int
    private static let unmeasured = Size(width: -1, height: -1)
    /// An item listed for measuring by `prefetchItems`, until a worker writes its size.
    private static let listed = Size(width: -2, height: -2)
    /// Wrapped lines of labels whose lines differ from their explicit line breaks.
    private(set) var wrappedLines: [Int: [String]] = [:]
    /// The text width of labels drawn as a left-aligned block (`keepsIndentation`, or explicit
    /// lines wrapped), by item.
    private(set) var blockWidths: [Int: Double] = [:]
    /// How long the last `prefetchAll` took (measuring every label), for `--timings`.
    public private(set) var prefetchDuration: Duration?

    public init(dataController: SectionedTree, style: LabelStyle) throws(FontError) {
        self.style = style
        self.dataController = dataController
        if let file = style.fontFile {
            fonts = try FontSet(file: file, size: style.fontSize)
        } else {
            fonts = try FontSet(family: style.fontFamily, size: style.fontSize)
        }
        sizes = Array(repeating: Self.unmeasured, count: dataController.numberOfItems)
        unmeasuredCount = sizes.count
    }

    public func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let item = dataController.globalItem(section: attributes.indexPath.section, item: attributes.indexPath.item)
        if sizes[item] == Self.unmeasured {
            let measured = Self.measure(Self.drawnText(ofItem: item, in: dataController), with: measurer, style: style)
            sizes[item] = measured.size
            unmeasuredCount -= 1
            if let lines = measured.lines { wrappedLines[item] = lines }
            if let width = measured.blockWidth { blockWidths[item] = width }
        }
        var preferred = attributes
        preferred.size = sizes[item]
        return preferred
    }

    /// The measurer of items measured one at a time (its tables fill in as labels need them).
    private lazy var measurer = TextMeasurer(fonts: fonts)

    /// Replaces an item's label; it is measured again when next asked.
    public func setLabel(_ label: String, ofItem item: Int) {
        dataController.setLabel(label, ofNode: Int(dataController.nodeOfItem[item]))
        if sizes[item] != Self.unmeasured {
            sizes[item] = Self.unmeasured
            unmeasuredCount += 1
        }
        wrappedLines[item] = nil
        blockWidths[item] = nil
    }

    /// Measures every item's label, on all cores (`measure(count:item:)`).
    public func prefetchAll() {
        let clock = ContinuousClock()
        let started = clock.now
        defer { prefetchDuration = clock.now - started }
        measure(count: sizes.count) { $0 }
        unmeasuredCount = 0
    }

    /// Measures the labels of the items at `indexPaths` not measured yet, on all cores, before
    /// their cells are asked (a collection view sizing a batch of cells calls it).
    public func prefetchItems(at indexPaths: [IndexPath]) {
        var items: [Int] = []
        items.reserveCapacity(indexPaths.count)
        for path in indexPaths {
            let item = dataController.globalItem(section: path.section, item: path.item)
            // Marked as listed, so that a repeated path is listed once: two workers measuring
            // one item would race on its slot.
            if sizes[item] == Self.unmeasured {
                sizes[item] = Self.listed
                items.append(item)
            }
        }
        guard !items.isEmpty else { return }
        let list = items
        measure(count: list.count) { list[$0] }
        unmeasuredCount -= list.count
    }

    /// One measurer per worker of `measure(count:item:)`.
    private var workerMeasurers: [TextMeasurer] = []

    /// Fewer labels than this are measured on one thread: starting a worker costs more.
    private static let labelsPerWorker = 1_000

    /// Measures `count` distinct items (`item(index)` for each index): each worker measures a
    /// contiguous range of them with its own measurer and writes their sizes into their own
    /// slots of `sizes`, so the result does not depend on the number of workers.
    private func measure(count: Int, item: @escaping @Sendable (Int) -> Int) {
        let workers = max(1, min(8, ProcessInfoLite.activeProcessorCount, count / Self.labelsPerWorker))
        let chunk = (count + workers - 1) / workers
        var wrapped = [[(item: Int, lines: [String]?, blockWidth: Double?)]](repeating: [], count: workers)
        // Kept from call to call: a measurer's tables fill in as labels need them, and a
        // collection view prefetches batch after batch.
        while workerMeasurers.count < workers { workerMeasurers.append(TextMeasurer(fonts: fonts)) }
        let measurers = UnsafeSendable(workerMeasurers)
        let dataController = self.dataController, style = self.style
        sizes.withUnsafeMutableBufferPointer { sizes in
            wrapped.withUnsafeMutableBufferPointer { wrapped in
                let sizes = UnsafeSendable(sizes), wrapped = UnsafeSendable(wrapped)
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    let measurer = measurers.value[worker]
                    var lines: [(item: Int, lines: [String]?, blockWidth: Double?)] = []
                    for index in (worker * chunk)..<min(count, (worker + 1) * chunk) {
                        let item = item(index)
                        let measured = Self.measure(Self.drawnText(ofItem: item, in: dataController), with: measurer, style: style)
                        sizes.value[item] = measured.size
                        if measured.lines != nil || measured.blockWidth != nil { lines.append((item, measured.lines, measured.blockWidth)) }
                    }
                    wrapped.value[worker] = lines
                }
            }
        }
        for lines in wrapped {
            for (item, itemLines, blockWidth) in lines {
                if let itemLines { wrappedLines[item] = itemLines }
                if let blockWidth { blockWidths[item] = blockWidth }
            }
        }
    }

    /// The text a node is drawn with: its label, and what `--max-depth` left out below it as a
    /// line of its own under it ("+61 more"; not under a junction, whose dot stays a dot).
    private static func drawnText(ofItem item: Int, in tree: SectionedTree) -> (label: String, countLine: String?) {
        let label = tree.label(ofItem: item)
        guard !label.isEmpty, !tree.tree.attributes.isEmpty,
              let line = tree.tree.attributes(of: Int(tree.nodeOfItem[item]))?.hiddenBelowLine else { return (label, nil) }
        return (label, line)
    }

    /// Whether a label is drawn as a block of left-aligned lines, not line by line centred:
    /// a line after its first starts with a space or a tab (a script, code, an address kept
    /// as it was written). Centred, each line moved by half its indentation (or all of it,
    /// where a renderer drops leading spaces), and a YAML step's `run: |` script read as a poem.
    public static func keepsIndentation(_ label: String) -> Bool {
        var afterBreak = false
        for unit in label.utf8 {
            if afterBreak && (unit == 0x20 || unit == 0x09) { return true }
            afterBreak = unit == 0x0A
        }
        return false
    }

    /// A label's node size, its lines when they are not just its explicit line breaks, and its
    /// text's width where it is drawn as a left-aligned block: its lines keep their indentation
    /// (`keepsIndentation`), or some explicit line was wrapped (its continuations hang indented,
    /// `TextMeasurer`; centred, a script's commands ran together).
    /// A count line is measured apart, never wrapped: it must neither take one of the label's
    /// `TextMeasurer.maximumLines` nor be broken into pieces by a narrow `--max-label-width`.
    private static func measure(_ text: (label: String, countLine: String?), with measurer: TextMeasurer,
                                style: LabelStyle) -> (size: Size, lines: [String]?, blockWidth: Double?) {
        if text.label.isEmpty { return (Size(width: style.junctionSize, height: style.junctionSize), nil, nil) }
        var measured = measurer.measureSize(text.label, maxWidth: style.maximumLabelWidth)
        var lines = measured.wrappedLines
        if let countLine = text.countLine {
            let count = measurer.measureSize(countLine, maxWidth: nil).size
            measured.size = (max(measured.size.width, count.width), measured.size.height + count.height)
            // (Lines not the label's own are handed to the renderers even where the label is unwrapped.)
            lines = (lines ?? text.label.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) + [countLine]
        }
        let width = max(style.minimumNodeSize.width, (measured.size.width + 2 * style.horizontalPadding).rounded(.up))
        let height = max(style.minimumNodeSize.height, (measured.size.height + 2 * style.verticalPadding).rounded(.up))
        // (Explicit lines wrapped hang their continuations: drawn left-aligned too.)
        let isBlock = keepsIndentation(text.label) || (measured.wrappedLines != nil && text.label.utf8.contains(0x0A))
        return (Size(width: width, height: height), lines, isBlock ? measured.size.width : nil)
    }

    /// Every item's size by global item (what its cell reports), or nil while some item is
    /// not measured yet: after `prefetchAll`, the layout's estimates without asking each cell.
    var measuredSizes: [Size]? { unmeasuredCount == 0 ? sizes : nil }
}

/// Cells of fixed size (a base sizing's, or the layout's own), except junctions — nodes with
/// an empty label — which are small squares, drawn as dots.
public final class JunctionCellSizing: CellSizing {
    private let dataController: SectionedTree
    private let base: (any CellSizing)?
    private let size: Size

    public init(dataController: SectionedTree, base: (any CellSizing)?, junctionSize: Double) {
        self.dataController = dataController
        self.base = base
        size = Size(width: junctionSize, height: junctionSize)
    }

    public func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let item = dataController.globalItem(section: attributes.indexPath.section, item: attributes.indexPath.item)
        guard dataController.label(ofItem: item).isEmpty else {
            return base?.preferredLayoutAttributesFitting(attributes) ?? attributes
        }
        var preferred = attributes
        preferred.size = size
        return preferred
    }
}

/// Hands a buffer to concurrent workers that each write their own slot.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The number of processors, without Foundation.
enum ProcessInfoLite {
    static var activeProcessorCount: Int {
        #if canImport(Glibc)
        return sysconf(Int32(_SC_NPROCESSORS_ONLN))
        #else
        return 1
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif
