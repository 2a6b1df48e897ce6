import Foundation
import Hierarchy
import HierarchyReaders
import Testing

/// Input that tries to break readers: every reader answers with a tree or a located error.
@Suite struct HostileInputTests {
    static let readers: [(String, any HierarchyReader)] = InputFormat.allCases.map { ($0.rawValue, $0.reader) }

    @Test func nulBytesAreRefused() {
        let inputs = ["outline": "a\n  b\u{0}c\n", "json": "{\"name\": \"b\u{0}\"}", "yaml": "a: b\u{0}\n",
                      "csv": "id,parentId\na\u{0},\n", "tsv": "id\tparentId\na\u{0}\t\n", "markdown": "- b\u{0}\n", "org": "* a\n- b\u{0}\n", "dot": "digraph { a\u{0} -> b }",
                      "newick": "(a,b\u{0}c);"]
        for (name, reader) in Self.readers {
            let message = readError(reader, inputs[name]!, file: "n")
            #expect(message?.hasPrefix("n:") == true && message?.contains("NUL") == true || message?.contains("control character") == true, "\(name): \(message ?? "read")")
        }
    }

    @Test func invalidUTF8IsRefusedByEveryReader() {
        for (name, reader) in Self.readers {
            do {
                _ = try reader.read(Array("a\n".utf8) + [0xC3, 0x28] + Array("\n".utf8), file: "u")
                Issue.record("\(name) read invalid UTF-8")
            } catch {
                #expect(error.message.hasPrefix("invalid UTF-8"), "\(name): \(error)")
            }
        }
    }

    /// A UTF-16 file is named as one, with the way to convert it (it read as a stray 0xFF byte,
    /// or, without a byte-order mark, as a NUL in the first label).
    @Test func utf16IsNamedByEveryReader() {
        let text = "root\n  a\n"
        let littleEndian = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        func utf32(_ shifts: [UInt32]) -> [UInt8] { text.unicodeScalars.flatMap { scalar in shifts.map { UInt8(truncatingIfNeeded: scalar.value >> $0) } } }
        let cases: [([UInt8], String)] = [([0xFF, 0xFE] + littleEndian, "UTF-16LE"), ([0xFE, 0xFF] + bigEndian, "UTF-16BE"),
                                          (littleEndian, "UTF-16LE"), (bigEndian, "UTF-16BE"),
                                          ([0xFF, 0xFE, 0, 0] + utf32([0, 8, 16, 24]), "UTF-32LE"), ([0, 0, 0xFE, 0xFF] + utf32([24, 16, 8, 0]), "UTF-32BE")]
        for (name, reader) in Self.readers {
            for (bytes, encoding) in cases {
                do {
                    _ = try reader.read(bytes, file: "w")
                    Issue.record("\(name) read \(encoding)")
                } catch {
                    #expect(error.description == "w:1:1: the file is \(encoding), not UTF-8: convert it first (iconv -f \(encoding) -t UTF-8)", "\(name): \(error)")
                }
            }
        }
    }

    @Test func emptyAndBlankInputsAreRefused() {
        for (name, reader) in Self.readers {
            for text in ["", "\u{FEFF}", "\n\n  \r\n"] {
                #expect(readError(reader, text, file: "e") != nil, "\(name) accepted \(text.debugDescription)")
            }
        }
    }

    @Test func byteOrderMarksAndCRLFAreHandled() throws {
        let outline = try OutlineReader().read(Array("\u{FEFF}a\r\n  b\r\n".utf8), file: "x")
        #expect(outline.labels == ["a", "b"])
        let json = try JSONTreeReader().read(Array("\u{FEFF}{\"name\": \"a\"}\r\n".utf8), file: "x")
        #expect(json.labels == ["a"])
        let markdown = try MarkdownReader().read(Array("\u{FEFF}# a\r\n- b\r\n".utf8), file: "x")
        #expect(markdown.labels == ["a", "b"])
        let yaml = try YAMLReader().read(Array("\u{FEFF}a:\r\n  - b\r\n".utf8), file: "x")
        #expect(yaml.labels == ["a", "b"])
    }

    @Test func tenMegabyteLines() throws {
        let long = String(repeating: "x", count: 10 << 20)
        #expect(try OutlineReader().read(Array("root\n  \(long)\n".utf8), file: "l").labels[1].utf8.count == 10 << 20)
        #expect(try JSONTreeReader().read(Array("{\"name\": \"\(long)\"}".utf8), file: "l").labels[0].utf8.count == 10 << 20)
        #expect(try CSVReader().read(Array("id,parentId\n\(long),\n".utf8), file: "l").count == 1)
        #expect(try CSVReader().read(Array("id,parentId,name\na,,\"\(long)\"\n".utf8), file: "l").labels[0].utf8.count == 10 << 20)
        #expect(try YAMLReader().read(Array("a: \(long)\n".utf8), file: "l").labels[0].utf8.count == (10 << 20) + 3)
        #expect(try YAMLReader().read(Array("a: \"\(long)\"\n".utf8), file: "l").labels[0].utf8.count == (10 << 20) + 3)
        // cgraph's scanner alone takes a minute on this (quadratic); see DOTLongTokens.
        #expect(try DOTReader().read(Array("digraph { \"\(long)\" }".utf8), file: "l").labels[0].utf8.count == 10 << 20)
        #expect(try DOTReader().read(Array("digraph { a [label=\"\(long)\"] }".utf8), file: "l").labels[0].utf8.count == 10 << 20)
    }

    @Test func millionNodeStarInJSONAndOutline() throws {
        var json = "{\"name\": \"hub\", \"children\": ["
        var outline = "hub\n"
        json.reserveCapacity(25_000_000)
        outline.reserveCapacity(15_000_000)
        for node in 0..<1_000_000 {
            json += node == 0 ? "{\"name\": \"\(node)\"}" : ",{\"name\": \"\(node)\"}"
            outline += " \(node)\n"
        }
        json += "]}"
        #expect(try JSONTreeReader().read(Array(json.utf8), file: "s").count == 1_000_001)
        #expect(try OutlineReader().read(Array(outline.utf8), file: "s").count == 1_000_001)
    }
}
