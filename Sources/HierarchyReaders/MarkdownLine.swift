/// One line of a Markdown document as CommonMark's block parser walks it: a byte offset and a
/// column, with tabs reaching the next multiple of 4 (a tab may be consumed in part when a
/// container's indentation ends inside it).
struct MarkdownLine {
    /// The line's first byte.
    let start: Int
    /// The end of its content, without the line feed and a carriage return before it.
    let end: Int
    private(set) var offset: Int
    private(set) var column = 0
    private(set) var partialTab = false
    /// The first byte at or after `offset` that is not a space or tab, and its column.
    private(set) var nextNonspace = 0
    private(set) var nextNonspaceColumn = 0
    /// Columns from `offset` to `nextNonspace`.
    private(set) var indent = 0
    /// Whether nothing but spaces and tabs is left.
    private(set) var blank = false

    init(start: Int, end: Int) {
        self.start = start
        self.end = end
        self.offset = start
    }

    mutating func findNextNonspace(_ bytes: [UInt8]) {
        // Still ahead of the offset: the spaces between are unchanged (so deep nesting does not
        // rescan the indentation once per container).
        if nextNonspace > offset || (nextNonspace == offset && offset > start) {
            indent = nextNonspaceColumn - column
            return
        }
        var index = offset
        var columns = column
        var charactersToTab = 4 - (column % 4)
        while index < end {
            if bytes[index] == 0x20 {
                index += 1
                columns += 1
                charactersToTab -= 1
                if charactersToTab == 0 { charactersToTab = 4 }
            } else if bytes[index] == 0x09 {
                index += 1
                columns += charactersToTab
                charactersToTab = 4
            } else {
                break
            }
        }
        nextNonspace = index
        nextNonspaceColumn = columns
        indent = columns - column
        blank = index >= end
    }

