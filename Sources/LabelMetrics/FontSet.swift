import CTextShaping
import Synchronization

/// A font that cannot be found or loaded.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One font file loaded into HarfBuzz, scaled to font units.
///
/// HarfBuzz fonts are immutable once set up and may be shared by threads that shape with
/// their own buffers, hence `@unchecked Sendable`.
final class LoadedFont: @unchecked Sendable {
    let file: String
    let index: Int32
    let face: OpaquePointer
    let font: OpaquePointer
    let unitsPerEm: Double

    init(file: String, index: Int32) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(file) else {
            throw FontError("cannot read font file \(file)")
        }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(index), let face = hb_face_create(blob, UInt32(index)) else {
            throw FontError("\(file) is not a font file HarfBuzz can read")
        }
        let upem = hb_face_get_upem(face)
        guard upem > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw FontError("\(file) has no usable metrics")
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        self.file = file
        self.index = index
        self.face = face
        self.font = font
        self.unitsPerEm = Double(upem)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    func hasGlyph(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// The family name the font file gives itself.
    var familyName: String? {
        var length: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: 256)
        let id = hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)
        hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        let name = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The font labels are measured in: a family resolved with fontconfig to a font file, plus
/// fontconfig's fallback list, so characters the font lacks (CJK, emoji, …) are measured in
/// the first font that has them, as browsers do.
///
/// Shared by measuring threads: everything but the lazily loaded fallbacks is immutable after
/// `init` (fontconfig charsets are only read), and the fallbacks sit behind a mutex.
public final class FontSet: @unchecked Sendable {
    /// The family as requested.
    public let requestedFamily: String
    /// The family of the font file that measures labels; SVG output names it first.
    public let family: String
    /// The font size in pixels (layout units).
    public let size: Double
    /// The file of the primary font.
    public let file: String
    /// Set when no installed font has the requested family and fontconfig chose another: what
    /// a user should be told (the requested and the chosen family and file).
    public private(set) var substitution: String?
    /// Distance between baselines of consecutive lines, in pixels.
    public let lineHeight: Double
    /// Height above the baseline, in pixels.
    public let ascender: Double
    /// Depth below the baseline (positive), in pixels.
    public let descender: Double

    let primary: LoadedFont
    /// Whether the primary font has every printable ASCII character: then ASCII text needs no
    /// per-character font look-up.
    let primaryCoversASCII: Bool
    private struct Cache {
        /// fontconfig's fallback list, looked up the first time a character is missing from
        /// the primary font (ASCII-only drawings never pay for it).
        var fallbacks: [(file: String, index: Int32, charset: OpaquePointer)]? = nil
        var fonts: [Int: LoadedFont] = [:]
        var fontForScalar: [UInt32: Int] = [:]
        /// Characters no font has: drawn as the primary font's missing-glyph box.
        var missing: Set<UInt32> = []
        /// Per `LineScript` and `Alphabet`: nil until analysed, then the analysis (nil inside:
        /// nothing additive).
        var additiveCharacters: [AdditiveCharacters??] = [nil, nil, nil, nil]
    }
    private let cache = Mutex(Cache())

    /// Where distributions install the default family; loading it from there directly saves
    /// the few milliseconds fontconfig takes to read its configuration (the file is the one
    /// fontconfig would pick for that exact family).
    private static let knownFiles: [String: [String]] = [
        "DejaVu Sans": ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
                        "/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf"],
    ]

