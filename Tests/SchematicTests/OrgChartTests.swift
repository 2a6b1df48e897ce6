import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// `Tests/Fixtures/org-chart.csv`: an org chart of 256 people from a new-user review (seeded
/// random names and titles: a chief executive, seven VPs, their managers, team leads and staff,
/// a VP of three counsels, and an executive assistant and a chief of staff last).
@Suite struct OrgChartTests {
    func orgChart() throws -> Tree {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/org-chart.csv", encoding: .utf8)
        return try CSVReader().read(Array(text.utf8), file: "org-chart.csv")
    }

    func frames(_ tree: Tree, _ orientation: SchematicOrientation) throws -> [Int: Rect] {
        let (all, _) = try defaultDrawing(of: tree, orientation: orientation)
        let sections = try SectionedTree(tree)
        var byNode: [Int: Rect] = [:]
        for attributes in all where attributes.representedElementCategory == .cell {
            byNode[sections.node(section: attributes.indexPath.section, item: attributes.indexPath.item)] = attributes.frame
        }
        return byNode
    }

    /// Left to right, the VP's three counsels stay in single file in the managers' column
    /// (in one row they stood in the managers', team leads' and staff's columns).
    @Test func threeCounselsStayInSingleFile() throws {
        let tree = try orgChart()
        let drawn = try frames(tree, .lr)
        let counsels = (0..<tree.count).filter { tree.labels[$0].hasSuffix("Senior Counsel") }
        #expect(counsels.count == 3)
        #expect(Set(counsels.map { drawn[$0]!.midX }).count == 1, "\(counsels.map { drawn[$0]! })")
    }

    /// Top to bottom, the chief of staff, a leaf after the executive assistant at the end of
    /// the chief executive's fan, stands in the last row of panels beside her; alone in a
    /// fourth row it was 2,860 px under the chief executive, reached by a line down the margin.
    @Test func aTrailingLeafJoinsTheLastRowOfPanels() throws {
        let tree = try orgChart()
        let drawn = try frames(tree, .tb)
        guard let assistant = tree.labels.firstIndex(where: { $0.hasSuffix("Executive Assistant") }),
              let chief = tree.labels.firstIndex(where: { $0.hasSuffix("Chief of Staff") }) else {
            Issue.record("the fixture lacks its last two people")
            return
        }
        #expect(abs(drawn[chief]!.minY - drawn[assistant]!.minY) < 0.5, "\(drawn[chief]!) and \(drawn[assistant]!)")
        // Every VP stands above the chief of staff's row or in it: no row of panels after it.
        let lowest = drawn.values.map(\.minY).max()!
        #expect(drawn[chief]!.minY < lowest - 100)
    }
}
