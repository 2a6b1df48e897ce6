import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files of outputs being written, so that a run interrupted by SIGINT, SIGTERM,
/// SIGHUP or SIGPIPE removes them before it dies.
///
/// A signal handler may neither allocate nor take a lock, so each path is a C string made when it
/// is registered and published in an atomic slot; the handler walks the slots and unlinks. Slots
/// come in chunks linked by atomic pointers, added as batches need them and never freed, so the
/// handler never reads freed memory. Claiming a slot takes a `Mutex` (handlers never do). After
/// unlinking, the handler restores the signal's default action and raises it again, so the run
/// ends with the conventional status (130 for SIGINT in a shell, 141 for a broken pipe).
enum TemporaryFiles {
    /// A registered path; give it back to `release` once the file is renamed or removed.
    struct Registration {
        fileprivate let slot: UnsafeMutablePointer<Atomic<Int>>
    }

    private static let slotsPerChunk = 64

    /// Chunk memory: `slotsPerChunk` slots holding C string addresses (0 when free), then the
    /// address of the next chunk (0 at the end).
    private struct Chunk: @unchecked Sendable {
        let slots: UnsafeMutablePointer<Atomic<Int>>

        static func make() -> Chunk {
            let slots = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: slotsPerChunk + 1)
            for index in 0...slotsPerChunk { (slots + index).initialize(to: Atomic(0)) }
            return Chunk(slots: slots)
        }

        var next: Chunk? {
            let address = slots[slotsPerChunk].load(ordering: .sequentiallyConsistent)
            return address == 0 ? nil : Chunk(slots: UnsafeMutablePointer(bitPattern: address)!)
        }
    }

    private static let first = Chunk.make()
    /// Set by the handler before it reads any slot: from then on `release` leaves the C string
    /// allocated, since the handler may be reading it.
    private static let terminating = Atomic<Bool>(false)
    /// Serialises claiming slots and adding chunks.
    private static let claiming = Mutex(())
    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Installs the handler for every handled signal that is not ignored (a signal ignored on
    /// entry, as `nohup` does for SIGHUP, stays ignored; an ignored SIGPIPE shows as EPIPE).
    private static let installed: Bool = {
        _ = first
        for signal in handledSignals {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0 else { continue }
            if let handler = previous.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeAllAndDie
            sigfillset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: SA_RESETHAND)
            sigaction(signal, &action, nil)
        }
        return true
    }()

    /// A write past the file-size limit (`ulimit -f`) fails with EFBIG, reported and cleaned up
    /// as a full disk is, rather than killing the run mid-file (SIGXFSZ): for every output,
    /// a device's or a pipe's too, so set once when the command starts. (An inherited SIG_IGN or
    /// handler is kept; SIG_DFL is the null handler.)
    static func ignoreFileSizeSignal() {
        var fileSize = sigaction()
        if sigaction(SIGXFSZ, nil, &fileSize) == 0, fileSize.__sigaction_handler.sa_handler == nil {
            signal(SIGXFSZ, SIG_IGN)
        }
    }

    /// Records `path` before the file is created, so no moment exists when the file is there
    /// but a signal would not remove it.
    static func register(_ path: String) -> Registration {
        _ = installed
        let address = Int(bitPattern: strdup(path))
        return claiming.withLock { _ in
            var chunk = first
            while true {
                for index in 0..<slotsPerChunk where chunk.slots[index].load(ordering: .sequentiallyConsistent) == 0 {
                    chunk.slots[index].store(address, ordering: .sequentiallyConsistent)
                    return Registration(slot: chunk.slots + index)
                }
                if let next = chunk.next {
                    chunk = next
                } else {
                    let added = Chunk.make()
                    chunk.slots[slotsPerChunk].store(Int(bitPattern: added.slots), ordering: .sequentiallyConsistent)
                    chunk = added
                }
            }
        }
    }

    /// Forgets a path (its file was renamed into place or removed).
    static func release(_ registration: Registration) {
        let address = registration.slot.pointee.exchange(0, ordering: .sequentiallyConsistent)
        // The exchange comes before this load in the one total order of sequentially consistent
        // operations: either the handler has not marked termination yet, and will then find the
        // slot empty, or it has, and may be reading the string, which stays allocated.
        if !terminating.load(ordering: .sequentiallyConsistent) {
            free(UnsafeMutableRawPointer(bitPattern: address))
        }
    }

    /// The signal handler: async-signal-safe calls only (atomic loads, unlink, raise).
    private static let removeAllAndDie: @convention(c) (Int32) -> Void = { signal in
        TemporaryFiles.terminating.store(true, ordering: .sequentiallyConsistent)
        var chunk: Chunk? = TemporaryFiles.first
        while let current = chunk {
            for index in 0..<TemporaryFiles.slotsPerChunk {
                let address = current.slots[index].load(ordering: .sequentiallyConsistent)
                if let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
            }
            chunk = current.next
        }
        // SA_RESETHAND restored the default action: raising again ends the process by this signal.
        raise(signal)
    }
}
