import CollectionLayout
import Hierarchy
import Testing
@testable import SchematicLayout

/// `WrapPlan.shapedRows` and `WrapEstimate.filledRows`: blocks shaped by their own size, and
/// widened into the room beside them without deepening the drawing.
@Suite struct WrapFillTests {
    @Test func shapedRowsFollowTheBlocksOwnSize() {
        // rows × pitch ≈ columns × slot: √(n · slot / pitch) rows.
        #expect(WrapPlan.shapedRows(length: 100, pitch: 50, slot: 200) == 20)
        #expect(WrapPlan.shapedRows(length: 16, pitch: 50, slot: 200) == 8)
        // Top to bottom a row costs a label's width: a small fan is one row (a list).
        #expect(WrapPlan.shapedRows(length: 3, pitch: 220, slot: 60) == 1)
        #expect(WrapPlan.shapedRows(length: 121, pitch: 220, slot: 60) == 6)
        #expect(WrapPlan.shapedRows(length: 2, pitch: 10, slot: 500) == 2)  // never more rows than members
        let limited = WrapPlan.grid(length: 10, limit: 4, shaped: nil), shaped = WrapPlan.grid(length: 10, limit: 12, shaped: 5)
        #expect(limited?.rows == 4 && limited?.columns == 3)  // balanced: 4, 4, 2
        #expect(shaped?.rows == 5 && shaped?.columns == 2)
        #expect(WrapPlan.grid(length: 10, limit: 12, shaped: nil) == nil)
        // A run shorter than `shortestGrid` wraps into one row, not sub-columns (a fan of 4 as
        // 2 × 2 read as parents and children); a list top to bottom keeps its sub-columns.
        #expect(WrapPlan.grid(length: 4, limit: 3, shaped: nil)! == (1, 4))
        #expect(WrapPlan.grid(length: 7, limit: 3, shaped: 2)! == (1, 7))
        #expect(WrapPlan.grid(length: 8, limit: 3, shaped: nil)! == (3, 3))
        #expect(WrapPlan.grid(length: 4, limit: 3, shaped: nil, longestList: 8)! == (2, 2))
        #expect(WrapPlan.grid(length: 6, limit: 2, shaped: 3, longestList: 6)! == (2, 3))
        // …but three never hang as two lines of two and one (the third under the first read as
        // its child): in single file.
        #expect(WrapPlan.grid(length: 3, limit: 4, shaped: nil, longestList: 6)! == (1, 3))
        #expect(WrapPlan.grid(length: 4, limit: 4, shaped: nil, longestList: 8)! == (2, 2))
    }

    @Test func filledBlocksUseTheRoomBesideThemWithoutDeepening() {
        // A root, then a 150-leaf run and a 14-leaf run in the next column, all 100 × 30.
        let count = 1 + 150 + 14
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.wrap = SchematicWrap.auto
        let estimate = WrapEstimate(runStart: [1, 151], runLength: [150, 14], runSection: [1, 1], sectionStarts: [0, 1, Int32(count)],
                                    widths: [Double](repeating: 100, count: count), heights: [Double](repeating: 30, count: count),
                                    gutter: 30, overhangs: true, configuration: configuration)
        let limit = 10
        let filled = estimate.filledRows(rowLimit: limit)
        #expect(filled[0] == 10)  // the big block sets the drawing's depth: 15 sub-columns of 10
        #expect(filled[1] == 1)   // the small one fits in one row beside it (14 ≤ 15 sub-columns)
        let unfilled = WrapPlan.grid(length: 14, limit: limit, shaped: WrapPlan.shapedRows(length: 14, pitch: 50, slot: 130))!
        #expect(unfilled.rows > 1)
        let blockRight: Double = 10 + 100 + 60 + 15 * 130
        #expect(abs(estimate.size(rowLimit: limit).depth - (blockRight + 10)) < 1e-9)
    }

