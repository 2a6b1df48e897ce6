/// How the schematic layout that made a drawing was configured: what the big-tree page needs to
/// place the tree again in the browser when a subtree is collapsed (its port of the placement
/// takes the same settings). The renderer reads layout attributes only; these values come from
/// the caller, as the spacing of the DOT renderer does.
public struct SchematicPageOptions: Hashable, Sendable {
    /// `lr`, `rl`, `tb` or `bt`: which way the columns run.
    public var orientation = "lr"
    /// `compact`, `tidy`, `stacked` or `centered`.
    public var alignment = "compact"
    /// Wrapping of wide fans of leaves: -1 off, 0 auto, or the most rows per sub-column.
    public var wrap = 0
    /// `straight`, `elbow` or `curved`.
    public var connectorStyle = "elbow"
    public var itemPadding = 40.0
    public var sectionPadding = 60.0
    public var sectionMargin = 20.0
    /// Room above the columns for depth labels (0 without them).
    public var headerInset = 0.0
    /// The title above each column, by depth.
    public var depthLabels: [String] = []
    /// Alternating bands behind the columns.
    public var showsBands = false
    /// The page opens with every node at this depth or deeper collapsed (0 is the roots); nil
    /// opens with everything expanded.
    public var collapseDepth: Int?
    /// Whether a wide fan's subtrees may nest as panels (`SchematicLayoutConfiguration.nestsFolders`).
    public var nestsFolders = true
    /// Each column's left edge and width in canonical axes (columns along x): where connectors
    /// between two columns turn. Empty: read off the connectors, which holds where no subtree
    /// nests (a nested connector turns inside its panel).
    public var columnLefts: [Double] = []
    public var columnWidths: [Double] = []
    /// Per column, the room its gap has beside the tree's buses for additional parents' lanes,
    /// before and after them (`SchematicLayout.additionalLaneRooms`; empty without).
    public var laneRooms: [Double] = []
    /// The layout's wrapped blocks of roots (`SchematicLayout.rootBlocks`): no connector leads
    /// into them, so the page learns them here.
    public var rootBlocks: [RootBlock] = []

    /// A wrapped block of roots: its first global item, its member count, and where each of
    /// its sub-columns (panels) starts among its members.
    public struct RootBlock: Hashable, Sendable {
        public var first: Int, count: Int, columnStarts: [Int]
        public init(first: Int, count: Int, columnStarts: [Int]) {
            self.first = first; self.count = count; self.columnStarts = columnStarts
        }
    }

    public init() {}
}
