import Foundation

/// A fresh, empty directory under the system's temporary folder, for one test's files.
public func makeScratchDirectory(_ prefix: String = "schematic-test") throws -> String {
    let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
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
