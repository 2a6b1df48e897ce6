import Hierarchy

/// The schematic layout's tidy placement along columns, for layouts that place a tree in
/// columns of their own units: the circle finds its rings' angles with it, each box as tall as
/// the arc it needs, so that a subtree far out may use the angle beside a leaf near the centre
/// (a wedge per subtree would keep it empty).
public enum TidyColumns {
    /// Every item's centre along the columns: each parent centred on its children's span,
    /// siblings in order, neighbouring subtrees apart by their items' heights (which include
    /// any padding) at every depth, the smallest top at 0 (Walker's algorithm, O(n)); and the
    /// extent they take.
    public static func centers(of tree: SectionedTree, heights: [Double]) -> (centers: [Double], extent: Double) {
        let centers = TidyPlacement.centers(of: PlacementColumns(tree), heights: heights, padding: 0)
        var extent = 0.0
        for item in centers.indices { extent = max(extent, centers[item] + heights[item] / 2) }
        return (centers, extent)
    }
}
