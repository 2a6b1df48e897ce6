import Foundation
import Schematic
import Testing
import TestSupport

/// Every sample renders byte for byte to the SVG, DOT and JSON committed beside it.
/// After an intended change, `make samples` regenerates them; review the diff before committing.
@Suite struct SampleGoldenTests {
    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.samples)) ?? []
        return names.filter { name in
            (name.hasSuffix(".txt") || name.hasSuffix(".tree") || name.hasSuffix(".json")) && !name.hasSuffix(".layout.json")
        }.sorted()
    }()

    @Test func samplesExistIncludingTheTalkTree() {
        #expect(Self.inputs.contains("talk.txt"))
        #expect(Self.inputs.count >= 5)
    }

    @Test(arguments: inputs)
    func sampleMatchesItsCommittedOutputs(input: String) throws {
        let path = RepositoryPaths.samples + "/" + input
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let stem = String(input[..<input.lastIndex(of: ".")!])
        let ext = String(input[input.index(after: input.lastIndex(of: ".")!)...])
        let format = InputFormat(pathExtension: ext) ?? InputFormat.sniff(bytes)
        let diagram = try Diagram(tree: format.reader.read(bytes, file: input))
        for (format, suffix) in [(OutputFormat.svg, ".svg"), (.dot, ".dot"), (.json, ".layout.json")] {
            try Golden.expect(String(decoding: try diagram.rendered(.init(format: format)), as: UTF8.self), matches: stem + suffix)
        }
    }
}
