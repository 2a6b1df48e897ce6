/// Greedy line breaking at word boundaries: after spaces, after hyphens and slashes, after
/// underscores and dots inside identifiers (`snake_case`, `com.example.Name`), between the
/// words of camel-case identifiers (`Connection|Aborted|Error`), and between CJK characters
/// (which do not use spaces); a word wider than the line is broken between characters.
enum LineBreaker {
    static func wrap(_ text: Substring, maxWidth: Double, width: (Substring) -> Double) -> [Substring] {
        if text.isEmpty || width(text) <= maxWidth { return [text] }
        let words = segments(of: text)
        var lines: [Substring] = []
        var lineStart: String.Index? = nil
        var lineEnd = text.startIndex
        for word in words {
            if let start = lineStart {
                let candidate = text[start..<word.upperBound]
                if width(trimmingTrailingSpaces(candidate)) <= maxWidth {
                    lineEnd = word.upperBound
                    continue
                }
                lines.append(trimmingTrailingSpaces(text[start..<lineEnd]))
                lineStart = nil
            }
            // A new line begins with this word; break it if it alone is too wide.
            var piece = text[word]
            while width(trimmingTrailingSpaces(piece)) > maxWidth {
                let fit = longestFittingPrefix(piece, maxWidth: maxWidth, width: width)
                lines.append(piece[..<fit])
                piece = piece[fit...]
            }
            lineStart = piece.startIndex
            lineEnd = piece.endIndex
        }
        if let start = lineStart {
            let rest = trimmingTrailingSpaces(text[start..<lineEnd])
            if !rest.isEmpty { lines.append(rest) }
        }
        return lines.isEmpty ? [text] : lines
    }

    /// Word ranges, each including the break opportunity (space, hyphen, …) that ends it.
    static func segments(of text: Substring) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let breakAfter: Bool
            if character.isWhitespace {
                breakAfter = next == text.endIndex || !text[next].isWhitespace
            } else if character == "-" || character == "/" || character == "\u{2010}" || character == "\u{2013}" {
                breakAfter = next < text.endIndex && !text[next].isWhitespace
            } else if character == "_" || character == "." {
                breakAfter = next < text.endIndex && (text[next].isLetter || text[next].isNumber) && index > text.startIndex
            } else if isIdeographic(character) {
                breakAfter = next < text.endIndex && !isClosingPunctuation(text[next])
            } else {
                breakAfter = next < text.endIndex
                    && (isIdeographic(text[next]) || character.isLowercase && text[next].isUppercase)
            }
            if breakAfter {
                result.append(start..<next)
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(start..<text.endIndex) }
        return result
    }

    private static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(scalar) || (0xAC00...0xD7AF).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFFEF).contains(scalar)
            || (0x20000...0x3FFFF).contains(scalar)
    }

    private static func isClosingPunctuation(_ character: Character) -> Bool {
        "、。，．・：；？！）」』】〕〉》ー".contains(character)
    }

    private static func trimmingTrailingSpaces(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before].isWhitespace else { break }
            end = before
        }
        return text[text.startIndex..<end]
    }

    /// The end of the longest prefix (at least one character) no wider than `maxWidth`.
    private static func longestFittingPrefix(_ text: Substring, maxWidth: Double, width: (Substring) -> Double) -> String.Index {
        var low = 1
        var high = text.count
        while low < high {
            let middle = (low + high + 1) / 2
            if width(text.prefix(middle)) <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return text.index(text.startIndex, offsetBy: low)
    }
}
