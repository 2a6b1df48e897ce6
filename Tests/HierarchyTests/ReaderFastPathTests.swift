@testable import HierarchyReaders
import Hierarchy
import Testing
import TestSupport

/// The readers' fast paths (plain JSON names and children, plain outline labels, in-place UTF-8
/// validation, counted capacities) give exactly what the general paths give, errors included.
@Suite struct ReaderFastPathTests {
    func readJSON(_ text: String, nameKey: String = "name", childrenKey: String = "children") throws(ReadError) -> Tree {
        try JSONTreeReader(nameKey: nameKey, childrenKey: childrenKey).read(Array(text.utf8), file: "in.json")
    }

    func jsonError(_ text: String) -> String? {
        do { _ = try readJSON(text); return nil } catch { return error.description }
    }

    func readOutline(_ text: String) throws(ReadError) -> Tree {
        try OutlineReader().read(Array(text.utf8), file: "in.txt")
    }

    func outlineError(_ text: String) -> String? {
        do { _ = try readOutline(text); return nil } catch { return error.description }
    }

    /// A label as every reader keeps it: without surrounding Unicode whitespace.
    func trimmed(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }

    /// A JSON string literal of `text`, each scalar written raw or escaped at random (astral
    /// scalars as surrogate pairs).
    func jsonLiteral(_ text: String, using random: inout SplitMix64) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if !mustEscape && Bool.random(using: &random) {
                literal.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n" where Bool.random(using: &random): literal += "\\n"
            case "\t" where Bool.random(using: &random): literal += "\\t"
            case "/" where Bool.random(using: &random): literal += "\\/"
            default:
                for unit in String(scalar).utf16 {
                    let digits = String(unit, radix: 16, uppercase: Bool.random(using: &random))
                    literal += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                }
            }
        }
        return literal + "\""
    }

    @Test func jsonLabelsMatchTheirDecodedTextWhicheverPathReadsThem() throws {
        let pool: [String] = ["a", "Z", "7", " ", "\"", "\\", "/", "é", "😀", "日", "\u{2003}", "\u{00A0}", "\t", "\n", "-", "{", "}"]
        var random = SplitMix64(seed: 14)
        for keys in [("name", "children"), ("名前", "kids"), ("n", "c")] {
            var expected: [String] = []
            var members: [String] = []
            for _ in 0..<400 {
                let label = (0..<Int.random(in: 0...9, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined()
                expected.append(trimmed(label))
                members.append("{\(jsonLiteral(keys.0, using: &random)): \(jsonLiteral(label, using: &random))}")
            }
            let text = #"{"\#(keys.0)": "root", "\#(keys.1)": [\#(members.joined(separator: ", "))]}"#
            let tree = try readJSON(text, nameKey: keys.0, childrenKey: keys.1)
            #expect(tree.labels == ["root"] + expected)
            #expect(tree.parents == [-1] + Array(repeating: 0, count: expected.count))
        }
    }

    @Test func jsonPlainAndEscapedForms() throws {
        let tree = try readJSON(#"""
            {"name":"Root","children":[
              {"name":"caf\u00e9 \ud83d\ude00"}, {"name":"café 😀"}, {"name":"  pad  "}, {"name":"\u2003wide\u2003"},
              {"name":"x"}, {"name":""}, {"name":12.5e3}, {"na\u006de":"escaped key"}, {"name":"a\/b"}, {"name":"日本"}
            ]}
            """#)
        #expect(tree.labels == ["Root", "café 😀", "café 😀", "pad", "wide", "x", "", "12.5e3", "escaped key", "a/b", "日本"])
    }

    @Test func jsonMembersAfterTheChildrenStillCount() throws {
        let tree = try readJSON(#"""
            {"children":[{"name":"a","type":"critical"},{"children":[],"name":"b"}],"name":"root","type":"important","id":"r","class":"k"}
            """#)
        #expect(tree.labels == ["root", "a", "b"])
        #expect(tree.parents == [-1, 0, 0])
        #expect(tree.types == [.important, .critical, .normal])
        #expect(tree.id(of: 0) == "r")
        #expect(tree.attributes(of: 0)?.cssClass == "k")
        // A second "name" after the children is a repeated key, refused as YAML refuses it
        // (the last one won, replacing the label the node was added with).
        #expect(throws: ReadError.self) {
            try readJSON(#"{"name":"first","children":[{"name":"x"}],"name":"second","type":"critical","url":"http://a"}"#)
        }
    }

    @Test func jsonErrorsInsidePlainLookingStringsAreLocated() throws {
        // DEL (allowed raw in JSON) and escaped control characters are drawn as escapes, located.
        let deleted = try readJSON("{\"name\": \"ok\", \"children\": [\n  {\"name\": \"a\u{7F}b\"}]}")
        #expect(deleted.labels == ["ok", "a\\u007Fb"] && deleted.warnings == ["in.json:2:12: a label holds a control character (U+007F), drawn as its escape"])
        #expect(jsonError("{\"name\": \"a\tb\"}") == "in.json:1:12: unescaped control character in a string")
        let escaped = try readJSON("{\"name\": \"é\\u0001\"}")
        #expect(escaped.labels == ["é\\u0001"] && escaped.warnings == ["in.json:1:10: a label holds a control character (U+0001), drawn as its escape"])
        #expect(jsonError("{\"name\": \"x\",\n \"children\": [{\"name\": \"é \\ud83d z\"}]}") == "in.json:2:33: unpaired surrogate in \\u escape")
        #expect(jsonError("{\"name\": \"x\", \"children\": [{\"name\": \"\\udc00\"}]}") == "in.json:1:44: unpaired surrogate in \\u escape")
        #expect(jsonError("{\"name\": \"x\", \"children\": [{\"name\": \"\\ud83d\\u0041\"}]}") == "in.json:1:50: invalid low surrogate in \\u escape")
        #expect(jsonError("{\"name\" \"x\"}") == "in.json:1:9: expected ':' after a key")
        #expect(jsonError("{\"name\": \"x\", \"children\": {}}") == "in.json:1:27: \"children\" must be an array")
        #expect(jsonError("{\"name\": \"x\", \"children\": [{\"name\": \"é abc") == "in.json:1:43: unterminated string (it starts at 1:37)")
        #expect(jsonError("{\"name\":") == "in.json:1:9: unexpected end of input: the '{' at in.json:1:1 is not closed")
    }

    @Test func outlinePlainLabelsAndLookAlikes() throws {
        let tree = try readOutline("""
            r
              plain label
              d [nope]
              h]
              i}
              Yahoo!
              "quoted"
              ""
              a\tb
              é
              x
                                deep
            """)
        #expect(tree.labels == ["r", "plain label", "d [nope]", "h]", "i}", "Yahoo!", "\"quoted\"", "", "a\tb", "é", "x", "deep"])
        #expect(tree.parents == [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10])
    }

    @Test func outlineErrorsAfterLongIndentationAreLocated() {
        let indent = String(repeating: " ", count: 19)
        #expect(outlineError("r\n\(indent)a\u{7F}b\n") == "in.txt:2:21: control character U+007F in a label")
        #expect(outlineError("r\n\(indent)\tb\n") == "in.txt:2:21: indentation mixes tabs and spaces")
        #expect(outlineError("r\n  a\n\(indent)b\n\(indent)c\n   d\n")
                == "in.txt:5:4: inconsistent indentation: this line is indented 3, which matches no enclosing line: indent it 2, as the enclosing line, or 19, as its children")
        #expect(outlineError("r\n\(indent)\u{00A0}é\u{1}\n") == "in.txt:2:22: control character U+0001 in a label")
    }

    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        let cases: [[UInt8]] = [
            [], [0x41], [0xC2, 0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
            Array("abcdefgh".utf8) + [0xE2, 0x82, 0xAC] + Array("abcdefghijk".utf8), Array("abcdefghijklmnop".utf8) + [0xC3],
        ]
        var random = SplitMix64(seed: 8)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var generated: [[UInt8]] = []
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &random)
            generated.append((0..<count).map { _ in
                Int.random(in: 0..<3, using: &random) == 0 ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            })
        }
        for text in ["", "ascii only", "Käse 🧀 日本語 \u{10FFFF}", "\u{D7FF}\u{E000}"] { generated.append(Array(text.utf8)) }
        for bytes in cases + generated {
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(bytes)")
        }
    }

    @Test func byteCountsMatchACountOneByOne() throws {
        var random = SplitMix64(seed: 3)
        for count in [0, 1, 15, 16, 17, 31, 33, 255 * 16, 255 * 16 + 1, 10_000] {
            for density: UInt8 in [0, 1, 3, 255] {
                let bytes: [UInt8] = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) <= density ? 0x0A : 0x41 }
                let source = try SourceText(bytes: bytes, file: "x")
                #expect(source.occurrences(of: 0x0A) == bytes.filter { $0 == 0x0A }.count)
            }
        }
        let all = try SourceText(bytes: [UInt8](repeating: 0x7B, count: 300 * 16 + 5), file: "x")
        #expect(all.occurrences(of: 0x7B) == 300 * 16 + 5)
    }

    @Test func countedCapacityLeavesNothingWorthTrimming() throws {
        let children = (0..<5_000).map { #"{"name": "n\#($0)"}"# }.joined(separator: ",")
        var json = try readJSON(#"{"name": "r", "children": [\#(children)]}"#)
        let jsonCapacity = json.labels.capacity
        #expect(jsonCapacity - json.count <= json.count / 64)
        json.trimCapacity()
        #expect(json.labels.capacity == jsonCapacity)  // no copy
        var outline = try readOutline("r\n" + (0..<5_000).map { "  n\($0)\n" }.joined())
        let outlineCapacity = outline.parents.capacity
        #expect(outlineCapacity - outline.count <= outline.count / 64)
        outline.trimCapacity()
        #expect(outline.parents.capacity == outlineCapacity)
    }
}
