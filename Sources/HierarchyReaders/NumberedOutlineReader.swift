import Hierarchy

/// Reads a numbered outline, as a document's table of contents lists its sections:
///
///     Report
///     1 Introduction
///     1.1 Scope
///     2 Method
///     2.1.1 Sources
///
/// A line's depth is the number of parts of its section number (`2.1.3` is three deep; a
/// trailing dot, `1.`, changes nothing); one that skips levels hangs from the nearest line above
/// it that is less deep, as a Markdown heading does. The label is the whole line as written,
/// its number included (the outline's markers, `!` or `{#id}`, may end it). A first line
/// without a number is a title, the root above all. The outline reader hands over a text that
/// `looksLikeNumberedOutline`, which it would draw as a column of separate roots. One pass over
/// the lines, so it is linear.
struct NumberedOutlineReader {
    /// Whether every line that is not blank is unindented and starts with a section number,
    /// then a blank and text (the first line may be a title without one), at least one number
    /// has two parts or more, and each such number continues the number of the line it hangs
    /// from (`2.1` under `2`, `2.1.1` under `2.1` or `2`), a child one level down counting on
    /// from its elder sibling, the first from 0 or 1: so "2024 budget", "1. eggs", "2 eggs"
    /// then "1.5 kg flour", or "9 Breakfast" then "9.30 Opening" stay an outline's lines.
    static func looksLikeNumberedOutline(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The numbers of the open lines, each deeper than the one before, and the last part of
        // each one's last child.
        var open: [(parts: [Int], lastChild: Int?)] = []
        var sawLine = false, sawDotted = false
        let numbered = bytes.forEachContentLine { lineStart, contentEnd in
            defer { sawLine = true }
            guard let number = Self.sectionNumber(bytes, lineStart, contentEnd) else {
                // A title: the first line, unindented.
                return !(sawLine || bytes[lineStart] == 0x20 || bytes[lineStart] == 0x09)
            }
            while let last = open.last, last.parts.count >= number.parts.count { open.removeLast() }
            if number.parts.count > 1 {
                guard let parent = open.last, number.parts.starts(with: parent.parts) else { return false }
                // A child one level down counts on from its elder sibling, the first from 0 or
                // 1: "9 Breakfast" then "9.30 Opening", "1 cup sugar" then "1.5 cups flour"
                // are times and quantities, not sections.
                // (A line that skips a level names its missing parent, which may be that sibling.)
                let part = number.parts[parent.parts.count], skips = number.parts.count > parent.parts.count + 1
                if let elder = parent.lastChild {
                    guard part == elder + 1 || skips && part == elder else { return false }
                } else {
                    guard part <= 1 else { return false }
                }
                open[open.count - 1].lastChild = part
                sawDotted = true
            }
            open.append((number.parts, nil))
            return true
        }
        return numbered && sawDotted
    }

    func read(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) -> Tree {
        var tree = Tree()
        var open: [(depth: Int, node: Int)] = []
        var title: Int? = nil
        var idPlaces: [String: Int] = [:]
        let labels = OutlineReader()
        _ = try bytes.forEachContentLine { lineStart, contentEnd throws(ReadError) in
            // (`looksLikeNumberedOutline` let only the first line go without a number.)
            let depth = Self.sectionNumber(bytes, lineStart, contentEnd)?.parts.count ?? 0
            while let last = open.last, last.depth >= depth { open.removeLast() }
            let node = try labels.addLabelledNode(source, bytes, from: lineStart, to: contentEnd, parent: open.last?.node ?? title,
                                                  to: &tree, idPlaces: &idPlaces)
            if depth == 0 { title = node } else { open.append((depth, node)) }
            return true
        }
        if tree.isEmpty { throw source.error(at: 0, "no nodes: the input is empty") }
        return tree
    }

    /// The parts of the section number at the line's first column (`2.1.3`, `1.`), if it is
    /// followed by a blank and text.
    private static func sectionNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (parts: [Int], textStart: Int)? {
        var parts: [Int] = []
        var position = start
        while position < end {
            var value = 0, digits = 0
            // (Nine digits at most: no overflow, and a longer run is no section's number.)
            while position < end && digits < 10 && bytes[position] >= 0x30 && bytes[position] <= 0x39 {
                value = value * 10 + Int(bytes[position] - 0x30); digits += 1; position += 1
            }
            guard digits > 0 && digits < 10 else { return nil }
            parts.append(value)
            guard position < end, bytes[position] == UInt8(ascii: ".") else { break }
            position += 1
            guard position < end, bytes[position] >= 0x30 && bytes[position] <= 0x39 else { break }  // `1.`: a trailing dot
        }
        guard position < end, bytes[position] == 0x20 || bytes[position] == 0x09 else { return nil }
        while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
        return position < end ? (parts, position) : nil
    }
}
