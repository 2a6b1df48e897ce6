import Schematic
#if canImport(Glibc)
import Glibc
#endif

/// Waits for an input to change, or for an interrupt (`--watch`, `serve`). It polls: every
/// 100 ms it compares what `stat` says of the paths (device, inode, size, change and
/// modification times), so a file an editor replaces by renaming is seen like one written in
/// place, and a file that disappears for a moment is waited for. A directory is watched
/// through every folder and file its drawing shows (`DirectoryDependencies`); when looking
/// takes long (a large directory), it looks less often, at most a tenth of the time.
/// SIGINT and SIGTERM are blocked on creation and taken with `sigtimedwait`, so a stop is
/// noticed between two renders, never in the middle of writing one.
struct FileWatcher {
    let path: String
    let reader: DirectoryReader
    private var signature: [Int]
    /// Milliseconds between two looks.
    private var interval = 100
    private let stopSignals: sigset_t

    init(path: String, reader: DirectoryReader) {
        self.path = path
        self.reader = reader
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        stopSignals = set
        signature = []
        signature = currentSignature()
    }

    /// How the watched paths look now; adjusts the interval to the time it took.
    private mutating func currentSignature() -> [Int] {
        let started = ContinuousClock.now
        defer {
            let took = ContinuousClock.now - started
            interval = max(100, Int(took.components.seconds) * 10_000 + Int(took.components.attoseconds / 100_000_000_000_000))
        }
        var paths = [Array(path.utf8)]
        if DirectoryReader.isDirectory(path), let listed = try? DirectoryDependencies.paths(in: path, reader: reader) {
            paths += listed
        }
        var result: [Int] = []
        result.reserveCapacity(paths.count * 7)
        for path in paths {
            var info = stat()
            guard stat(path.map { CChar(bitPattern: $0) } + [0], &info) == 0 else {
                result.append(-1)
                continue
            }
            result += [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec,
                       info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
        }
        return result
    }

    enum Event: Equatable {
        case changed
        case stopped(signal: Int32)
        /// `ended` said so.
        case ended
        /// The input went away and has stayed away for a second (told once; then waited for).
        case missing
    }

    /// Waits until the input has changed and settled (two polls alike), a stop signal came,
    /// or `ended` (asked at every poll) says there is no point waiting.
    mutating func next(until ended: () -> Bool = { false }) -> Event {
        while true {
            if let signal = waitForStop(milliseconds: interval) { return .stopped(signal: signal) }
            if ended() { return .ended }
            var now = currentSignature()
            guard now != signature else { continue }
            // An editor may still be writing: wait until two polls agree, and the file is back if
            // it went (an editor saving by renaming takes milliseconds); gone for a second, it is
            // told (nothing was said, the page kept the drawing of a file no longer there).
            var gone = ContinuousClock.now
            while true {
                if let signal = waitForStop(milliseconds: interval / 2) { return .stopped(signal: signal) }
                let again = currentSignature()
                if again == now && !again.isEmpty && again[0] != -1 { break }
                if again.first != -1 { gone = ContinuousClock.now }
                if again.first == -1 && ContinuousClock.now - gone >= .seconds(1) && signature.first != -1 {
                    signature = again
                    return .missing
                }
                now = again
            }
            signature = now
            return .changed
        }
    }

    /// A stop signal that came within the time, if one did.
    func waitForStop(milliseconds: Int) -> Int32? {
        var set = stopSignals
        var timeout = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        let signal = sigtimedwait(&set, nil, &timeout)
        return signal > 0 ? signal : nil
    }
}

/// The local time as HH:MM:SS, to start a line of `--watch` or `serve`.
func clockTime() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
}
