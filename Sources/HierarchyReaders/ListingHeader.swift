import Hierarchy

/// The line of column names a tabular listing prints above its tree, which `OutlineReader`
/// leaves out: `ps`'s, whose last column is the command (`ps -e --forest -o pid,cmd`,
/// `ps axjf`, `ps -ef --forest`), or `lsblk`'s (`NAME MAJ:MIN RM SIZE RO TYPE MOUNTPOINTS`).
/// An outline would draw it as a stray root, and refuse `ps`'s rows, which are indented less
/// than it; `ps`'s rows are read from its command column (the columns before it become the
/// tooltip, "PID 412"), `lsblk`'s with their columns' padding collapsed; so are the rows of a
/// table whose column names a rule of dashes underlines (`pip list`'s `Package  Version` over
/// `-------- -------`: both lines were drawn as nodes, the rule a box of dashes).
struct ListingHeader {
    enum Kind {
        /// `ps` with a command column.
        case processes
        /// `lsblk`.
        case blockDevices
        /// Column names over a rule of dashes, a run under each name (`pip list`).
        case ruledTable
    }

    /// Whether a row's label has its columns' padding collapsed.
    var collapsesColumnPadding: Bool { kind == .blockDevices || kind == .ruledTable }

    let kind: Kind
    /// Where the rows start: the line after the header.
    let bodyStart: Int
    /// `ps`: where the command column starts in a row (ps aligns it under the header's name).
    let commandColumn: Int
    /// `ps`: the names of the columns before the command.
    let columnNames: [String]
    /// `lsblk`: where its mount points column starts, if it has one (a device's further mount
    /// points stand there on lines of their own).
    var mountPointsColumn: Int? = nil

