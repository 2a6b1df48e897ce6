/// Greedy line breaking at word boundaries: after spaces, after hyphens and slashes (not those
/// beginning a word), and between CJK characters (which do not use spaces); inside a word too wide for the line also
/// after underscores and dots of identifiers (`snake_case`, `com.example.Name`; not after a
/// leading underscore, `_base`), after a call's opening parenthesis (`checkPrimeSync(|candidate`)
/// and between the
/// words of camel-case identifiers (`Connection|Aborted|Error`; a line ends at a name's dot
/// rather than inside the name after it), never in a word that fits
/// (`"macOS"` stays whole); a piece still wider than the line is broken between characters.
///
/// Linear in the text: segments are found as the lines reach them, and a text longer than
/// `longText` bytes is never measured whole, only by prefixes that grow until one is too wide
/// (a line's worth); breaking stops after `maxLines` lines. Texts up to `longText` bytes are
/// measured whole. `balancedWrap` then evens the lines out.
enum LineBreaker {
    /// Texts longer than this (in UTF-8 bytes) are measured by growing prefixes.
    static let longText = 1024

    /// How many times `balancedWrap` wraps a text again at a narrower width, at most.
    static let balancingSteps = 8

    /// The lines of `wrap` at the least width that keeps their number, as CSS's
    /// `text-wrap: balance` does: greedy breaking fills each line and leaves the last one short
    /// (a file name's "xml", a country's "of" alone on it), so a box is as wide as its longest
    /// line for nothing. Never at the cost of a break the greedy lines do not need: a narrower
    /// width is kept only where it breaks no more words inside (at dots, underscores, case
    /// changes) or between characters, except that lines still uneven are evened at dots and
    /// underscores where that narrows them by a quarter (`evenedInsideWords`). Texts over
    /// `longText` bytes, lines cut at `maxLines` and single lines are left as `wrap` makes them.
    /// At most `balancingSteps` more wraps, and as many again for that evening.
    static func balancedWrap(_ text: Substring, maxWidth: Double, maxLines: Int = .max,
                             width: (Substring) -> Double) -> (lines: [Substring], truncated: Bool) {
        var breaks = Breaks()
        let greedy = wrap(text, maxWidth: maxWidth, maxLines: maxLines, breaks: &breaks, width: width)
        guard !greedy.truncated, greedy.lines.count > 1, text.utf8.count <= longText else { return greedy }
        var best = greedy.lines
        var high = best.reduce(0) { max($0, width($1)) }
        var low = width(text) / Double(best.count)
        for _ in 0..<balancingSteps where high - low > 1 {
            let middle = (low + high) / 2
            var narrower = Breaks()
            let trial = wrap(text, maxWidth: middle, maxLines: maxLines, breaks: &narrower, width: width)
            if !trial.truncated && trial.lines.count == best.count && narrower.inside <= breaks.inside
                && narrower.betweenCharacters <= breaks.betweenCharacters && narrower.insideNames <= breaks.insideNames {
                best = trial.lines
                high = best.reduce(0) { max($0, width($1)) }
            } else {
                low = middle
            }
        }
        return (evenedInsideWords(text, lines: best, breaks: breaks, maxLines: maxLines, width: width) ?? best, false)
    }

    /// Lines still this uneven (the shortest under this share of the widest)…
    static let unevenLines = 0.6
    /// …are wrapped again breaking inside words (at identifiers' dots and underscores) where
    /// that makes the widest line at most this share of what it was.
    static let evenedInsideWords = 0.75

    /// `lines` (balanced without breaking inside words) evened out by breaking inside words,
    /// or nil where that would not narrow them by `evenedInsideWords`: a name's one hyphen left
    /// "vnd.ms-" over "excel.addin.macroenabled.12.xml", where "vnd.ms-excel.addin." over
    /// "macroenabled.12.xml" is two thirds as wide. Never between the words of a camel-case
    /// name or between characters where the lines do not already break there.
    private static func evenedInsideWords(_ text: Substring, lines: [Substring], breaks: Breaks, maxLines: Int,
                                          width: (Substring) -> Double) -> [Substring]? {
        let widths = lines.map(width)
        guard let widest = widths.max(), let shortest = widths.min(), shortest < widest * unevenLines else { return nil }
        var best: [Substring]? = nil
        var high = widest * evenedInsideWords, low = width(text) / Double(lines.count)
        var middle = high
        for _ in 0..<balancingSteps where high - low > 1 {
            var trialBreaks = Breaks()
            let trial = wrap(text, maxWidth: middle, maxLines: maxLines, breaks: &trialBreaks, width: width)
            if !trial.truncated && trial.lines.count == lines.count && trialBreaks.betweenCharacters <= breaks.betweenCharacters
                && trialBreaks.insideNames <= breaks.insideNames {
                best = trial.lines
                high = trial.lines.reduce(0) { max($0, width($1)) }
            } else {
                low = middle
            }
            middle = (low + high) / 2
        }
        return best
    }

