import CollectionLayout
import Hierarchy

/// Self-sizing (the talk's slides 22–25, through `SelfSizingLayout`), and where items
/// appear from and disappear to.
extension SchematicLayout {
    // MARK: Invalidation (slides 22-25)

    public func makeInvalidationContext() -> LayoutInvalidationContext { SchematicInvalidationContext() }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes) -> Bool {
        original.representedElementCategory == .cell && original.size != preferred.size
    }

    /// A new size moves the connectors to the next column and, beyond section 0, the
    /// connectors into this column.
    public func supplementaryElementsMoved(bySizeIn section: Int) -> [(kind: ElementKind, section: Int)] {
        var moved: [(kind: ElementKind, section: Int)] = []
        if section + 1 < dataController.numberOfSections { moved.append((.connector, section + 1)) }
        if section > 0 { moved.append((.connector, section)) }
        return moved
    }

    public func discardPreparation() { isPrepared = false }

    public func applySize(_ size: Size, toItemAt indexPath: IndexPath) {
        guard let item = globalItem(indexPath) else { return }
        applySize(axes.canonical(size), toItem: item, inSection: indexPath.section)
    }

    /// Applies a pass's sizes in one loop over the layout's storage, taken out of it.
    public func applySizes(_ changes: [(indexPath: IndexPath, size: Size)]) {
        guard isPrepared, !changes.isEmpty else { return }
        let axes = axes, tree = dataController
        var book = takeItemSizeBook()
        for (indexPath, size) in changes {
            let section = indexPath.section
            guard section >= 0, section < tree.numberOfSections,
                  indexPath.item >= 0, indexPath.item < tree.numberOfItems(inSection: section) else { continue }
            book.apply(axes.canonical(size), toItem: tree.globalItem(section: section, item: indexPath.item), inSection: section)
        }
        returnItemSizeBook(book)
    }

    // MARK: Appearing and disappearing (recipe 10-6)

    /// An inserted item starts at its parent's centre, transparent.
    public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: parentCenter(of: indexPath))
    }

    /// A deleted item shrinks into its parent's centre and fades out.
    public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: parentCenter(of: indexPath), scale: 0.1)
    }

    func parentCenter(of indexPath: IndexPath) -> Point? {
        guard indexPath.section > 0, let child = globalItem(indexPath) else { return nil }
        refreshTops(ofSection: indexPath.section - 1)
        let parent = Int(dataController.parentOfItem[child])
        let frame = axes.oriented(frame(ofItem: parent, inSection: indexPath.section - 1))
        return Point(x: frame.midX, y: frame.midY)
    }
}
