import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// The fuzzers' seeds and the inputs they found crashing (now fixed), per reader
/// (`Tests/FuzzCorpus/READER/`): every one goes through the pipeline `make fuzz` exercises
/// (reader, label sizing, layout, SVG) and must be drawn with all its nodes or refused with an error.
@Suite struct FuzzRegressionTests {
    /// The folder of a reader's corpus.
    static func folder(_ format: InputFormat) -> String {
        RepositoryPaths.root + "/Tests/FuzzCorpus/" + format.rawValue
    }

    /// Replays a reader's corpus; a reader without one (no folder, or an empty one) fails here.
    @Test(arguments: InputFormat.allCases)
    func corpusInputsAreDrawnOrRefused(format: InputFormat) throws {
        let folder = Self.folder(format)
        let names = try #require(try? FileManager.default.contentsOfDirectory(atPath: folder),
                                 "Tests/FuzzCorpus/\(format.rawValue)/ is missing: seed it with inputs for the \(format.rawValue) reader")
        try #require(!names.isEmpty, "Tests/FuzzCorpus/\(format.rawValue)/ is empty: seed it with inputs for the \(format.rawValue) reader")
        var options = DiagramOptions()
        options.misplacedParents = .drop  // as the fuzzer draws them
        for name in names.sorted() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let tree: Tree
            do {
                tree = try format.reader.read(bytes, file: name)
            } catch {
                #expect(!error.description.isEmpty, "\(name)")
                continue
            }
            let diagram: Diagram
            do {
                diagram = try Diagram(tree: tree, options: options)
            } catch {
                #expect(!error.description.isEmpty, "\(name)")
                continue
            }
            #expect(diagram.dataController.numberOfItems == tree.count, "\(name): nodes were dropped")
            var written = 0
            try diagram.render(.init(format: .svg)) { written += $0.count }
            #expect(written > 0, "\(name): empty SVG")
        }
    }

    @Test func attributeBlocksWithoutLabelsAreRefused() {
        #expect(readError(OutlineReader(), "{#only-attributes}\n", file: "a.txt") == "a.txt:1:1: a line has markers but no label")
    }
}
