import SchematicRenderers
import Testing

/// The buffer every renderer writes through: numbers, escapes and chunking, byte for byte.
@Suite struct OutputBufferTests {
    /// Everything appended, as one string, and the sizes of the chunks the sink saw.
    private func written(chunkSize: Int = 1 << 20, _ body: (inout OutputBuffer) -> Void) -> (text: String, chunks: [Int]) {
        final class Collected { var bytes: [UInt8] = []; var chunks: [Int] = [] }
        let collected = Collected()
        var buffer = OutputBuffer(chunkSize: chunkSize) { chunk in
            collected.bytes += chunk
            collected.chunks.append(chunk.count)
        }
        body(&buffer)
        buffer.finish()
        return (String(decoding: collected.bytes, as: UTF8.self), collected.chunks)
    }

    @Test func integersInDecimal() {
        let values = [0, 7, 9, 10, 99, 100, -1, -10, 1_234_567_890, Int.max, Int.min]
        let text = written { buffer in
            for value in values {
                buffer.append(value)
                buffer.append(" ")
            }
        }.text
        #expect(text == values.map { String($0) + " " }.joined())
    }

    @Test func coordinatesInHundredths() {
        let text = written { buffer in
            for value in [12.0, 12.5, -0.25, 0.004, 0.005, -3.999, 1e20, .nan] {
                buffer.append(value)
                buffer.append(" ")
            }
        }.text
        #expect(text == "12 12.5 -0.25 0 0.01 -4 1e+20 0 ")
    }

    /// A turned label's cosines and sines: hundredths would turn it by up to half a degree.
    @Test func coefficientsInMillionths() {
        let text = written { buffer in
            for value in [0.9703, -0.2419, 1.0, 0.0, 0.0000004, -0.0000005, 0.5, 0.000012, 2.0 / 3, 1e12] {
                buffer.append(coefficient: value)
                buffer.append(" ")
            }
        }.text
        #expect(text == "0.9703 -0.2419 1 0 0 -0.000001 0.5 0.000012 0.666667 1000000000000 ")
    }

    @Test func escapesForXMLJSONAndDOT() {
        let text = written { buffer in
            buffer.appendXMLEscaped("a&b<c>\"d'\u{1}\te")
            buffer.append("|")
            buffer.appendJSONEscaped("q\"\\\n\r\t\u{1}</x")
            buffer.append("|")
            buffer.appendDOTEscaped("q\"\\\n\u{7F}é")
        }.text
        #expect(text == "a&amp;b&lt;c&gt;&quot;d&apos;\u{FFFD}\te|q\\\"\\\\\\n\\r\\t\\u0001<\\/x|q\\\"\\\\\\n é")
    }

    /// C1 controls become character references; the other two-byte characters stay as they are
    /// (é and ¢ share or neighbour the lead byte C2/C3 of U+0080–U+009F).
    @Test func c1ControlsInXMLAreCharacterReferences() {
        let text = written { buffer in
            buffer.appendXMLEscaped("a\u{85}b\u{9B}c\u{80}¢é\u{A0}\u{FFFF}d")
        }.text
        #expect(text == "a&#x85;b&#x9B;c&#x80;¢é\u{A0}\u{FFFD}d")
    }

    @Test func chunksConcatenateToEverythingWritten() {
        let piece = String(repeating: "x", count: 100)
        let long = String(repeating: "y", count: 5_000)  // larger than the buffer: it grows
        let (text, chunks) = written(chunkSize: 256) { buffer in
            for index in 0..<50 {
                buffer.append(raw: piece)
                buffer.append(index)
            }
            buffer.append(raw: long)
            buffer.append(bytes: Array("end".utf8))
        }
        #expect(text == (0..<50).map { piece + String($0) }.joined() + long + "end")
        #expect(chunks.dropLast().allSatisfy { $0 >= 256 })
        #expect(chunks.reduce(0, +) == text.utf8.count)
    }
}
