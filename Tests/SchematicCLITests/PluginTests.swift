import Foundation
import Testing
import TestSupport

/// The SwiftPM command plugin, run on the sample package under samples/plugin-package, renders
/// the diagram source in its DocC catalog to an SVG beside it.
@Suite struct PluginTests {
    @Test(.timeLimit(.minutes(10)))
    func pluginRendersTheDocCCatalogsDiagrams() throws {
        let package = RepositoryPaths.samples + "/plugin-package"
        let output = package + "/Sources/Demo/Demo.docc/Resources/architecture.svg"
        try? FileManager.default.removeItem(atPath: output)
        let run = try Executable.run(program: "/usr/bin/env", ["swift", "package", "--package-path", package,
                                                              "--allow-writing-to-package-directory", "schematic", "--align", "tidy"])
        let log = run.stdout + run.stderr
        #expect(run.status == 0, "\(log.suffix(2000))")
        #expect(log.contains("schematic: 1 diagram rendered"))
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("aria-label=\"Layout, important\""))
        // The same drawing as rendering the file directly with the same options.
        let direct = try Executable.run(["render", package + "/Sources/Demo/Demo.docc/Resources/architecture.schematic", "--align", "tidy"])
        #expect(direct.stdout == svg)

        // A bad file beside it (sorted first): the others are still drawn, the command fails
        // naming it once, with `schematic`'s own message (it stopped at the first, drawing nothing).
        let bad = package + "/Sources/Demo/Demo.docc/Resources/0-bad.schematic"
        try "A\n\t B\n".write(toFile: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        try FileManager.default.removeItem(atPath: output)
        let again = try Executable.run(program: "/usr/bin/env", ["swift", "package", "--package-path", package,
                                                                "--allow-writing-to-package-directory", "schematic", "--align", "tidy"])
        let log2 = again.stdout + again.stderr
        #expect(again.status != 0, "\(log2.suffix(2000))")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == svg, "the good file is drawn")
        #expect(log2.contains("0-bad.schematic:2:") && log2.contains("schematic could not render 1 file: ")
                && !log2.contains("renderFailed"), "\(log2.suffix(2000))")
    }
}