    /// How many words a wrap broke inside (at identifiers' dots, underscores and case changes),
    /// how many of its lines end between the words of a camel-case name, and how many pieces
    /// it cut between characters.
    struct Breaks {
        var inside = 0, insideNames = 0, betweenCharacters = 0
    }

    /// The lines, and whether text was left after the `maxLines`-th.
    static func wrap(_ text: Substring, maxWidth: Double, maxLines: Int = .max,
                     width: (Substring) -> Double) -> (lines: [Substring], truncated: Bool) {
        var breaks = Breaks()
        return wrap(text, maxWidth: maxWidth, maxLines: maxLines, breaks: &breaks, width: width)
    }

    /// `wrap`, counting its breaks inside words in `breaks`.
    static func wrap(_ text: Substring, maxWidth: Double, maxLines: Int = .max, breaks: inout Breaks,
                     width: (Substring) -> Double) -> (lines: [Substring], truncated: Bool) {
        if text.isEmpty || fits(text, maxWidth: maxWidth, width: width) { return ([text], false) }
        var lines: [Substring] = []
        var lineStart: String.Index? = nil
        var lineEnd = text.startIndex
        var position = text.startIndex
        var breaksInside = text.startIndex
        while position < text.endIndex {
            if lines.count >= maxLines { return (lines, true) }
            var (word, isCut) = segment(of: text, from: position, maxWidth: maxWidth, breaksInside: &breaksInside,
                                        breaks: &breaks, width: width)
            position = word.upperBound
            if let start = lineStart {
                if fits(trimmingTrailingSpaces(text[start..<word.upperBound]), maxWidth: maxWidth, width: width) {
                    lineEnd = word.upperBound
                    continue
                }
                // A line that would end between the words of a camel-case name ends at the
                // name's last dot or underscore instead, where one leaves the line a quarter full
                // or more and the name then fits the next line whole:
                // "email.errors.|HeaderMissingRequiredValue", not
                // "email.errors.Header|MissingRequiredValue" (read as two words); a name that
                // would be broken anyway is not given a line more for it.
                if let earlier = identifierBreak(in: text, from: start, before: lineEnd),
                   width(text[start..<earlier]) >= maxWidth * Self.leastLineBeforeName,
                   fits(text[earlier..<wordEnd(in: text, from: lineEnd)], maxWidth: maxWidth, width: width) {
                    lines.append(text[start..<earlier])
                    lineStart = nil
                    if lines.count >= maxLines { return (lines, true) }
                    position = earlier
                    continue
                }
                if endsInsideName(text, at: lineEnd) { breaks.insideNames += 1 }
                lines.append(trimmingTrailingSpaces(text[start..<lineEnd]))
                lineStart = nil
                if lines.count >= maxLines { return (lines, true) }
            }
            // A new line begins with this word; break it if it alone is too wide.
            var piece = text[word]
            while true {
                while !fits(trimmingTrailingSpaces(piece), maxWidth: maxWidth, width: width) {
                    if lines.count >= maxLines { return (lines, true) }
                    let fit = longestFittingPrefix(piece, maxWidth: maxWidth, width: width)
                    breaks.betweenCharacters += 1
                    lines.append(piece[..<fit])
                    piece = piece[fit...]
                }
                // A word cut for its length goes on: its rest joins what is left of the line.
                guard isCut, position < text.endIndex else { break }
                (word, isCut) = segment(of: text, from: position, maxWidth: maxWidth, breaksInside: &breaksInside,
                                        breaks: &breaks, width: width)
                position = word.upperBound
                piece = text[piece.startIndex..<word.upperBound]
            }
            lineStart = piece.startIndex
            lineEnd = piece.endIndex
        }
        if let start = lineStart {
            let rest = trimmingTrailingSpaces(text[start..<lineEnd])
            if !rest.isEmpty {
                if lines.count >= maxLines { return (lines, true) }
                lines.append(rest)
            }
        }
        return (lines.isEmpty ? [text] : lines, false)
    }

