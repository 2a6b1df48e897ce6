import Hierarchy

/// Reads the outline of an Emacs Org document: a heading's stars give its depth (`*` a root,
/// `**` its child; one that skips levels hangs from the nearest heading above, as Markdown's
/// do), and list items (`- `, `+ `, an indented `* `, `1. `, `1) `) are children of the heading
/// above them, nested by their indentation (a tab to the next multiple of 8, as Emacs counts).
/// A `#+TITLE:` before the first heading is the root over them all, as Org's export heads the
/// document with it. The rest is notes, not nodes: paragraphs, drawers, tables, comments, other
/// `#+` keywords and what `#+BEGIN_…` blocks hold. Labels keep `TODO`, `DONE` and tags (one
/// space before them, not the columns of padding Emacs aligns them with); a list item's
/// checkbox is drawn as a ballot box (`[X]` ☑, `[ ]` ☐),
/// and may end with the outline's markers (`!`, `!!`, `[critical]`, `{#id .class}`).
/// `OutlineReader` hands over a text whose every line is a heading, not all as deep.
public struct OrgReader: HierarchyReader {
    /// Creates an Org reader.
    public init() {}

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        return try source.bytes.withUnsafeBufferPointer { bytes throws(ReadError) in try read(source, bytes) }
    }

    /// A label with its Org links drawn as their text: `[[url][text]]` as "text", `[[url]]` as
    /// "url" (they were drawn as written; Markdown's links are drawn as their text).
    static func linksAsText(_ label: String) -> String {
        var result = "", rest = label[...]
        while let open = rest.firstRange(of: "[["), let close = rest[open.upperBound...].firstRange(of: "]]") {
            result += rest[..<open.lowerBound]
            let link = rest[open.upperBound..<close.lowerBound]
            result += link.firstRange(of: "][").map { link[$0.upperBound...] } ?? link
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// Whether a text read as an outline is an Org document that came without its extension
    /// (standard input, `.txt`): it opens with a keyword line (`#+TITLE:`) and has a heading,
    /// or every line at the first column is a heading or a `#` line (list items and body text
    /// indented), headings at two depths or more (a list whose bullets are `*` is an outline's,
    /// not Org). A trial's notes on standard input kept their stars in their labels.
    static func looksLikeDocument(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var isFirst = true, opensWithKeyword = false, onlyHeadingsAtFirstColumn = true
        var depths: Set<Int> = []
        _ = bytes.forEachContentLine { lineStart, contentEnd in
            guard contentEnd > lineStart else { return true }
            let first = bytes[lineStart]
            if isFirst {
                isFirst = false
                opensWithKeyword = contentEnd - lineStart > 3 && first == UInt8(ascii: "#") && bytes[lineStart + 1] == UInt8(ascii: "+")
                    && ((0x41...0x5A).contains(bytes[lineStart + 2]) || (0x61...0x7A).contains(bytes[lineStart + 2]))
            }
            if let heading = Self.heading(bytes, lineStart, contentEnd) {
                depths.insert(heading.stars)
            } else if first != 0x20 && first != 0x09 && first != UInt8(ascii: "#") {
                onlyHeadingsAtFirstColumn = false
            }
            return true
        }
        return opensWithKeyword ? !depths.isEmpty : onlyHeadingsAtFirstColumn && depths.count > 1
    }

    func read(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) -> Tree {
        var tree = Tree()
        // The open headings, and the open list items under the last one.
        var headings: [(stars: Int, node: Int)] = []
        var items: [(indent: Int, node: Int)] = []
        var idPlaces: [String: Int] = [:]
        var inBlock = false
        var title: Int?
        let labels = OutlineReader()

        func addNode(from start: Int, to end: Int, parent: Int?) throws(ReadError) -> Int {
            guard start < end else { return tree.addNode(label: "", parent: parent) }  // `**` alone: unnamed
            let node = try labels.addLabelledNode(source, bytes, from: start, to: end, parent: parent, to: &tree, idPlaces: &idPlaces)
            if tree.labels[node].contains("[[") { tree.setLabel(Self.linksAsText(tree.labels[node]), of: node) }
            return node
        }

        _ = try bytes.forEachContentLine { lineStart, contentEnd throws(ReadError) in
            // (A heading ends a block left open, as in Emacs.)
            if let heading = Self.heading(bytes, lineStart, contentEnd) {
                inBlock = false
                while let last = headings.last, last.stars >= heading.stars { headings.removeLast() }
                items.removeAll()
                let node = try addNode(from: heading.textStart, to: contentEnd, parent: headings.last?.node ?? title)
                if let tagged = Self.closingUpTags(tree.labels[node]) { tree.setLabel(tagged, of: node) }
                headings.append((heading.stars, node))
                return true
            }
            var position = lineStart, indent = 0
            while position < contentEnd && (bytes[position] == 0x20 || bytes[position] == 0x09) {
                indent = bytes[position] == 0x09 ? (indent / 8 + 1) * 8 : indent + 1
                position += 1
            }
            // `#+TITLE:`, `#+BEGIN_SRC` … `#+END_SRC`, and `# comments`.
            if bytes[position] == UInt8(ascii: "#") && (position + 1 == contentEnd || bytes[position + 1] == 0x20 || bytes[position + 1] == UInt8(ascii: "+")) {
                let keyword = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<min(contentEnd, position + 8)]), as: UTF8.self).lowercased()
                if keyword.hasPrefix("#+begin_") { inBlock = true } else if keyword.hasPrefix("#+end_") { inBlock = false }
                if keyword == "#+title:", tree.isEmpty, !inBlock {
                    var start = position + 8
                    while start < contentEnd && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
                    if start < contentEnd { title = try addNode(from: start, to: contentEnd, parent: nil) }
                }
                return true
            }
            guard !inBlock, let textStart = Self.listItemText(bytes, position, contentEnd) else { return true }
            while let last = items.last, last.indent >= indent { items.removeLast() }
            let node = try addNode(from: textStart, to: contentEnd, parent: items.last?.node ?? headings.last?.node ?? title)
            // A checkbox drawn as a ballot box, ticked or not, as Markdown's task items are.
            let label = tree.labels[node]
            if label.hasPrefix("[ ] ") {
                tree.setLabel("☐ " + label.dropFirst(4), of: node)
            } else if label.hasPrefix("[X] ") || label.hasPrefix("[x] ") {
                tree.setLabel("☑ " + label.dropFirst(4), of: node)
            }
            items.append((indent, node))
            return true
        }
        if tree.count <= (title == nil ? 0 : 1) {
            throw ReadError(file: source.file, line: 0, column: 0, message: "no headings or list items to make an outline of")
        }
        return tree
    }

    /// A heading's label with the blanks before its closing tags (`:work:urgent:`, which Emacs
    /// pads out to a column) made one space; nil where it has no tags or one space already.
    static func closingUpTags(_ label: String) -> String? {
        guard label.hasSuffix(":"), let blank = label.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
        let tags = label[label.index(after: blank)...]
        guard tags.count > 2, tags.first == ":",
              tags.allSatisfy({ $0.isLetter || $0.isNumber || "_@#%:".contains($0) }),
              !tags.contains("::") else { return nil }
        guard let textEnd = label[..<blank].lastIndex(where: { $0 != " " && $0 != "\t" }) else { return nil }
        let closedUp = String(label[...textEnd]) + " " + tags
        return closedUp == label ? nil : closedUp
    }

    /// A heading's depth and where its text starts: stars at the first column, then a blank or
    /// the line's end.
    private static func heading(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (stars: Int, textStart: Int)? {
        var position = start
        while position < end && bytes[position] == UInt8(ascii: "*") { position += 1 }
        guard position > start, position == end || bytes[position] == 0x20 || bytes[position] == 0x09 else { return nil }
        let stars = position - start
        while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
        return (stars, position)
    }

    /// Where a list item's text starts, if the line (from its first non-blank byte) is one:
    /// `-`, `+`, `*` (never at the first column: a heading is there), or a number and `.` or
    /// `)`, then a blank or the line's end.
    private static func listItemText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var position = start
        let first = bytes[position]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            position += 1
        } else {
            while position < end && position - start < 10 && bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
            guard position > start, position < end, bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ")") else { return nil }
            position += 1
        }
        guard position == end || bytes[position] == 0x20 || bytes[position] == 0x09 else { return nil }
        while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
        return position
    }
}
