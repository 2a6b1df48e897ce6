#if canImport(Glibc)
import Glibc
#endif

/// cgraph's scanner (flex) reads 8 KB at a time and re-scans a token from its start after each
/// read, so a token of n bytes costs n²/8 KB steps: a 10 MB quoted label took a minute. Before
/// cgraph sees a text, each long quoted string or name is swapped for a short placeholder and each
/// long comment emptied; the placeholders are swapped back in the names and attributes read.
/// Lines are kept as cgraph counts them, so its messages name the same lines.
struct DOTLongTokens {
    /// Tokens longer than this are swapped by default; shorter ones cost cgraph little.
    static let defaultThreshold = 1024
    /// Tokens longer than this are swapped.
    let threshold: Int

    /// The text cgraph reads.
    private(set) var text: [UInt8] = []
    /// The value of each placeholder, as cgraph would have read the token.
    private var values: [String] = []
    /// The placeholder of each value: the same name twice must stay one node.
    private var numbers: [String: Int] = [:]
    /// A private-use character the input does not contain, which brackets placeholders.
    private var marker: [UInt8] = []

    /// Whether any token was swapped.
    var isEmpty: Bool { values.isEmpty }

    init(_ bytes: [UInt8], threshold: Int = defaultThreshold) {
        self.threshold = threshold
        guard bytes.count > threshold else {
            text = bytes
            return
        }
        marker = Self.unusedMarker(in: bytes)
        text.reserveCapacity(min(bytes.count, 1 << 20))
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position = quoted(bytes, from: position)
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                let close = Self.end(of: [UInt8(ascii: "*"), UInt8(ascii: "/")], in: bytes, from: position + 2)
                let end = close ?? bytes.count
                if end - position > threshold {
                    // Emptied, keeping its line breaks (which cgraph counts).
                    text += Array("/*".utf8)
                    text += bytes[position..<end].filter { $0 == 0x0A }
                    if close != nil { text += Array("*/".utf8) }
                } else {
                    text += bytes[position..<end]
                }
                position = end
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"),
                 UInt8(ascii: "#"):  // cgraph 2.42 takes `#` anywhere for a line comment
                let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
                if end - position > threshold {
                    text += byte == UInt8(ascii: "#") ? [byte] : [byte, byte]  // emptied
                } else {
                    text += bytes[position..<end]
                }
                position = end
            case UInt8(ascii: "<"):
                position = html(bytes, from: position)
            // A name, unless glued to a number before it (cgraph splits those with a warning).
            case _ where Self.isNameStart(byte) && !(position > 0 && (0x30...0x39).contains(bytes[position - 1])):
                var end = position + 1
                while end < bytes.count && (Self.isNameStart(bytes[end]) || (0x30...0x39).contains(bytes[end])) { end += 1 }
                if end - position > threshold && !Self.isKeyword(bytes[position..<end]) {
                    placeholder(String(decoding: bytes[position..<end], as: UTF8.self), escapedNewlines: 0, quoted: false)
                } else {
                    text += bytes[position..<end]
                }
                position = end
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    /// A value with the placeholders it holds replaced by what they stand for; `limit` shortens
    /// each (for messages).
    func restoring(_ value: String, limit: Int? = nil) -> String {
        guard !values.isEmpty, value.utf8.contains(marker[0]) else { return value }
        let bytes = Array(value.utf8)
        var result: [UInt8] = []
        var copied = 0
        var position = 0
        while let found = bytes[position...].firstIndex(of: marker[0]) {
            position = found + 1
            guard bytes[found...].starts(with: marker) else { continue }
            var end = found + marker.count
            var number = 0
            let digits = end
            while end < bytes.count, end - digits < 12, (0x30...0x39).contains(bytes[end]) { number = number * 10 + Int(bytes[end] - 0x30); end += 1 }
            guard end > digits, number < values.count, bytes[end...].starts(with: marker) else { continue }
            result += bytes[copied..<found]
            let original = values[number]
            if let limit, original.count > limit { result += Array((original.prefix(limit - 1) + "…").utf8) } else { result += Array(original.utf8) }
            position = end + marker.count
            copied = position
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Tokens

    /// A quoted string from its opening quote: copied, or swapped when long. cgraph's (2.42)
    /// scanner reads `\"` as a quote, `\\` as two backslashes, drops a backslash before a line
    /// break and any other backslash stays; between those, a run of other characters is kept as
    /// it is, except a run that is one line break alone, which its newline rule takes (dropped).
    /// Only the dropped line breaks count as lines.
    private mutating func quoted(_ bytes: [UInt8], from start: Int) -> Int {
        // The closing quote: the first one after an even run of backslashes.
        var close: Int?
        var position = start + 1
        while let quote = Self.index(of: UInt8(ascii: "\""), in: bytes, from: position, to: bytes.count) {
            var backslashes = 0
            while quote - backslashes - 1 > start && bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 {
                close = quote
                break
            }
            position = quote + 1
        }
        guard let close, close + 1 - start > threshold else {
            let end = close.map { $0 + 1 } ?? bytes.count
            text += bytes[start..<end]
            return end
        }
        var value: [UInt8] = []
        value.reserveCapacity(close - start)
        var escapedNewlines = 0
        position = start + 1
        func run(_ range: Range<Int>) {
            if range.count == 1 && bytes[range.lowerBound] == 0x0A { escapedNewlines += 1 } else { value += bytes[range] }
        }
        while let backslash = Self.index(of: UInt8(ascii: "\\"), in: bytes, from: position, to: close) {
            run(position..<backslash)
            let next = backslash + 1 < close ? bytes[backslash + 1] : 0
            switch next {
            case UInt8(ascii: "\""):
                value.append(next)
                position = backslash + 2
            case UInt8(ascii: "\\"):
                value += [next, next]
                position = backslash + 2
            case 0x0A:
                escapedNewlines += 1
                position = backslash + 2
            default:
                value.append(UInt8(ascii: "\\"))
                position = backslash + 1
            }
        }
        run(position..<close)
        placeholder(String(decoding: value, as: UTF8.self), escapedNewlines: escapedNewlines)
        return close + 1
    }

    /// An HTML string `<…>` (nested brackets) is copied as it is, so nothing in it is taken for a token.
    private mutating func html(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var position = start
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") { depth += 1 }
            if bytes[position] == UInt8(ascii: ">") { depth -= 1 }
            position += 1
            if depth == 0 { break }
        }
        text += bytes[start..<position]
        return position
    }

    /// Writes a placeholder for `value`, with the line breaks cgraph would have counted: quoted
    /// for a string, bare for a name (the marker and digits are name characters to cgraph), so
    /// the grammar sees the same kind of token (`+` joins quoted strings only).
    private mutating func placeholder(_ value: String, escapedNewlines: Int, quoted: Bool = true) {
        let number = numbers[value] ?? values.count
        if number == values.count {
            values.append(value)
            numbers[value] = number
        }
        if quoted { text.append(UInt8(ascii: "\"")) }
        text += marker + Array(String(number).utf8) + marker
        for _ in 0..<escapedNewlines { text += [UInt8(ascii: "\\"), 0x0A] }
        if quoted { text.append(UInt8(ascii: "\"")) }
    }

    /// DOT's keywords, which only ever are short (a threshold below 9 would otherwise swap them).
    private static func isKeyword(_ name: ArraySlice<UInt8>) -> Bool {
        name.count <= 8 && ["node", "edge", "graph", "digraph", "subgraph", "strict"].contains(String(decoding: name, as: UTF8.self).lowercased())
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte >= 0x80
    }

    /// The offset just past `terminator`, if it comes.
    private static func end(of terminator: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        while position + terminator.count <= bytes.count {
            if bytes[position] == terminator[0] && bytes[position..<(position + terminator.count)].elementsEqual(terminator) {
                return position + terminator.count
            }
            position += 1
        }
        return nil
    }

    /// A run of U+E000 (a private-use character) one longer than any in `bytes`, so the
    /// input cannot contain it.
    private static func unusedMarker(in bytes: [UInt8]) -> [UInt8] {
        let character: [UInt8] = [0xEE, 0x80, 0x80]
        var longest = 0, run = 0, position = 0
        while let lead = index(of: 0xEE, in: bytes, from: position, to: bytes.count) {
            if lead != position { run = 0 }
            if lead + 2 < bytes.count && bytes[lead + 1] == 0x80 && bytes[lead + 2] == 0x80 {
                run += 1
                longest = max(longest, run)
                position = lead + 3
            } else {
                run = 0
                position = lead + 1
            }
        }
        return Array(repeating: character, count: longest + 1).flatMap { $0 }
    }

    /// The first offset of `byte` in `bytes[start..<end]` (memchr: this runs over whole inputs).
    private static func index(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + start, Int32(byte), end - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!) }
        }
    }
}
