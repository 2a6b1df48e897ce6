import Hierarchy

/// The talk's colours for each node type (slide 9): UIKit's light grey, yellow and red.
public struct NodePalette: Sendable {
    public var fill: StaticString
    public var text: StaticString

    public static func forType(_ type: NodeType) -> NodePalette {
        switch type {
        case .normal: NodePalette(fill: "#aaaaaa", text: "#000000")
        case .important: NodePalette(fill: "#ffff00", text: "#000000")
        case .critical: NodePalette(fill: "#ff0000", text: "#ffffff")
        }
    }

    /// A normal node's fill at an odd depth: a paler, bluer grey, so that a node's depth reads
    /// from its colour where wrapping sets it beside a deeper column's nodes (a review: a wide
    /// fan's second sub-column stood in the next depth's column, read as its children).
    public static let normalOddDepthFill: StaticString = "#c5ced8"

    /// The palette of a node of `type` at `depth`: the talk's colours, normal nodes paler at odd depths.
    public static func forType(_ type: NodeType, depth: Int) -> NodePalette {
        type == .normal && depth % 2 == 1 ? NodePalette(fill: normalOddDepthFill, text: "#000000") : forType(type)
    }

    /// The connectors' colour (the talk's light grey stroke, 2 points wide).
    public static let connector: StaticString = "#aaaaaa"
    /// Section header and footer bars (translucent, so connectors behind them show) and their titles.
    public static let bar = NodePalette(fill: "#f3f5f7c0", text: "#555555")
}
