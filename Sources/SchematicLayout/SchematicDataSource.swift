import CollectionLayout
import Hierarchy

/// Serves a sectioned tree's counts to a collection view.
public final class SchematicDataSource: CollectionViewDataSource {
    /// The data controller.
    public let dataController: SectionedTree

    public init(_ dataController: SectionedTree) { self.dataController = dataController }

    public func numberOfSections() -> Int { dataController.numberOfSections }
    public func numberOfItems(inSection section: Int) -> Int { dataController.numberOfItems(inSection: section) }
}

/// Cells that always want the same size: the talk's fixed `nodeSize`, set through the
/// self-sizing path like any other size.
public final class FixedCellSizing: CellSizing {
    /// The size every cell asks for.
    public let size: Size

    public init(size: Size) { self.size = size }

    public func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var preferred = attributes
        preferred.size = size
        return preferred
    }
}
