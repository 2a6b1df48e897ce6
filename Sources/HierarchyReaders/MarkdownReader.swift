import Hierarchy

/// Reads the outline of a Markdown document: headings (`#` to `######`, and underlined
/// `===`/`---` ones) nest by level, and bullet or numbered lists nest by indentation under the
/// heading before them. Paragraphs, tables and fenced code blocks are not part of the outline.
/// Inline markup is stripped from labels (emphasis, code spans, HTML tags, escapes, entities,
/// task boxes); a link or image keeps its text, and the first link's URL becomes the node's link.
///
/// Block structure is read line by line, as the outline needs only headings and list items;
/// Ink, the Markdown package at hand, renders HTML and exposes no tree to take them from.
public struct MarkdownReader: HierarchyReader {
    public init() {}

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        let bytes = source.bytes
        var tree = Tree()
        var headings: [(level: Int, node: Int)] = []
        var items: [(indent: Int, node: Int)] = []
        var fence: (marker: UInt8, count: Int)? = nil
        var paragraph: (start: Int, end: Int)? = nil
        var lineStart = 0

        func add(_ start: Int, _ end: Int, parent: Int?) throws(ReadError) -> Int? {
            if let control = source.firstControlCharacter(in: start..<end) {
                throw source.error(at: control, "control character U+\(hex(bytes[control])) in a label")
            }
            // A trailing {#id .class key=value} block, as Pandoc writes it.
            var textEnd = end
            var block: AttributeBlock? = nil
            if end > start && bytes[end - 1] == UInt8(ascii: "}"),
               let open = bytes[start..<end].lastIndex(of: UInt8(ascii: "{")), open == start || bytes[open - 1] == 0x20 {
                do {
                    block = try AttributeBlock(source.string(open + 1..<end - 1))
                } catch {
                    throw source.error(at: open, error.message)
                }
                if block != nil {
                    textEnd = open
                    while textEnd > start && bytes[textEnd - 1] == 0x20 { textEnd -= 1 }
                }
            }
            let inline = MarkdownInline.strip(source.string(start..<textEnd))
            guard !inline.text.isEmpty else { return nil }
            let node = tree.addNode(label: inline.text, type: block?.type ?? .normal, id: block?.id, parent: parent)
            var attributes = block?.attributes ?? NodeAttributes()
            if attributes.url == nil, let url = inline.url, let checked = try? NodeAttributes.checkedURL(url) {
                attributes.url = checked
            }
            tree.setAttributes(attributes, of: node)
            return node
        }
        func addHeading(level: Int, _ start: Int, _ end: Int) throws(ReadError) {
            while let last = headings.last, last.level >= level { headings.removeLast() }
            items.removeAll()
            if let node = try add(start, end, parent: headings.last?.node) { headings.append((level, node)) }
        }

        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = lineEnd + 1
            var end = lineEnd
            while end > lineStart && (bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            defer { lineStart = next }

            // Indentation in columns (a tab reaches the next multiple of 4).
            var position = lineStart
            var indent = 0
            while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) {
                indent = bytes[position] == 0x09 ? (indent / 4 + 1) * 4 : indent + 1
                position += 1
            }
            if position == end {
                paragraph = nil
                continue
            }

            // Fenced code blocks are skipped whole.
            if indent < 4 && (bytes[position] == UInt8(ascii: "`") || bytes[position] == UInt8(ascii: "~")) {
                var count = 0
                while position + count < end && bytes[position + count] == bytes[position] { count += 1 }
                if let open = fence {
                    if bytes[position] == open.marker && count >= open.count { fence = nil }
                    continue
                }
                if count >= 3 {
                    fence = (bytes[position], count)
                    paragraph = nil
                    continue
                }
            }
            if fence != nil { continue }

