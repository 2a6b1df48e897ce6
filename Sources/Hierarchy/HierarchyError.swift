/// A forest whose shape cannot be drawn as sections by depth.
public enum HierarchyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The forest has no nodes.
    case empty
    /// Following primary parents from this node never reaches a root.
    case cycle(node: Int, label: String)
    /// An additional parent does not sit in the section just before its child.
    case parentNotInPreviousSection(child: Int, childLabel: String, parent: Int, parentLabel: String)

    public var description: String {
        switch self {
        case .empty:
            "the hierarchy has no nodes"
        case let .cycle(_, label):
            "node '\(label)' is on a cycle of parents"
        case let .parentNotInPreviousSection(_, child, _, parent):
            "'\(parent)' cannot be a parent of '\(child)': it is not one level above it"
        }
    }
}