    /// Moves on by `count` columns (tabs counted as the columns they reach) or bytes.
    mutating func advance(_ bytes: [UInt8], by count: Int, columns: Bool) {
        var count = count
        while count > 0 && offset < end {
            if bytes[offset] == 0x09 {
                let charactersToTab = 4 - (column % 4)
                if columns {
                    partialTab = charactersToTab > count
                    let advance = min(count, charactersToTab)
                    column += advance
                    if !partialTab { offset += 1 }
                    count -= advance
                } else {
                    partialTab = false
                    column += charactersToTab
                    offset += 1
                    count -= 1
                }
            } else {
                partialTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    /// Moves to the first byte that is not a space or tab.
    mutating func advanceToNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partialTab = false
    }

    func peek(_ bytes: [UInt8]) -> UInt8? { offset < end ? bytes[offset] : nil }

    func peekNonspace(_ bytes: [UInt8]) -> UInt8? { nextNonspace < end ? bytes[nextNonspace] : nil }
}

/// The block starts CommonMark recognises at the first non-space of a line (0 to 3 columns of
/// indentation), each returning what it found.
enum MarkdownBlockStart {
    /// `#` to `######` then a space, tab or the end: the level and the heading's text.
    static func atxHeading(_ bytes: [UInt8], at start: Int, end: Int) -> (level: Int, text: Range<Int>)? {
        var level = 0
        while start + level < end && bytes[start + level] == UInt8(ascii: "#") { level += 1 }
        let after = start + level
        guard (1...6).contains(level), after == end || bytes[after] == 0x20 || bytes[after] == 0x09 else { return nil }
        var textStart = after
        while textStart < end && (bytes[textStart] == 0x20 || bytes[textStart] == 0x09) { textStart += 1 }
        var textEnd = end
        while textEnd > textStart && (bytes[textEnd - 1] == 0x20 || bytes[textEnd - 1] == 0x09) { textEnd -= 1 }
        // A closing run of #s after a space (or alone) is not part of the text.
        var hashes = textEnd
        while hashes > textStart && bytes[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        if hashes < textEnd && (hashes == textStart || bytes[hashes - 1] == 0x20 || bytes[hashes - 1] == 0x09) {
            textEnd = hashes
            while textEnd > textStart && (bytes[textEnd - 1] == 0x20 || bytes[textEnd - 1] == 0x09) { textEnd -= 1 }
        }
        return (level, textStart..<textEnd)
    }

    /// An opening code fence: three or more backticks (no backtick after them) or tildes.
    static func openingFence(_ bytes: [UInt8], at start: Int, end: Int) -> (marker: UInt8, count: Int)? {
        let marker = bytes[start]
        guard marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else { return nil }
        var count = 0
        while start + count < end && bytes[start + count] == marker { count += 1 }
        guard count >= 3 else { return nil }
        if marker == UInt8(ascii: "`") && bytes[(start + count)..<end].contains(marker) { return nil }
        return (marker, count)
    }

    /// Whether a line closes a fence opened with `count` of `marker`.
    static func isClosingFence(_ bytes: [UInt8], at start: Int, end: Int, marker: UInt8, count: Int) -> Bool {
        var run = 0
        while start + run < end && bytes[start + run] == marker { run += 1 }
        return run >= count && bytes[(start + run)..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// A setext underline: `=`s or `-`s and nothing else but trailing spaces; level and length.
    static func setextUnderline(_ bytes: [UInt8], at start: Int, end: Int) -> (level: Int, length: Int)? {
        let marker = bytes[start]
        guard marker == UInt8(ascii: "=") || marker == UInt8(ascii: "-") else { return nil }
        var run = 0
        while start + run < end && bytes[start + run] == marker { run += 1 }
        guard bytes[(start + run)..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return (marker == UInt8(ascii: "=") ? 1 : 2, run)
    }

    /// Three or more `*`, `-` or `_`, with only spaces and tabs between them: nil if so, else
    /// the offset that rules it out (from any later start with the same marker before that
    /// offset, it is ruled out too, which keeps `- - - - … x` linear).
    static func thematicBreakFailure(_ bytes: [UInt8], at start: Int, end: Int) -> Int? {
        let marker = bytes[start]
        guard marker == UInt8(ascii: "*") || marker == UInt8(ascii: "-") || marker == UInt8(ascii: "_") else { return start + 1 }
        var count = 0
        for index in start..<end {
            let byte = bytes[index]
            if byte == marker { count += 1 } else if byte != 0x20 && byte != 0x09 { return index }
        }
        return count >= 3 ? nil : end
    }

    /// A list marker: `-`, `+`, `*`, or 1 to 9 digits and `.` or `)`, followed by a space, a
    /// tab or the end of the line. Its width, and whether it is numbered and starts at 1.
    static func listMarker(_ bytes: [UInt8], at start: Int, end: Int) -> (width: Int, ordered: Bool, startsAtOne: Bool)? {
        let first = bytes[start]
        var width = 0
        var ordered = false
        var value = 0
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            width = 1
        } else {
            while start + width < end && width < 9, (0x30...0x39).contains(bytes[start + width]) {
                value = value * 10 + Int(bytes[start + width] - 0x30)
                width += 1
            }
            guard width > 0, start + width < end,
                  bytes[start + width] == UInt8(ascii: ".") || bytes[start + width] == UInt8(ascii: ")") else { return nil }
            width += 1
            ordered = true
        }
        let after = start + width
        guard after == end || bytes[after] == 0x20 || bytes[after] == 0x09 else { return nil }
        return (width, ordered, value == 1)
    }

    /// A GitHub table's delimiter row (`| --- | :-: |`): its number of cells.
    static func tableDelimiterCells(_ bytes: [UInt8], at start: Int, end: Int) -> Int? {
        guard bytes[start..<end].contains(UInt8(ascii: "|")) else { return nil }
        let cells = tableCells(bytes, from: start, to: end)
        for cell in cells {
            var index = cell.lowerBound
            var upper = cell.upperBound
            while index < upper && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
            while upper > index && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
            if index < upper && bytes[index] == UInt8(ascii: ":") { index += 1 }
            if upper > index && bytes[upper - 1] == UInt8(ascii: ":") { upper -= 1 }
            guard index < upper, bytes[index..<upper].allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
        }
        return cells.count
    }

    /// The cells of a table row: split at unescaped `|`, without the outer pipes.
    static func tableCells(_ bytes: [UInt8], from start: Int, to end: Int) -> [Range<Int>] {
        var first = start
        var last = end
        while last > first && (bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) { last -= 1 }
        if first < last && bytes[first] == UInt8(ascii: "|") { first += 1 }
        if last > first && bytes[last - 1] == UInt8(ascii: "|") && (last - 2 < first || bytes[last - 2] != UInt8(ascii: "\\")) { last -= 1 }
        var cells: [Range<Int>] = []
        var cellStart = first
        var index = first
        while index < last {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "|") {
                cells.append(cellStart..<index)
                cellStart = index + 1
            }
            index += 1
        }
        cells.append(cellStart..<max(cellStart, last))
        return cells
    }
}
