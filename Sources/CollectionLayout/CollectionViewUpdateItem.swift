/// One change of a batch update (`UICollectionViewUpdateItem`): an item inserted, deleted,
/// reloaded or moved. Index paths before the update name items as the layout last placed them;
/// index paths after it, as the data source counts them now.
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
    /// What happens to the item (`UICollectionUpdateAction`).
    public enum Action: Hashable, Sendable {
        case insert, delete, reload, move
    }

    /// What happens to the item.
    public let updateAction: Action
    /// Where the item was before the update; nil for an insertion.
    public let indexPathBeforeUpdate: IndexPath?
    /// Where the item is after the update; nil for a deletion.
    public let indexPathAfterUpdate: IndexPath?

    /// An item inserted at `indexPath` (after the update).
    public static func insert(_ indexPath: IndexPath) -> Self { Self(updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: indexPath) }
    /// The item at `indexPath` (before the update) deleted.
    public static func delete(_ indexPath: IndexPath) -> Self { Self(updateAction: .delete, indexPathBeforeUpdate: indexPath, indexPathAfterUpdate: nil) }
    /// The item at `indexPath` reloaded in place (its content changed).
    public static func reload(_ indexPath: IndexPath) -> Self { Self(updateAction: .reload, indexPathBeforeUpdate: indexPath, indexPathAfterUpdate: indexPath) }
    /// The item at `from` (before the update) moved to `to` (after it).
    public static func move(from: IndexPath, to: IndexPath) -> Self { Self(updateAction: .move, indexPathBeforeUpdate: from, indexPathAfterUpdate: to) }

    public var description: String {
        switch updateAction {
        case .insert: "insert \(indexPathAfterUpdate!)"
        case .delete: "delete \(indexPathBeforeUpdate!)"
        case .reload: "reload \(indexPathBeforeUpdate!)"
        case .move: "move \(indexPathBeforeUpdate!) to \(indexPathAfterUpdate!)"
        }
    }
}

/// How one updated item animates in a batch update: from `start` to `end` (a view would be
/// given `start` first, then animate to `end`). An insertion starts at the layout's
/// `initialLayoutAttributesForAppearingItem(at:)` and ends where it is placed; a deletion starts
/// where it was and ends at `finalLayoutAttributesForDisappearingItem(at:)`; a move or reload
/// goes from where it was to where it is. Nil where the layout has none.
public struct CollectionViewItemTransition: Sendable {
    public let update: CollectionViewUpdateItem
    public let start: LayoutAttributes?
    public let end: LayoutAttributes?
}

/// Why a batch update was refused (UIKit raises "Invalid update" for the same): the data
/// source's counts after it do not follow from the counts before it and the updates, or an
/// update names an item that does not exist. Nothing was changed.
public struct CollectionViewUpdateError: Error, Equatable, CustomStringConvertible {
    public let description: String
}
