import LabelMetrics
import StandardLayouts

/// The whole path from a hierarchy to a drawing: section the tree, lay it out through a
/// headless collection view whose cells self-size (through invalidation contexts), and render.
public struct Diagram {
    /// The data controller.
    public private(set) var dataController: SectionedTree
    /// The prepared layout, with any effects.
    public let layout: any CollectionViewLayout
    /// The schematic layout, when it is the one in use.
    public let schematicLayout: SchematicLayout?
    /// The spacing the schematic layout and the renderers use.
    public let configuration: SchematicLayoutConfiguration
    /// The options the diagram was made with.
    public let options: DiagramOptions
    /// The label sizing, when nodes fit their labels.
    public let labelSizing: LabelCellSizing?
    /// With fixed sizing in the columns, the lines of the labels fitted to their boxes
    /// (`FixedLabelFitting`), by global item.
    let fittedLines: [Int: [String]]
    /// The headless collection view that drove the layout.
    public let collectionView: CollectionView
    /// How long sectioning, self-sizing and layout took.
    public private(set) var layoutDuration: Duration
    /// What a user should know about the drawing, one line each: parent edges left out,
    /// characters no installed font has (drawn as empty boxes), a font family that is not
    /// installed, a drawing too large to read.
    public private(set) var warnings: [String] = []
    /// The one of `warnings` that says the drawing is too large to read, if any.
    public private(set) var largeDrawingWarning: String?

