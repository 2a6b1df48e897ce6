#if canImport(Glibc)
import Glibc
#endif

/// How a one-shot render lets glibc's allocator keep the memory it frees.
///
/// Laying out and drawing a big tree allocates and frees many arrays of megabytes (a
/// 1,000,000-node tree: about 300 MB in all, under 210 MB at once). glibc maps each such array
/// afresh and unmaps it when it is freed, so every page is faulted in again by the next one
/// (about 1.5 µs a page on the benchmark machine: a tenth of the layout). Kept in the heap,
/// freed arrays are reused instead, and the peak stays that of the arrays alive at once.
enum HeapReuse {
    /// Allocations up to 1 GB come from the heap and freed memory is not returned to the system
    /// until the process ends. Only for runs that end when the drawing is written (not
    /// `--watch` or `serve`, which would keep their largest tree's memory).
    static func keepFreedMemory() {
        #if canImport(Glibc)
        // `mallopt` is not in the Glibc module (malloc.h): looked up by name.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(mmapThreshold, 1 << 30)
        _ = mallopt(trimThreshold, 1 << 30)
        #endif
    }

    /// malloc.h's M_MMAP_THRESHOLD and M_TRIM_THRESHOLD.
    private static let mmapThreshold: Int32 = -3
    private static let trimThreshold: Int32 = -1
}
