/// Keeps each tree of a forest in a band of its own along the columns.
///
/// The placements pack columns, not trees: a tree's deep levels could slide up beside the
/// next tree's first levels, or the next tree's into the room beside the one before, and its
/// connectors then ran between that tree's boxes (a Kubernetes manifest's two documents, the
/// Deployment's template beside the Service's metadata; a compose file's `volumes:` beside the
/// services' last image). Each root's subtree is moved, whole, to start a padding below every
/// box of the trees before it: down where it reached into them, up where the placement had
/// spread it away from them (a lone root between two trees stood midway, a row of empty room
/// above it, as siblings are spread under a parent; roots have no parent to centre). A tree
/// moved whole keeps its parents where they were among their children, and the columns' order
/// holds: a column lists the trees' items tree after tree. The drawing's top stays where it
/// was. O(n).
enum ForestBands {
    /// Moves the trees of `columns` (centres along the columns; boxes `heights` tall) apart.
    static func separate(_ centers: inout [Double], columns: PlacementColumns, heights: [Double], padding: Double) {
        let rootCount = columns.numberOfSections > 0 ? Int(columns.sectionStarts[1]) : 0
        guard rootCount > 1 else { return }
        let count = centers.count
        // Items follow their parents (section by section), so a parent's root is known first.
        var rootOfItem = [Int32](repeating: 0, count: count)
        var bandTops = [Double](repeating: .infinity, count: rootCount)
        var bandBottoms = [Double](repeating: -.infinity, count: rootCount)
        for item in 0..<count {
            let parent = Int(columns.parentOfItem[item])
            let root = parent < 0 ? item : Int(rootOfItem[parent])
            rootOfItem[item] = Int32(root)
            bandTops[root] = min(bandTops[root], centers[item] - heights[item] / 2)
            bandBottoms[root] = max(bandBottoms[root], centers[item] + heights[item] / 2)
        }
        var shifts = [Double](repeating: 0, count: rootCount)
        var bottom = bandBottoms[0], moves = false
        for root in 1..<rootCount {
            shifts[root] = bottom + padding - bandTops[root]
            moves = moves || shifts[root] != 0
            bottom = max(bottom, bandBottoms[root] + shifts[root])
        }
        guard moves else { return }
        // The drawing keeps its top: where a later tree had reached highest (beside the first
        // tree's root), moving it down left an empty band over the whole drawing.
        var oldTop = Double.infinity, newTop = Double.infinity
        for root in 0..<rootCount {
            oldTop = min(oldTop, bandTops[root])
            newTop = min(newTop, bandTops[root] + shifts[root])
        }
        let lift = newTop - oldTop
        for item in 0..<count { centers[item] += shifts[Int(rootOfItem[item])] - lift }
    }
}