    /// Top to bottom a block of one row is a list in single file, with no gutter before its
    /// first member (`appendGrid`'s `leadingGutter`): the estimate takes the drawing's depth
    /// (canonical) as the placed block's, not one gutter more.
    @Test func aListInSingleFileIsEstimatedWithoutALeadingGutter() throws {
        // A root, then 6 leaves of 100 × 30 in the next column, in one row of 6 sub-columns.
        let count = 1 + 6
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.wrap = SchematicWrap.auto
        for orientation in [SchematicOrientation.tb, .lr] {
            configuration.orientation = orientation
            let estimate = WrapEstimate(runStart: [1], runLength: [6], runSection: [1], sectionStarts: [0, 1, Int32(count)],
                                        widths: [Double](repeating: 100, count: count), heights: [Double](repeating: 30, count: count),
                                        gutter: 30, overhangs: true, configuration: configuration)
            var tops: [Double] = [], heights: [Double] = [], lefts: [Double] = [], widths: [Double] = []
            let grid = WrapPlan.appendGrid(of: 1..<7, rows: 1, columns: 6, widths: [Double](repeating: 100, count: count),
                                           heights: [Double](repeating: 30, count: count), padding: 20, gutter: 30,
                                           leadingGutter: orientation != .tb, rowTops: &tops, rowHeights: &heights,
                                           columnLefts: &lefts, columnWidths: &widths)
            #expect(grid.width == (orientation == .tb ? 6 * 130 - 30 : 6 * 130))
            #expect(lefts.first == (orientation == .tb ? 0 : 30))
            // Margin, root, section padding, the block, margin.
            #expect(estimate.size(rowLimit: 1).depth == 10 + 100 + 60 + grid.width + 10, "\(orientation)")
        }
    }

