/// Terminal escape sequences in listings made for a terminal (`tree -C`, `ls --color=always`,
/// `fd --color always`, hyperlinks of `ls --hyperlink`): they colour names or link them, and say
/// nothing of the hierarchy, so the outline reader leaves them out rather than refuse the text.
enum TerminalEscapes {
    /// `bytes` without their control sequences (CSI: `ESC [` parameters, intermediates and a
    /// final byte, as `ESC[01;34m`) and operating system commands (OSC: `ESC ]` up to BEL or
    /// `ESC \`), or nil where it has none. Any other escape is kept (and refused as a control
    /// character, with the place it stands). One pass: O(n).
    static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(0x1B) else { return nil }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var removed = false
        var index = 0
        // Where an OSC with no end was searched to: one starting before it has none either (so
        // each byte is searched once, however many `ESC ]` a line holds).
        var unterminatedUpTo = -1
        while index < bytes.count {
            let byte = bytes[index]
            var end: Int? = nil
            if byte == 0x1B && index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "[") {
                    end = controlSequenceEnd(bytes, from: index)
                } else if bytes[index + 1] == UInt8(ascii: "]") && index >= unterminatedUpTo {
                    let search = commandEnd(bytes, from: index)
                    end = search.end
                    if end == nil { unterminatedUpTo = search.searchedTo }
                }
            }
            guard let end else {
                kept.append(byte)
                index += 1
                continue
            }
            removed = true
            index = end
        }
        return removed ? kept : nil
    }

    /// Where the CSI sequence starting at `start` (`ESC [`) ends, or nil where it is cut off.
    /// (Its bytes hold no ESC, so the searches from two starts never overlap.)
    private static func controlSequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 2
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count, (0x40...0x7E).contains(bytes[index]) else { return nil }
        return index + 1
    }

    /// Where the OSC starting at `start` (`ESC ]`) ends (after BEL or `ESC \`), or nil where a
    /// line break or the end comes first (a sequence never spans lines), with where the search
    /// stopped.
    private static func commandEnd(_ bytes: [UInt8], from start: Int) -> (end: Int?, searchedTo: Int) {
        var index = start + 2
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == 0x07 { return (index + 1, index + 1) }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { return (index + 2, index + 2) }
            index += 1
        }
        return (nil, index)
    }
}
