/// A forest whose shape cannot be drawn as sections by depth.
public enum HierarchyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The forest has no nodes.
    case empty
    /// Following primary parents from this node never reaches a root.
    case cycle(node: Int, label: String)
    /// An additional parent does not sit in a section before its child's (the link written at
    /// `place`, where known).
    case parentNotInPreviousSection(child: Int, childLabel: String, parent: Int, parentLabel: String, place: SourcePlace? = nil)
    /// An additional parent lies under its child: the two would make a cycle.
    case parentUnderChild(child: Int, childLabel: String, parent: Int, parentLabel: String, place: SourcePlace? = nil)

    /// Where in the source the error is, where known.
    public var place: SourcePlace? {
        switch self {
        case .parentNotInPreviousSection(_, _, _, _, let place), .parentUnderChild(_, _, _, _, let place): place
        case .empty, .cycle: nil
        }
    }

    public var description: String {
        switch self {
        case .empty:
            "the hierarchy has no nodes"
        case let .cycle(_, label):
            "node '\(Self.quoted(label))' is on a cycle of parents"
        case let .parentNotInPreviousSection(_, child, _, parent, _):
            "'\(Self.quoted(parent))' cannot be a parent of '\(Self.quoted(child))': it is not above it "
                + "(--extra-parents auto leaves such edges out)"
        case let .parentUnderChild(_, child, _, parent, _):
            "'\(Self.quoted(parent))' cannot be a parent of '\(Self.quoted(child))': it is under '\(Self.quoted(child))', "
                + "so the two would make a cycle of parents (--extra-parents auto leaves such edges out)"
        }
    }

    /// A label fit for a one-line message: line breaks shown as `\n`, at most 60 characters.
    static func quoted(_ label: String) -> String {
        let flat = label.replacingAll("\n", with: "\\n")
        return flat.count <= 60 ? flat : String(flat.prefix(59)) + "…"
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