    /// A block's sub-columns are balanced: 37 leaves in 4 rows fill seven sub-columns of 4 and
    /// three of 3, in order down each, not nine of 4 and one leaf alone at the top of a tenth
    /// (XKB's 37 ways of switching layouts); the rows and sub-columns are sized by their members.
    @Test func subColumnsAreBalanced() throws {
        let (rows, columns) = try #require(WrapPlan.grid(length: 37, limit: 4, shaped: nil))
        #expect(rows == 4 && columns == 10)
        var lengths = [Int](repeating: 0, count: columns), previous = (column: 0, row: -1)
        for index in 0..<37 {
            let position = WrapPlan.gridPosition(index, count: 37, rows: rows, columns: columns)
            // Down each sub-column, then across.
            #expect(position.column == previous.column ? position.row == previous.row + 1
                    : position.column == previous.column + 1 && position.row == 0)
            lengths[position.column] += 1
            previous = position
        }
        #expect(lengths == [4, 4, 4, 4, 4, 4, 4, 3, 3, 3])
        // Full grids and single rows are as before.
        #expect(WrapPlan.gridPosition(11, count: 12, rows: 4, columns: 3) == (2, 3))
        #expect(WrapPlan.gridPosition(5, count: 6, rows: 1, columns: 6) == (5, 0))
        // The widest member of the eighth sub-column (index 28, the first of the short ones) sets its width.
        var widths = [Double](repeating: 10, count: 37)
        widths[28] = 50
        var tops: [Double] = [], heights: [Double] = [], lefts: [Double] = [], columnWidths: [Double] = []
        _ = WrapPlan.appendGrid(of: 0..<37, rows: rows, columns: columns, widths: widths, heights: [Double](repeating: 20, count: 37),
                                padding: 10, gutter: 5, rowTops: &tops, rowHeights: &heights, columnLefts: &lefts,
                                columnWidths: &columnWidths)
        #expect(columnWidths == [10, 10, 10, 10, 10, 10, 10, 50, 10, 10])
    }

    /// Stacked sub-columns (`WrapPlan.stackedSplit`): every sub-column keeps a member, in
    /// order; of equal heights the block stays a grid (stacking would not shorten it); of
    /// unequal ones each sub-column holds its share of the heights, and the block is shorter
    /// than its grid, each member a padding under the one before it.
    @Test func subColumnsStackByHeight() throws {
        for length in [2, 5, 12, 37, 100, 1_001] {
            for limit in [1, 2, 3, 4, 7, 10, 31] {
                guard let (rows, columns) = WrapPlan.grid(length: length, limit: limit, shaped: nil) else { continue }
                for tall in [[Int](), [0], [length - 1], Array(0..<length / 2)] {
                    var heights = [Double](repeating: 30, count: length)
                    for member in tall { heights[member] = 900 }
                    let split = WrapPlan.stackedSplit(of: 0..<length, columns: columns, heights: heights, padding: 20)
                    #expect(split.count == columns + 1 && split.first == 0 && split.last == Int32(length))
                    #expect(zip(split, split.dropFirst()).allSatisfy { $0 < $1 }, "\(length) in \(columns), tall \(tall.count): \(split)")
                }
                let grid = (width: Double(columns) * 130, height: Double(rows) * 50 - 20)
                #expect(WrapPlan.stacking(of: 0..<length, columns: columns, grid: grid, widths: [Double](repeating: 100, count: length),
                                          heights: [Double](repeating: 30, count: length), padding: 20, gutter: 30) == nil)
            }
        }
        // Forty names, every fourth three lines tall (66) and the rest one (18), in 4 sub-columns:
        // in the grid every other row holds a tall name (5 rows of 66, 5 of 18); stacked, each
        // sub-column holds its share of the heights.
        let heights = (0..<40).map { $0 % 4 == 3 ? 66.0 : 18.0 }, widths = [Double](repeating: 100, count: 40)
        var gridTops: [Double] = [], gridHeights: [Double] = [], gridLefts: [Double] = [], gridWidths: [Double] = []
        let grid = WrapPlan.appendGrid(of: 0..<40, rows: 10, columns: 4, widths: widths, heights: heights, padding: 10, gutter: 20,
                                       rowTops: &gridTops, rowHeights: &gridHeights, columnLefts: &gridLefts, columnWidths: &gridWidths)
        #expect(grid.height == 510.0)  // 5 × 66 + 5 × 18 + 9 paddings of 10
        let stacked = try #require(WrapPlan.stacking(of: 0..<40, columns: 4, grid: grid, widths: widths, heights: heights,
                                                     padding: 10, gutter: 20))
        let firsts = stacked.split
        var tops: [Double] = [], rowHeights: [Double] = [], lefts: [Double] = [], columnWidths: [Double] = []
        WrapPlan.appendStacked(of: 0..<40, split: firsts, widths: widths, heights: heights, padding: 10, gutter: 20, rowTops: &tops,
                               rowHeights: &rowHeights, columnLefts: &lefts, columnWidths: &columnWidths)
        #expect(firsts.count == 5 && firsts.first == 0 && firsts.last == 40)
        #expect(zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 })
        // All the heights with their paddings over four sub-columns: 40 × 10 + 30 × 18 + 10 × 66 = 1,600,
        // so about 400 each; none is taller than that by more than its last member.
        #expect(stacked.height < 400 + 66 && stacked.height < grid.height * 0.8, "\(stacked.height)")
        #expect(stacked.width == grid.width)
        for column in 0..<4 {
            let members = Int(firsts[column])..<Int(firsts[column + 1])
            #expect(tops[members.lowerBound] == 0)
            for member in members.dropFirst() { #expect(tops[member] == tops[member - 1] + heights[member - 1] + 10) }
            #expect(tops[members.upperBound - 1] + heights[members.upperBound - 1] <= stacked.height)
        }
        #expect(rowHeights == heights)
    }

    /// Where blocks cannot overhang (items with additional parents), a block fills only its own
    /// column's width: the room to the drawing's right edge is no room the placement gives it.
    @Test func filledBlocksWithoutOverhangKeepToTheirColumn() {
        // A root; a 150-leaf run and a folder; the folder's 14 leaves in the next column; all 100 × 30.
        let count = 1 + 151 + 14
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.wrap = SchematicWrap.auto
        func estimate(overhangs: Bool) -> WrapEstimate {
            WrapEstimate(runStart: [1, 152], runLength: [150, 14], runSection: [1, 2], sectionStarts: [0, 1, 152, Int32(count)],
                         widths: [Double](repeating: 100, count: count), heights: [Double](repeating: 30, count: count),
                         gutter: 30, overhangs: overhangs, configuration: configuration)
        }
        let limit = 10
        let shaped = WrapPlan.grid(length: 14, limit: limit, shaped: WrapPlan.shapedRows(length: 14, pitch: 50, slot: 130))!.rows
        // Overhanging, the big block reaches over the next column: the small one fills that room.
        #expect(estimate(overhangs: true).filledRows(rowLimit: limit)[1] < shaped)
        // Not overhanging, the big block widens its own column: the small one keeps its shape.
        #expect(estimate(overhangs: false).filledRows(rowLimit: limit)[1] == shaped)
        // And the drawing is as deep as the widened column and the next one.
        let depth = estimate(overhangs: false).size(rowLimit: limit).depth
        let columnsOnly: Double = 10 + 100 + 60 + 15 * 130 + 60 + 130
        #expect(depth > columnsOnly)
    }
}

