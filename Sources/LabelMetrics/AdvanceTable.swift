import CTextShaping

/// The advance of each additive character (printable ASCII, Latin-1, Latin Extended-A and B)
/// and the adjustment of each pair of them, in font units, for lines of one script in the
/// primary font: each filled in the first time a line needs it, by shaping that character or
/// pair with HarfBuzz exactly as a line of that script is shaped. A line of additive
/// characters then costs a table look-up per character instead of a shaping (see
/// `AdditiveCharacters` for why the sums are HarfBuzz's to the unit).
///
/// One table per measurer, script and alphabet (it owns a HarfBuzz buffer and fills itself in as it
/// goes); the font is analysed when a line first needs the table, and a row of pair
/// adjustments is made when a line first has a pair starting with that character.
final class AdvanceTable {
    private static let unknown = Int32.min
    private static let notAdditive = Int32.min + 1
    private static let size = AdditiveCharacters.alphabetSize
    private enum State { case unprepared, ready, unavailable }

    private let fonts: FontSet
    private let script: LineScript
    private let alphabet: Alphabet
    private let buffer: OpaquePointer
    private var state = State.unprepared
    private var additivity: AdditiveCharacters?
    /// Per character, its advance; kept behind pointers so that the hot loop pays no
    /// exclusivity checks.
    private let advances: UnsafeMutablePointer<Int32>
    /// Per first character, nil or its row of pair adjustments.
    private let pairRows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>

    init(fonts: FontSet, script: LineScript, alphabet: Alphabet) {
        self.fonts = fonts
        self.script = script
        self.alphabet = alphabet
        buffer = hb_buffer_create()
        advances = .allocate(capacity: Self.size)
        pairRows = .allocate(capacity: Self.size)
        pairRows.initialize(repeating: nil, count: Self.size)
    }

    deinit {
        for first in 0..<Self.size { pairRows[first]?.deallocate() }
        pairRows.deallocate()
        advances.deallocate()
        hb_buffer_destroy(buffer)
    }

    /// Marks what the font's analysis proves additive; false when nothing is.
    private func prepare() -> Bool {
        guard let additivity = fonts.additiveCharacters(script, alphabet) else {
            state = .unavailable
            return false
        }
        self.additivity = additivity
        for character in 0..<Self.size { advances[character] = additivity.isAdditive[character] ? Self.unknown : Self.notAdditive }
        state = .ready
        return true
    }

    /// The row of adjustments of pairs starting with `first`, made on first use.
    @inline(__always)
    private func pairRow(_ first: Int) -> UnsafeMutablePointer<Int32> {
        if let row = pairRows[first] { return row }
        return makePairRow(first)
    }

    @inline(never)
    private func makePairRow(_ first: Int) -> UnsafeMutablePointer<Int32> {
        let row = UnsafeMutablePointer<Int32>.allocate(capacity: Self.size)
        let ligatures = additivity!.startsLigature
        for second in 0..<Self.size { row[second] = ligatures[first * Self.size + second] ? Self.notAdditive : Self.unknown }
        pairRows[first] = row
        return row
    }

    /// The advance of a line of additive characters (UTF-8; tabs measured as spaces) in font
    /// units, or nil when a character or pair in it is not additive.
    func advance(of line: UnsafeBufferPointer<UInt8>) -> Int64? {
        if state != .ready && (state == .unavailable || !prepare()) { return nil }
        var total: Int64 = 0
        var previous = -1
        var index = 0
        while index < line.count {
            var character = Int(line[index])
            if character >= 0x80 {
                // Two-byte sequences only: every additive character is below U+0800.
                guard character >= 0xC2 && character <= 0xDF, index + 1 < line.count, line[index + 1] & 0xC0 == 0x80 else { return nil }
                character = (character & 0x1F) << 6 | Int(line[index + 1] & 0x3F)
                guard character < Self.size else { return nil }
                index += 2
            } else {
                if character == 0x09 { character = 0x20 }
                index += 1
            }
            var advance = advances[character]
            if advance == Self.unknown {
                advance = shapedAdvance([character], glyphs: [additivity!.glyph[character]]).map { Int32(truncatingIfNeeded: $0) } ?? Self.notAdditive
                advances[character] = advance
            }
            if advance == Self.notAdditive { return nil }
            total += Int64(advance)
            if previous >= 0 {
                let row = pairRow(previous)
                var adjustment = row[character]
                if adjustment == Self.unknown {
                    adjustment = Self.notAdditive
                    if let pair = shapedAdvance([previous, character], glyphs: [additivity!.glyph[previous], additivity!.glyph[character]]) {
                        let value = pair - Int64(advances[previous]) - Int64(advance)
                        // An adjustment beyond Int32 (never in a real font) is left to HarfBuzz.
                        if let exact = Int32(exactly: value), exact != Self.unknown, exact != Self.notAdditive { adjustment = exact }
                    }
                    row[character] = adjustment
                }
                if adjustment == Self.notAdditive { return nil }
                total += Int64(adjustment)
            }
            previous = character
        }
        return total
    }

    /// HarfBuzz's advance of `characters`, shaped as a whole line of this table's script is, or
    /// nil when HarfBuzz does not draw them as `glyphs`, one each (it composed or decomposed them).
    private func shapedAdvance(_ characters: [Int], glyphs: [UInt32]) -> Int64? {
        var utf8: [UInt8] = []
        for character in characters { utf8 += Array(String(Unicode.Scalar(UInt32(character))!).utf8) }
        Self.setUp(buffer, utf8, script: script)
        hb_shape(fonts.primary.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count), let infos = hb_buffer_get_glyph_infos(buffer, nil),
              Int(count) == glyphs.count else { return nil }
        var advance: Int64 = 0
        for index in 0..<Int(count) {
            guard infos[index].codepoint == glyphs[index] else { return nil }
            advance += Int64(positions[index].x_advance)
        }
        return advance
    }

    /// Fills `buffer` with `text` (UTF-8) and the segment properties HarfBuzz guesses for a line
    /// of `script`: Latin for a line with a letter, none for one without (then `text` has no letter).
    static func setUp(_ buffer: OpaquePointer, _ text: [UInt8], script: LineScript) {
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        if script == .latin { hb_buffer_set_script(buffer, HB_SCRIPT_LATIN) }
        hb_buffer_guess_segment_properties(buffer)
    }
}
