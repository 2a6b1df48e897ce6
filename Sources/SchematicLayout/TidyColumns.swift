import Hierarchy

/// The schematic layout's tidy placement along columns, for layouts that place a tree in
/// columns of their own units: the circle finds its rings' angles with it, each box as tall as
/// the arc it needs, so that a subtree far out may use the angle beside a leaf near the centre
/// (a wedge per subtree would keep it empty).
public enum TidyColumns {
    /// Every item's centre along the columns: each parent centred on its children's span,
    /// siblings in order, neighbouring subtrees apart by their items' heights (which include
    /// any padding) at every depth, the smallest top at 0 (Walker's algorithm, O(n)); and the
    /// extent they take. A leaf with a `shadows` height above 0 also keeps that much room in the
    /// next column, as if it had a child there (the circle's boxes reach into the ring beyond
    /// theirs, where a neighbour's connectors would otherwise pass through them).
    public static func centers(of tree: SectionedTree, heights: [Double], shadows: [Double] = []) -> (centers: [Double], extent: Double) {
        let count = tree.numberOfItems
        guard count > 0 else { return ([], 0) }
        guard !shadows.isEmpty else {
            let centers = TidyPlacement.centers(of: PlacementColumns(tree), heights: heights, padding: 0)
            var extent = 0.0
            for item in 0..<count { extent = max(extent, centers[item] + heights[item] / 2) }
            return (centers, extent)
        }
        // The columns with a stand-in child under each shadowing leaf, section by section (a
        // section lists the children of the previous one's items in order, stand-ins included).
        var placed: [Int32] = [], parents: [Int32] = [], placedHeights: [Double] = []
        var childStarts: [Int32] = [], sectionStarts: [Int32] = [0]
        placed.reserveCapacity(count); parents.reserveCapacity(count); placedHeights.reserveCapacity(count)
        for root in 0..<tree.numberOfItems(inSection: 0) {
            placed.append(Int32(root)); parents.append(-1); placedHeights.append(heights[root])
        }
        var sectionStart = 0
        for section in 0..<tree.numberOfSections {
            let sectionEnd = placed.count
            sectionStarts.append(Int32(sectionEnd))
            let last = section == tree.numberOfSections - 1
            for index in sectionStart..<sectionEnd {
                childStarts.append(Int32(placed.count))
                let item = Int(placed[index])
                guard item >= 0, !last else { continue }
                let children = Int(tree.childStarts[item])..<Int(tree.childStarts[item + 1])
                if children.isEmpty {
                    if shadows[item] > 0 { placed.append(-1); parents.append(Int32(index)); placedHeights.append(shadows[item]) }
                } else {
                    for child in children { placed.append(Int32(child)); parents.append(Int32(index)); placedHeights.append(heights[child]) }
                }
            }
            sectionStart = sectionEnd
        }
        childStarts.append(Int32(placed.count))
        let columns = PlacementColumns(sectionStarts: sectionStarts, childStarts: childStarts, parentOfItem: parents)
        let placedCenters = TidyPlacement.centers(of: columns, heights: placedHeights, padding: 0)
        var centers = [Double](repeating: 0, count: count), extent = 0.0
        for index in 0..<placed.count {
            extent = max(extent, placedCenters[index] + placedHeights[index] / 2)
            if placed[index] >= 0 { centers[Int(placed[index])] = placedCenters[index] }
        }
        return (centers, extent)
    }
}
