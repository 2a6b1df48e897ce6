import Dispatch
import Hierarchy
import Synchronization

/// Wrapping: which row limit `auto` draws with, judged on real placements where that is cheap.
extension SchematicLayout {
    /// Whether the drawing wraps a fan's small folders with their leaves, as panels
    /// (`SchematicLayoutConfiguration.nestsFolders`).
    public var wrapsFolders: Bool { wrapPlan?.nestsFolders ?? false }

    /// Places every item with the wrap plan just made. With `auto`, the plan's row limit is the
    /// estimate's (from the columns' stacks alone); the placement can come out quite
    /// differently, so trees of up to `WrapPlan.measuredChoiceItems` items also try limits
    /// around it (from half to three times it), then blocks filling the room beside them
    /// (`WrapPlan.fills`) at one to three times the best, each placed, and keep the drawing that
    /// fits on the least page within `targetAspect` of square either way (its area where it is
    /// within that, else its area times how far it is beyond: a drawing that cannot be squared
    /// is not blown up trying, nor squared by growing its short side; between two drawings both
    /// beyond 3:1, `WrapPlan.cost` weighs the area in, and the filled blocks are also tried
    /// around the best by page alone). Bigger
    /// trees only lower the limit while the placement comes out broader than that (at most
    /// three more placements, none kept that grows the area `WrapPlan.squaringAreaGrowth`
    /// times). Trees beyond `alwaysMeasuredItems` that the estimate says cannot be squared keep
    /// the estimate's blocks, but may nest their wide fans' subtrees. Either way O(n) per
    /// placement and a bounded number.
    ///
    /// Limits that do not depend on each other's outcome are placed at once, one per core
    /// (`WrappedPlacement` is a value), and judged in the order listed: the same choice as one
    /// at a time.
    ///
    /// Returns false, placing nothing, where the best drawing wraps only fans smaller than the
    /// first tier and the drawing without them is on a smaller page: `prepare` then draws it
    /// unwrapped (the stacks the estimate reads can promise a gain the placement does not keep,
    /// as with the cherries of a binary phylogeny); so it does where the best drawing's page is
    /// more than `WrapPlan.smallerFansGain` of `unwrapped`'s, where given.
    func placeWrappedItemsChoosingRows(keepingUnless unwrapped: WrapDrawing? = nil) -> Bool {
        guard configuration.wrap == .auto, let estimated = wrapPlan else {
            placeWrappedItems()
            return true
        }
        let tree = wrappedPlacementTree, configuration = configuration
        // Beyond `alwaysMeasuredItems`, where the estimate says no row limit brings the drawing
        // to the target, its limits are not measured (its height comes from its subtrees or
        // fans of folders); but a fan of folders may nest (2,500 small folders: 1:457 without).
        let measuresLimits = estimated.estimateFits || dataController.numberOfItems <= WrapPlan.alwaysMeasuredItems
        let mayNest = configuration.nestsFolders && tree.overhangs
        guard measuresLimits || (mayNest && dataController.numberOfItems <= WrapPlan.measuredChoiceItems
                                 && tree.columns.hasFan(of: WrapPlan.bigTreeNestingFan(items: dataController.numberOfItems))) else {
            placeWrappedItems()
            return true
        }
        @Sendable func plan(rowLimit: Int, fills: Bool = false, smallestFan: Int? = nil) -> WrapPlan? {
            WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: configuration,
                     rowLimit: rowLimit, smallestFan: smallestFan ?? estimated.smallestFan, fills: fills)
        }
        func drawn(_ placement: WrappedPlacement) -> WrapDrawing { WrapDrawing(placement, configuration) }
        func fits(_ aspect: Double) -> Bool { WrapPlan.misfit(aspect: aspect) <= 1 }
        func page(_ drawing: WrapDrawing) -> Double { drawing.page }
        let isSmallTree = dataController.numberOfItems <= WrapPlan.readableTreeItems
        func replaces(_ drawing: WrapDrawing, _ best: WrapDrawing, gain: Double) -> Bool {
            drawing.replaces(best, gain: gain, isSmallTree: isSmallTree)
        }
        let fewestRows = WrapPlan.fewestAutoRows(configuration)
        guard dataController.numberOfItems <= WrapPlan.measuredChoiceItems else {
            placeWrappedItems()
            for _ in 0..<3 {
                guard let current = wrapPlan, current.rowLimit > fewestRows else { break }
                let breadth = sectionHeights.max() ?? 0, depth = wrappedContentWidth()
                let aspect = breadth / max(depth, 1)
                guard aspect > WrapPlan.targetAspect * 1.1 else { break }
                let limit = max(fewestRows, min(current.rowLimit - 1, Int(Double(current.rowLimit) * WrapPlan.targetAspect / aspect)))
                guard let next = plan(rowLimit: limit) else { break }
                wrapPlan = next
                placeWrappedItems()
                // (A lower limit that squares the drawing by widening it alone is undone.)
                if (sectionHeights.max() ?? 0) * wrappedContentWidth() > WrapPlan.squaringAreaGrowth * breadth * depth {
                    wrapPlan = current
                    placeWrappedItems()
                    break
                }
            }
            return true
        }
        // The estimate's placement and the first limits around it, at once.
        var around: [Int] = []
        for factor in measuresLimits ? [0.5, 0.75, 1.5, 2, 3] : [] {
            let limit = max(fewestRows, Int((Double(estimated.rowLimit) * factor).rounded()))
            if limit != estimated.rowLimit && !around.contains(limit) { around.append(limit) }
        }
        let first = WrappedPlacement.placements(
            of: [{ @Sendable in estimated }] + around.map { limit in { @Sendable in plan(rowLimit: limit) } }, tree: tree)
        var best = (placement: first[0]!, drawing: drawn(first[0]!))
        /// The best by page alone, whose neighbourhood is tried too (the cost may lead away from it).
        var bestByPage = best
        /// The longest side and the area a nesting drawing may have (`WrapPlan.nestingShrink`,
        /// `WrapDrawing.nestingAreaLimit`).
        var nestingShrinkReference: WrapDrawing? = nil, nestingAreaLimit = Double.infinity
        /// The best drawing when the area limit was set: one beyond 3:1 lets a nesting drawing
        /// within it past the limit (`WrapDrawing.readsWhereUnreadable`), whatever came best since.
        var nestingLimitReference: WrapDrawing? = nil
        /// Whether nesting drawings must be within 3:1 (deep reaches from one within it).
        var nestingKeepsReadable = false
        /// What was placed: whether it fits the target, by limit, filling and smallest fan.
        struct Candidate: Hashable {
            let limit: Int, fills: Bool, fan: Int, nests: Bool, shape: Double, reach: WrapPlan.NestingReach, broadens: Bool
            var fillsBlocks = false
            var breaksPanels = false
            var evensPanels = false
        }
        /// How many times `best` was replaced (`WrappedPlacement.judgeReworkings`).
        var bestChanges = 0
        var tried: [Candidate: Bool] = [Candidate(limit: estimated.rowLimit, fills: false, fan: estimated.smallestFan, nests: false, shape: 1, reach: .smallSubtrees, broadens: false): fits(best.drawing.aspect)]
        /// Keeps a placed limit if it is better; whether it fits the target (nil if nothing wraps).
        @discardableResult func judgePlaced(_ placement: WrappedPlacement?) -> Bool? {
            guard let placement, placement.keepsNestedRoom else { return nil }
            let candidate = Candidate(limit: placement.plan.rowLimit, fills: placement.plan.fills, fan: placement.plan.smallestFan,
                                      nests: placement.plan.nestsFolders, shape: placement.plan.nestsFolders ? placement.plan.nestingShape : 1,
                                      reach: placement.plan.nestsFolders ? placement.plan.nestingReach : .smallSubtrees,
                                      broadens: placement.plan.broadensBlocks, fillsBlocks: placement.plan.fillsBlocks,
                                      breaksPanels: placement.plan.breaksPanels, evensPanels: placement.plan.evensPanels)
            // (A nesting candidate is judged again: the limits it was held to may have eased,
            // and the page's port judges it again too.)
            if !candidate.nests, let fits = tried[candidate] { return fits }
            let drawing = drawn(placement)
            let fitting = fits(drawing.aspect)
            tried[candidate] = fitting
            // Wrapping smaller fans than the estimate needs, or folders, costs some reading:
            // only for a real gain. Within the target is worth a little: a drawing there
            // replaces one beyond it on a slightly larger page, and one beyond it needs a
            // clearly smaller page.
            var gain = candidate.fan < best.placement.plan.smallestFan ? WrapPlan.smallerFansGain : 1
            if candidate.nests && !best.placement.plan.nestsFolders { gain *= WrapPlan.smallerFansGain }
            if candidate.nests && nestingKeepsReadable && WrapPlan.isUnreadable(aspect: drawing.aspect) { return fitting }
            if candidate.nests && (!(nestingShrinkReference.map { drawing.nestingShortens($0) } ?? true)
                                   || (drawing.area > nestingAreaLimit
                                       && !(nestingLimitReference.map { drawing.readsWhereUnreadable($0) } ?? false))) { return fitting }
            if fitting != fits(best.drawing.aspect) { gain *= fitting ? 1 / WrapPlan.misfitGain : WrapPlan.misfitGain }
            if replaces(drawing, best.drawing, gain: gain) {
                best = (placement, drawing)
                bestChanges += 1
            }
            var pageGain = candidate.fan < bestByPage.placement.plan.smallestFan ? WrapPlan.smallerFansGain : 1
            if fitting != fits(bestByPage.drawing.aspect) { pageGain *= fitting ? 1 / WrapPlan.misfitGain : WrapPlan.misfitGain }
            if page(drawing) < page(bestByPage.drawing) * pageGain { bestByPage = (placement, drawing) }
            return fitting
        }
        /// Places `limit` unless it was tried, and judges it.
        func judge(_ limit: Int) -> Bool? {
            if let fits = tried[Candidate(limit: limit, fills: false, fan: estimated.smallestFan, nests: false, shape: 1, reach: .smallSubtrees, broadens: false)] { return fits }
            return judgePlaced(plan(rowLimit: limit).map { WrappedPlacement.placed($0, tree: tree) })
        }
        for placement in first.dropFirst() { judgePlaced(placement) }
        // Area falls and breadth grows with the limit: between the best fitting limit and the
        // next one tried that does not fit, a few bisection steps find a larger one that fits.
        if measuresLimits, fits(best.drawing.aspect),
           var broad = tried.filter({ !$0.value && !$0.key.fills && $0.key.limit > best.placement.plan.rowLimit }).keys.map(\.limit).min() {
            var fitting = best.placement.plan.rowLimit
            for _ in 0..<3 where broad - fitting > 1 {
                let middle = (fitting + broad) / 2
                guard let fits = judge(middle) else { break }
                if fits { fitting = middle } else { broad = middle }
            }
        }
        // Blocks filling the room beside them (`WrapPlan.fills`) lower the columns without
        // deepening the drawing: tried at the best limit and at larger ones, which they let fit.
        // With them, smaller fans may wrap too where that makes the drawing smaller still (a
        // list of lists whose short lists would otherwise stay long columns).
        // (Around the best by page too, where the cost chose another limit.)
        let chosen = [best.placement.plan.rowLimit, bestByPage.placement.plan.rowLimit]
        var filling: [Candidate] = []
        for fan in measuresLimits ? Set([estimated.smallestFan, WrapPlan.autoFanTiers.last!]).sorted(by: >) : [] {
            for limit in chosen[0] == chosen[1] ? [chosen[0]] : chosen {
                for factor in [1.0, 1.5, 2, 3] {
                    let candidate = Candidate(limit: Int((Double(limit) * factor).rounded()), fills: true, fan: fan, nests: false, shape: 1, reach: .smallSubtrees, broadens: false)
                    if tried[candidate] == nil && !filling.contains(candidate) { filling.append(candidate) }
                }
            }
        }
        let filled = WrappedPlacement.placements(
            of: filling.map { candidate in { @Sendable in plan(rowLimit: candidate.limit, fills: true, smallestFan: candidate.fan) } }, tree: tree)
        for placement in filled { judgePlaced(placement) }
        // A fan of small subtrees cannot be brought nearer square by its leaves alone, and a
        // fan of subtrees whose leaves hang as lists of uneven lengths leaves room below its
        // short lists: the widest fans' subtrees wrap with their children too
        // (`WrapPlan.nestsFolders`), at five panel heights, small subtrees, then those that
        // hold a wide fan of their own, then subtrees of any size, then (where the drawing is
        // still beyond 3:1) those of the top of the tree's fans of 4 or more, then the small
        // subtrees of any fan of 4 or more, then slightly bigger ones, for a smaller drawing (a
        // fifth smaller where it is within 3:1) or one within 3:1 (`WrapPlan.NestingReach`),
        // then (where the drawing before the top fans was beyond 3:1) a forest's roots' fans
        // of two or three too, each with the best drawing's blocks and with more rows
        // (`nestingRowLimitFactors`).
        // Where the drawing without them is within 3:1 (`WrapPlan.isUnreadable`), panels must
        // also make it smaller (`WrapDrawing.nestingAreaLimit`), and so must a further reach
        // than the best drawing's (`WrapDrawing.furtherReachAreaLimit`). Last, the best one's
        // blocks broadened where that makes them smaller (`WrappedPlacement.broadened`), then
        // the best one's narrower blocks filled (`WrappedPlacement.filled`), then its panels
        // broken where that makes blocks smaller (`WrappedPlacement.broken`).
        if mayNest {
            let plan = best.placement.plan
            nestingShrinkReference = best.drawing
            nestingAreaLimit = best.drawing.nestingAreaLimit
            nestingLimitReference = best.drawing
            /// The best drawing before the deep reaches: all are judged against it.
            var beforeDeepReaches: WrapDrawing? = nil
            /// The best drawing before the top reaches: both are tried only where it is beyond 3:1.
            var beforeTopReaches: WrapDrawing? = nil
            let hasWideFan = tree.columns.hasFan(of: WrapPlan.autoFanTiers[0])
            for reach in WrapPlan.NestingReach.allCases {
                if reach.isTop && beforeTopReaches == nil { beforeTopReaches = best.drawing }
                if reach == .forestTopFans && !tree.columns.hasForestTopNestingFan(shortestRun: WrapPlan.shortestAutoRun(configuration)) { continue }
                if reach.isTop && !WrapPlan.isUnreadable(aspect: beforeTopReaches!.aspect) { continue }
                if reach.isDeep && beforeDeepReaches == nil { beforeDeepReaches = best.drawing }
                let reference = reach.isDeep ? beforeDeepReaches! : best.drawing
                if !reach.isTried(hasWideFan: hasWideFan, aspect: reference.aspect) { continue }
                if best.placement.plan.nestsFolders { nestingAreaLimit = min(nestingAreaLimit, best.drawing.furtherReachAreaLimit) }
                nestingLimitReference = reference
                nestingKeepsReadable = reach.isDeep && !WrapPlan.isUnreadable(aspect: reference.aspect)
                // Panels deep in the tree cost more reading: only on a smaller drawing (for
                // these placements alone).
                let limitBefore = nestingAreaLimit
                if reach.isDeep { nestingAreaLimit = min(nestingAreaLimit, reference.deepNestingAreaLimit) }
                // (Deep reaches at the best drawing's rows only: more rows drew the same.)
                for factor in reach.isDeep ? [1] : WrapPlan.nestingRowLimitFactors {
                    let nested = WrappedPlacement.nestingPlacements(of: tree, rowLimit: plan.rowLimit * factor, fills: plan.fills,
                                                                    smallestFan: plan.smallestFan, reach: reach)
                    // Each with its panels broken where that may make it best (`breakingPageReach`).
                    WrappedPlacement.judgeWithBroken(nested, tree: tree, isWorthBreaking: { placement in
                        placement.keepsNestedRoom
                            && WrapDrawing(placement, configuration).page <= best.drawing.page * WrapPlan.breakingPageReach
                    }, judge: { judgePlaced($0) })
                }
                nestingAreaLimit = limitBefore
            }
            nestingKeepsReadable = false
            WrappedPlacement.judgeReworkings(best: { best.placement }, changes: { bestChanges }, tree: tree, judge: { judgePlaced($0) })
        }
        // Runs beside a deep, big sibling kept in their shaped rows where the best drawing
        // filled them across that sibling's columns (`WrapPlan.keepsBesideDeepSiblings`), on
        // a page at most `keptRowsPageGain` larger.
        if best.placement.plan.keepingDiffers, let kept = WrappedPlacement.keptBesideDeepSiblings(best.placement, tree: tree),
           kept.keepsNestedRoom {
            let drawing = drawn(kept)
            if drawing.page <= best.drawing.page * WrapPlan.keptRowsPageGain { best = (kept, drawing) }
        }
        // Only fans below the first tier wrapped (no block's parent has 12 children or more):
        // the drawing without them too.
        let chosenPlan = best.placement.plan
        let wrapsWideFan = (0..<chosenPlan.blockCount).contains { block in
            tree.columns.fanSize(of: Int(chosenPlan.firstItem[block])) >= WrapPlan.autoFanTiers[0]
        }
        if !wrapsWideFan {
            let unwrapped = WrappedPlacement.unwrappedSize(of: tree)
            if replaces(WrapDrawing(breadth: unwrapped.breadth, depth: unwrapped.depth), best.drawing, gain: 1) { return false }
        }
        if let unwrapped, !(best.drawing.page <= unwrapped.page * WrapPlan.smallerFansGain) { return false }
        apply(best.placement)
        return true
    }

    /// Where the estimate leaves every fan unwrapped, its columns' stacks within
    /// `WrapPlan.targetAspect`, but the placed drawing is beyond it (a column spreads past its
    /// stack where subtrees hang above and below their parents: Python's XML classes, whose
    /// fan of 16 exceptions set the drawing's top, 1:2.75): the fans of the first tier wrapped
    /// anyway, at their blocks' own shapes and the limits around them
    /// (`placeWrappedItemsChoosingRows`), kept only on a page at most
    /// `WrapPlan.smallerFansGain` of the unwrapped drawing's. Trees of up to
    /// `WrapPlan.alwaysMeasuredItems` items; the unwrapped placement is one more. Places the
    /// best and returns true, or places nothing.
    func placeWideFansTheEstimateLeft() -> Bool {
        guard configuration.wrap == .auto, dataController.numberOfItems <= WrapPlan.alwaysMeasuredItems else { return false }
        let tree = wrappedPlacementTree, tier = WrapPlan.autoFanTiers[0]
        guard tree.columns.hasFan(of: tier) else { return false }
        let size = WrappedPlacement.unwrappedSize(of: tree)
        let unwrapped = WrapDrawing(breadth: size.breadth, depth: size.depth)
        guard WrapPlan.misfit(aspect: unwrapped.aspect) > 1,
              let shaped = WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: configuration,
                                    rowLimit: tree.widths.count, smallestFan: tier),
              let plan = WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: configuration,
                                  rowLimit: Int(shaped.rows.max() ?? 1), smallestFan: tier) else { return false }
        wrapPlan = plan
        if placeWrappedItemsChoosingRows(keepingUnless: unwrapped) { return true }
        wrapPlan = nil
        return false
    }

    /// Where no fan's leaves wrap (a fan of folders only, as a git mirror's object folders,
    /// has no run of leaves), whether its subtrees nest: with the reaches and panel heights
    /// `placeWrappedItemsChoosingRows` tries, only for a page smaller by
    /// `WrapPlan.smallerFansGain`, a long side shorter by `WrapPlan.nestingShrink` and, where
    /// the unwrapped drawing is within `WrapPlan.readableAspect`, a smaller drawing
    /// (`WrapDrawing.nestingAreaLimit`); then the best with its blocks broadened where that makes
    /// them smaller (`WrappedPlacement.broadened`), then with its narrower blocks filled
    /// (`WrappedPlacement.filled`), then with its panels broken, then evened, where that makes
    /// blocks smaller (`WrappedPlacement.broken`, `evened`). Places the best and returns true, or
    /// places nothing.
    @discardableResult func placeNestedItemsWithoutLeafBlocks() -> Bool {
        guard configuration.wrap == .auto, configuration.nestsFolders,
              dataController.numberOfItems <= WrapPlan.measuredChoiceItems else { return false }
        let tree = wrappedPlacementTree
        guard tree.overhangs else { return false }
        // (Where only a forest's root has a fan `forestTopFans` takes, only that reach is tried.)
        let nestsBelowForestTop = tree.columns.hasNestingFan()
        let nestsForestTop = tree.columns.hasForestTopNestingFan(shortestRun: WrapPlan.shortestAutoRun(configuration))
        guard nestsBelowForestTop || nestsForestTop else { return false }
        let unwrapped = WrappedPlacement.unwrappedSize(of: tree)
        let unwrappedDrawing = WrapDrawing(breadth: unwrapped.breadth, depth: unwrapped.depth)
        // Only a fan of the first tier nests where the drawing reads already (`NestingReach.topFans`).
        let hasWideFan = tree.columns.hasFan(of: WrapPlan.autoFanTiers[0])
        guard hasWideFan || WrapPlan.isUnreadable(aspect: unwrappedDrawing.aspect) else { return false }
        var best: (placement: WrappedPlacement?, drawing: WrapDrawing) = (nil, unwrappedDrawing)
        let isSmallTree = dataController.numberOfItems <= WrapPlan.readableTreeItems
        /// How many times `best` was replaced (`WrappedPlacement.judgeReworkings`).
        var bestChanges = 0
        var areaLimit = unwrappedDrawing.nestingAreaLimit
        /// The best drawing when the area limit was set (`nestingLimitReference` above).
        var limitReference = unwrappedDrawing
        /// Whether nesting drawings must be within 3:1 (deep reaches from one within it).
        var keepsReadable = false
        func judge(_ placement: WrappedPlacement) {
            guard placement.keepsNestedRoom && placement.plan.nestsFolders else { return }
            let drawing = WrapDrawing(placement, configuration)
            guard drawing.nestingShortens(unwrappedDrawing),
                  drawing.area <= areaLimit || drawing.readsWhereUnreadable(limitReference),
                  !(keepsReadable && WrapPlan.isUnreadable(aspect: drawing.aspect)) else { return }
            if drawing.replaces(best.drawing, gain: best.placement == nil ? WrapPlan.smallerFansGain : 1, isSmallTree: isSmallTree) {
                best = (placement, drawing)
                bestChanges += 1
            }
        }
        var beforeDeepReaches: WrapDrawing? = nil
        /// The best drawing before the top reaches: both are tried only where it is beyond 3:1.
        var beforeTopReaches: WrapDrawing? = nil
        for reach in WrapPlan.NestingReach.allCases {
            if reach.isTop && beforeTopReaches == nil { beforeTopReaches = best.drawing }
            if reach == .forestTopFans ? !nestsForestTop : !nestsBelowForestTop { continue }
            if reach.isTop && !WrapPlan.isUnreadable(aspect: beforeTopReaches!.aspect) { continue }
            if reach.isDeep && beforeDeepReaches == nil { beforeDeepReaches = best.drawing }
            let reference = reach.isDeep ? beforeDeepReaches! : best.drawing
            if !reach.isTried(hasWideFan: hasWideFan, aspect: reference.aspect) { continue }
            if best.placement != nil { areaLimit = min(areaLimit, best.drawing.furtherReachAreaLimit) }
            limitReference = reference
            keepsReadable = reach.isDeep && !WrapPlan.isUnreadable(aspect: reference.aspect)
            let limitBefore = areaLimit
            if reach.isDeep { areaLimit = min(areaLimit, reference.deepNestingAreaLimit) }
            // Leaf runs (of fans the estimate left unwrapped) keep their blocks' own shapes.
            let nested = WrappedPlacement.nestingPlacements(of: tree, rowLimit: tree.widths.count, fills: false,
                                                            smallestFan: WrapPlan.autoFanTiers[0], reach: reach)
            WrappedPlacement.judgeWithBroken(nested, tree: tree, isWorthBreaking: { placement in
                placement.keepsNestedRoom && WrapDrawing(placement, configuration).page <= best.drawing.page * WrapPlan.breakingPageReach
            }, judge: { if let placement = $0 { judge(placement) } })
            areaLimit = limitBefore
        }
        keepsReadable = false
        guard best.placement != nil else { return false }
        WrappedPlacement.judgeReworkings(best: { best.placement! }, changes: { bestChanges }, tree: tree,
                                         judge: { if let placement = $0 { judge(placement) } })
        let placement = best.placement!
        apply(placement)
        return true
    }

    /// The canonical content width of the wrapped placement just made (before `prepare`
    /// positions the columns): the columns and the blocks reaching past them.
    func wrappedContentWidth() -> Double {
        WrappedPlacement.depth(sectionWidths: sectionWidths, sectionExtents: sectionExtents, configuration: configuration)
    }
}

