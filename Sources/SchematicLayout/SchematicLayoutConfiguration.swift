import CollectionLayout

/// How items are placed along their column.
public enum SchematicAlignment: String, CaseIterable, Hashable, Sendable {
    /// The talk's: stacked from the top of each column.
    case stacked
    /// Each column stacked, then centred in the content's height.
    case centered
    /// A tidy tree: each parent centred on its children, subtrees packed (Buchheim–Walker).
    case tidy
    /// As short as `stacked`, with parents drawn towards the middle of their children.
    case compact
}

/// Which way the sections run: columns left to right (the talk's), right to left, or rows
/// top to bottom or bottom to top. Labels stay upright; only boxes and connectors move.
public enum SchematicOrientation: String, CaseIterable, Hashable, Sendable {
    case lr, rl, tb, bt

    /// Whether sections are rows rather than columns.
    public var isVertical: Bool { self == .tb || self == .bt }

    /// The map from the layout's canonical drawing (columns left to right, `extent` wide) to
    /// this orientation.
    public func axisMapping(extent: Double) -> AxisMapping {
        AxisMapping(transposes: isVertical, mirrors: self == .rl || self == .bt, extent: extent)
    }
}

/// How connectors are drawn between columns.
public enum ConnectorStyle: String, CaseIterable, Hashable, Sendable {
    /// The talk's straight line, led out to the column's edge first, so that lines between two
    /// columns keep their order and never cross.
    case straight
    /// Orthogonal lines meeting on a shared bus halfway between the columns.
    case elbow
    /// A cubic curve, level at both ends.
    case curved
}

/// Whether long runs of leaf children are wrapped into a block of several sub-columns.
public enum SchematicWrap: Hashable, Sendable {
    /// Never (the talk's drawing).
    case off
    /// Leaves of fans of 12 or more children (of 6, 4, then 2, only while that is not enough
    /// and for a real gain; left to right never a run of fewer than three), into as many
    /// sub-columns as bring the drawing within about 2:1 of square; where leaves alone
    /// cannot, a wide fan's small folders with them (`SchematicLayoutConfiguration.nestsFolders`).
    case auto
    /// Runs of more than this many leaves, this many to a sub-column.
    case limit(Int)

    /// The fewest children of a fan `auto` wraps first (its smaller tiers only where that is
    /// not enough).
    public static var smallestAutoFan: Int { WrapPlan.autoFanTiers[0] }
}

/// The spacing of the schematic layout, named as in the talk and on the command line.
public struct SchematicLayoutConfiguration: Hashable, Sendable {
    /// The size every item has before it reports its own (`--node-size`, the talk's `nodeSize`).
    public var estimatedItemSize = Size(width: 120, height: 40)
    /// Space between items of a column; half of it above the first (`--item-padding`).
    public var itemPadding: Double = 40
    /// The gap between neighbouring columns (`--section-padding`).
    public var sectionPadding: Double = 60
    /// Space left of the first column and right of the last (`--section-margin`).
    public var sectionMargin: Double = 20
    /// Placement along the columns (`--align`).
    public var alignment = SchematicAlignment.stacked
    /// How connectors are drawn (`--connectors`).
    public var connectorStyle = ConnectorStyle.straight
    /// Which way sections run (`--orientation`).
    public var orientation = SchematicOrientation.lr
    /// Alternating bands behind the sections (`--bands`): `band` decoration views.
    public var showsBands = false
    /// A title above each section, by depth (`--depth-labels`): `header` decoration views.
    public var depthLabels: [String] = []
    /// Wrapping of wide fans of leaves (`--wrap`).
    public var wrap = SchematicWrap.off
    /// The room headers take above the sections.
    public var headerHeight: Double = 32
    /// With `auto` wrapping, whether a wide fan's small folders (children whose children are
    /// all leaves) may wrap with its leaves, as panels side by side, where leaves alone leave
    /// the drawing beyond about 2:1 of square. (The HTML page, whose script places the tree
    /// again after a collapse, draws without them.)
    public var nestsFolders = true

