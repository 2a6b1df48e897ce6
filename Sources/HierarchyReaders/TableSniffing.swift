/// Telling a parent–child table from an outline when nothing else says which a text is.
extension InputFormat {
    /// The format of content with no telling extension, as `sniff(_:)` finds it, with the
    /// column names of `options` also recognising a table's header; markup is refused
    /// (`refuseMarkup`); and content that looks like
    /// a table but has no header naming the id and parent columns is refused rather than drawn
    /// as an outline of one level: every line unindented, with the same number of separators
    /// (at least two commas, or at least one tab) outside quotes, on two lines or more.
    public static func sniff(_ bytes: [UInt8], file: String, options: ReaderOptions) throws(ReadError) -> InputFormat {
        let format = sniff(bytes)
        guard format == .outline else { return format }
        if let table = tableFormat(bytes, options: options) { return table }
        try refuseMarkup(bytes, file: file)
        // `du -a`'s size and path are two columns too, of a list of paths (`PathListReader`).
        if bytes.withUnsafeBufferPointer({ PathListReader.hasSizeColumn($0) && PathListReader.looksLikePathList($0) }) { return format }
        guard let (separator, count) = unrecognisedTable(bytes) else { return format }
        let fields = separator == 0x09 ? "tab-separated" : "comma-separated"
        let columns = "'\(options.idColumn ?? "id")' and '\(options.parentColumn ?? "parent")'"
        throw ReadError(file: file, line: 1, column: 0, message:
            "every line has \(count + 1) \(fields) fields, as in a table, but the first line names no \(columns) columns; "
            + "say --from \(separator == 0x09 ? "tsv" : "csv") (with --id-column and --parent-column) to read it as a table, "
            + "or --from outline to draw each line as a node")
    }

    /// A table saved under a plain-text extension (`.txt`, `.text`): CSV or TSV where its first
    /// line names the id and parent columns and the next line has as many fields, else nil (a
    /// spreadsheet's export saved as `.txt` was drawn as one level of raw rows; an outline headed
    /// "Manager, Employee" stays one).
    public static func tableInPlainText(_ bytes: [UInt8], options: ReaderOptions) -> InputFormat? {
        guard let format = tableFormat(bytes, options: options) else { return nil }
        let header = headerLine(bytes)
        let separator = format == .tsv ? UInt8(0x09) : UInt8(ascii: ",")
        return sameFieldCount(bytes[header], after: header.upperBound, in: bytes, separator: separator) ? format : nil
    }

    /// The first line that is not blank, after a byte-order mark: a table's header.
    private static func headerLine(_ bytes: [UInt8]) -> Range<Int> {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start] == 0x0A || bytes[start] == 0x0D { start += 1 }
        return start..<(bytes[start...].firstIndex(of: 0x0A) ?? bytes.count)
    }

    /// CSV or TSV when the first line is a header naming the id and parent columns.
    static func tableFormat(_ bytes: [UInt8], options: ReaderOptions = ReaderOptions()) -> InputFormat? {
        let line = headerLine(bytes), end = line.upperBound
        let header = bytes[line]
        for (separator, format) in [(UInt8(0x09), InputFormat.tsv), (UInt8(ascii: ","), InputFormat.csv)] where header.contains(separator) {
            // The names as the CSV reader sees them: quotes and whitespace left out.
            let names = header.split(separator: separator, omittingEmptySubsequences: false).map { field in
                String(decoding: field.filter { $0 != UInt8(ascii: "\"") && $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }, as: UTF8.self)
            }
            // As the reader finds them: given names exactly, else by `CSVReader`'s rules; its
            // looser ones (`parent…`, `…id`) only where the next line has as many fields, as a
            // table's row has ("Managers: Ann, David" heads an outline).
            let loosely = sameFieldCount(header, after: end, in: bytes, separator: separator)
            let parent = options.parentColumn.map { names.firstIndex(of: $0) } ?? CSVReader.parentColumn(among: names, exactly: !loosely)
            let id = options.idColumn.map { names.firstIndex(of: $0) } ?? CSVReader.idColumn(among: names, besides: parent, exactly: !loosely)
            if parent != nil && id != nil { return format }
        }
        return nil
    }

    /// Whether the first non-blank line after `end` has as many `separator`s as `header`
    /// (outside quotes in neither: a rough count is enough to tell a row from an outline's line).
    private static func sameFieldCount(_ header: ArraySlice<UInt8>, after end: Int, in bytes: [UInt8], separator: UInt8) -> Bool {
        var start = end + 1
        while start < bytes.count {
            let lineEnd = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<lineEnd]
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                return line.count(where: { $0 == separator }) == header.count(where: { $0 == separator })
            }
            start = lineEnd + 1
        }
        return false
    }

    /// The separator and its count per line when every line of a one-level outline has the same
    /// number of them (at least two commas, or one tab), as the lines of a table do.
    static func unrecognisedTable(_ bytes: [UInt8]) -> (separator: UInt8, count: Int)? {
        for (separator, least) in [(UInt8(0x09), 1), (UInt8(ascii: ","), 2)] {
            var count: Int?
            var lines = 0
            var consistent = true
            var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while position < bytes.count && consistent {
                let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
                let line = bytes[position..<end]
                position = end + 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                if line.first == 0x20 || line.first == 0x09 { consistent = false; break }
                var inQuotes = false
                var found = 0
                for byte in line {
                    if byte == UInt8(ascii: "\"") { inQuotes.toggle() } else if byte == separator && !inQuotes { found += 1 }
                }
                if found < least || count.map({ $0 != found }) == true { consistent = false }
                count = found
                lines += 1
            }
            if consistent && lines >= 2, let count { return (separator, count) }
        }
        return nil
    }
}
