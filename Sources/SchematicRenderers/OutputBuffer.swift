/// A byte buffer that renderers append to, handing full chunks to a sink so that very large
/// drawings stream to their destination instead of growing in memory.
///
/// The bytes live in one buffer it owns, not an Array: a drawing is written in millions of small
/// appends, and each should cost a bounds check and a copy, without Array's uniqueness checks.
public struct OutputBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private let chunkSize: Int
    private let sink: ([UInt8]) -> Void

    /// A buffer that calls `sink` with each chunk of about `chunkSize` bytes, and with the rest on `finish()`.
    public init(chunkSize: Int = 1 << 20, sink: @escaping ([UInt8]) -> Void) {
        self.chunkSize = chunkSize
        self.sink = sink
        capacity = chunkSize + 4096
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Hands what is left to the sink.
    public consuming func finish() {
        if count > 0 { sink(Array(UnsafeBufferPointer(start: storage, count: count))) }
    }

    /// Hands what the buffer holds, then `chunks`, to the sink: bytes written elsewhere (by
    /// another thread), in order, without copying them again.
    public mutating func append(chunks: [[UInt8]]) {
        if count > 0 {
            sink(Array(UnsafeBufferPointer(start: storage, count: count)))
            count = 0
        }
        for chunk in chunks where !chunk.isEmpty { sink(chunk) }
    }

    @inline(__always)
    private mutating func flushIfFull() {
        if count >= chunkSize {
            sink(Array(UnsafeBufferPointer(start: storage, count: count)))
            count = 0
        }
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: storage, count: count)
        storage.deallocate()
        storage = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        if buffer.count <= 16 {
            // Most pieces are a few bytes: a loop is cheaper than a call to memcpy.
            for index in 0..<buffer.count { storage[count + index] = base[index] }
        } else {
            (storage + count).update(from: base, count: buffer.count)
        }
        count += buffer.count
    }

    @inline(__always)
    private mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { piece in
            guard let base = piece.baseAddress, !piece.isEmpty else { return }
            reserve(piece.count)
            (storage + count).update(from: base, count: piece.count)
            count += piece.count
        }
    }

    /// Appends ASCII or UTF-8 text known at compile time.
    public mutating func append(_ text: StaticString) {
        put(text)
        flushIfFull()
    }

    /// Appends bytes as they are.
    public mutating func append(bytes more: [UInt8]) {
        more.withUnsafeBufferPointer { put($0) }
        flushIfFull()
    }

    /// Appends text as it is (the caller has escaped it).
    public mutating func append(raw text: String) {
        var text = text
        text.withUTF8 { put($0) }
        flushIfFull()
    }

    /// Appends an integer in decimal.
    public mutating func append(_ value: Int) {
        reserve(20)
        if value < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20 && magnitude >= power {
            digits += 1
            if digits < 20 { power &*= 10 }
        }
        var index = count + digits
        count = index
        repeat {
            index -= 1
            storage[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// Appends a coordinate rounded to hundredths, without trailing zeros (`12`, `12.5`, `-0.25`).
    /// Rounding makes the text independent of floating-point noise, so output is byte-stable.
    public mutating func append(_ value: Double) {
        // Beyond what hundredths in an Int hold: whole numbers in Swift's own notation.
        appendRounded(value, decimals: 2, below: 1e15)
    }

    /// Appends a transform's coefficient (a cosine, a scale) rounded to millionths, without
    /// trailing zeros: hundredths would turn a label by up to half a degree and scale it.
    public mutating func append(coefficient value: Double) {
        // Beyond what millionths in an Int hold: as a coordinate.
        guard abs(value) < 1e9 else { return append(value) }
        appendRounded(value, decimals: 6, below: 1e9)
    }

    /// `value` rounded half away from zero to `decimals` places, without trailing zeros; from
    /// `limit` on (where the scaled value would not fit an Int), a whole number in Swift's
    /// notation; 0 for what is not finite.
    private mutating func appendRounded(_ value: Double, decimals: Int, below limit: Double) {
        guard value.isFinite else {
            append("0")
            return
        }
        guard abs(value) < limit else {
            append(raw: value.rounded().description)
            return
        }
        var unit = 1
        for _ in 0..<decimals { unit *= 10 }
        // Half away from zero, without a call to round().
        let scaled = value * Double(unit)
        let units = Int(scaled >= 0 ? scaled + 0.5 : scaled - 0.5)
        if units < 0 { put(UInt8(ascii: "-")) }
        let magnitude = abs(units)
        append(magnitude / unit)
        var fraction = magnitude % unit
        guard fraction != 0 else { return }
        put(UInt8(ascii: "."))
        var digits = decimals
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a byte as two hexadecimal digits.
    private mutating func putHex(_ byte: UInt8, uppercase: Bool) {
        let letters = uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")
        let high = byte >> 4, low = byte & 0xF
        put(high < 10 ? UInt8(ascii: "0") + high : letters + high - 10)
        put(low < 10 ? UInt8(ascii: "0") + low : letters + low - 10)
    }

    /// Appends text escaped for XML character data and attribute values. Characters XML 1.0
    /// cannot carry (C0 controls other than tab and newline, and the noncharacters U+FFFE and
    /// U+FFFF) become U+FFFD; C1 controls (U+0080–U+009F) are written as character references
    /// (XML 1.0 only discourages them raw, but XML 1.1 reads U+0085 as a line end and a
    /// terminal reads U+009B as the start of an escape sequence).
    public mutating func appendXMLEscaped(_ text: String) {
        // UTF-8 bytes EF BF held until the third tells U+FFFE or U+FFFF (BE, BF) from the rest.
        var held = 0
        // A lead byte C2 held until the next tells a C1 control (80–9F) from the rest.
        var heldC2 = false
        for unit in text.utf8 {
            if heldC2 {
                heldC2 = false
                if unit <= 0x9F {
                    put("&#x")
                    putHex(unit, uppercase: true)
                    put(UInt8(ascii: ";"))
                    continue
                }
                put(0xC2)
            }
            if held == 2 {
                held = 0
                if unit == 0xBE || unit == 0xBF {
                    put("\u{FFFD}")
                    continue
                }
                put(0xEF)
                put(0xBF)
            } else if held == 1 {
                if unit == 0xBF {
                    held = 2
                    continue
                }
                held = 0
                put(0xEF)
            }
            switch unit {
            case UInt8(ascii: "&"): put("&amp;")
            case UInt8(ascii: "<"): put("&lt;")
            case UInt8(ascii: ">"): put("&gt;")
            case UInt8(ascii: "\""): put("&quot;")
            case UInt8(ascii: "'"): put("&apos;")
            case 0x09, 0x0A: put(unit)
            case 0..<0x20, 0x7F: put("\u{FFFD}")
            case 0xEF: held = 1
            case 0xC2: heldC2 = true
            default: put(unit)
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
            case UInt8(ascii: "\""): put("\\\"")
            case UInt8(ascii: "\\"): put("\\\\")
            case 0x0A: put("\\n")
            case 0x0D: put("\\r")
            case 0x09: put("\\t")
            case 0..<0x20:
                put("\\u00")
                putHex(unit, uppercase: false)
            // "</script>" cannot end a script element that embeds the JSON.
            case UInt8(ascii: "/") where previous == UInt8(ascii: "<"): put("\\/")
            default: put(unit)
            }
        }
        flushIfFull()
    }

    /// Appends text as the inside of a DOT double-quoted string used as a label: quotes and
    /// backslashes escaped (so Graphviz's `\N`-style escapes stay literal), newlines as `\n`;
    /// with `isLabel`, `&` as `&amp;` (Graphviz draws a label's character references: "AT&amp;T"
    /// was drawn "AT&T" by Graphviz and as written by Schematic).
    public mutating func appendDOTEscaped(_ text: String, isLabel: Bool = false) {
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "&") where isLabel: put("&amp;")
            case UInt8(ascii: "\""): put("\\\"")
            case UInt8(ascii: "\\"): put("\\\\")
            case 0x0A: put("\\n")
            case 0..<0x20, 0x7F: put(" ")
            default: put(unit)
            }
        }
        flushIfFull()
    }
}