/// A placed drawing as the measured choice judges it: its aspect (breadth over depth) and area.
struct WrapDrawing {
    let breadth: Double, depth: Double
    let aspect: Double, area: Double
    /// Its longer side, breadth or depth.
    let longSide: Double

    init(breadth: Double, depth: Double) {
        self.breadth = breadth
        self.depth = depth
        aspect = breadth / max(depth, 1)
        area = breadth * depth
        longSide = max(breadth, depth)
    }

    init(_ placement: WrappedPlacement, _ configuration: SchematicLayoutConfiguration) {
        self.init(breadth: placement.breadth, depth: placement.depth(configuration))
    }

    /// Whether this nesting drawing is shorter than `reference` (the best without nesting): its
    /// longer side at most `WrapPlan.nestingShrink` of that one's, or its breadth so and its
    /// depth at most `WrapPlan.nestingDepthGrowth` longer. Nesting squares a drawing by
    /// shortening it, not by lengthening its short side; but a nearly square drawing's long
    /// side barely changes while its breadth falls (a random class tree of 120 nodes: panels at
    /// 0.59 of the area, its depth 0.7% longer, were refused).
    func nestingShortens(_ reference: WrapDrawing) -> Bool {
        longSide <= reference.longSide * WrapPlan.nestingShrink
            || (breadth <= reference.breadth * WrapPlan.nestingShrink && depth <= reference.depth * WrapPlan.nestingDepthGrowth)
    }

