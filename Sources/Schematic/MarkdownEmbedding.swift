/// Replaces the fenced code blocks tagged `schematic` in a Markdown document with their drawings.
///
/// ````markdown
/// ```schematic format=yaml align=tidy orientation=tb
/// Root: [a, b]
/// ```
/// ````
///
/// The fence line may name the block's format (`format=outline|json|yaml|csv|tsv|markdown|dot`;
/// sniffed otherwise) and options: `align`, `orientation`, `connectors`, `theme`, `sizing`.
/// Each block becomes an inline `<svg>`, or, when an asset writer is given, an image link to an
/// SVG file it writes. Everything else in the document is kept byte for byte.
public struct MarkdownEmbedding {
    /// Where the drawings of a document go when they are not inlined.
    public struct Assets {
        /// The link text for the image of the n-th block (from 1), e.g. `diagrams/guide-1.svg`.
        public var link: (Int) -> String
        /// Writes the n-th block's SVG.
        public var write: (Int, [UInt8]) throws -> Void
        public init(link: @escaping (Int) -> String, write: @escaping (Int, [UInt8]) throws -> Void) {
            self.link = link
            self.write = write
        }
    }

    /// A block that could not be drawn, located in the Markdown file.
    public struct BlockError: Error, CustomStringConvertible {
        public var description: String
    }

    public var file: String
    public var baseOptions: DiagramOptions
    /// The layouts a block may name with `layout=NAME`, and their settings; by default each
    /// layout's own defaults.
    public var layouts: [String: DiagramLayout] = [
        "schematic": .schematic, "flow": .flow(FlowLayoutConfiguration()), "grid": .grid(GridLayoutConfiguration()),
        "circle": .circle(CircleLayoutConfiguration()), "masonry": .masonry(MasonryLayoutConfiguration()),
    ]

    public init(file: String, baseOptions: DiagramOptions = .init()) {
        self.file = file
        self.baseOptions = baseOptions
    }

    /// The document with every `schematic` block replaced.
    public func process(_ document: [UInt8], assets: Assets? = nil) throws -> [UInt8] {
        let text = String(decoding: document, as: UTF8.self)
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var lineNumber = 0
        var blockNumber = 0
        while let line = lines.popFirst() {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " }
            let fence = trimmed.prefix { $0 == "`" || $0 == "~" }
            let isFence = fence.count >= 3 && (fence.allSatisfy { $0 == "`" } || fence.allSatisfy { $0 == "~" })
            let info = trimmed.dropFirst(fence.count).split(separator: " ")
            guard isFence, info.first == "schematic" else {
                output += line
                if !lines.isEmpty { output += "\n" }
                continue
            }
            // Collect the block up to its closing fence.
            let blockStart = lineNumber + 1
            var body: [Substring] = []
            var closed = false
            while let next = lines.popFirst() {
                lineNumber += 1
                let inner = next.drop { $0 == " " }
                if inner.hasPrefix(fence) && inner.drop(while: { $0 == fence.first }).allSatisfy({ $0 == " " || $0 == "\r" }) {
                    closed = true
                    break
                }
                body.append(next)
            }
            guard closed else { throw BlockError(description: "\(file):\(blockStart - 1): a schematic block is not closed") }
            blockNumber += 1
            let svg = try draw(body.joined(separator: "\n"), settings: info.dropFirst().map(String.init), firstLine: blockStart)
            if let assets {
                try assets.write(blockNumber, svg)
                output += "![diagram \(blockNumber)](\(assets.link(blockNumber)))"
            } else {
                var inline = String(decoding: svg, as: UTF8.self)
                if let start = inline.firstRange(of: "<svg") { inline = String(inline[start.lowerBound...]) }
                while inline.hasSuffix("\n") { inline.removeLast() }
                output += inline
            }
            if !lines.isEmpty { output += "\n" }
        }
        return Array(output.utf8)
    }

    private func draw(_ source: String, settings: [String], firstLine: Int) throws -> [UInt8] {
        var options = baseOptions
        var format: InputFormat? = nil
        var renderOptions = Diagram.RenderOptions(format: .svg)
        var schematicOnly: String? = nil
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw BlockError(description: "\(file):\(firstLine - 1): '\(setting)' is not key=value") }
            let (key, value) = (parts[0], parts[1])
            var understood = true
            switch key {
            case "format": format = InputFormat(rawValue: value); understood = format != nil
            case "align": if let align = SchematicAlignment(rawValue: value) { options.configuration.alignment = align } else { understood = false }
            case "orientation": if let orientation = SchematicOrientation(rawValue: value) { options.configuration.orientation = orientation } else { understood = false }
            case "connectors": if let style = ConnectorStyle(rawValue: value) { options.configuration.connectorStyle = style } else { understood = false }
            case "layout": if let layout = layouts[value] { options.layout = layout } else { understood = false }
            case "theme": if let theme = SVGRenderer.Theme(rawValue: value) { renderOptions.theme = theme } else { understood = false }
            case "sizing": if value == "fixed" { options.sizing = .fixed } else if value != "fit" { understood = false }
            default: understood = false
            }
            guard understood else { throw BlockError(description: "\(file):\(firstLine - 1): unknown setting '\(setting)'") }
            if (key == "align" || key == "orientation") && schematicOnly == nil { schematicOnly = setting }
        }
        if let setting = schematicOnly, options.layout != .schematic {
            throw BlockError(description: "\(file):\(firstLine - 1): '\(setting)' applies to layout=schematic")
        }
        let bytes = Array(source.utf8)
        let reader = (format ?? InputFormat.sniff(bytes)).reader
        let tree: Tree
        do {
            tree = try reader.read(bytes, file: file)
        } catch {
            // Lines of the block become lines of the Markdown file.
            let line = error.line > 0 ? "\(error.line + firstLine - 1)" : "\(firstLine)"
            let column = error.column > 0 ? ":\(error.column)" : ""
            throw BlockError(description: "\(file):\(line)\(column): \(error.message)")
        }
        do {
            return try Diagram(tree: tree, options: options).rendered(renderOptions)
        } catch {
            throw BlockError(description: "\(file):\(firstLine): \(error.description)")
        }
    }
}
