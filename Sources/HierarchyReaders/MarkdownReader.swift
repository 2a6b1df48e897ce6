import Hierarchy

/// Reads the outline of a Markdown document: headings (`#` to `######`, and underlined
/// `===`/`---` ones) nest by level, and list items nest as their lists do, under the heading
/// before them. Every list item is a node, an empty one too (with an empty label); its label is
/// its first paragraph (or heading, or HTML block). Paragraphs, tables, code, HTML blocks and
/// block quotes are not part of the outline; headings and list items inside a block quote or
/// further down a list item are left out with a warning, never moved elsewhere.
///
/// Block structure follows CommonMark's algorithm (containers matched line by line, lazy
/// continuation lines, indented and fenced code, the seven kinds of HTML block, GitHub tables),
/// with one difference: inside a list item, a line holding only a list marker is an empty item,
/// even right under a line of text (CommonMark would read a lone `-` there as a heading
/// underline, and a lone `*` as text), because tree exports write unnamed nodes that way.
/// A YAML front matter block at the top is skipped. Inline markup is reduced as `MarkdownInline`
/// describes; a trailing `{#id .class key=value}` block gives the node's id and attributes.
///
/// Ink, the Markdown package at hand, renders HTML and exposes no tree to take the outline from.
public struct MarkdownReader: HierarchyReader {
    public init() {}

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        var parser = MarkdownOutlineParser(source: try SourceText(bytes: input, file: file))
        return try parser.parse()
    }
}

/// The block parser and the outline it builds.
private struct MarkdownOutlineParser {
    private enum Container {
        case quote(warned: Bool)
        /// A list item: the columns its content is indented by, its node (nil inside a block
        /// quote), and whether a block has been opened in it yet.
        case item(offset: Int, node: Int?, hasContent: Bool)
    }

    private enum Leaf: Equatable {
        case none
        case paragraph
        case fencedCode(marker: UInt8, count: Int)
        case indentedCode
        case html(kind: Int)
        case table

        var isHTML: Bool { if case .html = self { true } else { false } }
    }

    private enum BlockKind: String {
        case paragraph, heading, html = "HTML block", list, quote = "block quote", code = "code block", table, thematicBreak = "thematic break"
    }

    let source: SourceText
    let bytes: [UInt8]
    private var tree = Tree()
    private var containers: [Container] = []
    /// Indices of the containers a blank line cannot continue by itself (block quotes, and list
    /// items with nothing in them yet), so a blank line skips the items between at once and
    /// deep nesting costs nothing per blank line.
    private var blankStops: [Int] = []
    private var quoteDepth = 0
    /// The index of the outermost open block quote.
    private var outermostQuote: Int? = nil
    private var leaf = Leaf.none
    /// Lines of the open paragraph, or of the open HTML block when it gives a label.
    private var leafLines: [Range<Int>] = []
    /// The node whose label the open paragraph or HTML block gives.
    private var labelTarget: Int? = nil
    private var headings: [(level: Int, node: Int)] = []
    private var idPlaces: [String: Int] = [:]

