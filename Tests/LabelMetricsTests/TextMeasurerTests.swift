import Foundation
@testable import LabelMetrics
import Testing
import TestSupport

/// Label metrics, pinned to Debian's DejaVu Sans (fonts-dejavu-core). Expected advances come
/// from HarfBuzz's own `hb-shape` on the font file: R 1331, o 1253, t 803, space 651,
/// A 1270 before V (kerned from 1401), V 1401, in units of 2048 per em.
@Suite struct TextMeasurerTests {
    static let fonts = try! FontSet(family: "DejaVu Sans", size: 14)

    @Test func resolvesTheDebianFontFile() {
        #expect(Self.fonts.family == "DejaVu Sans")
        #expect(Self.fonts.file.hasSuffix("DejaVuSans.ttf"))
        // ascender 1901 + descender 483 + line gap 0, at 14 / 2048.
        #expect(abs(Self.fonts.lineHeight - 2384.0 * 14 / 2048) < 1e-9)
    }

    /// A truncated font file is refused: it opened, with no line height (three lines of a label
    /// were drawn on top of each other).
    @Test func aTruncatedFontFileIsRefused() throws {
        let dir = try makeScratchDirectory("schematic-font")
        let whole = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        let path = dir + "/truncated.ttf"
        try whole.prefix(1000).write(to: URL(fileURLWithPath: path))
        #expect(throws: FontError("\(path) has no usable metrics (no line height or no glyphs): is the font file complete?")) {
            try FontSet(file: path, size: 13)
        }
        let complete = try FontSet(file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 13)
        #expect(complete.lineHeight > 0)
    }

    @Test func advancesAndKerningComeFromTheFont() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        #expect(measurer.width(of: "") == 0)
        #expect(measurer.width(of: "Root") == Double(1331 + 1253 + 1253 + 803) * 14 / 2048)
        #expect(measurer.width(of: "AV") == Double(1270 + 1401) * 14 / 2048)
        #expect(measurer.width(of: "AV") < measurer.width(of: "A") + measurer.width(of: "V"))
        #expect(measurer.width(of: "a\tb") == measurer.width(of: "a b"))
    }

    @Test func sizeScalesLinearly() throws {
        let big = try FontSet(family: "DejaVu Sans", size: 28)
        let small = TextMeasurer(fonts: Self.fonts).width(of: "Schematic")
        #expect(abs(TextMeasurer(fonts: big).width(of: "Schematic") - 2 * small) < 1e-9)
    }

    @Test func charactersTheFontLacksAreMeasuredInAFallback() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        // DejaVu Sans has no CJK; a fallback font draws them at about one em each, not the
        // missing-glyph box DejaVu would give.
        let cjk = measurer.width(of: "日本語")
        #expect(cjk > 3 * 14 * 0.8 && cjk < 3 * 14 * 1.2)
        let accented = measurer.width(of: "Käse")
        #expect(accented > measurer.width(of: "Kase") - 0.01)
    }

    @Test func explicitBreaksAndWrapping() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        let two = measurer.measure("first\nsecond")
        #expect(two.lines == ["first", "second"])
        #expect(two.height == 2 * Self.fonts.lineHeight)
        #expect(two.width == measurer.width(of: "second"))

        let wrapped = measurer.measure("the quick brown fox jumps over the lazy dog", maxWidth: 100)
        #expect(wrapped.lines.count > 2)
        #expect(wrapped.lines.joined(separator: " ") == "the quick brown fox jumps over the lazy dog")
        for line in wrapped.lines { #expect(measurer.width(of: Substring(line)) <= 100) }
        #expect(wrapped.width <= 100)

        #expect(measurer.measure("short", maxWidth: 100).lines == ["short"])

        // A command's option keeps its inner hyphens where it fits a line ("--all-" / "targets").
        for width in stride(from: 120.0, through: 260, by: 10) {
            let lines = measurer.measure("cargo clippy --all-targets -- -D warnings", maxWidth: width).lines
            #expect(!lines.contains { $0.hasSuffix("--all-") } && lines.joined(separator: " ") == "cargo clippy --all-targets -- -D warnings", "\(width): \(lines)")
            let other = measurer.measure("cargo clippy --all-targets -- -D warnings\u{a0}é", maxWidth: width).lines  // the general path
            #expect(!other.contains { $0.hasSuffix("--all-") }, "\(width): \(other)")
        }
        #expect(measurer.measure("a self-evident truth", maxWidth: 60).lines.contains { $0.hasSuffix("self-") })

        // Korean breaks at spaces, never between a word's syllables; Japanese between characters.
        let korean = measurer.measure("국제 표준화 기구 라벨 목록", maxWidth: 60).lines
        #expect(korean.count > 1 && korean.joined(separator: " ") == "국제 표준화 기구 라벨 목록", "\(korean)")
        let japanese = measurer.measure("日本語のラベルです日本語のラベルです", maxWidth: 60).lines
        #expect(japanese.count > 1 && japanese.joined() == "日本語のラベルです日本語のラベルです")
    }

    @Test func longWordsBreakAtIdentifierBoundariesThenAnywhere() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        let snake = measurer.measure("very_long_identifier_name_here", maxWidth: 120).lines
        #expect(snake.count > 1 && snake.joined() == "very_long_identifier_name_here")
        for line in snake.dropLast() { #expect(line.hasSuffix("_")) }
        for line in snake { #expect(measurer.width(of: Substring(line)) <= 120) }
        // Never after a name's leading underscore ("concurrent.futures._" ended a line).
        for width in stride(from: 100.0, through: 260, by: 10) {  // (narrower, words are cut between characters)
            let lines = measurer.measure("concurrent.futures._base.BrokenExecutor", maxWidth: width).lines
            #expect(lines.allSatisfy { !$0.hasSuffix("._") && $0 != "_" }, "\(width): \(lines)")
        }
        // A dotted name breaks at its last dot that fits, not inside the camel-case name after
        // it ("email.errors.Header" / "MissingRequiredValue" read as two words).
        #expect(measurer.measure("email.errors.HeaderMissingRequiredValue", maxWidth: 240).lines
                == ["email.errors.", "HeaderMissingRequiredValue"])
        #expect(measurer.measure("xml.etree.ElementInclude.FatalIncludeError", maxWidth: 240).lines
                == ["xml.etree.ElementInclude.", "FatalIncludeError"])
        // (Nor where the name after the dot is broken anyway: no line more for it.)
        #expect(measurer.measure("email.errors.FirstHeaderLineIsContinuationDefect", maxWidth: 240).lines.count == 2)
        // A call breaks after its opening parenthesis, not inside the function's name
        // ("crypto.checkPrime" / "Sync(candidate[, options])", a Node.js API's outline).
        #expect(measurer.measure("crypto.checkPrimeSync(candidate[, options])", maxWidth: 240).lines
                == ["crypto.checkPrimeSync(", "candidate[, options])"])
        // Before optional arguments too ("request.setSocketKeep" / "Alive([enable]…" in Node.js's http outline).
        #expect(measurer.measure("request.setSocketKeepAlive([enable][, initialDelay])", maxWidth: 240).lines
                == ["request.setSocketKeepAlive(", "[enable][, initialDelay])"])
        // (The same past the ASCII path: an accent in the name before the parenthesis.)
        #expect(measurer.measure("request.setSocketKeepAlivé([enable][, initialDelay])", maxWidth: 240).lines
                == ["request.setSocketKeepAlivé(", "[enable][, initialDelay])"])
        // (Not after a parenthesis that opens a word, nor before a space.)
        #expect(LineBreaker.asciiSegment(of: "(ab", from: "(ab".startIndex, insideIdentifiers: true)?.range.upperBound
                == "(ab".endIndex)
        // (Not where that leaves the line nearly empty: "a." alone.)
        #expect(measurer.measure("a.ConnectionAbortedErrorHandlerFactory", maxWidth: 200).lines.first != "a.")
        let camel = measurer.measure("ConnectionAbortedError", maxWidth: 140).lines
        // (Balanced: "ConnectionAborted" and "Error" as greedy breaking has them would be broader.)
        #expect(camel == ["Connection", "AbortedError"], "camel case breaks between words, not letters")
        let unbroken = measurer.measure("Supercalifragilisticexpialidocious", maxWidth: 80)
        #expect(unbroken.lines.joined() == "Supercalifragilisticexpialidocious")
        for line in unbroken.lines { #expect(measurer.width(of: Substring(line)) <= 80) }
        let cjk = measurer.measure("日本語のラベルはスペースなしで折り返す", maxWidth: 100)
        #expect(cjk.lines.count > 1 && cjk.lines.joined() == "日本語のラベルはスペースなしで折り返す")
    }

    /// Breaks inside identifiers are for words too wide for the line: a word that fits moves
    /// to the next line whole (`"macOS";` was split `"mac` / `OS";`, `RUNNER_OS` at its `_`).
    @Test func wordsThatFitAreNotBrokenInside() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        let command = measurer.measure("if test \"$RUNNER_OS\" == \"macOS\"; then brew install", maxWidth: 200).lines
        #expect(command.joined(separator: " ") == "if test \"$RUNNER_OS\" == \"macOS\"; then brew install")
        #expect(command.contains { $0.contains("\"macOS\";") } && command.contains { $0.contains("\"$RUNNER_OS\"") })
        #expect(measurer.measure("module email.headerregistry.Message", maxWidth: 220).lines == ["module", "email.headerregistry.Message"])
    }

    @Test func unbrokenLongLabelsAreCutToTheMaximumLinesWithAnEllipsis() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        let word = String(repeating: "abcdefghij", count: 20_000)
        let measured = measurer.measure(word, maxWidth: 240)
        #expect(measured.lines.count == TextMeasurer.maximumLines)
        #expect(measured.height == Double(TextMeasurer.maximumLines) * Self.fonts.lineHeight)
        #expect(measured.lines.last!.hasSuffix("…"))
        for line in measured.lines { #expect(measurer.width(of: Substring(line)) <= 240) }
        #expect(word.hasPrefix(String(measured.lines.joined().dropLast())))
        let size = measurer.measureSize(word, maxWidth: 240)
        #expect(size.wrappedLines == measured.lines)
        #expect(size.size.height == measured.height)
    }

    @Test func explicitLinesBeyondTheMaximumAreElided() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        let label = Array(repeating: "line", count: TextMeasurer.maximumLines + 50).joined(separator: "\n")
        let measured = measurer.measure(label)
        #expect(measured.lines.count == TextMeasurer.maximumLines)
        #expect(measured.lines.last == "line…")
        #expect(measurer.measureSize(label).wrappedLines == measured.lines)
        // Up to the maximum, explicit lines are kept as they are.
        let fitting = Array(repeating: "line", count: TextMeasurer.maximumLines).joined(separator: "\n")
        #expect(measurer.measureSize(fitting).wrappedLines == nil)
    }

    /// Counts the characters the breaker measures: a line's worth per line, never the rest of
    /// the text again (which made a 100,000-character word take 32 s).
    @Test func breakingALongWordMeasuresLinearly() {
        let word = Substring(String(repeating: "x", count: 20_000))
        var measured = 0
        let result = LineBreaker.wrap(word, maxWidth: 240) { text in
            measured += text.utf8.count
            return Double(text.utf8.count) * 8
        }
        #expect(result.lines.count == 20_000 / 30 + 1 && !result.truncated)
        #expect(result.lines.allSatisfy { $0.utf8.count <= 30 })
        #expect(result.lines.joined() == word)
        #expect(measured < 60 * word.utf8.count, "measured \(measured) characters for \(word.utf8.count)")
    }

    /// Ten points a character: widths in whole characters.
    static func monospaced(_ text: Substring) -> Double { Double(text.count) * 10 }

    /// Lines are balanced at the least width that keeps their number, as `text-wrap: balance`.
    @Test func wrappedLinesAreBalanced() {
        let greedy = LineBreaker.wrap("aaaa bbbb cccc dddd e", maxWidth: 190, width: Self.monospaced)
        #expect(greedy.lines == ["aaaa bbbb cccc dddd", "e"])
        let balanced = LineBreaker.balancedWrap("aaaa bbbb cccc dddd e", maxWidth: 190, width: Self.monospaced)
        #expect(balanced.lines == ["aaaa bbbb", "cccc dddd e"] && !balanced.truncated)
        // Three lines stay three.
        let three = LineBreaker.balancedWrap("aa bb cc dd ee ff gg hh ii", maxWidth: 110, width: Self.monospaced)
        #expect(three.lines == ["aa bb cc", "dd ee ff", "gg hh ii"])
        // A line that fits is left alone.
        #expect(LineBreaker.balancedWrap("short", maxWidth: 190, width: Self.monospaced).lines == ["short"])
    }

    /// Balancing breaks a word the greedy lines keep whole only at an identifier's dot or
    /// underscore, where lines left uneven become a quarter narrower; never between a camel-case
    /// name's words, nor between characters.
    @Test func balancingBreaksNoWordTheGreedyLinesKeep() {
        let name = "vnd.ms-excel.addin.macroenabled.12.xml"
        let greedy = LineBreaker.wrap(name[...], maxWidth: 320, width: Self.monospaced)
        #expect(greedy.lines == ["vnd.ms-", "excel.addin.macroenabled.12.xml"])
        #expect(LineBreaker.balancedWrap(name[...], maxWidth: 320, width: Self.monospaced).lines == ["vnd.ms-excel.addin.", "macroenabled.12.xml"])
        // Not where it narrows the lines by less than a quarter.
        let closer = "vnd.mse-excel.addin.bin"
        #expect(LineBreaker.balancedWrap(closer[...], maxWidth: 200, width: Self.monospaced).lines == ["vnd.mse-", "excel.addin.bin"])
        // Nor between a camel-case name's words.
        let email = "email.errors.HeaderMissingRequiredValue"
        #expect(LineBreaker.balancedWrap(email[...], maxWidth: 300, width: Self.monospaced).lines == ["email.errors.", "HeaderMissingRequiredValue"])
        // "ab Connection" and "Aborted" would be narrower, but break a word that fits.
        let camel = "ab ConnectionAborted"
        #expect(LineBreaker.balancedWrap(camel[...], maxWidth: 190, width: Self.monospaced).lines == ["ab", "ConnectionAborted"])
        // A word broken inside by the greedy lines is broken as often, where the lines even out.
        let chart = "vnd.oasis.opendocument.chart.xml"
        #expect(LineBreaker.wrap(chart[...], maxWidth: 300, width: Self.monospaced).lines == ["vnd.oasis.opendocument.chart.", "xml"])
        #expect(LineBreaker.balancedWrap(chart[...], maxWidth: 300, width: Self.monospaced).lines == ["vnd.oasis.", "opendocument.chart.xml"])
        // Cut between characters as often as greedy breaking cuts it, in even halves.
        let word = String(repeating: "x", count: 25)
        #expect(LineBreaker.wrap(word[...], maxWidth: 200, width: Self.monospaced).lines.map(\.count) == [20, 5])
        #expect(LineBreaker.balancedWrap(word[...], maxWidth: 200, width: Self.monospaced).lines.map(\.count) == [13, 12])
    }

    /// A hyphen or slash that begins a word is no break (UAX #14's LB20a): a command line's
    /// `-U` stays whole (a YAML workflow's `pip install -` ended a line, `U pip` began the
    /// next), as do `--upgrade` and `/usr`; inside a word they break as before.
    @Test func noBreakAfterAHyphenOrSlashBeginningAWord() {
        let command = "pip install -U pip"
        #expect(LineBreaker.wrap(command[...], maxWidth: 130, width: Self.monospaced).lines == ["pip install", "-U pip"])
        let long = "pip --upgrade"
        #expect(LineBreaker.wrap(long[...], maxWidth: 90, width: Self.monospaced).lines == ["pip", "--upgrade"])
        let path = "in /usr/share"
        #expect(LineBreaker.wrap(path[...], maxWidth: 60, width: Self.monospaced).lines == ["in", "/usr/", "share"])
        let name = "x86_64-linux-gnu"
        #expect(LineBreaker.wrap(name[...], maxWidth: 110, width: Self.monospaced).lines == ["x86_64-", "linux-gnu"])
        // The same from the general path (an ideographic space before: not plain ASCII).
        let spaced = "ab\u{3000}-U x"
        #expect(LineBreaker.wrap(spaced[...], maxWidth: 40, width: Self.monospaced).lines == ["ab", "-U x"])
    }

    /// An option's dash after a bracket or quote begins a word too (a manual's `readarray
    /// [-|O origin]`, `compopt [-|DEI]`), and a run of dashes or slashes inside a word breaks
    /// only after its last (not `git-credential-cache-|-daemon`, `see http:/|/`), on both paths.
    @Test func noBreakAfterAnOptionsDashInBracketsNorInsideARunOfDashes() {
        let options = "ab [-Oxy]"
        #expect(LineBreaker.wrap(options[...], maxWidth: 60, width: Self.monospaced).lines == ["ab", "[-Oxy]"])
        let quoted = "x (\"-n\")"
        #expect(LineBreaker.wrap(quoted[...], maxWidth: 60, width: Self.monospaced).lines == ["x", "(\"-n\")"])
        let daemon = "git-credential-cache--daemon"
        #expect(LineBreaker.wrap(daemon[...], maxWidth: 210, width: Self.monospaced).lines == ["git-credential-", "cache--daemon"])
        let url = "see http://example.org"
        #expect(LineBreaker.wrap(url[...], maxWidth: 100, width: Self.monospaced).lines == ["see", "http://", "example.", "org"])
        // The general path (an ideographic space first: not plain ASCII).
        let general = "ab\u{3000}[-Oxy] x cache--daemon"
        #expect(LineBreaker.wrap(general[...], maxWidth: 70, width: Self.monospaced).lines == ["ab", "[-Oxy]", "x", "cache--", "daemon"])
    }

    /// Lines cut at the most lines a label has are left greedy (they are not all drawn).
    @Test func truncatedLinesAreNotBalanced() {
        let text = "aa bb cc dd ee ff"
        let cut = LineBreaker.balancedWrap(text[...], maxWidth: 50, maxLines: 2, width: Self.monospaced)
        #expect(cut.truncated && cut.lines == ["aa bb", "cc dd"])
    }

    @Test func longTextsWithSpacesWrapAsShortOnesDo() {
        let measurer = TextMeasurer(fonts: Self.fonts)
        let sentence = "the quick brown fox jumps over the lazy dog "
        // Both cut at the most lines (so neither balanced): the long one measured by prefixes.
        let short = measurer.measure(String(repeating: sentence, count: 6), maxWidth: 120).lines
        let long = measurer.measure(String(repeating: sentence, count: 100), maxWidth: 120).lines
        #expect(short.count == TextMeasurer.maximumLines)
        #expect(Array(long.dropLast()) == Array(short.dropLast()))
        #expect(long.count == TextMeasurer.maximumLines)
    }
}

