import CollectionLayout
import Dispatch
import Synchronization

/// Writes a long stream of elements on two threads, in stream order.
///
/// The caller's thread walks the layout (layouts are not thread-safe: queries refresh lazy
/// state) and cuts the elements into batches. Each batch is written either by a worker thread,
/// while the worker has fewer than `workerBacklog` batches to do, or else by the caller's
/// thread itself, so the two share the writing whatever walking the layout costs. Each batch is
/// written into chunks of its own; the chunks reach the output in stream order, so the bytes
/// are exactly those one thread would write. Drawings of one batch or less never leave the
/// caller's thread.
struct ParallelElementWriter: Sendable {
    /// Elements per batch: large enough that a batch costs far more than its hand-over.
    var batchSize = 4096
    /// The most batches written (or being written) that the output has not taken yet: bounds memory.
    var batchesInFlight = 4
    /// How many batches the worker may have queued before the caller's thread writes one itself.
    var workerBacklog = 2

    init(batchSize: Int = 4096, batchesInFlight: Int = 4, workerBacklog: Int = 2) {
        precondition(batchSize > 0 && batchesInFlight > 0 && workerBacklog >= 0)
        self.batchSize = batchSize
        self.batchesInFlight = batchesInFlight
        self.workerBacklog = workerBacklog
    }

    /// Writes everything on the caller's thread.
    static let oneThread = ParallelElementWriter(batchSize: .max)

    /// A batch's chunks. One the worker writes is complete once `done` is signalled; one the
    /// caller's thread wrote is complete from the start.
    private final class WrittenBatch: @unchecked Sendable {
        // Safe without a lock: the worker writes `chunks` before signalling `done`, and the
        // caller's thread reads them only after waiting on it.
        let done: DispatchSemaphore?
        var chunks: [[UInt8]] = []
        init(byWorker: Bool) { done = byWorker ? DispatchSemaphore(value: 0) : nil }
    }

    /// The worker thread and how many batches it has still to write.
    private final class Worker: Sendable {
        let queue = DispatchQueue(label: "schematic.element-writer")
        let backlog = Mutex(0)
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
        let worker = Worker()

        @Sendable func writeBatch(_ elements: [LayoutAttributes], from first: Int, into written: WrittenBatch) {
            var buffer = OutputBuffer(chunkSize: 1 << 18) { written.chunks.append($0) }
            for (offset, element) in elements.enumerated() { write(element, first + offset, &buffer) }
            buffer.finish()
        }
        /// Hands the oldest batches to the output while they are complete, and waits for each
        /// while more than `keeping` are left (all: 0).
        func takeCompleted(into output: inout OutputBuffer, keeping: Int) {
            while let oldest = pending.first {
                if let done = oldest.done {
                    if pending.count > keeping { done.wait() } else if done.wait(timeout: .now()) != .success { return }
                }
                output.append(chunks: oldest.chunks)
                pending.removeFirst()
            }
        }

        // `keep` is only called during `enumerate`; the exclusivity rule for two non-escaping
        // closures cannot see that.
        withoutActuallyEscaping(keep) { keep in enumerate { attributes in
            guard keep(attributes) else { return }
            batch.append(attributes)
            guard batch.count == batchSize else { return }
            let elements = batch, first = batchStart
            batchStart += batch.count
            batch.removeAll(keepingCapacity: true)
            let toWorker = worker.backlog.withLock { queued in
                guard queued < workerBacklog else { return false }
                queued += 1
                return true
            }
            let written = WrittenBatch(byWorker: toWorker)
            pending.append(written)
            if toWorker {
                worker.queue.async {
                    writeBatch(elements, from: first, into: written)
                    worker.backlog.withLock { $0 -= 1 }
                    written.done!.signal()
                }
            } else {
                writeBatch(elements, from: first, into: written)
            }
            takeCompleted(into: &output, keeping: batchesInFlight - 1)
        } }
        takeCompleted(into: &output, keeping: 0)
        for (offset, element) in batch.enumerated() { write(element, batchStart + offset, &output) }
    }
}
