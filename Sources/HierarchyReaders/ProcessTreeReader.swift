import Hierarchy

/// Reads `pstree`'s compact drawing, several processes to a line:
///
///     systemd─┬─cron
///             ├─sshd───sshd───bash───pstree
///             └─2*[agetty]
///
/// `───` leads to a process's only child, `─┬─` to its first, whose later siblings follow on
/// the lines below at the `┬`'s column, after `├─` (or `└─`, the last); `│` passes by. The
/// ASCII forms (`pstree -A`, and the default where the terminal is not UTF-8) are `---`, `-+-`,
/// `|-`, `` `- `` and `|`. A line starting at column 0 is another tree's root. Labels are kept
/// as drawn: `{name}` is a thread, `3*[name]` three alike, `name(42)` with its pid (`-p`).
/// The outline reader hands over a text that `looksLikeProcessTree`, which an outline would
/// misread (its first line one label, the rest indented to no enclosing line). One pass over
/// the bytes, and one open branch per column, so it is linear.
struct ProcessTreeReader {
    /// A connector between two processes on a line.
    private enum Link {
        /// `───`: to the process's only child.
        case only
        /// `─┬─`: to its first child; the later ones hang from the `┬`'s column.
        case branch(column: Int)
    }

    /// Whether the first line draws a branch (`─┬─`, `-+-`) whose column the next line
    /// continues with `├─`/`└─` (`|-`/`` `- ``), after only spaces and `│` (`|`); or is the only
    /// line and links processes with `───`.
    static func looksLikeProcessTree(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count && (bytes[start] == 0x0A || bytes[start] == 0x0D) { start += 1 }
        guard start < bytes.count, bytes[start] != 0x20, bytes[start] != 0x09 else { return false }
        let firstEnd = bytes.endOfLine(from: start)
        var columns: [Int] = []
        var linksOnly = false
        var position = start, column = 0
        while position < firstEnd {
            if let (link, end) = link(bytes, at: position, column: column, end: firstEnd) {
                if case .branch(let at) = link { columns.append(at) }
                // (`───` is not typed: a line of it is `pstree`'s, even with nothing below.)
                else if bytes[position] == 0xE2 { linksOnly = true }
                column += 3; position = end
            } else {
                if !isContinuation(bytes[position]) { column += 1 }
                position += 1
            }
        }
        var next = firstEnd + 1
        while next < bytes.count && (bytes[next] == 0x0A || bytes[next] == 0x0D) { next += 1 }
        guard next < bytes.count else { return linksOnly }
        guard !columns.isEmpty else { return false }
        guard let (column2, _, _) = sibling(bytes, from: next, end: bytes.endOfLine(from: next)) else { return false }
        return columns.contains(column2)
    }

    func read(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) -> Tree {
        var tree = Tree()
        /// The parent whose children hang from each column, where a `┬` opened one (-1: none).
        var openBranches: [Int] = []
        var lineStart = 0
        while lineStart < bytes.count {
            let end = bytes.endOfLine(from: lineStart)
            defer { lineStart = end + 1 }
            var contentEnd = end
            while contentEnd > lineStart && (bytes[contentEnd - 1] == 0x20 || bytes[contentEnd - 1] == 0x0D || bytes[contentEnd - 1] == 0x09) {
                contentEnd -= 1
            }
            guard contentEnd > lineStart else { continue }
            var parent: Int
            var position: Int, column: Int
            if let (at, afterMark, isLast) = Self.sibling(bytes, from: lineStart, end: contentEnd) {
                guard at < openBranches.count, openBranches[at] >= 0 else {
                    let mark = afterMark - (bytes[afterMark - 1] == UInt8(ascii: "-") ? 2 : 6)
                    throw source.error(at: mark, "this branch hangs from no '┬' above it in the same column")
                }
                parent = openBranches[at]
                if isLast { openBranches[at] = -1 }
                position = afterMark; column = at + 2
            } else if bytes[lineStart] == 0x20 || bytes[lineStart] == 0x09 || Self.passMark(bytes, at: lineStart) != nil {
                throw source.error(at: lineStart, "expected '├─' or '└─' (`pstree` drawing) at the column of an earlier '┬', then a process")
            } else {
                // Another tree's root: an earlier tree's branches are closed, so a stray one
                // below is refused rather than hung on that tree.
                parent = -1
                openBranches.removeAll(keepingCapacity: true)
                position = lineStart; column = 0
            }
            // Processes and the links between them, to the line's end.
            while true {
                let labelStart = position
                var found: (link: Link, end: Int)? = nil
                var labelEnd = contentEnd
                while position < contentEnd {
                    if let (link, linkEnd) = Self.link(bytes, at: position, column: column, end: contentEnd) {
                        found = (link, linkEnd); labelEnd = position; break
                    }
                    if !Self.isContinuation(bytes[position]) { column += 1 }
                    position += 1
                }
                var trimmedEnd = labelEnd, trimmedStart = labelStart
                while trimmedEnd > trimmedStart && bytes[trimmedEnd - 1] == 0x20 { trimmedEnd -= 1 }
                while trimmedStart < trimmedEnd && bytes[trimmedStart] == 0x20 { trimmedStart += 1 }
                guard trimmedStart < trimmedEnd else {
                    throw source.error(at: labelStart, found == nil ? "expected a process name after the drawing" : "expected a process name before '───'")
                }
                if let control = source.firstControlCharacter(in: trimmedStart..<trimmedEnd) {
                    throw source.error(at: control, controlCharacterMessage(bytes[control], in: "a process name"))
                }
                let label = String(decoding: UnsafeBufferPointer(rebasing: bytes[trimmedStart..<trimmedEnd]), as: UTF8.self)
                let node = tree.addNode(label: label, parent: parent < 0 ? nil : parent)
                guard let (link, linkEnd) = found else { break }
                if case .branch(let at) = link {
                    if openBranches.count <= at { openBranches += [Int](repeating: -1, count: at + 1 - openBranches.count) }
                    openBranches[at] = node
                }
                parent = node
                position = linkEnd; column += 3
            }
        }
        if tree.isEmpty {
            throw ReadError(file: source.file, line: 0, column: 0, message: "no nodes: the input is empty")
        }
        return tree
    }