/// `WrapPlan.fillsBlocks`: a fan cut into several nesting blocks by subtrees too big to nest
/// has its narrower blocks laid out again with more panels, up to its broadest block.
extension WrapFillTests {
    /// A class tree's root: a fan of 80 small subclass trees (one to three subclasses each),
    /// cut after the 60th and the 70th by a subclass tree of 121 classes (too big to nest),
    /// so its runs of small subtrees make blocks of 60, 10 and 10.
    func cutFan() -> (PlacementColumns, [Double], [Double]) {
        var tree = Tree()
        let root = tree.addNode(label: "object")
        func big(_ name: String) {
            let top = tree.addNode(label: name, parent: root)
            for branch in 0..<10 {
                let middle = tree.addNode(label: "\(name) \(branch)", parent: top)
                for leaf in 0..<11 { _ = tree.addNode(label: "\(name) \(branch).\(leaf)", parent: middle) }
            }
        }
        for index in 0..<80 {
            if index == 60 { big("A") }
            if index == 70 { big("B") }
            let child = tree.addNode(label: "class \(index)", parent: root)
            for sub in 0..<(1 + index % 4) { _ = tree.addNode(label: "sub \(index).\(sub)", parent: child) }
        }
        let sections = try! SectionedTree(tree)
        let count = sections.parentOfItem.count
        return (PlacementColumns(sections), [Double](repeating: 100, count: count), [Double](repeating: 30, count: count))
    }

    @Test(arguments: [SchematicOrientation.lr, .tb])
    func narrowerNestingBlocksFillTheirFansBreadth(orientation: SchematicOrientation) throws {
        let (columns, widths, heights) = cutFan()
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 60, sectionMargin: 10)
        configuration.orientation = orientation
        configuration.wrap = .auto
        func plan(fills: Bool) -> WrapPlan? {
            WrapPlan(sections: columns, widths: widths, heights: heights, configuration: configuration, rowLimit: 10,
                     smallestFan: 12, nestingShape: 1, nestingReach: .smallSubtrees, fillsBlocks: fills)
        }
        let plain = try #require(plan(fills: false)), filled = try #require(plan(fills: true))
        #expect(plain.nestsFolders && plain.fillingDiffers && !plain.fillsBlocks && filled.fillsBlocks)
        #expect(plain.blockCount == 3 && filled.blockCount == 3)
        let broadest = plain.widths.max()!
        #expect(plain.widths.contains { $0 < broadest * WrapPlan.fillingShare }, "the test fan must leave room: \(plain.widths)")
        for block in 0..<3 {
            // No block grows beyond the broadest or deeper; the narrow ones become shallower.
            #expect(filled.widths[block] <= broadest + 1e-9)
            #expect(filled.heights[block] <= plain.heights[block] + 1e-9)
            if plain.widths[block] < broadest * WrapPlan.fillingShare {
                #expect(filled.heights[block] < plain.heights[block], "block \(block): \(plain.heights[block]) -> \(filled.heights[block])")
                #expect(filled.columns[block] > plain.columns[block])
            }
        }
    }
}
