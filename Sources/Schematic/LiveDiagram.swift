/// A drawing that follows its source as it is edited (`schematic serve`). Each new tree is
/// matched against the one shown (`TreeMatching`); when only a few labels changed (up to
/// `largestRelabel`), the layout is updated in place through `Diagram.setLabel` (a targeted
/// invalidation context per label), else the new tree is laid out again. Either way the update says how every node moves, as
/// `Diagram.transitions(from:)` does.
public struct LiveDiagram {
    /// The drawing shown now.
    public private(set) var diagram: Diagram
    /// 0 for the first drawing, one more for each update.
    public private(set) var version = 0

    /// How the layout answered a change.
    public enum Reflow: Equatable, Sendable {
        /// Only labels changed (this many): each went through the layout's targeted invalidation.
        case relabelled(Int)
        /// The structure changed (or something besides labels): the new tree was laid out again.
        case laidOutAgain
    }

    /// One change of the drawing.
    public struct Update: Sendable {
        public var reflow: Reflow
        /// How each node moves (new nodes first, then deleted ones).
        public var transitions: [ElementTransition]
        public var oldContentSize: Size
        public var newContentSize: Size
        /// The version the update made.
        public var version: Int
    }

    /// The most labels changed in place: each is one invalidation, so beyond a few, laying
    /// the tree out once is cheaper.
    public static let largestRelabel = 16

    public init(_ diagram: Diagram) {
        self.diagram = diagram
    }

    /// Shows `tree` instead; throws, keeping the drawing, when it cannot be laid out.
    public mutating func update(to tree: Tree) throws(DiagramError) -> Update {
        let old = diagram
        let oldSize = old.layout.collectionViewContentSize
        let matching = TreeMatching(old: old.dataController.tree, new: tree)
        let transitions: [ElementTransition]
        let reflow: Reflow
        if let relabels = labelChanges(to: tree, matching: matching) {
            // The layout changes in place: keep what the old attributes were first.
            let oldController = old.dataController
            var recorded: [LayoutAttributes] = []
            recorded.reserveCapacity(oldController.numberOfItems)
            for item in 0..<oldController.numberOfItems {
                let position = oldController.position(ofNode: Int(oldController.nodeOfItem[item]))
                recorded.append(old.layout.layoutAttributesForItem(at: IndexPath(item: position.item, section: position.section))!)
            }
            for (node, label) in relabels { diagram.setLabel(label, ofNode: node) }
            transitions = diagram.transitions(
                from: oldController, matching: matching,
                oldAttributes: { recorded[oldController.globalItem(section: $0.section, item: $0.item)] },
                // Every node is matched: nothing disappears.
                oldDisappearingAttributes: { recorded[oldController.globalItem(section: $0.section, item: $0.item)] })
            reflow = .relabelled(relabels.count)
        } else {
            let new = try Diagram(tree: tree, options: old.options)
            transitions = new.transitions(from: old.dataController, matching: matching,
                                          oldAttributes: { old.layout.layoutAttributesForItem(at: $0)! },
                                          oldDisappearingAttributes: { old.layout.finalLayoutAttributesForDisappearingItem(at: $0)! })
            diagram = new
            reflow = .laidOutAgain
        }
        version += 1
        return Update(reflow: reflow, transitions: transitions, oldContentSize: oldSize,
                      newContentSize: diagram.layout.collectionViewContentSize, version: version)
    }

    /// The nodes whose labels change, when nothing else does, every node keeps its match and
    /// there are few of them; nil when the tree is to be laid out again. Junctions (empty labels) size differently,
    /// and effects name nodes by label, so changes that touch them are laid out again.
    private func labelChanges(to tree: Tree, matching: TreeMatching) -> [(node: Int, label: String)]? {
        let current = diagram.dataController.tree
        guard diagram.options.effects.isEmpty, tree.count == current.count, tree.parents == current.parents,
              tree.types == current.types, tree.ids == current.ids, tree.attributes == current.attributes,
              tree.additionalParents == current.additionalParents,
              !matching.oldNodeOfNew.contains(-1) else { return nil }
        var changes: [(node: Int, label: String)] = []
        for node in 0..<tree.count where tree.labels[node] != current.labels[node] {
            if tree.labels[node].isEmpty || current.labels[node].isEmpty { return nil }
            changes.append((node, tree.labels[node]))
            if changes.count > Self.largestRelabel { return nil }
        }
        return changes
    }

    /// The live page's message showing this drawing (an interactive SVG with `options`), with
    /// `update`'s transition when the drawing comes from one (see `TransitionPages`).
    public func drawingMessage(_ update: Update?, options: Diagram.RenderOptions) throws(DiagramError) -> [UInt8] {
        var svgOptions = options
        svgOptions.format = .svg
        svgOptions.interactive = true
        let svg = try diagram.rendered(svgOptions)
        var transitionJSON: [UInt8]?
        if let update {
            var bytes: [UInt8] = []
            var output = OutputBuffer { bytes.append(contentsOf: $0) }
            TransitionJSONRenderer().render(oldContentSize: update.oldContentSize, newContentSize: update.newContentSize,
                                            transitions: update.transitions, into: &output)
            output.finish()
            transitionJSON = bytes
        }
        return TransitionPages.drawingMessage(version: version, from: update.map { $0.version - 1 }, nodes: diagram.dataController.numberOfItems,
                                              svg: svg, transitionJSON: transitionJSON)
    }
}
