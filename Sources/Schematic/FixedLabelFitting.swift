import CollectionLayout
import Hierarchy
import LabelMetrics

/// Labels in boxes of a fixed size (`--sizing fixed`): those wider or longer than their box
/// are wrapped to its width and cut at the lines its height holds, the last ending with "…"
/// (the whole text stays the node's tooltip and JSON label). Drawn as they were, they ran out of
/// their boxes over their neighbours' (a review's systemd folder: 348 of 450 labels wider than
/// the 120 px box, by up to 459 px).
enum FixedLabelFitting {
    /// The fitted lines of the labels that need them, by global item; empty where the label
    /// font cannot be loaded (the labels are then drawn as they are).
    static func lines(of tree: SectionedTree, box: Size, style: LabelStyle = LabelStyle()) -> [Int: [String]] {
        guard let fonts = try? FontSet(family: style.fontFamily, size: style.fontSize) else { return [:] }
        let measurer = TextMeasurer(fonts: fonts)
        let width = max(1, box.width - 2 * style.horizontalPadding)
        // (The renderers space lines 1.2 font sizes apart where no font was measured.)
        let lineCount = max(1, Int(((box.height - 2 * style.verticalPadding) / (style.fontSize * 1.2)).rounded(.down)))
        var fitted: [Int: [String]] = [:]
        for item in 0..<tree.numberOfItems {
            let label = tree.label(ofItem: item)
            guard !label.isEmpty, let lines = measurer.fittedLines(label, maxWidth: width, maxLines: lineCount) else { continue }
            fitted[item] = lines
        }
        return fitted
    }

    /// The warning for labels drawn shortened in their fixed boxes, or nil.
    static func shortenedMessage(_ fitted: [Int: [String]], _ tree: SectionedTree) -> String? {
        guard let (count, start) = Diagram.shortenedLabels(fitted, tree) else { return nil }
        return "\(count == 1 ? "a label" : "\(count) labels") longer than the fixed node size drawn shortened with \"…\" (the first: \"\(start)…\"); "
            + "the whole text is in the node's tooltip in SVG and HTML (--node-size enlarges the boxes, --sizing fit sizes them to their labels)"
    }
}
