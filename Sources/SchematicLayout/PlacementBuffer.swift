/// A fixed-size buffer of plain values for the placements' hot loops: reads and writes go
/// straight to memory, without copy-on-write or exclusivity checks, and the memory is freed
/// with the buffer.
final class PlacementBuffer<Element: BitwiseCopyable> {
    /// The first element; the loops index it directly.
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(repeating value: Element, count: Int) {
        self.count = count
        base = .allocate(capacity: max(1, count))
        base.initialize(repeating: value, count: count)
    }

    init(_ values: UnsafeBufferPointer<Element>) {
        count = values.count
        base = .allocate(capacity: max(1, count))
        if let source = values.baseAddress { base.initialize(from: source, count: count) }
    }

    /// A copy of the first `count` values at `source`.
    init(_ source: UnsafePointer<Element>, count: Int) {
        self.count = count
        base = .allocate(capacity: max(1, count))
        base.initialize(from: source, count: count)
    }

    deinit { base.deallocate() }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// The values as an array.
    var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Sets every value (the buffer keeps its count).
    func fill(_ value: Element) { base.update(repeating: value, count: count) }

    /// Copies another buffer of the same count.
    func copy(from other: PlacementBuffer<Element>) { base.update(from: other.base, count: count) }
}

/// Values of an array, read in place while the array's `withUnsafeBufferPointer` runs (the
/// placements' hot loops read a big tree's arrays without copying them). Never empty.
struct BorrowedValues<Element> {
    /// The first value; valid only while the array lends it.
    let base: UnsafePointer<Element>
    let count: Int

    init(_ values: UnsafeBufferPointer<Element>) {
        base = values.baseAddress!
        count = values.count
    }
}
