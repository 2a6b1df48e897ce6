import Hierarchy

/// Reads Newick phylogenies (and their NHX extension): `((A:0.1,B:0.2)95:0.3,C);`.
///
/// - A node is `(children)label:length`; every part may be missing, so `((A,B),C);` has two
///   unnamed internal nodes, read as nodes with an empty label.
/// - Unquoted labels turn `_` into a space, as the Newick standard says; spaces and tabs inside
///   them are kept (one space each run), a line break ends them. Quoted labels (`'it''s'`)
///   are taken as written, `''` standing for one quote. Labels are trimmed.
/// - Support values: an unquoted label of an internal node that is a number, or numbers
///   separated by `/` (IQ-TREE's `95.3/100`), is a support value, kept as the data attribute
///   `support`, and the node stays unnamed. A leaf's label is always a label, numbers included.
/// - Branch lengths (`:0.12`, `:-1`, `:1.5e-3`) are kept as the data attribute `length`, as written.
/// - Comments `[…]` are skipped anywhere between tokens; NHX comments `[&&NHX:key=value:…]`
///   add their fields to the node they follow as data attributes, in file order.
/// - Every tree ends with `;`; several trees make a forest. The final `;` may be missing when
///   the last tree starts with `(` or is the only one. Parentheses must balance.
/// - Whitespace and line breaks may appear between any tokens.
/// - A NEXUS file (`#NEXUS`) gives its first tree, its taxa named by its translate table
///   (`NexusTrees`), with a warning where it holds more.
///
/// The parse is one pass over the bytes with an explicit stack of open parentheses, so any
/// depth works in linear time.
public struct NewickReader: HierarchyReader {
    /// Creates a Newick reader.
    public init() {}

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        var parser = NewickParser(source: source)
        guard parser.startsWithNexus() else { return try parser.parse() }
        // A NEXUS file: its first tree, its taxa named by the translate table.
        let nexus = try NexusTrees(source)
        guard let first = nexus.trees.first else {
            throw source.error(at: 0, "a NEXUS file without a tree: no 'tree NAME = (…);' in a TREES block")
        }
        var tree = try parser.parse(first.newick)
        if !nexus.translation.isEmpty {
            // (The table names taxa, the leaves; an internal node's label is its own.)
            var isParent = [Bool](repeating: false, count: tree.count)
            for parent in tree.parents where parent >= 0 { isParent[Int(parent)] = true }
            for node in 0..<tree.count where !isParent[node] {
                if let name = nexus.translation[tree.labels[node]] { tree.setLabel(name, of: node) }
            }
        }
        if nexus.trees.count > 1 {
            let name = first.name.isEmpty ? "" : " '\(first.name)'"
            tree.warnings.append("\(file): the file holds \(nexus.trees.count) trees; the first\(name) is drawn")
        }
        return tree
    }
}

/// The state of one Newick parse.
private struct NewickParser {
    let source: SourceText
    let bytes: [UInt8]
    var tree = Tree()

    /// Open parentheses, innermost last: the internal node and the `(`'s offset.
    var open: [(node: Int, offset: Int)] = []
    /// The node whose label, length and comments come next: the leaf just started or the
    /// internal node just closed; nil right after `(`, `,` or `;`.
    var slot: Slot?
    /// Offset where the current tree started, or nil between trees.
    var treeStart: Int?
    /// The number of trees ended with `;`.
    var endedTrees = 0
    /// Whether the warning about an NHX comment that follows no node was given.
    var warnedOfLooseNHX = false

    struct Slot {
        var node: Int
        var isInternal: Bool
        var labelled = false
        var hasLength = false
        var data: [NodeAttributes.DataEntry] = []
    }

