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
    }
}
