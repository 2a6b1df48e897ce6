import CollectionLayout
import Foundation
import Hierarchy
@testable import HierarchyReaders
import Schematic
import Testing
import TestSupport

/// A wrapped drawing smaller both ways than the best so far replaces it whatever their pages
/// (`WrapDrawing.replaces`). `Tests/Fixtures/aws-ec2-resources.json`: boto3's resource model
/// of EC2 (`boto3/data/ec2/2016-11-15/resources-1.json`, Apache 2.0; minified), 3,721 nodes,
/// from a review on documents the layout was not tuned on.
@Suite struct DominatingDrawingDiagramTests {
    /// Top to bottom, the 22 resources nest as panels, two of them (`Instance`, `Vpc`) about
    /// 16,000 px broad, the rest 400 to 5,300. One resource a panel row left most rows a third
    /// as broad as the drawing, half its area empty (2:1, boxes on 5.7% of it); the rows
    /// gathered are as broad and half as deep, but beyond 2:1, which the page rule judged no
    /// better. Now the drawing is at most 4:1 and its boxes cover at least a tenth of it.
    @Test func panelRowsGatherWhereThatMakesTheDrawingSmallerBothWays() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/aws-ec2-resources.json", encoding: .utf8)
        // Drawn as the layout was tuned on them: each key above its value.
        var reader = JSONTreeReader()
        reader.joinsScalarValues = false
        let tree = try reader.read(Array(text.utf8), file: "aws-ec2-resources.json")
        var options = DiagramOptions()
        options.configuration.orientation = .tb
        let diagram = try Diagram(tree: tree, options: options)
        let size = diagram.layout.collectionViewContentSize
        let all = diagram.layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size))
        let boxes = all.filter { $0.representedElementCategory == .cell }.map(\.frame)
        #expect(boxes.count == tree.count && overlappingPairs(boxes).isEmpty)
        #expect(size.width <= 4 * size.height, "\(size)")
        let covered = boxes.reduce(0) { $0 + $1.width * $1.height }
        #expect(covered >= 0.1 * size.width * size.height, "boxes cover \(covered / (size.width * size.height)) of \(size)")
    }
}
