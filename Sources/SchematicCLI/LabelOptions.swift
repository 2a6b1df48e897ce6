import ArgumentParser
import Schematic

/// How nodes are sized from their labels.
struct LabelOptions: ParsableArguments {
    enum Sizing: String, ExpressibleByArgument, CaseIterable {
        case fit, fixed
    }

    @Option(help: "fit: each node fits its label, measured in the font; fixed: every node is --node-size.")
    var sizing: Sizing = .fit

    @Option(name: .customLong("font-family"), help: "Font that measures (and draws) labels, found with fontconfig.")
    var fontFamily: String = "DejaVu Sans"

    @Option(name: .customLong("font-file"), help: "A font file (TTF/OTF) to measure with instead of looking --font-family up.")
    var fontFile: String?

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: "Label font size in pixels.")
    var fontSize: Double = 14

    @Option(name: .customLong("node-padding"),
            help: ArgumentHelp("Space around the label: VERTICALxHORIZONTAL (like CSS padding: 8px 12px), or one number for both.", valueName: "VxH"))
    var nodePadding: PaddingArgument = PaddingArgument(vertical: 8, horizontal: 12)

    @Option(name: .customLong("min-node-size"), parsing: .unconditional, help: ArgumentHelp("No node is smaller than this.", valueName: "WxH"))
    var minNodeSize: SizeArgument = SizeArgument(Size(width: 40, height: 32))

    @Option(name: .customLong("max-label-width"), parsing: .unconditional, help: "Wrap labels at word boundaries to this width in pixels; 0 never wraps.")
    var maxLabelWidth: Double = 240

    @Flag(name: .customLong("embed-font"), help: "Embed a subset of the measuring fonts in SVG output (only the glyphs used).")
    var embedFont = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Self-size viewport by viewport, scrolling a WxH window over the content.", valueName: "WxH"))
    var viewport: SizeArgument?

    func validate() throws {
        guard fontSize > 0, fontSize < 10_000 else { throw ValidationError("--font-size must be more than 0 and less than 10000 pixels") }
        guard maxLabelWidth >= 0, maxLabelWidth <= 1_000_000 else {
            throw ValidationError("--max-label-width must be between 0 and 1000000 pixels")
        }
        guard max(nodePadding.vertical, nodePadding.horizontal) <= 10_000 else {
            throw ValidationError("--node-padding must be between 0 and 10000 pixels")
        }
    }

    var nodeSizing: NodeSizing {
        switch sizing {
        case .fixed: return .fixed
        case .fit:
            var style = LabelStyle()
            style.fontFamily = fontFamily
            style.fontFile = fontFile
            style.fontSize = fontSize
            style.verticalPadding = nodePadding.vertical
            style.horizontalPadding = nodePadding.horizontal
            style.minimumNodeSize = minNodeSize.size
            style.maximumLabelWidth = maxLabelWidth > 0 ? maxLabelWidth : nil
            return .fit(style)
        }
    }
}

/// `8x12` (vertical, horizontal) or `8` (both).
struct PaddingArgument: ExpressibleByArgument {
    var vertical: Double
    var horizontal: Double

    init(vertical: Double, horizontal: Double) {
        self.vertical = vertical
        self.horizontal = horizontal
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 >= 0 && $0.isFinite }),
              parts.count == argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).count else { return nil }
        vertical = parts[0]
        horizontal = parts.count == 2 ? parts[1] : parts[0]
    }

    var defaultValueDescription: String { "8x12" }
}
