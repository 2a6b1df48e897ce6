import Hierarchy
@testable import SchematicLayout
import Testing
import TestSupport

/// Beyond 50,000 items the compact placement centres with three sweeps, however many are asked
/// for; smaller trees take every sweep asked for.
@Suite struct CompactSweepCountTests {
    func centers(items: Int, sweeps: Int) throws -> [Double] {
        var generator = SplitMix64(seed: 14)
        let sections = try SectionedTree(RandomTrees.forest(count: items, using: &generator))
        let heights = (0..<sections.numberOfItems).map { Double(20 + $0 % 3 * 10) }
        return try #require(CompactPlacement.centers(of: PlacementColumns(sections), heights: heights, padding: 16, sweeps: sweeps))
    }

    @Test func bigTreesStopAfterThreeSweeps() throws {
        let count = 50_001
        let twelve = try centers(items: count, sweeps: 12)
        #expect(twelve == (try centers(items: count, sweeps: 3)))
        #expect(twelve != (try centers(items: count, sweeps: 2)))
    }

    @Test func smallTreesTakeEverySweep() throws {
        #expect((try centers(items: 2_000, sweeps: 12)) != (try centers(items: 2_000, sweeps: 3)))
        #expect(CompactPlacement.sweepCount(count: 50_000, requested: 12) == 12)
        #expect(CompactPlacement.sweepCount(count: 50_001, requested: 12) == 3)
        #expect(CompactPlacement.sweepCount(count: 50_001, requested: 2) == 2)
    }
}
