import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
import Schematic
import SchematicLayout
import Testing
import TestSupport

/// Fans the wrap estimate leaves unwrapped where the placed drawing is beyond the target
/// (`SchematicLayout.placeWideFansTheEstimateLeft`). `Tests/Fixtures/python-xml-classes.txt`:
/// the class tree of Python's `xml` package (106 classes; a root fan of 47, `DOMException`'s
/// 16 subclasses), from a review on trees the layout was not tuned on.
@Suite struct WideFanEstimateTests {
    func diagram(wrap: SchematicWrap, orientation: SchematicOrientation = .lr) throws -> (Tree, Diagram) {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/python-xml-classes.txt", encoding: .utf8)
        let tree = try OutlineReader().read(Array(text.utf8), file: "python-xml-classes.txt")
        var options = DiagramOptions()
        options.configuration.orientation = orientation
        options.configuration.wrap = wrap
        return (tree, try Diagram(tree: tree, options: options))
    }

    /// The columns' stacks are within 2:1 (the estimate wraps nothing), but subtrees hanging
    /// above and below their parents make the placed drawing 1:2.75, its top set by
    /// `DOMException`'s 16 subclasses in one column. The first tier's fans wrap anyway: a page
    /// at least a tenth smaller (0.65 of the area), no box overlapping another.
    @Test func wideFansWrapWhereThePlacedDrawingIsBeyondTheTarget() throws {
        let (tree, auto) = try diagram(wrap: .auto)
        let (_, off) = try diagram(wrap: .off)
        let size = auto.layout.collectionViewContentSize, unwrapped = off.layout.collectionViewContentSize
        #expect(unwrapped.height > 2 * unwrapped.width)  // beyond the target unwrapped
        #expect(size.width * size.height < 0.9 * unwrapped.width * unwrapped.height, "\(size) against \(unwrapped)")
        let all = auto.layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size))
        let boxes = all.filter { $0.representedElementCategory == .cell }.map(\.frame)
        #expect(boxes.count == tree.count && overlappingPairs(boxes).isEmpty)
        // DOMException's subclasses are a block of sub-columns: half as tall as their column.
        let exception = try #require((0..<tree.count).first { tree.labels[$0] == "xml.dom.DOMException" })
        let sectioned = try SectionedTree(tree)
        let subclasses = (0..<tree.count).filter { tree.parents[$0] == Int32(exception) }
        #expect(subclasses.count == 16)
        func span(_ diagram: Diagram) throws -> Double {
            let frames = try subclasses.map { node -> Rect in
                let (section, item) = sectioned.position(ofNode: node)
                return try #require(diagram.layout.layoutAttributesForItem(at: CollectionLayout.IndexPath(item: item, section: section))).frame
            }
            return frames.map(\.maxY).max()! - frames.map(\.minY).min()!
        }
        #expect(try span(auto) < 0.6 * span(off))
    }
}
