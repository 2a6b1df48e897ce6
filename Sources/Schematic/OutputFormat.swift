import Graphviz
/// The drawings Schematic writes.
public enum OutputFormat: Hashable, Sendable, CustomStringConvertible {
    /// A self-contained SVG document (the default, for docs).
    case svg
    /// Graphviz DOT, pinned to our positions or as a plain tree for `dot`.
    case dot
    /// The layout attributes as JSON ("native attributes").
    case json
    /// A self-contained interactive HTML page: the SVG with pan, zoom, search and collapsing.
    case html
    /// Our layout rendered by Graphviz's own renderers (`png`, `pdf`, or any format the
    /// installed Graphviz knows), with our positions, sizes and connectors pinned.
    case graphviz(String)

    /// Parses `svg`, `dot`, `json`, `png`, `pdf`, or `gv:FORMAT`.
    public init?(name: String) {
        switch name.lowercased() {
        case "svg": self = .svg
        case "dot", "gv": self = .dot
        case "json": self = .json
        case "html": self = .html
        case "png", "pdf": self = .graphviz(name.lowercased())
        default:
            // (Graphviz's window devices write no file: refused here, as a usage error.)
            // (Graphviz's names are letters, digits and `:`, `_`, `.`, `-`: a `/` made the
            // extension of a folder's output a path.)
            guard name.lowercased().hasPrefix("gv:"), name.count > 3,
                  name.dropFirst(3).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ":_.-".contains($0)) }),
                  !name.dropFirst(3).contains(".."),
                  !Graphviz.windowDevices.contains(String(name.dropFirst(3).prefix { $0 != ":" }).lowercased()) else { return nil }
            self = .graphviz(String(name.dropFirst(3)))
        }
    }

    /// The format a file extension implies, if any.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "svg": self = .svg
        case "dot", "gv": self = .dot
        case "json": self = .json
        case "html", "htm": self = .html
        case "png", "pdf": self = .graphviz(pathExtension.lowercased())
        default: return nil
        }
    }

    /// Whether Graphviz draws this output (DOT is for Graphviz to draw, pinned): it draws
    /// labels upright only.
    public var isDrawnByGraphviz: Bool {
        switch self {
        case .dot, .graphviz: true
        case .svg, .json, .html: false
        }
    }

    public var description: String {
        switch self {
        case .svg: "svg"
        case .dot: "dot"
        case .json: "json"
        case .html: "html"
        case .graphviz(let format): format == "png" || format == "pdf" ? format : "gv:" + format
        }
    }
}
