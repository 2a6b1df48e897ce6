import CollectionLayout
import func Foundation.cos
import func Foundation.sin
import Testing

/// Recipe 10-6's circle: items around the centre of a fixed content; inserted items grow out
/// of the centre and deleted ones shrink into it, which it knows from the updates given to
/// `prepare(forCollectionViewUpdates:)`. It logs the calls a batch update makes, in order.
private final class RecipeCircleLayout: CollectionViewLayout {
    unowned let source: ItemCounts
    var count = 0
    var inserted: Set<IndexPath> = [], deleted: Set<IndexPath> = []
    var calls: [String] = []
    let center = Point(x: 200, y: 200), radius = 100.0
    init(source: ItemCounts) { self.source = source }

    func prepare() {
        calls.append("prepare")
        count = source.counts[0]
    }
    var collectionViewContentSize: Size { Size(width: 400, height: 400) }
    func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        for item in 0..<count {
            let attributes = layoutAttributesForItem(at: IndexPath(item: item, section: 0))!
            if attributes.frame.intersects(rect) { body(attributes) }
        }
    }
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item < count else { return nil }
        let theta = 2 * Double.pi * Double(indexPath.item) / Double(count)
        var attributes = LayoutAttributes(forCellWith: indexPath, frame: Rect(x: 0, y: 0, width: 20, height: 20))
        attributes.center = Point(x: center.x + radius * cos(theta), y: center.y + radius * sin(theta))
        return attributes
    }
    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }
    func invalidateLayout(with context: LayoutInvalidationContext) {
        calls.append(context.invalidateDataSourceCounts ? "invalidate counts" : "invalidate")
    }
    func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        calls.append("prepare for \(updateItems.count) updates")
        for update in updateItems {
            if update.updateAction == .insert { inserted.insert(update.indexPathAfterUpdate!) }
            if update.updateAction == .delete { deleted.insert(update.indexPathBeforeUpdate!) }
        }
    }
    func finalizeCollectionViewUpdates() {
        calls.append("finalize")
        inserted = []; deleted = []
    }
    func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        calls.append("initial \(indexPath.item)")
        return inserted.contains(indexPath) ? transparentAttributesForItem(at: indexPath, centeredAt: center) : layoutAttributesForItem(at: indexPath)
    }
    func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        calls.append("final \(indexPath.item)")
        // (The recipe's: the item's frame as the new layout has it, in the centre, scaled down.)
        var attributes = LayoutAttributes(forCellWith: indexPath, frame: Rect(x: 0, y: 0, width: 20, height: 20))
        attributes.center = center
        attributes.transform = .scale(x: 0.1, y: 0.1)
        attributes.alpha = 0
        return deleted.contains(indexPath) ? attributes : nil
    }
}

private final class ItemCounts: CollectionViewDataSource {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections() -> Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
}

/// The message of the error a batch update throws, or nil where it is taken.
private func refusal(_ view: CollectionView, _ updates: [CollectionViewUpdateItem]) -> String? {
    do throws(CollectionViewUpdateError) {
        try view.performBatchUpdates(updates)
        return nil
    } catch {
        return error.description
    }
}

/// A recipe circle of `counts` items, laid out once.
private func laidOutCircle(_ counts: [Int]) -> (ItemCounts, RecipeCircleLayout, CollectionView) {
    let source = ItemCounts(counts)
    let layout = RecipeCircleLayout(source: source)
    let view = CollectionView(layout: layout, dataSource: source)
    view.layoutIfNeeded()
    return (source, layout, view)
}