    init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    /// Parses the trees in `range` of the bytes (all of them by default).
    mutating func parse(_ range: Range<Int>? = nil) throws(ReadError) -> Tree {
        let end = range?.upperBound ?? bytes.count
        var index = range?.lowerBound ?? 0
        // (Of the text parsed only: a NEXUS file of 10,000 sampled trees draws its first.)
        tree.reserveCapacity((end - index) / 8)
        while index < end {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "["):
                index = try comment(at: index)
            case UInt8(ascii: "]"):
                throw source.error(at: index, "']' without a matching '['")
            case UInt8(ascii: "("):
                if slot != nil {
                    throw source.error(at: index, "'(' right after a node: a ',' is missing before it")
                }
                startTree(at: index)
                let node = tree.addNode(label: "", parent: open.last?.node)
                open.append((node, index))
                index += 1
            case UInt8(ascii: ","):
                guard !open.isEmpty else {
                    throw source.error(at: index, "',' outside parentheses: a tree has one root (end each tree with ';')")
                }
                finishSlot()
                index += 1
            case UInt8(ascii: ")"):
                guard let top = open.last else {
                    throw source.error(at: index, "')' without a matching '('")
                }
                finishSlot()
                open.removeLast()
                slot = Slot(node: top.node, isInternal: true)
                index += 1
            case UInt8(ascii: ";"):
                if let top = open.last {
                    let (line, column) = source.location(of: top.offset)
                    throw source.error(at: index, "';' before the '(' at \(source.file):\(line):\(column) is closed")
                }
                if treeStart != nil {
                    finishSlot()
                    endedTrees += 1
                    treeStart = nil
                }
                index += 1
            case UInt8(ascii: ":"):
                index = try branchLength(at: index)
            case UInt8(ascii: "'"):
                index = try quotedLabel(at: index)
            default:
                index = try unquotedLabel(at: index)
            }
        }
        if let top = open.last {
            let (line, column) = source.location(of: top.offset)
            throw source.error(at: end, "the input ends before the '(' at \(source.file):\(line):\(column) is closed")
        }
        if let start = treeStart {
            // A last tree without its ';': unambiguous when it is a parenthesized tree or the only one.
            guard bytes[start] == UInt8(ascii: "(") || endedTrees == 0 else {
                throw source.error(at: start, "text after the last tree's ';' (a tree starts with '(' and ends with ';')")
            }
            finishSlot()
        }
        if tree.isEmpty {
            throw ReadError(file: source.file, line: 0, column: 0, message: "no nodes: the input is empty")
        }
        return tree
    }

    // MARK: - Nodes

    mutating func startTree(at offset: Int) {
        if treeStart == nil { treeStart = offset }
    }

    /// The slot's node, starting an unnamed leaf when there is none (`(,A)`, `(:0.1,B)`).
    mutating func currentSlot(at offset: Int) -> Slot {
        if let slot { return slot }
        startTree(at: offset)
        let node = tree.addNode(label: "", parent: open.last?.node)
        return Slot(node: node, isInternal: false)
    }

    /// Ends the slot's node, storing its data attributes. After `(` or `,` there is no node yet:
    /// inside parentheses that is an unnamed leaf (`(A,)`, `(,)`).
    mutating func finishSlot() {
        var finished = slot
        if finished == nil && !open.isEmpty {
            finished = currentSlot(at: open.last!.offset)
        }
        slot = nil
        guard let finished, !finished.data.isEmpty else { return }
        tree.setAttributes(NodeAttributes(data: finished.data), of: finished.node)
    }

    mutating func setLabel(_ text: String, quoted: Bool, at offset: Int) throws(ReadError) {
        var current = currentSlot(at: offset)
        if current.hasLength {
            throw source.error(at: offset, "a label after the branch length: a ',' is missing before it")
        }
        if current.labelled {
            throw source.error(at: offset, "a second label for one node: a ',' is missing before it")
        }
        current.labelled = true
        if current.isInternal && !quoted && isSupportValue(text) {
            current.data.append(.init(key: "support", value: text))
        } else {
            tree.setLabel(text, of: current.node)
        }
        slot = current
    }

    // MARK: - Tokens

    /// An unquoted label: up to a delimiter or a line break; `_` becomes a space, runs of
    /// spaces and tabs one space, and the ends are trimmed.
    mutating func unquotedLabel(at start: Int) throws(ReadError) -> Int {
        var index = start
        var needsRewrite = false
        var previousBlank = false
        while index < bytes.count {
            let byte = bytes[index]
            if Self.endsUnquotedLabel(byte) { break }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                throw source.error(at: index, "control character U+\(hex(byte)) in a label")
            }
            let blank = byte == 0x20 || byte == 0x09
            if byte == UInt8(ascii: "_") || byte == 0x09 || blank && previousBlank { needsRewrite = true }
            previousBlank = blank
            index += 1
        }
        var textEnd = index
        while textEnd > start && (bytes[textEnd - 1] == 0x20 || bytes[textEnd - 1] == 0x09) { textEnd -= 1 }
        let text: String
        if needsRewrite {
            var rewritten: [UInt8] = []
            rewritten.reserveCapacity(textEnd - start)
            for byte in bytes[start..<textEnd] {
                let blank = byte == 0x20 || byte == 0x09
                if blank {
                    if rewritten.last != 0x20 { rewritten.append(0x20) }
                } else {
                    rewritten.append(byte == UInt8(ascii: "_") ? 0x20 : byte)
                }
            }
            text = String(decoding: rewritten, as: UTF8.self).trimmingNewickBlanks()
        } else {
            text = source.string(start..<textEnd)
        }
        try setLabel(text, quoted: false, at: start)
        return index
    }

    /// A quoted label `'…'`, with `''` for a quote; returns the offset after the closing quote.
    mutating func quotedLabel(at start: Int) throws(ReadError) -> Int {
        var index = start + 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw source.error(at: start, "unterminated quoted label: the ' has no closing '")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'") {
                    text.append(byte)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                // (With no quote after it, the label was never closed: the file's last line
                // break said "control character U+000A" where the quote had no end.)
                if !bytes[index...].contains(UInt8(ascii: "'")) {
                    throw source.error(at: start, "unterminated quoted label: the ' has no closing '")
                }
                throw source.error(at: index, "control character U+\(hex(byte)) in a label")
            }
            text.append(byte)
            index += 1
        }
        try setLabel(String(decoding: text, as: UTF8.self).trimmingNewickBlanks(), quoted: true, at: start)
        return index
    }

    /// `:` and a number, with optional whitespace and comments between them.
    mutating func branchLength(at colon: Int) throws(ReadError) -> Int {
        var current = currentSlot(at: colon)
        slot = current
        if current.hasLength {
            throw source.error(at: colon, "a second branch length for one node")
        }
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
            else if byte == UInt8(ascii: "[") { index = try comment(at: index) }
            else { break }
        }
        current = slot!  // a comment may have added NHX fields
        let start = index
        while index < bytes.count && !Self.endsNumber(bytes[index]) { index += 1 }
        guard index > start else {
            throw source.error(at: colon, "':' without a branch length after it")
        }
        guard Self.isNumber(bytes[start..<index]) else {
            let shown = source.string(start..<min(index, start + 40)).escapingControlCharacters
            throw source.error(at: start, "'\(shown)' is not a branch length (a number such as 0.12 or 1e-3)")
        }
        current.hasLength = true
        current.data.append(.init(key: "length", value: source.string(start..<index)))
        slot = current
        return index
    }

    /// Skips a `[comment]`, adding an NHX comment's fields to the current node.
    mutating func comment(at start: Int) throws(ReadError) -> Int {
        var index = start + 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "]") { index += 1 }
        guard index < bytes.count else {
            throw source.error(at: start, "unterminated comment: the '[' has no closing ']'")
        }
        let prefix = Array("&&NHX".utf8)
        if bytes[(start + 1)...].starts(with: prefix) {
            guard var current = slot else {
                if !warnedOfLooseNHX {  // once: locating every one would be quadratic
                    warnedOfLooseNHX = true
                    let (line, column) = source.location(of: start)
                    tree.warnings.append("\(source.file):\(line):\(column): an NHX comment that follows no node is ignored (and any others like it)")
                }
                return index + 1
            }
            var fieldStart = start + 1 + prefix.count
            while fieldStart < index {
                var fieldEnd = fieldStart
                while fieldEnd < index && bytes[fieldEnd] != UInt8(ascii: ":") { fieldEnd += 1 }
                if fieldEnd > fieldStart {
                    current.data.append(try nhxField(fieldStart..<fieldEnd))
                }
                fieldStart = fieldEnd + 1
            }
            slot = current
        }
        return index + 1
    }

    /// One `key=value` field of an NHX comment.
    func nhxField(_ range: Range<Int>) throws(ReadError) -> NodeAttributes.DataEntry {
        if let control = source.firstControlCharacter(in: range) {
            throw source.error(at: control, "control character U+\(hex(bytes[control])) in an NHX comment")
        }
        guard let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")) else {
            let shown = source.string(range.lowerBound..<min(range.upperBound, range.lowerBound + 40))
            throw source.error(at: range.lowerBound, "NHX field '\(shown)' has no '=' (expected key=value)")
        }
        let key = source.string(range.lowerBound..<equals).trimmingNewickBlanks()
        guard !key.isEmpty else {
            throw source.error(at: range.lowerBound, "NHX field without a key before its '='")
        }
        return .init(key: key, value: source.string(equals + 1..<range.upperBound).trimmingNewickBlanks())
    }

    // MARK: - Byte classes

    static func endsUnquotedLabel(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
             UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A, 0x0D: true
        default: false
        }
    }

    static func endsNumber(_ byte: UInt8) -> Bool {
        endsUnquotedLabel(byte) || byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "'")
    }

    /// A decimal number: an optional sign, digits with an optional fraction, an optional exponent.
    static func isNumber(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        let end = text.endIndex
        func digits() -> Int {
            let start = index
            while index < end && (0x30...0x39).contains(text[index]) { index += 1 }
            return index - start
        }
        if index < end && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) { index += 1 }
        var count = digits()
        if index < end && text[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else { return false }
        if index < end && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
            index += 1
            if index < end && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == end
    }

    /// Whether an internal node's label is a support value: numbers, separated by `/`.
    func isSupportValue(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty else { return false }
        return utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy(Self.isNumber)
    }

    /// Whether the text is NEXUS: `#NEXUS` after any leading whitespace.
    func startsWithNexus() -> Bool {
        InputFormat.startsWithNexus(bytes, from: InputFormat.contentStart(bytes))
    }
}

private extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingNewickBlanks() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
