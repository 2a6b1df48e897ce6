import Synchronization

/// The placements one `auto` search has made, by their plans' geometry, so that a plan drawing
/// the same blocks as one placed before is not placed again: panel heights a step apart often
/// balance a fan's panels alike, and a block whose panels `breaksPanels` finds no better breaks
/// for is laid out as before (Python's class tree: 40 of 98 placements were repeats; ISO 3166-1
/// 20 of 61). A placement reads nothing of its plan but the geometry (`WrapPlan.sameGeometry`),
/// so a repeat is the earlier placement with its own plan, the same to the last bit.
///
/// Holds the last `capacity` distinct placements (repeats come within a few batches).
final class PlacementMemo: Sendable {
    private struct Entry: Sendable {
        let hash: Int
        let placement: WrappedPlacement
    }
    private let entries = Mutex<[Entry]>([])
    let capacity: Int

    /// A memo for a tree of `items` items: up to 16 placements, fewer for big trees (each holds
    /// a top and a left per item).
    init(items: Int) {
        capacity = min(PlacementMemo.mostEntries, max(2, PlacementMemo.itemBudget / max(items, 1)))
    }

    static let mostEntries = 16
    /// Items held at most over all entries, for trees of more than `itemBudget / mostEntries`.
    static let itemBudget = 160_000

    /// The placement of a plan with `plan`'s geometry made before, now with `plan`, or nil.
    func placement(of plan: WrapPlan, hash: Int) -> WrappedPlacement? {
        entries.withLock { entries in
            entries.last { $0.hash == hash && $0.placement.plan.sameGeometry(as: plan) }
        }.map { $0.placement.with(plan) }
    }

    /// Keeps `placement` (its plan's geometry hashed to `hash`), the oldest dropped beyond `capacity`.
    func remember(_ placement: WrappedPlacement, hash: Int) {
        entries.withLock { entries in
            if entries.contains(where: { $0.hash == hash && $0.placement.plan.sameGeometry(as: placement.plan) }) { return }
            if entries.count == capacity { entries.removeFirst() }
            entries.append(Entry(hash: hash, placement: placement))
        }
    }
}
