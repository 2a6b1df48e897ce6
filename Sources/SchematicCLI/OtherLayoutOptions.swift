import ArgumentParser
import Schematic

/// `--layout` and the settings of the layouts besides the schematic one, and the effects.
/// Settings that belong to another layout than the chosen one are refused, not ignored.
struct OtherLayoutOptions: ParsableArguments {
    enum LayoutName: String, ExpressibleByArgument, CaseIterable {
        case schematic, flow, grid, circle, masonry
    }

    @Option(help: "The layout: schematic (the talk's columns), flow (wrapped lines, UICollectionViewFlowLayout), grid (one row per depth), circle (a radial tree) or masonry (Pinterest columns).")
    var layout: LayoutName = .schematic

    @Option(parsing: .unconditional, help: ArgumentHelp("The view's width: where flow lines wrap (vertical scrolling), the masonry content's width, the circle's view. (default: 800)", valueName: "points"))
    var width: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The view's height: where flow lines wrap when scrolling horizontally, the circle's view. (default: 600 for flow, 800 for circle)", valueName: "points"))
    var height: Double?

    @Option(name: .customLong("scroll-direction"), help: ArgumentHelp("Flow and grid: vertical or horizontal. (default: vertical)", valueName: "direction"))
    var scrollDirection: ScrollDirection?

    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: ArgumentHelp("Flow: the least space between lines. (default: 10)", valueName: "points"))
    var lineSpacing: Double?

    @Option(name: .customLong("interitem-spacing"), parsing: .unconditional, help: ArgumentHelp("Flow: the least space between items of a line; grid: the exact space. (default: 10)", valueName: "points"))
    var interitemSpacing: Double?

    @Option(name: .customLong("section-inset"), help: ArgumentHelp("Flow and grid: space around each section's items, TOP,LEFT,BOTTOM,RIGHT or one value. (default: 10 for flow, 20 for grid)", valueName: "t,l,b,r"))
    var sectionInset: InsetsArgument?

    @Option(name: .customLong("header-size"), parsing: .unconditional, help: ArgumentHelp("Flow, grid and masonry: each section's header, WIDTHxHEIGHT; only the height is used when scrolling vertically, only the width horizontally; 0x0 for none. (default: 30x30 for flow and masonry, 0x0 for grid)", valueName: "WxH"))
    var headerSize: ZeroSizeArgument?

    @Option(name: .customLong("footer-size"), parsing: .unconditional, help: ArgumentHelp("Flow and grid: each section's footer (its node count), as --header-size. (default: 0x0)", valueName: "WxH"))
    var footerSize: ZeroSizeArgument?

    @Option(name: .customLong("row-alignment"), help: ArgumentHelp("Grid: where shorter items sit in their row: top, center or bottom. (default: center)", valueName: "alignment"))
    var rowAlignment: GridRowAlignment?

    @Option(parsing: .unconditional, help: ArgumentHelp("Circle: degrees added to every angle, clockwise. (default: 0, except that a radial tree larger than the view is turned to its smallest bounding box)", valueName: "degrees"))
    var rotation: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Circle: scales the rings, clamped to 0.5-1.3; rings never come closer than their nodes allow. (default: 1)", valueName: "factor"))
    var scale: Double?

    @Option(name: .customLong("label-direction"), help: ArgumentHelp("Circle: nodes along the radii (radial, as radial trees draw labels: far smaller) or upright (horizontal). Graphviz cannot turn labels, so dot, png, pdf and gv: output take horizontal. (default: radial; horizontal for output drawn by Graphviz)", valueName: "direction"))
    var labelDirection: CircleLabelDirection?

    @Option(parsing: .unconditional, help: ArgumentHelp("Masonry: the number of columns. (default: 2)", valueName: "n"))
    var columns: Int?

    @Option(name: .customLong("cell-padding"), parsing: .unconditional, help: ArgumentHelp("Masonry: space around each node in its column. (default: 6)", valueName: "points"))
    var cellPadding: Double?

    @Flag(name: .customLong("shortest-column"), help: "Masonry: put each node in the shortest column instead of the next in turn.")
    var shortestColumn = false

    @Option(help: ArgumentHelp("Enlarge the node with this id (or else this label) and draw it on top, with any layout.", valueName: "node"))
    var focus: String?

    @Option(name: .customLong("focus-scale"), parsing: .unconditional, help: ArgumentHelp("How much --focus enlarges its node. (default: 1.5)", valueName: "factor"))
    var focusScale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Shrink and fade nodes by their distance from the point X,Y (recipe 10-4's cosine zoom), within radius R (default: half the drawing's longer side), with any layout.", valueName: "x,y[,r]"))
    var fisheye: FisheyeArgument?

    /// Which options belong to which layouts, for the error when one is given to another.
    private var given: [(name: String, isSet: Bool, layouts: Set<LayoutName>)] {
        [("--width", width != nil, [.flow, .circle, .masonry]),
         ("--height", height != nil, [.flow, .circle]),
         ("--scroll-direction", scrollDirection != nil, [.flow, .grid]),
         ("--line-spacing", lineSpacing != nil, [.flow]),
         ("--interitem-spacing", interitemSpacing != nil, [.flow, .grid]),
         ("--section-inset", sectionInset != nil, [.flow, .grid]),
         ("--header-size", headerSize != nil, [.flow, .grid, .masonry]),
         ("--footer-size", footerSize != nil, [.flow, .grid]),
         ("--row-alignment", rowAlignment != nil, [.grid]),
         ("--rotation", rotation != nil, [.circle]),
         ("--scale", scale != nil, [.circle]),
         ("--label-direction", labelDirection != nil, [.circle]),
         ("--columns", columns != nil, [.masonry]),
         ("--cell-padding", cellPadding != nil, [.masonry]),
         ("--shortest-column", shortestColumn, [.masonry])]
    }

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height), ("--line-spacing", lineSpacing),
                              ("--interitem-spacing", interitemSpacing), ("--cell-padding", cellPadding), ("--rotation", rotation)]
        where value.map({ !($0.magnitude <= 10_000_000) }) ?? false {
            throw ValidationError("\(name) must be a number of at most 10000000")
        }
        for option in given where option.isSet && !option.layouts.contains(layout) {
            let names = LayoutName.allCases.filter(option.layouts.contains).map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(option.name) applies to --layout \(names), not \(layout.rawValue)")
        }
        if focusScale != nil && focus == nil { throw ValidationError("--focus-scale needs --focus") }
        if let focusScale, !(focusScale >= 0.01 && focusScale <= 100) { throw ValidationError("--focus-scale must be from 0.01 to 100") }
        if let problem = problem(diagramLayout(nodeSize: SchematicLayoutConfiguration.standard.estimatedItemSize, sectionTitles: [],
                                              connectors: .straight)) {
            throw ValidationError(problem)
        }
    }

    private func problem(_ layout: DiagramLayout) -> String? {
        switch layout {
        case .schematic: nil
        case .flow(let flow): flow.problem
        case .grid(let grid): grid.problem
        case .circle(let circle): circle.problem
        case .masonry(let masonry): masonry.problem
        }
    }

    /// The layout with its settings; `connectors` nil draws none.
    /// `spacing` is the schematic layout's item and section padding and margin, if given, which
    /// a circle uses between neighbours on a ring, between rings and around the drawing.
    func diagramLayout(nodeSize: Size, sectionTitles: [String], connectors: ConnectorStyle?,
                       spacing: (item: Double?, section: Double?, margin: Double?) = (nil, nil, nil)) -> DiagramLayout {
        switch layout {
        case .schematic:
            return .schematic
        case .flow:
            var flow = FlowLayoutConfiguration()
            flow.itemSize = nodeSize
            flow.viewSize = Size(width: width ?? 800, height: height ?? 600)
            flow.scrollDirection = scrollDirection ?? .vertical
            flow.minimumLineSpacing = lineSpacing ?? 10
            flow.minimumInteritemSpacing = interitemSpacing ?? 10
            flow.sectionInset = sectionInset?.insets ?? EdgeInsets(all: 10)
            flow.headerReferenceSize = headerSize?.size ?? Size(width: 30, height: 30)
            flow.footerReferenceSize = footerSize?.size ?? .zero
            flow.sectionTitles = sectionTitles
            return .flow(flow)
        case .grid:
            var grid = GridLayoutConfiguration()
            grid.itemSize = nodeSize
            grid.scrollDirection = scrollDirection ?? .vertical
            grid.interitemSpacing = interitemSpacing ?? 10
            if let sectionInset { grid.sectionInset = sectionInset.insets }
            grid.headerReferenceSize = headerSize?.size ?? .zero
            grid.footerReferenceSize = footerSize?.size ?? .zero
            grid.rowAlignment = rowAlignment ?? .center
            grid.sectionTitles = sectionTitles
            switch connectors {
            case nil: grid.connectorStyle = .none
            case .straight: grid.connectorStyle = .straight
            case .elbow: grid.connectorStyle = .elbow
            case .curved: grid.connectorStyle = .curved
            }
            return .grid(grid)
        case .circle:
            var circle = CircleLayoutConfiguration()
            circle.itemSize = nodeSize
            circle.viewSize = Size(width: width ?? 800, height: height ?? 800)
            circle.rotation = rotation
            circle.scale = scale ?? 1
            circle.labelDirection = labelDirection ?? .radial
            circle.connectorStyle = connectors == nil ? .none : connectors == .curved ? .curved : .straight
            if let item = spacing.item { circle.itemPadding = item }
            if let section = spacing.section { circle.ringPadding = section }
            if let margin = spacing.margin { circle.margin = margin }
            return .circle(circle)
        case .masonry:
            var masonry = MasonryLayoutConfiguration()
            masonry.width = width ?? 800
            masonry.columns = columns ?? 2
            masonry.cellPadding = cellPadding ?? 6
            masonry.estimatedItemHeight = nodeSize.height
            masonry.placement = shortestColumn ? .shortestColumn : .roundRobin
            masonry.headerHeight = headerSize?.size.height ?? 30
            masonry.sectionTitles = sectionTitles
            return .masonry(masonry)
        }
    }

    /// The effects on the drawn nodes.
    var effects: [DiagramEffect] {
        var effects: [DiagramEffect] = []
        if let focus { effects.append(.focus(node: focus, scale: focusScale ?? 1.5)) }
        if let fisheye { effects.append(.fisheye(center: fisheye.center, radius: fisheye.radius)) }
        return effects
    }
}