    /// How full a line must be to end at a name's dot or underscore rather than inside the name
    /// after it (`identifierBreak`).
    static let leastLineBeforeName = 0.25

    /// Where a line ending at `end`, between the words of a camel-case name (a lowercase letter,
    /// then an uppercase one), could end instead: after the last dot or underscore of that
    /// name's identifier in the line (`com.example.|LongName`, `snake_|CaseName`), or nil.
    /// The search stops at a space, so it never leaves the line's earlier words alone on it.
    static func identifierBreak(in text: Substring, from start: String.Index, before end: String.Index) -> String.Index? {
        guard end > start, endsInsideName(text, at: end) else { return nil }
        var index = text.index(before: end)
        while index > start {
            let previous = text.index(before: index)
            let character = text[previous]
            if character.isWhitespace { return nil }
            // (The identifier's break rule: a letter or digit on each side, as `segment` breaks.)
            if (character == "." || character == "_" || character == "(") && previous > start,
               case let before = text[text.index(before: previous)], before.isLetter || before.isNumber,
               text[index].isLetter || text[index].isNumber || character == "(" && text[index] == "[" {
                return index
            }
            index = previous
        }
        return nil
    }

    /// Whether a line ending at `end` ends between the words of a camel-case name: a lowercase
    /// letter, then an uppercase one.
    static func endsInsideName(_ text: Substring, at end: String.Index) -> Bool {
        end > text.startIndex && end < text.endIndex && text[end].isUppercase && text[text.index(before: end)].isLowercase
    }

    /// The end of the word (up to a space or the text's end) that goes on at `index`.
    static func wordEnd(in text: Substring, from index: String.Index) -> String.Index {
        text[index...].firstIndex { $0.isWhitespace } ?? text.endIndex
    }

    /// A word is cut after this many characters, so finding a word's end never scans a whole
    /// unbroken text (such a word is broken between characters anyway).
    static let longestWord = 4096

    /// The word that starts at `start`, up to and including the break opportunity that ends
    /// it, and whether it was cut at `longestWord` characters instead: up to a space, hyphen,
    /// slash or CJK break if that fits the line, else up to the first break inside identifiers.
    /// `breaksInside` is where the last word too wide for the line ends: its pieces are found
    /// as its first was (so `ConnectionAborted|Error` fills the line as before).
    private static func segment(of text: Substring, from start: String.Index, maxWidth: Double, breaksInside: inout String.Index,
                                breaks: inout Breaks, width: (Substring) -> Double) -> (range: Range<String.Index>, isCut: Bool) {
        let piece = segment(of: text, from: start, insideIdentifiers: true)
        if start < breaksInside { return piece }
        let whole = segment(of: text, from: start, insideIdentifiers: false)
        // Only a word with a break inside is measured (most words have none).
        if piece.range == whole.range || fits(trimmingTrailingSpaces(text[whole.range]), maxWidth: maxWidth, width: width) { return whole }
        breaksInside = whole.range.upperBound
        breaks.inside += 1
        return piece
    }

    /// The word up to the first break opportunity, those inside identifiers too if asked.
    private static func segment(of text: Substring, from start: String.Index, insideIdentifiers: Bool) -> (range: Range<String.Index>, isCut: Bool) {
        asciiSegment(of: text, from: start, insideIdentifiers: insideIdentifiers)
            ?? characterSegment(of: text, from: start, insideIdentifiers: insideIdentifiers)
    }

