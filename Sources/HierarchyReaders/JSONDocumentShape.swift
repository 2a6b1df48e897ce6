import Hierarchy

/// Which convention a JSON document follows, found by looking at its first node only: d3's
/// node objects (`name`, `children`), or plain keys (a package.json, a configuration, an API's
/// answer), which YAML's reader takes as they are (JSON is YAML), so both formats read keys alike.
enum JSONDocumentShape {
    /// Whether the document's root object (or the first object of a top-level array) is a node
    /// object: it has the children key (or `tree -J`'s `contents`), or a name and nothing but
    /// node fields beside it. Malformed or empty documents count as node objects, so the JSON
    /// parser reports them. Stops at the children key, so a d3 file is not read twice.
    /// Also, for a first object without a name, its first key holding a list of named objects
    /// (children under another key, perhaps), where the object has other keys or the list's
    /// items nest under the same key.
    static func shape(_ bytes: [UInt8], nameKey: String, childrenKey: String, typeKey: String)
        -> (holdsNodeObjects: Bool, listOfObjectsKey: String?) {
        var listOfObjectsKey: String?
        let holds = bytes.withUnsafeBufferPointer { bytes in
            var scanner = Scanner(bytes: bytes)
            scanner.skipWhitespace()
            guard let first = scanner.peek() else { return true }
            if first == UInt8(ascii: "[") {
                scanner.position += 1
                scanner.skipWhitespace()
                guard let item = scanner.peek() else { return true }
                if item == UInt8(ascii: "]") { return true }
                if item != UInt8(ascii: "{") { return false }  // a list of texts: a forest of leaves
            } else if first != UInt8(ascii: "{") {
                return true
            }
            scanner.position += 1
            let name = Array(nameKey.utf8), children = Array(childrenKey.utf8), contents = Array("contents".utf8)
            var hasName = false
            var foreignKey = false
            var keyCount = 0
            var listNests = false
            while true {
                scanner.skipWhitespace()
                guard let next = scanner.peek() else { return true }
                if next == UInt8(ascii: "}") { break }
                if next == UInt8(ascii: ",") {
                    scanner.position += 1
                    continue
                }
                guard next == UInt8(ascii: "\""), let key = scanner.skipString() else { return true }
                let keyBytes = bytes[key]
                keyCount += 1
                if keyBytes.elementsEqual(children) || keyBytes.elementsEqual(contents) { return true }
                if keyBytes.elementsEqual(name) {
                    hasName = true
                } else if !NodeFields.isNodeField(String(decoding: keyBytes, as: UTF8.self), typeKey: typeKey) {
                    foreignKey = true
                }
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: ":") else { return true }
                scanner.position += 1
                scanner.skipWhitespace()
                if listOfObjectsKey == nil, scanner.peek() == UInt8(ascii: "[") {
                    var inside = scanner
                    inside.position += 1
                    inside.skipWhitespace()
                    // Only a list whose first object has a name can be read as children (an
                    // ip -j interface's addr_info, unnamed, was named and led to an error).
                    if inside.peek() == UInt8(ascii: "{"), inside.objectHasKey(name) {
                        listOfObjectsKey = String(decoding: keyBytes, as: UTF8.self)
                        listNests = scanner.someItemHasKey(Array(keyBytes))
                    }
                }
                guard scanner.skipValue() else { return true }
            }
            // A lone list of flat named items (iso-codes' {"639-5": [...]}) is read whole as
            // keys; saying it holds children would only drop the items' other fields.
            if hasName || (keyCount == 1 && !listNests) { listOfObjectsKey = nil }
            return hasName && !foreignKey
        }
        return (holds, holds ? nil : listOfObjectsKey)
    }

    /// The document with JSON's escaped UTF-16 surrogate pairs (`\ud83d\ude00`), which YAML
    /// lacks, written as the UTF-8 they stand for; every other byte as it was.
    static func decodingSurrogatePairs(_ bytes: [UInt8]) -> [UInt8] {
        func hexValue(_ index: Int) -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        func isEscapedU(_ index: Int) -> Bool {
            index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
        }
        var result: [UInt8] = []
        var copied = 0
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                inString = byte == UInt8(ascii: "\"")
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if isEscapedU(index), let high = hexValue(index + 2), (0xD800...0xDBFF).contains(high),
               isEscapedU(index + 6), let low = hexValue(index + 8), (0xDC00...0xDFFF).contains(low),
               let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) {
                if result.isEmpty { result.reserveCapacity(bytes.count) }
                result.append(contentsOf: bytes[copied..<index])
                result.append(contentsOf: Array(String(Character(scalar)).utf8))
                index += 12
                copied = index
                continue
            }
            index += 2  // any other escape, the escaped byte included
        }
        guard copied > 0 else { return bytes }
        result.append(contentsOf: bytes[copied...])
        return result
    }

    /// Skips JSON without building anything; false where the bytes are not JSON.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        /// Skips a string at a quote; returns the range of its content.
        mutating func skipString() -> Range<Int>? {
            let start = position + 1
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    position = index + 1
                    return start..<index
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return nil
        }

        /// Whether the object at the position (its `{`) has `key` among its own keys.
        func objectHasKey(_ key: [UInt8]) -> Bool {
            var scanner = self
            scanner.position += 1
            while true {
                scanner.skipWhitespace()
                guard let next = scanner.peek(), next != UInt8(ascii: "}") else { return false }
                if next == UInt8(ascii: ",") {
                    scanner.position += 1
                    continue
                }
                guard next == UInt8(ascii: "\""), let found = scanner.skipString() else { return false }
                if scanner.bytes[found].elementsEqual(key) { return true }
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: ":") else { return false }
                scanner.position += 1
                scanner.skipWhitespace()
                guard scanner.skipValue() else { return false }
            }
        }

        /// Whether an object of the array at the position (its `[`) has `key` among its own keys:
        /// a list nested under the same key again, as children are.
        func someItemHasKey(_ key: [UInt8]) -> Bool {
            var scanner = self
            scanner.position += 1
            while true {
                scanner.skipWhitespace()
                guard let next = scanner.peek(), next != UInt8(ascii: "]") else { return false }
                if next == UInt8(ascii: ",") {
                    scanner.position += 1
                    continue
                }
                if next == UInt8(ascii: "{"), scanner.objectHasKey(key) { return true }
                guard scanner.skipValue() else { return false }
            }
        }

        /// Skips one value: a string, a number or literal, or an object or array with all inside.
        mutating func skipValue() -> Bool {
            guard let first = peek() else { return false }
            if first == UInt8(ascii: "\"") { return skipString() != nil }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                let start = position
                while let byte = peek(), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]") { position += 1 }
                // (A value is at least one byte: a stray `}` in a list was skipped as an empty
                // one, over and over: a fuzzed yarn listing hung the reader.)
                return position > start
            }
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return true
                    }
                default: break
                }
                position += 1
            }
            return false
        }
    }
}
