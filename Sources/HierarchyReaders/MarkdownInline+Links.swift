/// Links and images: brackets matched as CommonMark does, a link replaced by its text, the
/// first destination kept.
extension MarkdownInline {
    // MARK: Links and images

    mutating func closeBracket(at index: Int) -> Int {
        guard let opener = brackets.popLast() else {
            append(input[index])
            return index + 1
        }
        let openerIndex = brackets.count
        guard opener.isImage || openerIndex >= linkOpenersFrom,
              let link = (index + 1 < input.count && input[index + 1] == UInt8(ascii: "(") ? inlineLink(at: index + 1) : nil)
                ?? referenceLink(opener: opener, close: index) else {
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

    /// A reference link closing at the `]` at `close`: full (`[text][label]`), collapsed
    /// (`[label][]`) or shortcut (`[label]`), where the document defines the label; where it
    /// ends and the destination.
    func referenceLink(opener: Bracket, close: Int) -> (end: Int, destination: String?)? {
        // Labels are at most 999 characters (CommonMark's limit), so nested brackets stay linear.
        let textStart = opener.inputIndex + (opener.isImage ? 2 : 1)
        guard !references.isEmpty, close - textStart <= Self.longestLabel else { return nil }
        let text = input[textStart..<close]
        if close + 1 < input.count && input[close + 1] == UInt8(ascii: "[") {
            var labelEnd = close + 2
            while labelEnd < input.count && labelEnd - close <= Self.longestLabel
                    && input[labelEnd] != UInt8(ascii: "]") && input[labelEnd] != UInt8(ascii: "[") {
                labelEnd += input[labelEnd] == UInt8(ascii: "\\") ? 2 : 1
            }
            if labelEnd < input.count && input[labelEnd] == UInt8(ascii: "]") {
                let label = labelEnd == close + 2 ? text : input[(close + 2)..<labelEnd]
                guard let destination = references.destination(of: label) else { return nil }
                return (labelEnd + 1, destination)
            }
        }
        return references.destination(of: text).map { (close + 1, $0) }
    }

    /// The longest link label looked up, in bytes.
    static let longestLabel = 999

    /// `(destination "title")` starting at the `(` at `open`: where it ends and the destination.
    mutating func inlineLink(at open: Int) -> (end: Int, destination: String?)? {
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

    func skipWhitespace(from start: Int) -> Int {
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
}
