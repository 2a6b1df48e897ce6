@testable import LabelMetrics
import Testing
import TestSupport

/// The advance tables must give exactly what shaping every line with HarfBuzz gives:
/// each test measures the same text with the tables (`TextMeasurer(fonts:)`) and without
/// (`usesAdditiveTables: false`) and compares the bits.
@Suite struct AdditiveCharactersTests {
    static let fonts = try! FontSet(family: "DejaVu Sans", size: 14)

    /// Every printable ASCII character, with the kerning pairs and ligature candidates of
    /// Latin text weighted up.
    static let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }

    /// Installed fonts of other designs (kerning only in GPOS, a legacy kern table, monospace,
    /// a collection with CJK), when present.
    static let otherFonts: [FontSet] = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    ].compactMap { try? FontSet(file: $0, size: 13) }

    @Test func dejaVuSansMeasuresPlainLatinLinesFromTheTables() throws {
        let latin = try #require(Self.fonts.additiveCharacters(.latin, .latin))
        let common = try #require(Self.fonts.additiveCharacters(.common, .latin))
        // The ASCII alphabet's analysis (what ASCII lines use) holds no other character.
        let asciiLatin = try #require(Self.fonts.additiveCharacters(.latin, .ascii))
        #expect(asciiLatin.isAdditive[Int(UInt8(ascii: "A"))] && !asciiLatin.isAdditive[0xE9])
        func pair(_ first: Character, _ second: Character) -> Int {
            Int(first.unicodeScalars.first!.value) * AdditiveCharacters.alphabetSize + Int(second.unicodeScalars.first!.value)
        }
        for character in "Node 0123456789AVToWay" {
            #expect(latin.isAdditive[Int(character.asciiValue!)], "\(character)")
        }
        for character in "0123456789 .-_/" { #expect(common.isAdditive[Int(character.asciiValue!)], "\(character)") }
        // DejaVu Sans has the fi and fl ligatures: lines with those pairs are shaped.
        #expect(latin.startsLigature[pair("f", "i")])
        #expect(latin.startsLigature[pair("f", "l")])
        #expect(!latin.startsLigature[pair("N", "o")])
        // Accented letters of Western and Central European languages are measured from the tables too.
        for character in "éèêëàâäåçñöøüßÉÅÆŁłŚśŽžŐőĞğİıșțĂă" {
            #expect(latin.isAdditive[Int(character.unicodeScalars.first!.value)], "\(character)")
        }
        // Not the soft hyphen (HarfBuzz hides it and kerns across it), nor controls.
        #expect(!latin.isAdditive[0xAD] && !latin.isAdditive[0x85] && !common.isAdditive[0x7F])
    }

    @Test func everyCharacterAndPairMatchesHarfBuzz() {
        for fonts in [Self.fonts] + Self.otherFonts {
            let tables = TextMeasurer(fonts: fonts), harfBuzz = TextMeasurer(fonts: fonts, usesAdditiveTables: false)
            for first in Self.printable {
                #expect(tables.width(of: Substring(String(first))) == harfBuzz.width(of: Substring(String(first))), "\(fonts.file) \(first)")
                for second in Self.printable {
                    let pair = Substring(String([first, second]))
                    #expect(tables.width(of: pair) == harfBuzz.width(of: pair), "\(fonts.file) \(pair)")
                }
            }
        }
    }

    /// Every character below U+0250, and every pair of a Latin-1 or Latin Extended character
    /// with a sample of the others (all of them for the Latin-1 letters), in DejaVu Sans.
    @Test func latinCharactersAndPairsMatchHarfBuzz() {
        let tables = TextMeasurer(fonts: Self.fonts), harfBuzz = TextMeasurer(fonts: Self.fonts, usesAdditiveTables: false)
        let all = (0x20..<AdditiveCharacters.alphabetSize).compactMap(Unicode.Scalar.init).map(Character.init)
        let extended = all.filter { $0.unicodeScalars.first!.value >= 0xA0 }
        for character in all {
            #expect(tables.width(of: Substring(String(character))) == harfBuzz.width(of: Substring(String(character))), "\(character)")
        }
        var random = SplitMix64(seed: 1250)
        for first in extended {
            let latin1Letter = (0xC0...0xFF).contains(first.unicodeScalars.first!.value)
            let seconds = latin1Letter ? all : (0..<40).map { _ in all[Int(random.next() % UInt64(all.count))] }
            for second in seconds {
                for pair in [String([first, second]), String([second, first])] {
                    #expect(tables.width(of: Substring(pair)) == harfBuzz.width(of: Substring(pair)), "\(pair.debugDescription)")
                }
            }
        }
        // Words as in place names, with kerning pairs and f-ligatures beside accented letters.
        for line in ["Île-de-France", "Baden-Württemberg", "Åland", "Curaçao", "Côte d’Ivoire", "São Tomé", "Łódź", "Šibenik",
                     "Ærøskøbing", "Straße", "Nœud", "AÉ", "TÖ", "Vâ", "Ŧŧ", "ﬁé", "fé", "fï", "¿Qué?", "«Tête»", "12 × 3 ± 4", "© 2024"] {
            #expect(tables.width(of: Substring(line)) == harfBuzz.width(of: Substring(line)), "\(line)")
        }
    }

    /// Every triple of characters that kern or form ligatures: a pair adjustment that made
    /// HarfBuzz skip a glyph, or a rule reaching two glyphs on, would show here.
    @Test func everyTripleOfKerningCharactersMatchesHarfBuzz() {
        let kerning = Array("AVTWYLPfilotyr.,'-1 ")
        for fonts in [Self.fonts] + Self.otherFonts {
            let tables = TextMeasurer(fonts: fonts), harfBuzz = TextMeasurer(fonts: fonts, usesAdditiveTables: false)
            for first in kerning {
                for second in kerning {
                    for third in kerning {
                        let triple = Substring(String([first, second, third]))
                        #expect(tables.width(of: triple) == harfBuzz.width(of: triple), "\(fonts.file) \(triple)")
                    }
                }
            }
        }
    }

    @Test func kerningLigaturesAndTabsMatchHarfBuzz() {
        let tables = TextMeasurer(fonts: Self.fonts), harfBuzz = TextMeasurer(fonts: Self.fonts, usesAdditiveTables: false)
        for line in ["AV", "AVA", "AVAVAV", "To", "Toyota", "WAVE", "LT", "L'", "T.", "Y,", "office", "ffi", "ffl", "fl", "fi", "affine",
                     "a\tb", "\tAV\t", " ", "  ", "1/2", "--", "Ta Te To", "P.A.", "11", "f", "i", "j", "ij", "Node 123456"] {
            #expect(tables.width(of: Substring(line)) == harfBuzz.width(of: Substring(line)), "\(line)")
        }
        // The measurement of a line with kerning is not the sum of its characters' advances.
        #expect(tables.width(of: "AV") < tables.width(of: "A") + tables.width(of: "V"))
        #expect(tables.width(of: "fi") != tables.width(of: "f") + tables.width(of: "i")
            || harfBuzz.width(of: "fi") == harfBuzz.width(of: "f") + harfBuzz.width(of: "i"))
    }

    @Test func randomLabelsMatchHarfBuzzInEveryFont() {
        var random = SplitMix64(seed: 14)
        let pieces = ["AV", "To", "ffi", "fl", "Wa", "Ye", "T.", "L'", "\t", " ", "\n", "e\u{301}", "\u{308}", "ﬁ", "é", "Ä",
                      "Å", "ø", "ł", "ș", "ŀ", "Ŋ", "ǅ", "\u{AD}", "\u{A0}", "×", "ÿ", "Ÿ", "ɏ", "ɐ",
                      "مرحبا", "日本語", "한국어", "👍🏽", "👨‍👩‍👧", "\u{200D}", "\u{7F}", "\u{1}", "Node", "_", "-", "/", "camelCase",
                      "snake_case", "com.example", "1234567890", "\r"]
        for fonts in [Self.fonts] + Self.otherFonts {
            let tables = TextMeasurer(fonts: fonts), harfBuzz = TextMeasurer(fonts: fonts, usesAdditiveTables: false)
            for round in 0..<1_500 {
                var label = ""
                let length = Int(random.next() % (round % 10 == 0 ? 400 : 40)) + 1
                let asciiOnly = round % 2 == 0
                while label.count < length {
                    if asciiOnly || random.next() % 3 != 0 {
                        label.append(Self.printable[Int(random.next() % UInt64(Self.printable.count))])
                        if random.next() % 8 == 0 { label.append(" ") }
                    } else {
                        label += pieces[Int(random.next() % UInt64(pieces.count))]
                    }
                }
                #expect(tables.width(of: Substring(label)) == harfBuzz.width(of: Substring(label)), "\(fonts.file) \(label.debugDescription)")
                for maxWidth in [nil, 60.0, 240.0] {
                    let fast = tables.measure(label, maxWidth: maxWidth), slow = harfBuzz.measure(label, maxWidth: maxWidth)
                    #expect(fast == slow, "\(fonts.file) \(label.debugDescription) \(maxWidth as Any)")
                    let fastSize = tables.measureSize(label, maxWidth: maxWidth), slowSize = harfBuzz.measureSize(label, maxWidth: maxWidth)
                    #expect(fastSize.size == slowSize.size && fastSize.wrappedLines == slowSize.wrappedLines, "\(label.debugDescription)")
                }
            }
        }
    }

    @Test func longWrappedLabelsMatchHarfBuzz() {
        let tables = TextMeasurer(fonts: Self.fonts), harfBuzz = TextMeasurer(fonts: Self.fonts, usesAdditiveTables: false)
        let sentence = "The quick brown fox jumps over the lazy dog; AVAVA Toyota office affluent WAVE_Identifier.name/path-to "
        for label in [String(repeating: sentence, count: 3), String(repeating: sentence, count: 40), String(repeating: "AVfi", count: 600)] {
            for maxWidth in [nil, 40.0, 240.0] {
                #expect(tables.measure(label, maxWidth: maxWidth) == harfBuzz.measure(label, maxWidth: maxWidth))
            }
        }
    }
}

