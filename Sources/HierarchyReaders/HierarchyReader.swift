import Hierarchy

/// Turns the bytes of a hierarchy file into a forest, keeping file order.
public protocol HierarchyReader: Sendable {
    /// Reads `input`; `file` names it in error messages.
    func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree
}

/// The input formats Schematic reads.
public enum InputFormat: String, CaseIterable, Sendable {
    /// Indented outline text, including `tree` command output.
    case outline
    /// Nested JSON in the d3 convention (`name`, `children`, optional `type` and `id`).
    case json
    /// A Graphviz graph, read with cgraph: edges link parents to children.
    case dot

    /// The reader for this format.
    public var reader: any HierarchyReader {
        switch self {
        case .outline: OutlineReader()
        case .json: JSONTreeReader()
        case .dot: DOTReader()
        }
    }

    /// The format a file extension implies, if any.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "dot", "gv": self = .dot
        case "txt", "outline", "tree", "text": self = .outline
        default: return nil
        }
    }

    /// The format of content with no telling extension: JSON if it starts with `{` or `[`,
    /// DOT if it starts with `digraph`, `graph` or `strict`, else an outline.
    public static func sniff(_ bytes: [UInt8]) -> InputFormat {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .outline }
        if bytes[index] == 0x7B || bytes[index] == 0x5B { return .json }
        let word = String(decoding: bytes[index..<min(bytes.count, index + 8)], as: UTF8.self).lowercased()
        for keyword in ["digraph", "graph", "strict"] where word.hasPrefix(keyword) {
            let end = index + keyword.count
            if end == bytes.count || !(bytes[end].isASCIILetterOrDigit) { return .dot }
        }
        return .outline
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == 0x5F
    }
}
