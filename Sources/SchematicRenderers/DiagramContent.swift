import CollectionLayout
import Hierarchy

/// What renderers draw inside cells: the node behind each item index path. Sendable: long
/// drawings are written on several threads at once.
public protocol DiagramContent: Sendable {
    /// A title for the whole drawing.
    var title: String { get }
    /// A sentence describing the drawing, for assistive technology (SVG `<desc>`).
    var summary: String { get }
    /// The label of the item at an index path.
    func label(at indexPath: IndexPath) -> String
    /// The type of the item at an index path.
    func type(at indexPath: IndexPath) -> NodeType
    /// The identifier of the item at an index path, if it has one.
    func id(at indexPath: IndexPath) -> String?
    /// The lines the label is drawn in when they are not just its explicit line breaks
    /// (after wrapping); nil draws the label as it is.
    func wrappedLines(at indexPath: IndexPath) -> [String]?
    /// The width of the label's text where its lines are drawn as one left-aligned block,
    /// centred in the box (lines that keep their indentation: a script, code; explicit lines
    /// wrapped, their continuations hanging); nil centres each line.
    func blockWidth(at indexPath: IndexPath) -> Double?
    /// The node's link, tooltip, classes and colours, if it has any.
    func attributes(at indexPath: IndexPath) -> NodeAttributes?
    /// The last of the drawn lines where it says what `--max-depth` left out below the node
    /// ("+61 more", measured into its box), or nil (fixed sizes draw no such line).
    func countLine(at indexPath: IndexPath) -> String?
    /// Whether some node is a junction (has an empty label), so styles for junctions are needed.
    var hasJunctions: Bool { get }
    /// Whether `--max-depth` left nodes out below some node, so the style for those is needed.
    var hasCutNodes: Bool { get }
}

extension DiagramContent {
    /// By default labels are not wrapped.
    public func wrappedLines(at indexPath: IndexPath) -> [String]? { nil }

    /// By default each line is centred.
    public func blockWidth(at indexPath: IndexPath) -> Double? { nil }

    /// By default nodes have no attributes.
    public func attributes(at indexPath: IndexPath) -> NodeAttributes? { nil }

    /// By default no count line is drawn.
    public func countLine(at indexPath: IndexPath) -> String? { nil }

    /// Whether the node is a junction: an unnamed node (empty label), drawn as a dot.
    public func isJunction(at indexPath: IndexPath) -> Bool { label(at: indexPath).isEmpty }

    /// Whether the label is drawn shortened: its last line (above a cut node's count line)
    /// ends with "…" where its text goes on.
    public func isShortened(at indexPath: IndexPath) -> Bool {
        guard let wrapped = wrappedLines(at: indexPath) else { return false }
        var lines = wrapped[...]
        if countLine(at: indexPath) != nil { lines = lines.dropLast() }
        guard let last = lines.last, last.hasSuffix("…") else { return false }
        return !label(at: indexPath).hasSuffix(last)
    }

    /// The lines the label is drawn in.
    public func lines(at indexPath: IndexPath) -> [String] {
        if let wrapped = wrappedLines(at: indexPath) { return wrapped }
        let label = label(at: indexPath)
        guard label.utf8.contains(0x0A) else { return [label] }
        return label.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension SectionedTree: DiagramContent {
    /// The labels of the roots, joined: the title of a drawing. Each label is cut to 80
    /// characters (a title names a drawing; it need not hold a label of megabytes). An unnamed
    /// root (a phylogeny's) is named by its first and last leaves, as a clade is:
    /// "(Struthio camelus … Passer domesticus)".
    public var title: String {
        func shortened(_ label: String) -> String {
            label.utf8.count <= 80 || label.count <= 80 ? label : String(label.prefix(79)) + "…"
        }
        let roots = (0..<min(3, numberOfItems(inSection: 0))).map { item -> String in
            let name = label(ofItem: item)
            guard name.isEmpty else { return shortened(name) }
            let first = label(ofItem: outermostLeaf(of: item, last: false))
            let last = label(ofItem: outermostLeaf(of: item, last: true))
            if first.isEmpty || last.isEmpty { return "(unnamed)" }
            return first == last ? "(\(shortened(first)))" : "(\(shortened(first)) … \(shortened(last)))"
        }
        return numberOfItems(inSection: 0) <= 3 ? roots.joined(separator: ", ") : roots.joined(separator: ", ") + ", …"
    }

    /// The first (or last) leaf under a global item, down its first (or last) children: one
    /// step per level, never recursive.
    private func outermostLeaf(of globalItem: Int, last: Bool) -> Int {
        var item = globalItem
        while childStarts[item] < childStarts[item + 1] {
            item = Int(last ? childStarts[item + 1] - 1 : childStarts[item])
        }
        return item
    }

    /// Whether some node has an empty label.
    public var hasJunctions: Bool { tree.labels.contains { $0.isEmpty } }

    /// Whether some node counts nodes `--max-depth` left out below it.
    public var hasCutNodes: Bool { tree.attributes.values.contains { $0.hiddenBelow != nil } }

    /// "A tree of N nodes in D levels, starting at …".
    public var summary: String {
        let roots = numberOfItems(inSection: 0)
        let levels = numberOfSections == 1 ? "1 level" : "\(numberOfSections) levels"
        let nodes = numberOfItems == 1 ? "1 node" : "\(numberOfItems) nodes"
        return roots == 1 ? "A tree of \(nodes) in \(levels), from \(title)." : "A forest of \(roots) trees, \(nodes) in \(levels): \(title)."
    }

    public func label(at indexPath: IndexPath) -> String {
        tree.labels[node(section: indexPath.section, item: indexPath.item)]
    }

    public func type(at indexPath: IndexPath) -> NodeType {
        tree.types[node(section: indexPath.section, item: indexPath.item)]
    }

    public func id(at indexPath: IndexPath) -> String? {
        tree.id(of: node(section: indexPath.section, item: indexPath.item))
    }

    public func attributes(at indexPath: IndexPath) -> NodeAttributes? {
        tree.attributes.isEmpty ? nil : tree.attributes(of: node(section: indexPath.section, item: indexPath.item))
    }
}

extension CollectionViewLayout {
    /// Calls `body` with every element of the drawing in drawing order (ascending zIndex).
    /// Streams: the attributes are computed on the fly, never all held at once.
    func enumerateAllElementsInDrawingOrder(_ body: (LayoutAttributes) -> Void) {
        let size = collectionViewContentSize
        enumerateLayoutAttributesInDrawingOrder(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2), body)
    }
}