            // ATX heading.
            if indent < 4 && bytes[position] == UInt8(ascii: "#") {
                var level = 0
                while position + level < end && bytes[position + level] == UInt8(ascii: "#") { level += 1 }
                let after = position + level
                if level <= 6 && (after == end || bytes[after] == 0x20 || bytes[after] == 0x09) {
                    var textStart = after
                    while textStart < end && (bytes[textStart] == 0x20 || bytes[textStart] == 0x09) { textStart += 1 }
                    var textEnd = end
                    // A closing run of #s preceded by a space is not part of the text.
                    var hashes = textEnd
                    while hashes > textStart && bytes[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
                    if hashes < textEnd && (hashes == textStart || bytes[hashes - 1] == 0x20) { textEnd = hashes }
                    while textEnd > textStart && bytes[textEnd - 1] == 0x20 { textEnd -= 1 }
                    try addHeading(level: level, textStart, textEnd)
                    paragraph = nil
                    continue
                }
            }

            // Setext heading: a paragraph line underlined with === or ---.
            if indent < 4, let underlined = paragraph,
               bytes[position] == UInt8(ascii: "=") || bytes[position] == UInt8(ascii: "-"),
               bytes[position..<end].allSatisfy({ $0 == bytes[position] }) {
                try addHeading(level: bytes[position] == UInt8(ascii: "=") ? 1 : 2, underlined.start, underlined.end)
                paragraph = nil
                continue
            }

            // List item: -, *, + or 1. / 1) followed by a space.
            var marker = position
            if bytes[marker] == UInt8(ascii: "-") || bytes[marker] == UInt8(ascii: "*") || bytes[marker] == UInt8(ascii: "+") {
                marker += 1
            } else {
                while marker < end && marker - position < 9 && bytes[marker] >= 0x30 && bytes[marker] <= 0x39 { marker += 1 }
                if marker > position && marker < end && (bytes[marker] == UInt8(ascii: ".") || bytes[marker] == UInt8(ascii: ")")) {
                    marker += 1
                } else {
                    marker = position
                }
            }
            let isThematicBreak = [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_")].contains(bytes[position])
                && bytes[position..<end].allSatisfy { $0 == bytes[position] || $0 == 0x20 }
                && bytes[position..<end].lazy.filter { $0 != 0x20 }.count >= 3
            if marker > position && !isThematicBreak && (marker == end || bytes[marker] == 0x20 || bytes[marker] == 0x09) {
                var textStart = marker
                while textStart < end && (bytes[textStart] == 0x20 || bytes[textStart] == 0x09) { textStart += 1 }
                while let last = items.last, last.indent >= indent { items.removeLast() }
                let parent = items.last?.node ?? headings.last?.node
                if textStart < end, let node = try add(textStart, end, parent: parent) { items.append((indent, node)) }
                paragraph = nil
                continue
            }
            if isThematicBreak {
                paragraph = nil
                continue
            }
            // Any other line is paragraph text (or a list item's continuation): not outlined.
            paragraph = items.isEmpty || indent == 0 ? (position, end) : nil
        }
        guard !tree.isEmpty else {
            throw ReadError(file: file, line: 0, column: 0, message: "no headings or list items to make an outline of")
        }
        return tree
    }
}

