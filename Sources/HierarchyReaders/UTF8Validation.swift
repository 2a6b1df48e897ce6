/// UTF-8 validation in place, without building a `String` of the whole input: runs of ASCII are
/// skipped eight bytes at a time, and each multi-byte sequence is checked against Unicode's
/// table of well-formed sequences (no overlong forms, no surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    /// Whether the bytes are well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII, a word at a time: most input is.
            while index + 8 <= count,
                  UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { return true }
            let lead = base[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the allowed range of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base[index + 1]
            guard second >= low && second <= high else { return false }
            for offset in 2..<max(length, 2) where base[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
