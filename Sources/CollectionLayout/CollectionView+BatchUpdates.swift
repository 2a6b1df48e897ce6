/// Batch updates (`performBatchUpdates(_:completion:)`): the data source has changed, and the
/// updates say how, item by item.
extension CollectionView {
    /// Applies a batch update the data source already holds, as `UICollectionView` does: checks
    /// the updates against the counts before (as the layout last placed them) and after (as the
    /// data source counts them now), invalidates the counts, prepares the layout, calls its
    /// `prepare(forCollectionViewUpdates:)`, asks for each updated item's start and end
    /// attributes, then calls `finalizeCollectionViewUpdates()`. Returns the updated items'
    /// transitions, in the updates' order. Every cell reports its size again on the next layout
    /// pass, as after any change of the counts (the ends are the layout's estimates).
    ///
    /// Throws, changing nothing, where the counts after do not follow from the counts before and
    /// the updates, the number of sections changed, or an update names an item that is not
    /// there (or one that another update names too). Before the first layout pass nothing is
    /// placed to animate from: the layout is prepared and no transition returned.
    @discardableResult
    public func performBatchUpdates(_ updates: [CollectionViewUpdateItem]) throws(CollectionViewUpdateError) -> [CollectionViewItemTransition] {
        let layout = collectionViewLayout
        guard let before = placedItemCounts else {
            invalidateCounts()
            return []
        }
        let after = (0..<dataSource.numberOfSections()).map { dataSource.numberOfItems(inSection: $0) }
        try Self.check(updates, before: before, after: after)
        let starts = updates.map { update in update.indexPathBeforeUpdate.flatMap { layout.layoutAttributesForItem(at: $0) } }
        invalidateCounts()
        layout.prepare(forCollectionViewUpdates: updates)
        let transitions = zip(updates, starts).map { update, start in
            switch update.updateAction {
            case .insert:
                let path = update.indexPathAfterUpdate!
                return CollectionViewItemTransition(update: update, start: layout.initialLayoutAttributesForAppearingItem(at: path),
                                                    end: layout.layoutAttributesForItem(at: path))
            case .delete:
                return CollectionViewItemTransition(update: update, start: start,
                                                    end: layout.finalLayoutAttributesForDisappearingItem(at: update.indexPathBeforeUpdate!))
            case .move, .reload:
                return CollectionViewItemTransition(update: update, start: start, end: layout.layoutAttributesForItem(at: update.indexPathAfterUpdate!))
            }
        }
        layout.finalizeCollectionViewUpdates()
        return transitions
    }

    /// Invalidates the data source's counts and prepares the layout for them.
    private func invalidateCounts() {
        let context = collectionViewLayout.makeInvalidationContext()
        context.invalidateDataSourceCounts = true
        invalidateLayout(with: context)
        prepareIfNeeded()
    }

    /// Checks that `updates` lead from the counts `before` to the counts `after`.
    static func check(_ updates: [CollectionViewUpdateItem], before: [Int], after: [Int]) throws(CollectionViewUpdateError) {
        guard before.count == after.count else {
            throw CollectionViewUpdateError(description: "invalid update: the number of sections changed (\(before.count) before, "
                                            + "\(after.count) after); batch updates insert, delete, move and reload items")
        }
        var inserted = [Int](repeating: 0, count: after.count), deleted = inserted, movedIn = inserted, movedOut = inserted
        var leaving = Set<IndexPath>(), arriving = Set<IndexPath>(), reloaded = Set<IndexPath>()
        for update in updates {
            if let path = update.indexPathBeforeUpdate {
                guard path.section >= 0 && path.section < before.count && path.item >= 0 && path.item < before[path.section] else {
                    throw CollectionViewUpdateError(description: "invalid update: \(update) names \(path), which was not there before the update")
                }
                let fresh = update.updateAction == .reload ? reloaded.insert(path).inserted && !leaving.contains(path)
                    : leaving.insert(path).inserted && !reloaded.contains(path)
                guard fresh else {
                    throw CollectionViewUpdateError(description: "invalid update: \(update) names \(path), which another update names too")
                }
            }
            if let path = update.indexPathAfterUpdate, update.updateAction != .reload {
                guard path.section >= 0 && path.section < after.count && path.item >= 0 && path.item < after[path.section] else {
                    throw CollectionViewUpdateError(description: "invalid update: \(update) names \(path), which is not there after the update")
                }
                guard arriving.insert(path).inserted else {
                    throw CollectionViewUpdateError(description: "invalid update: \(update) names \(path), which another update names too")
                }
            }
            switch update.updateAction {
            case .insert: inserted[update.indexPathAfterUpdate!.section] += 1
            case .delete: deleted[update.indexPathBeforeUpdate!.section] += 1
            case .move: movedOut[update.indexPathBeforeUpdate!.section] += 1; movedIn[update.indexPathAfterUpdate!.section] += 1
            case .reload: break
            }
        }
        for section in before.indices where after[section] != before[section] + inserted[section] - deleted[section] + movedIn[section] - movedOut[section] {
            throw CollectionViewUpdateError(description: "invalid update: section \(section) has \(after[section]) items after the update "
                                            + "and had \(before[section]) before; \(inserted[section]) inserted, \(deleted[section]) deleted, "
                                            + "\(movedIn[section]) moved in and \(movedOut[section]) moved out make \(before[section] + inserted[section] - deleted[section] + movedIn[section] - movedOut[section])")
        }
    }
}
