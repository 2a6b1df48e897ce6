/// A drawing reduced to what its quality is measured on: node boxes and connector polylines,
/// in layout coordinates (y down). Nodes are indexed by the data controller's global item.
public struct DrawingGeometry: Sendable {
    /// The size of the whole drawing.
    public var size: Size
    /// The box of each node, by global item.
    public var nodes: [Rect]
    /// Each connector: its parent and child (global items), whether it is the child's
    /// primary connector, and its path.
    public var connectors: [Connector]

    public struct Connector: Sendable {
        public var parent: Int
        public var child: Int
        public var isPrimary: Bool
        public var path: [Point]

        public init(parent: Int, child: Int, isPrimary: Bool, path: [Point]) {
            self.parent = parent
            self.child = child
            self.isPrimary = isPrimary
            self.path = path
        }
    }

    public init(size: Size, nodes: [Rect], connectors: [Connector]) {
        self.size = size
        self.nodes = nodes
        self.connectors = connectors
    }
}

extension Diagram {
    /// Our drawing's geometry, read from the layout attributes.
    public var geometry: DrawingGeometry {
        var nodes = [Rect](repeating: .zero, count: dataController.numberOfItems)
        var connectors: [DrawingGeometry.Connector] = []
        let size = layout.collectionViewContentSize
        layout.enumerateLayoutAttributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) { attributes in
            let path = attributes.indexPath
            let item = dataController.globalItem(section: path.section, item: path.item)
            if attributes.representedElementCategory == .cell {
                nodes[item] = attributes.frame
            } else if let connector = attributes.connector {
                let parent = dataController.globalItem(section: connector.parentIndexPath.section, item: connector.parentIndexPath.item)
                let points = connector.isCurved ? Diagram.flatten(connector.path) : connector.path
                connectors.append(.init(parent: parent, child: item, isPrimary: path.subitem == 0, path: points))
            }
        }
        return DrawingGeometry(size: size, nodes: nodes, connectors: connectors)
    }
}
