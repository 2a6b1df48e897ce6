import Foundation
import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// Inputs the fuzzers found crashing (now fixed), and others kept beside them: every one must
/// be read or refused with an error, per reader (`Tests/FuzzCorpus/READER/`).
@Suite struct FuzzRegressionTests {
    @Test(arguments: InputFormat.allCases)
    func corpusInputsAreReadOrRefused(format: InputFormat) throws {
        let folder = RepositoryPaths.root + "/Tests/FuzzCorpus/" + format.rawValue
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            do {
                _ = try SectionedTree(format.reader.read(bytes, file: name), misplacedParents: .drop)
            } catch is ReadError {
            } catch is HierarchyError {
            }
        }
    }

    @Test func attributeBlocksWithoutLabelsAreRefused() {
        #expect(readError(OutlineReader(), "{#only-attributes}\n", file: "a.txt") == "a.txt:1:1: a line has markers but no label")
    }
}
