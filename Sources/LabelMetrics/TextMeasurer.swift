import CTextShaping

/// A label laid out in lines, with the size of its ink box (advance widths, line heights).
public struct MeasuredLabel: Hashable, Sendable {
    /// The lines, after explicit breaks and wrapping.
    public var lines: [String]
    /// The width of the widest line, in pixels.
    public var width: Double
    /// The number of lines times the line height, in pixels.
    public var height: Double
}

/// Measures labels with HarfBuzz: each line is split into runs by the font that draws each
/// character (primary or fallback), every run is shaped (so kerning and ligatures count), and
/// the advances are summed. Lines of printable ASCII and Latin letters and signs (below U+0250)
/// that the font provably shapes additively (see `AdditiveCharacters`) are summed from tables
/// of per-character advances and per-pair adjustments instead: the same integers, without
/// shaping each line. One measurer per thread: it owns HarfBuzz buffers and those tables.
public final class TextMeasurer {
    /// The fonts labels are measured in.
    public let fonts: FontSet
    private let buffer: OpaquePointer
    private let usesAdditiveTables: Bool
    /// Tables by script, for lines of printable ASCII and for lines with other Latin characters.
    private let latinAdvances: AdvanceTable, commonAdvances: AdvanceTable
    private let extendedLatinAdvances: AdvanceTable, extendedCommonAdvances: AdvanceTable

    public convenience init(fonts: FontSet) {
        self.init(fonts: fonts, usesAdditiveTables: true)
    }

    /// `usesAdditiveTables: false` shapes every line with HarfBuzz (what the tables must equal).
    init(fonts: FontSet, usesAdditiveTables: Bool) {
        self.fonts = fonts
        self.usesAdditiveTables = usesAdditiveTables
        buffer = hb_buffer_create()
        latinAdvances = AdvanceTable(fonts: fonts, script: .latin, alphabet: .ascii)
        commonAdvances = AdvanceTable(fonts: fonts, script: .common, alphabet: .ascii)
        extendedLatinAdvances = AdvanceTable(fonts: fonts, script: .latin, alphabet: .latin)
        extendedCommonAdvances = AdvanceTable(fonts: fonts, script: .common, alphabet: .latin)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The advance width of one line of text, in pixels. Tabs count as spaces, as SVG draws them.
    public func width(of line: Substring) -> Double {
        if let width = line.utf8.withContiguousStorageIfAvailable({ additiveWidth($0) }) ?? nil { return width }
        return shapedWidth(of: line)
    }

    /// The width of a line of additive characters from the tables; nil for any other line.
    private func additiveWidth(_ line: UnsafeBufferPointer<UInt8>) -> Double? {
        guard usesAdditiveTables else { return nil }
        // The script HarfBuzz would give the line: Latin if it has a letter. Only printable
        // ASCII, tabs and two-byte characters below U+0250 can be additive; the table checks
        // each character, this only finds the script.
        var hasLetter = false, isASCII = true
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte >= 0x20 && byte < 0x7F {
                let lowercased = byte | 0x20
                if lowercased >= 0x61 && lowercased <= 0x7A { hasLetter = true }
                index += 1
            } else if byte == 0x09 {
                index += 1
            } else if byte >= 0xC2 && byte <= 0xC9 && index + 1 < line.count {
                let scalar = Int(byte & 0x1F) << 6 | Int(line[index + 1] & 0x3F)
                if scalar < AdditiveCharacters.alphabetSize && AdditiveCharacters.isLatin[scalar] { hasLetter = true }
                isASCII = false
                index += 2
            } else {
                return nil
            }
        }
        let table = isASCII ? (hasLetter ? latinAdvances : commonAdvances) : (hasLetter ? extendedLatinAdvances : extendedCommonAdvances)
        guard let advance = table.advance(of: line) else { return nil }
        // The same expression as `shape`'s, so the same bits.
        return Double(advance) * fonts.size / fonts.primary.unitsPerEm
    }

