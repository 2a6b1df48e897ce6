import CTextShaping

/// The script HarfBuzz gives a line of additive characters (`hb_buffer_guess_segment_properties`):
/// a line with a letter is Latin (every letter below U+0250 is); one without (digits,
/// punctuation, symbols, spaces) has no script.
enum LineScript: Int, CaseIterable, Sendable {
    case latin, common
}

/// The characters a table may hold. Lines of printable ASCII (most labels) are proved on
/// their own, so that the cheap ASCII analysis is all most drawings pay for at start-up; a
/// proof over the larger alphabet may find fewer of the ASCII characters additive (a rule that
/// needs an accented letter can fire only in lines that have one).
enum Alphabet: Int, CaseIterable, Sendable {
    case ascii, latin
}

/// The characters, among printable ASCII and the Latin-1, Latin Extended-A and B blocks, that a
/// font shapes *additively* in a line of such characters: HarfBuzz substitutes none of their
/// glyphs, and its positioning only adds, to each glyph's advance, a value of the glyph itself
/// and of the glyph after it. The width of such a line is then exactly the sum of each
/// character's advance when shaped alone plus, for each adjacent pair, what shaping the pair
/// adds — the same integers HarfBuzz sums.
///
/// Proved from the font, for the lookups of the shape plan HarfBuzz would use:
/// - the shaper is HarfBuzz's OpenType one, and the font has no AAT or Graphite tables;
/// - the glyph is a base (or unclassified) glyph in GDEF, so no lookup skips it;
/// - no GSUB lookup can start a match at it in a line of additive characters (contextual
///   rules are checked position by position; a ligature's first two glyphs are recorded as a
///   pair after which lines are shaped instead);
/// - every GPOS lookup that can touch it adjusts single glyphs (type 1), adjacent pairs
///   without a second value (type 2: HarfBuzz then moves on to the second glyph, so every
///   adjacent pair is seen) or attaches marks (types 4–6: offsets, never advances);
/// - a legacy `kern` table, which HarfBuzz may apply instead of GPOS kerning, has only pair
///   subtables (formats 0 and 2), applied to each adjacent pair.
/// A precomposed letter (é) is shaped as its own glyph only when the font has it (`AdvanceTable`
/// checks the glyph HarfBuzz puts out); control and format characters (the soft hyphen, which
/// HarfBuzz hides and skips when pairing) are never candidates. Anything this does not
/// recognise leaves the characters it touches to HarfBuzz.
struct AdditiveCharacters: Sendable {
    /// Characters are indexed by their scalar value, below this.
    static let alphabetSize = 0x250
    /// Per character: whether it is additive.
    var isAdditive: [Bool]
    /// Per character: the glyph the font maps it to (0 when not additive).
    var glyph: [UInt32]
    /// Per pair (`first * alphabetSize + second`): whether a ligature may start there.
    var startsLigature: [Bool]

    /// Whether a scalar may be additive at all: printable, not a control, format or combining character.
    static func isCandidate(_ scalar: Int, in alphabet: Alphabet) -> Bool {
        (0x20...0x7E).contains(scalar) || (alphabet == .latin && (0xA0..<alphabetSize).contains(scalar) && scalar != 0xAD)
    }

    /// Per character below `alphabetSize`: whether HarfBuzz counts it as a Latin letter (its
    /// script is Latin, so a line holding it is shaped as Latin).
    static let isLatin: [Bool] = {
        let functions = hb_unicode_funcs_get_default()
        return (0..<alphabetSize).map { hb_unicode_script(functions, hb_codepoint_t($0)) == HB_SCRIPT_LATIN }
    }()

    /// Analyses `font` for lines of `script`; nil when no character can be proved additive.
    static func analyze(_ font: LoadedFont, script: LineScript, alphabet: Alphabet) -> AdditiveCharacters? {
        let face = font.face
        for tag in ["morx", "mort", "kerx", "trak", "Silf"] where !OpenTypeTable(face: face, tag: tag).isEmpty { return nil }
        let kern = OpenTypeTable(face: face, tag: "kern")
        if !kern.isEmpty && (try? legacyKerningIsPairwise(kern)) != true { return nil }

        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        AdvanceTable.setUp(buffer, [script == .latin ? 0x61 : 0x31], script: script)
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        guard let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil) else { return nil }
        defer { hb_shape_plan_destroy(plan) }
        guard let shaper = hb_shape_plan_get_shaper(plan), String(cString: shaper) == "ot" else { return nil }

        var analysis = Analysis(font: font, alphabet: alphabet)
        if analysis.glyphs.isEmpty { return nil }
        do {
            try analysis.substitutions(plan)
            try analysis.positionings(plan)
        } catch {
            return nil
        }
        var result = AdditiveCharacters(isAdditive: Array(repeating: false, count: alphabetSize),
                                        glyph: Array(repeating: 0, count: alphabetSize), startsLigature: analysis.startsLigature)
        for (character, glyph) in analysis.glyphs {
            result.isAdditive[character] = true
            result.glyph[character] = glyph
        }
        return result.isAdditive.contains(true) ? result : nil
    }

    /// Whether every subtable of a legacy `kern` table is a pair table HarfBuzz applies to
    /// adjacent pairs (OpenType version 0, formats 0 and 2); Apple's version 1 may hold state machines.
    private static func legacyKerningIsPairwise(_ table: OpenTypeTable) throws(MalformedTable) -> Bool {
        guard try table.u16(0) == 0 else { return false }
        var offset = 4
        for _ in 0..<(try table.u16(2)) {
            let format = try table.u8(offset + 4)
            guard format == 0 || format == 2 else { return false }
            let length = try table.u16(offset + 2)
            guard length >= 6 else { throw MalformedTable() }
            offset += length
        }
        return true
    }
}

