import LabelMetrics
import StandardLayouts

/// How nodes get their size.
public enum NodeSizing: Hashable, Sendable {
    /// Every node has the configuration's estimated size (the talk's fixed `nodeSize`).
    case fixed
    /// Every node fits its label, measured in a real font.
    case fit(LabelStyle)
}

/// Which layout places the nodes: the talk's schematic layout, or one of the seeds' others.
public enum DiagramLayout: Hashable, Sendable {
    /// Sections as columns, connectors between them (`DiagramOptions.configuration` applies).
    case schematic
    /// `UICollectionViewFlowLayout`'s lines, wrapping.
    case flow(FlowLayoutConfiguration)
    /// Recipe 10-8's grid: one row per depth.
    case grid(GridLayoutConfiguration)
    /// A radial tree: one ring per depth.
    case circle(CircleLayoutConfiguration)
    /// The Pinterest tutorial's columns.
    case masonry(MasonryLayoutConfiguration)
}

/// An effect on the drawn cells, naming its node as a user would.
public enum DiagramEffect: Hashable, Sendable {
    /// Enlarges the node with this id or, failing that, the first with this label, and draws it on top.
    case focus(node: String, scale: Double)
    /// Shrinks and fades nodes by their distance from a point (recipe 10-4).
    case fisheye(center: Point, radius: Double?)
}

/// Everything that decides a drawing besides the tree.
public struct DiagramOptions: Hashable, Sendable {
    /// The layout (`schematic` unless set).
    public var layout = DiagramLayout.schematic
    /// Effects applied to the cells after layout.
    public var effects: [DiagramEffect] = []
    /// Spacing, the estimated node size, the alignment and wrapping (`.standard` unless set).
    public var configuration = SchematicLayoutConfiguration.standard
    /// Fixed sizes or sizes fitted to the labels.
    public var sizing = NodeSizing.fit(LabelStyle())
    /// Self-size viewport by viewport, scrolling over the content as a collection view does,
    /// instead of the whole document at once; the result is the same.
    public var viewport: Size?
    /// Additional parents that skip levels: an error, or left out (or every additional parent).
    public var misplacedParents = SectionedTree.MisplacedParentPolicy.reject

    public init() {}
}
