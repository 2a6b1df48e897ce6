import Hierarchy

/// Lexing: whitespace, literals, numbers and strings (escapes and surrogates decoded, located errors).
extension JSONTreeParser {
    // MARK: Lexing

    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls find none: tested first, inline.
        if position < bytes.count && bytes[position] > 0x20 { return }
        skipWhitespaceRun()
    }

    mutating func skipWhitespaceRun() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func expectMore() throws(ReadError) {
        if position >= bytes.count { throw endOfInputError() }
    }

    /// The end of the input reached inside the document, naming what is left open there: a
    /// string, or the innermost bracket (and how many around it). One scan, on this error only.
    func endOfInputError() -> ReadError {
        var open: [Int] = [], stringStart = -1, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if stringStart >= 0 {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { stringStart = -1 }
            } else if byte == UInt8(ascii: "\"") {
                stringStart = index
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                open.append(index)
            } else if (byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")) && !open.isEmpty {
                open.removeLast()
            }
            index += 1
        }
        // (With the file's name, as other readers' places: Markdown moves those to the page's lines.)
        func place(_ offset: Int) -> String {
            let (line, column) = source.location(of: offset)
            return "\(source.file):\(line):\(column)"
        }
        var message = "unexpected end of input"
        if stringStart >= 0 {
            message += ": the string that starts at \(place(stringStart)) is not closed"
        } else if let innermost = open.last {
            func bracket(_ offset: Int) -> String { "the '\(Character(Unicode.Scalar(bytes[offset])))' at \(place(offset))" }
            // Outward from the innermost; the outermost two named at most.
            let around = open.dropLast().reversed().map(bracket)
            message += ": \(bracket(innermost)) is not closed"
                + (around.isEmpty ? "" : around.count <= 2 ? " (nor \(around.joined(separator: " or ")) around it)"
                    : " (nor \(around.count) brackets around it, \(around[0]) the nearest)")
        }
        return source.error(at: bytes.count, message)
    }

    func error(_ message: String) -> ReadError { source.error(at: position, message) }

    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { $0.elementsEqual(bytes[position..<position + count]) }
        if matches { position += count }
        return matches
    }

    /// Where the run of string bytes from `start` that need no decoding ends: at a quote, a
    /// backslash, a control character or the end of the input.
    func plainStringEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        return end
    }

    /// Where the run of bytes from `start` that a plain key or label may hold ends: as
    /// `plainStringEnd`, and at a DEL (which a label must not have).
    func plainTextEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F { break }
            end += 1
        }
        return end
    }

    /// The text of a byte range of the (validated) input.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Parses a string at `position` (which is a quote), decoding escapes.
    mutating func parseString() throws(ReadError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes (a string may be megabytes long).
        position = plainStringEnd(from: start)
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            let text = string(start..<position)
            position += 1
            return text
        }
        if position < bytes.count && bytes[position] < 0x20 { throw error("unescaped control character in a string") }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte != UInt8(ascii: "\\") {
                let end = plainStringEnd(from: position)
                scalars += bytes[position..<end]
                position = end
                continue
            }
            position += 1
            try expectMore()
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var value = try parseHex4()
                if (0xD800..<0xDC00).contains(value) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(value) {
                    throw error("unpaired surrogate in \\u escape")
                }
                scalars.append(contentsOf: Array(String(Unicode.Scalar(value)!).utf8))
            default:
                position -= 2
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        let (line, column) = source.location(of: start - 1)
        throw error("unterminated string (it starts at \(line):\(column))")
    }

    mutating func parseHex4() throws(ReadError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    mutating func skipNumber() throws(ReadError) {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == 0x30 { position += 1 } else { while position < bytes.count && isDigit(bytes[position]) { position += 1 } }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
    }

    /// Skips any JSON value without recursion: a depth counter over brackets, strings lexed properly.
    mutating func skipValue() throws(ReadError) {
        var closers: [UInt8] = []
        repeat {
            skipWhitespace()
            try expectMore()
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                closers.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                position += 1
                skipWhitespace()
                try expectMore()
                if bytes[position] == closers.last! { position += 1; closers.removeLast() ; try skipSeparator(&closers); continue }
                if closers.last == UInt8(ascii: "}") { try skipKey() }
                continue
            case UInt8(ascii: "\""): _ = try parseString()
            case UInt8(ascii: "-"), 0x30...0x39: try skipNumber()
            default:
                if !(matchLiteral("true") || matchLiteral("false") || matchLiteral("null")) {
                    throw error("invalid JSON value")
                }
            }
            try skipSeparator(&closers)
        } while !closers.isEmpty
    }

    /// Inside a skipped container: after a value, consume `,` (and the next key) or closers.
    mutating func skipSeparator(_ closers: inout [UInt8]) throws(ReadError) {
        while let closer = closers.last {
            skipWhitespace()
            try expectMore()
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                if closer == UInt8(ascii: "}") { skipWhitespace(); try expectMore(); try skipKey() }
                return
            }
            guard bytes[position] == closer else { throw error("expected ',' or '\(Character(Unicode.Scalar(closer)))'") }
            position += 1
            closers.removeLast()
        }
    }

    mutating func skipKey() throws(ReadError) {
        skipWhitespace()
        try expectMore()
        guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key string") }
        _ = try parseString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        position += 1
    }
}
