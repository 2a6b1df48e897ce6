import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A fresh, empty directory for one test's files.
///
/// Every scratch directory of a test run sits in one folder of the run's own, removed when the
/// run exits; folders left by runs that were killed are removed by the next run. A run holds a
/// lock on its folder while it lives (`flock`), and only a folder whose lock can be taken is
/// removed: a process id says nothing across containers sharing the temporary folder.
/// So `swift test` leaves nothing behind in the temporary folder, however often it runs.
public func makeScratchDirectory(_ prefix: String = "schematic-test") throws -> String {
    let path = scratchRoot + "/" + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private let scratchRootPrefix = "schematic-tests-"

/// This run's folder of scratch directories (created and locked on first use, with its clean-up).
private let scratchRoot: String = {
    removeAbandonedScratchRoots()
    let root = NSTemporaryDirectory() + scratchRootPrefix + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    // Held until the process ends (the descriptor is never closed).
    let lock = open(root + "/.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    if lock >= 0 { flock(lock, LOCK_EX) }
    scratchRootPath.withLock { $0 = root }
    atexit { if let root = scratchRootPath.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: root) } }
    return root
}()

/// The root's path for the exit handler (a C function pointer captures nothing).
private let scratchRootPath = Mutex<String?>(nil)

/// Removes the scratch folders whose run is over: their lock can be taken (or, left by an
/// older kind of run, they have none and are over a minute old).
private func removeAbandonedScratchRoots() {
    let base = NSTemporaryDirectory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
    for name in names where name.hasPrefix(scratchRootPrefix) {
        let root = base + name
        let lock = open(root + "/.lock", O_RDWR | O_CLOEXEC)
        if lock >= 0 {
            defer { close(lock) }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
        } else {
            let modified = (try? FileManager.default.attributesOfItem(atPath: root)[.modificationDate] as? Date) ?? Date()
            guard Date().timeIntervalSince(modified) > 60 else { continue }
        }
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// Writes UTF-8 text to a file, creating the folders it needs.
public func writeText(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// Writes UTF-8 text compressed by `/bin/gzip`, creating the folders it needs.
public func writeGzipped(_ text: String, to path: String) throws {
    let compressed = try Executable.run(program: "/bin/gzip", ["-c"], input: Data(text.utf8))
    guard compressed.status == 0 else { throw GzipFailure(message: compressed.stderr) }
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try compressed.output.write(to: URL(fileURLWithPath: path))
}

/// `/bin/gzip` failed, with what it said.
public struct GzipFailure: Error {
    public var message: String
}
