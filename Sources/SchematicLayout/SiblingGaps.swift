/// Gaps between siblings that the compact placement's sweeps leave open, closed.
///
/// A sweep wants each child at its place in its siblings' block centred on their parent, and
/// the parent in the middle of its children. Where some children are held far down their column
/// (their subtrees must pass a cousin's deep subtree in the columns they reach), the free ones
/// stay at their places above while the parent settles between them: a folder's first two files
/// sat 2,400 px above its next child, the folder half way between, the bus running along an
/// empty column (`tree /usr/lib/llvm-14`'s `lib`). Closing the gap (moving the free group, whole,
/// against the held one) and putting the parent back in its children's middle draws the folder
/// with its files. Runs after the sweeps (they would open it again), as `FarSubtrees` moves
/// subtrees: each column a group spans must have room, the drawing's extent is kept, and work is
/// bounded by a budget linear in the tree.
enum SiblingGaps {
    /// Closes each gap wider than `wider` between consecutive children of a parent, moving the
    /// group of children on one side of it (the smaller first, then the other as far as it still
    /// can) with their subtrees, then moves the parent to its children's middle as far as its
    /// column has room. Parents are visited before their children. Returns whether anything moved.
    @discardableResult
    static func close(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints, wider: Double,
                      childEnds: (Int) -> (first: Double, last: Double)) -> Bool {
        let count = constraints.count
        guard count > 2 else { return false }
        let children = constraints.childStarts.base, h = constraints.heights.base
        let before = constraints.separationBefore.base
        var runs = SubtreeRuns(c, constraints), moved = false
        let top = runs.top, bottom = runs.bottom
        func isOnlyChild(_ item: Int) -> Bool {
            let above = Int(constraints.parentOfItem.base[item])
            return above >= 0 && children[above + 1] - children[above] == 1
        }
        /// Each group moved for the parent at hand, to be undone where that parent cannot then
        /// be brought nearer its children within their span.
        var moves: [(first: Int, last: Int, delta: Double)] = []
        /// Moves the group `first...last` by up to `wish` (signed) where it has room; the
        /// distance moved, or nil once the budget is spent.
        func move(_ first: Int, _ last: Int, wish: Double) -> Double? {
            guard let delta = runs.move(first, last, wish: wish) else { return nil }
            if delta != 0 { moves.append((first, last, delta)) }
            return abs(delta)
        }
        /// Undoes the moves made for the parent at hand; whether anything stays moved.
        func undone() -> Bool {
            for group in moves.reversed() { runs.shift(group.first, group.last, by: -group.delta) }
            moves.removeAll(keepingCapacity: true)
            return moved
        }
        /// The distance from `parent` (at `y`) to its nearest child.
        func nearest(_ parent: Int, at y: Double) -> Double {
            var distance = Double.infinity
            for child in Int(children[parent])..<Int(children[parent + 1]) { distance = min(distance, abs(c[child] - y)) }
            return distance
        }
        for parent in 0..<count {
            let first = Int(children[parent]), end = Int(children[parent + 1])
            guard end - first >= 2, !isOnlyChild(parent) else { continue }
            moves.removeAll(keepingCapacity: true)
            let nearestBefore = nearest(parent, at: c[parent])
            for upper in stride(from: end - 2, through: first, by: -1) {
                let gap = c[upper + 1] - before[upper + 1] - c[upper]
                guard gap > wider else { continue }
                // The smaller side first: the upper group down, or the lower one up.
                let upperFirst = upper + 1 - first <= end - upper - 1
                // (Out of budget: this parent's moves undone, and the pass ends.)
                guard let done = upperFirst ? move(first, upper, wish: gap) : move(upper + 1, end - 1, wish: -gap) else { return undone() }
                if gap - done > SubtreeRuns.minimumMove {
                    guard upperFirst ? move(upper + 1, end - 1, wish: -(gap - done)) != nil : move(first, upper, wish: gap - done) != nil else { return undone() }
                }
            }
            guard !moves.isEmpty else { continue }
            // The parent to its children's middle, as far as its column has room; kept where it
            // is then inside its children's span and nearer its nearest child by a gap's width.
            // (A parent that is an only child is not visited: it keeps its chain's line.)
            let ends = childEnds(parent)
            let low = c[first] + ends.first, high = c[end - 1] + ends.last
            var target = (low + high) / 2
            if constraints.isFirstInSection(parent) { target = max(target, top + h[parent] / 2) } else { target = max(target, c[parent - 1] + before[parent]) }
            if constraints.isLastInSection(parent) { target = min(target, bottom - h[parent] / 2) } else { target = min(target, c[parent + 1] - before[parent + 1]) }
            if target >= low - 1, target <= high + 1, nearest(parent, at: target) < nearestBefore - wider {
                c[parent] = target
                moved = true
            } else {
                _ = undone()
            }
        }
        return moved
    }
}
