/// What `--wrap auto` expects of the drawing for a row limit, from the columns' stacks alone
/// (before any placement): how tall (the tallest column's stack) and how deep (the columns'
/// widths and paddings, and blocks reaching past their column) it will be.
///
/// Each evaluation is O(runs + sections + stand-ins), so trying O(log n) limits stays linear.
struct WrapEstimate {
    /// Per run of wrappable leaves: its section, length, row pitch, sub-column slot, unwrapped
    /// stack and widest member.
    private var runSection: [Int32] = [], runLength: [Int32] = []
    private var runPitch: [Double] = [], runSlot: [Double] = [], runStack: [Double] = [], runWidest: [Double] = []
    /// Per run, the rows that shape its block (`WrapPlan.shapedRows`).
    private var runShaped: [Int] = []
    /// Per section, the stack of and widest item outside the runs.
    private var baseStack: [Double], baseWidth: [Double]
    private let sectionPadding: Double, sectionMargin: Double
    private let overhangs: Bool
    /// The gap before each sub-column, and whether one-row blocks are lists in single file
    /// (top to bottom), which have none before their first member (`appendGrid`'s `leadingGutter`).
    private let gutter: Double, singleFileLists: Bool
    /// How much lower a row hanging from the line over it starts (`WrapPlan.combDrop`).
    private let combDrop: Double
    /// The fewest rows `auto` tries (`WrapPlan.fewestAutoRows`), and the longest run where the
    /// limit caps lists (`WrapPlan.grid`).
    private let fewestRows: Int
    private let longestList: Int?

    /// `runStart`, `runLength` and `runSection`: the runs, in item order.
    /// `overhangs`: whether blocks may reach past their column (`WrapPlan.overhangs`, and no
    /// additional parents: the placement widens a column to its widest block otherwise).
    init(runStart: [Int32], runLength: [Int32], runSection: [Int32], sectionStarts: [Int32],
         widths: [Double], heights: [Double], gutter: Double, overhangs: Bool, configuration: SchematicLayoutConfiguration) {
        let padding = configuration.itemPadding
        let sectionCount = sectionStarts.count - 1
        for (start, length) in zip(runStart, runLength) {
            var tallest = 0.0, widest = 0.0, stack = 0.0
            for item in Int(start)..<Int(start) + Int(length) {
                tallest = max(tallest, heights[item]); widest = max(widest, widths[item])
                stack += heights[item] + padding
            }
            self.runLength.append(length)
            runPitch.append(tallest + padding); runSlot.append(widest + gutter); runStack.append(stack); runWidest.append(widest)
            runShaped.append(WrapPlan.shapedRows(length: Int(length), pitch: tallest + padding, slot: widest + gutter))
        }
        self.runSection = runSection
        baseStack = [Double](repeating: 0, count: sectionCount)
        baseWidth = [Double](repeating: 0, count: sectionCount)
        // The items outside the runs, section by section in item order, skipping each run
        // (a run lies in one section).
        var run = 0
        for section in 0..<sectionCount {
            var item = Int(sectionStarts[section])
            let end = Int(sectionStarts[section + 1])
            var stack = 0.0, width = 0.0
            while item < end {
                if run < runStart.count && Int(runStart[run]) == item {
                    item += Int(runLength[run])
                    run += 1
                    continue
                }
                stack += heights[item] + padding
                width = max(width, widths[item])
                item += 1
            }
            baseStack[section] = stack
            baseWidth[section] = width
        }
        combDrop = WrapPlan.combDrop(padding: configuration.itemPadding)
        sectionPadding = configuration.sectionPadding
        sectionMargin = configuration.sectionMargin
        self.overhangs = overhangs
        self.gutter = gutter
        singleFileLists = WrapPlan.hangsLists(configuration)
        fewestRows = WrapPlan.fewestAutoRows(configuration)
        longestList = WrapPlan.longestList(configuration, runLength: runLength)
    }

    /// The drawing's estimated breadth (along the columns) and depth (across them) when no
    /// sub-column has more than `limit` rows (nor, if `shaped`, more than its block's shape's).
    func size(rowLimit limit: Int, shaped: Bool = true) -> (breadth: Double, depth: Double) {
        let measured = measure { run in
            WrapPlan.grid(length: Int(runLength[run]), limit: limit, shaped: shaped ? runShaped[run] : nil,
                          longestList: shaped ? longestList : nil)
        }
        return (measured.breadth, measured.right + sectionMargin)
    }

    /// Per run, its rows when its block fills the room beside it: as many sub-columns as fit
    /// between its column's left and the drawing's right edge with `limit` (its own column's
    /// width where blocks cannot overhang), never more rows than with `limit`. The drawing
    /// gets no deeper, and the columns' stacks only lower.
    func filledRows(rowLimit limit: Int) -> [Int] {
        let grids = (0..<runLength.count).map { run in
            WrapPlan.grid(length: Int(runLength[run]), limit: limit, shaped: runShaped[run], longestList: longestList)
        }
        let measured = measure { grids[$0] }
        return (0..<runLength.count).map { run in
            let length = Int(runLength[run]), section = Int(runSection[run])
            let rows = grids[run]?.rows ?? length
            let room = overhangs ? measured.right - measured.lefts[section] : measured.widths[section]
            let fit = Int(room / runSlot[run])
            guard fit > 1 else { return rows }
            return min(rows, (length + fit - 1) / fit)
        }
    }

