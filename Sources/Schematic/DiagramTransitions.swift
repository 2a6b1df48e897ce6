extension Diagram {
    /// How every node moves from `old` to this diagram: matched nodes go from their old
    /// attributes to their new ones; inserted nodes start from the layout's
    /// `initialLayoutAttributesForAppearingItem` (at their parent, transparent); deleted nodes
    /// end at the old layout's `finalLayoutAttributesForDisappearingItem` (shrunk into their
    /// parent, transparent). New nodes come first in index-path order, then deleted ones.
    public func transitions(from old: Diagram) -> [ElementTransition] {
        let matching = TreeMatching(old: old.dataController.tree, new: dataController.tree)
        var result: [ElementTransition] = []
        result.reserveCapacity(dataController.numberOfItems)
        for item in 0..<dataController.numberOfItems {
            let node = Int(dataController.nodeOfItem[item])
            let position = dataController.position(ofNode: node)
            let path = IndexPath(item: position.item, section: position.section)
            let final = layout.layoutAttributesForItem(at: path)!
            let label = dataController.tree.labels[node]
            let oldNode = Int(matching.oldNodeOfNew[node])
            if oldNode < 0 {
                result.append(ElementTransition(
                    change: .inserted, label: label, type: dataController.tree.types[node], relabelled: false, moved: false,
                    oldIndexPath: nil, newIndexPath: path,
                    initial: layout.initialLayoutAttributesForAppearingItem(at: path)!, final: final))
                continue
            }
            let oldPosition = old.dataController.position(ofNode: oldNode)
            let oldPath = IndexPath(item: oldPosition.item, section: oldPosition.section)
            let initial = old.layout.layoutAttributesForItem(at: oldPath)!
            let relabelled = old.dataController.tree.labels[oldNode] != label
                || old.dataController.tree.types[oldNode] != dataController.tree.types[node]
            let moved = initial.frame != final.frame
            result.append(ElementTransition(
                change: relabelled || moved ? .updated : .unchanged, label: label, type: dataController.tree.types[node],
                relabelled: relabelled, moved: moved, oldIndexPath: oldPath, newIndexPath: path, initial: initial, final: final))
        }
        for oldItem in 0..<old.dataController.numberOfItems {
            let oldNode = Int(old.dataController.nodeOfItem[oldItem])
            guard matching.newNodeOfOld[oldNode] < 0 else { continue }
            let position = old.dataController.position(ofNode: oldNode)
            let path = IndexPath(item: position.item, section: position.section)
            result.append(ElementTransition(
                change: .deleted, label: old.dataController.tree.labels[oldNode], type: old.dataController.tree.types[oldNode],
                relabelled: false, moved: false, oldIndexPath: path, newIndexPath: nil,
                initial: old.layout.layoutAttributesForItem(at: path)!,
                final: old.layout.finalLayoutAttributesForDisappearingItem(at: path)!))
        }
        return result
    }

    /// Renders the transitions from `old` as JSON (`schematic diff`).
    public func renderTransitions(from old: Diagram, sink: @escaping ([UInt8]) -> Void) {
        var output = OutputBuffer(sink: sink)
        TransitionJSONRenderer().render(oldContentSize: old.layout.collectionViewContentSize,
                                        newContentSize: layout.collectionViewContentSize,
                                        transitions: transitions(from: old), into: &output)
        output.finish()
    }
}
