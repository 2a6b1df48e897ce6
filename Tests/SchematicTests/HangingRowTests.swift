import CollectionLayout
import Hierarchy
import Schematic
import Testing

/// Left to right, a wrapped block of one row (widened into the room beside it) hangs from the
/// line over it: each member is entered at the middle of its near side, so that a row of
/// siblings does not read as a chain (entered from the left, each stub began a gutter after
/// the box before it: `Error ⌐ Error ⌐ ExpatError`).
@Suite struct HangingRowTests {
    /// A widget class with 30 subclasses, four with a few of their own (the first after five
    /// leaves: a run of three stays in single file), drawn with its labels measured (the
    /// default diagram).
    func widgets() -> Tree {
        var tree = Tree()
        let root = tree.addNode(label: "Widget")
        let names = ["Spinner", "Canvas", "Panel", "Button", "Toggle", "Label", "Menu", "Field", "Picker", "Slider"]
        for index in 0..<30 {
            let child = tree.addNode(label: "\(names[index % names.count])\(index)", parent: root)
            if index % 13 == 5 || index == 17 || index == 29 {
                for sub in 0..<(index == 29 ? 5 : 3) { _ = tree.addNode(label: "Sub\(index)_\(sub)", parent: child) }
            }
        }
        return tree
    }

    @Test func aRowOfSiblingsHangsFromTheLineOverIt() throws {
        let diagram = try Diagram(tree: widgets())
        let layout = diagram.layout
        let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
        var frames: [IndexPath: Rect] = [:], connectors: [IndexPath: ConnectorAttributes] = [:]
        for attributes in all {
            if attributes.representedElementCategory == .cell { frames[attributes.indexPath] = attributes.frame }
            if attributes.representedElementKind == .connector, attributes.indexPath.subitem == 0, let connector = attributes.connector {
                connectors[IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)] = connector
            }
        }
        var hanging = 0
        for (path, connector) in connectors {
            let frame = frames[path]!
            // Siblings level with it in other sub-columns, and none of that row with a sibling
            // above or below it in its own sub-column (a block of one row).
            let siblings = connectors.filter { $0.value.parentIndexPath == connector.parentIndexPath }.map { frames[$0.key]! }
            let row = siblings.filter { abs($0.minY - frame.minY) < 0.5 }
            // (A block's members lie at their sub-column's near side: one sub-column shares a left.)
            func alone(_ member: Rect) -> Bool { siblings.filter { abs($0.minX - member.minX) < 0.5 }.count == 1 }
            guard row.count > 1, row.allSatisfy(alone) else { continue }
            hanging += 1
            #expect(connector.end == Point(x: frame.midX, y: frame.minY), "\(path) is entered at \(connector.end), not its top middle")
        }
        #expect(hanging >= 3, "the test needs a row of siblings: \(hanging)")
    }

    /// Left to right, three leaves above the deepest column stay in single file: in one row
    /// they stood in the next columns, among deeper boxes, and read as one of them (a review's
    /// org chart: a VP's three counsels in the managers', team leads' and staff's columns).
    /// In the deepest column, with nothing deeper, short runs still hang in rows.
    @Test func threeLeavesAboveTheDeepestColumnStayInSingleFile() throws {
        var tree = Tree()
        let chief = tree.addNode(label: "Chief Executive Officer")
        for vp in 0..<5 {
            let head = tree.addNode(label: "Vice President \(vp)", parent: chief)
            for manager in 0..<3 {
                let lead = tree.addNode(label: "Manager \(vp).\(manager)", parent: head)
                for staff in 0..<(3 + (vp + manager) % 4) { _ = tree.addNode(label: "Engineer \(vp).\(manager).\(staff)", parent: lead) }
            }
        }
        let legal = tree.addNode(label: "Vice President, Legal", parent: chief)
        let counsels = (0..<3).map { tree.addNode(label: "Senior Counsel \($0)", parent: legal) }
        let diagram = try Diagram(tree: tree)
        let sections = try SectionedTree(tree)
        func frame(ofNode node: Int) -> Rect {
            let (section, item) = sections.position(ofNode: node)
            return diagram.layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
        }
        let lefts = Set(counsels.map { frame(ofNode: $0).minX })
        #expect(lefts.count == 1, "the counsels at \(counsels.map { frame(ofNode: $0) })")
        // Rows still hang in the deepest column: some engineers share a top.
        let engineers = (0..<tree.count).filter { tree.labels[$0].hasPrefix("Engineer") }.map { frame(ofNode: $0) }
        let rows = Dictionary(grouping: engineers, by: { $0.minY.rounded() }).values
        #expect(rows.contains { $0.count > 1 }, "no engineers side by side: the drawing did not wrap")
    }
}