    /// Resolves a family (a fontconfig pattern such as `DejaVu Sans` or `Noto Sans:bold`).
    public convenience init(family: String, size: Double) throws(FontError) {
        guard size > 0, size.isFinite else { throw FontError("the font size must be positive") }
        for path in FontSet.knownFiles[family] ?? [] {
            if let font = try? LoadedFont(file: path, index: 0), font.familyName == family {
                try self.init(primary: font, requestedFamily: family, size: size)
                return
            }
        }
        guard let config = FcInitLoadConfigAndFonts() else { throw FontError("fontconfig could not load its configuration") }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(family) else { throw FontError("invalid font name '\(family)'") }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw FontError("no font matches '\(family)'") }
        defer { FcPatternDestroy(match) }
        guard let (file, index) = FontSet.fileAndIndex(match) else { throw FontError("no font file for '\(family)'") }
        try self.init(primary: LoadedFont(file: file, index: index), requestedFamily: family, size: size)
        if let substitution = FontSet.substitution(requested: family, match: match, file: file) { self.substitution = substitution }
    }

    /// Families fontconfig resolves by configuration, never by a font's own name.
    private static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy",
                                                       "system-ui", "emoji", "math"]

    /// A message when the matched font's families do not include the requested one.
    private static func substitution(requested: String, match: OpaquePointer, file: String) -> String? {
        let wanted = requested.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? requested
        let names = wanted.split(separator: ",").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
        if names.isEmpty || names.contains(where: genericFamilies.contains) { return nil }
        var families: [String] = []
        var position: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>? = nil
        while FcPatternGetString(match, FC_FAMILY, position, &value) == FcResultMatch, let value {
            families.append(String(cString: value))
            position += 1
        }
        if families.contains(where: { names.contains($0.lowercased()) }) { return nil }
        return "no installed font has the family '\(wanted)'; labels are measured and drawn in '\(families.first ?? "?")' (\(file))"
    }

    /// Uses a font file directly (no look-up: the file pins the metrics); fallbacks for missing
    /// characters still come from fontconfig, for the file's own family name.
    public convenience init(file: String, size: Double) throws(FontError) {
        guard size > 0, size.isFinite else { throw FontError("the font size must be positive") }
        let primary = try LoadedFont(file: file, index: 0)
        try self.init(primary: primary, requestedFamily: primary.familyName ?? "sans-serif", size: size)
    }

    private init(primary: LoadedFont, requestedFamily: String, size: Double) throws(FontError) {
        self.primary = primary
        primaryCoversASCII = (0x20...0x7E).allSatisfy { primary.hasGlyph(UInt32($0)) }
        self.requestedFamily = requestedFamily
        family = primary.familyName ?? requestedFamily
        self.size = size
        file = primary.file
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(primary.font, &extents)
        let scale = size / primary.unitsPerEm
        ascender = Double(extents.ascender) * scale
        descender = -Double(extents.descender) * scale
        lineHeight = Double(extents.ascender - extents.descender + extents.line_gap) * scale
        // A truncated or damaged file can still open: without a line height its lines were
        // drawn on top of each other, without glyphs nothing could be measured.
        guard lineHeight > 0, ascender > 0, hb_face_get_glyph_count(primary.face) > 0 else {
            throw FontError("\(primary.file) has no usable metrics (no line height or no glyphs): is the font file complete?")
        }
    }

    deinit {
        cache.withLock { cache in
            for fallback in cache.fallbacks ?? [] { FcCharSetDestroy(fallback.charset) }
        }
    }

    /// The fonts fontconfig would fall back to for this family, best first, without the primary.
    private func lookUpFallbacks() -> [(file: String, index: Int32, charset: OpaquePointer)] {
        guard let config = FcInitLoadConfigAndFonts() else { return [] }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(requestedFamily) else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, 1, nil, &result) else { return [] }
        defer { FcFontSetDestroy(sorted) }
        var fallbacks: [(file: String, index: Int32, charset: OpaquePointer)] = []
        for position in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[position], let location = FontSet.fileAndIndex(font),
                  location != (primary.file, primary.index) else { continue }
            var charset: OpaquePointer? = nil
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            fallbacks.append((location.0, location.1, FcCharSetCopy(charset)))
        }
        return fallbacks
    }

    private static func fileAndIndex(_ pattern: OpaquePointer) -> (String, Int32)? {
        var path: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return (String(cString: path), index)
    }

    /// The font that draws a scalar: the primary font if it has it, else the first fallback
    /// that does, else the primary font (which then shows its "missing glyph" box).
    func font(for scalar: UInt32) -> LoadedFont {
        if primary.hasGlyph(scalar) { return primary }
        return cache.withLock { cache -> LoadedFont in
            if let known = cache.fontForScalar[scalar] { return known < 0 ? primary : cache.fonts[known]! }
            if cache.fallbacks == nil { cache.fallbacks = lookUpFallbacks() }
            var chosen = -1
            for (position, fallback) in cache.fallbacks!.enumerated() where FcCharSetHasChar(fallback.charset, scalar) != 0 {
                if cache.fonts[position] == nil {
                    let location = fallback
                    guard let loaded = try? LoadedFont(file: location.file, index: location.index) else { continue }
                    cache.fonts[position] = loaded
                }
                if cache.fonts[position]!.hasGlyph(scalar) { chosen = position; break }
            }
            cache.fontForScalar[scalar] = chosen
            if chosen < 0 && FontSet.needsGlyph(scalar) { cache.missing.insert(scalar) }
            return chosen < 0 ? primary : cache.fonts[chosen]!
        }
    }

    /// Whether no installed font has the character, so it is drawn as a missing-glyph box
    /// (known once `font(for:)` has looked it up).
    func isMissing(_ scalar: UInt32) -> Bool {
        cache.withLock { cache in cache.missing.contains(scalar) }
    }

    /// Whether a character is drawn with a glyph: controls, format characters and other
    /// default-ignorable code points are not, so no font needs them.
    private static func needsGlyph(_ scalar: UInt32) -> Bool {
        guard let character = Unicode.Scalar(scalar) else { return false }
        let properties = character.properties
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace { return false }
        switch properties.generalCategory {
        case .control, .format, .surrogate, .unassigned, .privateUse: return false
        default: return true
        }
    }

    /// The characters measured so far that no installed font has, in code point order: they
    /// are drawn as the missing-glyph box ("tofu").
    public var missingCharacters: [Unicode.Scalar] {
        cache.withLock { cache in cache.missing.sorted().compactMap(Unicode.Scalar.init) }
    }

    /// Which characters of `alphabet` (printable ASCII; or with Latin-1, Latin Extended-A and B)
    /// the primary font shapes additively in lines of `script` (analysed once, on first use);
    /// nil when none are, or ASCII is not all in it.
    func additiveCharacters(_ script: LineScript, _ alphabet: Alphabet) -> AdditiveCharacters? {
        guard primaryCoversASCII else { return nil }
        let slot = script.rawValue * Alphabet.allCases.count + alphabet.rawValue
        return cache.withLock { cache in
            if let known = cache.additiveCharacters[slot] { return known }
            let analysed = AdditiveCharacters.analyze(primary, script: script, alphabet: alphabet)
            cache.additiveCharacters[slot] = .some(analysed)
            return analysed
        }
    }

    /// Every font file used so far, the primary first: what an embedded subset must include.
    var fontsInUse: [LoadedFont] {
        [primary] + cache.withLock { cache in cache.fonts.keys.sorted().map { cache.fonts[$0]! } }
    }
}
