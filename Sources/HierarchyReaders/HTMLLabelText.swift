/// Documentation strings written in HTML (`"documentation": "<p>Describes a <code>Function</code>…</p>"`,
/// as in AWS's API models), drawn as their text: the tags dropped, paragraphs run on, list
/// items and headings on lines of their own, character references decoded.
enum HTMLLabelText {
    /// The text of `value` where it is HTML: it has a tag of `knownTags` (a `<` that opens no
    /// known tag, `a < b`, is text). Nil where it has none, so that text that only mentions a
    /// tag-like word is drawn as written.
    static func plainText(of value: String) -> String? {
        let bytes = Array(value.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return nil }
        var out: [UInt8] = [], foundTag = false, index = 0
        /// Starts a new line unless the text so far ends one (or is empty).
        func breakLine() {
            while out.last == UInt8(ascii: " ") { out.removeLast() }
            if !out.isEmpty && out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                // Whitespace runs (the source's line breaks among them) are one space.
                if isSpace(bytes[index]) {
                    if let last = out.last, last != UInt8(ascii: " "), last != UInt8(ascii: "\n") { out.append(UInt8(ascii: " ")) }
                } else {
                    out.append(bytes[index])
                }
                index += 1
                continue
            }
            let closing = MarkdownHTML.closingTag(bytes, at: index, limit: bytes.count)
            let opening = closing == nil ? MarkdownHTML.openTag(bytes, at: index, limit: bytes.count) : nil
            guard let end = closing ?? opening?.end, case let name = tagName(bytes, from: index), knownTags.contains(name) else {
                out.append(bytes[index])
                index += 1
                continue
            }
            foundTag = true
            if name == "li" && closing == nil {
                breakLine()
                out.append(contentsOf: Array("• ".utf8))
            } else if lineTags.contains(name) {
                breakLine()
            } else if paragraphTags.contains(name), let last = out.last, last != UInt8(ascii: " "), last != UInt8(ascii: "\n") {
                out.append(UInt8(ascii: " "))
            }
            index = end
        }
        guard foundTag else { return nil }
        var text = MarkdownInline.decodeEntities(out)
        // (Decoding may give a no-break space; trailing spaces of lines go.)
        text = text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmed(of: " ") }.filter { !$0.isEmpty }.joined(separator: "\n")
        return text
    }

    /// Tags documentation uses, whose markup is dropped.
    static let knownTags: Set<String> = [
        "p", "br", "code", "b", "i", "em", "strong", "a", "ul", "ol", "li", "div", "span", "pre", "dl", "dt", "dd",
        "h1", "h2", "h3", "h4", "h5", "h6", "sup", "sub", "u", "note", "important", "fullname", "title", "emphasis", "tt",
    ]
    /// Tags that start or end a line of their own: lists and headings. (A paragraph's lines
    /// would each wrap in the box with their continuations hanging, as a script's do.)
    static let lineTags: Set<String> = [
        "ul", "ol", "li", "pre", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "fullname", "title",
    ]
    /// Tags that separate text by a space: paragraphs run on, one after the other.
    static let paragraphTags: Set<String> = ["p", "br", "div", "note", "important"]

    /// The lowercased name of the tag at `start` (`<name` or `</name`).
    private static func tagName(_ bytes: [UInt8], from start: Int) -> String {
        var index = start + 1
        if index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
        let nameStart = index
        while index < bytes.count && (isLetterOrDigit(bytes[index])) { index += 1 }
        return String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

private extension Substring {
    /// The substring without `character` at either end.
    func trimmed(of character: Character) -> String {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