    /// `WrapPlan.page`: lists hanging deeper than the tree needs to square it gain nothing.
    var page: Double { area * max(1, WrapPlan.misfit(aspect: aspect)) }

    /// The largest area a drawing that nests subtrees in panels may have to replace this one,
    /// which does not: nesting costs some reading, so where this drawing is within
    /// `WrapPlan.readableAspect` a nesting one must be smaller by `WrapPlan.smallerFansGain` (a
    /// squarer page alone does not pay for it); beyond it, any (the page decides, `replaces`).
    var nestingAreaLimit: Double {
        WrapPlan.isUnreadable(aspect: aspect) ? .infinity : area * WrapPlan.smallerFansGain
    }

    /// The largest area a drawing of a further `WrapPlan.NestingReach` may have to replace this
    /// one, which nests with a nearer reach: where this one is within
    /// `WrapPlan.readableAspect`, bigger subtrees in panels must make it smaller, not only
    /// squarer (Perl's modules left to right went from 1:2.4 to 1:1.8 at 1.2 times the area).
    var furtherReachAreaLimit: Double {
        WrapPlan.isUnreadable(aspect: aspect) ? .infinity : area
    }

    /// The largest area a drawing nesting deep fans (`WrapPlan.NestingReach.isDeep`) may have
    /// to replace this one: panels deep in the tree cost more reading, so the drawing must be
    /// smaller, and where this one is within `WrapPlan.readableAspect`, by
    /// `WrapPlan.deepNestingGain` (`readsWhereUnreadable` aside).
    var deepNestingAreaLimit: Double {
        area * (WrapPlan.isUnreadable(aspect: aspect) ? 1 : WrapPlan.deepNestingGain)
    }

