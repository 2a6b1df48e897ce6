import CollectionLayout
import Testing

/// Where scrolling stops: the protocol's default, and the snapping helper on a list whose
/// cells are 24 tall, 8 apart (centres at y 20, 52, 84, 116, 148, …), 200 wide.
@Suite struct TargetContentOffsetTests {
    func list() -> OneColumnListLayout {
        let layout = OneColumnListLayout(itemCount: 10)
        layout.prepare()
        return layout
    }

    @Test func layoutsThatDoNotSnapKeepTheProposedOffset() {
        #expect(list().targetContentOffset(forProposedContentOffset: Point(x: 3, y: 7), boundsSize: Size(width: 10, height: 10))
            == Point(x: 3, y: 7))
    }

    @Test(arguments: [
        (Point(x: 0, y: 100), Point(x: 0, y: 91)),      // centre y 125: the cell at 116
        (Point(x: -50, y: 0), Point(x: 0, y: -5)),      // centre (50, 25): the first cell, x centred too
        (Point(x: 0, y: 5000), Point(x: 0, y: 283)),    // far below: the last cell (centre 308)
    ])
    func theNearestCellIsCentred(proposed: Point, expected: Point) {
        #expect(list().offsetCenteringNearestCell(toProposedContentOffset: proposed, boundsSize: Size(width: 200, height: 50)) == expected)
    }

    @Test func withoutCellsTheProposedOffsetStands() {
        let empty = OneColumnListLayout(itemCount: 0)
        empty.prepare()
        #expect(empty.offsetCenteringNearestCell(toProposedContentOffset: Point(x: 4, y: 2), boundsSize: Size(width: 9, height: 9))
            == Point(x: 4, y: 2))
    }
}