    /// The columns' stacks and widths with each run's grid (nil: unwrapped), blocks reaching
    /// past their column taking their height in each later column they reach into.
    private func measure(_ gridOfRun: (Int) -> (rows: Int, columns: Int)?)
        -> (breadth: Double, right: Double, lefts: [Double], widths: [Double]) {
        var stack = baseStack, width = baseWidth
        // Blocks: (section, width, height) of each run that wraps.
        var blocks: [(section: Int, width: Double, height: Double)] = []
        for run in 0..<runLength.count {
            let section = Int(runSection[run])
            if let (rows, columns) = gridOfRun(run) {
                // (A row hanging from the line over it, `WrapPlan.isCombed`, hangs lower.)
                let height = Double(rows) * runPitch[run] + (!singleFileLists && rows == 1 && columns > 1 ? combDrop : 0)
                var blockWidth = Double(columns) * runSlot[run]
                if singleFileLists && rows == 1 { blockWidth -= gutter }
                stack[section] += height
                if overhangs { blocks.append((section, blockWidth, height)) } else { width[section] = max(width[section], blockWidth) }
            } else {
                stack[section] += runStack[run]
                width[section] = max(width[section], runWidest[run])
            }
        }
        var lefts = [Double](repeating: sectionMargin, count: width.count)
        for section in 1..<max(1, width.count) { lefts[section] = lefts[section - 1] + width[section - 1] + sectionPadding }
        var right = (lefts.last ?? 0) + (width.last ?? 0)
        for block in blocks {
            let blockRight = lefts[block.section] + block.width
            right = max(right, blockRight)
            var section = block.section
            while section + 1 < width.count && blockRight > lefts[section] + width[section] + 0.5 {
                section += 1
                stack[section] += block.height
            }
        }
        return (stack.max() ?? 0, right, lefts, width)
    }

    /// The page (`WrapPlan.page`) of the drawing for a row limit.
    func page(rowLimit limit: Int) -> Double {
        let size = size(rowLimit: limit)
        return WrapPlan.page(breadth: size.breadth, depth: size.depth)
    }

    /// The page of the drawing with no run wrapped.
    var unwrappedPage: Double {
        let size = size(rowLimit: Int(runLength.max() ?? 0), shaped: false)
        return WrapPlan.page(breadth: size.breadth, depth: size.depth)
    }

    /// Breadth over depth for a row limit.
    func aspect(rowLimit limit: Int) -> Double {
        let size = size(rowLimit: limit)
        return size.breadth / max(size.depth, 1)
    }

    /// The row limit for `auto`, or nil if the drawing is no more than `targetAspect` as
    /// broad as deep unwrapped. The aspect falls as the limit does (blocks get lower and
    /// wider): the largest limit at the target is found by bisection (the longest run's
    /// length if the blocks' own shapes already reach it); then, of it and the limits a
    /// half, a quarter… of it (down to `fewestAutoRows`), the one of least estimated area
    /// that is still no more than `targetAspect` as deep as broad (`squaring` in a `bigTree`,
    /// beyond `WrapPlan.measuredChoiceItems`).
    func autoRowLimit(bigTree: Bool = false) -> Int? {
        let longest = Int(runLength.max() ?? 0)
        let unwrapped = size(rowLimit: longest, shaped: false)
        if unwrapped.breadth <= WrapPlan.targetAspect * max(unwrapped.depth, 1) { return nil }
        var low = fewestRows, high = longest  // aspect(high) > target
        if aspect(rowLimit: low) > WrapPlan.targetAspect {
            return squaring(low, bigTree: bigTree)
        }
        // Limits above the blocks' own shapes change nothing: start from the tallest shape.
        // (Capping lists, only the longest run's length gives every block its shape.)
        if aspect(rowLimit: high) <= WrapPlan.targetAspect { low = longestList != nil ? high : max(low, runShaped.max() ?? low); high = low }
        while high - low > 1 {
            let middle = (low + high) / 2
            if aspect(rowLimit: middle) <= WrapPlan.targetAspect { low = middle } else { high = middle }
        }
        var best = low, bestArea = area(rowLimit: low)
        var candidate = low / 2
        while candidate >= fewestRows {
            let size = size(rowLimit: candidate)
            let area = size.breadth * size.depth
            if size.depth > WrapPlan.targetAspect * size.breadth { break }
            if area < bestArea { best = candidate; bestArea = area }
            candidate /= 2
        }
        return squaring(best, bigTree: bigTree)
    }

    /// `limit`, or in a big tree the blocks' own shapes where `limit` is lower and its area over
    /// `WrapPlan.squaringAreaGrowth` times theirs: below those shapes a limit must shorten the
    /// drawing, not only widen it, and where the tallest columns hold no block (or even the
    /// fewest rows leave it beyond the target) lower blocks lengthen its short side alone. Nil
    /// (nothing wrapped) where even that is over `squaringAreaGrowth` times the area unwrapped:
    /// the blocks then only add depth beside columns taller than they were.
    /// (Smaller trees' limits are judged on placements: the estimate only starts them.)
    private func squaring(_ limit: Int, bigTree: Bool) -> Int? {
        guard bigTree, let shaped = runShaped.max() else { return limit }
        let chosen = limit < shaped && area(rowLimit: limit) > WrapPlan.squaringAreaGrowth * area(rowLimit: shaped) ? shaped : limit
        let unwrapped = size(rowLimit: Int(runLength.max() ?? 0), shaped: false)
        return area(rowLimit: chosen) > WrapPlan.squaringAreaGrowth * unwrapped.breadth * unwrapped.depth ? nil : chosen
    }

    private func area(rowLimit limit: Int) -> Double {
        let size = size(rowLimit: limit)
        return size.breadth * size.depth
    }
}
