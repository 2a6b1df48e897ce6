#if canImport(Glibc)
import Glibc
#endif

/// Replaces the fenced code blocks tagged `schematic` in a Markdown document with their drawings.
///
/// ````markdown
/// ```schematic format=yaml align=tidy orientation=tb alt="The services" caption="Figure 1"
/// Root: [a, b]
/// ```
/// ````
///
/// The fence line holds settings, `key=value` (values may be quoted, `"…"` or `'…'`, with `\"`
/// and `\\` escapes) or a bare `key`. The embedding itself reads `alt` (the drawing's text
/// alternative; the tree's title otherwise), `caption` (a `<figcaption>`), `src` (a file to
/// draw instead of the block's lines, relative to the Markdown file) and `name` (its asset
/// file's name, kept when blocks are added before it); `resolveSettings` turns the others into
/// options. Each block becomes an inline `<svg>` with styles scoped to it, or, when
/// an asset writer is given, an image link to an SVG file it writes. Blocks inside other fenced
/// blocks or in indented code blocks (four spaces past the enclosing list item's content, after a
/// blank line) or HTML comments (`<!--` … `-->`, from a line that starts with one) are left alone,
/// as CommonMark reads them; a block in a block quote (outside lists) is drawn in the quote, its
/// drawing's lines quoted as its fence; everything else in the document is kept byte for byte.
public struct MarkdownEmbedding {
    /// One setting of a fence line: `key=value`, or a bare `key` (value nil).
    public struct Setting: Hashable, Sendable {
        public var key: String
        public var value: String?
        public init(key: String, value: String?) {
            self.key = key
            self.value = value
        }
        /// The setting as written on a fence line.
        public var text: String { value.map { "\(key)=\($0)" } ?? key }
    }

    /// What a block's settings decide about its drawing.
    public struct BlockOptions {
        public var diagram: DiagramOptions
        public var render = Diagram.RenderOptions(format: .svg)
        /// The block's input format; sniffed from its text when nil, from `src`'s extension when it names a file.
        public var format: InputFormat?
        public var reader = ReaderOptions()
        /// How a `src` directory is walked.
        public var directory = DirectoryReader()
        public init(diagram: DiagramOptions) { self.diagram = diagram }
    }

    /// A setting the resolver refuses, with the reason (the embedding adds the location).
    public struct SettingError: Error {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    /// One drawn block, ready to be placed in the document.
    public struct Drawing {
        /// The block's number in the document, from 1.
        public var number: Int
        /// The block's `name`, if it has one: its asset file's name.
        public var name: String?
        /// What its asset file is named after: `.` and its `name`, else `-` and its number. (A
        /// document's own name holds no `.`: a named file can be no other document's numbered
        /// one, as `guide-b-1.svg` was both `guide.md`'s `b-1` and `guide-b.md`'s first.)
        public var assetStem: String { name.map { "." + $0 } ?? "-" + String(number) }
        /// The text alternative: the block's `alt`, else the tree's title.
        public var alt: String
        public var caption: String?
        let diagram: Diagram
        let options: Diagram.RenderOptions
        let givenAlt: String?

        /// The drawing as a standalone SVG document.
        public func svg() throws(DiagramError) -> [UInt8] {
            var standalone = options
            standalone.scopeID = nil
            return try diagram.rendered(standalone)
        }

        /// The drawing for an HTML page: its `<svg>` (styles scoped to it), in a `<figure>` with a
        /// `<figcaption>` when it has a caption. It holds no blank line, so Markdown keeps it as one HTML block.
        public func inlineHTML() throws(DiagramError) -> String {
            var inline = String(decoding: try diagram.rendered(options), as: UTF8.self)
            if let start = inline.firstRange(of: "<svg") { inline = String(inline[start.lowerBound...]) }
            while inline.hasSuffix("\n") { inline.removeLast() }
            if let givenAlt, let open = inline.firstRange(of: "<title id=\""),
               let start = inline[open.upperBound...].firstIndex(of: ">"),
               let end = inline[start...].firstRange(of: "</title>") {
                inline.replaceSubrange(inline.index(after: start)..<end.lowerBound, with: MarkdownEmbedding.htmlEscaped(givenAlt))
            }
            inline = MarkdownEmbedding.withoutBlankLines(inline)
            guard let caption else { return inline }
            return "<figure class=\"schematic-figure\">\n" + inline + "\n<figcaption>" + MarkdownEmbedding.htmlEscaped(caption) + "</figcaption>\n</figure>"
        }
    }

