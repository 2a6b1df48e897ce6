/// Room kept between a block whose line runs before it (a grid of several sub-columns, or
/// panels: the line over it, `SchematicLayout.blockBusRise` off its first members) and the
/// block before it in its column.
///
/// Top to bottom, a list in single file, and a hanging list in a panel, is entered along a line
/// past its members' far side, a few pixels off them; a grid block's bus runs a few pixels
/// before its first members. Where the two are neighbours along a column (a block, or the
/// stand-ins of one reaching on into later columns), the lines ran 8 px apart for as long as
/// both lists and read as one: a folder's files as the next folder's (`dpkg -L graphviz` top to
/// bottom: `lefty`'s files and `man1`'s grid; vim's `syntax` and `autoload`). One item padding
/// before the second block keeps them 24 px apart.
///
/// Either way, the line over a block ran 12 px under the boxes before it in its column (4 px
/// over its own): under another block's last row it closed that block like a frame, and a
/// member reached along it read as a child of the boxes above (a review's `/usr/share/vim`:
/// `compiler`'s last row over `doc`'s line; `/usr/lib/postgresql`: `resowner` as `misc`'s).
/// Half an item padding more keeps it 20 px under them.
extension WrapPlan {
    /// Whether a block's line runs past its far side, top to bottom: a list in single file, or
    /// a nesting block with a hanging list (whose line runs past the list's far side, in single
    /// file or not: `SchematicLayout.nestedConnector`) reaching its far edge. `listReach` is
    /// `farSideListReach(rise:)`.
    func hasFarSideLine(_ block: Int, listReach: [Double]) -> Bool {
        guard hangsLists else { return false }
        if offsetStart[block] < 0 { return isSingleFile(block) }
        return !listReach.isEmpty && listReach[block] >= heights[block] - 0.5
    }

    /// Per block, the farthest line a hanging list runs along past its far side (from the
    /// block's top, `rise` beyond the list), or empty where no list hangs.
    func farSideListReach(rise: Double) -> [Double] {
        guard !listFirst.isEmpty else { return [] }
        var reach = [Double](repeating: -.infinity, count: blockCount)
        for list in 0..<listFirst.count {
            let block = Int(blockOfItem[Int(listFirst[list])])
            reach[block] = max(reach[block], listTops[list] + listHeights[list] + rise)
        }
        return reach
    }

    /// The room after a far side's line: one item padding.
    static func roomAfterFarSideLine(padding: Double) -> Double { padding }

    /// The room before a block's own line over it: half an item padding.
    static func roomBeforeLineOver(padding: Double) -> Double { padding / 2 }

    /// Whether a line runs over a block, before its first members (the corner its parent enters
    /// at: `WrappedPlacement`), that needs the room after a block before it: a grid of several
    /// sub-columns or a nesting block of several panels, but a list in single file (entered
    /// past its far side) and a row hanging from its line, left to right (`isCombed`: each such
    /// row's line is entered from its parent's side; a folder's rows stack so by the dozen, and
    /// the room drew Python's dist-packages 1.5 times as large).
    func hasLineOver(_ block: Int) -> Bool { columns[block] > 1 && !isSingleFile(block) && !isCombed(block) }

    /// Adds the room before every block that has, in some column, a block before it (it or a
    /// stand-in of it after a block or a stand-in of one): `roomAfterFarSideLine` after a block
    /// with a far side's line, else `roomBeforeLineOver` where a line runs over it,
    /// to its placed height and its stand-ins' (which share its centre and so must share its
    /// height). The room goes before the block whose bus runs before it, not after the list: a
    /// list in single file has its members' ends at its middle, where its parent must stay; a
    /// block whose bus runs before it spans several rows or panels, which keep its parent
    /// inside them. `placed` are the columns placed: with stand-ins where blocks overhang
    /// (`reducedOfPlaced` maps them to reduced items, -1 for a stand-in; `isStandIn` marks
    /// them), or the reduced columns (both empty). Returns, per block, the room before its
    /// members (they start that much after its placed top), or empty where none has any; the
    /// caller adds it to the reduced heights where those are another array. O(placed items).
    func keepRoomBeforeBlocks(placed: PlacementColumns, heights: inout [Double], reducedOfPlaced: [Int32],
                              isStandIn: [Bool], itemOfReduced: [Int32], padding: Double) -> [Double] {
        guard blockCount > 0 else { return [] }
        let listReach = hangsLists ? farSideListReach(rise: padding * SchematicLayout.blockBusRise) : []
        let count = placed.numberOfItems, mapped = !reducedOfPlaced.isEmpty
        // Per placed item, the block it is or stands in for (a stand-in is the only child of
        // the block or stand-in before it in its chain), or -1.
        var blockOfPlaced = [Int32](repeating: -1, count: count)
        for item in 0..<count {
            if mapped && isStandIn[item] { continue }
            let reduced = mapped ? Int(reducedOfPlaced[item]) : item
            let block = blockOfItem[Int(itemOfReduced[reduced])]
            guard block >= 0 else { continue }
            blockOfPlaced[item] = block
            guard mapped else { continue }
            var link = item
            while placed.childStarts[link + 1] - placed.childStarts[link] == 1, isStandIn[Int(placed.childStarts[link])] {
                link = Int(placed.childStarts[link])
                blockOfPlaced[link] = block
            }
        }
        let afterFarSide = WrapPlan.roomAfterFarSideLine(padding: padding), beforeLine = WrapPlan.roomBeforeLineOver(padding: padding)
        var rooms = [Double](repeating: 0, count: blockCount), any = false
        for section in 0..<placed.numberOfSections {
            let start = Int(placed.sectionStarts[section]), end = Int(placed.sectionStarts[section + 1])
            guard end - start > 1 else { continue }
            for item in start..<end - 1 {
                let before = Int(blockOfPlaced[item]), next = Int(blockOfPlaced[item + 1])
                guard next >= 0, next != before else { continue }
                var room = 0.0
                if before >= 0 && hasFarSideLine(before, listReach: listReach) && !isSingleFile(next) {
                    room = afterFarSide
                } else if before >= 0 && hasLineOver(next) {
                    room = beforeLine
                }
                if room > rooms[next] { rooms[next] = room; any = true }
            }
        }
        guard any else { return [] }
        for item in 0..<count where blockOfPlaced[item] >= 0 { heights[item] += rooms[Int(blockOfPlaced[item])] }
        return rooms
    }
}

