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
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x1B, index + 1 < bytes.count, let end = sequenceEnd(bytes, from: index) else {
                kept.append(byte)
                index += 1
                continue
            }
            removed = true
            index = end
        }
        return removed ? kept : nil
    }

    /// Where the CSI or OSC sequence starting at `start` (an ESC) ends, or nil where none
    /// starts there or it is cut off (a line break ends the search: a sequence never spans lines).
    private static func sequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
            while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count, (0x40...0x7E).contains(bytes[index]) else { return nil }
            return index + 1
        case UInt8(ascii: "]"):
            while index < bytes.count, bytes[index] != 0x0A {
                if bytes[index] == 0x07 { return index + 1 }
                if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }
}