    /// Whether this drawing is within `WrapPlan.readableAspect` where `best` is beyond it:
    /// then no area limit on nesting holds it back (only the page decides, `replaces`). Panels
    /// deep in the tree must otherwise make the drawing smaller, and Maven's repository top to
    /// bottom stayed 6.2:1 where 2.9:1 was on two thirds of the page at 1.5 times the area.
    func readsWhereUnreadable(_ best: WrapDrawing) -> Bool {
        !WrapPlan.isUnreadable(aspect: aspect) && WrapPlan.isUnreadable(aspect: best.aspect)
    }

    /// Whether this drawing replaces `best`: on a page smaller by `gain` (a drawing within
    /// `WrapPlan.readableAspect` replaces one beyond it on a page up to `WrapPlan.readableGain`
    /// larger, and the other way round on one that much smaller); where both are beyond it,
    /// at a cost (`WrapPlan.cost`) smaller by `gain`. But always where it is no broader and no
    /// deeper and its area smaller by `gain` and `WrapPlan.dominatingGain`, and never where
    /// `best` is that to it: fitted to any page the smaller reads at least as large, yet the
    /// page pads a drawing beyond 2:1 to 2:1, so one as broad and half as deep scored no better
    /// (EC2's resource document top to bottom kept panels of one resource each beside the
    /// broadest, half its depth empty: 2.7 times dot's area, 1.4 with its panels gathered).
    /// For a tree of up to `WrapPlan.readableTreeItems` items (`isSmallTree`) neither holds
    /// across `WrapPlan.readableAspect`: its drawing stays within 3:1 where one is. Pages within
    /// `WrapPlan.samePage` of each other, where no gain is asked, are the same page: the smaller
    /// area replaces (Maven's repository top to bottom, its blocks filling their room evened,
    /// took a page 0.9% smaller at 1.13 times the area).
    func replaces(_ best: WrapDrawing, gain: Double, isSmallTree: Bool) -> Bool {
        let unreadable = WrapPlan.isUnreadable(aspect: aspect), bestUnreadable = WrapPlan.isUnreadable(aspect: best.aspect)
        if !(isSmallTree && unreadable != bestUnreadable) {
            if breadth <= best.breadth && depth <= best.depth && area < best.area * min(gain, WrapPlan.dominatingGain) { return true }
            if best.breadth <= breadth && best.depth <= depth && best.area < area { return false }
        }
        guard unreadable && bestUnreadable else {
            let readableGain = unreadable == bestUnreadable ? 1 : bestUnreadable ? WrapPlan.readableGain : 1 / WrapPlan.readableGain
            if gain == 1 && readableGain == 1 && abs(page / best.page - 1) < WrapPlan.samePage { return area < best.area }
            return page < best.page * gain * readableGain
        }
        return WrapPlan.cost(area: area, page: page) < WrapPlan.cost(area: best.area, page: best.page) * gain
    }
}

