import ArgumentParser
import Schematic

/// The defaults of the layout options, as the help shows them.
private let standard = SchematicLayoutConfiguration.standard

/// A number of points as the help shows it: whole numbers without a fraction.
private func points(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

/// The schematic layout's options; what is not given is `SchematicLayoutConfiguration.standard`'s.
struct LayoutOptions: ParsableArguments {
    @Option(name: .customLong("node-size"), parsing: .unconditional, help: ArgumentHelp("Size of every node, WIDTHxHEIGHT, each at most 1000000.", valueName: "WxH"))
    var nodeSize: SizeArgument = SizeArgument(standard.estimatedItemSize)

    @Option(name: .customLong("item-padding"), parsing: .unconditional, help: ArgumentHelp("Space between nodes of a column (half of it above the first); for a circle, between neighbours on a ring. (default: \(points(standard.itemPadding)); 40 with --align stacked or centered; 10 for a circle)", valueName: "points"))
    var itemPadding: Double?

    @Option(name: .customLong("section-padding"), parsing: .unconditional, help: ArgumentHelp("Gap between neighbouring columns, at least 8 (the connectors run there); for a circle, between rings. (default: \(points(standard.sectionPadding)); 60 with --align stacked or centered; 24 for a circle)", valueName: "points"))
    var sectionPadding: Double?

    @Option(name: .customLong("section-margin"), parsing: .unconditional, help: ArgumentHelp("Space left of the first column and right of the last; for a circle, around the drawing. (default: \(points(standard.sectionMargin)))", valueName: "points"))
    var sectionMargin: Double?

    @Option(help: ArgumentHelp("Placement along the columns: compact (as short as stacked, parents drawn to their children), stacked (the talk's), centered, or tidy (parents centred on their children). (default: \(standard.alignment.rawValue))", valueName: "alignment"))
    var align: SchematicAlignment?

    @Option(help: ArgumentHelp("Connector lines: elbow (orthogonal, on a bus between columns), straight (the talk's) or curved. (default: \(standard.connectorStyle.rawValue); straight with --align stacked or centered left to right or right to left)",
                               valueName: "style"))
    var connectors: ConnectorStyle?

    @Flag(name: .customLong("no-connectors"), help: "Draw no connectors (grid and circle layouts).")
    var noConnectors = false

    @Option(help: ArgumentHelp("Direction of the sections: lr (columns, left to right), rl, tb (rows, top to bottom) or bt. (default: \(standard.orientation.rawValue))", valueName: "direction"))
    var orientation: SchematicOrientation?

    @Option(parsing: .unconditional, help: ArgumentHelp("Wide fans of leaves as blocks of sub-columns (rows in tb/bt): auto (fans of 12 or more children, then smaller ones, as needed to bring the drawing within about 2:1 of square; where leaves alone cannot, a wide fan's small folders too, each with its leaves beside it), off, or N (at most N leaves to a sub-column). (default: \(standard.wrap.argument))", valueName: "auto|off|N"), transform: SchematicWrap.parsed)
    var wrap: SchematicWrap?

    @Flag(name: .customLong("no-nest"), help: "With --wrap auto, wrap fans of leaves only: a wide fan's subtrees (or, where the drawing is beyond 3:1, the top fan's) stay in their depths' columns rather than nest as panels.")
    var noNest = false

    @Flag(help: "Draw alternating bands behind the sections.")
    var bands = false

    @Option(name: .customLong("depth-labels"), help: ArgumentHelp("Titles of the depths, comma-separated, drawn above the sections.", valueName: "a,b,c"))
    var depthLabels: String?

    enum ExtraParents: String, ExpressibleByArgument, CaseIterable { case auto, keep, drop }

    @Option(name: .customLong("extra-parents"),
            help: "Nodes with several parents (DOT, CSV): auto hangs each below its deepest parent and draws the others dashed (those two or more levels up across the columns between), leaves out edges closing a cycle and DOT's edges from a node to itself, and draws a cycle of parents from its first node, with warnings; keep refuses such a graph, cycle or edge; drop draws each node under its first parent only.")
    var extraParents: ExtraParents = .auto

    var configuration: SchematicLayoutConfiguration {
        var configuration = align.map(SchematicLayoutConfiguration.standard(alignment:)) ?? standard
        configuration.estimatedItemSize = nodeSize.size
        if let itemPadding { configuration.itemPadding = itemPadding }
        if let sectionPadding { configuration.sectionPadding = sectionPadding }
        if let sectionMargin { configuration.sectionMargin = sectionMargin }
        if let align { configuration.alignment = align }
        if let orientation { configuration.orientation = orientation }
        configuration.connectorStyle = connectors ?? SchematicLayoutConfiguration.standardConnectorStyle(for: configuration.orientation, alignment: configuration.alignment)
        configuration.showsBands = bands
        if let wrap { configuration.wrap = wrap }
        if noNest { configuration.nestsFolders = false }
        configuration.depthLabels = depthLabels.map { labels in
            labels.split(separator: ",", omittingEmptySubsequences: false).map { label in
                String(label.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }
        } ?? []
        return configuration
    }

    func validate() throws {
        if let problem = configuration.problem { throw ValidationError(problem) }
        try otherLayoutOptions.validate()
        let layout = otherLayoutOptions.layout
        if layout == .schematic, let problem = configuration.connectorRoomProblem { throw ValidationError(problem) }
        for (name, isSet, applies) in [("--align", align != nil, layout == .schematic),
                                       ("--orientation", orientation != nil, layout == .schematic),
                                       ("--bands", bands, layout == .schematic),
                                       ("--wrap", wrap != nil, layout == .schematic),
                                       ("--no-nest", noNest, layout == .schematic),
                                       ("--item-padding", itemPadding != nil, layout == .schematic || layout == .circle),
                                       ("--section-padding", sectionPadding != nil, layout == .schematic || layout == .circle),
                                       ("--section-margin", sectionMargin != nil, layout == .schematic || layout == .circle)]
        where isSet && !applies {
            throw ValidationError("\(name) applies to --layout schematic\(name.hasPrefix("--section") || name == "--item-padding" ? ", circle" : ""), not \(layout.rawValue)")
        }
        if noConnectors && connectors != nil { throw ValidationError("--connectors and --no-connectors contradict each other") }
        switch otherLayoutOptions.layout {
        case .schematic where noConnectors: throw ValidationError("--no-connectors applies to --layout grid or circle")
        case .flow, .masonry:
            if connectors != nil || noConnectors { throw ValidationError("--layout \(otherLayoutOptions.layout.rawValue) draws no connectors") }
        case .circle where connectors == .elbow: throw ValidationError("--layout circle draws straight or curved connectors")
        default: break
        }
    }

    @OptionGroup(title: "Other layouts")
    var otherLayoutOptions: OtherLayoutOptions

    /// The chosen layout with its settings.
    var diagramLayout: DiagramLayout {
        otherLayoutOptions.diagramLayout(nodeSize: nodeSize.size, sectionTitles: configuration.depthLabels,
                                         connectors: otherLayoutConnectors,
                                         spacing: (itemPadding, sectionPadding, sectionMargin))
    }

    /// Connectors of the other layouts: straight unless told otherwise (elbow, the schematic
    /// default, is for a parent's children on one bus between columns).
    private var otherLayoutConnectors: ConnectorStyle? { noConnectors ? nil : connectors ?? .straight }

    /// Every layout by name, with the command line's settings where they apply and the CLI's
    /// defaults elsewhere (for `layout=NAME` in Markdown blocks).
    var diagramLayoutsByName: [String: DiagramLayout] {
        var layouts: [String: DiagramLayout] = [:]
        for name in OtherLayoutOptions.LayoutName.allCases {
            var options = otherLayoutOptions
            options.layout = name
            layouts[name.rawValue] = options.diagramLayout(nodeSize: nodeSize.size, sectionTitles: configuration.depthLabels,
                                                           connectors: otherLayoutConnectors,
                                                           spacing: (itemPadding, sectionPadding, sectionMargin))
        }
        return layouts
    }

    /// The effects on the drawn nodes.
    var effects: [DiagramEffect] { otherLayoutOptions.effects }
}

/// A `WIDTHxHEIGHT` value such as `120x40`.
struct SizeArgument: ExpressibleByArgument {
    var size: Size

    init(_ size: Size) { self.size = size }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width <= 1_000_000, height <= 1_000_000 else { return nil }
        size = Size(width: width, height: height)
    }

    var defaultValueDescription: String { "\(points(size.width))x\(points(size.height))" }
}

extension InputFormat: ExpressibleByArgument {}
extension SchematicAlignment: ExpressibleByArgument {}
extension ConnectorStyle: ExpressibleByArgument {}
extension SchematicOrientation: ExpressibleByArgument {}
extension CircleLabelDirection: ExpressibleByArgument {}
extension SchematicWrap: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "auto": self = .auto
        case "off": self = .off
        default:
            guard let limit = Int(argument), limit >= 1 else { return nil }
            self = .limit(limit)
        }
    }
    public static var allValueStrings: [String] { ["auto", "off", "N"] }

    /// The value of `--wrap`, or an error saying what N may be (the parser's own message listed
    /// a literal 'N' among the choices for `--wrap 0`).
    static func parsed(_ argument: String) throws -> SchematicWrap {
        if let wrap = SchematicWrap(argument: argument) { return wrap }
        throw ValidationError("give auto, off, or N, the most leaves to a sub-column, a whole number of 1 or more")
    }

    /// The value as written on the command line.
    var argument: String {
        switch self {
        case .auto: "auto"
        case .off: "off"
        case .limit(let count): String(count)
        }
    }
}
extension SVGRenderer.Theme: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { ["svg", "dot", "json", "html", "png", "pdf", "gv:FORMAT"] }
}
extension DOTRenderer.Mode: ExpressibleByArgument {}
