extension Diagram {
    /// How every node moves from `old` to this diagram: matched nodes go from their old
    /// attributes to their new ones; inserted nodes start from the layout's
    /// `initialLayoutAttributesForAppearingItem` (at their parent, transparent); deleted nodes
    /// end at the old layout's `finalLayoutAttributesForDisappearingItem` (shrunk into their
    /// parent, transparent). New nodes come first in index-path order, then deleted ones.
    public func transitions(from old: Diagram) -> [ElementTransition] {
        transitions(from: old.dataController, matching: TreeMatching(old: old.dataController.tree, new: dataController.tree),
                    oldAttributes: { old.layout.layoutAttributesForItem(at: $0)! },
                    oldDisappearingAttributes: { old.layout.finalLayoutAttributesForDisappearingItem(at: $0)! })
    }

    /// The transitions from an old drawing known by its data controller and its items' attributes
    /// (the old layout itself, or what was recorded of it before it changed in place).
    func transitions(from old: SectionedTree, matching: TreeMatching,
                     oldAttributes: (IndexPath) -> LayoutAttributes,
                     oldDisappearingAttributes: (IndexPath) -> LayoutAttributes) -> [ElementTransition] {
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
            let oldPosition = old.position(ofNode: oldNode)
            let oldPath = IndexPath(item: oldPosition.item, section: oldPosition.section)
            let initial = oldAttributes(oldPath)
            let relabelled = old.tree.labels[oldNode] != label || old.tree.types[oldNode] != dataController.tree.types[node]
            let moved = initial.frame != final.frame
            result.append(ElementTransition(
                change: relabelled || moved ? .updated : .unchanged, label: label, type: dataController.tree.types[node],
                relabelled: relabelled, moved: moved, oldIndexPath: oldPath, newIndexPath: path, initial: initial, final: final))
        }
        for oldItem in 0..<old.numberOfItems {
            let oldNode = Int(old.nodeOfItem[oldItem])
            guard matching.newNodeOfOld[oldNode] < 0 else { continue }
            let position = old.position(ofNode: oldNode)
            let path = IndexPath(item: position.item, section: position.section)
            result.append(ElementTransition(
                change: .deleted, label: old.tree.labels[oldNode], type: old.tree.types[oldNode],
                relabelled: false, moved: false, oldIndexPath: path, newIndexPath: nil,
                initial: oldAttributes(path), final: oldDisappearingAttributes(path)))
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

extension Diagram {
    /// Renders a self-contained HTML page that plays the transition from `old` to this
    /// drawing (`schematic diff --format html`); `options` style both drawings (SVG).
    public func renderTransitionPage(from old: Diagram, title: String, options: RenderOptions, sink: @escaping ([UInt8]) -> Void) throws(DiagramError) {
        var svgOptions = options
        svgOptions.format = .svg
        svgOptions.interactive = true
        let oldSVG = try old.rendered(svgOptions)
        let newSVG = try rendered(svgOptions)
        var transitionJSON: [UInt8] = []
        renderTransitions(from: old) { transitionJSON.append(contentsOf: $0) }
        var output = OutputBuffer(sink: sink)
        TransitionPages.writeDiffPage(title: title, oldSVG: oldSVG, newSVG: newSVG, transitionJSON: transitionJSON, into: &output)
        output.finish()
    }
}