    /// The link starting at `position` (at `column`), and where it ends: `───`/`---` or
    /// `─┬─`/`-+-`. In ASCII a name may hold dashes, so a run of them links only with its
    /// last three (or its last one before `+-`).
    private static func link(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, column: Int, end: Int) -> (Link, Int)? {
        if isHorizontal(bytes, position, end) {
            guard position + 6 <= end else { return nil }
            if isHorizontal(bytes, position + 3, end) && isHorizontal(bytes, position + 6, end) { return (.only, position + 9) }
            if bytes[position + 3] == 0xE2 && bytes[position + 4] == 0x94 && bytes[position + 5] == 0xAC
                && isHorizontal(bytes, position + 6, end) { return (.branch(column: column + 1), position + 9) }
            return nil
        }
        guard bytes[position] == UInt8(ascii: "-") else { return nil }
        var run = position
        while run < end && bytes[run] == UInt8(ascii: "-") { run += 1 }
        if run + 1 < end && bytes[run] == UInt8(ascii: "+") && bytes[run + 1] == UInt8(ascii: "-") {
            return run - 1 == position ? (.branch(column: column + 1), run + 2) : nil
        }
        // (Three dashes after a name's own: the link is the last three.)
        return run - position >= 3 && run - 3 == position && run < end ? (.only, run) : nil
    }

    /// Whether a `─` (U+2500) starts at `position`.
    private static func isHorizontal(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int, _ end: Int) -> Bool {
        position + 2 < end && bytes[position] == 0xE2 && bytes[position + 1] == 0x94 && bytes[position + 2] == 0x80
    }

    /// The length of a `│` or `|` at `position`, if one is there.
    private static func passMark(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        if bytes[position] == UInt8(ascii: "|") && (position + 1 >= bytes.count || bytes[position + 1] != UInt8(ascii: "-")) { return 1 }
        if position + 2 < bytes.count && bytes[position] == 0xE2 && bytes[position + 1] == 0x94 && bytes[position + 2] == 0x82 { return 3 }
        return nil
    }

    /// A continuation line's branch: after spaces and pass marks, `├─`/`└─` (or `|-`/`` `- ``),
    /// its column, where the process after it starts, and whether it is the last (`└`).
    private static func sibling(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (column: Int, after: Int, isLast: Bool)? {
        var position = start, column = 0
        while position < end {
            if bytes[position] == 0x20 { position += 1; column += 1; continue }
            if position + 5 < end && bytes[position] == 0xE2 && bytes[position + 1] == 0x94
                && (bytes[position + 2] == 0x9C || bytes[position + 2] == 0x94) && isHorizontal(bytes, position + 3, end) {
                return (column, position + 6, bytes[position + 2] == 0x94)
            }
            if position + 1 < end && (bytes[position] == UInt8(ascii: "|") || bytes[position] == UInt8(ascii: "`"))
                && bytes[position + 1] == UInt8(ascii: "-") {
                return (column, position + 2, bytes[position] == UInt8(ascii: "`"))
            }
            guard let length = passMark(bytes, at: position) else { return nil }
            position += length; column += 1
        }
        return nil
    }

    /// A UTF-8 continuation byte: no column of its own.
    @inline(__always) private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