    /// The width of one line shaped with HarfBuzz, run by run.
    func shapedWidth(of line: Substring) -> Double {
        var utf8 = Array(line.utf8)
        if utf8.isEmpty { return 0 }
        var isASCII = true
        for index in utf8.indices {
            if utf8[index] == 0x09 { utf8[index] = 0x20 }
            if utf8[index] >= 0x80 { isASCII = false }
        }
        // Printable ASCII is all in the primary font (checked when the font set was made).
        if isASCII && fonts.primaryCoversASCII {
            return shape(utf8, 0..<utf8.count, with: fonts.primary)
        }
        var total = 0.0
        // Runs of scalars drawn by one font; marks and joiners stay with the character before.
        var runStart = 0
        var runFont: LoadedFont? = nil
        var offset = 0
        for scalar in line.unicodeScalars {
            let length = scalar.utf8.count
            let font: LoadedFont
            if let current = runFont, scalar.value >= 0x300 && joinsPrevious(scalar) {
                font = current
            } else {
                font = fonts.font(for: scalar.value)
                if font === fonts.primary && !font.hasGlyph(scalar.value) && fonts.isMissing(scalar.value) {
                    // A box of its own, as wide as the widest renderer draws it (`MissingGlyphBox`).
                    if let current = runFont { total += shape(utf8, runStart..<offset, with: current) }
                    let drawn = shape(utf8, offset..<offset + length, with: font)
                    total += max(drawn, MissingGlyphBox.hexBoxWidth(of: scalar.value, fontSize: fonts.size))
                    offset += length
                    runStart = offset
                    runFont = nil
                    continue
                }
            }
            if let current = runFont, current !== font {
                total += shape(utf8, runStart..<offset, with: current)
                runStart = offset
            }
            runFont = font
            offset += length
        }
        if let runFont { total += shape(utf8, runStart..<offset, with: runFont) }
        return total
    }

