/// A byte buffer that renderers append to, handing full chunks to a sink so that very large
/// drawings stream to their destination instead of growing in memory.
public struct OutputBuffer: ~Copyable {
    private var bytes: [UInt8] = []
    private let chunkSize: Int
    private let sink: ([UInt8]) -> Void

    /// A buffer that calls `sink` with each chunk of about `chunkSize` bytes, and with the rest on `finish()`.
    public init(chunkSize: Int = 1 << 20, sink: @escaping ([UInt8]) -> Void) {
        self.chunkSize = chunkSize
        self.sink = sink
        bytes.reserveCapacity(chunkSize + 4096)
    }

    /// Hands what is left to the sink.
    public consuming func finish() {
        if !bytes.isEmpty { sink(bytes) }
    }

    @inline(__always)
    private mutating func flushIfFull() {
        if bytes.count >= chunkSize {
            sink(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Appends ASCII or UTF-8 text known at compile time.
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    /// Appends bytes as they are.
    public mutating func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
        flushIfFull()
    }

    /// Appends text as it is (the caller has escaped it).
    public mutating func append(raw text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    /// Appends an integer in decimal.
    public mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Appends a coordinate rounded to hundredths, without trailing zeros (`12`, `12.5`, `-0.25`).
    /// Rounding makes the text independent of floating-point noise, so output is byte-stable.
    public mutating func append(_ value: Double) {
        guard value.isFinite else {
            append("0")
            return
        }
        // Beyond what hundredths in an Int hold: whole numbers in Swift's own notation.
        guard abs(value) < 1e15 else {
            append(raw: value.rounded().description)
            return
        }
        // Half away from zero, without a call to round().
        let scaled = value * 100
        let hundredths = Int(scaled >= 0 ? scaled + 0.5 : scaled - 0.5)
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = abs(hundredths)
        append(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
    }

    /// Appends text escaped for XML character data and attribute values. Characters XML 1.0
    /// cannot carry (C0 controls other than tab and newline) become U+FFFD.
    public mutating func appendXMLEscaped(_ text: String) {
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&apos;")
            case 0x09, 0x0A: bytes.append(unit)
            case 0..<0x20, 0x7F: bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: bytes.append(unit)
            }
        }
        flushIfFull()
    }

    /// Appends text as the inside of a JSON string.
    public mutating func appendJSONEscaped(_ text: String) {
        var previous: UInt8 = 0
        for unit in text.utf8 {
            defer { previous = unit }
            switch unit {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                append("\\u00")
                let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hexDigits[Int(unit >> 4)])
                bytes.append(hexDigits[Int(unit & 0xF)])
            // "</script>" cannot end a script element that embeds the JSON.
            case UInt8(ascii: "/") where previous == UInt8(ascii: "<"): append("\\/")
            default: bytes.append(unit)
            }
        }
        flushIfFull()
    }

    /// Appends text as the inside of a DOT double-quoted string used as a label: quotes and
    /// backslashes escaped (so Graphviz's `\N`-style escapes stay literal), newlines as `\n`.
    public mutating func appendDOTEscaped(_ text: String) {
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0..<0x20, 0x7F: append(" ")
            default: bytes.append(unit)
            }
        }
        flushIfFull()
    }
}
