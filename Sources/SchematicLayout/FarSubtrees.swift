/// Subtrees the compact placement's sweeps leave far from their parent, pulled back whole.
///
/// A sweep places one column with its neighbours fixed, so a subtree sitting far from its
/// parent cannot come back: its root is held between its own children, and they are centred
/// on it. On phylogenies a cherry stayed 1,900–2,900 px from its parent's junction, reached by
/// a line along half the drawing (Graphviz's dot: 220–270 px at most on the same trees). Moved
/// rigidly, the subtree keeps every constraint inside it; it moves only as far as each column
/// it spans leaves room (each column's items keep their order and separation) within the
/// drawing's extent, so the drawing never grows.
enum FarSubtrees {
    /// Moves each child whose centre lies more than `farther` from its place in its siblings'
    /// block centred on its parent (`CompactSweeps.Offsets.block`) towards that place, with
    /// its subtree, as far as every column the subtree spans has room. Parents are visited
    /// before their children, so a subtree moved carries its own far children along before they
    /// are looked at. A subtree's items in one column are one run of items, and the next
    /// column's are that run's children (`childStarts` is monotone): its room is found in one
    /// step per column. Column visits and moved items are bounded by a budget linear in the
    /// tree (`workPerItem`), so the pass stays O(n) on any tree. Returns whether anything moved.
    @discardableResult
    static func pull(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints,
                     offsets: CompactSweeps.Offsets, farther: Double) -> Bool {
        let count = constraints.count
        guard count > 2 else { return false }
        var moved = false
        let children = constraints.childStarts.base, h = constraints.heights.base
        let before = constraints.separationBefore.base, place = offsets.block.base
        var top = Double.infinity, bottom = -Double.infinity
        for item in 0..<count { top = min(top, c[item] - h[item] / 2); bottom = max(bottom, c[item] + h[item] / 2) }
        var work = workPerItem * count
        /// The subtree's run in the next column: the children of the run `first...last`.
        func runBelow(_ first: Int, _ last: Int) -> (Int, Int) { (Int(children[first]), Int(children[last + 1]) - 1) }

        /// How far the subtree of `item` can move down (or up), and how many items it has;
        /// nil once the budget is spent.
        func room(_ item: Int, down: Bool) -> (room: Double, size: Int)? {
            var first = item, last = item, room = Double.infinity, size = 0
            while first <= last {
                work -= 1
                guard work > 0 else { return nil }
                if down {
                    room = min(room, constraints.isLastInSection(last)
                        ? bottom - (c[last] + h[last] / 2) : c[last + 1] - before[last + 1] - c[last])
                } else {
                    room = min(room, constraints.isFirstInSection(first)
                        ? c[first] - h[first] / 2 - top : c[first] - before[first] - c[first - 1])
                }
                if room <= minimumMove { return (0, size) }
                size += last - first + 1
                (first, last) = runBelow(first, last)
            }
            return (room, size)
        }
        func shift(_ item: Int, by delta: Double) {
            var first = item, last = item
            while first <= last {
                for member in first...last { c[member] += delta }
                (first, last) = runBelow(first, last)
            }
        }
        /// Moves `child`'s subtree by up to `wish` (signed) where it has room.
        func pull(_ child: Int, wish: Double) -> Bool {
            guard let (room, size) = room(child, down: wish > 0) else { return false }
            let delta = min(abs(wish), room)
            guard delta > minimumMove, size <= work else { return true }
            work -= size
            shift(child, by: wish > 0 ? delta : -delta)
            moved = true
            return true
        }
        for parent in 0..<count {
            let first = Int(children[parent]), end = Int(children[parent + 1])
            // (An only child shares its parent's centre.)
            guard end - first >= 2 else { continue }
            // Children above their place, the last first (each makes room for the one before
            // it), then those below, the first first.
            for child in stride(from: end - 1, through: first, by: -1) {
                let wish = c[parent] + place[child] - c[child]
                if wish > farther, !pull(child, wish: wish) { return moved }
            }
            for child in first..<end {
                let wish = c[parent] + place[child] - c[child]
                if wish < -farther, !pull(child, wish: wish) { return moved }
            }
        }
        return moved
    }

    /// Column visits and moved items allowed per item of the tree.
    static let workPerItem = 8

    /// Moves shorter than this are not made.
    static let minimumMove = 0.5
}