    /// The talk's geometry: its spacing, `stacked` alignment, no wrapping.
    public init() {}

    /// What Schematic draws unless told otherwise — the one definition that `DiagramOptions`,
    /// the command line (and so Markdown blocks and the plugins, which run it) start from: the
    /// talk's node size, `compact` alignment, elbow connectors, wide fans wrapped (`auto`), and
    /// spacing about as dense as Graphviz's (16 between nodes, 48 between columns: boxes cover
    /// as much of the drawing as in `dot`'s, with room for elbow buses).
    public static let standard: SchematicLayoutConfiguration = {
        var configuration = SchematicLayoutConfiguration()
        configuration.alignment = .compact
        configuration.connectorStyle = standardConnectorStyle(for: configuration.orientation, alignment: .compact)
        configuration.wrap = .auto
        configuration.itemPadding = 16
        configuration.sectionPadding = 48
        return configuration
    }()

    /// The connectors drawn unless told otherwise: orthogonal lines on a bus (a parent's
    /// children hang off one line, as in a directory listing, an org chart or a cladogram),
    /// so that a wide fan of children that do not wrap is not a broom of converging lines;
    /// the talk's straight lines for its own alignments (`stacked`, `centered`) left to right.
    public static func standardConnectorStyle(for orientation: SchematicOrientation, alignment: SchematicAlignment) -> ConnectorStyle {
        !orientation.isVertical && (alignment == .stacked || alignment == .centered) ? .straight : .elbow
    }

    /// `standard` with another alignment: the talk's own alignments (`stacked`, `centered`)
    /// keep the talk's spacing, so that `stacked` draws slide 11's geometry.
    public static func standard(alignment: SchematicAlignment) -> SchematicLayoutConfiguration {
        var configuration = standard
        configuration.alignment = alignment
        if alignment == .stacked || alignment == .centered {
            let talk = SchematicLayoutConfiguration()
            configuration.itemPadding = talk.itemPadding
            configuration.sectionPadding = talk.sectionPadding
        }
        return configuration
    }

    /// A configuration with every value given.
    public init(estimatedItemSize: Size, itemPadding: Double, sectionPadding: Double, sectionMargin: Double) {
        self.estimatedItemSize = estimatedItemSize
        self.itemPadding = itemPadding
        self.sectionPadding = sectionPadding
        self.sectionMargin = sectionMargin
    }

    /// Why the configuration cannot be laid out, or nil if it can.
    public var problem: String? {
        let size = estimatedItemSize
        // (Beyond these no drawing can be shown, and sizes in pixels would overflow an integer.)
        if !(size.width > 0 && size.height > 0 && size.width <= 1_000_000 && size.height <= 1_000_000) {
            return "the node size must be more than 0 and at most 1000000 points"
        }
        for (name, value) in [("item padding", itemPadding), ("section padding", sectionPadding), ("section margin", sectionMargin)]
        where !(value >= 0 && value <= 100_000) {
            return "the \(name) must be between 0 and 100000 points"
        }
        if case .limit(let count) = wrap, count < 1 { return "the wrap limit must be 1 or more" }
        return nil
    }

    /// Why the columns' connectors would not read with this section padding, or nil: every
    /// parent's line runs in the gap between columns on a lane of its own, and in a narrower gap
    /// the lanes of different parents run on top of each other (`problem` leaves it out: the
    /// other layouts read the padding otherwise, a circle as the gap between rings).
    public var connectorRoomProblem: String? {
        sectionPadding < Self.leastSectionPadding
            ? "the section padding must be at least \(Int(Self.leastSectionPadding)) points: connectors run between the columns"
            : nil
    }

    /// The narrowest gap between columns: a review's phylogeny drew 44 pairs of connectors on
    /// top of each other with none.
    public static let leastSectionPadding = 8.0
}
