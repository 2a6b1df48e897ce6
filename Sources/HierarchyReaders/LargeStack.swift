#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a thread with a stack of `bytes`, and waits for it. For libraries whose
/// parsers and destructors recurse once per nesting level (Yams), so that deep input is
/// handled instead of overflowing the 8 MB main-thread stack. The stack is reserved, not
/// committed: only the pages a deep input touches use memory.
func withLargeStack<Result>(bytes: Int, _ body: () -> Result) -> Result {
    var result: Result? = nil
    withoutActuallyEscaping(body) { body in
        let job = LargeStackJob()
        job.run = { result = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, bytes)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(job).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let job = Unmanaged<LargeStackJob>.fromOpaque(context!).takeRetainedValue()
            job.run?()
            return nil
        }, context)
        if created != 0 {
            // No thread: run here, as the caller would have without this helper.
            Unmanaged<LargeStackJob>.fromOpaque(context).release()
            job.run?()
        } else {
            pthread_join(thread, nil)
        }
        job.run = nil
    }
    return result!
}

/// The closure a large-stack thread runs.
private final class LargeStackJob {
    var run: (() -> Void)?
}
