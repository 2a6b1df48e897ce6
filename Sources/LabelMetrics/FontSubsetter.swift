import CTextShaping

/// A font reduced to the glyphs some text needs, with HarfBuzz's subsetter.
public struct FontSubset: Sendable {
    /// The family name of the font it was cut from.
    public var family: String
    /// The file it was cut from.
    public var file: String
    /// The subset font, as OpenType/TrueType bytes.
    public var data: [UInt8]
}

extension FontSet {
    /// Subsets of every font that draws the given labels (the primary font first, then the
    /// fallbacks in fontconfig's order), each holding only the glyphs those labels use.
    public func subsets(for labels: some Sequence<String>) throws(FontError) -> [FontSubset] {
        var scalarsByFont: [ObjectIdentifier: Set<UInt32>] = [:]
        for label in labels {
            for scalar in label.unicodeScalars where scalar.value >= 0x20 {
                let font = font(for: scalar.value)
                scalarsByFont[ObjectIdentifier(font), default: []].insert(scalar.value)
            }
        }
        var subsets: [FontSubset] = []
        for font in fontsInUse {
            guard let scalars = scalarsByFont[ObjectIdentifier(font)] else { continue }
            guard let input = hb_subset_input_create_or_fail() else { throw FontError("cannot start a font subset") }
            defer { hb_subset_input_destroy(input) }
            let unicodes = hb_subset_input_unicode_set(input)
            for scalar in scalars.sorted() { hb_set_add(unicodes, scalar) }
            hb_set_add(unicodes, 0x20)
            guard let subset = hb_subset_or_fail(font.face, input) else {
                throw FontError("HarfBuzz could not subset \(font.file)")
            }
            defer { hb_face_destroy(subset) }
            let blob = hb_face_reference_blob(subset)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else {
                throw FontError("the subset of \(font.file) is empty")
            }
            let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
            subsets.append(FontSubset(family: font.familyName ?? family, file: font.file, data: Array(bytes)))
        }
        return subsets
    }
}