@Suite struct BatchUpdateTests {
    @Test func aBatchUpdateTellsTheLayoutItsItemsAndAnimatesThem() throws {
        let (source, layout, view) = laidOutCircle([4])
        let leaving = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        layout.calls = []
        // One deleted, two inserted: 4 - 1 + 2 = 5.
        source.counts = [5]
        let transitions = try view.performBatchUpdates([.delete(IndexPath(item: 1, section: 0)), .insert(IndexPath(item: 3, section: 0)),
                                                        .insert(IndexPath(item: 4, section: 0))])
        #expect(layout.calls == ["invalidate counts", "prepare", "prepare for 3 updates", "final 1", "initial 3", "initial 4", "finalize"])
        #expect(transitions.map(\.update.updateAction) == [.delete, .insert, .insert])
        // The deleted item goes from where it was into the centre; an inserted one from the centre
        // (transparent) to its place on the circle of five.
        #expect(transitions[0].start?.frame == leaving.frame)
        #expect(transitions[0].end?.center == layout.center && transitions[0].end?.alpha == 0)
        let placed = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        #expect(transitions[1].start?.center == layout.center && transitions[1].start?.alpha == 0)
        #expect(transitions[1].end?.frame == placed.frame && transitions[1].end?.alpha == 1)
        #expect(layout.inserted.isEmpty && layout.deleted.isEmpty, "finalize forgot the updates")
    }

    @Test func aMoveGoesFromItsOldPlaceToItsNewOne() throws {
        let (_, layout, view) = laidOutCircle([4])
        let from = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        let transitions = try view.performBatchUpdates([.move(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))])
        #expect(transitions.count == 1 && transitions[0].start?.frame == from.frame)
        #expect(transitions[0].end?.frame == layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame)
    }

    @Test func updatesThatDoNotAddUpAreRefusedAndChangeNothing() throws {
        let (source, layout, view) = laidOutCircle([4, 2])
        layout.calls = []
        source.counts = [6, 2]
        #expect(refusal(view, [.insert(IndexPath(item: 0, section: 0))])
                == "invalid update: section 0 has 6 items after the update and had 4 before; 1 inserted, 0 deleted, 0 moved in and 0 moved out make 5")
        #expect(layout.calls.isEmpty, "the layout was not touched")
        source.counts = [4, 2]
        #expect(refusal(view, [.delete(IndexPath(item: 4, section: 0)), .insert(IndexPath(item: 0, section: 0))])
                == "invalid update: delete \(IndexPath(item: 4, section: 0)) names \(IndexPath(item: 4, section: 0)), which was not there before the update")
        #expect(refusal(view, [.delete(IndexPath(item: 1, section: 0)), .reload(IndexPath(item: 1, section: 0)), .insert(IndexPath(item: 3, section: 0))])
                == "invalid update: reload \(IndexPath(item: 1, section: 0)) names \(IndexPath(item: 1, section: 0)), which another update names too")
        source.counts = [4, 2, 1]
        #expect(refusal(view, [])?.hasPrefix("invalid update: the number of sections changed (2 before, 3 after)") == true)
        // A move between sections counts out of one and into the other.
        source.counts = [3, 3]
        #expect(try view.performBatchUpdates([.move(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 1))]).count == 1)
    }

    @Test func aBoundsChangeInvalidatesWhatTheLayoutSays() {
        final class Sticky: CollectionViewLayout {
            var contexts: [LayoutInvalidationContext] = []
            func prepare() {}
            var collectionViewContentSize: Size { Size(width: 100, height: 1000) }
            func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {}
            func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
            func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }
            func invalidateLayout(with context: LayoutInvalidationContext) { contexts.append(context) }
            func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
            // Only the header that follows the viewport.
            func invalidationContext(forBoundsChange newBounds: Rect) -> LayoutInvalidationContext {
                let context = LayoutInvalidationContext()
                context.invalidateSupplementaryElements(ofKind: "header", at: [IndexPath(item: 0, section: 0)])
                return context
            }
        }
        let layout = Sticky()
        let view = CollectionView(layout: layout, dataSource: ItemCounts([0]))
        view.scroll(to: Rect(x: 0, y: 300, width: 100, height: 100))
        #expect(layout.contexts.count == 1 && !layout.contexts[0].invalidateEverything)
        #expect(layout.contexts[0].invalidatedSupplementaryIndexPaths["header"] == [IndexPath(item: 0, section: 0)])
    }
}
