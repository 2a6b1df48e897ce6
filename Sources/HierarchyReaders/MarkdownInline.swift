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

    private let input: [UInt8]
    private var output: [UInt8] = []
    /// Output bytes removed afterwards (brackets of links, matched emphasis markers).
    private var removed: [Bool] = []
    private var url: String? = nil
    private var urlOpener = Int.max
    private var delimiters: [Delimiter] = []
    private var brackets: [Bracket] = []
    /// Brackets below this index may no longer open a link (links do not nest).
    private var linkOpenersFrom = 0
    private lazy var backtickRuns = BacktickRuns(input)
    private lazy var linkPositions = LinkPositions(input)
    /// Offsets from which a search for the end of a comment, processing instruction,
    /// declaration or CDATA section already failed: later searches fail at once.
    private var failedEnds: [Int: Int] = [:]

    private struct Delimiter {
        var character: UInt8
        var outputStart: Int
        var count: Int
        let originalCount: Int
        let canOpen: Bool
        let canClose: Bool
        var previous: Int
        var next: Int
    }

    private struct Bracket {
        var outputIndex: Int
        var inputIndex: Int
        var isImage: Bool
        var delimiterBottom: Int
    }

    private init(_ input: [UInt8]) {
        self.input = input
        output.reserveCapacity(input.count)
        removed.reserveCapacity(input.count)
    }

    /// Reduces `input` (a paragraph's lines joined with `\n`, or an HTML block's).
    static func reduce(_ input: [UInt8]) throws(Refusal) -> Reduced {
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
        var reducer = MarkdownInline(input)
        try reducer.run()
        return reducer.finish()
    }

    private mutating func run() throws(Refusal) {
        let count = input.count
        var index = 0
        // A task list box at the start.
        if count >= 3, input[0] == UInt8(ascii: "["), input[2] == UInt8(ascii: "]"),
           input[1] == 0x20 || input[1] == UInt8(ascii: "x") || input[1] == UInt8(ascii: "X"),
           count == 3 || input[3] == 0x20 || input[3] == 0x09 {
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

    private mutating func append(_ byte: UInt8) {
        output.append(byte)
        removed.append(false)
    }

    private mutating func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    private mutating func appendLineBreak(hard: Bool) {
        // Spaces at the end of a line are not part of the text.
        while let last = output.last, last == 0x20 || last == 0x09, !removed[removed.count - 1] {
            output.removeLast()
            removed.removeLast()
        }
        append(hard ? 0x0A : 0x20)
    }

    /// The text without removed bytes, runs of spaces and tabs as one space, no spaces next to
    /// line breaks, and no surrounding whitespace.
    private mutating func finish() -> Reduced {
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

    private mutating func codeSpan(at start: Int) -> Int {
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

    private mutating func entity(at start: Int) throws(Refusal) -> Int {
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
    private func checkDecoded(_ text: String, at offset: Int) throws(Refusal) {
        if let bad = text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) {
            throw Refusal(offset: offset, message: "control character U+\(hex(UInt8(bad.value))) (from a character reference) in a label")
        }
    }

    // MARK: HTML

    private mutating func html(at start: Int) throws(Refusal) -> Int {
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

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        offset + pattern.count <= input.count && input[offset..<(offset + pattern.count)].elementsEqual(pattern)
    }

    /// The offset just past the first occurrence of `pattern` at or after `start`.
    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
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

    // MARK: Links and images

    private mutating func closeBracket(at index: Int) -> Int {
        guard let opener = brackets.popLast() else {
            append(input[index])
            return index + 1
        }
        let openerIndex = brackets.count
        guard opener.isImage || openerIndex >= linkOpenersFrom,
              index + 1 < input.count, input[index + 1] == UInt8(ascii: "("),
              let link = inlineLink(at: index + 1) else {
            append(input[index])
            return index + 1
        }
        processEmphasis(from: opener.delimiterBottom)
        for offset in opener.outputIndex..<(opener.outputIndex + (opener.isImage ? 2 : 1)) { removed[offset] = true }
        if !opener.isImage {
            linkOpenersFrom = brackets.count
            if opener.inputIndex < urlOpener, let destination = link.destination {
                url = destination
                urlOpener = opener.inputIndex
            }
        }
        return link.end
    }

    /// `(destination "title")` starting at the `(` at `open`: where it ends and the destination.
    private mutating func inlineLink(at open: Int) -> (end: Int, destination: String?)? {
        let count = input.count
        var index = skipWhitespace(from: open + 1)
        guard index < count else { return nil }
        if input[index] == UInt8(ascii: ")") { return (index + 1, nil) }
        // Decoded only once the link is known to hold, so failed attempts cost no more than their scan.
        let destination: Range<Int>
        if input[index] == UInt8(ascii: "<") {
            var close = index + 1
            while close < count && input[close] != UInt8(ascii: ">") {
                if input[close] == UInt8(ascii: "<") || input[close] == 0x0A { return nil }
                close += input[close] == UInt8(ascii: "\\") && close + 1 < count ? 2 : 1
            }
            guard close < count else { return nil }
            destination = (index + 1)..<close
            index = close + 1
        } else {
            // The destination runs to whitespace or to the parenthesis that closes the link's.
            let whitespace = linkPositions.firstWhitespace(after: index - 1) ?? count
            let closing = linkPositions.closingParenthesis(of: open)
            let end = min(whitespace, closing ?? count)
            guard end > index else { return nil }
            destination = index..<end
            if let closing, end == closing {
                return (closing + 1, Self.decodeEscapesAndEntities(input[destination]))
            }
            index = end
        }
        let beforeTitle = index
        index = skipWhitespace(from: index)
        guard index < count else { return nil }
        if index > beforeTitle, let close = linkPositions.titleEnd(opening: input[index], at: index) {
            index = skipWhitespace(from: close + 1)
        }
        guard index < count, input[index] == UInt8(ascii: ")") else { return nil }
        return (index + 1, Self.decodeEscapesAndEntities(input[destination]))
    }

    private func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < input.count && (input[index] == 0x20 || input[index] == 0x09 || input[index] == 0x0A) { index += 1 }
        return index
    }

    static func decodeEscapesAndEntities(_ bytes: ArraySlice<UInt8>) -> String {
        var unescaped: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.endIndex && isASCIIPunctuation(bytes[index + 1]) {
                unescaped.append(bytes[index + 1])
                index += 2
            } else {
                unescaped.append(bytes[index])
                index += 1
            }
        }
        return decodeEntities(unescaped)
    }

    // MARK: Emphasis and strikethrough

    private mutating func delimiterRun(at start: Int) -> Int {
        let character = input[start]
        var end = start
        while end < input.count && input[end] == character { end += 1 }
        let before = start > 0 && input[start - 1] < 0x80 ? Unicode.Scalar(input[start - 1]) : scalar(before: start)
        let after = end < input.count && input[end] < 0x80 ? Unicode.Scalar(input[end]) : scalar(at: end)
        let beforeIsSpace = before.map(isUnicodeWhitespace) ?? true
        let afterIsSpace = after.map(isUnicodeWhitespace) ?? true
        let beforeIsPunctuation = before.map(isUnicodePunctuation) ?? false
        let afterIsPunctuation = after.map(isUnicodePunctuation) ?? false
        let leftFlanking = !afterIsSpace && (!afterIsPunctuation || beforeIsSpace || beforeIsPunctuation)
        let rightFlanking = !beforeIsSpace && (!beforeIsPunctuation || afterIsSpace || afterIsPunctuation)
        var canOpen = leftFlanking
        var canClose = rightFlanking
        if character == UInt8(ascii: "_") {
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        }
        // GitHub's strikethrough: runs of one or two tildes.
        if character == UInt8(ascii: "~") && end - start > 2 { canOpen = false; canClose = false }
        if canOpen || canClose {
            let index = delimiters.count
            delimiters.append(Delimiter(character: character, outputStart: output.count, count: end - start,
                                        originalCount: end - start, canOpen: canOpen, canClose: canClose,
                                        previous: index - 1, next: index + 1))
        }
        append(input[start..<end])
        return end
    }

    /// CommonMark's "process emphasis" over the delimiters from `bottom` on: matched markers are
    /// removed from the output, the rest stay as text. Linear through `openersBottom`.
    private mutating func processEmphasis(from bottom: Int) {
        guard bottom < delimiters.count else { return }
        if bottom < delimiters.count { delimiters[bottom].previous = bottom - 1 }
        delimiters[delimiters.count - 1].next = delimiters.count
        var openersBottom: [Int: Int] = [:]
        var closer = bottom
        while closer < delimiters.count {
            let current = delimiters[closer]
            guard current.canClose && current.count > 0 else {
                closer = current.next
                continue
            }
            let key = current.character == UInt8(ascii: "~")
                ? Int(current.character) * 16 + current.count
                : Int(current.character) * 16 + (current.canOpen ? 8 : 0) + current.originalCount % 3
            let floor = max(bottom - 1, openersBottom[key] ?? (bottom - 1))
            var opener = current.previous
            var found = -1
            while opener > floor {
                let candidate = delimiters[opener]
                if candidate.character == current.character && candidate.canOpen && candidate.count > 0 {
                    if current.character == UInt8(ascii: "~") {
                        if candidate.count == current.count { found = opener; break }
                    } else {
                        let bothKinds = candidate.canClose || current.canOpen
                        let sumIsMultipleOf3 = (candidate.originalCount + current.originalCount) % 3 == 0
                        let bothMultiplesOf3 = candidate.originalCount % 3 == 0 && current.originalCount % 3 == 0
                        if !(bothKinds && sumIsMultipleOf3 && !bothMultiplesOf3) { found = opener; break }
                    }
                }
                opener = candidate.previous
            }
            if found >= 0 {
                let used = current.character == UInt8(ascii: "~") ? current.count
                    : (current.count >= 2 && delimiters[found].count >= 2 ? 2 : 1)
                let openerEnd = delimiters[found].outputStart + delimiters[found].count
                for offset in (openerEnd - used)..<openerEnd { removed[offset] = true }
                for offset in current.outputStart..<(current.outputStart + used) { removed[offset] = true }
                delimiters[found].count -= used
                delimiters[closer].count -= used
                delimiters[closer].outputStart += used
                // Delimiters between the two can no longer match.
                delimiters[closer].previous = found
                delimiters[found].next = closer
                if delimiters[found].count == 0 { unlink(found) }
                if delimiters[closer].count == 0 {
                    let next = delimiters[closer].next
                    unlink(closer)
                    closer = next
                }
            } else {
                openersBottom[key] = current.previous
                let next = current.next
                if !current.canOpen { unlink(closer) }
                closer = next
            }
        }
        delimiters.removeSubrange(bottom...)
    }

    private mutating func unlink(_ index: Int) {
        let previous = delimiters[index].previous
        let next = delimiters[index].next
        if previous >= 0 { delimiters[previous].next = next }
        if next < delimiters.count { delimiters[next].previous = previous }
    }

    private func scalar(before offset: Int) -> Unicode.Scalar? {
        guard offset > 0 else { return nil }
        var start = offset - 1
        while start > 0 && input[start] & 0xC0 == 0x80 && offset - start < 4 { start -= 1 }
        return decodeScalar(from: start)
    }

    private func scalar(at offset: Int) -> Unicode.Scalar? {
        guard offset < input.count else { return nil }
        return decodeScalar(from: offset)
    }

    private func decodeScalar(from offset: Int) -> Unicode.Scalar? {
        var iterator = input[offset..<min(input.count, offset + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

/// Maximal runs of backticks by length, to find a code span's closing run in logarithmic time.
private struct BacktickRuns {
    private var starts: [Int: [Int32]] = [:]

    init(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "`") else { index += 1; continue }
            let start = index
            while index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
            starts[index - start, default: []].append(Int32(start))
        }
    }

    /// The start of the first run of exactly `length` backticks that starts after `offset`.
    func firstRun(ofLength length: Int, after offset: Int) -> Int? {
        guard let list = starts[length] else { return nil }
        return firstElement(of: list, after: offset)
    }
}

/// Where link destinations and titles can end, found in one pass: whitespace, unescaped quotes
/// and parentheses, and which parenthesis closes each `](`'s opening one.
private struct LinkPositions {
    private var whitespace: [Int32] = []
    private var doubleQuotes: [Int32] = []
    private var singleQuotes: [Int32] = []
    private var openParentheses: [Int32] = []
    private var closeParentheses: [Int32] = []
    private var closing: [Int32: Int32] = [:]

    init(_ bytes: [UInt8]) {
        var open: [Int32] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\") where index + 1 < bytes.count && isASCIIPunctuation(bytes[index + 1]):
                index += 2
                continue
            case 0x20, 0x09, 0x0A: whitespace.append(Int32(index))
            case UInt8(ascii: "\""): doubleQuotes.append(Int32(index))
            case UInt8(ascii: "'"): singleQuotes.append(Int32(index))
            case UInt8(ascii: "("):
                openParentheses.append(Int32(index))
                open.append(Int32(index))
            case UInt8(ascii: ")"):
                closeParentheses.append(Int32(index))
                if let opening = open.popLast(), opening > 0, bytes[Int(opening) - 1] == UInt8(ascii: "]") {
                    closing[opening] = Int32(index)
                }
            default: break
            }
            index += 1
        }
    }

    func firstWhitespace(after offset: Int) -> Int? { firstElement(of: whitespace, after: offset) }

    /// The unescaped `)` that balances the `(` at `open`.
    func closingParenthesis(of open: Int) -> Int? { closing[Int32(open)].map(Int.init) }

    /// The offset of the character that closes a title opened by `opening` at `start`
    /// (`"…"`, `'…'`, `(…)`), if any.
    func titleEnd(opening: UInt8, at start: Int) -> Int? {
        switch opening {
        case UInt8(ascii: "\""): return firstElement(of: doubleQuotes, after: start)
        case UInt8(ascii: "'"): return firstElement(of: singleQuotes, after: start)
        case UInt8(ascii: "("):
            // A parenthesised title may not hold an unescaped `(`.
            guard let close = firstElement(of: closeParentheses, after: start) else { return nil }
            if let nested = firstElement(of: openParentheses, after: start), nested < close { return nil }
            return close
        default: return nil
        }
    }
}

/// The first element of a sorted list greater than `offset`.
private func firstElement(of list: [Int32], after offset: Int) -> Int? {
    var low = 0
    var high = list.count
    while low < high {
        let middle = (low + high) / 2
        if Int(list[middle]) <= offset { low = middle + 1 } else { high = middle }
    }
    return low < list.count ? Int(list[low]) : nil
}

func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
}

func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || (0x30...0x39).contains(byte) }

private func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46 where hex: UInt32(byte - 0x41 + 10)
    case 0x61...0x66 where hex: UInt32(byte - 0x61 + 10)
    default: nil
    }
}

private func isUnicodeWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r" }
    return scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r" || scalar.properties.generalCategory == .spaceSeparator
}

private func isUnicodePunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
         .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        return true
    default:
        return false
    }
}

extension String {
    /// The text without surrounding whitespace (Unicode's White_Space, line breaks included):
    /// every reader trims labels this way, so one tree reads the same from every format.
    func trimmingLabelWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace else { return self }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start && scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}