/// `TOP,LEFT,BOTTOM,RIGHT` or one value for all four, each zero or more.
struct InsetsArgument: ExpressibleByArgument {
    var insets: EdgeInsets

    init?(argument: String) {
        let values = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0.filter { $0 != " " })) }
        guard values.count == 1 || values.count == 4, values.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 10_000_000 }) else { return nil }
        let v = values.map { $0! }
        insets = v.count == 1 ? EdgeInsets(all: v[0]) : EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }
}

/// `WIDTHxHEIGHT` where zero means none.
struct ZeroSizeArgument: ExpressibleByArgument {
    var size: Size

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width >= 0, height >= 0, width <= 1_000_000, height <= 1_000_000 else { return nil }
        size = Size(width: width, height: height)
    }
}

/// `X,Y` or `X,Y,R`.
struct FisheyeArgument: ExpressibleByArgument {
    var center: Point
    var radius: Double?

    init?(argument: String) {
        let values = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0.filter { $0 != " " })) }
        guard values.count == 2 || values.count == 3, values.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        center = Point(x: values[0]!, y: values[1]!)
        if values.count == 3 {
            guard values[2]! > 0 else { return nil }
            radius = values[2]
        }
    }
}

extension ScrollDirection: ExpressibleByArgument {}
extension GridRowAlignment: ExpressibleByArgument {}
