import Foundation
import Testing
import TestSupport

/// `schematic` starts fast because it links neither Foundation nor ICU, and opens Graphviz only
/// when a run needs it: the dynamic libraries the built executables need, as `ldd` lists them,
/// are checked here.
@Suite struct LinkedLibrariesTests {
    /// The libraries `ldd` lists for an executable, by file name.
    static func linkedLibraries(of path: String) throws -> [String] {
        let run = try Executable.run(program: "/usr/bin/ldd", [path])
        let listing = run.stdout
        try #require(run.status == 0 && listing.contains("libc.so"), "ldd \(path): \(listing)")
        return listing.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
    }

    static func isFoundation(_ library: String) -> Bool {
        library.contains("Foundation") || library.contains("icu") || library.contains("ICU")
    }

    /// The `Schematic` library, every reader, layout and renderer, in an executable of its own
    /// (the benchmarks): no Foundation library at all.
    @Test func theLibraryLinksNoFoundation() throws {
        let foundation = try Self.linkedLibraries(of: Executable.built("SchematicBenchmarks")).filter(Self.isFoundation)
        #expect(foundation.isEmpty, "SchematicBenchmarks links \(foundation)")
    }

    /// The command line tool: only FoundationEssentials (no ICU), which swift-argument-parser
    /// imports; never Foundation itself, FoundationInternationalization or ICU.
    @Test func schematicLinksNeitherFoundationNorICU() throws {
        let foundation = try Self.linkedLibraries(of: Executable.path).filter(Self.isFoundation)
        #expect(foundation.allSatisfy { $0 == "libFoundationEssentials.so" }, "schematic links \(foundation)")
    }

    /// Graphviz (libgvc, libcgraph, libcdt and what they pull in: ltdl, pathplan) is opened
    /// with dlopen on first use, so neither the tool nor the library links it; the tool still
    /// draws PNG through it (see `RenderCommandTests`).
    @Test func graphvizIsNotLinked() throws {
        for executable in [Executable.path, Executable.built("SchematicBenchmarks")] {
            let graphviz = try Self.linkedLibraries(of: executable).filter {
                ["libgvc", "libcgraph", "libcdt", "libltdl", "libpathplan"].contains(where: $0.hasPrefix)
            }
            #expect(graphviz.isEmpty, "\(executable) links \(graphviz)")
        }
    }
}