    /// Where the drawings of a document go when they are not inlined.
    public struct Assets {
        /// The link text for the image of a block, by its `Drawing.assetStem` (`.` and its name,
        /// else `-` and its number from 1), e.g. `diagrams/guide-1.svg` or
        /// `diagrams/guide.services.svg`.
        public var link: (String) -> String
        /// Writes a block's SVG, by its `Drawing.assetStem`.
        public var write: (String, [UInt8]) throws -> Void
        public init(link: @escaping (String) -> String, write: @escaping (String, [UInt8]) throws -> Void) {
            self.link = link
            self.write = write
        }

        /// Writes the drawing and returns its image in Markdown (a `<figure>` when it has a caption).
        public func place(_ drawing: Drawing) throws -> String {
            try write(drawing.assetStem, drawing.svg())
            let target = MarkdownEmbedding.percentEncoded(link(drawing.assetStem))
            guard drawing.caption != nil else {
                return "![\(MarkdownEmbedding.markdownEscaped(drawing.alt))](\(target))"
            }
            return try placeHTML(drawing, written: true)
        }

        /// Writes the drawing and returns its image in HTML (in a `<figure>` when it has a caption).
        public func placeHTML(_ drawing: Drawing) throws -> String {
            try placeHTML(drawing, written: false)
        }

        private func placeHTML(_ drawing: Drawing, written: Bool) throws -> String {
            if !written { try write(drawing.assetStem, drawing.svg()) }
            let image = "<img src=\"" + MarkdownEmbedding.htmlEscaped(MarkdownEmbedding.percentEncoded(link(drawing.assetStem)))
                + "\" alt=\"" + MarkdownEmbedding.htmlEscaped(drawing.alt) + "\">"
            guard let caption = drawing.caption else { return image }
            return "<figure class=\"schematic-figure\">" + image + "<figcaption>" + MarkdownEmbedding.htmlEscaped(caption) + "</figcaption></figure>"
        }
    }

    /// A block that could not be drawn, located in the Markdown file.
    public struct BlockError: Error, CustomStringConvertible {
        /// Each bad block's message (`file:line: …`), in document order.
        public var messages: [String]
        public var description: String { messages.joined(separator: "\n") }

        init(description: String) { messages = [description] }
        init(messages: [String]) { self.messages = messages }
    }

    public var file: String
    public var baseOptions: DiagramOptions
    /// The layouts a block may name with `layout=NAME`, and their settings; by default each
    /// layout's own defaults. Used by the default `resolveSettings`.
    public var layouts: [String: DiagramLayout] = [
        "schematic": .schematic, "flow": .flow(FlowLayoutConfiguration()), "grid": .grid(GridLayoutConfiguration()),
        "circle": .circle(CircleLayoutConfiguration()), "masonry": .masonry(MasonryLayoutConfiguration()),
    ]
    /// A directory's root is labelled with the path it was read from (as `tree` prints it); in a
    /// page, with the folder's name only: the path resolved against the Markdown file (or a
    /// docs plugin's) was the build machine's, published in the drawing and its title, and the
    /// drawing changed with the folder a build ran in.
    static func nameDirectoryRoot(of tree: inout Tree, readFrom path: String) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? path.dropLast() : Substring(path)
        guard !tree.isEmpty, tree.parents[0] < 0, tree.labels[0] == trimmed,
              tree.attributes(of: 0)?.cssClass == "directory" else { return }
        var name = String(trimmed.split(separator: "/").last ?? trimmed)
        if name == "." || name == "..", let real = realpath(String(trimmed), nil) {
            // `src="."`: the folder's own name, not a dot.
            name = String(String(cString: real).split(separator: "/").last.map(String.init) ?? "/")
            free(real)
        }
        tree.setLabel(name, of: 0)
        // Every entry's tooltip is its path (or the path and why it could not be read): from the folder's name on.
        for (node, var attributes) in tree.attributes {
            guard let tooltip = attributes.tooltip, tooltip.hasPrefix(trimmed),
                  tooltip.count == trimmed.count || ["/", ":"].contains(tooltip.dropFirst(trimmed.count).first) else { continue }
            attributes.tooltip = name + tooltip.dropFirst(trimmed.count)
            tree.setAttributes(attributes, of: Int(node))
        }
    }

