/// Inline Markdown reduced to the text a reader sees, as CommonMark (with GitHub's strikethrough)
/// defines it: backslash escapes and entities decoded, code spans literal, emphasis and
/// strikethrough markers removed where they match, a link or image replaced by its text, HTML
/// tags removed (an `<img>` by its `alt` text, `<br>` by a line break), soft line breaks as
/// spaces and hard ones as `\n`, runs of spaces collapsed, surrounding whitespace trimmed.
/// The first link's destination is kept as the node's link.
///
/// Everything is one left-to-right pass over the bytes; what needs a look ahead (closing
/// backticks, a link's parentheses and title, the end of a comment) is found through
/// position lists built once, so no input makes it quadratic.
struct MarkdownInline {
    /// A decoded character the label cannot hold, at a byte offset of the input.
    struct Refusal: Error {
        var offset: Int
        var message: String
    }

    /// The label text and the first link's destination.
    struct Reduced {
        var text: String
        var url: String?
    }

    let input: [UInt8]
    /// The document's link reference definitions.
    let references: MarkdownLinkReferences
    var output: [UInt8] = []
    /// Output bytes removed afterwards (brackets of links, matched emphasis markers).
    var removed: [Bool] = []
    var url: String? = nil
    var urlOpener = Int.max
    var delimiters: [Delimiter] = []
    var brackets: [Bracket] = []
    /// Brackets below this index may no longer open a link (links do not nest).
    var linkOpenersFrom = 0
    lazy var backtickRuns = BacktickRuns(input)
    lazy var linkPositions = LinkPositions(input)
    /// Offsets from which a search for the end of a comment, processing instruction,
    /// declaration or CDATA section already failed: later searches fail at once.
    var failedEnds: [Int: Int] = [:]

    struct Delimiter {
        var character: UInt8
        var outputStart: Int
        var count: Int
        let originalCount: Int
        let canOpen: Bool
        let canClose: Bool
        var previous: Int
        var next: Int
    }

    struct Bracket {
        var outputIndex: Int
        var inputIndex: Int
        var isImage: Bool
        var delimiterBottom: Int
    }

    init(_ input: [UInt8], references: MarkdownLinkReferences = MarkdownLinkReferences()) {
        self.input = input
        self.references = references
        output.reserveCapacity(input.count)
        removed.reserveCapacity(input.count)
    }

