import CollectionLayout
import Dispatch

/// Writes a long stream of elements on every core, in stream order.
///
/// The caller's thread walks the layout (layouts are not thread-safe: queries refresh lazy
/// state) and hands batches of attributes to worker threads, each of which writes its batch
/// into chunks of its own; the chunks reach the output in stream order, so the bytes are
/// exactly those one thread would write. Drawings of one batch or less never leave the
/// caller's thread.
struct ParallelElementWriter: Sendable {
    /// Elements per batch: large enough that a batch costs far more than its hand-over.
    var batchSize = 8192
    /// Batches written or being written that the output has not taken yet: bounds memory.
    var batchesInFlight = 4

    init(batchSize: Int = 8192, batchesInFlight: Int = 4) {
        precondition(batchSize > 0 && batchesInFlight > 0)
        self.batchSize = batchSize
        self.batchesInFlight = batchesInFlight
    }

    /// Writes everything on the caller's thread.
    static let oneThread = ParallelElementWriter(batchSize: .max)

    /// A batch's chunks, filled by its worker; the semaphore says they are complete.
    private final class WrittenBatch: @unchecked Sendable {
        // Safe without a lock: the worker writes `chunks` before signalling `done`, and the
        // caller's thread reads them only after waiting on it.
        let done = DispatchSemaphore(value: 0)
        var chunks: [[UInt8]] = []
    }

    /// Calls `enumerate` (which walks the elements in order on this thread), passes each element
    /// to `keep` here (to filter it, or to note it for later), and writes each kept element with
    /// `write`, given its position among the kept ones, into `output`.
    func write(
        _ enumerate: ((LayoutAttributes) -> Void) -> Void,
        keep: (LayoutAttributes) -> Bool = { _ in true },
        into output: inout OutputBuffer,
        write: @escaping @Sendable (LayoutAttributes, Int, inout OutputBuffer) -> Void
    ) {
        var batch: [LayoutAttributes] = []
        batch.reserveCapacity(min(batchSize, 1 << 16))
        var batchStart = 0
        // Oldest first; at most `batchesInFlight`, so removing the first is cheap.
        var pending: [WrittenBatch] = []

        func takeOldest(into output: inout OutputBuffer) {
            let written = pending.removeFirst()
            written.done.wait()
            output.append(chunks: written.chunks)
        }

        // `keep` is only called during `enumerate`; the exclusivity rule for two non-escaping
        // closures cannot see that.
        withoutActuallyEscaping(keep) { keep in enumerate { attributes in
            guard keep(attributes) else { return }
            batch.append(attributes)
            guard batch.count == batchSize else { return }
            let written = WrittenBatch()
            let elements = batch, first = batchStart
            DispatchQueue.global().async {
                var buffer = OutputBuffer(chunkSize: 1 << 18) { written.chunks.append($0) }
                for (offset, element) in elements.enumerated() { write(element, first + offset, &buffer) }
                buffer.finish()
                written.done.signal()
            }
            pending.append(written)
            batchStart += batch.count
            batch.removeAll(keepingCapacity: true)
            while pending.count >= batchesInFlight { takeOldest(into: &output) }
        } }
        while !pending.isEmpty { takeOldest(into: &output) }
        for (offset, element) in batch.enumerated() { write(element, batchStart + offset, &output) }
    }
}
