/// `yarn list --json` (Yarn 1): one line `{"type":"tree","data":{"type":"list","trees":[…]}}`
/// whose trees are node objects (`name`, `children`, and Yarn's `color`, `hint`, `depth`,
/// `shadow` for its terminal), maybe among other event lines (`{"type":"warning",…}`). The
/// trees are read as a forest; Yarn's own fields are not ours (its `"color": "bold"` is a
/// terminal style, not a colour).
enum YarnList {
    /// The keys of Yarn's node objects that are only for its terminal.
    static let terminalKeys: Set<String> = ["color", "hint", "depth", "shadow"]

    private static let treePrefix = Array(#"{"type":"tree","data":{"type":"list","trees":["#.utf8)
    private static let eventPrefix = Array(#"{"type":""#.utf8)

    /// The document with everything but the trees' array blanked (spaces, line breaks kept, so
    /// places in it stay those of the file), or nil where it is no `yarn list --json` output.
    static func treesOnly(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            guard let treeLine = findTreeLine(buffer) else { return nil }
            var blanked = bytes
            var lineStart = 0
            while lineStart < buffer.count {
                let lineEnd = buffer.endOfLine(from: lineStart)
                if lineStart == treeLine.start {
                    // The wrapper around the array: its opening up to "[", and the two closing braces.
                    for index in treeLine.contentStart..<(treeLine.contentStart + treePrefix.count - 1) { blanked[index] = 0x20 }
                    blanked[treeLine.contentEnd - 1] = 0x20
                    blanked[treeLine.contentEnd - 2] = 0x20
                } else {
                    for index in lineStart..<lineEnd where buffer[index] != 0x0D { blanked[index] = 0x20 }
                }
                lineStart = lineEnd + 1
            }
            return blanked
        }
    }

    /// The line of the trees: where it starts, where its content starts and ends (without the
    /// blanks around it); nil unless every other line is blank or another event of Yarn's.
    private static func findTreeLine(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, contentStart: Int, contentEnd: Int)? {
        var found: (start: Int, contentStart: Int, contentEnd: Int)? = nil
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes.endOfLine(from: lineStart)
            var contentStart = lineStart, contentEnd = lineEnd
            while contentStart < contentEnd && isBlank(bytes[contentStart]) { contentStart += 1 }
            while contentEnd > contentStart && isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd])
            if content.isEmpty {
                // A blank line.
            } else if found == nil && content.starts(with: treePrefix) {
                guard content.count >= treePrefix.count + 3, content[content.count - 1] == UInt8(ascii: "}"),
                      content[content.count - 2] == UInt8(ascii: "}"), content[content.count - 3] == UInt8(ascii: "]")
                else { return nil }
                found = (lineStart, contentStart, contentEnd)
            } else if !content.starts(with: eventPrefix) || content.last != UInt8(ascii: "}") {
                return nil
            }
            lineStart = lineEnd + 1
        }
        return found
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}
