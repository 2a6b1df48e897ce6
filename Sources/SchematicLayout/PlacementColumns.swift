import Hierarchy

/// The columns a placement along them needs: items in section order, each parent's children
/// a contiguous range of the next section. A `SectionedTree`'s (sharing its arrays), or one
/// with each wrapped block of leaves reduced to one item.
struct PlacementColumns {
    var sectionStarts: [Int32]
    var childStarts: [Int32]
    var parentOfItem: [Int32]
    /// Per item, whether an additional or distant parent's connector starts or ends at it (empty
    /// when the tree has none): such an item stays out of wrapped blocks, whose members that
    /// connector would run through.
    var isAdditionallyLinked: [Bool] = []

    init(sectionStarts: [Int32], childStarts: [Int32], parentOfItem: [Int32]) {
        self.sectionStarts = sectionStarts
        self.childStarts = childStarts
        self.parentOfItem = parentOfItem
    }

    init(_ tree: SectionedTree) {
        self.init(sectionStarts: tree.sectionStarts, childStarts: tree.childStarts, parentOfItem: tree.parentOfItem)
        guard !tree.additionalParentsOfItem.isEmpty || !tree.distantParentsOfItem.isEmpty else { return }
        isAdditionallyLinked = [Bool](repeating: false, count: numberOfItems)
        for links in [tree.additionalParentsOfItem, tree.distantParentsOfItem] {
            for (child, parents) in links {
                isAdditionallyLinked[Int(child)] = true
                for parent in parents { isAdditionallyLinked[Int(parent)] = true }
            }
        }
    }

    /// Whether some item has an additional parent.
    var hasAdditionalParents: Bool { !isAdditionallyLinked.isEmpty }

    /// Whether an additional parent's connector starts or ends at `item`.
    func isAdditionallyLinked(_ item: Int) -> Bool { !isAdditionallyLinked.isEmpty && isAdditionallyLinked[item] }

    var numberOfItems: Int { parentOfItem.count }
    var numberOfSections: Int { sectionStarts.count - 1 }
    func numberOfItems(inSection section: Int) -> Int { Int(sectionStarts[section + 1] - sectionStarts[section]) }

    /// How many roots there are: they wrap as a fan's children do (`WrapPlan`).
    var rootCount: Int { numberOfSections > 0 ? numberOfItems(inSection: 0) : 0 }

    /// Whether some parent has at least `fan` children, or there are that many roots.
    func hasFan(of fan: Int) -> Bool {
        rootCount >= fan || childStarts.withUnsafeBufferPointer { starts in
            (0..<numberOfItems).contains { Int(starts[$0 + 1] - starts[$0]) >= fan }
        }
    }

    /// Whether some fan's subtrees may nest (`NestingReach.nestingFan`): a fan of the first
    /// tier (the roots too, only as one, with the top reaches); a root's (`topFans`; a forest's
    /// smaller ones are `hasForestTopNestingFan`'s) with a child whose subtree is at most
    /// `deepestBigNesting` levels deep (a root over four deep binary trees has none: trying its
    /// panels cost a third more time for the same drawing); or any fan of `topNestingFan` or
    /// more with a child whose subtree `deepBigFans` takes (Maven's `com` folder; the larger
    /// `deepLargeFans` needs a fan of the first tier). O(n).
    func hasNestingFan() -> Bool {
        if hasFan(of: WrapPlan.autoFanTiers[0]) { return true }
        let top = WrapPlan.topNestingFan, shape = subtreeShape()
        for root in 0..<rootCount where Int(childStarts[root + 1] - childStarts[root]) >= top {
            if hasNestingChild(Int(childStarts[root])..<Int(childStarts[root + 1]), largest: .max, shape) { return true }
        }
        for item in 0..<numberOfItems {
            let children = Int(childStarts[item])..<Int(childStarts[item + 1])
            if children.count >= top && hasNestingChild(children, largest: WrapPlan.largestDeepBigNestedSubtree, shape) { return true }
        }
        return false
    }

    /// Whether `NestingReach.forestTopFans` nests a fan `topFans` does not: in a forest, a
    /// root's fan of `forestTopNestingFan` (and `shortestRun`, the shortest run that wraps) to
    /// `topNestingFan` − 1 children with a child whose subtree is at most `deepestBigNesting`
    /// levels deep. O(n).
    func hasForestTopNestingFan(shortestRun: Int) -> Bool {
        let roots = rootCount
        let smallest = max(WrapPlan.forestTopNestingFan, shortestRun)
        guard smallest < WrapPlan.topNestingFan else { return false }
        let fans = smallest..<WrapPlan.topNestingFan
        func fan(_ root: Int) -> Range<Int> { Int(childStarts[root])..<Int(childStarts[root + 1]) }
        guard roots > 1, (0..<roots).contains(where: { fans.contains(fan($0).count) }) else { return false }
        let shape = subtreeShape()
        return (0..<roots).contains { fans.contains(fan($0).count) && hasNestingChild(fan($0), largest: .max, shape) }
    }

    /// Levels below and nodes under each item, bottom up (children follow their parents). O(n).
    private func subtreeShape() -> (levels: [Int8], sizes: [Int32]) {
        var levels = [Int8](repeating: 0, count: numberOfItems)
        var sizes = [Int32](repeating: 1, count: numberOfItems)
        for item in stride(from: numberOfItems - 1, through: 0, by: -1) {
            for child in Int(childStarts[item])..<Int(childStarts[item + 1]) {
                levels[item] = max(levels[item], min(levels[child] + 1, 100))
                sizes[item] = min(sizes[item] + sizes[child], 1 << 30)
            }
        }
        return (levels, sizes)
    }

    /// Whether a fan has a child whose subtree nests: at most `deepestBigNesting` levels deep
    /// and of at most `largest` nodes.
    private func hasNestingChild(_ fan: Range<Int>, largest: Int, _ shape: (levels: [Int8], sizes: [Int32])) -> Bool {
        fan.contains {
            childStarts[$0 + 1] > childStarts[$0] && Int(shape.levels[$0]) <= WrapPlan.deepestBigNesting && Int(shape.sizes[$0]) <= largest
        }
    }

    /// How many children the parent of `item` has, or how many roots there are if it is one.
    func fanSize(of item: Int) -> Int {
        let parent = Int(parentOfItem[item])
        return parent < 0 ? rootCount : Int(childStarts[parent + 1] - childStarts[parent])
    }
}