extension WrappedPlacement {
    /// The placements of the plans `plans` make (nil where one makes none), in their order,
    /// computed on as many cores as there are: the plans made, then each geometry placed once
    /// (`placed`: a plan drawing the same blocks as another, here or before, is not placed again).
    static func placements(of plans: [@Sendable () -> WrapPlan?], tree: Tree) -> [WrappedPlacement?] {
        let made = Mutex([WrapPlan?](repeating: nil, count: plans.count))
        DispatchQueue.concurrentPerform(iterations: plans.count) { index in
            let plan = plans[index]()
            made.withLock { $0[index] = plan }
        }
        let madePlans = made.withLock { $0 }
        // Per plan, an earlier one of this batch with its geometry (itself if none).
        let hashes = madePlans.map { $0?.geometryHash ?? 0 }
        var firstAlike = Array(madePlans.indices)
        for index in madePlans.indices {
            guard let plan = madePlans[index] else { continue }
            if let earlier = madePlans.indices.prefix(index).first(where: { other in
                firstAlike[other] == other && hashes[other] == hashes[index] && madePlans[other]!.sameGeometry(as: plan)
            }) { firstAlike[index] = earlier }
        }
        let distinct = madePlans.indices.filter { madePlans[$0] != nil && firstAlike[$0] == $0 }
        let results = Mutex([WrappedPlacement?](repeating: nil, count: plans.count))
        DispatchQueue.concurrentPerform(iterations: distinct.count) { at in
            let index = distinct[at]
            let placement = placed(madePlans[index]!, tree: tree, hash: hashes[index])
            results.withLock { $0[index] = placement }
        }
        return results.withLock { results in
            madePlans.indices.map { index in
                firstAlike[index] == index ? results[index] : madePlans[index].flatMap { results[firstAlike[index]]?.with($0) }
            }
        }
    }

