/// Sibling subtrees moved whole along their columns (`FarSubtrees`, `SiblingGaps`). The
/// subtrees of consecutive siblings `first...last` are one run of items in each column they
/// span, and the next column's run is that run's children (`childStarts` is monotone): their
/// room is found in one step per column. Moves keep every constraint inside the group, each
/// column's order and separations, and the drawing's extent (as placed when made). Column
/// visits and moved items share a budget linear in the tree, so passes built on it stay O(n).
struct SubtreeRuns {
    let c: UnsafeMutablePointer<Double>
    let constraints: CompactConstraints
    /// The drawing's extent along the columns.
    private(set) var top = Double.infinity, bottom = -Double.infinity
    /// Column visits and moved items still allowed.
    private(set) var work: Int

    init(_ c: UnsafeMutablePointer<Double>, _ constraints: CompactConstraints) {
        self.c = c
        self.constraints = constraints
        let h = constraints.heights.base
        for item in 0..<constraints.count { top = min(top, c[item] - h[item] / 2); bottom = max(bottom, c[item] + h[item] / 2) }
        work = SubtreeRuns.workPerItem * constraints.count
    }

    /// The run in the next column: the children of the run `first...last`.
    @inline(__always)
    func runBelow(_ first: Int, _ last: Int) -> (Int, Int) {
        let children = constraints.childStarts.base
        return (Int(children[first]), Int(children[last + 1]) - 1)
    }

    /// How far the subtrees of `first...last` can move down (or up) together, and how many
    /// items they have; nil once the budget is spent.
    mutating func room(_ first: Int, _ last: Int, down: Bool) -> (room: Double, size: Int)? {
        let h = constraints.heights.base, before = constraints.separationBefore.base
        var (first, last) = (first, last), room = Double.infinity, size = 0
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
            if room <= SubtreeRuns.minimumMove { return (0, size) }
            size += last - first + 1
            (first, last) = runBelow(first, last)
        }
        return (room, size)
    }

    /// Moves the subtrees of `first...last` by up to `wish` (signed) where they have room;
    /// the signed distance moved (0 where less than `minimumMove`, or the move would overspend
    /// the budget), or nil once the budget is spent.
    mutating func move(_ first: Int, _ last: Int, wish: Double) -> Double? {
        guard let (room, size) = room(first, last, down: wish > 0) else { return nil }
        let delta = min(abs(wish), room)
        guard delta > SubtreeRuns.minimumMove, size <= work else { return 0 }
        work -= size
        shift(first, last, by: wish > 0 ? delta : -delta)
        return wish > 0 ? delta : -delta
    }

    /// Moves the subtrees of `first...last` by `delta`, unchecked (an undo).
    func shift(_ first: Int, _ last: Int, by delta: Double) {
        var (first, last) = (first, last)
        while first <= last {
            for member in first...last { c[member] += delta }
            (first, last) = runBelow(first, last)
        }
    }

    /// Column visits and moved items allowed per item of the tree.
    static let workPerItem = 8

    /// Moves shorter than this are not made.
    static let minimumMove = 0.5
}
