import Foundation
import Testing
import TestSupport

/// Newick files through the command line: by extension, sniffed, with their data in the JSON.
@Suite struct NewickCommandTests {
    @Test func drawsThePrimatePhylogenyWithItsUnnamedNodes() throws {
        let result = try Executable.run(["render", RepositoryPaths.root + "/samples/real/primates.nwk", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\"category\":\"cell\"").count - 1 == 237)
        #expect(result.stdout.components(separatedBy: "\"label\":\"\"").count - 1 == 104)
        #expect(result.stdout.contains("\"label\":\"Homo sapiens\""))
    }

    @Test func sniffsStandardInputAndWritesDataAttributes() throws {
        let result = try Executable.run(["render", "-", "--format", "json"],
                                        stdin: "((A:0.1,B:2e-3)95:0.3[&&NHX:S=\"x\"],C);\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""label":"","type":"normal","junction":true,"data":{"support":"95","length":"0.3","S":"\"x\""}"#))
        #expect(result.stdout.contains(#""label":"B","type":"normal","data":{"length":"2e-3"}"#))
    }

    @Test func badNewickIsALocatedErrorWithNothingWritten() throws {
        let directory = try makeScratchDirectory("schematic-newick")
        try "((A,B),\n C;\n".write(toFile: directory + "/bad.nwk", atomically: true, encoding: .utf8)
        let result = try Executable.run(["render", "bad.nwk", "-o", "bad.svg"], in: directory)
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.nwk:2:3: ';' before the '(' at bad.nwk:1:1 is closed"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/bad.svg"))
        let forced = try Executable.run(["render", "--from", "newick", "-", "--format", "json"], stdin: "(A,B)")
        #expect(forced.status == 0 && forced.stdout.contains("\"label\":\"A\""))
    }
}
