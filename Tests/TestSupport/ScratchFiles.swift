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
