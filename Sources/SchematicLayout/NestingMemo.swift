import Synchronization

/// The nesting blocks one `auto` search has laid out, by everything a block's layout reads
/// besides the tree and its sizes (`NestingLayout.init`'s settings): candidate plans a step
/// apart lay the same runs out alike (a random 1,000-node tree laid each of its root's two
/// blocks out 8 to 12 times, a quarter of its layout time). Kept while the blocks held total at
/// most `itemBudget` items; a layout is a pure function of its key and of the search's tree
/// (`WrappedPlacement.Tree`, whose sizes never change), so a hit is the same block to the last bit.
final class NestingMemo: Sendable {
    struct Key: Hashable, Sendable {
        let first: Int, length: Int, panels: Int?, listRows: [Int32]?
        let nestingShape: UInt64, shortestHangingList: Int, breaksPanels: Bool, evensPanels: Bool
        /// The configuration's gaps and direction (one search has one, but a key that holds
        /// them cannot be wrong if it had two).
        let padding: UInt64, gutter: UInt64, innerGap: UInt64, hangsLists: Bool
    }
    private struct State: Sendable {
        var layouts: [Key: NestingLayout?] = [:]
        var items = 0
    }
    private let state = Mutex(State())

    /// Items held at most over all blocks (each holds a few numbers per item).
    static let itemBudget = 400_000

    init() {}

    /// The block for `key`, laid out by `layOut` the first time.
    func layout(_ key: Key, layOut: () -> NestingLayout?) -> NestingLayout? {
        if let known = state.withLock({ $0.layouts[key] }) { return known }
        let layout = layOut()
        state.withLock { state in
            let items = layout?.total ?? 1
            guard state.items + items <= NestingMemo.itemBudget else { return }
            if state.layouts.updateValue(layout, forKey: key) == nil { state.items += items }
        }
        return layout
    }
}
