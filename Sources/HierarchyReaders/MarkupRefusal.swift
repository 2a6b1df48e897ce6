/// XML, SVG and HTML, and TOML or INI, given where a hierarchy is expected: refused rather than
/// drawn as an outline of their lines (a drawing's own SVG given back as input drew 2,830 nodes
/// of markup; a pyproject.toml, one level of "key = value" lines).
extension InputFormat {
    /// The markup a text starts with (after a byte order mark and blank space), if any.
    static func markupKind(_ bytes: [UInt8]) -> String? {
        let index = contentStart(bytes)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        let start = String(decoding: bytes[index..<min(bytes.count, index + 16)], as: UTF8.self).lowercased()
        /// Whether the text starts with the tag `name`, whole (not a line such as `<svgs>`).
        func startsWithTag(_ name: String) -> Bool {
            guard start.hasPrefix(name) else { return false }
            let after = start.dropFirst(name.count).first
            return after == nil || after == ">" || after == "/" || after == " " || after == "\n" || after == "\t" || after == "\r"
        }
        if startsWithTag("<svg") { return "SVG" }
        if start.hasPrefix("<!doctype html") || startsWithTag("<html") { return "HTML" }
        if start.hasPrefix("<?xml") || start.hasPrefix("<!doctype") {
            // An SVG file's declaration comes first: its root element names it.
            let head = String(decoding: bytes[index..<min(bytes.count, index + 1024)], as: UTF8.self)
            return head.contains("<svg") ? "SVG" : "XML"
        }
        return nil
    }

    /// Whether a text is a configuration of sections and keys (TOML, INI: `key = value` lines
    /// under `[section]` lines, maybe some before the first, as Cargo.lock's `version = 3`),
    /// every line at the first column but those of a value over several lines (a TOML array,
    /// `dependencies = [`, or a `"""` string): read as an outline it would be one level of raw
    /// lines. (Keys indented under their sections, as git's config writes them, make an outline
    /// of sections, and are read as one.)
    static func isSectionsAndKeys(_ bytes: [UInt8]) -> Bool {
        var sections = 0, keysInSections = 0, lines = 0
        var next = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // A value still open: an array's depth, or a multi-line string's quote.
        var openArrays = 0, openString: UInt8? = nil
        while next < bytes.count {
            let start = next, lineEnd = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            next = lineEnd + 1
            var end = lineEnd
            while end > start, [0x20, 0x09, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            let text = bytes[start..<end]
            if let quote = openString {
                if Self.hasTripleQuote(text[...], quote) { openString = nil }
                continue
            }
            if openArrays > 0 {
                openArrays = max(0, openArrays + Self.bracketBalance(text[...]))
                continue
            }
            guard let first = text.first else { continue }
            if first == UInt8(ascii: "#") || first == UInt8(ascii: ";") { continue }
            lines += 1
            if lines > 2000 { break }
            if first == UInt8(ascii: "[") {
                guard text.last == UInt8(ascii: "]"), text.count > 2 else { return false }
                sections += 1
                continue
            }
            // A key: no blank before it, then `=` (or INI's `:`), a word's characters in the key.
            guard first != 0x20, first != 0x09,
                  let equals = text.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }),
                  equals > text.startIndex,
                  text[text.startIndex..<equals].allSatisfy({ $0 >= 0x80 || $0 == 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
                      || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/")
                      || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "@")  // a .desktop's Name[de]
                      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
            else { return false }
            if sections > 0 { keysInSections += 1 }
            var value = text[(equals + 1)...]
            while let blank = value.first, blank == 0x20 || blank == 0x09 { value = value.dropFirst() }
            if value.first == UInt8(ascii: "[") {
                openArrays = max(0, Self.bracketBalance(value))
            } else if let quote = value.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                      value.starts(with: [quote, quote, quote]), !Self.hasTripleQuote(value.dropFirst(3), quote) {
                openString = quote
            }
        }
        return sections > 0 && keysInSections > 0
    }

    /// How many more `[` than `]` a line of a TOML value opens, outside its quoted strings.
    private static func bracketBalance(_ text: ArraySlice<UInt8>) -> Int {
        var balance = 0, quote: UInt8? = nil
        for byte in text {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#") {
                break
            } else if byte == UInt8(ascii: "[") {
                balance += 1
            } else if byte == UInt8(ascii: "]") {
                balance -= 1
            }
        }
        return balance
    }

    private static func hasTripleQuote(_ text: ArraySlice<UInt8>, _ quote: UInt8) -> Bool {
        guard text.count >= 3 else { return false }
        var index = text.startIndex
        while index + 2 < text.endIndex {
            if text[index] == quote && text[index + 1] == quote && text[index + 2] == quote { return true }
            index += 1
        }
        return false
    }

    /// Throws where content sniffed as an outline, or read as one for its extension alone
    /// (`.txt`), is markup, or TOML or INI (`isSectionsAndKeys`; any `.toml`, and `Cargo.lock`).
    public static func refuseMarkup(_ bytes: [UInt8], file: String) throws(ReadError) {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let isTOML = name.lowercased().hasSuffix(".toml") || name == "Cargo.lock"
        if isTOML || isSectionsAndKeys(bytes) {
            let conversion = isTOML
                ? "python3 -c 'import json, sys, tomllib; json.dump(tomllib.load(sys.stdin.buffer), sys.stdout)' < \(file) | schematic - --from json"
                : "Python's tomllib reads TOML, configparser INI"
            throw ReadError(file: file, line: 1, column: 1, message:
                "this is TOML or INI (sections of \"key = value\" lines), which Schematic does not read: convert it to JSON "
                + "(\(conversion)), or say --from outline to draw its lines as they are")
        }
        guard let kind = markupKind(bytes) else { return }
        throw ReadError(file: file, line: 1, column: 1, message:
            "this is \(kind), not a hierarchy: give an outline, `tree` output, JSON, YAML, CSV or TSV, Markdown, DOT, Newick "
            + "or a directory (--from outline draws its lines as they are)")
    }
}
