/// A document's link reference definitions (`[label]: destination "title"`), so that the
/// links that name them (`[text][label]`, `[label][]`, `[label]`) read as links, not as
/// brackets. One pass over the lines; lines in fenced code blocks are skipped. Simpler than
/// CommonMark's in one way: a definition is one line.
struct MarkdownLinkReferences {
    /// Destinations by normalised label; the first definition of a label wins.
    private(set) var destinations: [String: String] = [:]

    var isEmpty: Bool { destinations.isEmpty }

    init() {}

    init(_ bytes: [UInt8], from start: Int) {
        var lineStart = start
        var fence: (character: UInt8, length: Int)? = nil
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var index = lineStart
            while index < lineEnd && index - lineStart < 4 && bytes[index] == 0x20 { index += 1 }
            // Fenced code: ``` or ~~~ (three or more) opens, the same or longer closes.
            if index < lineEnd, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~") {
                var run = index
                while run < lineEnd && bytes[run] == bytes[index] { run += 1 }
                if run - index >= 3 {
                    if let open = fence {
                        if open.character == bytes[index] && run - index >= open.length { fence = nil }
                    } else {
                        fence = (bytes[index], run - index)
                    }
                    continue
                }
            }
            guard fence == nil, index - lineStart < 4, index < lineEnd, bytes[index] == UInt8(ascii: "[") else { continue }
            var close = index + 1
            while close < lineEnd && bytes[close] != UInt8(ascii: "]") && bytes[close] != UInt8(ascii: "[") {
                close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard close + 1 < lineEnd, bytes[close] == UInt8(ascii: "]"), bytes[close + 1] == UInt8(ascii: ":") else { continue }
            let label = Self.normalised(bytes[(index + 1)..<close])
            // `[^1]: text` is a footnote (GitHub's), not a link.
            guard !label.isEmpty, !label.hasPrefix("^") else { continue }
            var destinationStart = close + 2
            while destinationStart < lineEnd && (bytes[destinationStart] == 0x20 || bytes[destinationStart] == 0x09) { destinationStart += 1 }
            var destinationEnd = destinationStart
            var destination: ArraySlice<UInt8>
            if destinationStart < lineEnd && bytes[destinationStart] == UInt8(ascii: "<") {
                destinationEnd = destinationStart + 1
                while destinationEnd < lineEnd && bytes[destinationEnd] != UInt8(ascii: ">") { destinationEnd += 1 }
                guard destinationEnd < lineEnd else { continue }
                destination = bytes[(destinationStart + 1)..<destinationEnd]
            } else {
                while destinationEnd < lineEnd && bytes[destinationEnd] > 0x20 { destinationEnd += 1 }
                destination = bytes[destinationStart..<destinationEnd]
            }
            // Only a title may follow the destination (`"…"`, `'…'` or `(…)`); other text makes it no definition.
            var rest = destinationEnd + (destinationStart < lineEnd && bytes[destinationStart] == UInt8(ascii: "<") ? 1 : 0)
            while rest < lineEnd && (bytes[rest] == 0x20 || bytes[rest] == 0x09 || bytes[rest] == 0x0D) { rest += 1 }
            if rest < lineEnd && ![UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "(")].contains(bytes[rest]) { continue }
            guard !destination.isEmpty, destinations[label] == nil else { continue }
            destinations[label] = MarkdownInline.decodeEscapesAndEntities(destination)
        }
    }

    /// The destination a link's label names, if defined.
    func destination(of label: ArraySlice<UInt8>) -> String? {
        destinations.isEmpty ? nil : destinations[Self.normalised(label)]
    }

    /// A label as CommonMark matches them: trimmed, inner whitespace one space, case folded.
    static func normalised(_ label: ArraySlice<UInt8>) -> String {
        String(decoding: label, as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ").lowercased()
    }
}