/// The proof's working state: the characters still believed additive, by glyph.
private struct Analysis {
    /// (character, glyph) of each character still additive.
    var glyphs: [(character: Int, glyph: UInt32)] = []
    var startsLigature = Array(repeating: false, count: AdditiveCharacters.alphabetSize * AdditiveCharacters.alphabetSize)
    let face: OpaquePointer

    init(font: LoadedFont, alphabet: Alphabet) {
        face = font.face
        for character in 0..<AdditiveCharacters.alphabetSize where AdditiveCharacters.isCandidate(character, in: alphabet) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font.font, hb_codepoint_t(character), &glyph) != 0 else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { continue }
            glyphs.append((character, glyph))
        }
    }

    /// Lookup flag bit: the lookup skips base glyphs, so it may pair glyphs that are not adjacent.
    private static let ignoreBaseGlyphs = 0x2

    mutating func substitutions(_ plan: OpaquePointer) throws(MalformedTable) {
        let table = OpenTypeTable(face: face, tag: "GSUB")
        for index in lookups(of: plan, table: "GSUB") {
            let touched = inputGlyphs(of: index, table: "GSUB")
            if touched.isEmpty { continue }
            let lookup: OpenTypeTable.Lookup
            do { lookup = try table.lookup(index, extensionType: 7) } catch { remove(touched); continue }
            if lookup.flag & Self.ignoreBaseGlyphs != 0 { remove(touched); continue }
            do {
                switch lookup.type {
                case 4:
                    for subtable in lookup.subtables { try ligatures(table, subtable) }
                case 5, 6:
                    for subtable in lookup.subtables { remove(try contextStarts(table, subtable, chained: lookup.type == 6)) }
                default:
                    remove(touched)
                }
            } catch {
                remove(touched)
            }
        }
    }

    mutating func positionings(_ plan: OpaquePointer) throws(MalformedTable) {
        let table = OpenTypeTable(face: face, tag: "GPOS")
        for index in lookups(of: plan, table: "GPOS") {
            let touched = inputGlyphs(of: index, table: "GPOS")
            if touched.isEmpty { continue }
            let lookup: OpenTypeTable.Lookup
            do { lookup = try table.lookup(index, extensionType: 9) } catch { remove(touched); continue }
            do {
                switch lookup.type {
                case 1, 4, 5, 6:
                    continue
                case 2:
                    // A second value format makes HarfBuzz skip the pair's second glyph.
                    var secondValues = false
                    for subtable in lookup.subtables where try table.u16(subtable + 6) != 0 { secondValues = true }
                    if secondValues || lookup.flag & Self.ignoreBaseGlyphs != 0 { remove(touched) }
                case 7, 8:
                    for subtable in lookup.subtables { remove(try contextStarts(table, subtable, chained: lookup.type == 8)) }
                default:
                    remove(touched)
                }
            } catch {
                remove(touched)
            }
        }
    }

    private func lookups(of plan: OpaquePointer, table: String) -> [Int] {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_ot_shape_plan_collect_lookups(plan, OpenTypeTable.tag(table), set)
        var indices: [Int] = []
        var index = hb_codepoint_t.max // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &index) != 0 { indices.append(Int(index)) }
        return indices
    }

    /// The additive glyphs a lookup may read as input (HarfBuzz's own account of the lookup).
    private func inputGlyphs(of lookup: Int, table: String) -> [UInt32] {
        let input = hb_set_create()
        defer { hb_set_destroy(input) }
        hb_ot_layout_lookup_collect_glyphs(face, OpenTypeTable.tag(table), UInt32(lookup), nil, input, nil, nil)
        return glyphs.map(\.glyph).filter { hb_set_has(input, $0) != 0 }
    }

    private mutating func remove(_ excluded: [UInt32]) {
        if excluded.isEmpty { return }
        let excluded = Set(excluded)
        glyphs.removeAll { excluded.contains($0.glyph) }
    }

    /// Records where a ligature of additive glyphs may start; a one-glyph ligature makes its glyph non-additive.
    private mutating func ligatures(_ table: OpenTypeTable, _ subtable: Int) throws(MalformedTable) {
        guard try table.u16(subtable) == 1 else { throw MalformedTable() }
        let coverage = try subtable + table.u16(subtable + 2)
        let setCount = try table.u16(subtable + 4)
        var nonAdditive: [UInt32] = []
        for (character, glyph) in glyphs {
            guard let index = try table.coverageIndex(coverage, of: glyph), index < setCount,
                  let set = try table.offset(from: subtable, at: subtable + 6 + 2 * index) else { continue }
            for ligature in 0..<(try table.u16(set)) {
                let start = try set + table.u16(set + 2 + 2 * ligature)
                if try table.u16(start + 2) < 2 {
                    nonAdditive.append(glyph)
                    continue
                }
                let second = UInt32(try table.u16(start + 4))
                for (secondCharacter, secondGlyph) in glyphs where secondGlyph == second {
                    startsLigature[character * AdditiveCharacters.alphabetSize + secondCharacter] = true
                }
            }
        }
        remove(nonAdditive)
    }

    /// The additive glyphs at which a (chained) contextual rule may match a line of additive
    /// glyphs: a rule whose every position accepts some additive glyph.
    private func contextStarts(_ table: OpenTypeTable, _ subtable: Int, chained: Bool) throws(MalformedTable) -> [UInt32] {
        let additive = glyphs.map(\.glyph), additiveSet = Set(additive)
        switch try table.u16(subtable) {
        case 1:
            let coverage = try subtable + table.u16(subtable + 2)
            let setCount = try table.u16(subtable + 4)
            var starts: [UInt32] = []
            for glyph in additive {
                guard let index = try table.coverageIndex(coverage, of: glyph), index < setCount,
                      let set = try table.offset(from: subtable, at: subtable + 6 + 2 * index) else { continue }
                for rule in 0..<(try table.u16(set)) {
                    let start = try set + table.u16(set + 2 + 2 * rule)
                    let sequences = try ruleSequences(table, start, chained: chained)
                    if sequences.allSatisfy({ $0.allSatisfy { additiveSet.contains(UInt32($0)) } }) {
                        starts.append(glyph)
                        break
                    }
                }
            }
            return starts
        case 2:
            let coverage = try subtable + table.u16(subtable + 2)
            let classDefinitions = try (0..<(chained ? 3 : 1)).map { position throws(MalformedTable) in
                try table.offset(from: subtable, at: subtable + 4 + 2 * position)
            }
            let setCountAt = subtable + 4 + 2 * classDefinitions.count
            let setCount = try table.u16(setCountAt)
            // The classes additive glyphs have in each class definition (backtrack, input, lookahead).
            let additiveClasses = try classDefinitions.map { definition throws(MalformedTable) in
                Set(try additive.map { glyph throws(MalformedTable) in try table.glyphClass(definition, of: glyph) })
            }
            let inputDefinition = chained ? classDefinitions[1] : classDefinitions[0]
            var starts: [UInt32] = []
            for glyph in additive {
                guard try table.coverageIndex(coverage, of: glyph) != nil else { continue }
                let glyphClass = try table.glyphClass(inputDefinition, of: glyph)
                guard glyphClass < setCount, let set = try table.offset(from: subtable, at: setCountAt + 2 + 2 * glyphClass) else { continue }
                for rule in 0..<(try table.u16(set)) {
                    let start = try set + table.u16(set + 2 + 2 * rule)
                    let sequences = try ruleSequences(table, start, chained: chained)
                    let accepted = sequences.indices.allSatisfy { position in
                        sequences[position].allSatisfy { additiveClasses[chained ? position : 0].contains($0) }
                    }
                    if accepted {
                        starts.append(glyph)
                        break
                    }
                }
            }
            return starts
        case 3:
            var coverages: [[Int]] = []
            var offset = subtable + 2
            var inputCoverages: [Int] = []
            for position in 0..<(chained ? 3 : 1) {
                let count = try table.u16(offset)
                // Format 3 of a plain context lists its substitution count before the coverages.
                let first = chained ? offset + 2 : offset + 4
                let sequence = try (0..<count).map { index throws(MalformedTable) in try subtable + table.u16(first + 2 * index) }
                coverages.append(sequence)
                if position == (chained ? 1 : 0) { inputCoverages = sequence }
                offset = first + 2 * count
            }
            guard let firstInput = inputCoverages.first else { return [] }
            for coverage in coverages.joined() where try table.covered(additive, by: coverage).isEmpty { return [] }
            return try table.covered(additive, by: firstInput)
        default:
            throw MalformedTable()
        }
    }

    /// The glyphs or classes a rule expects after the first input position: for a chained
    /// rule its backtrack, the rest of its input and its lookahead; for a plain one, its input.
    private func ruleSequences(_ table: OpenTypeTable, _ start: Int, chained: Bool) throws(MalformedTable) -> [[Int]] {
        if !chained {
            let count = try table.u16(start)
            guard count >= 1 else { throw MalformedTable() }
            return [try (0..<(count - 1)).map { index throws(MalformedTable) in try table.u16(start + 4 + 2 * index) }]
        }
        var sequences: [[Int]] = []
        var offset = start
        for position in 0..<3 {
            var count = try table.u16(offset)
            if position == 1 {
                guard count >= 1 else { throw MalformedTable() }
                count -= 1
            }
            sequences.append(try (0..<count).map { index throws(MalformedTable) in try table.u16(offset + 2 + 2 * index) })
            offset += 2 + 2 * count
        }
        return sequences
    }
}