    /// Reduces `input` (a paragraph's lines joined with `\n`, or an HTML block's).
    static func reduce(_ input: [UInt8], references: MarkdownLinkReferences = MarkdownLinkReferences()) throws(Refusal) -> Reduced {
        // Most labels hold no markup, no line break and no run of spaces: taken as they are.
        var plain = true
        var previous: UInt8 = 0
        for byte in input {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A, 0x09:
                plain = false
            case 0x20 where previous == 0x20:
                plain = false
            default:
                break
            }
            if !plain { break }
            previous = byte
        }
        if plain { return Reduced(text: String(decoding: input, as: UTF8.self).trimmingLabelWhitespace(), url: nil) }
        var reducer = MarkdownInline(input, references: references)
        try reducer.run()
        return reducer.finish()
    }

    mutating func run() throws(Refusal) {
        let count = input.count
        var index = 0
        // A task list box at the start, drawn as a ballot box, ticked or not (its state was lost).
        if count >= 3, input[0] == UInt8(ascii: "["), input[2] == UInt8(ascii: "]"),
           input[1] == 0x20 || input[1] == UInt8(ascii: "x") || input[1] == UInt8(ascii: "X"),
           count == 3 || input[3] == 0x20 || input[3] == 0x09 {
            for byte in (input[1] == 0x20 ? "☐" : "☑").utf8 { append(byte) }
            index = 3
        }
        while index < count {
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "\\"):
                if index + 1 < count && isASCIIPunctuation(input[index + 1]) {
                    append(input[index + 1])
                    index += 2
                } else if index + 1 < count && input[index + 1] == 0x0A {
                    appendLineBreak(hard: true)
                    index += 2
                } else {
                    append(byte)
                    index += 1
                }
            case 0x0A:
                // Two or more spaces before a line break make it a hard one.
                var spaces = 0
                while spaces < index && input[index - 1 - spaces] == 0x20 { spaces += 1 }
                appendLineBreak(hard: spaces >= 2)
                index += 1
            case UInt8(ascii: "`"):
                index = codeSpan(at: index)
            case UInt8(ascii: "&"):
                index = try entity(at: index)
            case UInt8(ascii: "<"):
                index = try html(at: index)
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                index = delimiterRun(at: index)
            case UInt8(ascii: "!") where index + 1 < count && input[index + 1] == UInt8(ascii: "["):
                brackets.append(Bracket(outputIndex: output.count, inputIndex: index, isImage: true, delimiterBottom: delimiters.count))
                append(byte)
                append(UInt8(ascii: "["))
                index += 2
            case UInt8(ascii: "["):
                brackets.append(Bracket(outputIndex: output.count, inputIndex: index, isImage: false, delimiterBottom: delimiters.count))
                append(byte)
                index += 1
            case UInt8(ascii: "]"):
                index = closeBracket(at: index)
            default:
                append(byte)
                index += 1
            }
        }
        processEmphasis(from: 0)
    }

    // MARK: Output

    mutating func append(_ byte: UInt8) {
        output.append(byte)
        removed.append(false)
    }

    mutating func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    mutating func appendLineBreak(hard: Bool) {
        // Spaces at the end of a line are not part of the text.
        while let last = output.last, last == 0x20 || last == 0x09, !removed[removed.count - 1] {
            output.removeLast()
            removed.removeLast()
        }
        append(hard ? 0x0A : 0x20)
    }

    /// The text without removed bytes, runs of spaces and tabs as one space, no spaces next to
    /// line breaks, and no surrounding whitespace.
    mutating func finish() -> Reduced {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(output.count)
        var pendingSpace = false
        for (index, byte) in output.enumerated() where !removed[index] {
            if byte == 0x20 || byte == 0x09 {
                pendingSpace = true
                continue
            }
            if byte == 0x0A {
                pendingSpace = false
                bytes.append(byte)
                continue
            }
            if pendingSpace && !bytes.isEmpty && bytes.last != 0x0A { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte)
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingLabelWhitespace()
        return Reduced(text: text, url: url)
    }

    // MARK: Code spans

    mutating func codeSpan(at start: Int) -> Int {
        var end = start
        while end < input.count && input[end] == UInt8(ascii: "`") { end += 1 }
        let length = end - start
        guard let close = backtickRuns.firstRun(ofLength: length, after: start) else {
            append(input[start..<end])
            return end
        }
        // Line breaks inside are spaces; one space on each side is stripped if both are there.
        var contentStart = end
        var contentEnd = close
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A }
        if contentEnd - contentStart >= 2 && isSpace(input[contentStart]) && isSpace(input[contentEnd - 1])
            && input[contentStart..<contentEnd].contains(where: { !isSpace($0) }) {
            contentStart += 1
            contentEnd -= 1
        }
        for byte in input[contentStart..<contentEnd] { append(byte == 0x0A ? 0x20 : byte) }
        return close + length
    }

    // MARK: Entities

    mutating func entity(at start: Int) throws(Refusal) -> Int {
        guard let (decoded, end) = Self.decodeEntity(input, at: start) else {
            append(input[start])
            return start + 1
        }
        try checkDecoded(decoded, at: start)
        append(decoded.utf8)
        return end
    }

    /// A character reference at `start` (`&name;`, `&#123;`, `&#x1F;`): its text and end.
    /// Code point 0, surrogates and values past U+10FFFF decode to U+FFFD, as CommonMark says.
    static func decodeEntity(_ bytes: [UInt8], at start: Int, limit: Int? = nil) -> (String, Int)? {
        let limit = limit ?? bytes.count
        var index = start + 1
        guard index < limit else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < limit && (bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X"))
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < limit && index - digitsStart < (hex ? 6 : 7), let digit = digitValue(bytes[index], hex: hex) {
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, index < limit, bytes[index] == UInt8(ascii: ";") else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), index + 1)
        }
        while index < limit && index - start <= HTMLEntities.longestName && isASCIIAlphanumeric(bytes[index]) { index += 1 }
        guard index > start + 1, index < limit, bytes[index] == UInt8(ascii: ";"),
              let decoded = HTMLEntities.decode(String(decoding: bytes[(start + 1)..<index], as: UTF8.self)) else { return nil }
        return (decoded, index + 1)
    }

    /// A decoded line break is a line break in the label; a tab is a space; other control
    /// characters cannot be drawn and are refused, as in every reader.
    func checkDecoded(_ text: String, at offset: Int) throws(Refusal) {
        if let bad = text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) {
            throw Refusal(offset: offset, message: "control character U+\(hex(UInt8(bad.value))) (from a character reference) in a label")
        }
    }

    // MARK: HTML

    mutating func html(at start: Int) throws(Refusal) -> Int {
        let count = input.count
        if let end = MarkdownHTML.autolink(input, at: start, limit: count) {
            let target = input[(start + 1)..<(end - 1)]
            append(target)
            if start < urlOpener {
                let text = String(decoding: target, as: UTF8.self)
                url = text.contains(":") ? text : "mailto:" + text
                urlOpener = start
            }
            return end
        }
        if let tag = MarkdownHTML.openTag(input, at: start, limit: count) {
            if tag.name == "img", let alt = tag.attributes["alt"] {
                let decoded = Self.decodeEntities(alt)
                try checkDecoded(decoded, at: start)
                append(decoded.utf8)
            } else if tag.name == "br" {
                appendLineBreak(hard: true)
            }
            return tag.end
        }
        if let end = MarkdownHTML.closingTag(input, at: start, limit: count) { return end }
        for (kind, (opening, closing)) in MarkdownHTML.otherConstructs.enumerated() where matches(opening, at: start) {
            if let failedFrom = failedEnds[kind], failedFrom <= start { break }
            var searchFrom = start + opening.count
            // `<!-->` and `<!--->` are (empty) comments.
            if opening == MarkdownHTML.commentOpening {
                if matches(Array(">".utf8), at: searchFrom) { return searchFrom + 1 }
                if matches(Array("->".utf8), at: searchFrom) { return searchFrom + 2 }
            }
            if opening == MarkdownHTML.declarationOpening {
                guard searchFrom < count, isASCIILetter(input[searchFrom]) else { break }
                searchFrom += 1
            }
            if let end = find(closing, from: searchFrom) { return end }
            failedEnds[kind] = start
            break
        }
        append(input[start])
        return start + 1
    }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        offset + pattern.count <= input.count && input[offset..<(offset + pattern.count)].elementsEqual(pattern)
    }

    /// The offset just past the first occurrence of `pattern` at or after `start`.
    func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= input.count {
            if input[index] == pattern[0] && matches(pattern, at: index) { return index + pattern.count }
            index += 1
        }
        return nil
    }

    /// Text with its character references decoded (an attribute value).
    static func decodeEntities(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (decoded, end) = decodeEntity(bytes, at: index) {
                result.append(contentsOf: decoded.utf8)
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
