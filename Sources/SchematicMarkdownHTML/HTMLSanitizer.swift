/// Keeps the HTML that Markdown itself makes (paragraphs, headings, emphasis, lists, code,
/// tables, links and images) and drops everything else, for `schematic markdown --html --safe`.
///
/// Every tag is parsed and written again: tags outside the allow-list are dropped (with their
/// content for `script`, `style` and the like), attributes outside it too (so no `on…` handler
/// survives, even one smuggled into a link's URL), and `href`/`src` keep only relative URLs and
/// the http, https and mailto schemes. Comments are dropped, except the placeholders of the
/// drawings (`<!-- schematic-drawing-N -->`), which are put back afterwards.
struct HTMLSanitizer {
    private static let allowedTags: [String: Set<String>] = [
        "p": [], "br": [], "hr": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
        "em": [], "strong": [], "del": [], "s": [], "code": ["class"], "pre": [], "blockquote": [],
        "ul": [], "ol": ["start"], "li": [], "a": ["href", "title"], "img": ["src", "alt", "title"],
        "table": [], "thead": [], "tbody": [], "tr": [], "th": ["align"], "td": ["align"],
    ]
    /// Elements whose content is not text to show: dropped whole.
    private static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template", "textarea", "title", "noscript",
        "xmp", "svg", "math", "select", "noembed", "noframes", "plaintext",
    ]

    /// The comment that stands for the n-th drawing, from 1.
    static func placeholder(_ number: Int) -> String { "<!-- schematic-drawing-\(number) -->" }

    func sanitize(_ html: String) -> String {
        var output = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                let end = rest.firstRange(of: "-->")?.upperBound ?? rest.endIndex
                let comment = rest[..<end]
                if comment.hasPrefix("<!-- schematic-drawing-"), comment.hasSuffix(" -->"),
                   Int(comment.dropFirst(23).dropLast(4)) != nil {
                    output += comment
                }
                rest = rest[end...]
                continue
            }
            guard let tag = Tag(parsing: &rest) else {
                output += "&lt;"
                rest = rest.dropFirst()
                continue
            }
            if let allowed = Self.allowedTags[tag.name] {
                output += tag.closing ? "</\(tag.name)>" : "<\(tag.name)" + attributes(tag, allowed) + (tag.name == "br" || tag.name == "hr" || tag.name == "img" ? "/>" : ">")
            } else if !tag.closing && Self.droppedWithContent.contains(tag.name) {
                // Up to its closing tag, or the end.
                var search = rest
                rest = rest[rest.endIndex...]
                while let close = search.firstRange(of: "</") {
                    let after = search[close.upperBound...]
                    if after.prefix(tag.name.count).lowercased() == tag.name {
                        rest = search[close.lowerBound...]
                        _ = Tag(parsing: &rest)
                        break
                    }
                    search = after
                }
            }
        }
        return output + rest
    }

    private func attributes(_ tag: Tag, _ allowed: Set<String>) -> String {
        var text = ""
        for (name, value) in tag.attributes where allowed.contains(name) {
            if (name == "href" || name == "src") && !Self.isSafeURL(value) { continue }
            if name == "class" && !value.hasPrefix("language-") { continue }
            text += " \(name)=\"" + Self.escaped(Self.decoded(value)) + "\""
        }
        return text
    }

    /// Relative URLs and http, https and mailto ones. The scheme is read as a browser does:
    /// character references decoded, whitespace and controls ignored; a reference left
    /// undecoded (a named one could be a colon) in the scheme's place refuses the URL.
    static func isSafeURL(_ value: String) -> Bool {
        let url = decoded(value).unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }
        let head = String(String.UnicodeScalarView(url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }))
        if head.contains("&") { return false }
        guard let colon = head.firstIndex(of: ":") else { return true }
        return ["http", "https", "mailto"].contains(head[..<colon].lowercased())
    }

    /// Numeric character references and the basic named ones decoded.
    static func decoded(_ value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let reference = rest.dropFirst().prefix { $0 != ";" && $0 != "&" && $0 != " " }
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var replacement: String? = named[String(reference)]
            if replacement == nil, reference.first == "#" {
                let digits = reference.dropFirst()
                let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                replacement = number.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "\u{FFFD}"
            }
            if let replacement {
                result += replacement
                rest = rest.dropFirst(1 + reference.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
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
}

/// A start or end tag, as HTML's tokenizer reads it.
private struct Tag {
    var name: String
    var closing: Bool
    var attributes: [(String, String)] = []

    /// Reads a tag at the start of `text` (which starts with `<`) and consumes it; nil, consuming
    /// nothing, when no tag starts there.
    init?(parsing text: inout Substring) {
        var rest = text.dropFirst()
        closing = rest.first == "/"
        if closing { rest = rest.dropFirst() }
        guard let first = rest.first, first.isASCII && first.isLetter else { return nil }
        let name = rest.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
        self.name = name.lowercased()
        rest = rest.dropFirst(name.count)
        while let character = rest.first, character != ">" {
            if character.isWhitespace || character == "/" {
                rest = rest.dropFirst()
                continue
            }
            let attribute = rest.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" && $0 != "=" }
            rest = rest.dropFirst(max(1, attribute.count))
            while rest.first?.isWhitespace == true { rest = rest.dropFirst() }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                while rest.first?.isWhitespace == true { rest = rest.dropFirst() }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    rest = rest.dropFirst()
                    value = String(rest.prefix { $0 != quote })
                    rest = rest.dropFirst(value.count + 1)
                } else {
                    value = String(rest.prefix { !$0.isWhitespace && $0 != ">" })
                    rest = rest.dropFirst(value.count)
                }
            }
            attributes.append((attribute.lowercased(), value))
        }
        text = rest.dropFirst()
    }
}
