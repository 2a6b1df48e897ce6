import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fast path of the members nearly every node has: `"name": "plain text"` and `"children": [`.
extension JSONTreeParser {
    /// Reads a member of the innermost open node in place when it is a plain-text name or a
    /// children array, the members of nearly every node; returns false, having read nothing,
    /// for any other member (or anything unusual), which the general path then reads.
    mutating func readCommonMember(into stack: inout [Frame]) throws(ReadError) -> Bool {
        let keyStart = position
        guard bytes[keyStart] == UInt8(ascii: "\"") else { return false }
        let keyEnd = plainTextEnd(from: keyStart + 1)
        guard keyEnd < bytes.count, bytes[keyEnd] == UInt8(ascii: "\"") else { return false }
        // Equal bytes are an equal key; any other key is compared as a string by the general path.
        let isName = bytesEqual(nameKeyBytes, keyStart + 1..<keyEnd)
        guard isName || childrenKeyIsDistinct && bytesEqual(childrenKeyBytes, keyStart + 1..<keyEnd) else { return false }
        position = keyEnd + 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { position = keyStart; return false }
        position += 1
        skipWhitespace()
        guard position < bytes.count else { position = keyStart; return false }
        let last = openNodes.count - 1
        // (A repeated key is refused by the general path.)
        if isName && openNodes[last].label != nil || !isName && openNodes[last].node >= 0 { position = keyStart; return false }
        if isName {
            guard let label = plainLabel() else { position = keyStart; return false }
            openNodes[last].label = label
            try afterMember(in: &stack)
            return true
        }
        guard bytes[position] == UInt8(ascii: "[") else { position = keyStart; return false }
        position += 1
        if openNodes[last].node < 0 {
            openNodes[last].node = tree.addNode(label: openNodes[last].label ?? "", parent: openNodes[last].parent)
            openNodes[last].labelIsInTree = openNodes[last].label != nil
        }
        stack.append(.children(parent: openNodes[last].node))
        return true
    }

    /// A label string at `position` that needs nothing but its bytes: no escapes, nothing to
    /// trim (it starts and ends with printable ASCII) and no DEL (a control character that
    /// lexing does not stop at). Reads it, or returns nil having read nothing.
    mutating func plainLabel() -> String? {
        guard bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        let end = plainTextEnd(from: start)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        if end > start {
            func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
            guard isPrintableASCII(bytes[start]) && isPrintableASCII(bytes[end - 1]) else { return nil }
        }
        position = end + 1
        return string(start..<end)
    }

    /// Whether the input's bytes in `range` are `expected`.
    func bytesEqual(_ expected: [UInt8], _ range: Range<Int>) -> Bool {
        guard expected.count == range.count else { return false }
        guard !range.isEmpty else { return true }
        return expected.withUnsafeBufferPointer { expected in
            memcmp(expected.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count) == 0
        }
    }
}
