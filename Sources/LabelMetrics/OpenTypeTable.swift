import CTextShaping

/// Malformed or unexpected OpenType data: the caller then makes no claim about the font.
struct MalformedTable: Error {}

/// A bounds-checked, big-endian view of one OpenType table (GSUB, GPOS, kern) of a face.
/// Reads only what HarfBuzz does not expose: lookup types and flags, pair value formats,
/// the rules of contextual lookups, ligature components and the legacy kern table's formats.
final class OpenTypeTable {
    private let blob: OpaquePointer
    private let bytes: UnsafeRawBufferPointer

    init(face: OpaquePointer, tag: String) {
        blob = hb_face_reference_table(face, OpenTypeTable.tag(tag))
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        bytes = UnsafeRawBufferPointer(start: data.map(UnsafeRawPointer.init), count: data == nil ? 0 : Int(length))
    }

    deinit { hb_blob_destroy(blob) }

    var isEmpty: Bool { bytes.isEmpty }

    static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
    }

    func u8(_ offset: Int) throws(MalformedTable) -> Int {
        guard offset >= 0, offset < bytes.count else { throw MalformedTable() }
        return Int(bytes[offset])
    }

    func u16(_ offset: Int) throws(MalformedTable) -> Int {
        try u8(offset) << 8 | u8(offset + 1)
    }

    func u32(_ offset: Int) throws(MalformedTable) -> Int {
        try u16(offset) << 16 | u16(offset + 2)
    }

    /// One lookup of a GSUB or GPOS table: its type (extensions resolved), flag and subtables.
    struct Lookup {
        var type: Int
        var flag: Int
        var subtables: [Int]
    }

    /// Lookup `index` of this GSUB (`extensionType` 7) or GPOS (9) table.
    func lookup(_ index: Int, extensionType: Int) throws(MalformedTable) -> Lookup {
        let list = try u16(8)
        guard index < (try u16(list)) else { throw MalformedTable() }
        let start = try list + u16(list + 2 + 2 * index)
        let declared = try u16(start)
        var type = declared
        var subtables: [Int] = []
        for position in 0..<(try u16(start + 4)) {
            var subtable = try start + u16(start + 6 + 2 * position)
            if declared == extensionType {
                // Every subtable of an extension lookup wraps one of the same real type.
                let actual = try u16(subtable + 2)
                if position == 0 { type = actual } else if actual != type { throw MalformedTable() }
                subtable += try u32(subtable + 4)
            }
            subtables.append(subtable)
        }
        return Lookup(type: type, flag: try u16(start + 2), subtables: subtables)
    }

    /// The coverage index of `glyph` in the coverage table at `offset`, or nil.
    func coverageIndex(_ offset: Int, of glyph: UInt32) throws(MalformedTable) -> Int? {
        let glyph = Int(glyph)
        switch try u16(offset) {
        case 1:
            for position in 0..<(try u16(offset + 2)) where try u16(offset + 4 + 2 * position) == glyph { return position }
            return nil
        case 2:
            for range in 0..<(try u16(offset + 2)) {
                let record = offset + 4 + 6 * range
                let first = try u16(record), last = try u16(record + 2)
                if glyph >= first && glyph <= last { return try u16(record + 4) + glyph - first }
            }
            return nil
        default:
            throw MalformedTable()
        }
    }

    /// The glyphs of `glyphs` that the coverage table at `offset` lists.
    func covered(_ glyphs: [UInt32], by offset: Int) throws(MalformedTable) -> [UInt32] {
        var covered: [UInt32] = []
        for glyph in glyphs where try coverageIndex(offset, of: glyph) != nil { covered.append(glyph) }
        return covered
    }

    /// The class of `glyph` in the class definition at `offset` (0 when not listed; an absent
    /// table, offset 0 from its parent, puts every glyph in class 0).
    func glyphClass(_ offset: Int?, of glyph: UInt32) throws(MalformedTable) -> Int {
        guard let offset else { return 0 }
        let glyph = Int(glyph)
        switch try u16(offset) {
        case 1:
            let first = try u16(offset + 2), count = try u16(offset + 4)
            return glyph >= first && glyph < first + count ? try u16(offset + 6 + 2 * (glyph - first)) : 0
        case 2:
            for range in 0..<(try u16(offset + 2)) {
                let record = offset + 4 + 6 * range
                let first = try u16(record), last = try u16(record + 2)
                if glyph >= first && glyph <= last { return try u16(record + 4) }
            }
            return 0
        default:
            throw MalformedTable()
        }
    }

    /// The offset `at` points to, relative to `base`; nil when it is 0 (no table).
    func offset(from base: Int, at: Int) throws(MalformedTable) -> Int? {
        let relative = try u16(at)
        return relative == 0 ? nil : base + relative
    }
}
