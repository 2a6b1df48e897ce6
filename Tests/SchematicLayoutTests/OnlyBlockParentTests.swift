import Hierarchy
@testable import SchematicLayout
import Testing

/// A parent whose only child is a block stands by the block's members (its first panel's rows),
/// not at its middle, and a parent further up that this takes out of its children's span
/// follows to their middle (`CompactPlacement.centreParentsOnOnlyBlocks`).
@Suite struct OnlyBlockParentTests {
    /// A with children B and C; B's only child E is 300 tall, C's only child D is a block 800
    /// tall whose members begin and end at `memberEnds` from its middle. Items: A 0, B 1, C 2,
    /// E 3, D 4.
    func centers(memberEnds: (first: Double, last: Double)) throws -> [Double] {
        let columns = PlacementColumns(sectionStarts: [0, 1, 3, 5], childStarts: [1, 3, 4, 5, 5, 5], parentOfItem: [-1, 0, 0, 1, 2])
        var ends = CompactPlacement.MemberEnds()
        ends.append(item: 4, first: memberEnds.first, last: memberEnds.last)
        return try #require(CompactPlacement.centers(of: columns, heights: [30, 30, 30, 300, 800], padding: 20, memberEnds: ends))
    }

    @Test func theParentAndTheOneAboveFollowTheFirstPanel() throws {
        let c = try centers(memberEnds: (-300, -300))
        #expect(abs(c[2] - (c[4] - 300)) < 0.01, "C at \(c[2]), its block's members at \(c[4] - 300)")
        #expect(abs(c[0] - (c[1] + c[2]) / 2) < 0.01, "A at \(c[0]), its children's middle \((c[1] + c[2]) / 2)")
        // Members around the block's middle: C stays level with it.
        let level = try centers(memberEnds: (-150, 150))
        #expect(abs(level[2] - level[4]) < 0.01)
    }
}
