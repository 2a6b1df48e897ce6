/// The importance of a node, as in the talk's model: drawn light grey, yellow or red.
public enum NodeType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case normal
    case important
    case critical

    /// The lower-case name used in files, CSS classes and JSON.
    public var description: String {
        switch self {
        case .normal: "normal"
        case .important: "important"
        case .critical: "critical"
        }
    }

    /// Parses a type name (`normal`, `important`, `critical`), ignoring case.
    public init?(name: String) {
        switch name.lowercased() {
        case "normal": self = .normal
        case "important": self = .important
        case "critical": self = .critical
        default: return nil
        }
    }
}
