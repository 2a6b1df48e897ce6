/// The whole path from a hierarchy to a drawing: section the tree, lay it out through a
/// headless collection view (cells self-size through invalidation contexts), and render.
public struct Diagram {
    /// The data controller.
    public let dataController: SectionedTree
    /// The prepared layout.
    public let layout: SchematicLayout

    /// Lays out a forest with a configuration. Every cell asks for the configuration's node
    /// size through the self-sizing path; `cellSizing` replaces that with other sizes.
    public init(tree: Tree, configuration: SchematicLayoutConfiguration = .init(),
                cellSizing: (any CellSizing)? = nil) throws(HierarchyError) {
        dataController = try SectionedTree(tree)
        layout = SchematicLayout(dataController: dataController, configuration: configuration)
        let collectionView = CollectionView(layout: layout, dataSource: SchematicDataSource(dataController))
        collectionView.cellSizing = cellSizing ?? FixedCellSizing(size: configuration.estimatedItemSize)
        collectionView.layoutIfNeeded()
    }

    /// Options for the renderers.
    public struct RenderOptions: Sendable {
        public var format: OutputFormat = .svg
        public var dotMode: DOTRenderer.Mode = .pinned
        public init(format: OutputFormat = .svg, dotMode: DOTRenderer.Mode = .pinned) {
            self.format = format
            self.dotMode = dotMode
        }
    }

    /// Renders the drawing, handing the bytes to `sink` in chunks.
    public func render(_ options: RenderOptions, sink: @escaping ([UInt8]) -> Void) {
        var output = OutputBuffer(sink: sink)
        switch options.format {
        case .svg:
            SVGRenderer().render(layout, content: dataController, into: &output)
        case .json:
            AttributesJSONRenderer().render(layout, content: dataController, into: &output)
        case .dot:
            var renderer = DOTRenderer(mode: options.dotMode)
            renderer.nodeSeparation = layout.configuration.itemPadding
            renderer.rankSeparation = layout.configuration.sectionPadding
            renderer.render(layout, content: dataController, into: &output)
        }
        output.finish()
    }

    /// Renders the drawing into memory.
    public func rendered(_ options: RenderOptions) -> [UInt8] {
        let collected = ByteCollector()
        render(options) { collected.bytes.append(contentsOf: $0) }
        return collected.bytes
    }
}

private final class ByteCollector {
    var bytes: [UInt8] = []
}
