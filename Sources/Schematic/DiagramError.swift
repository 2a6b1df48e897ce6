import Graphviz
import LabelMetrics

/// Why a drawing could not be made.
public enum DiagramError: Error, Equatable, Sendable, CustomStringConvertible {
    case hierarchy(HierarchyError)
    case font(FontError)
    case graphviz(GraphvizError)
    /// An effect names a node the tree does not have.
    case unknownNode(String)
    /// Two nodes have the same id (the labels of both).
    case duplicateID(id: String, firstLabel: String, secondLabel: String)

    public var description: String {
        switch self {
        case .unknownNode(let name): "no node has the id or label \"\(name)\""
        case .hierarchy(let error): error.description
        case .font(let error): error.description
        case .graphviz(let error): "Graphviz: " + error.description
        case let .duplicateID(id, first, second):
            "the nodes '\(Self.quoted(first))' and '\(Self.quoted(second))' have the same id \"\(Self.quoted(id))\"; ids must be unique"
        }
    }

    /// A label fit for a one-line message: line breaks as `\n`, at most 60 characters.
    private static func quoted(_ text: String) -> String {
        if text.isEmpty { return "(unnamed)" }
        var flat = ""
        for character in text.prefix(61) { if character == "\n" { flat += "\\n" } else { flat.append(character) } }
        return flat.count <= 60 ? flat : String(flat.prefix(59)) + "…"
    }
}
