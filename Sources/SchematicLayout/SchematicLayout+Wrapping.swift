import Hierarchy

/// Wrapping: which row limit `auto` draws with, judged on real placements where that is cheap.
extension SchematicLayout {
    /// Places every item with the wrap plan just made. With `auto`, the plan's row limit is the
    /// estimate's (from the columns' stacks alone); the placement can come out quite
    /// differently, so trees of up to `WrapPlan.measuredChoiceItems` items also try limits
    /// around it (from half to three times it), then blocks filling the room beside them
    /// (`WrapPlan.fills`) at one to three times the best, each placed, and keep the drawing of least
    /// area that is within `targetAspect` of square either way (else the least area times how
    /// far it is beyond that: a drawing that cannot be squared is not blown up trying). Bigger
    /// trees only lower the limit while the placement comes out broader than that (at most
    /// three more placements). Trees beyond `alwaysMeasuredItems` that the estimate says cannot
    /// be squared keep the estimate's blocks. Either way O(n) per placement and a bounded number.
    func placeWrappedItemsChoosingRows() {
        placeWrappedItems()
        guard configuration.wrap == .auto, let estimated = wrapPlan,
              estimated.estimateFits || dataController.numberOfItems <= WrapPlan.alwaysMeasuredItems else { return }
        let columns = PlacementColumns(dataController)
        func plan(rowLimit: Int, fills: Bool = false) -> WrapPlan? {
            WrapPlan(sections: columns, widths: itemWidths, heights: itemHeights, configuration: configuration,
                     rowLimit: rowLimit, smallestFan: estimated.smallestFan, fills: fills)
        }
        func drawn() -> (aspect: Double, area: Double) {
            let breadth = sectionHeights.max() ?? 0, depth = wrappedContentWidth()
            return (breadth / max(depth, 1), breadth * depth)
        }
        /// How far beyond `targetAspect` of square, either way (at most 1 when it fits).
        func misfit(_ aspect: Double) -> Double { max(aspect / WrapPlan.targetAspect, 1 / max(aspect * WrapPlan.targetAspect, 1e-9)) }
        func fits(_ aspect: Double) -> Bool { misfit(aspect) <= 1 }
        guard dataController.numberOfItems <= WrapPlan.measuredChoiceItems else {
            for _ in 0..<3 {
                guard let current = wrapPlan, current.rowLimit > WrapPlan.fewestAutoRows else { break }
                let aspect = drawn().aspect
                guard aspect > WrapPlan.targetAspect * 1.1 else { break }
                let limit = max(WrapPlan.fewestAutoRows, min(current.rowLimit - 1, Int(Double(current.rowLimit) * WrapPlan.targetAspect / aspect)))
                guard let next = plan(rowLimit: limit) else { break }
                wrapPlan = next
                placeWrappedItems()
            }
            return
        }
        var best = (plan: estimated, drawing: drawn())
        var tried: [Int: Bool] = [estimated.rowLimit: fits(best.drawing.aspect)], triedFilling: [Int: Bool] = [:]
        /// Places with `limit` (once) and keeps it if it is better; whether it fits the target.
        @discardableResult func judge(_ limit: Int, fills: Bool = false) -> Bool? {
            if let fits = fills ? triedFilling[limit] : tried[limit] { return fits }
            guard let candidate = plan(rowLimit: limit, fills: fills) else { return nil }
            wrapPlan = candidate
            placeWrappedItems()
            let drawing = drawn()
            let fitting = fits(drawing.aspect), bestFits = fits(best.drawing.aspect)
            if fills { triedFilling[limit] = fitting } else { tried[limit] = fitting }
            if fitting && (!bestFits || drawing.area < best.drawing.area) || !bestFits && !fitting
                && drawing.area * misfit(drawing.aspect) < best.drawing.area * misfit(best.drawing.aspect) {
                best = (candidate, drawing)
            }
            return fitting
        }
        for factor in [0.5, 0.75, 1.5, 2, 3] {
            judge(max(WrapPlan.fewestAutoRows, Int((Double(estimated.rowLimit) * factor).rounded())))
        }
        // Area falls and breadth grows with the limit: between the best fitting limit and the
        // next one tried that does not fit, a few bisection steps find a larger one that fits.
        if fits(best.drawing.aspect),
           var broad = tried.filter({ !$0.value && $0.key > best.plan.rowLimit }).keys.min() {
            var fitting = best.plan.rowLimit
            for _ in 0..<3 where broad - fitting > 1 {
                let middle = (fitting + broad) / 2
                guard let fits = judge(middle) else { break }
                if fits { fitting = middle } else { broad = middle }
            }
        }
        // Blocks filling the room beside them (`WrapPlan.fills`) lower the columns without
        // deepening the drawing: tried at the best limit and at larger ones, which they let fit.
        let chosen = best.plan.rowLimit
        for factor in [1.0, 1.5, 2, 3] { judge(Int((Double(chosen) * factor).rounded()), fills: true) }
        if wrapPlan?.rowLimit != best.plan.rowLimit || wrapPlan?.fills != best.plan.fills {
            wrapPlan = best.plan
            placeWrappedItems()
        }
    }

    /// The canonical content width of the wrapped placement just made (before `prepare`
    /// positions the columns): the columns and the blocks reaching past them.
    func wrappedContentWidth() -> Double {
        var left = configuration.sectionMargin, right = 0.0
        for section in 0..<sectionWidths.count {
            right = max(right, left + max(sectionWidths[section], sectionExtents[section]))
            left += sectionWidths[section] + configuration.sectionPadding
        }
        return right + configuration.sectionMargin
    }
}
