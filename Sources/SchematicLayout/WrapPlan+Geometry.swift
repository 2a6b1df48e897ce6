/// What a placement reads of a plan (`PlacementMemo`): its geometry, compared to the last bit.
extension WrapPlan {
    /// A hash of a plan's blocks and lists (their counts and sizes), cheap beside a placement:
    /// plans of different geometry almost always differ there, and `sameGeometry` decides.
    var geometryHash: Int {
        var hasher = Hasher()
        for values in int32Geometry { hasher.combine(values.count) }
        for values in doubleGeometry { hasher.combine(values.count) }
        for block in firstItem.indices {
            hasher.combine(firstItem[block]); hasher.combine(memberCount[block]); hasher.combine(rows[block])
            hasher.combine(columns[block]); hasher.combine(widths[block].bitPattern); hasher.combine(heights[block].bitPattern)
        }
        for list in listRows.indices { hasher.combine(listRows[list]); hasher.combine(listHeights[list].bitPattern) }
        hasher.combine(nestsFolders)
        return hasher.finalize()
    }

    /// Whether `other` lays out the same blocks to the last bit: every stored array and
    /// constant but the choices that made the plan (row limit, smallest fan, panel height,
    /// reach and the block options), which a placement does not read.
    func sameGeometry(as other: WrapPlan) -> Bool {
        func same(_ a: [Double], _ b: [Double]) -> Bool { a.elementsEqual(b) { $0.bitPattern == $1.bitPattern } }
        return gutter.bitPattern == other.gutter.bitPattern && innerGap.bitPattern == other.innerGap.bitPattern
            && hangsLists == other.hangsLists && shortestHangingList == other.shortestHangingList
            && nestsFolders == other.nestsFolders && deepestLevels == other.deepestLevels
            && int32Geometry.elementsEqual(other.int32Geometry)
            && zip(doubleGeometry, other.doubleGeometry).allSatisfy { same($0, $1) }
            && listRowMiddles.elementsEqual(other.listRowMiddles) {
                $0.first.bitPattern == $1.first.bitPattern && $0.last.bitPattern == $1.last.bitPattern
            }
    }

    /// The stored integer arrays of the geometry, in a fixed order.
    private var int32Geometry: [[Int32]] {
        [firstItem, memberCount, rows, columns, rowStart, columnStart, blockOfItem, nestLevels, levelStart, levelFirst,
         levelCount, offsetStart, panelLevelStart, memberColumns, memberLevels, listFirst, listCount, listRows,
         listColumnStart, listOfItem, stackStart, stackFirsts]
    }

    /// The stored floating-point arrays of the geometry, in a fixed order.
    private var doubleGeometry: [[Double]] {
        [rowOffsets, rowHeights, columnLefts, columnWidths, widths, heights, memberXs, memberYs, levelLefts, levelWidths,
         listLefts, listTops, listHeights, listColumnLefts]
    }
}
