/// The trees of a NEXUS file (`#NEXUS`, as BEAST, MrBayes, PAUP* and FigTree write them): its
/// TREES block's `tree NAME = (…);` statements, Newick each, and the block's `translate` table,
/// which gives the taxa written as tokens (`1`, `2`, …) their names.
///
/// Commands end with `;`; words are case-insensitive; comments `[…]` may stand anywhere (nested
/// ones between commands: inside a tree the Newick reader reads them, to their first `]`);
/// a quoted word (`'Homo sapiens'`, `''` for a quote) may hold any of those. Blocks other than
/// TREES (TAXA, DATA, ASSUMPTIONS, …) are skipped command by command. One pass over the bytes.
struct NexusTrees {
    /// Where each tree's Newick text lies in the file (from after `=` to its `;`), and its name.
    private(set) var trees: [(newick: Range<Int>, name: String)] = []
    /// The `translate` table: token → name (unquoted names with `_` read as spaces, as Newick's).
    private(set) var translation: [String: String] = [:]

    private let bytes: [UInt8]
    private let source: SourceText
    private var index = 0

    /// Reads the TREES blocks of `source` (which starts with `#NEXUS`).
    init(_ source: SourceText) throws(ReadError) {
        self.source = source
        bytes = source.bytes
        // (`#NEXUS` itself is no command: it ends at its line.)
        index = bytes.firstIndex(of: UInt8(ascii: "#")).map { start in
            bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        } ?? 0
        var block: String? = nil
        while let (command, start) = try nextWord() {
            switch command.lowercased() {
            case "begin":
                guard let (name, _) = try nextWord() else { throw source.error(at: start, "'begin' without a block name") }
                block = name.lowercased()
                try skipCommand()
            case "end", "endblock":
                block = nil
                try skipCommand()
            case "translate" where block == "trees":
                try readTranslation()
            case "tree" where block == "trees", "utree" where block == "trees":
                try readTree(at: start)
            default:
                try skipCommand()
            }
        }
    }

    /// The next word (a quoted one unquoted) and where it starts, after whitespace and comments;
    /// `;`, `=` and `,` are words of their own. Nil at the end.
    private mutating func nextWord() throws(ReadError) -> (String, Int)? {
        try skipBlanks()
        guard index < bytes.count else { return nil }
        let start = index
        let byte = bytes[index]
        if isDelimiter(byte) {
            index += 1
            return (String(decoding: [byte], as: UTF8.self), start)
        }
        if byte == UInt8(ascii: "'") { return (try quoted(), start) }
        while index < bytes.count, !isBlank(bytes[index]), !isPunctuation(bytes[index]) { index += 1 }
        return (String(decoding: bytes[start..<index], as: UTF8.self), start)
    }

    /// A quoted word at `index`, `''` standing for one quote.
    private mutating func quoted() throws(ReadError) -> String {
        let start = index
        var text: [UInt8] = []
        index += 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "'") {
                if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'") {
                    text.append(UInt8(ascii: "'"))
                    index += 2
                    continue
                }
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            text.append(bytes[index])
            index += 1
        }
        throw source.error(at: start, "a quoted name that is not closed")
    }

    /// Skips whitespace and (nested) comments.
    private mutating func skipBlanks() throws(ReadError) {
        while index < bytes.count {
            if isBlank(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "[") {
                let start = index
                var depth = 0
                repeat {
                    guard index < bytes.count else { throw source.error(at: start, "a comment '[' that is not closed") }
                    if bytes[index] == UInt8(ascii: "[") { depth += 1 } else if bytes[index] == UInt8(ascii: "]") { depth -= 1 }
                    index += 1
                } while depth > 0
            } else {
                return
            }
        }
    }

    /// Skips to after the `;` that ends the command (quotes and comments skipped whole).
    private mutating func skipCommand() throws(ReadError) {
        while let (word, start) = try nextWord() {
            if word == ";" && bytes[start] == UInt8(ascii: ";") { return }
        }
    }

    /// `translate TOKEN NAME, TOKEN NAME, …;`
    private mutating func readTranslation() throws(ReadError) {
        while let (token, tokenStart) = try nextWord() {
            if bytes[tokenStart] == UInt8(ascii: ";") { return }
            if bytes[tokenStart] == UInt8(ascii: ",") { continue }
            guard let (name, nameStart) = try nextWord(), !isDelimiter(bytes[nameStart]) else {
                throw source.error(at: tokenStart, "translate: '\(token)' has no name after it")
            }
            let unquoted = bytes[tokenStart] != UInt8(ascii: "'")
            let read = bytes[nameStart] == UInt8(ascii: "'") ? name : Self.underscoresAsSpaces(name)
            let key = unquoted ? Self.underscoresAsSpaces(token) : token
            // (Taken silently, the last name won: which taxon a leaf is would be a guess.)
            if let earlier = translation[key] {
                throw source.error(at: tokenStart, "translate: '\(token)' is translated twice, as '\(earlier)' and as '\(read)'")
            }
            translation[key] = read
        }
    }

    /// `tree [*] NAME = NEWICK;`: the Newick text runs to the `;` outside quotes and comments.
    private mutating func readTree(at start: Int) throws(ReadError) {
        var name = ""
        while true {
            guard let (word, wordStart) = try nextWord(), bytes[wordStart] != UInt8(ascii: ";") else {
                throw source.error(at: start, "a tree statement without '= (…);'")
            }
            if bytes[wordStart] == UInt8(ascii: "=") { break }
            if word != "*" { name = word }
        }
        let newickStart = index
        while index < bytes.count && bytes[index] != UInt8(ascii: ";") {
            if bytes[index] == UInt8(ascii: "'") {
                _ = try quoted()
            } else if bytes[index] == UInt8(ascii: "[") {
                try skipBlanks()
            } else {
                index += 1
            }
        }
        guard index < bytes.count else { throw source.error(at: start, "the tree '\(name)' has no ';' at its end") }
        index += 1
        trees.append((newickStart..<index, name))
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// `;`, `=` and `,`: words of their own.
    private func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ";") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ",")
    }

    /// What ends an unquoted word: a delimiter, a comment or a quote.
    private func isPunctuation(_ byte: UInt8) -> Bool {
        isDelimiter(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "'")
    }

    /// An unquoted name as Newick reads it: `_` is a space.
    static func underscoresAsSpaces(_ name: String) -> String {
        String(name.map { $0 == "_" ? " " : $0 })
    }
}
