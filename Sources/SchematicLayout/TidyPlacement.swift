import Hierarchy

/// Vertical placement of items across the columns as a tidy tree: each parent centred on the
/// span of its children, siblings in order, neighbouring subtrees at least `padding` apart at
/// every depth, items of any height. Walker's algorithm as made linear by Buchheim, Jünger and
/// Leipert (the formulation of d3-hierarchy's `tree`), on flat arrays and without recursion:
/// the first walk runs in an explicit post-order, the second in breadth-first order.
enum TidyPlacement {
    /// The centre of every global item along the column axis, the smallest top at `padding / 2`.
    static func centers(of sections: PlacementColumns, heights: [Double], padding: Double) -> [Double] {
        // The walks read the columns through plain pointers (no bounds checks at every step).
        sections.childStarts.withUnsafeBufferPointer { childStarts in
            sections.parentOfItem.withUnsafeBufferPointer { parentOfItem in
                heights.withUnsafeBufferPointer { heights in
                    centers(of: sections, childStarts: childStarts.baseAddress!, parentOfItem: parentOfItem.baseAddress,
                            heights: heights.baseAddress, padding: padding)
                }
            }
        }
    }

    private static func centers(of sections: PlacementColumns, childStarts: UnsafePointer<Int32>, parentOfItem: UnsafePointer<Int32>?,
                                heights: UnsafePointer<Double>?, padding: Double) -> [Double] {
        let count = sections.numberOfItems
        guard count > 0, let parentOfItem, let heights else { return [] }
        let root = count  // a virtual root above section 0 makes a forest one tree
        let nodes = count + 1
        // Buffers, not arrays: the walks' nested functions write them without copy-on-write checks.
        let prelim = PlacementBuffer<Double>(repeating: 0, count: nodes)
        let mod = PlacementBuffer<Double>(repeating: 0, count: nodes)
        let shift = PlacementBuffer<Double>(repeating: 0, count: nodes)
        let change = PlacementBuffer<Double>(repeating: 0, count: nodes)
        let thread = PlacementBuffer<Int32>(repeating: -1, count: nodes)
        let ancestor = PlacementBuffer<Int32>(repeating: 0, count: nodes)
        for node in 0..<nodes { ancestor[node] = Int32(node) }
        let subtreeAncestor = PlacementBuffer<Int32>(repeating: -1, count: nodes)  // d3's `A`, per parent

        let rootChildren = Int32(0)..<Int32(sections.numberOfItems(inSection: 0))
        func children(_ v: Int) -> Range<Int32> {
            v == root ? rootChildren : childStarts[v]..<childStarts[v + 1]
        }
        func parent(_ v: Int) -> Int { v == root ? -1 : (parentOfItem[v] < 0 ? root : Int(parentOfItem[v])) }
        func siblingIndex(_ v: Int) -> Int { v - Int(children(parent(v)).lowerBound) }
        func nextLeft(_ v: Int) -> Int {
            let range = children(v)
            return range.isEmpty ? Int(thread[v]) : Int(range.lowerBound)
        }
        func nextRight(_ v: Int) -> Int {
            let range = children(v)
            return range.isEmpty ? Int(thread[v]) : Int(range.upperBound - 1)
        }
        func separation(_ a: Int, _ b: Int) -> Double { (heights[a] + heights[b]) / 2 + padding }
        func moveSubtree(_ wm: Int, _ wp: Int, _ amount: Double) {
            let share = amount / Double(siblingIndex(wp) - siblingIndex(wm))
            change[wp] -= share
            shift[wp] += amount
            change[wm] += share
            prelim[wp] += amount
            mod[wp] += amount
        }
        func executeShifts(_ v: Int) {
            var total = 0.0, changes = 0.0
            for child in children(v).reversed() {
                let w = Int(child)
                prelim[w] += total
                mod[w] += total
                changes += change[w]
                total += shift[w] + changes
            }
        }
        func apportion(_ v: Int, _ w: Int, _ defaultAncestor: Int) -> Int {
            guard w >= 0 else { return defaultAncestor }
            var defaultAncestor = defaultAncestor
            var vip = v, vop = v, vim = w
            var vom = Int(children(parent(v)).lowerBound)
            var sip = mod[vip], sop = mod[vop], sim = mod[vim], som = mod[vom]
            while true {
                vim = nextRight(vim)
                vip = nextLeft(vip)
                guard vim >= 0 && vip >= 0 else { break }
                vom = nextLeft(vom)
                vop = nextRight(vop)
                ancestor[vop] = Int32(v)
                let amount = prelim[vim] + sim - prelim[vip] - sip + separation(vim, vip)
                if amount > 0 {
                    let left = parent(Int(ancestor[vim])) == parent(v) ? Int(ancestor[vim]) : defaultAncestor
                    moveSubtree(left, v, amount)
                    sip += amount
                    sop += amount
                }
                sim += mod[vim]
                sip += mod[vip]
                som += mod[vom]
                sop += mod[vop]
            }
            if vim >= 0 && nextRight(vop) < 0 {
                thread[vop] = Int32(vim)
                mod[vop] += sim - sop
            }
            if vip >= 0 && nextLeft(vom) < 0 {
                thread[vom] = Int32(vip)
                mod[vom] += sip - som
                defaultAncestor = v
            }
            return defaultAncestor
        }

        // First walk, in post-order with siblings left to right.
        var stack: [(node: Int, next: Int32)] = [(root, children(root).lowerBound)]
        while let top = stack.last {
            let range = children(top.node)
            if top.next < range.upperBound {
                stack[stack.count - 1].next += 1
                stack.append((Int(top.next), children(Int(top.next)).lowerBound))
                continue
            }
            stack.removeLast()
            let v = top.node
            guard v != root else { break }
            let p = parent(v)
            let index = siblingIndex(v)
            let w = index > 0 ? v - 1 : -1
            let range2 = children(v)
            if !range2.isEmpty {
                executeShifts(v)
                let midpoint = (prelim[Int(range2.lowerBound)] + prelim[Int(range2.upperBound - 1)]) / 2
                if w >= 0 {
                    prelim[v] = prelim[w] + separation(v, w)
                    mod[v] = prelim[v] - midpoint
                } else {
                    prelim[v] = midpoint
                }
            } else if w >= 0 {
                prelim[v] = prelim[w] + separation(v, w)
            }
            let current = subtreeAncestor[p] >= 0 ? Int(subtreeAncestor[p]) : Int(children(p).lowerBound)
            subtreeAncestor[p] = Int32(apportion(v, w, current))
        }
        executeShifts(root)

        // Second walk: parents come before children in breadth-first (global) order.
        var centers = [Double](repeating: 0, count: count)
        var modSum = [Double](repeating: 0, count: nodes)
        for v in 0..<count {
            let p = parent(v)
            let above = p == root ? 0 : modSum[p]
            centers[v] = prelim[v] + above
            modSum[v] = above + mod[v]
        }
        var lowest = Double.infinity
        for v in 0..<count { lowest = min(lowest, centers[v] - heights[v] / 2) }
        let offset = padding / 2 - lowest
        for v in 0..<count { centers[v] += offset }
        return centers
    }
}