    /// Lays out a forest.
    public init(tree: Tree, options: DiagramOptions = .init()) throws(DiagramError) {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            dataController = try SectionedTree(tree, misplacedParents: options.misplacedParents)
        } catch {
            throw .hierarchy(error)
        }
        if let duplicate = Self.duplicateID(in: tree) { throw duplicate }
        var configuration = options.configuration
        if !configuration.depthLabels.isEmpty && configuration.orientation.isVertical {
            // Headers beside rows need the room of their longest title.
            var widest = 100.0
            if case .fit(let style) = options.sizing, let fonts = try? FontSet(family: style.fontFamily, size: style.fontSize) {
                let measurer = TextMeasurer(fonts: fonts)
                widest = configuration.depthLabels.map { measurer.width(of: Substring($0)) }.max() ?? widest
            }
            configuration.headerHeight = (widest * 1.15 + 16).rounded(.up)  // titles are bold
        }
        self.options = options
        self.configuration = configuration
        var style: LabelStyle?
        if case .fit(var fitStyle) = options.sizing {
            if case .masonry(let masonry) = options.layout {
                // Labels wrap to the column: the width is the layout's, the height the label's.
                fitStyle.maximumLabelWidth = max(1, masonry.itemWidth - 2 * fitStyle.horizontalPadding)
            }
            style = fitStyle
        }
        /// The other layouts' common base, which may start from the measured sizes too.
        let indexedLayout: IndexedLayoutBase? = switch options.layout {
        case .schematic: nil
        case .flow(let flow): FlowLayout(dataController: dataController, configuration: flow)
        case .grid(let grid): GridLayout(dataController: dataController, configuration: grid)
        case .circle(let circle): CircleLayout(dataController: dataController, configuration: circle)
        case .masonry(let masonry): MasonryLayout(dataController: dataController, configuration: masonry)
        }
        var placed: any CollectionViewLayout
        if let indexedLayout {
            schematicLayout = nil
            placed = indexedLayout
        } else {
            let schematic = SchematicLayout(dataController: dataController, configuration: configuration)
            schematicLayout = schematic
            placed = schematic
        }
        if !options.effects.isEmpty {
            var effects: [LayoutEffect] = []
            for effect in options.effects {
                switch effect {
                case .focus(let name, let scale):
                    guard let node = Self.node(named: name, in: dataController) else { throw .unknownNode(name) }
                    let position = dataController.position(ofNode: node)
                    effects.append(.focus(IndexPath(item: position.item, section: position.section), scale: scale))
                case .fisheye(let center, let radius):
                    effects.append(.fisheye(center: center, radius: radius))
                }
            }
            placed = EffectLayout(base: placed, effects: effects)
        }
        layout = placed
        collectionView = CollectionView(layout: layout, dataSource: SchematicDataSource(dataController))
        switch options.sizing {
        case .fixed:
            labelSizing = nil
            // (Other layouts size their boxes otherwise: a masonry cell's height is its label's.)
            fittedLines = schematicLayout != nil ? FixedLabelFitting.lines(of: dataController, box: options.configuration.estimatedItemSize) : [:]
            // Other layouts keep their configured item size, their estimate.
            let fixed: (any CellSizing)? = schematicLayout != nil ? FixedCellSizing(size: options.configuration.estimatedItemSize) : nil
            if dataController.hasJunctions {
                collectionView.cellSizing = JunctionCellSizing(dataController: dataController, base: fixed, junctionSize: LabelStyle().junctionSize)
            } else {
                collectionView.cellSizing = fixed
            }
        case .fit:
            fittedLines = [:]
            let sizing: LabelCellSizing
            do {
                sizing = try LabelCellSizing(dataController: dataController, style: style!)
            } catch {
                throw .font(error)
            }
            if options.viewport == nil {
                sizing.prefetchAll()
                // Every label is measured: the layout's first pass places every node at its
                // size, once, instead of at the estimate and again when the cells report.
                let measured = sizing.measuredSizes ?? Self.preferredSizes(of: dataController, by: sizing)
                schematicLayout?.estimatedItemSizes = measured
                indexedLayout?.estimatedItemSizes = measured
                // Every cell has reported (above): the collection view need not ask them again.
                if options.effects.isEmpty { collectionView.markEveryCellSized() }
            }
            labelSizing = sizing
            collectionView.cellSizing = sizing
            collectionView.prefetchDataSource = sizing
        }
        layoutDuration = .zero
        if let viewport = options.viewport {
            collectionView.selfSizeByScrolling(viewport: viewport)
        } else {
            collectionView.layoutIfNeeded()
        }
        layoutDuration = clock.now - started
        let distantDrawn = dataController.distantParentsOfItem.values.reduce(0) { $0 + $1.count }
        if let dropped = Self.droppedParentsMessage(dataController.droppedParentCount, naming: dataController.firstDroppedParents.map {
            (Self.shortLabel(tree.labels[$0.parent]), Self.shortLabel(tree.labels[$0.child]))
        }, all: options.misplacedParents == .dropAll,
           dashed: dataController.additionalParentsOfItem.values.reduce(0) { $0 + $1.count } + distantDrawn) {
            // A parent none of whose edges is drawn stands alone, unlinked: named, as the edges
            // listed may not be its own.
            let alone = dataController.parentsLeftAlone
            let aloneNote = alone.first.map { first in
                alone.count == 1 ? "; '\(Self.shortLabel(tree.labels[first]))' is drawn alone, none of its edges drawn"
                    : "; \(alone.count) nodes are drawn alone, none of their edges drawn (the first '\(Self.shortLabel(tree.labels[first]))')"
            } ?? ""
            warnings.append(dropped + aloneNote)
        }
        if let labelSizing, let shortened = Self.shortenedLabelsMessage(labelSizing.wrappedLines, dataController) {
            warnings.append(shortened)
        }
        if let shortened = FixedLabelFitting.shortenedMessage(fittedLines, dataController) { warnings.append(shortened) }
        if let fonts = labelSizing?.fonts {
            if let substitution = fonts.substitution { warnings.append(substitution) }
            if let missing = FontPackages.missingGlyphsMessage(fonts.missingCharacters) { warnings.append(missing) }
        }
        largeDrawingWarning = Self.largeDrawingMessage(collectionView.contentSize, levels: dataController.numberOfSections,
                                                       unwrappedFans: schematicLayout != nil && options.configuration.wrap == .off
                                                           && Self.hasWideFan(dataController))
        if let large = largeDrawingWarning {
            warnings.append(large)
        } else if schematicLayout != nil,
                  let elongated = Self.elongatedDrawingMessage(collectionView.contentSize, orientation: options.configuration.orientation,
                                                               fontSize: labelSizing?.style.fontSize ?? LabelStyle().fontSize) {
            warnings.append(elongated)
        }
    }

    /// Per global item, the size its cell reports.
    private static func preferredSizes(of dataController: SectionedTree, by sizing: any CellSizing) -> [Size] {
        var sizes: [Size] = []
        sizes.reserveCapacity(dataController.numberOfItems)
        var probe = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        for section in 0..<dataController.numberOfSections {
            for item in 0..<dataController.numberOfItems(inSection: section) {
                probe.indexPath = IndexPath(item: item, section: section)
                sizes.append(sizing.preferredLayoutAttributesFitting(probe).size)
            }
        }
        return sizes
    }

    /// Whether some parent has as many children as `auto` wrapping wraps, or the forest as many
    /// roots (they wrap as a fan too).
    private static func hasWideFan(_ tree: SectionedTree) -> Bool {
        let starts = tree.childStarts, wide = SchematicWrap.smallestAutoFan
        return tree.numberOfItems(inSection: 0) >= wide || starts.indices.dropLast().contains { Int(starts[$0 + 1] - starts[$0]) >= wide }
    }

    /// Drawings longer than this in either direction cannot be followed on a screen or a page.
    public static let largestReadableSide = 20_000.0

    /// The warning for a drawing too large to read, or nil. Wrapping is a tip only where it is
    /// off and a fan could wrap (`unwrappedFans`): `auto` has wrapped what squares the drawing,
    /// the roots as a fan too, and a given row limit only draws it otherwise.
    public static func largeDrawingMessage(_ size: Size, levels: Int = 2, unwrappedFans: Bool = false) -> String? {
        guard max(size.width, size.height) > largestReadableSide else { return nil }
        let tips = (levels > 1 ? ["show fewer levels (--max-depth N)"] : []) + (unwrappedFans ? ["wrap wide fans (--wrap auto)"] : [])
        let tip = tips.isEmpty ? "" : ": " + tips.joined(separator: " or ")
        let wide = size.width > largestReadableSide, tall = size.height > largestReadableSide
        let extent = wide && tall ? "wide and tall" : wide ? "wide" : "tall"
        // (A size beyond any integer, from spacing options at their limits, is no trap.)
        func pixels(_ value: Double) -> String { value < 1e15 ? String(Int(value.rounded())) : "\(value)" }
        return "the drawing is \(pixels(size.width))×\(pixels(size.height)) px, more than \(Int(largestReadableSide)) px \(extent)" + tip
    }

    /// The warning for labels cut at `TextMeasurer.maximumLines` lines, or nil: how many, and
    /// the beginning of the first in the document (their full text stays in the tooltip and
    /// the JSON `label`).
    static func shortenedLabelsMessage(_ wrappedLines: [Int: [String]], _ tree: SectionedTree) -> String? {
        guard let (count, start) = shortenedLabels(wrappedLines.filter { $0.value.count >= TextMeasurer.maximumLines }, tree) else { return nil }
        return "\(count == 1 ? "a label" : "\(count) labels") longer than \(TextMeasurer.maximumLines) lines drawn shortened with "
            + "\"…\" (the first: \"\(start)…\"); the whole text is in the node's tooltip in SVG and HTML (--max-label-width widens the lines)"
    }

    /// How many of these lines are drawn shortened (ending with "…" where the text goes on), and
    /// the beginning of the first such label in the document; nil if none is.
    static func shortenedLabels(_ wrappedLines: [Int: [String]], _ tree: SectionedTree) -> (count: Int, start: String)? {
        var count = 0, firstNode = Int.max
        let content = MeasuredContent(dataController: tree, wrappedLines: wrappedLines, carriesCountLines: true)
        for item in wrappedLines.keys {
            let position = tree.position(ofNode: Int(tree.nodeOfItem[item]))
            guard content.isShortened(at: IndexPath(item: position.item, section: position.section)) else { continue }
            count += 1
            firstNode = min(firstNode, Int(tree.nodeOfItem[item]))
        }
        guard count > 0 else { return nil }
        let label = tree.label(ofItem: Int(tree.itemOfNode[firstNode]))
        return (count, String(label.prefix(40).map { $0 == "\n" ? " " : $0 }))
    }

    /// Drawings longer than this many times their breadth, and longer than `elongatedSide`,
    /// shrink their labels out of reading when fitted to a page (a 41-level chain: 6,727×245 px,
    /// its 14 px labels 2 px tall on a page 1,000 px wide).
    public static let elongatedAspect = 8.0
    public static let elongatedSide = 3_000.0

    /// The warning for a drawing far wider than it is tall, or nil, with the other orientation
    /// to try.
    public static func elongatedDrawingMessage(_ size: Size, orientation: SchematicOrientation, fontSize: Double) -> String? {
        let long = max(size.width, size.height), short = min(size.width, size.height)
        guard long > elongatedSide, short > 0, long / short > elongatedAspect else { return nil }
        let page = 1_000.0, shrunk = fontSize * page / long
        // Only a wide drawing: a tall one scrolls down a page. The other orientation helps it: a
        // deep one's levels run down more tightly, a broad one top to bottom stands up left to right.
        guard size.width >= size.height else { return nil }
        return "the drawing is \(Int(size.width.rounded()))×\(Int(size.height.rounded())) px (\(Int((long / short).rounded())):1); "
            + "fitted to a page \(Int(page)) px wide its labels are \((shrunk * 10).rounded() / 10) px; "
            + "try --orientation \(orientation.isVertical ? "lr" : "tb")"
    }

    /// The warning for additional parents left out (`MisplacedParentPolicy.drop`, or every
    /// one with `all`: `.dropAll`), or nil, naming the first few as "parent → child". Where
    /// `dashed` others are drawn, it says `--extra-parents drop` leaves those out too (a
    /// dependency graph's dashed lines can be too many to follow).
    static func droppedParentsMessage(_ dropped: Int, naming named: [(parent: String, child: String)] = [], all: Bool = false,
                                      dashed: Int = 0) -> String? {
        guard dropped > 0 else { return nil }
        // Each depth is a column: an edge from a column to itself or back cannot be drawn (one
        // from a node's own descendant would close a cycle).
        let names = named.map { "\($0.parent) → \($0.child)" }.joined(separator: ", ")
        let list = names.isEmpty ? "" : (dropped == 1 ? ": " : dropped > named.count ? ", among them " : ": ") + names
        if all {
            return dropped == 1
                ? "left out 1 additional parent edge, each node drawn under its first parent only\(list) (--extra-parents auto draws any above its child, dashed)"
                : "left out \(dropped) additional parent edges, each node drawn under its first parent only\(list) (--extra-parents auto draws any above its child, dashed)"
        }
        let drop = dashed == 0 ? "" : "; drop also leaves out the \(dashed == 1 ? "one" : String(dashed)) drawn dashed"
        return dropped == 1
            ? "left out 1 parent edge whose parent is not above its child\(list) (--extra-parents keep refuses it\(drop))"
            : "left out \(dropped) parent edges whose parents are not above their children\(list) (--extra-parents keep refuses them\(drop))"
    }

    /// A label on one line, at most 40 characters (… after), for a message.
    static func shortLabel(_ label: String) -> String {
        let line = label.map { $0 == "\n" ? " " : $0 }
        return line.count > 40 ? String(line.prefix(39)) + "…" : (line.isEmpty ? "(unnamed)" : String(line))
    }

    /// Two nodes with one id, the first pair in node order: their drawing would repeat an
    /// element id (readers refuse them with their places; this guards trees built otherwise).
    private static func duplicateID(in tree: Tree) -> DiagramError? {
        guard !tree.ids.isEmpty else { return nil }
        var firstNode: [String: Int] = [:]
        firstNode.reserveCapacity(tree.ids.count)
        for node in 0..<tree.count {
            guard let id = tree.id(of: node) else { continue }
            if let first = firstNode.updateValue(node, forKey: id) {
                return .duplicateID(id: id, firstLabel: tree.labels[first], secondLabel: tree.labels[node])
            }
        }
        return nil
    }

    /// Lays out a forest with fixed node sizes.
    public init(tree: Tree, configuration: SchematicLayoutConfiguration) throws(DiagramError) {
        var options = DiagramOptions()
        options.configuration = configuration
        options.sizing = .fixed
        try self.init(tree: tree, options: options)
    }

    /// The node with this id, else the first node (in breadth-first order) with this label,
    /// else with this label give or take a trailing "/" (a folder: `--focus src` finds "src/",
    /// `--focus src/` a listing's "src").
    private static func node(named name: String, in dataController: SectionedTree) -> Int? {
        for item in 0..<dataController.numberOfItems {
            let node = Int(dataController.nodeOfItem[item])
            let position = dataController.position(ofNode: node)
            if dataController.id(at: IndexPath(item: position.item, section: position.section)) == name { return node }
        }
        for item in 0..<dataController.numberOfItems where dataController.label(ofItem: item) == name {
            return Int(dataController.nodeOfItem[item])
        }
        let folder = name.hasSuffix("/") ? String(name.dropLast()) : name + "/"
        guard !folder.isEmpty else { return nil }
        for item in 0..<dataController.numberOfItems where dataController.label(ofItem: item) == folder {
            return Int(dataController.nodeOfItem[item])
        }
        return nil
    }

    /// Changes a node's label, live: its cell measures itself again and, if its size changed,
    /// the layout answers with a targeted invalidation context (this column's items, the
    /// connectors around it, later columns moved), which is applied and returned.
    @discardableResult
    public mutating func setLabel(_ label: String, ofNode node: Int) -> LayoutInvalidationContext? {
        dataController.setLabel(label, ofNode: node)
        let item = Int(dataController.itemOfNode[node])
        labelSizing?.setLabel(label, ofItem: item)
        let position = dataController.position(ofNode: node)
        guard let original = layout.layoutAttributesForItem(at: IndexPath(item: position.item, section: position.section)),
              let sizing = collectionView.cellSizing else { return nil }
        let preferred = sizing.preferredLayoutAttributesFitting(original)
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return nil }
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        layout.invalidateLayout(with: context)
        layout.prepare()
        return context
    }
}
