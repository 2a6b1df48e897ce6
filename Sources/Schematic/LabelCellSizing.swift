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
public final class LabelCellSizing: CellSizing {
    /// The label style.
    public let style: LabelStyle
    /// The fonts labels are measured in.
    public let fonts: FontSet
    private var dataController: SectionedTree
    private var sizes: [Size?]
    /// Wrapped lines of labels whose lines differ from their explicit line breaks.
    private(set) var wrappedLines: [Int: [String]] = [:]

    public init(dataController: SectionedTree, style: LabelStyle) throws(FontError) {
        self.style = style
        self.dataController = dataController
        if let file = style.fontFile {
            fonts = try FontSet(file: file, size: style.fontSize)
        } else {
            fonts = try FontSet(family: style.fontFamily, size: style.fontSize)
        }
        sizes = Array(repeating: nil, count: dataController.numberOfItems)
    }

    public func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        let item = dataController.globalItem(section: attributes.indexPath.section, item: attributes.indexPath.item)
        if sizes[item] == nil {
            let label = dataController.label(ofItem: item)
            if label.isEmpty {
                sizes[item] = Size(width: style.junctionSize, height: style.junctionSize)
            } else {
                let measured = TextMeasurer(fonts: fonts).measureSize(label, maxWidth: style.maximumLabelWidth)
                record(item, measured.size, measured.wrappedLines)
            }
        }
        var preferred = attributes
        preferred.size = sizes[item]!
        return preferred
    }

    /// Replaces an item's label; it is measured again when next asked.
    public func setLabel(_ label: String, ofItem item: Int) {
        dataController.setLabel(label, ofNode: Int(dataController.nodeOfItem[item]))
        sizes[item] = nil
        wrappedLines[item] = nil
    }

    /// Measures every item's label, in parallel.
    public func prefetchAll() {
        let count = sizes.count
        let workers = count < 2_000 ? 1 : max(1, min(8, ProcessInfoLite.activeProcessorCount))
        let chunk = (count + workers - 1) / workers
        typealias Measured = (sizes: [(width: Double, height: Double)], wrapped: [(item: Int, lines: [String])])
        var results = [Measured](repeating: ([], []), count: workers)
        let fonts = self.fonts, dataController = self.dataController, maxWidth = style.maximumLabelWidth
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UnsafeSendable(slots)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let measurer = TextMeasurer(fonts: fonts)
                let range = (worker * chunk)..<min(count, (worker + 1) * chunk)
                var measured: Measured = ([], [])
                measured.sizes.reserveCapacity(range.count)
                for item in range {
                    let label = measurer.measureSize(dataController.label(ofItem: item), maxWidth: maxWidth)
                    measured.sizes.append(label.size)
                    if let lines = label.wrappedLines { measured.wrapped.append((item, lines)) }
                }
                slots.value[worker] = measured
            }
        }
        for worker in 0..<workers {
            for (offset, size) in results[worker].sizes.enumerated() {
                let item = worker * chunk + offset
                if dataController.label(ofItem: item).isEmpty {
                    sizes[item] = Size(width: style.junctionSize, height: style.junctionSize)
                } else {
                    record(item, size, nil)
                }
            }
            for (item, lines) in results[worker].wrapped { wrappedLines[item] = lines }
        }
    }

    private func record(_ item: Int, _ text: (width: Double, height: Double), _ lines: [String]?) {
        let width = max(style.minimumNodeSize.width, (text.width + 2 * style.horizontalPadding).rounded(.up))
        let height = max(style.minimumNodeSize.height, (text.height + 2 * style.verticalPadding).rounded(.up))
        sizes[item] = Size(width: width, height: height)
        if let lines { wrappedLines[item] = lines }
    }

    /// The lines a label is drawn in.
    func lines(ofItem item: Int) -> [String]? { wrappedLines[item] }
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
