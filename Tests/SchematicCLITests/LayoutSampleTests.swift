import Foundation
import Testing
import TestSupport

/// Every layout sample (`samples/layouts/NAME.args`: an input and options, relative to that
/// folder) renders byte for byte to the SVG, DOT and JSON committed beside it. After an
/// intended change, `make samples` regenerates them; review the diff before committing.
@Suite struct LayoutSampleTests {
    static let folder = RepositoryPaths.samples + "/layouts"

    static let samples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".args") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func everyLayoutHasASample() {
        for layout in ["flow", "grid", "circle", "masonry", "effects"] {
            #expect(Self.samples.contains { $0.hasPrefix(layout + "-") }, "no sample of \(layout)")
        }
    }

    @Test(arguments: samples)
    func sampleMatchesItsCommittedOutputs(name: String) throws {
        let arguments = try String(contentsOfFile: Self.folder + "/" + name + ".args", encoding: .utf8)
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let scratch = try makeScratchDirectory("schematic-layouts")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for (suffix, format) in [("svg", "svg"), ("dot", "dot"), ("layout.json", "json")] {
            let output = scratch + "/" + name + "." + suffix
            let result = try Executable.run(["render"] + arguments + ["-o", output, "--format", format], in: Self.folder)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            try Golden.expect(fileAt: output, matches: Self.folder + "/" + name + "." + suffix)
        }
    }
}
