/// XML, SVG and HTML given where a hierarchy is expected: refused rather than drawn as an
/// outline of their lines (a drawing's own SVG given back as input drew 2,830 nodes of markup).
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

    /// Throws where content sniffed as an outline, or read as one for its extension alone
    /// (`.txt`), is markup.
    public static func refuseMarkup(_ bytes: [UInt8], file: String) throws(ReadError) {
        guard let kind = markupKind(bytes) else { return }
        throw ReadError(file: file, line: 1, column: 1, message:
            "this is \(kind), not a hierarchy: give an outline, `tree` output, JSON, YAML, CSV or TSV, Markdown, DOT, Newick "
            + "or a directory (--from outline draws its lines as they are)")
    }
}