    /// `segment` character by character, for any text.
    static func characterSegment(of text: Substring, from start: String.Index, insideIdentifiers: Bool) -> (range: Range<String.Index>, isCut: Bool) {
        var index = start
        var length = 0
        // Whether the run of hyphens and slashes at `index` begins a word: found at its first
        // one (walking back only there), kept along it.
        var runBeginsWord = false, runKnown = false
        // A command's option (`--all-targets`) breaks at its inner hyphens only as a name does
        // at its dots, where it is too wide for a line ("--all-" over "targets" read as two).
        let opensOption = start < text.endIndex && text[start] == "-" && beginsWord(text, at: start)
        while index < text.endIndex {
            length += 1
            let character = text[index]
            let next = text.index(after: index)
            let breakAfter: Bool
            let isDash = isDashOrSlash(character)
            if !isDash { runKnown = false }
            if character.isWhitespace {
                breakAfter = next == text.endIndex || !text[next].isWhitespace
            } else if isDash {
                if !runKnown { runBeginsWord = beginsWord(text, at: index); runKnown = true }
                // (Only after the run's last one: `cache--daemon` is not broken inside `--`.)
                breakAfter = next < text.endIndex && !text[next].isWhitespace && !runBeginsWord && !isDashOrSlash(text[next])
                    && (!opensOption || insideIdentifiers || character == "/")
            } else if character == "_" || character == "." {
                // (Not after a name's leading underscore: `futures._|base` left "_" at a line's end.)
                let previous = index > text.startIndex ? text[text.index(before: index)] : nil
                breakAfter = insideIdentifiers && next < text.endIndex && (text[next].isLetter || text[next].isNumber)
                    && previous.map { $0.isLetter || $0.isNumber } ?? false
            } else if character == "(" {
                // (A call's opening parenthesis, as a name's dot: `checkPrimeSync(|candidate`, and
                // before optional arguments, `setTimeout(|[msecs]`.)
                let previous = index > text.startIndex ? text[text.index(before: index)] : nil
                breakAfter = insideIdentifiers && next < text.endIndex && (text[next].isLetter || text[next].isNumber || text[next] == "[")
                    && previous.map { $0.isLetter || $0.isNumber } ?? false
            } else if isIdeographic(character) {
                breakAfter = next < text.endIndex && !isClosingPunctuation(text[next])
            } else {
                breakAfter = next < text.endIndex
                    && (isIdeographic(text[next]) || insideIdentifiers && character.isLowercase && text[next].isUppercase)
            }
            if breakAfter { return (start..<next, false) }
            if length == longestWord { return (start..<next, next < text.endIndex) }
            index = next
        }
        return (start..<text.endIndex, false)
    }

