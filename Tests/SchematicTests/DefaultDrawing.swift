import CollectionLayout
import Schematic

/// The default diagram of `tree` (labels measured, the default alignment and wrapping) in
/// `orientation`: every element's attributes and the content size.
func defaultDrawing(of tree: Tree, orientation: SchematicOrientation) throws -> (all: [LayoutAttributes], size: Size) {
    var options = DiagramOptions()
    options.configuration.orientation = orientation
    let diagram = try Diagram(tree: tree, options: options)
    let size = diagram.layout.collectionViewContentSize
    return (diagram.layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size)), size)
}