    init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    mutating func parse() throws(ReadError) -> Tree {
        var lineStart = frontMatterEnd()
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            try processLine(MarkdownLine(start: lineStart, end: contentEnd))
            lineStart = lineEnd + 1
        }
        try closeContainers(downTo: 0)
        try closeLeaf()
        guard !tree.isEmpty else {
            throw ReadError(file: source.file, line: 0, column: 0, message: "no headings or list items to make an outline of")
        }
        return tree
    }

    /// The offset after a YAML front matter block (`---` … `---` or `...` at the top), or 0.
    private func frontMatterEnd() -> Int {
        func line(at start: Int) -> (content: ArraySlice<UInt8>, next: Int) {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var content = bytes[start..<end]
            while let last = content.last, last == 0x20 || last == 0x09 || last == 0x0D { content = content.dropLast() }
            return (content, end + 1)
        }
        let first = line(at: 0)
        guard first.content.elementsEqual("---".utf8) else { return 0 }
        var start = first.next
        while start < bytes.count {
            let current = line(at: start)
            if current.content.elementsEqual("---".utf8) || current.content.elementsEqual("...".utf8) { return current.next }
            start = current.next
        }
        return 0
    }

    // MARK: Lines

    private mutating func processLine(_ startingLine: MarkdownLine) throws(ReadError) {
        var line = startingLine

        // Which open containers the line continues.
        var matched = 0
        matching: while matched < containers.count {
            line.findNextNonspace(bytes)
            switch containers[matched] {
            case .quote:
                guard line.indent <= 3, line.peekNonspace(bytes) == UInt8(ascii: ">") else { break matching }
                line.advanceToNextNonspace()
                line.advance(bytes, by: 1, columns: true)
                if let next = line.peek(bytes), next == 0x20 || next == 0x09 { line.advance(bytes, by: 1, columns: true) }
            case .item(let offset, _, let hasContent):
                if line.indent >= offset {
                    line.advance(bytes, by: offset, columns: true)
                } else if line.blank && hasContent {
                    line.advanceToNextNonspace()
                    // Every item up to the next stop continues the same way.
                    matched = firstBlankStop(after: matched) ?? containers.count
                    continue matching
                } else {
                    break matching
                }
            }
            matched += 1
        }
        let allMatched = matched == containers.count
        line.findNextNonspace(bytes)

        // Code and HTML blocks take their lines as they are.
        if allMatched {
            switch leaf {
            case .fencedCode(let marker, let count):
                if line.indent <= 3, !line.blank,
                   MarkdownBlockStart.isClosingFence(bytes, at: line.nextNonspace, end: line.end, marker: marker, count: count) {
                    leaf = .none
                }
                return
            case .html(let kind):
                if kind >= 6 {
                    if line.blank { try closeLeaf() } else { addLeafLine(line) }
                } else {
                    addLeafLine(line)
                    if MarkdownHTML.blockEnds(kind: kind, bytes, from: line.offset, to: line.end) { try closeLeaf() }
                }
                return
            case .indentedCode:
                if line.indent >= 4 || line.blank { return }
                leaf = .none
            default:
                break
            }
        }

        // New blocks.
        var continuesParagraph = allMatched && leaf == .paragraph && !line.blank
        var maybeLazy = leaf == .paragraph
        var opened = false
        var thematicBreakRuledOut: (marker: UInt8, before: Int)? = nil
        newBlocks: while true {
            line.findNextNonspace(bytes)
            guard !line.blank else { break }
            let indented = line.indent >= 4
            let first = bytes[line.nextNonspace]
            let position = line.nextNonspace
            if !indented && first == UInt8(ascii: ">") {
                try startBlock(.quote, closingFrom: matched, at: position)
                line.advanceToNextNonspace()
                line.advance(bytes, by: 1, columns: true)
                if let next = line.peek(bytes), next == 0x20 || next == 0x09 { line.advance(bytes, by: 1, columns: true) }
                blankStops.append(containers.count)
                if outermostQuote == nil { outermostQuote = containers.count }
                containers.append(.quote(warned: false))
                quoteDepth += 1
                matched = containers.count
                opened = true
                continuesParagraph = false
                maybeLazy = false
                continue newBlocks
            }
            if !indented, let heading = MarkdownBlockStart.atxHeading(bytes, at: position, end: line.end) {
                try startBlock(.heading, closingFrom: matched, at: position, announce: false)
                try addHeading(level: heading.level, lines: [heading.text], at: position)
                return
            }
            if !indented, let fence = MarkdownBlockStart.openingFence(bytes, at: position, end: line.end) {
                try startBlock(.code, closingFrom: matched, at: position)
                leaf = .fencedCode(marker: fence.marker, count: fence.count)
                return
            }
            if !indented, let kind = MarkdownHTML.blockStart(bytes, at: position, end: line.end, interruptsParagraph: continuesParagraph) {
                labelTarget = try startBlock(.html, closingFrom: matched, at: position)
                leaf = .html(kind: kind)
                addLeafLine(line)
                if kind <= 5 && MarkdownHTML.blockEnds(kind: kind, bytes, from: position, to: line.end) { try closeLeaf() }
                return
            }
            let insideItem: Bool
            if case .item = containers.last { insideItem = true } else { insideItem = false }
            if !indented && continuesParagraph, let underline = MarkdownBlockStart.setextUnderline(bytes, at: position, end: line.end),
               !(insideItem && underline.length == 1 && first == UInt8(ascii: "-")) {
                try setextHeading(level: underline.level, at: position)
                return
            }
            if !indented && isThematicBreak(at: position, end: line.end, cache: &thematicBreakRuledOut) {
                try startBlock(.thematicBreak, closingFrom: matched, at: position)
                return
            }
            if !indented, let marker = MarkdownBlockStart.listMarker(bytes, at: position, end: line.end) {
                let rest = bytes[(position + marker.width)..<line.end]
                let empty = rest.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                // To interrupt a paragraph, an item must hold text and a numbered one start at 1;
                // inside a list item, an empty item may (see the type's comment).
                let allowed = !continuesParagraph || (empty ? insideItem : (!marker.ordered || marker.startsAtOne))
                if allowed {
                    try startBlock(.list, closingFrom: matched, at: position)
                    let markerIndent = line.indent
                    line.advanceToNextNonspace()
                    line.advance(bytes, by: marker.width, columns: false)
                    // Spaces after the marker: 1 to 4 belong to it; 5 or more start indented code.
                    let saved = line
                    var spaces = 0
                    while spaces <= 5, let next = line.peek(bytes), next == 0x20 || next == 0x09 {
                        line.advance(bytes, by: 1, columns: true)
                        spaces += 1
                    }
                    line.findNextNonspace(bytes)
                    var padding = marker.width + spaces
                    if spaces >= 5 || spaces < 1 || line.blank {
                        padding = marker.width + 1
                        line = saved
                        if spaces > 0 { line.advance(bytes, by: 1, columns: true) }
                    }
                    let node = try addItemNode(at: position)
                    blankStops.append(containers.count)
                    containers.append(.item(offset: markerIndent + padding, node: node, hasContent: false))
                    matched = containers.count
                    opened = true
                    continuesParagraph = false
                    maybeLazy = false
                    continue newBlocks
                }
            }
            if indented && !maybeLazy && leaf != .table {
                try startBlock(.code, closingFrom: matched, at: position)
                leaf = .indentedCode
                return
            }
            if !indented && continuesParagraph, let cells = MarkdownBlockStart.tableDelimiterCells(bytes, at: position, end: line.end),
               let header = leafLines.last, MarkdownBlockStart.tableCells(bytes, from: header.lowerBound, to: header.upperBound).count == cells {
                try startTable(at: position)
                return
            }
            break
        }

        // The rest of the line is text.
        if !allMatched && !opened && !line.blank && leaf == .paragraph {
            addLeafLine(line)  // a lazy continuation line
            return
        }
        try closeContainers(downTo: matched)
        if line.blank {
            if leaf == .paragraph || leaf == .table { try closeLeaf() }
            return
        }
        switch leaf {
        case .paragraph:
            addLeafLine(line)
        case .table:
            break  // a row
        default:
            try closeLeaf()
            labelTarget = try startBlock(.paragraph, closingFrom: matched, at: line.nextNonspace, closeLeaf: false)
            leaf = .paragraph
            addLeafLine(line)
        }
    }

    private func isThematicBreak(at position: Int, end: Int, cache: inout (marker: UInt8, before: Int)?) -> Bool {
        if let ruledOut = cache, ruledOut.marker == bytes[position], position < ruledOut.before { return false }
        guard let failure = MarkdownBlockStart.thematicBreakFailure(bytes, at: position, end: end) else { return true }
        cache = (bytes[position], failure)
        return false
    }

    private mutating func addLeafLine(_ line: MarkdownLine) {
        guard leaf == .paragraph || labelTarget != nil else { return }
        leafLines.append(line.nextNonspace..<line.end)
    }

    // MARK: Blocks

    /// Closes what a new block ends (unmatched containers and the open leaf) and notes the block
    /// in the innermost container. Returns the item whose label the block gives, if any.
    @discardableResult
    private mutating func startBlock(_ kind: BlockKind, closingFrom matched: Int, at offset: Int,
                                     announce: Bool = true, closeLeaf closesLeaf: Bool = true) throws(ReadError) -> Int? {
        try closeContainers(downTo: matched)
        if closesLeaf { try closeLeaf() }
        guard announce, case .item(let itemOffset, let node, false) = containers.last else { return nil }
        markLastItemFilled(offset: itemOffset, node: node)
        guard let node else { return nil }
        switch kind {
        case .paragraph, .heading, .html:
            return node
        case .list:
            return nil
        case .quote, .code, .table, .thematicBreak:
            warn(at: offset, "this list item starts with a \(kind.rawValue), not text: its node has an empty label")
            return nil
        }
    }

    /// The innermost container, a list item, now holds a block.
    private mutating func markLastItemFilled(offset: Int, node: Int?) {
        containers[containers.count - 1] = .item(offset: offset, node: node, hasContent: true)
        if blankStops.last == containers.count - 1 { blankStops.removeLast() }
    }

    /// The first blank stop after container `index`.
    private func firstBlankStop(after index: Int) -> Int? {
        var low = 0
        var high = blankStops.count
        while low < high {
            let middle = (low + high) / 2
            if blankStops[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low < blankStops.count ? blankStops[low] : nil
    }

    private mutating func closeContainers(downTo count: Int) throws(ReadError) {
        guard containers.count > count else { return }
        try closeLeaf()
        for container in containers[count...] {
            if case .quote = container { quoteDepth -= 1 }
        }
        containers.removeSubrange(count...)
        while let last = blankStops.last, last >= count { blankStops.removeLast() }
        if let quote = outermostQuote, quote >= count { outermostQuote = nil }
    }

    private mutating func closeLeaf() throws(ReadError) {
        if let node = labelTarget, leaf == .paragraph || leaf.isHTML {
            try applyLabel(to: node, lines: leafLines, isHeading: false)
        }
        labelTarget = nil
        leafLines.removeAll(keepingCapacity: true)
        leaf = .none
    }

    private mutating func addItemNode(at offset: Int) throws(ReadError) -> Int? {
        guard quoteDepth == 0 else {
            warnInsideQuote(at: offset, "list item")
            return nil
        }
        // Outside block quotes every container is an outlined list item.
        var parent = headings.last?.node
        if case .item(_, let node?, _) = containers.last { parent = node }
        return tree.addNode(label: "", parent: parent)
    }

    private mutating func addHeading(level: Int, lines: [Range<Int>], at offset: Int) throws(ReadError) {
        if containers.isEmpty {
            while let last = headings.last, last.level >= level { headings.removeLast() }
            let node = tree.addNode(label: "", parent: headings.last?.node)
            try applyLabel(to: node, lines: lines, isHeading: true)
            headings.append((level, node))
        } else if case .item(let itemOffset, let node?, false) = containers.last {
            // The item's first block: its label.
            markLastItemFilled(offset: itemOffset, node: node)
            try applyLabel(to: node, lines: lines, isHeading: true)
        } else if quoteDepth > 0 {
            warnInsideQuote(at: offset, "heading")
        } else {
            if case .item(let itemOffset, let node, _) = containers.last {
                markLastItemFilled(offset: itemOffset, node: node)
            }
            warn(at: offset, "a heading inside a list item is not part of the outline")
        }
    }

    /// The open paragraph, underlined, becomes a heading.
    private mutating func setextHeading(level: Int, at offset: Int) throws(ReadError) {
        let lines = leafLines
        let target = labelTarget
        labelTarget = nil
        try closeLeaf()
        if let target {
            try applyLabel(to: target, lines: lines, isHeading: true)
        } else {
            try addHeading(level: level, lines: lines, at: lines.first?.lowerBound ?? offset)
        }
    }

    /// The open paragraph's last line is a table's header row; the lines before it stay a paragraph.
    private mutating func startTable(at offset: Int) throws(ReadError) {
        leafLines.removeLast()
        if leafLines.isEmpty {
            if labelTarget != nil {
                warn(at: offset, "this list item starts with a table, not text: its node has an empty label")
            }
            labelTarget = nil
        }
        try closeLeaf()
        leaf = .table
    }

    private mutating func warn(at offset: Int, _ message: String) {
        tree.warnings.append(source.error(at: offset, message).description)
    }

    /// Warns once per block quote that outline elements in it are left out.
    private mutating func warnInsideQuote(at offset: Int, _ what: String) {
        guard let index = outermostQuote, case .quote(false) = containers[index] else { return }
        containers[index] = .quote(warned: true)
        warn(at: offset, "a \(what) inside a block quote is not part of the outline (nor is the rest of the quote)")
    }

    // MARK: Labels

    /// Gives `node` the label the lines hold: a trailing attribute block split off, inline
    /// markup reduced, the id checked against those seen before.
    private mutating func applyLabel(to node: Int, lines: [Range<Int>], isHeading: Bool) throws(ReadError) {
        var raw: [UInt8] = []
        var pieces: [(rawStart: Int, sourceStart: Int)] = []
        for (index, line) in lines.enumerated() {
            if let control = source.firstControlCharacter(in: line) {
                throw source.error(at: control, "control character U+\(hex(bytes[control])) in a label")
            }
            if index > 0 { raw.append(0x0A) }
            pieces.append((raw.count, line.lowerBound))
            raw.append(contentsOf: bytes[line])
        }
        func sourceOffset(_ rawOffset: Int) -> Int {
            let piece = pieces.last { $0.rawStart <= rawOffset } ?? (0, lines.first?.lowerBound ?? 0)
            return piece.sourceStart + rawOffset - piece.rawStart
        }
        while let last = raw.last, last == 0x20 || last == 0x09 { raw.removeLast() }

        // A trailing {#id .class key=value} block, as Pandoc writes it.
        var block: AttributeBlock? = nil
        var blockOffset = 0
        if raw.last == UInt8(ascii: "}"), let open = raw.lastIndex(of: UInt8(ascii: "{")),
           open == 0 || raw[open - 1] == 0x20 || raw[open - 1] == 0x09 {
            do {
                block = try AttributeBlock(String(decoding: raw[(open + 1)..<(raw.count - 1)], as: UTF8.self))
            } catch {
                throw source.error(at: sourceOffset(open), error.message)
            }
            if block != nil {
                blockOffset = sourceOffset(open)
                raw.removeSubrange(open...)
                while let last = raw.last, last == 0x20 || last == 0x09 { raw.removeLast() }
            }
        }
        let inline: MarkdownInline.Reduced
        do {
            inline = try MarkdownInline.reduce(raw)
        } catch {
            throw source.error(at: sourceOffset(error.offset), error.message)
        }
        tree.setLabel(inline.text, of: node)
        tree.setType(block?.type ?? .normal, of: node)
        if let id = block?.id {
            if let first = idPlaces[id] {
                let place = source.location(of: first)
                throw source.error(at: blockOffset, "duplicate id '\(id)' (first at \(source.file):\(place.line):\(place.column))")
            }
            idPlaces[id] = blockOffset
            tree.setID(id, of: node)
        }
        var attributes = block?.attributes ?? NodeAttributes()
        if attributes.url == nil, let url = inline.url, let checked = try? NodeAttributes.checkedURL(url) {
            attributes.url = checked
        }
        tree.setAttributes(attributes, of: node)
    }
}
