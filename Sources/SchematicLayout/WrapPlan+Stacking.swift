/// Blocks of leaves whose sub-columns are stacked each on its own (left to right): a member
/// sits a padding under the one before it in its sub-column, not in a row as tall as the
/// tallest member across the block. A folder's files whose names wrap to two or three lines
/// (symbolic links, versioned libraries) made every row of a grid as tall as its tallest
/// name: `ls /usr/lib/x86_64-linux-gnu` drew a block 4,273 px tall where its sub-columns
/// stacked need 3,052. Each sub-column has its own bus, so nothing reads across a row.
///
/// Top to bottom a sub-column is a row of the drawing and a "row" a list's column: stacked,
/// the lists would break apart, so only horizontal drawings stack.
extension WrapPlan {
    /// The members' split into `columns` sub-columns by their heights, in order: sub-column
    /// `k` begins at the first member whose middle lies past `k` shares of the heights (the
    /// members' heights with their paddings over the sub-columns), so each is a share tall
    /// within about a member wherever the tall ones fall (a share taken one sub-column at a time
    /// drifted: 394, 414, 442 and 310 px where 394 will do); every sub-column keeps a member.
    /// Returns each sub-column's first member (from the run's first) and the run's length at
    /// the end. O(members).
    static func stackedSplit(of members: Range<Int>, columns: Int, heights: [Double], padding: Double) -> [Int32] {
        let count = members.count
        var total = 0.0
        for member in members { total += heights[member] + padding }
        var firsts = [Int32](repeating: Int32(count), count: columns + 1)
        firsts[0] = 0
        var column = 1, before = 0.0
        for index in 0..<count where column < columns {
            let extent = heights[members.lowerBound + index] + padding, middle = before + extent / 2
            while column < columns && middle >= Double(column) * total / Double(columns) {
                firsts[column] = Int32(index)
                column += 1
            }
            before += extent
        }
        // Each sub-column at least one member, and one left for each after it.
        for column in 1..<max(columns, 1) { firsts[column] = max(firsts[column], firsts[column - 1] + 1) }
        for column in stride(from: columns - 1, to: 0, by: -1) { firsts[column] = min(firsts[column], Int32(count - (columns - column))) }
        return firsts
    }

    /// Whether `members` differ in height (else stacking would not shorten their grid).
    static func differInHeight(_ members: Range<Int>, heights: [Double]) -> Bool {
        guard let first = members.first else { return false }
        return members.contains { heights[$0] != heights[first] }
    }

    /// The size of `members` stacked in the sub-columns of `split` (`stackedSplit`).
    static func stackedSize(of members: Range<Int>, split: [Int32], widths: [Double], heights: [Double], padding: Double,
                            gutter: Double) -> (width: Double, height: Double) {
        var height = 0.0, width = 0.0
        for column in 0..<split.count - 1 {
            var extent = 0.0, widest = 0.0
            for member in members.lowerBound + Int(split[column])..<members.lowerBound + Int(split[column + 1]) {
                extent += heights[member] + padding
                widest = max(widest, widths[member])
            }
            height = max(height, extent - padding)
            width += gutter + widest
        }
        return (width, height)
    }

    /// Lays out `members` stacked in the sub-columns of `split`: appends each member's top and
    /// height to `rowTops`/`rowHeights` (one entry per member) and each sub-column's left
    /// (after its gutter) and width.
    static func appendStacked(of members: Range<Int>, split: [Int32], widths: [Double], heights: [Double], padding: Double,
                              gutter: Double, rowTops: inout [Double], rowHeights: inout [Double], columnLefts: inout [Double],
                              columnWidths: inout [Double]) {
        var left = 0.0
        for column in 0..<split.count - 1 {
            var top = 0.0, widest = 0.0
            for member in members.lowerBound + Int(split[column])..<members.lowerBound + Int(split[column + 1]) {
                rowTops.append(top); rowHeights.append(heights[member])
                top += heights[member] + padding
                widest = max(widest, widths[member])
            }
            left += gutter
            columnLefts.append(left); columnWidths.append(widest)
            left += widest
        }
    }

    /// Where a block's leaves `members`, laid out as a grid of `columns` sub-columns and `grid`
    /// size, stack shorter by more than `padding`, and smaller (`differInHeight` first: a
    /// pass over them, no split made where all are of a height): their split and size.
    static func stacking(of members: Range<Int>, columns: Int, grid: (width: Double, height: Double), widths: [Double],
                         heights: [Double], padding: Double, gutter: Double) -> (split: [Int32], width: Double, height: Double)? {
        guard differInHeight(members, heights: heights) else { return nil }
        let split = stackedSplit(of: members, columns: columns, heights: heights, padding: padding)
        let size = stackedSize(of: members, split: split, widths: widths, heights: heights, padding: padding, gutter: gutter)
        guard size.height < grid.height - padding, size.width * size.height < grid.width * grid.height else { return nil }
        return (split, size.width, size.height)
    }

    /// Whether a block's sub-columns are stacked (`appendStacked`).
    @inline(__always)
    func isStacked(_ block: Int) -> Bool { stackStart[block] >= 0 }

    /// A stacked block's member's sub-column and place in it.
    @inline(__always)
    func stackedPosition(_ index: Int, inBlock block: Int) -> (column: Int, row: Int) {
        let start = Int(stackStart[block])
        // The last of the block's sub-columns whose first is at most `index`.
        let low = partitionPoint(1..<max(1, Int(columns[block]))) { Int(stackFirsts[start + $0]) > index } - 1
        return (low, index - Int(stackFirsts[start + low]))
    }
}
