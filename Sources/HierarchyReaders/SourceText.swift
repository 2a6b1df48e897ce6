/// The bytes of an input file with what every reader needs: UTF-8 validation, BOM removal,
/// and turning a byte offset into a line and column for error messages.
struct SourceText {
    let file: String
    /// The content without a leading byte-order mark.
    let bytes: [UInt8]

    init(bytes: [UInt8], file: String) throws(ReadError) {
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.bytes = Array(bytes.dropFirst(3))
        } else {
            self.bytes = bytes
        }
        // A UTF-16 file (Windows tools write it: PowerShell's `>`, Notepad's "Unicode") is
        // named as such, with the way to convert it, not as a stray byte or a NUL in a label.
        if let encoding = SourceText.utf16Encoding(of: self.bytes) {
            throw error(at: 0, "the file is \(encoding), not UTF-8: convert it first (iconv -f \(encoding) -t UTF-8)")
        }
        if !self.bytes.withUnsafeBufferPointer(UTF8Validation.isValid) {
            let offset = SourceText.firstInvalidUTF8Offset(self.bytes)
            let byte = "invalid UTF-8 (byte 0x\(String(self.bytes[offset], radix: 16, uppercase: true)))"
            // A program, an image or an archive has NUL bytes early on; text in another
            // encoding (Latin-1, Windows-1252) has none.
            if self.bytes.prefix(Self.binarySniffLength).contains(0) {
                throw error(at: offset, byte + ": this looks like a binary file (it holds NUL bytes), not a hierarchy")
            }
            throw error(at: offset, byte + ": if the file is in another encoding, convert it first (iconv -f LATIN1 -t UTF-8)")
        }
    }

    /// How many bytes are looked at for a NUL byte, the mark of a binary file.
    static let binarySniffLength = 8192

    /// "UTF-32LE" or "UTF-32BE" where the bytes begin with that byte-order mark; "UTF-16LE"
    /// or "UTF-16BE" where they begin with that byte-order mark, or with two
    /// ASCII characters each beside a zero byte (a file without a mark: no UTF-8 text begins
    /// so, NUL being refused anyway); else nil.
    static func utf16Encoding(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return "UTF-32LE" }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes[0] == 0xFF && bytes[1] == 0xFE { return "UTF-16LE" }
        if bytes[0] == 0xFE && bytes[1] == 0xFF { return "UTF-16BE" }
        guard bytes.count >= 4 else { return nil }
        func isASCII(_ byte: UInt8) -> Bool { byte > 0 && byte < 0x80 }
        if isASCII(bytes[0]) && bytes[1] == 0 && isASCII(bytes[2]) && bytes[3] == 0 { return "UTF-16LE" }
        if bytes[0] == 0 && isASCII(bytes[1]) && bytes[2] == 0 && isASCII(bytes[3]) { return "UTF-16BE" }
        return nil
    }

    /// An error located at a byte offset.
    func error(at offset: Int, _ message: String) -> ReadError {
        let (line, column) = location(of: offset)
        return ReadError(file: file, line: line, column: column, message: message)
    }

    /// 1-based line and character column of a byte offset; columns count Unicode scalars.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return (line, column)
    }

    /// The label text of a byte range, which validation guarantees is UTF-8.
    func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
    }

    /// How many times a byte occurs: a cheap count (one vectorised pass) to size a tree's
    /// arrays from, such as the lines of an outline or the objects of a JSON file.
    func occurrences(of byte: UInt8) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            var index = 0
            let wanted = SIMD16<UInt8>(repeating: byte)
            while index + 16 <= buffer.count {
                // Up to 255 blocks of 16 bytes, counted in byte lanes that cannot overflow: a
                // mask's true lane is all ones (-1), so subtracting it adds one.
                var lanes = SIMD16<UInt8>()
                var blocks = 0
                while blocks < 255 && index + 16 <= buffer.count {
                    let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                    lanes &-= unsafeBitCast(block .== wanted, to: SIMD16<UInt8>.self)
                    index += 16
                    blocks += 1
                }
                count += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
            }
            while index < buffer.count {
                if base[index] == byte { count += 1 }
                index += 1
            }
            return count
        }
    }

    /// The offset of the first control character (other than tab) in a range, if any:
    /// such characters cannot be drawn and are not allowed in XML.
    func firstControlCharacter(in range: Range<Int>) -> Int? {
        for index in range {
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { return index }
        }
        return nil
    }

    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return bytes.count
            case .error: return offset
            }
        }
    }
}
