import Foundation
import Testing
import TestSupport

/// One tree with unnamed internal nodes, written in every input format, is one drawing: every
/// reader keeps unnamed nodes (as junctions), trims labels alike, and drops or moves nothing.
@Suite struct CrossFormatTests {
    static let folder = RepositoryPaths.root + "/Tests/Fixtures/unnamed"
    static let formats = ["txt", "json", "yaml", "csv", "tsv", "dot", "md", "nwk"]

    /// The SVG without element ids, which only CSV/TSV and DOT files can give.
    func drawing(_ format: String) throws -> String {
        let result = try Executable.run(["render", Self.folder + "/phylogeny." + format])
        #expect(result.status == 0, "\(format): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(format): \(result.stderr)")
        return result.stdout.replacingOccurrences(of: #" id="[a-z]+""#, with: "", options: .regularExpression)
    }

    @Test func everyFormatGivesTheSameDrawing() throws {
        let reference = try drawing("nwk")
        #expect(reference.components(separatedBy: "class=\"node junction").count - 1 == 4)
        #expect(reference.components(separatedBy: "role=\"listitem\"").count - 1 == 10)
        for format in Self.formats where format != "nwk" {
            #expect(try drawing(format) == reference, "\(format) draws another picture")
        }
    }
}