/// Inline Markdown reduced to plain text, keeping the first link's URL.
enum MarkdownInline {
    static func strip(_ text: String) -> (text: String, url: String?) {
        // Most labels have no markup: keep them as they are, spaces collapsed.
        if !text.utf8.contains(where: { "\\`![<*_~&\t".utf8.contains($0) }) && !text.contains("  ") {
            return (text, nil)
        }
        let characters = Array(text)
        var output = ""
        var url: String? = nil
        var index = 0
        // A task list box at the start.
        if characters.count >= 3, characters[0] == "[", characters[2] == "]", " xX".contains(characters[1]),
           characters.count == 3 || characters[3] == " " {
            index = min(characters.count, 4)
        }
        func isBoundary(_ position: Int) -> Bool {
            position < 0 || position >= characters.count || characters[position].isWhitespace || characters[position].isPunctuation
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && characters[index + 1].isASCII && characters[index + 1].isPunctuation:
                output.append(characters[index + 1])
                index += 2
            case "`":
                var run = 0
                while index + run < characters.count && characters[index + run] == "`" { run += 1 }
                var close = index + run
                var found = -1
                while close < characters.count {
                    var other = 0
                    while close + other < characters.count && characters[close + other] == "`" { other += 1 }
                    if other == run { found = close; break }
                    close += max(other, 1)
                }
                if found >= 0 {
                    output += String(characters[(index + run)..<found]).trimmingSingleSpaces()
                    index = found + run
                } else {
                    output += String(repeating: "`", count: run)
                    index += run
                }
            case "!" where index + 1 < characters.count && characters[index + 1] == "[":
                if let link = parseLink(characters, at: index + 1) {
                    output += strip(link.text).text
                    index = link.end
                } else {
                    output.append(character)
                    index += 1
                }
            case "[":
                if let link = parseLink(characters, at: index) {
                    let inner = strip(link.text)
                    output += inner.text
                    if url == nil { url = link.destination ?? inner.url }
                    index = link.end
                } else {
                    output.append(character)
                    index += 1
                }
            case "<":
                var close = index + 1
                while close < characters.count && characters[close] != ">" && characters[close] != "<" { close += 1 }
                if close < characters.count && characters[close] == ">" {
                    let inside = String(characters[(index + 1)..<close])
                    if inside.contains("://") || inside.hasPrefix("mailto:") {
                        output += inside
                        if url == nil { url = inside }
                        index = close + 1
                        continue
                    }
                    if let first = inside.first, first.isLetter || first == "/" || first == "!" {
                        index = close + 1  // an HTML tag or comment
                        continue
                    }
                }
                output.append(character)
                index += 1
            case "*", "_", "~":
                var run = 0
                while index + run < characters.count && characters[index + run] == character { run += 1 }
                // Delimiters touch a boundary on one side; `snake_case` keeps its underscore.
                if character == "~" && run < 2 || !(isBoundary(index - 1) || isBoundary(index + run)) {
                    output += String(repeating: character, count: run)
                }
                index += run
            case "&":
                var close = index + 1
                while close < characters.count && close - index < 10 && characters[close] != ";" { close += 1 }
                if close < characters.count && characters[close] == ";", let decoded = entity(String(characters[(index + 1)..<close])) {
                    output.append(decoded)
                    index = close + 1
                } else {
                    output.append(character)
                    index += 1
                }
            default:
                output.append(character)
                index += 1
            }
        }
        let collapsed = output.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return (collapsed, url)
    }

    /// `[text](destination "title")` or `[text]` starting at `start`.
    static func parseLink(_ characters: [Character], at start: Int) -> (text: String, destination: String?, end: Int)? {
        var depth = 0
        var close = start
        while close < characters.count {
            if characters[close] == "\\" { close += 2; continue }
            if characters[close] == "[" { depth += 1 }
            if characters[close] == "]" { depth -= 1; if depth == 0 { break } }
            close += 1
        }
        guard close < characters.count else { return nil }
        let text = String(characters[(start + 1)..<close])
        guard close + 1 < characters.count, characters[close + 1] == "(" else { return nil }
        var end = close + 2
        var parentheses = 1
        while end < characters.count {
            if characters[end] == "(" { parentheses += 1 }
            if characters[end] == ")" { parentheses -= 1; if parentheses == 0 { break } }
            end += 1
        }
        guard end < characters.count else { return nil }
        var destination = String(characters[(close + 2)..<end]).trimmingSingleSpaces()
        if let space = destination.firstIndex(of: " ") { destination = String(destination[..<space]) }
        if destination.hasPrefix("<") && destination.hasSuffix(">") { destination = String(destination.dropFirst().dropLast()) }
        return (text, destination.isEmpty ? nil : destination, end + 1)
    }

    static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return "\u{A0}"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16),
               let scalar = Unicode.Scalar(value), value >= 0x20 {
                return Character(scalar)
            }
            if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value), value >= 0x20 {
                return Character(scalar)
            }
            return nil
        }
    }
}

private extension String {
    func trimmingSingleSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
