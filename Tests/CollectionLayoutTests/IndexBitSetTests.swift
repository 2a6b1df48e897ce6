import CollectionLayout
import Testing

@Suite struct IndexBitSetTests {
    @Test func holdsMembersOnceInAscendingOrder() {
        var set = IndexBitSet()
        #expect(set.isEmpty)
        // Each insertion says whether the member was new.
        let inserted = [130, 2, 130, 63, 64].map { set.insert($0) }
        #expect(inserted == [true, true, false, true, true])
        #expect(set.count == 4)
        #expect(Array(set) == [2, 63, 64, 130])
        #expect(set.contains(64) && !set.contains(65) && !set.contains(-1) && !set.contains(10_000))
    }

    @Test func unionsAndEqualityIgnoreEmptyWords() {
        var small: IndexBitSet = [1, 3]
        let large: IndexBitSet = [3, 200]
        small.formUnion(large)
        #expect(Array(small) == [1, 3, 200])
        #expect(small.count == 3)
        var grown: IndexBitSet = [500]
        grown.formUnion([1])
        var shrunk = IndexBitSet([1])
        #expect(grown != shrunk)
        shrunk.insert(500)
        #expect(grown == shrunk)
        #expect(IndexBitSet([7]) == IndexBitSet([7]))
        #expect(IndexBitSet([7]) != IndexBitSet([8]))
    }
}
