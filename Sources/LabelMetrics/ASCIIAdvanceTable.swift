import CTextShaping

/// The advance of each additive ASCII character and the adjustment of each pair of them, in
/// font units, for lines of one script in the primary font: each filled in the first time a
/// line needs it, by shaping that character or pair with HarfBuzz exactly as a line of that
/// script is shaped. A line of additive characters then costs a table look-up per character
/// instead of a shaping (see `AdditiveASCII` for why the sums are HarfBuzz's to the unit).
///
/// One table per measurer and script (it owns a HarfBuzz buffer and fills itself in as it
/// goes); the font is analysed when a line first needs the table.
final class ASCIIAdvanceTable {
    private static let unknown = Int32.min
    private static let notAdditive = Int32.min + 1
    /// Slot 0 (a control character, never looked up) holds the table's state.
    private static let unprepared: Int32 = 0, ready: Int32 = 1, unavailable: Int32 = 2

    private let fonts: FontSet
    private let script: ASCIIScript
    private let buffer: OpaquePointer
    /// 128 advances, then 128 × 128 pair adjustments (`128 + (first << 7 | second)`); kept
    /// behind a pointer so that the hot loop pays no exclusivity checks.
    private let values: UnsafeMutablePointer<Int32>

    init(fonts: FontSet, script: ASCIIScript) {
        self.fonts = fonts
        self.script = script
        buffer = hb_buffer_create()
        values = .allocate(capacity: 128 + 128 * 128)
        values[0] = Self.unprepared
    }

    deinit {
        values.deallocate()
        hb_buffer_destroy(buffer)
    }

    /// Marks what the font's analysis proves additive; false when nothing is.
    private func prepare() -> Bool {
        guard let additivity = fonts.additiveASCII(script) else {
            values[0] = Self.unavailable
            return false
        }
        for byte in 1..<128 { values[byte] = additivity.isAdditive[byte] ? Self.unknown : Self.notAdditive }
        for pair in 0..<(128 * 128) { values[128 + pair] = additivity.startsLigature[pair] ? Self.notAdditive : Self.unknown }
        values[0] = Self.ready
        return true
    }

    /// The advance of a line of printable ASCII (tabs measured as spaces) in font units, or
    /// nil when a character or pair in it is not additive.
    func advance(of line: UnsafeBufferPointer<UInt8>) -> Int64? {
        if values[0] != Self.ready && (values[0] == Self.unavailable || !prepare()) { return nil }
        var total: Int64 = 0
        var previous = -1
        for byte in line {
            let character = byte == 0x09 ? 0x20 : Int(byte)
            var advance = values[character]
            if advance == Self.unknown {
                advance = Int32(truncatingIfNeeded: shapedAdvance([UInt8(character)]))
                values[character] = advance
            }
            if advance == Self.notAdditive { return nil }
            total += Int64(advance)
            if previous >= 0 {
                let slot = 128 + (previous << 7 | character)
                var adjustment = values[slot]
                if adjustment == Self.unknown {
                    let pair = shapedAdvance([UInt8(previous), UInt8(character)]) - Int64(values[previous]) - Int64(advance)
                    adjustment = Int32(clamping: pair)
                    // An adjustment beyond Int32 (never in a real font) is left to HarfBuzz.
                    if Int64(adjustment) != pair || adjustment == Self.unknown { adjustment = Self.notAdditive }
                    values[slot] = adjustment
                }
                if adjustment == Self.notAdditive { return nil }
                total += Int64(adjustment)
            }
            previous = character
        }
        return total
    }

    /// HarfBuzz's advance of `text`, shaped as a whole line of this table's script is.
    private func shapedAdvance(_ text: [UInt8]) -> Int64 {
        Self.setUp(buffer, text, script: script)
        hb_shape(fonts.primary.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var advance: Int64 = 0
        for index in 0..<Int(count) { advance += Int64(positions[index].x_advance) }
        return advance
    }

    /// Fills `buffer` with `text` and the segment properties HarfBuzz guesses for a line of
    /// `script`: Latin for a line with a letter, none for one without (then `text` has no letter).
    static func setUp(_ buffer: OpaquePointer, _ text: [UInt8], script: ASCIIScript) {
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