@Suite struct MissingGlyphTests {
    @Test func messageNamesFiveCharactersAndThePackages() throws {
        let scalars = "কখগঘঙচ\u{0780}\u{0F40}".unicodeScalars.map { $0 }
        let message = try #require(FontPackages.missingGlyphsMessage(scalars))
        #expect(message == "no installed font has these characters, drawn as empty boxes: U+0995 'ক', U+0996 'খ', U+0997 'গ', "
            + "U+0998 'ঘ', U+0999 'ঙ' and 3 more; install fonts-beng or fonts-noto-core (Bengali), fonts-noto-core (Thaana), "
            + "fonts-tibetan-machine or fonts-noto-core (Tibetan)")
        #expect(FontPackages.missingGlyphsMessage([]) == nil)
        #expect(FontPackages.suggestion(for: "A") == nil)
    }

    /// Coverage comes from fontconfig: a character is missing exactly when no font in the
    /// fallback list has it; controls and format characters never count.
    @Test func fontSetRecordsCharactersNoFontHas() throws {
        let fonts = try FontSet(family: "DejaVu Sans", size: 14)
        let measurer = TextMeasurer(fonts: fonts)
        _ = measurer.width(of: "Käse 日本 \u{200B}\u{0995}")
        let missing = fonts.missingCharacters
        #expect(!missing.contains("ä") && !missing.contains("日") && !missing.contains("\u{200B}"))
        #expect(missing.allSatisfy { $0 == "\u{0995}" })
        #expect(fonts.substitution == nil)
        #expect(try FontSet(family: "No Such Family Anywhere", size: 14).substitution != nil)
        #expect(try FontSet(family: "sans-serif", size: 14).substitution == nil)
    }

    /// A character no font has takes the room Pango's hex box does (PNG and PDF draw one,
    /// wider than the font's missing-glyph box): labels of them stay in their boxes there.
    @Test func missingCharactersTakeTheRoomOfPangosHexBox() throws {
        let fonts = try FontSet(family: "DejaVu Sans", size: 14)
        let measurer = TextMeasurer(fonts: fonts)
        // Egyptian hieroglyphs, Adlam, Javanese: scripts no font make deps installs has.
        let candidates: [Unicode.Scalar] = ["\u{13000}", "\u{1E900}", "\u{A9B2}"]
        for scalar in candidates { _ = measurer.width(of: Substring(String(scalar))) }
        let missing = try #require(candidates.first { fonts.missingCharacters.contains($0) })
        let box = MissingGlyphBox.hexBoxWidth(of: missing.value, fontSize: 14)
        // What dot -Txdot says Pango draws at 14 px: 14.4 px for four digits, 20 for six.
        #expect(box >= (missing.value > 0xFFFF ? 20 : 14.4) && box <= (missing.value > 0xFFFF ? 21 : 15.4))
        let four = measurer.width(of: Substring(String(repeating: String(missing), count: 4)))
        #expect(abs(four - 4 * box) < 0.01)
        // Between characters a font has, the box adds its own width and nothing else.
        let framed = measurer.width(of: Substring("ab" + String(missing) + "cd"))
        #expect(abs(framed - (measurer.width(of: "abcd") + box)) < 1.5)
        #expect(MissingGlyphBox.hexBoxWidth(of: 0x915, fontSize: 10) >= 12.9)
        #expect(MissingGlyphBox.hexBoxWidth(of: 0x915, fontSize: 28) >= 25.6)
    }

    /// Words are found byte by byte in printable ASCII, character by character otherwise: both
    /// find the same words in random text of letters, digits, spaces, tabs and the characters
    /// that break (- / _ .), from every start; and the byte path leaves other text to the other.
    @Test func asciiWordsAreFoundAsCharactersAre() {
        var generator = SplitMix64(seed: 27)
        let alphabet = Array("aZ9 -/_.\tbQ.x_-yy Zz(")
        for _ in 0..<300 {
            let text = Substring(String((0..<Int.random(in: 1...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
            for identifiers in [false, true] {
                var start = text.startIndex
                while start < text.endIndex {
                    let bytes = LineBreaker.asciiSegment(of: text, from: start, insideIdentifiers: identifiers)
                    let characters = LineBreaker.characterSegment(of: text, from: start, insideIdentifiers: identifiers)
                    #expect(bytes?.range == characters.range && bytes?.isCut == characters.isCut, "\(text.debugDescription) from byte \(text.utf8.distance(from: text.startIndex, to: start))")
                    start = text.index(after: start)
                }
            }
        }
        // Not printable ASCII (a no-break space, an ideograph, a combining mark next): the other path's.
        for text: Substring in ["a-\u{A0}b", "ab\u{4E00}", "e\u{301}x", "a\rb"] {
            #expect(LineBreaker.asciiSegment(of: text, from: text.startIndex, insideIdentifiers: true) == nil, "\(text.debugDescription)")
        }
    }
}

/// Labels fitted to boxes of a fixed size (`TextMeasurer.fittedLines`).
@Suite struct FixedBoxTests {
    /// Fixed boxes (`fittedLines`): a label that fits is left alone; one too wide is wrapped to
    /// the width in at most the lines given, every line within the width, and where text is
    /// left the last line holds as much of it as fits before its "…" (a one-line box shows the
    /// label's beginning, not its first word).
    @Test func labelsFitFixedBoxes() {
        let measurer = TextMeasurer(fonts: TextMeasurerTests.fonts)
        #expect(measurer.fittedLines("catalog", maxWidth: 96, maxLines: 1) == nil)
        #expect(measurer.fittedLines("two\nlines", maxWidth: 96, maxLines: 2) == nil)
        let label = "systemd.be@latin.catalog and a few more words after it"
        for (width, lines) in [(96.0, 1), (96, 2), (200, 2), (30, 3), (8, 1)] {
            let fitted = measurer.fittedLines(label, maxWidth: width, maxLines: lines)
            #expect(fitted != nil && fitted!.count <= lines, "\(width) x \(lines): \(fitted ?? [])")
            for line in fitted ?? [] { #expect(measurer.width(of: Substring(line)) <= width || line == "…", "\(line) at \(width)") }
            #expect(fitted?.last?.hasSuffix("…") == true)
        }
        // One line: the beginning of the label, not its first word alone.
        let one = measurer.fittedLines(label, maxWidth: 96, maxLines: 1)!
        #expect(one[0].hasPrefix("systemd.be"), "\(one)")
        // More explicit lines than the box holds: the last kept one ends with "…".
        #expect(measurer.fittedLines("a\nb\nc", maxWidth: 96, maxLines: 2) == ["a", "b…"])
        // Enough lines: wrapped, nothing cut.
        let wrapped = measurer.fittedLines("alpha beta gamma", maxWidth: 60, maxLines: 5)!
        #expect(wrapped.joined(separator: " ") == "alpha beta gamma" && wrapped.count > 1, "\(wrapped)")
    }
}
