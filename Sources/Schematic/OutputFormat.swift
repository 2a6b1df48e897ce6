/// The drawings Schematic writes.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// A self-contained SVG document (the default, for docs).
    case svg
    /// Graphviz DOT, pinned to our positions or as a plain tree for `dot`.
    case dot
    /// The layout attributes as JSON ("native attributes").
    case json

    /// The format a file extension implies, if any.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "svg": self = .svg
        case "dot", "gv": self = .dot
        case "json": self = .json
        default: return nil
        }
    }
}