    /// Combining marks, joiners, variation selectors, skin tones and tag characters belong to
    /// the cluster before them and must be shaped in the same font.
    private func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) || (0x1F3FB...0x1F3FF).contains(value)
            || (0xE0020...0xE007F).contains(value) {
            return true
        }
        let category = scalar.properties.generalCategory
        return category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
    }

    /// Shapes `range` of `utf8` (with the whole line as context) and returns its advance in pixels.
    private func shape(_ utf8: [UInt8], _ range: Range<Int>, with font: LoadedFont) -> Double {
        hb_buffer_clear_contents(buffer)
        utf8.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var advance: Int64 = 0
        for index in 0..<Int(count) { advance += Int64(positions[index].x_advance) }
        return Double(advance) * fonts.size / font.unitsPerEm
    }

    /// The most lines a label is drawn in (a paragraph of about 450 characters at the default
    /// width); a longer one ends its last line with "…" (SVG keeps the whole text as the node's
    /// tooltip). A JSON description of 2,000 characters was a box 1,200 px tall.
    public static let maximumLines = 12

    /// The size of a label's text and, only when they are not just the label's explicit line
    /// breaks, its lines: the allocation-free common case of `measure`.
    public func measureSize(_ label: String, maxWidth: Double? = nil) -> (size: (width: Double, height: Double), wrappedLines: [String]?) {
        if let width = label.utf8.withContiguousStorageIfAvailable({ additiveWidth($0) }) ?? nil,
           maxWidth == nil || label.utf8.count <= LineBreaker.longText {
            // An additive line has no line break.
            if maxWidth.map({ width <= $0 }) ?? true { return ((width, fonts.lineHeight), nil) }
        } else if !label.utf8.contains(0x0A) && (maxWidth == nil || label.utf8.count <= LineBreaker.longText) {
            let width = width(of: label[...])
            if maxWidth.map({ width <= $0 }) ?? true { return ((width, fonts.lineHeight), nil) }
        }
        let (measured, isExplicit) = layOut(label, maxWidth: maxWidth)
        return ((measured.width, measured.height), isExplicit ? nil : measured.lines)
    }

    /// Lays a label out: explicit line breaks (`\n`), then, if `maxWidth` is given, wrapping at
    /// word boundaries in lines of even length (`LineBreaker.balancedWrap`), breaking words
    /// that are wider than `maxWidth` on their own. At most
    /// `maximumLines` lines are kept; the last one kept then ends with "…" (within `maxWidth`),
    /// and the text after it is not measured, so a label of any length is measured in time
    /// proportional to what is drawn.
    public func measure(_ label: String, maxWidth: Double? = nil) -> MeasuredLabel {
        layOut(label, maxWidth: maxWidth).label
    }

    /// A label's lines in a box of fixed size: wrapped to `maxWidth` at word boundaries (words
    /// wider than it broken), at most `maxLines` of them; where text is left, the last line
    /// holds as much of it as fits before a closing "…" (a box of one line shows the label's
    /// beginning, not its first word). Nil where the label fits as it is (its explicit lines,
    /// each within `maxWidth`).
    public func fittedLines(_ label: String, maxWidth: Double, maxLines: Int) -> [String]? {
        let maxLines = max(1, maxLines)
        // (Most labels fit on one line: `measureSize`'s allocation-free path says so.)
        if measureSize(label, maxWidth: maxWidth).wrappedLines == nil && !label.utf8.contains(0x0A) { return nil }
        let paragraphs = label.split(separator: "\n", omittingEmptySubsequences: false)
        if paragraphs.count <= maxLines && paragraphs.allSatisfy({ width(of: $0) <= maxWidth }) { return nil }
        var lines: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let room = maxLines - lines.count
            let wrapped = width(of: paragraph) <= maxWidth ? ([paragraph], false)
                : LineBreaker.wrap(paragraph, maxWidth: maxWidth, maxLines: room, width: width(of:))
            let isLast = index == paragraphs.count - 1
            func trimmed(_ line: Substring) -> String { String(LineBreaker.trimmingTrailingSpaces(line)) }
            guard wrapped.1 || (wrapped.0.count == room && !isLast) else {
                lines += wrapped.0.map(trimmed)
                continue
            }
            // Text is left: the last line runs on from where it starts to the paragraph's end
            // and is cut to fit with its "…".
            lines += wrapped.0.dropLast().map(trimmed)
            let start = wrapped.0.last.map(\.startIndex) ?? paragraph.startIndex
            // (No glyph is under a point wide: what lies beyond maxWidth characters never fits.)
            lines.append(elided(String(paragraph[start...].prefix(Int(maxWidth) + 1)), maxWidth: maxWidth))
            break
        }
        return lines
    }

    /// The measured label, and whether its lines are just its explicit line breaks.
    private func layOut(_ label: String, maxWidth: Double?) -> (label: MeasuredLabel, isExplicit: Bool) {
        var lines: [String] = []
        var widest = 0.0
        var isExplicit = true
        var truncated = false
        let paragraphs = label.split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            if lines.count == Self.maximumLines {
                truncated = true
                break
            }
            if let maxWidth, paragraph.utf8.count > LineBreaker.longText || width(of: paragraph) > maxWidth {
                // Among explicit lines (a script, an address), a wrapped line's continuations
                // hang indented, so that each explicit line's start shows.
                let indent = paragraphs.count > 1 ? Self.hangingIndent(of: paragraph) : ""
                let indentWidth = indent.isEmpty ? 0 : width(of: indent[...])
                let wrapped = LineBreaker.balancedWrap(paragraph, maxWidth: max(maxWidth - indentWidth, maxWidth / 2),
                                                       maxLines: Self.maximumLines - lines.count, width: width(of:))
                if wrapped.lines.count != 1 || wrapped.lines[0] != paragraph { isExplicit = false }
                for (index, piece) in wrapped.lines.enumerated() {
                    let line = index == 0 ? String(piece) : indent + piece
                    widest = max(widest, width(of: line[...]))
                    lines.append(line)
                }
                if wrapped.truncated {
                    truncated = true
                    break
                }
            } else {
                widest = max(widest, width(of: paragraph))
                lines.append(String(paragraph))
            }
        }
        if truncated {
            isExplicit = false
            let last = elided(lines.removeLast(), maxWidth: maxWidth)
            lines.append(last)
            widest = lines.reduce(0) { max($0, width(of: $1[...])) }
        }
        return (MeasuredLabel(lines: lines, width: widest, height: Double(lines.count) * fonts.lineHeight), isExplicit)
    }

    /// The indentation of a wrapped explicit line's continuations: its own, and two spaces more.
    static func hangingIndent(of paragraph: Substring) -> String {
        String(paragraph.prefix { $0 == " " || $0 == "\t" }) + "  "
    }

    /// A line ending in "…", shortened (and its trailing spaces dropped) until it fits `maxWidth`.
    private func elided(_ line: String, maxWidth: Double?) -> String {
        var kept = LineBreaker.trimmingTrailingSpaces(line[...])
        while !kept.isEmpty, let maxWidth, width(of: (String(kept) + "…")[...]) > maxWidth {
            kept = LineBreaker.trimmingTrailingSpaces(kept.dropLast())
        }
        return String(kept) + "…"
    }
}