    /// The header at the start of `bytes` (after blank lines), if its first line is one.
    static func find(_ bytes: UnsafeBufferPointer<UInt8>) -> ListingHeader? {
        var lineStart = 0
        while lineStart < bytes.count && (bytes[lineStart] == 0x0A || bytes[lineStart] == 0x0D) { lineStart += 1 }
        guard lineStart < bytes.count else { return nil }
        let lineEnd = bytes.endOfLine(from: lineStart)
        if let ruled = ruledTable(bytes, lineStart: lineStart, lineEnd: lineEnd) { return ruled }
        // Column names: capitals, digits and `%:_+-` (`%CPU`, `MAJ:MIN`, `FSUSE%`).
        var names: [(name: String, offset: Int)] = []
        var position = lineStart
        while position < lineEnd {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D { position += 1; continue }
            let start = position
            while position < lineEnd && bytes[position] != 0x20 && bytes[position] != 0x09 && bytes[position] != 0x0D {
                let byte = bytes[position]
                let allowed = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                    || byte == UInt8(ascii: "%") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                guard allowed else { return nil }
                position += 1
            }
            guard bytes[start] >= UInt8(ascii: "A") && bytes[start] <= UInt8(ascii: "Z") || bytes[start] == UInt8(ascii: "%") else { return nil }
            names.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self), start - lineStart))
        }
        guard let last = names.last else { return nil }
        let bodyStart = lineEnd + 1
        if last.name == "CMD" || last.name == "COMMAND" {
            // A lone "CMD" could head an outline of one's own: only above `--forest`'s drawing;
            // and "GIT COMMAND" too: several columns only with ps's PID among them.
            guard names.count > 1 ? names.contains(where: { $0.name == "PID" }) : holdsForestBranch(bytes, from: bodyStart) else { return nil }
            return ListingHeader(kind: .processes, bodyStart: bodyStart, commandColumn: last.offset,
                                 columnNames: names.dropLast().map(\.name))
        }
        let lsblkColumns: Set<String> = ["MAJ:MIN", "SIZE", "TYPE", "MOUNTPOINT", "MOUNTPOINTS", "FSTYPE"]
        if names.count > 1 && names[0].name == "NAME" && names.dropFirst().contains(where: { lsblkColumns.contains($0.name) }) {
            return ListingHeader(kind: .blockDevices, bodyStart: bodyStart, commandColumn: 0, columnNames: [],
                                 mountPointsColumn: names.first { $0.name.hasPrefix("MOUNTPOINT") }?.offset)
        }
        return nil
    }

    /// A header over a rule of dashes: the second line is two or more runs of dashes (each two
    /// or more) split by blanks, each run starting where a word of the first line starts, the
    /// first at its start.
    private static func ruledTable(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, lineEnd: Int) -> ListingHeader? {
        let ruleStart = lineEnd + 1
        guard ruleStart < bytes.count, bytes[ruleStart] == UInt8(ascii: "-") else { return nil }
        var ruleEnd = bytes.endOfLine(from: ruleStart)
        if ruleEnd > ruleStart && bytes[ruleEnd - 1] == 0x0D { ruleEnd -= 1 }
        var headerEnd = lineEnd
        if headerEnd > lineStart && bytes[headerEnd - 1] == 0x0D { headerEnd -= 1 }
        // By characters, not bytes: a header's `Größe` is five columns wide, as its rule is.
        let header = Array(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<headerEnd]), as: UTF8.self).unicodeScalars)
        let rule = Array(String(decoding: UnsafeBufferPointer(rebasing: bytes[ruleStart..<ruleEnd]), as: UTF8.self).unicodeScalars)
        guard rule.count >= 2, let first = header.first, first != " ", first != "\t" else { return nil }
        var position = 0, runs = 0
        while position < rule.count {
            if rule[position] == " " { position += 1; continue }
            guard rule[position] == "-" else { return nil }
            // A word of the header starts here: at its start, or after a blank.
            guard position < header.count, header[position] != " ", position == 0 || header[position - 1] == " " else { return nil }
            let runStart = position
            while position < rule.count && rule[position] == "-" { position += 1 }
            guard position - runStart >= 2 else { return nil }
            runs += 1
        }
        // (Two columns at least: one title underlined is Markdown's heading, not a table.)
        guard runs >= 2 else { return nil }
        return ListingHeader(kind: .ruledTable, bodyStart: min(bytes.endOfLine(from: ruleStart) + 1, bytes.count),
                             commandColumn: 0, columnNames: [])
    }

    /// Whether a line from `offset` on holds `ps --forest`'s `\_ `.
    private static func holdsForestBranch(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
        var index = offset
        while index + 2 < bytes.count {
            if bytes[index] == 0x5C && bytes[index + 1] == 0x5F && bytes[index + 2] == 0x20 { return true }
            index += 1
        }
        return false
    }

    /// Where a `ps` row's command starts (its `\_ ` drawing included), and where the columns
    /// before it end: at the header's command column where the row has a blank right before it
    /// (whatever the columns hold: a start time has spaces in it); else (a value wider than its
    /// column pushed the command right) past as many columns as the header names before the
    /// command, from the header's command column if that is blank up to it, else from after
    /// the blank that ends the columns.
    func commandStart(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, contentEnd: Int) -> (command: Int, columnsEnd: Int) {
        let column = min(lineStart + commandColumn, contentEnd)
        guard !columnNames.isEmpty else { return (column, lineStart) }
        if column > lineStart && column < contentEnd && (bytes[column - 1] == 0x20 || bytes[column - 1] == 0x09) {
            return (column, column)
        }
        var position = lineStart
        for _ in columnNames {
            while position < contentEnd && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
            while position < contentEnd && bytes[position] != 0x20 && bytes[position] != 0x09 { position += 1 }
        }
        var aligned = position < column
        for index in position..<max(position, column) where bytes[index] != 0x20 && bytes[index] != 0x09 { aligned = false; break }
        return (aligned ? column : min(position + 1, contentEnd), position)
    }

    /// The tooltip of a `ps` row: each column before the command with its name ("PID 412"), or,
    /// where the values are not one word each (a start time), the names and then the values.
    func tooltip(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        let values = UnsafeBufferPointer(rebasing: bytes[start..<end]).split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
        guard !values.isEmpty else { return nil }
        let texts = values.map { String(decoding: $0, as: UTF8.self) }
        guard texts.count == columnNames.count else {
            return columnNames.joined(separator: " ") + ": " + texts.joined(separator: " ")
        }
        return zip(columnNames, texts).map { "\($0) \($1)" }.joined(separator: ", ")
    }

    /// Where a further mount point of the row above starts, if an `lsblk` line holds only that:
    /// blank (or the tree's `│`) up to the mount points column, which newer `lsblk` fills so.
    func mountPointContinuation(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, contentEnd: Int) -> Int? {
        guard kind == .blockDevices, let column = mountPointsColumn else { return nil }
        var position = lineStart, columns = 0
        while position < contentEnd && (columns < column || bytes[position] == 0x20) {
            if bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            else if position + 2 < contentEnd && bytes[position] == 0xE2 && bytes[position + 1] == 0x94 && bytes[position + 2] == 0x82 { position += 3 }
            else if bytes[position] == UInt8(ascii: "|") { position += 1 }
            else { return nil }
            columns += 1
        }
        return columns >= column && position < contentEnd ? position : nil
    }

    /// An `lsblk` row's label with each run of spaces one space: its columns were padded to line
    /// up on a terminal, which would make ragged boxes.
    static func collapsingColumnPadding(_ label: String) -> String {
        guard label.utf8.contains(0x20) else { return label }
        var result: [UInt8] = []
        result.reserveCapacity(label.utf8.count)
        var previousWasSpace = false
        for byte in label.utf8 {
            if byte == 0x20 && previousWasSpace { continue }
            previousWasSpace = byte == 0x20
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
