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
    /// are looked at. Room and budget as `SubtreeRuns` finds and keeps them (O(n) on any tree).
    /// Returns whether anything moved.
    @discardableResult
    static func pull(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints,
                     offsets: CompactSweeps.Offsets, farther: Double) -> Bool {
        let count = constraints.count
        guard count > 2 else { return false }
        var anyMoved = false
        let children = constraints.childStarts.base, place = offsets.block.base
        var runs = SubtreeRuns(c, constraints)
        /// Moves `child`'s subtree by up to `wish` (signed) where it has room; false once the
        /// budget is spent.
        func pull(_ child: Int, wish: Double) -> Bool {
            guard let moved = runs.move(child, child, wish: wish) else { return false }
            if moved != 0 { anyMoved = true }
            return true
        }
        for parent in 0..<count {
            let first = Int(children[parent]), end = Int(children[parent + 1])
            // (An only child lies at its parent's centre, or a bend away: not pulled.)
            guard end - first >= 2 else { continue }
            // Children above their place, the last first (each makes room for the one before
            // it), then those below, the first first.
            for child in stride(from: end - 1, through: first, by: -1) {
                let wish = c[parent] + place[child] - c[child]
                if wish > farther, !pull(child, wish: wish) { return anyMoved }
            }
            for child in first..<end {
                let wish = c[parent] + place[child] - c[child]
                if wish < -farther, !pull(child, wish: wish) { return anyMoved }
            }
        }
        return anyMoved
    }
}
