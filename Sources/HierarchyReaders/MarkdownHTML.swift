/// The raw HTML CommonMark recognises, as scanners over bytes: inline tags and autolinks, and
/// the seven kinds of HTML block starts and their ends.
enum MarkdownHTML {
    static let commentOpening = Array("<!--".utf8)
    static let declarationOpening = Array("<!".utf8)
    /// Comments, CDATA sections, processing instructions and declarations: opening and closing.
    static let otherConstructs: [([UInt8], [UInt8])] = [
        (commentOpening, Array("-->".utf8)), (Array("<![CDATA[".utf8), Array("]]>".utf8)),
        (Array("<?".utf8), Array("?>".utf8)), (declarationOpening, Array(">".utf8)),
    ]

    /// An open tag: its lowercased name, attributes (values raw) and the offset after its `>`.
    struct Tag {
        var name: String
        var attributes: [String: [UInt8]]
        var end: Int
    }

    /// An open tag at `start` (`<name attr="value" … />`), which may span lines.
    static func openTag(_ bytes: [UInt8], at start: Int, limit: Int) -> Tag? {
        var index = start + 1
        guard index < limit, isASCIILetter(bytes[index]) else { return nil }
        let nameStart = index
        while index < limit && (isASCIIAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-")) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var attributes: [String: [UInt8]] = [:]
        while true {
            let beforeSpace = index
            while index < limit && isHTMLSpace(bytes[index]) { index += 1 }
            guard index < limit else { return nil }
            if bytes[index] == UInt8(ascii: ">") { return Tag(name: name, attributes: attributes, end: index + 1) }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < limit, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
                return Tag(name: name, attributes: attributes, end: index + 2)
            }
            // An attribute needs whitespace before it.
            guard index > beforeSpace, isAttributeNameStart(bytes[index]) else { return nil }
            let keyStart = index
            while index < limit && isAttributeNameCharacter(bytes[index]) { index += 1 }
            let key = String(decoding: bytes[keyStart..<index], as: UTF8.self).lowercased()
            var valueEnd = index
            while valueEnd < limit && isHTMLSpace(bytes[valueEnd]) { valueEnd += 1 }
            guard valueEnd < limit, bytes[valueEnd] == UInt8(ascii: "=") else {
                attributes[key] = attributes[key] ?? []
                continue
            }
            index = valueEnd + 1
            while index < limit && isHTMLSpace(bytes[index]) { index += 1 }
            guard index < limit else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let valueStart = index + 1
                index = valueStart
                while index < limit && bytes[index] != quote { index += 1 }
                guard index < limit else { return nil }
                if attributes[key] == nil { attributes[key] = Array(bytes[valueStart..<index]) }
                index += 1
            } else {
                let valueStart = index
                while index < limit && !isHTMLSpace(bytes[index]) && !"\"'=<>`".utf8.contains(bytes[index]) { index += 1 }
                guard index > valueStart else { return nil }
                if attributes[key] == nil { attributes[key] = Array(bytes[valueStart..<index]) }
            }
        }
    }

    /// A closing tag at `start` (`</name >`): the offset after it.
    static func closingTag(_ bytes: [UInt8], at start: Int, limit: Int) -> Int? {
        var index = start + 2
        guard index < limit, bytes[start + 1] == UInt8(ascii: "/"), isASCIILetter(bytes[index]) else { return nil }
        while index < limit && (isASCIIAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-")) { index += 1 }
        while index < limit && isHTMLSpace(bytes[index]) { index += 1 }
        guard index < limit, bytes[index] == UInt8(ascii: ">") else { return nil }
        return index + 1
    }

    /// An autolink at `start` (`<scheme:…>` or `<name@domain>`): the offset after its `>`.
    static func autolink(_ bytes: [UInt8], at start: Int, limit: Int) -> Int? {
        var index = start + 1
        guard index < limit, isASCIILetter(bytes[index]) || isASCIIAlphanumeric(bytes[index]) else { return nil }
        let schemeStart = index
        while index < limit && (isASCIIAlphanumeric(bytes[index]) || "+.-".utf8.contains(bytes[index])) { index += 1 }
        if index < limit, bytes[index] == UInt8(ascii: ":"), isASCIILetter(bytes[schemeStart]), (2...32).contains(index - schemeStart) {
            while index < limit && bytes[index] > 0x20 && bytes[index] != UInt8(ascii: "<") && bytes[index] != UInt8(ascii: ">") { index += 1 }
            return index < limit && bytes[index] == UInt8(ascii: ">") ? index + 1 : nil
        }
        // An email address.
        index = start + 1
        while index < limit && (isASCIIAlphanumeric(bytes[index]) || ".!#$%&'*+/=?^_`{|}~-".utf8.contains(bytes[index])) { index += 1 }
        guard index > start + 1, index < limit, bytes[index] == UInt8(ascii: "@") else { return nil }
        index += 1
        let domainStart = index
        while index < limit && (isASCIIAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".")) { index += 1 }
        guard index > domainStart, index < limit, bytes[index] == UInt8(ascii: ">") else { return nil }
        return index + 1
    }

    // MARK: Blocks

    private static let rawTextTags = ["script", "pre", "style", "textarea"]
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option",
        "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
        "track", "ul",
    ]

    /// The kind (1 to 7, as CommonMark numbers them) of an HTML block starting at `start`, which
    /// is the first non-space of a line ending at `end`; kind 7 cannot interrupt a paragraph.
    static func blockStart(_ bytes: [UInt8], at start: Int, end: Int, interruptsParagraph: Bool) -> Int? {
        guard start < end, bytes[start] == UInt8(ascii: "<") else { return nil }
        let after = start + 1
        var nameEnd = after
        while nameEnd < end && isASCIIAlphanumeric(bytes[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: bytes[after..<nameEnd], as: UTF8.self).lowercased()
        let next: UInt8? = nameEnd < end ? bytes[nameEnd] : nil
        if rawTextTags.contains(name), next == nil || next == UInt8(ascii: ">") || isHTMLSpace(next!) { return 1 }
        if startsWith(bytes, "<!--", at: start, end: end) { return 2 }
        if startsWith(bytes, "<?", at: start, end: end) { return 3 }
        if startsWith(bytes, "<![CDATA[", at: start, end: end) { return 5 }
        if startsWith(bytes, "<!", at: start, end: end), start + 2 < end, isASCIILetter(bytes[start + 2]) { return 4 }
        var tagStart = after
        if tagStart < end && bytes[tagStart] == UInt8(ascii: "/") { tagStart += 1 }
        var tagEnd = tagStart
        while tagEnd < end && isASCIIAlphanumeric(bytes[tagEnd]) { tagEnd += 1 }
        let tag = String(decoding: bytes[tagStart..<tagEnd], as: UTF8.self).lowercased()
        if blockTags.contains(tag) {
            if tagEnd == end || isHTMLSpace(bytes[tagEnd]) || bytes[tagEnd] == UInt8(ascii: ">")
                || startsWith(bytes, "/>", at: tagEnd, end: end) { return 6 }
        }
        guard !interruptsParagraph else { return nil }
        let tagEndOffset: Int?
        if let open = openTag(bytes, at: start, limit: end), !rawTextTags.contains(open.name) {
            tagEndOffset = open.end
        } else {
            tagEndOffset = closingTag(bytes, at: start, limit: end)
        }
        guard let close = tagEndOffset, bytes[close..<end].allSatisfy(isHTMLSpace) else { return nil }
        return 7
    }

    /// Whether a line holds the end of an HTML block of kind 1 to 5 (kinds 6 and 7 end at a
    /// blank line).
    static func blockEnds(kind: Int, _ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        switch kind {
        case 1: ["</script>", "</pre>", "</style>", "</textarea>"].contains { contains(bytes, $0, from: start, to: end) }
        case 2: contains(bytes, "-->", from: start, to: end)
        case 3: contains(bytes, "?>", from: start, to: end)
        case 4: contains(bytes, ">", from: start, to: end)
        case 5: contains(bytes, "]]>", from: start, to: end)
        default: false
        }
    }

    private static func startsWith(_ bytes: [UInt8], _ pattern: String, at start: Int, end: Int) -> Bool {
        let pattern = Array(pattern.utf8)
        return start + pattern.count <= end && bytes[start..<(start + pattern.count)].elementsEqual(pattern)
    }

    /// Whether `pattern` (lowercase ASCII) occurs in a range, ignoring ASCII case.
    private static func contains(_ bytes: [UInt8], _ pattern: String, from start: Int, to end: Int) -> Bool {
        let pattern = Array(pattern.utf8)
        var index = start
        while index + pattern.count <= end {
            var matched = 0
            while matched < pattern.count && lowercased(bytes[index + matched]) == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
            index += 1
        }
        return false
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}

private func isHTMLSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
private func isAttributeNameStart(_ byte: UInt8) -> Bool { isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") }
private func isAttributeNameCharacter(_ byte: UInt8) -> Bool {
    isAttributeNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
}
