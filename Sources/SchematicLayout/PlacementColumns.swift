import Hierarchy

/// The columns a placement along them needs: items in section order, each parent's children
/// a contiguous range of the next section. A `SectionedTree`'s (sharing its arrays), or one
/// with each wrapped block of leaves reduced to one item.
struct PlacementColumns {
    var sectionStarts: [Int32]
    var childStarts: [Int32]
    var parentOfItem: [Int32]

    init(sectionStarts: [Int32], childStarts: [Int32], parentOfItem: [Int32]) {
        self.sectionStarts = sectionStarts
        self.childStarts = childStarts
        self.parentOfItem = parentOfItem
    }

    init(_ tree: SectionedTree) {
        self.init(sectionStarts: tree.sectionStarts, childStarts: tree.childStarts, parentOfItem: tree.parentOfItem)
    }

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

    /// Whether some fan's subtrees nest with `reach` (`NestingReach.nestingFan`).
    func hasNestingFan(_ reach: WrapPlan.NestingReach) -> Bool {
        let top = reach.nestingFan(topLevel: true)
        return rootCount >= top || (0..<rootCount).contains { Int(childStarts[$0 + 1] - childStarts[$0]) >= top }
            || hasFan(of: reach.nestingFan(topLevel: false))
    }

    /// How many children the parent of `item` has, or how many roots there are if it is one.
    func fanSize(of item: Int) -> Int {
        let parent = Int(parentOfItem[item])
        return parent < 0 ? rootCount : Int(childStarts[parent + 1] - childStarts[parent])
    }
}
