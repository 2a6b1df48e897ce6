import Foundation
import Testing
import TestSupport

/// `schematic` starts fast because it links neither Foundation nor ICU: the dynamic libraries
/// the built executables need, as `ldd` lists them, are checked here.
@Suite struct LinkedLibrariesTests {
    /// The libraries `ldd` lists for an executable, by file name.
    static func linkedLibraries(of path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 && listing.contains("libc.so"), "ldd \(path): \(listing)")
        return listing.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
    }

    static func isFoundation(_ library: String) -> Bool {
        library.contains("Foundation") || library.contains("icu") || library.contains("ICU")
    }

    /// The `Schematic` library, every reader, layout and renderer, in an executable of its own
    /// (the benchmarks): no Foundation library at all.
    @Test func theLibraryLinksNoFoundation() throws {
        let benchmarks = (Executable.path as NSString).deletingLastPathComponent + "/SchematicBenchmarks"
        let foundation = try Self.linkedLibraries(of: benchmarks).filter(Self.isFoundation)
        #expect(foundation.isEmpty, "SchematicBenchmarks links \(foundation)")
    }

    /// The command line tool: only FoundationEssentials (no ICU), which swift-argument-parser
    /// imports; never Foundation itself, FoundationInternationalization or ICU.
    @Test func schematicLinksNeitherFoundationNorICU() throws {
        let foundation = try Self.linkedLibraries(of: Executable.path).filter(Self.isFoundation)
        #expect(foundation.allSatisfy { $0 == "libFoundationEssentials.so" }, "schematic links \(foundation)")
    }
}