    /// A nesting placement's plan again with `WrapPlan.broadensBlocks` (top to bottom, where
    /// lists hang), placed; nil where that draws no block otherwise.
    static func broadened(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        broadenedPlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// `broadened`'s plan.
    static func broadenedPlan(_ placement: WrappedPlacement, tree: Tree) -> WrapPlan? {
        guard placement.plan.broadeningDiffers else { return nil }
        return againPlan(placement, tree: tree, broadensBlocks: true, fillsBlocks: placement.plan.fillsBlocks)
    }

    /// A nesting placement's plan again with `WrapPlan.fillsBlocks`, placed; nil where that
    /// draws no block otherwise.
    static func filled(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        filledPlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// `filled`'s plan.
    static func filledPlan(_ placement: WrappedPlacement, tree: Tree) -> WrapPlan? {
        guard placement.plan.fillingDiffers else { return nil }
        return againPlan(placement, tree: tree, broadensBlocks: placement.plan.broadensBlocks, fillsBlocks: true)
    }

    /// A nesting placement's plan again with lists of `WrapPlan.longerHangingList` leaves at
    /// least (top to bottom, where lists hang: shorter runs lie side by side), its other
    /// options kept, placed; nil where no list hangs shorter. A pair hanging makes a panel a
    /// level deeper than beside it, and a row of panels is as deep as its deepest: `tree -L 2
    /// /usr/share/locale` (220 folders of one or two) drew 1.06 times dot's area, 0.85 with it.
    static func longerLists(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        longerListsPlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// A nesting placement's plan again with no list hanging (top to bottom: every run of
    /// leaves lies side by side under its parent, as a tidy tree lays it), its other options
    /// kept, placed; nil where no list hangs. Hanging lists make a row of panels as deep as its
    /// longest list, and the leaves beside them leave that depth empty: `/usr/share/locale`'s
    /// 413 locales (207 folders of up to 20) drew 1.66 times dot's area, 1.25 with it.
    static func listsSideBySide(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        listsSideBySidePlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// `listsSideBySide`' plan.
    static func listsSideBySidePlan(_ placement: WrappedPlacement, tree: Tree) -> WrapPlan? {
        longerListsPlan(placement, tree: tree, shortest: WrapPlan.noHangingList)
    }

    /// `longerLists`' plan (with `shortest`, lists of that many leaves at least).
    static func longerListsPlan(_ placement: WrappedPlacement, tree: Tree,
                                shortest: Int = WrapPlan.longerHangingList) -> WrapPlan? {
        let plan = placement.plan
        guard plan.nestsFolders, plan.listsDiffer(shortest: shortest) else { return nil }
        return WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: tree.configuration,
                        rowLimit: plan.rowLimit, smallestFan: plan.smallestFan, fills: plan.fills, nestingShape: plan.nestingShape,
                        nestingReach: plan.nestingReach, broadensBlocks: plan.broadensBlocks, fillsBlocks: plan.fillsBlocks,
                        breaksPanels: plan.breaksPanels, evensPanels: plan.evensPanels, shortestHangingList: shortest,
                        depthRoom: plan.depthRoom,
                        nestsInDepthRoom: plan.nestsInDepthRoom, nestingMemo: tree.nestingMemo)
    }

    /// A nesting placement's plan again with its blocks filling the drawing's depth
    /// (`WrapPlan.depthRoom`: each may reach as deep as the deepest part of the drawing), its
    /// other options kept, placed; nil where it would be made with the same room.
    static func filledToDepth(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        filledToDepthPlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// `filledToDepth` with blocks reaching `WrapPlan.depthRoomReach` times the drawing's depth.
    static func filledBeyondDepth(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        filledToDepthPlan(placement, tree: tree, reach: WrapPlan.depthRoomReach).map { placed($0, tree: tree) }
    }

    /// `filledToDepth` with smaller fans nesting where they fit the room (`WrapPlan.nestsInDepthRoom`).
    static func nestedInDepthRoom(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        filledToDepthPlan(placement, tree: tree, nestsInRoom: true).map { placed($0, tree: tree) }
    }

    /// `filledToDepth`'s plan, its blocks reaching `reach` times the drawing's depth, with
    /// `nestsInRoom` smaller fans nesting where they fit (`WrapPlan.nestsInDepthRoom`).
    static func filledToDepthPlan(_ placement: WrappedPlacement, tree: Tree, reach: Double = 1,
                                  nestsInRoom: Bool = false) -> WrapPlan? {
        let plan = placement.plan, configuration = tree.configuration
        guard plan.nestsFolders else { return nil }
        let depth = placement.depth(configuration) * reach
        // Where blocks cannot overhang, a broader block widens its column and moves every later
        // one: it may fill its column only.
        let overhangs = tree.overhangs
        var room = [Double](repeating: 0, count: placement.sectionWidths.count), left = configuration.sectionMargin
        for section in room.indices {
            room[section] = overhangs ? depth - configuration.sectionMargin - left : placement.sectionWidths[section]
            left += placement.sectionWidths[section] + configuration.sectionPadding
        }
        let nestsInDepthRoom = nestsInRoom || plan.nestsInDepthRoom
        guard room != plan.depthRoom || nestsInDepthRoom != plan.nestsInDepthRoom else { return nil }
        // Filled only, the plan is made again only where some block is narrower than its room
        // (as `appendNestingBlock` fills them) and has panels to add: a plan costs O(n).
        if !nestsInDepthRoom {
            let starts = tree.columns.sectionStarts
            let fillable = (0..<plan.blockCount).contains { block in
                guard plan.nestLevels[block] > 0, plan.columns[block] < plan.memberCount[block] else { return false }
                // The block's section: the last whose start is at or before its first item.
                let section = partitionPoint(1..<starts.count - 1) { starts[$0] > plan.firstItem[block] } - 1
                return plan.widths[block] < room[section] * WrapPlan.fillingShare
            }
            guard fillable else { return nil }
        }
        return WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: configuration,
                        rowLimit: plan.rowLimit, smallestFan: plan.smallestFan, fills: plan.fills, nestingShape: plan.nestingShape,
                        nestingReach: plan.nestingReach, broadensBlocks: plan.broadensBlocks, fillsBlocks: plan.fillsBlocks,
                        breaksPanels: plan.breaksPanels, evensPanels: plan.evensPanels,
                        shortestHangingList: plan.shortestHangingList, depthRoom: room,
                        nestsInDepthRoom: nestsInDepthRoom, nestingMemo: tree.nestingMemo)
    }

    /// A nesting placement's plan again with `WrapPlan.breaksPanels`, placed; nil where no
    /// block's panels break otherwise.
    static func broken(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        brokenPlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// `broken`'s plan.
    static func brokenPlan(_ placement: WrappedPlacement, tree: Tree) -> WrapPlan? {
        againPlan(placement, tree: tree, broadensBlocks: placement.plan.broadensBlocks, fillsBlocks: placement.plan.fillsBlocks,
                  breaksPanels: true)
    }

    /// A nesting placement's plan again with `WrapPlan.evensPanels`, placed; nil where no
    /// block's panels are evened.
    static func evened(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        evenedPlan(placement, tree: tree).map { placed($0, tree: tree) }
    }

    /// `evened`'s plan.
    static func evenedPlan(_ placement: WrappedPlacement, tree: Tree) -> WrapPlan? {
        let plan = placement.plan
        return againPlan(placement, tree: tree, broadensBlocks: plan.broadensBlocks, fillsBlocks: plan.fillsBlocks,
                         breaksPanels: plan.breaksPanels, evensPanels: true)
    }

    /// Judges each of `placements` in order and after each its panels broken (`broken`), then
    /// those evened (`evened`), where `isWorthBreaking` then allows it (it reads the best so
    /// far). Those it allows before any is judged are broken at once on every core, the others
    /// only when allowed: the same judging as one after the other, in less time (placing is most
    /// of a search's time). (Evened ahead too, no faster on two cores: the broken plan made twice.)
    static func judgeWithBroken(_ placements: [WrappedPlacement?], tree: Tree, isWorthBreaking: (WrappedPlacement) -> Bool,
                                judge: (WrappedPlacement?) -> Void) {
        let ahead = placements.indices.filter { placements[$0].map(isWorthBreaking) ?? false }
        let made = self.placements(of: ahead.map { index in
            let placement = placements[index]!
            return { @Sendable in brokenPlan(placement, tree: tree) }
        }, tree: tree)
        var brokenAhead = [WrappedPlacement??](repeating: nil, count: placements.count)
        for (index, broken) in zip(ahead, made) { brokenAhead[index] = .some(broken) }
        for (index, placement) in placements.enumerated() {
            judge(placement)
            guard let placement, isWorthBreaking(placement) else { continue }
            let brokenOne: WrappedPlacement?
            if case .some(let broken) = brokenAhead[index] { brokenOne = broken } else { brokenOne = broken(placement, tree: tree) }
            judge(brokenOne)
            judge(evened(brokenOne ?? placement, tree: tree))
        }
    }

    /// Judges the best placement's blocks broadened, its narrower blocks filled, its panels
    /// broken, then evened, its lists longer, none hanging, its blocks filling the drawing's depth and a
    /// little beyond, smaller fans nesting in that room, and its panels evened again (`broadened`,
    /// `filled`, `broken`, `evened`, `longerLists`, `listsSideBySide`, `filledToDepth`,
    /// `filledBeyondDepth`, `nestedInDepthRoom`, `evened`), in that order, each made from the best
    /// at its turn (`best`; `changes` counts its replacements). Evened again: a best reached
    /// after the first evening (locales top to bottom, its lists side by side) had never been
    /// evened. All are made at once on every core from the best before them, and one
    /// whose best has changed since is made again: the same judging as one after the other, in
    /// less time.
    static func judgeReworkings(best: () -> WrappedPlacement, changes: () -> Int, tree: Tree, judge: (WrappedPlacement?) -> Void) {
        let start = best(), startChanges = changes()
        let made = placements(of: [{ @Sendable in broadenedPlan(start, tree: tree) }, { @Sendable in filledPlan(start, tree: tree) },
                                   { @Sendable in brokenPlan(start, tree: tree) }, { @Sendable in evenedPlan(start, tree: tree) },
                                   { @Sendable in longerListsPlan(start, tree: tree) },
                                   { @Sendable in listsSideBySidePlan(start, tree: tree) },
                                   { @Sendable in filledToDepthPlan(start, tree: tree) },
                                   { @Sendable in filledToDepthPlan(start, tree: tree, reach: WrapPlan.depthRoomReach) },
                                   { @Sendable in filledToDepthPlan(start, tree: tree, nestsInRoom: true) },
                                   { @Sendable in evenedPlan(start, tree: tree) }],
                              tree: tree)
        let remade: [(WrappedPlacement, Tree) -> WrappedPlacement?] = [broadened, filled, broken, evened, longerLists, listsSideBySide,
                                                                      filledToDepth,
                                                                      filledBeyondDepth, nestedInDepthRoom, evened]
        for (placement, remake) in zip(made, remade) {
            judge(changes() == startChanges ? placement : remake(best(), tree))
        }
    }

    /// A placement's plan again with `WrapPlan.keepsBesideDeepSiblings`, placed; nil where that
    /// draws no block otherwise.
    static func keptBesideDeepSiblings(_ placement: WrappedPlacement, tree: Tree) -> WrappedPlacement? {
        let plan = placement.plan
        guard plan.keepingDiffers,
              let other = WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights,
                                   configuration: tree.configuration, rowLimit: plan.rowLimit, smallestFan: plan.smallestFan,
                                   fills: plan.fills, nestingShape: plan.nestsFolders ? plan.nestingShape : nil,
                                   nestingReach: plan.nestingReach, broadensBlocks: plan.broadensBlocks,
                                   fillsBlocks: plan.fillsBlocks, breaksPanels: plan.breaksPanels,
                                   evensPanels: plan.evensPanels, keepsBesideDeepSiblings: true, shortestHangingList: plan.shortestHangingList,
                                   depthRoom: plan.depthRoom, nestsInDepthRoom: plan.nestsInDepthRoom,
                                   nestingMemo: tree.nestingMemo) else { return nil }
        return placed(other, tree: tree)
    }

    /// A nesting placement's plan made again with these block options (with `breaksPanels`,
    /// only where some block's panels break otherwise).
    private static func againPlan(_ placement: WrappedPlacement, tree: Tree, broadensBlocks: Bool, fillsBlocks: Bool,
                                  breaksPanels: Bool = false, evensPanels: Bool = false,
                                  shortestHangingList: Int? = nil) -> WrapPlan? {
        let plan = placement.plan
        guard plan.nestsFolders,
              let other = WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights,
                                   configuration: tree.configuration, rowLimit: plan.rowLimit, smallestFan: plan.smallestFan,
                                   fills: plan.fills, nestingShape: plan.nestingShape, nestingReach: plan.nestingReach,
                                   broadensBlocks: broadensBlocks, fillsBlocks: fillsBlocks, breaksPanels: breaksPanels,
                                   evensPanels: evensPanels,
                                   shortestHangingList: shortestHangingList ?? plan.shortestHangingList, depthRoom: plan.depthRoom,
                                   nestsInDepthRoom: plan.nestsInDepthRoom, nestingMemo: tree.nestingMemo),
              evensPanels ? other.evensDiffer : !breaksPanels || other.breaksDiffer else { return nil }
        return other
    }

    /// The placements of the nesting plans (`WrapPlan.nestsFolders`) at every panel height
    /// `WrapPlan.nestingShapes` lists, with the other blocks as given; then, where the best of
    /// them (by page) is at the lowest height and still beyond `WrapPlan.targetAspect` along
    /// the columns (many blocks one below the other: each must be broader than square for the
    /// whole to be), at lower heights (at most three steps of `WrapPlan.nestingShapeStep`, while
    /// each is on a smaller page and shortens the long side to `WrapPlan.nestingShapeShrink` or,
    /// from a drawing beyond `WrapPlan.readableAspect` of a tree with a fan of the first tier,
    /// comes nearer square),
    /// and likewise at greater heights where the highest is best and the drawing too broad.
    /// Top to bottom, each panel height also with its blocks broadened where that makes them
    /// smaller (`WrapPlan.broadensBlocks`) and draws them otherwise: whether a block may grow
    /// broader shows only placed.
    static func nestingPlacements(of tree: Tree, rowLimit: Int, fills: Bool, smallestFan: Int,
                                  reach: WrapPlan.NestingReach) -> [WrappedPlacement?] {
        let configuration = tree.configuration
        @Sendable func plan(_ shape: Double, broadensBlocks: Bool = false) -> WrapPlan? {
            WrapPlan(sections: tree.columns, widths: tree.widths, heights: tree.heights, configuration: configuration,
                     rowLimit: rowLimit, smallestFan: smallestFan, fills: fills, nestingShape: shape, nestingReach: reach,
                     broadensBlocks: broadensBlocks, nestingMemo: tree.nestingMemo)
        }
        var result = placements(of: WrapPlan.nestingShapes.map { shape in { @Sendable in plan(shape) } }, tree: tree)
        var best: (shape: Double, drawing: WrapDrawing, placement: WrappedPlacement)? = nil
        for (shape, placement) in zip(WrapPlan.nestingShapes, result) {
            guard let placement, placement.keepsNestedRoom, placement.plan.nestsFolders else { continue }
            let drawing = WrapDrawing(placement, configuration)
            if best == nil || drawing.page < best!.drawing.page { best = (shape, drawing, placement) }
        }
        // Where lists hang, each panel height whose blocks broadened draw otherwise
        // (`WrapPlan.broadensBlocks`) and that may then be best (`broadeningPageReach`), after the rest.
        var broadenedShapes: [Double] = []
        for (shape, placement) in zip(WrapPlan.nestingShapes, result) {
            guard let placement, let best, placement.keepsNestedRoom, placement.plan.broadeningDiffers,
                  WrapDrawing(placement, configuration).page <= best.drawing.page * WrapPlan.broadeningPageReach else { continue }
            broadenedShapes.append(shape)
        }
        let extra = broadenedShapes.isEmpty ? []
            : placements(of: broadenedShapes.map { shape in { @Sendable in plan(shape, broadensBlocks: true) } }, tree: tree)
        guard var current = best else { return result + extra }
        let step: Double
        if current.shape == WrapPlan.nestingShapes.first!, current.drawing.aspect > WrapPlan.targetAspect {
            step = WrapPlan.nestingShapeStep
        } else if current.shape == WrapPlan.nestingShapes.last!, current.drawing.aspect < 1 / WrapPlan.targetAspect {
            step = 1 / WrapPlan.nestingShapeStep
        } else {
            return result + extra
        }
        // The next two heights placed at once (the steps mostly take both or stop at the first).
        var ahead: [WrappedPlacement?] = []
        for stepIndex in 0..<3 {
            let shape = current.shape * step
            if ahead.isEmpty {
                let shapes = stepIndex < 2 ? [shape, shape * step] : [shape]
                ahead = placements(of: shapes.map { shape in { @Sendable in plan(shape) } }, tree: tree)
            }
            guard let placement = ahead.removeFirst(), placement.keepsNestedRoom && placement.plan.nestsFolders else { break }
            // Only while the long side shrinks: where something else sets it, a lower panel
            // height only deepens the drawing (on the same page, at a greater area). From a
            // drawing beyond 3:1 of a tree with a wide fan, also while it comes nearer square
            // on a smaller page (the Cloud SDK's packages top to bottom: 3.8:1 at 0.245 of a
            // square panel's height, 2.8:1 at 0.17 on a page 0.92 as large, its long side 0.97
            // as long). Not in a tree without one: a phylogeny with polytomies top to bottom
            // went from 9.4:1 to 3.0:1 in panels that no reader could follow.
            let drawing = WrapDrawing(placement, configuration)
            let shorter = drawing.longSide <= current.drawing.longSide * WrapPlan.nestingShapeShrink
            let nearer = WrapPlan.isUnreadable(aspect: current.drawing.aspect)
                && WrapPlan.misfit(aspect: drawing.aspect) < WrapPlan.misfit(aspect: current.drawing.aspect)
                && tree.columns.hasFan(of: WrapPlan.autoFanTiers[0])
            guard drawing.page < current.drawing.page, shorter || nearer else { break }
            result.append(placement)
            current = (shape, drawing, placement)
            guard step < 1 ? drawing.aspect > WrapPlan.targetAspect : drawing.aspect < 1 / WrapPlan.targetAspect else { break }
        }
        return result + extra
    }
}
