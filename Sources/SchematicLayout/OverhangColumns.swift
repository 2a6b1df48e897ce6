/// Placement columns in which wrapped blocks may reach past their column's right edge.
///
/// A block holds leaves (or, nesting, whole small subtrees), so nothing leaves it to the
/// right: it may run on over the gaps
/// and the columns after its own, where the drawing is usually empty at its height, instead of
/// widening its whole column (which would lengthen every other connector of that column). The
/// room it takes there is kept free by a chain of *stand-ins*: an item as tall as the block in
/// each later column it reaches into (or whose gap it reaches into), each the only child of the
/// one before, in the tree order the block's own descendants would have. The placements then
/// keep those columns' items, and so their connectors, out of the block's height; a stand-in
/// must share its parent's centre (`isStandIn` tells the placement so).
struct OverhangColumns {
    /// The columns to place: the reduced columns with the stand-ins among them.
    var columns: PlacementColumns
    /// Each item's height; a stand-in's is its block's.
    var heights: [Double]
    /// Per item, the reduced item it is, or -1 for a stand-in.
    var reducedOfItem: [Int32]
    /// Per item, whether it is a stand-in.
    var isStandIn: [Bool]

    /// The columns of `reduced` with a chain of stand-ins after every reduced item whose
    /// `lastSection` lies beyond its own section; nil if no item reaches further, or if the
    /// stand-ins would outnumber both the items and `limit` (a guard against degenerate
    /// spacing; nesting blocks leave few items, each reaching over its levels' columns).
    init?(reduced: PlacementColumns, heights reducedHeights: [Double], lastSection: [Int32], limit: Int = 0) {
        let sectionCount = reduced.numberOfSections
        var standIns = 0
        for section in 0..<sectionCount {
            for item in Int(reduced.sectionStarts[section])..<Int(reduced.sectionStarts[section + 1]) {
                standIns += max(0, Int(lastSection[item]) - section)
            }
        }
        guard standIns > 0, standIns <= max(reduced.numberOfItems, limit) else { return nil }
        let count = reduced.numberOfItems + standIns
        var sectionStarts: [Int32] = [0]
        // Filled by index (no append's capacity and uniqueness checks), in place (no copies: a
        // big tree's peak memory).
        var childStarts = [Int32](repeating: 0, count: count + 1)
        var parentOfItem = [Int32](repeating: 0, count: count)
        var heights = [Double](repeating: 0, count: count)
        var reducedOfItem = [Int32](repeating: 0, count: count)
        var isStandIn = [Bool](repeating: false, count: count)
        /// Per item, the reduced item whose block it stands in for or is (for chains).
        let origin = PlacementBuffer<Int32>(repeating: 0, count: count)
        childStarts.withUnsafeMutableBufferPointer { childStarts in
            parentOfItem.withUnsafeMutableBufferPointer { parentOfItem in
                heights.withUnsafeMutableBufferPointer { heights in
                    reducedOfItem.withUnsafeMutableBufferPointer { reducedOfItem in
                        isStandIn.withUnsafeMutableBufferPointer { isStandIn in
                            reduced.childStarts.withUnsafeBufferPointer { reducedChildStarts in
                                var next = 0
                                func append(reduced item: Int32, parent: Int32, standIn: Bool) {
                                    parentOfItem[next] = parent
                                    heights[next] = reducedHeights[Int(item)]
                                    reducedOfItem[next] = standIn ? -1 : item
                                    isStandIn[next] = standIn
                                    origin[next] = item
                                    next += 1
                                }
                                for item in 0..<Int(reduced.sectionStarts[1]) { append(reduced: Int32(item), parent: -1, standIn: false) }
                                sectionStarts.append(Int32(next))
                                // Each section lists the children of the previous one's items in order: a
                                // real item's real children, or the next stand-in of its block's chain (a
                                // block is a leaf, so never both).
                                for section in 1..<max(1, sectionCount) {
                                    for parent in Int(sectionStarts[section - 1])..<Int(sectionStarts[section]) {
                                        childStarts[parent] = Int32(next)
                                        let source = Int(origin[parent])
                                        if !isStandIn[parent] {
                                            for child in reducedChildStarts[source]..<reducedChildStarts[source + 1] {
                                                append(reduced: child, parent: Int32(parent), standIn: false)
                                            }
                                        }
                                        if Int(lastSection[source]) >= section { append(reduced: Int32(source), parent: Int32(parent), standIn: true) }
                                    }
                                    sectionStarts.append(Int32(next))
                                }
                                for item in Int(sectionStarts[sectionCount - 1])...count { childStarts[item] = Int32(count) }
                            }
                        }
                    }
                }
            }
        }
        columns = PlacementColumns(sectionStarts: sectionStarts, childStarts: childStarts, parentOfItem: parentOfItem)
        self.heights = heights
        self.reducedOfItem = reducedOfItem
        self.isStandIn = isStandIn
    }
}
