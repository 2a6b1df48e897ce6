/// Which Debian package draws a script: what a warning about missing glyphs suggests. Names
/// checked with `apt-cache show` on Debian 12; `fonts-noto-core` covers all but CJK and emoji.
public enum FontPackages {
    /// A script's first and last code points, its name, and the packages that cover it.
    private static let table: [(ClosedRange<UInt32>, String, String)] = [
        (0x0590...0x05FF, "Hebrew", "fonts-noto-core"),
        (0x0600...0x06FF, "Arabic", "fonts-noto-core"),
        (0x0700...0x074F, "Syriac", "fonts-noto-core"),
        (0x0780...0x07BF, "Thaana", "fonts-noto-core"),
        (0x07C0...0x07FF, "N'Ko", "fonts-noto-core"),
        (0x0900...0x097F, "Devanagari", "fonts-deva or fonts-noto-core"),
        (0x0980...0x09FF, "Bengali", "fonts-beng or fonts-noto-core"),
        (0x0A00...0x0A7F, "Gurmukhi", "fonts-guru or fonts-noto-core"),
        (0x0A80...0x0AFF, "Gujarati", "fonts-gujr or fonts-noto-core"),
        (0x0B00...0x0B7F, "Oriya", "fonts-orya or fonts-noto-core"),
        (0x0B80...0x0BFF, "Tamil", "fonts-taml or fonts-noto-core"),
        (0x0C00...0x0C7F, "Telugu", "fonts-telu or fonts-noto-core"),
        (0x0C80...0x0CFF, "Kannada", "fonts-knda or fonts-noto-core"),
        (0x0D00...0x0D7F, "Malayalam", "fonts-mlym or fonts-noto-core"),
        (0x0D80...0x0DFF, "Sinhala", "fonts-noto-core"),
        (0x0E00...0x0E7F, "Thai", "fonts-thai-tlwg or fonts-noto-core"),
        (0x0E80...0x0EFF, "Lao", "fonts-lao or fonts-noto-core"),
        (0x0F00...0x0FFF, "Tibetan", "fonts-tibetan-machine or fonts-noto-core"),
        (0x1000...0x109F, "Myanmar", "fonts-sil-padauk or fonts-noto-core"),
        (0x10A0...0x10FF, "Georgian", "fonts-noto-core"),
        (0x1100...0x11FF, "Hangul", "fonts-noto-cjk"),
        (0x1200...0x139F, "Ethiopic", "fonts-sil-abyssinica or fonts-noto-core"),
        (0x13A0...0x13FF, "Cherokee", "fonts-noto-core"),
        (0x1780...0x17FF, "Khmer", "fonts-khmeros or fonts-noto-core"),
        (0x1800...0x18AF, "Mongolian", "fonts-noto-core"),
        (0x2E80...0x9FFF, "CJK", "fonts-noto-cjk"),
        (0xA000...0xA4CF, "Yi", "fonts-noto-core"),
        (0xAC00...0xD7AF, "Hangul", "fonts-noto-cjk"),
        (0xF900...0xFAFF, "CJK", "fonts-noto-cjk"),
        (0x1F000...0x1FAFF, "emoji", "fonts-noto-color-emoji"),
        (0x20000...0x3FFFF, "CJK", "fonts-noto-cjk"),
    ]

    /// The script of a character and the packages that draw it, where known.
    public static func suggestion(for scalar: Unicode.Scalar) -> (script: String, packages: String)? {
        for (range, script, packages) in table where range.contains(scalar.value) { return (script, packages) }
        return nil
    }

    /// One line for a warning about characters no font has: up to five named (`U+0995 'ক'`),
    /// a count of the rest, and the packages that would draw them, where known.
    public static func missingGlyphsMessage(_ characters: [Unicode.Scalar]) -> String? {
        guard !characters.isEmpty else { return nil }
        let named = characters.prefix(5).map { scalar -> String in
            var hex = String(scalar.value, radix: 16, uppercase: true)
            while hex.count < 4 { hex = "0" + hex }
            return "U+\(hex) '\(Character(scalar))'"
        }
        var message = "no installed font has \(characters.count == 1 ? "this character" : "these characters"), drawn as empty boxes: "
            + named.joined(separator: ", ")
        if characters.count > 5 { message += " and \(characters.count - 5) more" }
        var suggestions: [String] = []
        for scalar in characters {
            guard let (script, packages) = suggestion(for: scalar) else { continue }
            let text = "\(packages) (\(script))"
            if !suggestions.contains(text) { suggestions.append(text) }
        }
        if !suggestions.isEmpty { message += "; install " + suggestions.joined(separator: ", ") }
        return message
    }
}
