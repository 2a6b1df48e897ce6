import CollectionLayout
import Hierarchy
import Schematic
import Testing

/// Left to right, a wrapped block of one row (widened into the room beside it) hangs from the
/// line over it: each member is entered at the middle of its near side, so that a row of
/// siblings does not read as a chain (entered from the left, each stub began a gutter after
/// the box before it: `Error ⌐ Error ⌐ ExpatError`).
@Suite struct HangingRowTests {
    /// A widget class with 30 subclasses, every fourth with a few of its own, drawn with its
    /// labels measured (the default diagram).
    func widgets() -> Tree {
        var tree = Tree()
        let root = tree.addNode(label: "Widget")
        let names = ["Spinner", "Canvas", "Panel", "Button", "Toggle", "Label", "Menu", "Field", "Picker", "Slider"]
        for index in 0..<30 {
            let child = tree.addNode(label: "\(names[index % names.count])\(index)", parent: root)
            if index % 13 == 3 || index == 17 || index == 29 {
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
}
