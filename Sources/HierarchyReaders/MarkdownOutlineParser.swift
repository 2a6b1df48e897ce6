import Hierarchy

/// The block parser and the outline it builds.
struct MarkdownOutlineParser {
    enum Container {
        case quote(warned: Bool)
        /// A list item: the columns its content is indented by, its node (nil inside a block
        /// quote), and whether a block has been opened in it yet.
        case item(offset: Int, node: Int?, hasContent: Bool)
    }

    enum Leaf: Equatable {
        case none
        case paragraph
        case fencedCode(marker: UInt8, count: Int)
        case indentedCode
        case html(kind: Int)
        case table

        var isHTML: Bool { if case .html = self { true } else { false } }
    }

    enum BlockKind: String {
        case paragraph, heading, html = "HTML block", list, quote = "block quote", code = "code block", table, thematicBreak = "thematic break"
    }

    let source: SourceText
    let bytes: [UInt8]
    var tree = Tree()
    var containers: [Container] = []
    /// Indices of the containers a blank line cannot continue by itself (block quotes, and list
    /// items with nothing in them yet), so a blank line skips the items between at once and
    /// deep nesting costs nothing per blank line.
    var blankStops: [Int] = []
    var quoteDepth = 0
    /// The index of the outermost open block quote.
    var outermostQuote: Int? = nil
    var leaf = Leaf.none
    /// Lines of the open paragraph, or of the open HTML block when it gives a label.
    var leafLines: [Range<Int>] = []
    /// The node whose label the open paragraph or HTML block gives.
    var labelTarget: Int? = nil
    var headings: [(level: Int, node: Int)] = []
    /// A top-level paragraph of one line ending in ":" (`Fixes:`), until the next block: if
    /// that is a list, the list's items nest under a node it labels (`captionNode`).
    var caption: Range<Int>? = nil
    /// The node of the caption over the open top-level list.
    var captionNode: Int? = nil
    var idPlaces: [String: Int] = [:]
    /// The document's link reference definitions, found before the labels are read.
    var references = MarkdownLinkReferences()

    init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    mutating func parse() throws(ReadError) -> Tree {
        var lineStart = frontMatterEnd()
        if bytes.contains(UInt8(ascii: "]")) { references = MarkdownLinkReferences(bytes, from: lineStart) }
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
    func frontMatterEnd() -> Int {
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
}
