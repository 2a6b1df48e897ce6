import CollectionLayout
import Testing
import TestSupport

@Suite struct SpatialIndexTests {
    /// A mix of rectangles: ordinary boxes, points, horizontal and vertical lines, boxes on a
    /// whole-number grid (so that edges meet exactly), and huge ones spanning many buckets.
    private func randomBoxes(_ count: Int, world: Double, using generator: inout SplitMix64) -> [Rect] {
        (0..<count).map { _ in
            let x = Double.random(in: -world / 10...world, using: &generator)
            let y = Double.random(in: -world / 10...world, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: return Rect(x: x, y: y, width: 0, height: 0)
            case 1: return Rect(x: x, y: y, width: Double.random(in: 0...world / 5, using: &generator), height: 0)
            case 2: return Rect(x: x, y: y, width: 0, height: Double.random(in: 0...world / 5, using: &generator))
            case 3: return Rect(x: x, y: y, width: Double.random(in: world / 4...world, using: &generator),
                                height: Double.random(in: world / 4...world, using: &generator))
            case 4, 5: return Rect(x: x.rounded(), y: y.rounded(), width: Double(Int.random(in: 0...3, using: &generator)),
                                   height: Double(Int.random(in: 0...3, using: &generator)))
            default: return Rect(x: x, y: y, width: Double.random(in: 0...world / 20, using: &generator),
                                 height: Double.random(in: 0...world / 20, using: &generator))
            }
        }
    }

    /// Queries of every kind: points, lines, exactly an element's box, whole-number edges,
    /// huge ones, ones outside everything.
    private func randomQuery(_ boxes: [Rect], world: Double, using generator: inout SplitMix64) -> Rect {
        let x = Double.random(in: -world / 5...world * 1.1, using: &generator)
        let y = Double.random(in: -world / 5...world * 1.1, using: &generator)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return Rect(x: x, y: y, width: 0, height: 0)
        case 1: return boxes.isEmpty ? .zero : boxes[Int.random(in: 0..<boxes.count, using: &generator)]
        case 2: return Rect(x: x.rounded(), y: y.rounded(), width: Double(Int.random(in: 0...4, using: &generator)),
                            height: Double(Int.random(in: 0...4, using: &generator)))
        case 3: return Rect(x: -world, y: -world, width: 4 * world, height: 4 * world)
        case 4: return Rect(x: world * 3, y: y, width: 10, height: 10)
        case 5: return Rect(x: x, y: y, width: Double.random(in: 0...world, using: &generator), height: 0)
        default: return Rect(x: x, y: y, width: Double.random(in: 0...world / 3, using: &generator),
                             height: Double.random(in: 0...world / 3, using: &generator))
        }
    }

    private func check(_ boxes: [Rect], queries: Int, world: Double, using generator: inout SplitMix64) {
        let index = SpatialIndex(boxes: boxes)
        if let first = boxes.first {
            #expect(index.bounds == boxes.dropFirst().reduce(first) { $0.union($1) })
        }
        for _ in 0..<queries {
            let rect = randomQuery(boxes, world: world, using: &generator)
            let expected = boxes.indices.filter { boxes[$0].intersects(rect) }
            let found = index.elements(intersecting: rect)
            #expect(found == expected, "\(rect): \(found.count) found, \(expected.count) expected")
            var streamed: [Int] = []
            index.forEachElement(intersecting: rect) { streamed.append($0) }
            #expect(streamed.count == Set(streamed).count, "each element once")
            #expect(streamed.sorted() == expected)
        }
    }

    @Test(arguments: [0, 1, 2, 7, 100, 1_500], [UInt64(1), 2, 3])
    func queriesEqualBruteForce(count: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let world = [10.0, 1_000, 100_000][Int(seed) % 3]
        let boxes = randomBoxes(count, world: world, using: &generator)
        check(boxes, queries: 300, world: world, using: &generator)
    }

    /// Degenerate sets: every box the same point, all on one vertical or horizontal line,
    /// tiny boxes very far apart (more buckets than the 2048 a side allowed), touching tiles.
    @Test func degenerateSetsEqualBruteForce() {
        var generator = SplitMix64(seed: 99)
        let samePoint = [Rect](repeating: Rect(x: 5, y: 5, width: 0, height: 0), count: 50)
        check(samePoint, queries: 100, world: 10, using: &generator)
        #expect(SpatialIndex(boxes: samePoint).elements(intersecting: Rect(x: 5, y: 5, width: 0, height: 0)) == Array(0..<50))
        let column = (0..<200).map { Rect(x: 3, y: Double($0) * 2, width: 0, height: 1) }
        check(column, queries: 200, world: 400, using: &generator)
        let row = (0..<200).map { Rect(x: Double($0), y: -7, width: 1, height: 0) }
        check(row, queries: 200, world: 200, using: &generator)
        let far = (0..<3_000).map { Rect(x: Double($0 % 60) * 1e5, y: Double($0 / 60) * 1e5, width: 1, height: 1) }
        check(far, queries: 200, world: 6e6, using: &generator)
        // Tiles sharing edges: a query on a shared edge finds both sides.
        let tiles = (0..<400).map { Rect(x: Double($0 % 20) * 10, y: Double($0 / 20) * 10, width: 10, height: 10) }
        check(tiles, queries: 300, world: 200, using: &generator)
        #expect(SpatialIndex(boxes: tiles).elements(intersecting: Rect(x: 10, y: 10, width: 0, height: 0)) == [0, 1, 20, 21])
        #expect(SpatialIndex(boxes: []).elements(intersecting: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    }
}
