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

    /// The reader for this format.
    public var reader: any HierarchyReader {
        switch self {
        case .outline: OutlineReader()
        case .json: JSONTreeReader()
        }
    }

    /// The format a file extension implies, if any.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "txt", "outline", "tree", "text": self = .outline
        default: return nil
        }
    }

    /// The format of content with no telling extension: JSON if it starts with `{` or `[`.
    public static func sniff(_ bytes: [UInt8]) -> InputFormat {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .outline }
        return bytes[index] == 0x7B || bytes[index] == 0x5B ? .json : .outline
    }
}