    /// Turns a block's settings (without `alt`, `caption`, `src`, `name`) into options, throwing
    /// `SettingError`; nil reads `format`, `layout`, `align`, `orientation`, `connectors`,
    /// `theme` and `sizing` over `baseOptions`. The command line sets its own option parser here.
    public var resolveSettings: (([Setting]) throws -> BlockOptions)?
    /// Reads the tree of a `src` path (already resolved against the Markdown file), throwing
    /// `SettingError`; nil refuses `src`.
    public var loadSource: ((String, BlockOptions) throws -> Tree)?
    /// Hears the readers' and the drawings' warnings, located in the Markdown file.
    public var warn: ((String) -> Void)?

    public init(file: String, baseOptions: DiagramOptions = .init()) {
        self.file = file
        self.baseOptions = baseOptions
    }

    /// The document with every `schematic` block replaced: inline, or through `assets`.
    public func process(_ document: [UInt8], assets: Assets? = nil) throws -> [UInt8] {
        try process(document) { drawing in try assets?.place(drawing) ?? drawing.inlineHTML() }
    }

    /// The document with every `schematic` block replaced by what `place` makes of its drawing.
    public func process(_ document: [UInt8], place: (Drawing) throws -> String) throws -> [UInt8] {
        let text = String(decoding: document, as: UTF8.self)
        var output = ""
        output.reserveCapacity(text.utf8.count)
        // Lines end in LF or CRLF (one Character in Swift: split at "\n" alone, a CRLF file was
        // one line, and its blocks were passed over without a word); the output keeps the
        // document's line ends.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }[...]
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lineNumber = 0
        var blockNumber = 0
        var failures: [String] = []
        var scopes: [String: Int] = [:]
        // The blocks' names so far, with their fence lines: a name names one block.
        var names: [String: Int] = [:]
        // The fence of the code block (not ours) that the current line is in.
        var openFence: Substring? = nil
        // Where the open list items' contents start (outermost first), whether the line before
        // was blank, and whether the current line is in an indented code block.
        var listIndents: [Int] = [], afterBlank = true, inIndentedCode = false
        // Whether the current line is in an HTML comment (CommonMark's HTML block of type 2,
        // `<!--` to the line holding `-->`): a block commented out is not drawn.
        var inComment = false
        // The fence of a code block (not ours) in a block quote, and the quote's depth: it ends
        // at its closing fence or with the quote.
        var quotedFence: (fence: Substring, depth: Int)? = nil
        func keep(_ line: Substring) {
            output += line
            if !lines.isEmpty { output += newline }
        }
        /// Whether a line is blank, quote markers aside (`>`, as a blank line in a quote is).
        func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == ">" } }
        /// Whether the output's last line (before the line being written) is blank or there is none.
        func followsBlankLine() -> Bool {
            guard output.hasSuffix(newline) else { return output.isEmpty }
            let before = output.dropLast(newline.count)
            let start = before.lastIndex(where: { $0 == "\n" || $0 == "\r\n" }).map(before.index(after:)) ?? before.startIndex
            return isBlank(before[start...])
        }
        /// Reads a schematic block from its fence line (`line`, without the quote's markers
        /// where it is in a block quote: `quote`, the markers as written and their depth), draws
        /// it and puts the drawing in its place, indented as its fence and quoted as it.
        func drawBlock(line: Substring, fence: Substring, info: Substring, quote: (prefix: Substring, depth: Int)?) throws {
            let fenceLine = lineNumber
            let margin = line.prefix { $0 == " " || $0 == "\t" }
            var body: [Substring] = []
            var closed = false
            while let quoted = lines.popFirst() {
                lineNumber += 1
                // (In a quote, a line that is not quoted as deep ends the quote, and the block.)
                let next: Substring
                if let quote {
                    guard let content = Self.quoteContent(of: quoted, depth: quote.depth) else { break }
                    next = content
                } else {
                    next = quoted
                }
                if Self.closes(next.drop { $0 == " " || $0 == "\t" }, fence) {
                    closed = true
                    break
                }
                // (As CommonMark: the fence's indentation, up to as much, off each line.)
                body.append(next.hasPrefix(margin) ? next.dropFirst(margin.count) : next.drop { $0 == " " || $0 == "\t" })
            }
            // (Told with the blocks' failures before it: the document has no more lines to try.)
            guard closed else {
                failures.append("\(file):\(fenceLine): a schematic block is not closed")
                return
            }
            blockNumber += 1
            let source = body.joined(separator: "\n")
            // An id derived from the block's text, unique in the document, scopes its styles.
            let hash = String(Self.fnv1a(info + "\n" + source) & 0xFFFF_FFFF, radix: 16)
            scopes[hash, default: 0] += 1
            let scope = "schematic-" + hash + (scopes[hash]! > 1 ? "-\(scopes[hash]!)" : "")
            let settings = info.drop { $0 != " " }
            // A bad block is listed and the next ones still tried: every failure is told at once.
            do {
                // (A column in the block is one past what its lines lost: the quote's markers and the fence's indentation.)
                let columnShift = (quote?.prefix.count ?? 0) + margin.count
                let drawing = try draw(source, settings: settings, fenceLine: fenceLine, columnShift: columnShift, number: blockNumber,
                                       scope: scope, names: &names)
                // Indented as its fence, so that a drawing in a list item stays in the item, and
                // quoted as it, so that one in a block quote stays in the quote.
                let placed = try place(drawing)
                let quotePrefix = quote?.prefix ?? ""
                var bareQuote = quotePrefix
                while bareQuote.last == " " { bareQuote = bareQuote.dropLast() }
                // A blank line before and after: text right above the fence made the drawing part
                // of its paragraph (the `<svg>` was no HTML block, its pieces became text), and
                // text right below it part of the HTML block (a paragraph shown raw).
                if !followsBlankLine() { output += bareQuote + newline }
                output += placed.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? bareQuote : quotePrefix + margin + $0 }.joined(separator: newline)
                if let next = lines.first {
                    let nextContent = quote.map { Self.quoteContent(of: next, depth: $0.depth) ?? "" } ?? next
                    if !isBlank(nextContent) { output += newline + bareQuote }
                }
            } catch let error as BlockError {
                failures += error.messages
            } catch let error as DiagramError {
                failures.append("\(file):\(fenceLine): \(error.description)")
            }
            if !lines.isEmpty { output += newline }
        }
        while let line = lines.popFirst() {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let fence = openFence {
                if Self.closes(trimmed, fence) { openFence = nil }
                keep(line)
                continue
            }
            if inComment {
                if line.contains("-->") { inComment = false }
                keep(line)
                continue
            }
            // A quote left of a list item's content ends the item (a quote starts a block: no
            // paragraph goes on into it).
            if !listIndents.isEmpty, Self.quoteMarkers(of: line) != nil {
                let indent = Self.indentation(of: line)
                while let last = listIndents.last, indent < last { listIndents.removeLast() }
            }
            // A block quote's lines (outside lists): a schematic block in one is drawn in it;
            // another fence in one is left alone up to its close or the quote's end.
            if listIndents.isEmpty, let quote = Self.quoteMarkers(of: line) {
                if let open = quotedFence, quote.depth >= open.depth {
                    let content = Self.quoteContent(of: line, depth: open.depth) ?? ""
                    if Self.closes(content.drop { $0 == " " || $0 == "\t" }, open.fence) { quotedFence = nil }
                    afterBlank = false
                    keep(line)
                    continue
                }
                quotedFence = nil
                let content = line[quote.end...]
                let contentTrimmed = content.drop { $0 == " " || $0 == "\t" }
                let fence = contentTrimmed.prefix { $0 == "`" || $0 == "~" }
                if Self.indentation(of: content) <= 3, fence.count >= 3 && (fence.allSatisfy { $0 == "`" } || fence.allSatisfy { $0 == "~" }) {
                    var info = contentTrimmed.dropFirst(fence.count)
                    if info.last == "\r" { info = info.dropLast() }
                    if info.split(separator: " ").first == "schematic" {
                        try drawBlock(line: content, fence: fence, info: info, quote: (line[..<quote.end], quote.depth))
                    } else {
                        quotedFence = (fence, quote.depth)
                        keep(line)
                    }
                    afterBlank = false
                    continue
                }
            } else {
                quotedFence = nil
            }
            let indent = Self.indentation(of: line)
            if trimmed.allSatisfy({ $0 == "\r" }) {
                afterBlank = true
                keep(line)
                continue
            }
            defer { afterBlank = false }
            // An indented code block: four spaces past the list item's content, after a blank
            // line (it cannot interrupt a paragraph), until a line indented less.
            if (inIndentedCode || afterBlank) && indent >= (listIndents.last ?? 0) + 4 {
                inIndentedCode = true
                keep(line)
                continue
            }
            inIndentedCode = false
            // A line left of an item's content ends that item: after a blank line, or when it
            // starts another block (a heading, fence, HTML or thematic break; a paragraph's line
            // there continues it lazily). A new item ends those at its level first.
            if let content = Self.listItemContent(trimmed, indent: indent) {
                while let last = listIndents.last, indent < last { listIndents.removeLast() }
                listIndents.append(content)
            } else {
                let startsBlock = trimmed.first == "#" || trimmed.first == "<" || trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
                    || Self.isThematicBreak(trimmed)
                while let last = listIndents.last, indent < last, afterBlank || startsBlock { listIndents.removeLast() }
            }
            let listIndent = listIndents.last ?? 0
            if indent <= listIndent + 3 && trimmed.hasPrefix("<!--") {
                inComment = !trimmed.dropFirst(2).contains("-->")  // (`<!-->` and `<!--->` close at once)
                keep(line)
                continue
            }
            let fence = trimmed.prefix { $0 == "`" || $0 == "~" }
            // (Indented four spaces past the list item's content, a line goes on a paragraph.)
            guard indent <= listIndent + 3, fence.count >= 3 && (fence.allSatisfy { $0 == "`" } || fence.allSatisfy { $0 == "~" }) else {
                keep(line)
                continue
            }
            var info = trimmed.dropFirst(fence.count)
            if info.last == "\r" { info = info.dropLast() }
            guard info.split(separator: " ").first == "schematic" else {
                openFence = fence
                keep(line)
                continue
            }
            try drawBlock(line: line, fence: fence, info: info, quote: nil)
        }
        guard failures.isEmpty else { throw BlockError(messages: failures) }
        return Array(output.utf8)
    }

    /// The block quote markers a line starts with (up to three spaces, `>` and a space, as
    /// often as it is nested): where its content starts and how deep it is quoted.
    static func quoteMarkers(of line: Substring) -> (end: Substring.Index, depth: Int)? {
        var index = line.startIndex, depth = 0
        while true {
            var marker = index, spaces = 0
            while marker < line.endIndex, line[marker] == " ", spaces < 3 { marker = line.index(after: marker); spaces += 1 }
            guard marker < line.endIndex, line[marker] == ">" else { break }
            index = line.index(after: marker)
            if index < line.endIndex, line[index] == " " { index = line.index(after: index) }
            depth += 1
        }
        return depth > 0 ? (index, depth) : nil
    }

    /// A line's content inside `depth` block quote markers, or nil when it is quoted less deep.
    static func quoteContent(of line: Substring, depth: Int) -> Substring? {
        guard let markers = quoteMarkers(of: line), markers.depth >= depth else { return nil }
        var index = line.startIndex
        for _ in 0..<depth {
            while line[index] == " " { index = line.index(after: index) }
            index = line.index(after: index)  // the `>`
            if index < line.endIndex, line[index] == " " { index = line.index(after: index) }
        }
        return line[index...]
    }

    /// A line's indentation in columns (a tab to the next multiple of four).
    static func indentation(of line: Substring) -> Int { column(after: line.utf8, from: 0) }

    /// The column reached after the leading spaces and tabs of `text`, starting at `start`.
    private static func column(after text: Substring.UTF8View, from start: Int) -> Int {
        var column = start
        for character in text {
            if character == UInt8(ascii: " ") { column += 1 } else if character == UInt8(ascii: "\t") { column += 4 - column % 4 } else { break }
        }
        return column
    }

    /// Whether a line (its indentation dropped) is a thematic break: three or more `-`, `*` or
    /// `_`, the same, with only spaces or tabs between.
    static func isThematicBreak(_ trimmed: Substring) -> Bool {
        guard let mark = trimmed.first, mark == "-" || mark == "*" || mark == "_" else { return false }
        var count = 0
        for character in trimmed where character != " " && character != "\t" && character != "\r" {
            guard character == mark else { return false }
            count += 1
        }
        return count >= 3
    }

    /// Where a list item's content starts when the line (its indentation `indent` dropped:
    /// `trimmed`) opens one (`-`, `*`, `+`, or up to nine digits and `.` or `)`, then one to
    /// four columns of spaces or tabs), else nil. A thematic break is no item.
    static func listItemContent(_ trimmed: Substring, indent: Int) -> Int? {
        let rest = trimmed.utf8
        guard let first = rest.first, !isThematicBreak(trimmed) else { return nil }
        var marker = 0
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            marker = 1
        } else {
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard (1...9).contains(digits), rest.dropFirst(digits).first.map({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ")") }) == true else { return nil }
            marker = digits + 1
        }
        let spaces = column(after: rest.dropFirst(marker), from: indent + marker) - indent - marker
        guard spaces >= 1 else { return nil }
        // (Five or more columns: the content is indented code, starting one column after the marker.)
        return indent + marker + (spaces <= 4 ? spaces : 1)
    }

    /// Whether a line (its indentation dropped) closes the block opened by `fence`.
    private static func closes(_ line: Substring, _ fence: Substring) -> Bool {
        line.hasPrefix(fence) && line.drop(while: { $0 == fence.first }).allSatisfy { $0 == " " || $0 == "\r" }
    }

    /// A reader's message with the places it names in the block (`FILE:LINE` or
    /// `FILE:LINE:COLUMN`, the block's lines counted from 1) made places in the Markdown file
    /// (columns `columnShift` further on: the block's lines lost a list item's indentation or
    /// a quote's markers).
    func shiftingPlaces(in message: String, by fenceLine: Int, columnShift: Int = 0) -> String {
        let prefix = file + ":"
        var result = "", rest = Substring(message)
        while let found = rest.firstRange(of: prefix) {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let line = Int(digits), line > 0 else { continue }
            result += String(line + fenceLine)
            rest = rest.dropFirst(digits.count)
            guard rest.first == ":" else { continue }
            let columnDigits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard let column = Int(columnDigits), column > 0 else { continue }
            result += ":" + String(column + columnShift)
            rest = rest.dropFirst(1 + columnDigits.count)
        }
        return result + rest
    }

    private func draw(_ source: String, settings text: Substring, fenceLine: Int, columnShift: Int = 0, number: Int, scope: String,
                      names: inout [String: Int]) throws -> Drawing {
        func failure(_ message: String) -> BlockError { BlockError(description: "\(file):\(fenceLine): \(message)") }
        var settings: [Setting]
        do {
            settings = try Self.settings(text)
        } catch {
            throw failure(error.message)
        }
        var alt: String?, caption: String?, src: String?, name: String?
        for key in Set(settings.map(\.key)) where settings.filter({ $0.key == key }).count > 1 {
            throw failure("'\(key)' is set twice")
        }
        for setting in settings where Self.embeddingKeys.contains(setting.key) {
            guard let value = setting.value, !value.isEmpty else { throw failure("'\(setting.key)' needs a value, as \(setting.key)=\"…\"") }
            switch setting.key {
            case "alt": alt = value
            case "caption": caption = value
            case "name":
                if let problem = Self.assetNameProblem(value) { throw failure("name=\"\(value)\": \(problem)") }
                // (Names differing in case only would be one file where case is not told apart.)
                if let other = names[value.lowercased()] { throw failure("name=\"\(value)\" is already the name of the block at line \(other)") }
                name = value
            default: src = value
            }
        }
        settings.removeAll { Self.embeddingKeys.contains($0.key) }
        var options: BlockOptions
        do {
            options = try resolveSettings?(settings) ?? defaultOptions(settings)
        } catch let error as SettingError {
            throw failure(error.message)
        }
        options.render.format = .svg
        var tree: Tree
        if let src {
            guard source.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }) else {
                throw failure("a block with src=\"\(src)\" draws that file; its own lines must be empty")
            }
            guard let loadSource else { throw failure("src is not available here") }
            let directory = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
            let resolved = src.hasPrefix("/") ? src : directory + src
            do {
                tree = try loadSource(resolved, options)
            } catch let error as SettingError {
                throw failure(error.message)
            }
            Self.nameDirectoryRoot(of: &tree, readFrom: resolved)
        } else {
            let bytes = Array(source.utf8)
            do throws(ReadError) {
                // Sniffed as `render` sniffs its input: tables (CSV, TSV) too.
                let format: InputFormat
                if let given = options.format { format = given } else { format = try InputFormat.sniff(bytes, file: file, options: options.reader) }
                var read = try format.reader(options.reader).read(bytes, file: file)
                if options.reader.layersByLongestPaths { read.layerByLongestPaths() }
                // `max-depth` cuts a block's own tree too, as `--max-depth` cuts a file's.
                tree = options.directory.maxDepth.map { read.keepingLevels($0) } ?? read
                tree.warnings += options.reader.unusedSettingWarnings(for: format, input: "", noun: "block", spelled: { $0 },
                                                                      choosing: "from=")
            } catch {
                // Lines of the block become lines of the Markdown file.
                let line = error.line > 0 ? "\(error.line + fenceLine)" : "\(fenceLine + 1)"
                let column = error.column > 0 ? ":\(error.column + columnShift)" : ""
                throw BlockError(description: "\(file):\(line)\(column): \(shiftingPlaces(in: error.message, by: fenceLine, columnShift: columnShift))")
            }
        }
        for warning in tree.warnings {
            warn?("\(file):\(fenceLine): warning: \(shiftingPlaces(in: warning, by: fenceLine, columnShift: columnShift))")
        }
        let diagram: Diagram
        do {
            diagram = try Diagram(tree: tree, options: options.diagram)
        } catch {
            throw failure(error.description)
        }
        for warning in diagram.warnings { warn?("\(file):\(fenceLine): warning: \(warning)") }
        var render = options.render
        render.scopeID = scope
        if let name { names[name.lowercased()] = fenceLine }
        return Drawing(number: number, name: name, alt: alt ?? diagram.dataController.title, caption: caption, diagram: diagram,
                       options: render, givenAlt: alt)
    }

    /// The longest block name: with the document's name and `.svg`, well within a file name's
    /// 255 bytes.
    static let longestAssetName = 100

    /// The settings the embedding reads itself (the others are options).
    static let embeddingKeys: Set<String> = ["alt", "caption", "src", "name"]

    /// Why `value` cannot name a block's asset file, or nil: a name is a file name's stem of
    /// letters, digits, `-`, `_` and `.` (not first), at most `longestAssetName` long, and not
    /// digits only (another block's number).
    static func assetNameProblem(_ value: String) -> String? {
        if value.utf8.count > longestAssetName { return "a name is at most \(longestAssetName) characters" }
        let allowed = value.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.".unicodeScalars.contains($0) }
        if !allowed || value.hasPrefix(".") || value.hasPrefix("-") {
            return "a name is letters, digits, '-', '_' and '.' (not first), as a file's name"
        }
        if value.allSatisfy(\.isNumber) { return "a name of digits only could be another block's number; add a letter" }
        return nil
    }

    /// The settings this type reads itself when no resolver is set.
    private func defaultOptions(_ settings: [Setting]) throws -> BlockOptions {
        var options = BlockOptions(diagram: baseOptions)
        var schematicOnly: String? = nil
        for setting in settings {
            guard let value = setting.value else { throw SettingError("'\(setting.key)' is not key=value") }
            var understood = true
            switch setting.key {
            case "format": options.format = InputFormat(rawValue: value); understood = options.format != nil
            case "align": if let align = SchematicAlignment(rawValue: value) { options.diagram.configuration.alignment = align } else { understood = false }
            case "orientation": if let orientation = SchematicOrientation(rawValue: value) { options.diagram.configuration.orientation = orientation } else { understood = false }
            case "connectors": if let style = ConnectorStyle(rawValue: value) { options.diagram.configuration.connectorStyle = style } else { understood = false }
            case "layout": if let layout = layouts[value] { options.diagram.layout = layout } else { understood = false }
            case "theme": if let theme = SVGRenderer.Theme(rawValue: value) { options.render.theme = theme } else { understood = false }
            case "sizing": if value == "fixed" { options.diagram.sizing = .fixed } else if value != "fit" { understood = false }
            default: understood = false
            }
            guard understood else { throw SettingError("unknown setting '\(setting.text)'") }
            if (setting.key == "align" || setting.key == "orientation") && schematicOnly == nil { schematicOnly = setting.text }
        }
        // As on the command line: connectors not given follow the alignment and orientation given.
        if schematicOnly != nil && !settings.contains(where: { $0.key == "connectors" }) {
            let configuration = options.diagram.configuration
            options.diagram.configuration.connectorStyle = SchematicLayoutConfiguration.standardConnectorStyle(
                for: configuration.orientation, alignment: configuration.alignment)
        }
        if let setting = schematicOnly, options.diagram.layout != .schematic {
            throw SettingError("'\(setting)' applies to layout=schematic")
        }
        return options
    }

    /// Splits a fence line's settings: `key=value`, `key="quoted value"`, `key='…'` or `key`.
    public static func settings(_ text: Substring) throws(SettingError) -> [Setting] {
        var settings: [Setting] = []
        var rest = text[...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return settings }
            let key = rest.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw SettingError("'\(rest.prefix { $0 != " " })' is not a setting (key=value)")
            }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else {
                settings.append(Setting(key: String(key), value: nil))
                continue
            }
            rest = rest.dropFirst()
            var value = ""
            if let quote = rest.first, quote == "\"" || quote == "'" {
                rest = rest.dropFirst()
                var closed = false
                while let character = rest.popFirst() {
                    if character == quote { closed = true; break }
                    if character == "\\", let next = rest.first, next == quote || next == "\\" {
                        value.append(next)
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { throw SettingError("the value of '\(key)' has no closing \(quote)") }
                guard rest.isEmpty || rest.first == " " || rest.first == "\t" else {
                    throw SettingError("a space must follow the quoted value of '\(key)'")
                }
            } else {
                value = String(rest.prefix { $0 != " " && $0 != "\t" })
                rest = rest.dropFirst(value.count)
            }
            settings.append(Setting(key: String(key), value: value))
        }
    }

    static func fnv1a(_ text: some StringProtocol) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return hash
    }

    /// The HTML with no line that is blank or white space only: a label's blank line (in the
    /// drawing's title, description and labels) ended Markdown's HTML block there, and the rest
    /// of the drawing was read as paragraphs. The line break before such a line is written as
    /// a character reference, `&#10;`: the same text, in an element or an attribute.
    static func withoutBlankLines(_ html: String) -> String {
        guard html.contains("\n") else { return html }
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
        var result = String(lines[0])
        result.reserveCapacity(html.utf8.count + 16)
        for line in lines.dropFirst() {
            result += line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) ? "&#10;" : "\n"
            result += line
        }
        return result
    }

    static func htmlEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Text for Markdown link text: every ASCII punctuation mark backslash-escaped, lines joined.
    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" || character == "\r" { result += " "; continue }
            if character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol { result += "\\" }
            result.append(character)
        }
        return result
    }

    /// A path as a link destination: bytes other than unreserved characters and `/` percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~/".unicodeScalars.contains(scalar)) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
