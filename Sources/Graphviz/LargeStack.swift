#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread with a stack of `size` bytes, waiting for it to finish.
///
/// Graphviz recurses where a graph is wide: libcdt's ordered sets descend one frame (about
/// 128 bytes) per element, so a node with 1,000,000 edges needs some 128 MB of stack and
/// overflows the usual 8 MB. The stack is reserved address space, touched only as deep as
/// Graphviz goes, so a large one costs little.
func onLargeStack<T>(size: Int, _ body: () throws(GraphvizError) -> T) throws(GraphvizError) -> T {
    var result: Result<T, GraphvizError>?
    withoutActuallyEscaping(body) { body in
        let job = StackJob { result = Result { () throws(GraphvizError) -> T in try body() } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, size)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { argument in
            Unmanaged<StackJob>.fromOpaque(argument!).takeUnretainedValue().run()
            return nil
        }, Unmanaged.passUnretained(job).toOpaque())
        if started == 0 {
            pthread_join(thread, nil)
        }
    }
    guard let result else {
        throw GraphvizError("cannot start a thread with a \(size >> 20) MB stack for Graphviz")
    }
    return try result.get()
}

/// The work handed to the thread; the caller waits for it, so nothing outlives the call.
private final class StackJob: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
