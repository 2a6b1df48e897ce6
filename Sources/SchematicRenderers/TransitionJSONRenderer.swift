import CollectionLayout
import Hierarchy

/// How one node moves from an old drawing to a new one: the collection-view animation of an
/// update (initial attributes for appearing items, final ones for disappearing items).
public struct ElementTransition: Sendable {
    /// What happened to the node.
    public enum Change: String, Sendable {
        case inserted, deleted, updated, unchanged
    }

    public var change: Change
    /// The node's label in the new drawing (the old one for deleted nodes).
    public var label: String
    public var type: NodeType
    /// Whether the label changed.
    public var relabelled: Bool
    /// Whether the frame changed.
    public var moved: Bool
    /// Where the node was, if it existed before.
    public var oldIndexPath: IndexPath?
    /// Where the node is, if it still exists.
    public var newIndexPath: IndexPath?
    /// Where the animation starts: the old attributes, or the layout's initial attributes for an appearing item.
    public var initial: LayoutAttributes
    /// Where it ends: the new attributes, or the layout's final attributes for a disappearing item.
    public var final: LayoutAttributes

    public init(change: Change, label: String, type: NodeType, relabelled: Bool, moved: Bool,
                oldIndexPath: IndexPath?, newIndexPath: IndexPath?, initial: LayoutAttributes, final: LayoutAttributes) {
        self.change = change
        self.label = label
        self.type = type
        self.relabelled = relabelled
        self.moved = moved
        self.oldIndexPath = oldIndexPath
        self.newIndexPath = newIndexPath
        self.initial = initial
        self.final = final
    }
}

/// Writes the transitions between two drawings as JSON:
/// `{"old": {"contentSize"}, "new": {"contentSize"}, "summary": {...}, "elements": [...]}`.
public struct TransitionJSONRenderer: Sendable {
    public init() {}

    public func render(oldContentSize: Size, newContentSize: Size, transitions: [ElementTransition], into output: inout OutputBuffer) {
        output.append("{\"old\":{\"contentSize\":")
        writeSize(oldContentSize, into: &output)
        output.append("},\"new\":{\"contentSize\":")
        writeSize(newContentSize, into: &output)
        output.append("},\n\"summary\":{")
        let changes: [ElementTransition.Change] = [.inserted, .deleted, .updated, .unchanged]
        for (index, change) in changes.enumerated() {
            output.append(index == 0 ? "\"" : ",\"")
            output.append(raw: change.rawValue)
            output.append("\":")
            output.append(transitions.lazy.filter { $0.change == change }.count)
        }
        output.append(",\"moved\":")
        output.append(transitions.lazy.filter(\.moved).count)
        output.append(",\"relabelled\":")
        output.append(transitions.lazy.filter(\.relabelled).count)
        output.append("},\n\"elements\":[")
        for (index, transition) in transitions.enumerated() {
            output.append(index == 0 ? "\n" : ",\n")
            output.append("{\"change\":\"")
            output.append(raw: transition.change.rawValue)
            output.append("\",\"label\":\"")
            output.appendJSONEscaped(transition.label)
            output.append("\",\"moved\":")
            output.append(transition.moved ? "true" : "false")
            output.append(",\"relabelled\":")
            output.append(transition.relabelled ? "true" : "false")
            output.append(",\"oldIndexPath\":")
            writeOptionalIndexPath(transition.oldIndexPath, into: &output)
            output.append(",\"newIndexPath\":")
            writeOptionalIndexPath(transition.newIndexPath, into: &output)
            output.append(",\"initial\":")
            AttributesJSONRenderer.writeElement(transition.initial, cell: nil, into: &output)
            output.append(",\"final\":")
            AttributesJSONRenderer.writeElement(transition.final, cell: nil, into: &output)
            output.append("}")
        }
        output.append("\n]}\n")
    }

    private func writeSize(_ size: Size, into output: inout OutputBuffer) {
        output.append("{\"width\":")
        output.append(size.width)
        output.append(",\"height\":")
        output.append(size.height)
        output.append("}")
    }

    private func writeOptionalIndexPath(_ path: IndexPath?, into output: inout OutputBuffer) {
        if let path { AttributesJSONRenderer.writeIndexPath(path, into: &output) } else { output.append("null") }
    }
}
