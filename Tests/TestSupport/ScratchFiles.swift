import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh, empty directory for one test's files.
///
/// Every scratch directory of a test run sits in one folder named after the run's process,
/// removed when the run exits; folders left by runs that were killed are removed by the next run.
/// So `swift test` leaves nothing behind in the temporary folder, however often it runs.
public func makeScratchDirectory(_ prefix: String = "schematic-test") throws -> String {
    let path = scratchRoot + "/" + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private let scratchRootPrefix = "schematic-tests-"

/// This run's folder of scratch directories (created on first use, with its clean-up).
private let scratchRoot: String = {
    removeAbandonedScratchRoots()
    let root = scratchRootPath(of: getpid())
    try? FileManager.default.removeItem(atPath: root)  // a killed run's, with a reused process id
    atexit { try? FileManager.default.removeItem(atPath: scratchRootPath(of: getpid())) }
    return root
}()

private func scratchRootPath(of process: pid_t) -> String {
    NSTemporaryDirectory() + scratchRootPrefix + String(process)
}

/// Removes the scratch folders of runs whose process no longer exists.
private func removeAbandonedScratchRoots() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
    for name in names where name.hasPrefix(scratchRootPrefix) {
        guard let process = pid_t(name.dropFirst(scratchRootPrefix.count)) else { continue }
        if kill(process, 0) == -1 && errno == ESRCH {
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + name)
        }
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