    /// `segment` by bytes for text of printable ASCII and tabs (nearly every label), where a
    /// byte is a character: the same breaks without Unicode properties and grapheme breaking
    /// (which were most of the time of measuring 5,000 long file names). Nil for other text.
    static func asciiSegment(of text: Substring, from start: String.Index,
                             insideIdentifiers: Bool) -> (range: Range<String.Index>, isCut: Bool)? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { whole -> (range: Range<String.Index>, isCut: Bool)? in
            let first = utf8.distance(from: utf8.startIndex, to: start), count = whole.count
            func isPlain(_ byte: UInt8) -> Bool { byte == 0x09 || byte >= 0x20 && byte < 0x7F }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            func isAlphanumeric(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 }
            var position = first
            // Whether the run of hyphens and slashes at `position` begins a word: found at its
            // first one (walking back only there: past `first`, the run's start), kept along it.
            var runBeginsWord = false, runKnown = false
            // (An option's inner hyphens: as `characterSegment`'s.)
            var runStart = first
            while runStart > 0 && (whole[runStart - 1] == 0x2D || whole[runStart - 1] == 0x2F) { runStart -= 1 }
            if runStart > 0 && !isPlain(whole[runStart - 1]) { return nil }
            let opensOption = first < count && whole[first] == 0x2D
                && (runStart == 0 || isSpace(whole[runStart - 1]) || isOpening(whole[runStart - 1]))
            while position < count {
                let byte = whole[position]
                let next = position + 1
                let following: UInt8? = next < count ? whole[next] : nil
                // (A character after this one that is not plain ASCII may be a space, an
                // ideograph or a mark joining this one: the general path decides.)
                guard isPlain(byte), following.map(isPlain) ?? true else { return nil }
                let breakAfter: Bool
                if isSpace(byte) {
                    breakAfter = following.map { !isSpace($0) } ?? true
                } else if byte == 0x2D || byte == 0x2F {  // - /
                    // Not after those that begin a word (`-U`, `--upgrade`, `/usr`).
                    if !runKnown {
                        var before = position
                        while before > 0 && (whole[before - 1] == 0x2D || whole[before - 1] == 0x2F) { before -= 1 }
                        if before > 0 && !isPlain(whole[before - 1]) { return nil }
                        runBeginsWord = before == 0 || isSpace(whole[before - 1]) || isOpening(whole[before - 1])
                        runKnown = true
                    }
                    breakAfter = !runBeginsWord && following.map { !isSpace($0) && $0 != 0x2D && $0 != 0x2F } ?? false
                        && (!opensOption || insideIdentifiers || byte == 0x2F)
                } else if byte == 0x5F || byte == 0x2E || byte == 0x28 {  // _ . (
                    // (A call's parenthesis also before its optional arguments: `setTimeout(|[msecs]`.)
                    breakAfter = insideIdentifiers && position > 0 && isAlphanumeric(whole[position - 1])
                        && following.map { isAlphanumeric($0) || byte == 0x28 && $0 == 0x5B } ?? false
                } else {
                    breakAfter = insideIdentifiers && byte >= 0x61 && byte <= 0x7A && following.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
                }
                if byte != 0x2D && byte != 0x2F { runKnown = false }
                if breakAfter || next - first == longestWord {
                    // (Text after this word is read when the next word is: it may take the
                    // general path.)
                    let end = utf8.index(utf8.startIndex, offsetBy: next)
                    return (start..<end, !breakAfter && next < count)
                }
                position = next
            }
            return (start..<text.endIndex, false)
        } ?? nil
    }

    /// Whether the hyphen or slash at `index` begins a word, alone or with others before it
    /// (`-U`, `--upgrade`, `/usr`), after a space or an opening bracket or quote (`[-O origin]`,
    /// `(-n)`): no break after it (UAX #14's LB20a), or the option's dash or the path's slash
    /// would end a line alone (a manual's `readarray [-|O origin]`).
    private static func beginsWord(_ text: Substring, at index: String.Index) -> Bool {
        var before = index
        while before > text.startIndex {
            let previous = text[text.index(before: before)]
            guard isDashOrSlash(previous) else {
                return previous.isWhitespace || previous.asciiValue.map(isOpening) ?? false
            }
            before = text.index(before: before)
        }
        return true
    }

    private static func isDashOrSlash(_ character: Character) -> Bool {
        character == "-" || character == "/" || character == "\u{2010}" || character == "\u{2013}"
    }

    /// Brackets, quotes and the separators of option syntax before which a dash begins a word.
    private static func isOpening(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "\""),
             UInt8(ascii: "'"), UInt8(ascii: "|"), UInt8(ascii: "="): true
        default: false
        }
    }

    /// Han, kana and full-width forms, which break between any two characters. Not Hangul:
    /// Korean breaks between words, at spaces (CSS's keep-all), so "라벨" is never "라|벨".
    private static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        if (0x3130...0x318F).contains(scalar) { return false }  // Hangul compatibility jamo
        return (0x2E80...0x9FFF).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFF9F).contains(scalar) || (0xFFE0...0xFFEF).contains(scalar)
            || (0x20000...0x3FFFF).contains(scalar)
    }

    private static func isClosingPunctuation(_ character: Character) -> Bool {
        "、。，．・：；？！）」』】〕〉》ー".contains(character)
    }

    static func trimmingTrailingSpaces(_ text: Substring) -> Substring {
        // Most lines end in a printable ASCII byte other than a space: nothing to trim.
        if let last = text.utf8.last, last > 0x20 && last < 0x7F { return text }
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before].isWhitespace else { break }
            end = before
        }
        return text[text.startIndex..<end]
    }

    /// Whether `text` is no wider than `maxWidth`. A long text is measured by prefixes of
    /// doubling length, and found too wide at the first prefix that is.
    static func fits(_ text: Substring, maxWidth: Double, width: (Substring) -> Double) -> Bool {
        guard text.utf8.count > longText else { return width(text) <= maxWidth }
        var length = longText / 4
        var end = text.startIndex
        while let next = text.index(end, offsetBy: length, limitedBy: text.endIndex), next < text.endIndex {
            if width(text[..<next]) > maxWidth { return false }
            end = next
            length *= 2
        }
        return width(text) <= maxWidth
    }

    /// The end of the longest prefix (at least one character) no wider than `maxWidth`.
    private static func longestFittingPrefix(_ text: Substring, maxWidth: Double, width: (Substring) -> Double) -> String.Index {
        var low = 1
        var high: Int
        if text.utf8.count > longText {
            // Double a prefix until it is too wide: the search then spans a line's worth, not the text.
            high = 2
            while let end = text.index(text.startIndex, offsetBy: high, limitedBy: text.endIndex), end < text.endIndex,
                  width(text[..<end]) <= maxWidth {
                low = high
                high *= 2
            }
            high = min(high, text.distance(from: text.startIndex, to: text.index(text.startIndex, offsetBy: high, limitedBy: text.endIndex) ?? text.endIndex))
        } else {
            high = text.count
        }
        while low < high {
            let middle = (low + high + 1) / 2
            if width(text.prefix(middle)) <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return text.index(text.startIndex, offsetBy: low)
    }
}
