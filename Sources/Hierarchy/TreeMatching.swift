/// Which node of an old forest each node of a new forest is: the basis of animated updates.
///
/// Nodes match by `id` when both have the same one; otherwise by position: same (matched)
/// parent, same label, and the same rank among that parent's children with that label — a
/// label with or without one trailing "/" (a folder as a directory is read, "src/", is the
/// "src" of a `tree` listing of it).
/// Then, under each matched parent, the children still unmatched pair up in order, as a
/// relabelling (k-th with k-th). A node whose parent is unmatched is unmatched too (an
/// inserted subtree).
public struct TreeMatching: Sendable {
    /// For each new node, the old node it is, or -1 if it was inserted.
    public let oldNodeOfNew: [Int32]
    /// For each old node, the new node it became, or -1 if it was deleted.
    public let newNodeOfOld: [Int32]

    /// Matches `new` against `old` in O(n) expected time.
    public init(old: Tree, new: Tree) {
        var oldOfNew = [Int32](repeating: -1, count: new.count)
        var newOfOld = [Int32](repeating: -1, count: old.count)

        var oldByID: [String: Int32] = [:]
        for (node, id) in old.ids where oldByID.updateValue(node, forKey: id) != nil { oldByID[id] = -2 }
        var newIDCounts: [String: Int] = [:]
        for id in new.ids.values { newIDCounts[id, default: 0] += 1 }
        for (node, id) in new.ids.sorted(by: { $0.key < $1.key }) {
            guard newIDCounts[id] == 1, let oldNode = oldByID[id], oldNode >= 0 else { continue }
            oldOfNew[Int(node)] = oldNode
            newOfOld[Int(oldNode)] = node
        }

        struct Slot: Hashable { var parent: Int32; var label: String; var rank: Int }
        var oldBySlot: [Slot: Int32] = [:]
        var ranks: [Slot: Int] = [:]
        for node in 0..<old.count {
            var slot = Slot(parent: old.parents[node], label: Self.matchedLabel(old.labels[node]), rank: 0)
            slot.rank = ranks[slot, default: 0]
            ranks[Slot(parent: slot.parent, label: slot.label, rank: 0)] = slot.rank + 1
            oldBySlot[slot] = Int32(node)
        }
        ranks = [:]
        // Parents before children: readers add nodes in file order, parents first; a forest
        // built otherwise still matches, just less (parents are matched in a second sweep).
        for _ in 0..<2 {
            ranks = [:]
            for node in 0..<new.count {
                let newParent = new.parents[node]
                let oldParent: Int32 = newParent < 0 ? -1 : oldOfNew[Int(newParent)]
                let key = Slot(parent: oldParent, label: Self.matchedLabel(new.labels[node]), rank: 0)
                let rank = ranks[key, default: 0]
                ranks[key] = rank + 1
                guard oldOfNew[node] < 0, newParent < 0 || oldParent >= 0 else { continue }
                if let oldNode = oldBySlot[Slot(parent: oldParent, label: key.label, rank: rank)], newOfOld[Int(oldNode)] < 0 {
                    oldOfNew[node] = oldNode
                    newOfOld[Int(oldNode)] = Int32(node)
                }
            }
        }
        // Unmatched children of a matched parent pair up in order: relabelled nodes.
        var unmatchedOldChildren: [Int32: [Int32]] = [:]
        for node in 0..<old.count where newOfOld[node] < 0 {
            unmatchedOldChildren[old.parents[node], default: []].append(Int32(node))
        }
        var taken: [Int32: Int] = [:]
        for node in 0..<new.count where oldOfNew[node] < 0 {
            let newParent = new.parents[node]
            let oldParent: Int32 = newParent < 0 ? -1 : oldOfNew[Int(newParent)]
            guard newParent < 0 || oldParent >= 0, let candidates = unmatchedOldChildren[oldParent] else { continue }
            let next = taken[oldParent, default: 0]
            guard next < candidates.count else { continue }
            taken[oldParent] = next + 1
            oldOfNew[node] = candidates[next]
            newOfOld[Int(candidates[next])] = Int32(node)
        }
        oldNodeOfNew = oldOfNew
        newNodeOfOld = newOfOld
    }

    /// A label as matching compares it: without one trailing "/".
    private static func matchedLabel(_ label: String) -> String {
        label.count > 1 && label.hasSuffix("/") ? String(label.dropLast()) : label
    }
}
