/// The geometry of one nesting block (`WrapPlan.nestsFolders`), before it joins a plan: the
/// run's children (leaves and small subtrees) in order down panels side by side. Subtrees are
/// packed as a tidy tree packs them: each as close below the one before as their contours
/// allow, level by level (a leaf tucks in beside a sibling's children), every parent between
/// its first and last child's middles. Each panel has a column per level, as wide as its
/// widest item there. Panels are balanced, each about `nestingShape` times as tall as a square
/// block's. With `hangsLists`, a run of `shortestHangingList` leaf children or more hangs from
/// the column after its parent's as a list (a shaped block of leaves); its room is kept at
/// every deeper level of the block (a list may reach past the next level's column).
///
/// All in canonical axes (left to right): a panel's levels run along x, its members along y.
struct NestingLayout {
    /// The block's items level by level: level 0 is the run, each next one its children.
    let levels: [Range<Int>]
    /// Where each level starts among the block's items (`index`).
    let levelOffsets: [Int]
    /// How many items the block has, inner ones included.
    let total: Int

    /// Hanging lists, per item by its index: its list's head (first member) or -1, and its
    /// offsets in its list; per head, the list's breadth (`rowHeight`) and length along the
    /// depth axis, its rows and sub-columns, its first and last rows' middles, and where its
    /// sub-columns' lefts start in `headLefts`.
    private(set) var listHead: [Int]
    private(set) var inListTop: [Double], inListLeft: [Double]
    private(set) var rowHeight: [Double], listLength: [Double]
    private(set) var headRows: [Int32], headColumns: [Int32]
    private(set) var headFirstRow: [Double], headLastRow: [Double]
    private(set) var headLeftStart: [Int32]
    private(set) var headLefts: [Double] = []

    /// Per item, its panel and its top from the block's top.
    private(set) var panelOf: [Int32] = []
    private(set) var tops: [Double] = []
    /// Per head of a list, its top from the block's top (the list's origin).
    private(set) var origins: [Double] = []
    /// Per panel, its breadth (along y), and per panel and level (`panel × levels + level`)
    /// the level's column left and width, from the block's left.
    private(set) var panelHeights: [Double] = []
    private(set) var levelLefts: [Double] = []
    private(set) var levelWidths: [Double] = []
    /// Per panel, where its level columns end, and where it ends (its longest list's end).
    private(set) var columnsEnds: [Double] = []
    private(set) var panelEnds: [Double] = []
    /// The block's size: its panels' length along x, its tallest panel along y.
    private(set) var width = 0.0
    private(set) var height = 0.0

    var panelCount: Int { panelHeights.count }
    /// Whether `breaksPanels` broke the panels elsewhere than balanced (`shortestBreaks`).
    private(set) var breaksDiffer = false
    /// Whether `evensPanels` evened the panels (`evenedPanels`).
    private(set) var evensDiffer = false

    /// An item's index among the block's, given its level.
    @inline(__always)
    func index(_ item: Int, _ level: Int) -> Int { levelOffsets[level] + item - levels[level].lowerBound }

    /// Lays out the run of `length` children from `first`, or nil where one panel would do.
    /// `listRows`, per item index, gives a list's rows where it is positive (a list's head),
    /// else the list is shaped `WrapPlan.hangingListLength` times as long as broad.
    /// With `breaksPanels`, the panels may break elsewhere than balanced where that makes the
    /// block smaller (`shortestBreaks`; not with `panels` given); with `evensPanels`, into the
    /// fewest as broad panels filled in order where that does (`evenedPanels`; with `panels`
    /// given, no more than that many: blocks filling their room are evened too).
    init?(first: Int, length: Int, childStarts: [Int32], widths itemWidths: [Double], heights itemHeights: [Double],
          padding: Double, gutter: Double, innerGap: Double, nestingShape: Double, hangsLists: Bool,
          shortestHangingList: Int, listRows: [Int32]? = nil, panels forcedPanels: Int? = nil, breaksPanels: Bool = false,
          evensPanels: Bool = false) {
        var levels: [Range<Int>] = [first..<first + length]
        while true {
            let last = levels[levels.count - 1]
            let next = Int(childStarts[last.lowerBound])..<Int(childStarts[last.upperBound])
            if next.isEmpty { break }
            levels.append(next)
        }
        var levelOffsets: [Int] = [], total = 0
        for level in levels { levelOffsets.append(total); total += level.count }
        self.levels = levels; self.levelOffsets = levelOffsets; self.total = total
        let listed = hangsLists ? total : 0
        listHead = [Int](repeating: -1, count: listed)
        rowHeight = [Double](repeating: 0, count: listed); listLength = rowHeight
        inListTop = rowHeight; inListLeft = rowHeight
        headRows = [Int32](repeating: 0, count: listed); headColumns = headRows; headLeftStart = headRows
        headFirstRow = rowHeight; headLastRow = rowHeight
        if hangsLists {
            for level in 0..<levels.count - 1 {
                for item in levels[level] {
                    let children = Int(childStarts[item])..<Int(childStarts[item + 1])
                    var start = children.lowerBound
                    while start < children.upperBound {
                        var end = start
                        while end < children.upperBound && childStarts[end] == childStarts[end + 1] { end += 1 }
                        if end - start >= shortestHangingList {
                            let head = levelOffsets[level + 1] + start - levels[level + 1].lowerBound
                            layOutList(start..<end, head: head, rows: listRows.map { Int($0[head]) } ?? 0,
                                       widths: itemWidths, heights: itemHeights, padding: padding, gutter: gutter)
                        }
                        start = max(end, start + 1)
                    }
                }
            }
        }
        guard place(childStarts: childStarts, widths: itemWidths, heights: itemHeights, padding: padding, gutter: gutter,
                    innerGap: innerGap, nestingShape: nestingShape, hangsLists: hangsLists, panels: forcedPanels,
                    breaksPanels: breaksPanels, evensPanels: evensPanels) else { return nil }
    }

    /// Lays out the list of `members` (its head's index `head`) as a block of leaves in `rows`
    /// rows (0: shaped), down each sub-column then across.
    private mutating func layOutList(_ members: Range<Int>, head: Int, rows forcedRows: Int, widths itemWidths: [Double],
                                     heights itemHeights: [Double], padding: Double, gutter: Double) {
        var wanted = forcedRows > 0 ? min(forcedRows, members.count)
            : WrapPlan.shapedRows(of: members, widths: itemWidths, heights: itemHeights, padding: padding,
                                  gutter: gutter, aspect: 1 / WrapPlan.hangingListLength)
        // (A short list in lines of uneven lengths put a member under another: single file, as `WrapPlan.grid`.)
        if members.count <= WrapPlan.longestSingleFileRun && wanted > 1 && wanted < members.count { wanted = 1 }
        let columns = (members.count + wanted - 1) / wanted, rows = (members.count + columns - 1) / columns
        var rowTops: [Double] = [], heights: [Double] = [], widths: [Double] = []
        let lefts = headLefts.count
        // In single file it is entered on the line past its far side: no bus before its first
        // member, which starts level with its level's other boxes (as `WrapPlan`'s lists).
        let size = WrapPlan.appendGrid(of: members, rows: rows, columns: columns, balanced: false, widths: itemWidths,
                                       heights: itemHeights, padding: padding, gutter: gutter, leadingGutter: rows > 1,
                                       rowTops: &rowTops, rowHeights: &heights, columnLefts: &headLefts, columnWidths: &widths)
        for (position, member) in members.enumerated() {
            let at = head + position, row = position % rows, column = position / rows
            listHead[at] = head
            // A list in single file at the line past its far side (`WrapPlan.offset(ofMember:inBlock:width:height:)`).
            let room = heights[row] - itemHeights[member]
            inListTop[at] = rowTops[row] + (rows == 1 ? room : room / 2)
            // At its sub-column's near side, by its bus (`WrapPlan.offset(ofMember:inBlock:width:height:)`).
            inListLeft[at] = headLefts[lefts + column]
        }
        rowHeight[head] = size.height
        listLength[head] = size.width
        headRows[head] = Int32(rows); headColumns[head] = Int32(columns); headLeftStart[head] = Int32(lefts)
        headFirstRow[head] = heights[0] / 2; headLastRow[head] = rowTops[rows - 1] + heights[rows - 1] / 2
    }

    /// Packs the subtrees, balances them into panels and sets the level columns; false where
    /// one panel would do.
    private mutating func place(childStarts: [Int32], widths itemWidths: [Double], heights itemHeights: [Double],
                                padding: Double, gutter: Double, innerGap: Double, nestingShape: Double,
                                hangsLists: Bool, panels forcedPanels: Int?, breaksPanels: Bool,
                                evensPanels: Bool) -> Bool {
        let levels = self.levels, total = self.total
        let listHead = self.listHead, rowHeight = self.rowHeight, listLength = self.listLength, inListTop = self.inListTop
        func index(_ item: Int, _ level: Int) -> Int { levelOffsets[level] + item - levels[level].lowerBound }
        /// Whether an item hangs in a list after its first member (it is packed with the first).
        func isListTail(_ at: Int) -> Bool { hangsLists && listHead[at] >= 0 && listHead[at] != at }
        // Each subtree packed as a tidy tree packs it (contours, not boxes): per item, its
        // subtree's top and bottom at each level below it (from the subtree's topmost edge),
        // its own top, and its subtree's offset from its parent's. Bottom up, O(items × levels).
        var depths = [Int32](repeating: 0, count: total)
        var tallest = 0.0, widest = [Double](repeating: 0, count: levels.count)
        for level in stride(from: levels.count - 1, through: 0, by: -1) {
            for item in levels[level] {
                var depth: Int32 = 0
                if level + 1 < levels.count {
                    for child in Int(childStarts[item])..<Int(childStarts[item + 1]) { depth = max(depth, depths[index(child, level + 1)] + 1) }
                }
                let at = index(item, level)
                tallest = max(tallest, itemHeights[item])
                if hangsLists && listHead[at] >= 0 {
                    // A list keeps its room at every deeper level; its members pack as one.
                    guard listHead[at] == at else { continue }
                    depth = Int32(levels.count - 1 - level)
                    widest[level] = max(widest[level], listLength[at])
                } else {
                    widest[level] = max(widest[level], itemWidths[item])
                }
                depths[at] = depth
            }
        }
        var contourStart = [Int](repeating: 0, count: total + 1)
        for at in 0..<total { contourStart[at + 1] = contourStart[at] + Int(depths[at]) + 1 }
        var contourTops = [Double](repeating: 0, count: contourStart[total])
        var contourBottoms = [Double](repeating: 0, count: contourStart[total])
        var ownTops = [Double](repeating: 0, count: total), offsets = [Double](repeating: 0, count: total)
        var accumulatedTops = [Double](repeating: 0, count: levels.count), accumulatedBottoms = accumulatedTops
        /// Packs subtrees one below the other, each as high as its contours allow below those
        /// before it (`offsets`); returns how many levels the packed whole has.
        func pack(_ items: Range<Int>, level: Int) -> Int {
            var packedLevels = 0
            for item in items {
                let at = index(item, level)
                if isListTail(at) { continue }
                packNext(at, &packedLevels)
            }
            return packedLevels
        }
        /// Packs one more subtree below those packed before it (`packedLevels` deep).
        func packNext(_ at: Int, _ packedLevels: inout Int) {
            let base = contourStart[at], count = Int(depths[at]) + 1
            var offset = 0.0
            if packedLevels > 0 {
                offset = -Double.infinity
                for depth in 0..<min(packedLevels, count) {
                    offset = max(offset, accumulatedBottoms[depth] + padding - contourTops[base + depth])
                }
            }
            offsets[at] = offset
            for depth in 0..<count {
                let top = contourTops[base + depth] + offset, bottom = contourBottoms[base + depth] + offset
                if depth < packedLevels {
                    accumulatedTops[depth] = min(accumulatedTops[depth], top)
                    accumulatedBottoms[depth] = max(accumulatedBottoms[depth], bottom)
                } else {
                    accumulatedTops[depth] = top; accumulatedBottoms[depth] = bottom
                }
            }
            packedLevels = max(packedLevels, count)
        }
        for level in stride(from: levels.count - 1, through: 0, by: -1) {
            for item in levels[level] {
                let at = index(item, level), base = contourStart[at], height = itemHeights[item]
                let children = Int(childStarts[item])..<Int(childStarts[item + 1])
                if hangsLists && listHead[at] >= 0 {
                    // In its list's rows; the head's contour is the list at every depth.
                    let head = listHead[at]
                    ownTops[at] = inListTop[at]
                    if head == at {
                        for depth in 0...Int(depths[at]) { contourTops[base + depth] = 0; contourBottoms[base + depth] = rowHeight[head] }
                    }
                    continue
                }
                guard !children.isEmpty && level + 1 < levels.count else {
                    contourTops[base] = 0; contourBottoms[base] = height; ownTops[at] = 0
                    continue
                }
                let packedLevels = pack(children, level: level + 1)
                // Between the first and last child's middles (a list's: its row's).
                func middle(_ child: Int) -> Double {
                    let childAt = index(child, level + 1)
                    if hangsLists && listHead[childAt] >= 0 { return offsets[listHead[childAt]] + rowHeight[listHead[childAt]] / 2 }
                    return offsets[childAt] + ownTops[childAt] + itemHeights[child] / 2
                }
                let top = (middle(children.lowerBound) + middle(children.upperBound - 1)) / 2 - height / 2
                var shift = top
                for depth in 0..<packedLevels { shift = min(shift, accumulatedTops[depth]) }
                ownTops[at] = top - shift
                contourTops[base] = top - shift; contourBottoms[base] = top - shift + height
                for depth in 0..<packedLevels {
                    contourTops[base + 1 + depth] = accumulatedTops[depth] - shift
                    contourBottoms[base + 1 + depth] = accumulatedBottoms[depth] - shift
                }
                for child in children { offsets[index(child, level + 1)] -= shift }
            }
        }
        /// A member's subtree's extent along the panel.
        func extent(_ at: Int) -> Double {
            var bottom = 0.0
            for cell in contourStart[at]..<contourStart[at + 1] { bottom = max(bottom, contourBottoms[cell]) }
            return bottom
        }
        let length = levels[0].count
        var height = -padding
        for item in levels[0] { height += extent(index(item, 0)) + padding }
        let slot = gutter + widest.reduce(0, +) + innerGap * Double(levels.count - 1)
        let cap = max(tallest, nestingShape * (WrapPlan.blockAspect * height * slot).squareRoot())
        let panels = min(length, forcedPanels ?? Int((height / max(cap, 1)).rounded(.up)))
        guard panels > 1 else { return false }
        // Balanced and in order: a child goes to the panel its subtree's middle falls in.
        let share = (height + padding) / Double(panels)
        var panelOf = [Int32](repeating: 0, count: total)
        var top = 0.0, last: Int32 = -1, used: Int32 = -1
        for item in levels[0] {
            let size = extent(index(item, 0))
            let wanted = Int32(min(panels - 1, Int((top + size / 2) / share)))
            if wanted != last { used += 1; last = wanted }
            panelOf[index(item, 0)] = used
            top += size + padding
        }
        var panelCount = Int(used) + 1
        guard panelCount > 1 else { return false }
        /// The broadest panel, packed, where `assignment` assigns the members.
        func broadestPanel(_ assignment: [Int32]) -> Double {
            var broadest = 0.0, runStart = levels[0].lowerBound
            while runStart < levels[0].upperBound {
                var runEnd = runStart + 1
                while runEnd < levels[0].upperBound && assignment[index(runEnd, 0)] == assignment[index(runStart, 0)] { runEnd += 1 }
                let packedLevels = pack(runStart..<runEnd, level: 0)
                var panelTop = 0.0, panelBottom = 0.0
                for depth in 0..<packedLevels {
                    panelTop = min(panelTop, accumulatedTops[depth]); panelBottom = max(panelBottom, accumulatedBottoms[depth])
                }
                broadest = max(broadest, panelBottom - panelTop)
                runStart = runEnd
            }
            return broadest
        }
        /// Members in order filled into panels none broader than `cap` once packed, each as
        /// many as fit (a member more never narrows a panel): the fewest such panels.
        func filled(under cap: Double) -> (assignment: [Int32], panels: Int, breadth: Double) {
            var assignment = panelOf, panel: Int32 = -1, packedLevels = 0
            var top = 0.0, bottom = 0.0, broadest = 0.0
            func add(_ at: Int) {
                packNext(at, &packedLevels)
                for depth in 0...Int(depths[at]) {
                    top = min(top, accumulatedTops[depth]); bottom = max(bottom, accumulatedBottoms[depth])
                }
            }
            for item in levels[0] {
                let at = index(item, 0)
                if !isListTail(at) {
                    let before = bottom - top
                    if panel >= 0 { add(at) }
                    if panel < 0 || bottom - top > cap {
                        if panel >= 0 { broadest = max(broadest, before) }
                        panel += 1; packedLevels = 0; top = 0; bottom = 0
                        add(at)
                    }
                }
                assignment[at] = max(panel, 0)
            }
            return (assignment, Int(panel) + 1, max(broadest, bottom - top))
        }
        /// The narrowest panels (to half a point) filled in order, no more than `panels` of
        /// them, if narrower than `broadest`: the least cap that fills no more, by bisection.
        func evenedPanels(panels: Int, under broadest: Double) -> (assignment: [Int32], panels: Int, breadth: Double)? {
            // No panel is narrower than its broadest member's subtree: the bisection starts there.
            var low = 0.0, high = broadest, best = filled(under: broadest)
            for item in levels[0] where !isListTail(index(item, 0)) { low = max(low, extent(index(item, 0))) }
            low = min(low, broadest) - 0.25
            guard best.panels <= panels else { return nil }
            while high - low > 0.5 {
                let middle = (low + high) / 2, trial = filled(under: middle)
                if trial.panels <= panels { high = middle; best = trial } else { low = middle }
            }
            return best.breadth < broadest - 0.5 ? best : nil
        }
        let reshapes = length > 2 && length <= NestingLayout.longestBrokenRun
        let breaks = breaksPanels && reshapes && forcedPanels == nil, evens = evensPanels && reshapes
        let balancedBreadth = breaks || evens ? broadestPanel(panelOf) : 0
        let balancedCount = panelCount
        var smallest = Double.infinity
        // Per member and level, its widest item and longest list: both choices' lengths read them.
        let maxima = breaks || evens
            ? memberMaxima(childStarts: childStarts, widths: itemWidths, hangsLists: hangsLists) : (widest: [], longest: [])
        if breaks {
            // Breaks that shorten the panels, kept where the block (its panels' lengths by
            // their broadest, packed) is smaller for them.
            let (balancedLength, candidates) = shortestBreaks(panelOf: panelOf, packedCap: balancedBreadth, maxima: maxima,
                                                              padding: padding, gutter: gutter, innerGap: innerGap,
                                                              extent: extent)
            smallest = balancedLength * balancedBreadth
            for candidate in candidates {
                var assignment = panelOf, panel: Int32 = 0
                for (position, item) in levels[0].enumerated() {
                    if Int(panel) + 1 < candidate.breaks.count && position >= candidate.breaks[Int(panel) + 1] { panel += 1 }
                    assignment[index(item, 0)] = panel
                }
                let area = candidate.length * broadestPanel(assignment)
                guard area < smallest * NestingLayout.breaksGain else { continue }
                smallest = area; panelOf = assignment; panelCount = candidate.breaks.count
                breaksDiffer = true
            }
        }
        if evens, let evened = evenedPanels(panels: balancedCount, under: balancedBreadth) {
            // Balanced by their members' subtrees one below the other, panels are uneven once
            // packed (a leaf tucks in beside a sibling's children: locales top to bottom had
            // panels 120 to 1,160 px broad). The fewest as broad panels, filled in order and
            // packed, replace them where the block is smaller for it.
            if !smallest.isFinite { smallest = panelsLength(panelOf, maxima, gutter: gutter, innerGap: innerGap) * balancedBreadth }
            let area = panelsLength(evened.assignment, maxima, gutter: gutter, innerGap: innerGap) * evened.breadth
            if area < smallest * NestingLayout.breaksGain {
                panelOf = evened.assignment; panelCount = evened.panels
                evensDiffer = true
            }
        }
        // A last panel of a few leaves joins the one before: alone it opened a row of panels
        // for one box (an org chart top to bottom: the chief of staff 2,860 px under the chief
        // executive, below three rows of the VPs' panels, reached by a line down the margin).
        var first = levels[0].upperBound, tailLength = -padding
        let lastPanel = Int32(panelCount - 1)
        while first > levels[0].lowerBound && panelOf[index(first - 1, 0)] == lastPanel && childStarts[first - 1] == childStarts[first] {
            first -= 1
            tailLength += extent(index(first, 0)) + padding
        }
        if first < levels[0].upperBound && panelOf[index(first - 1, 0)] != lastPanel && tailLength < share * NestingLayout.joinedTailShare {
            for item in first..<levels[0].upperBound { panelOf[index(item, 0)] = lastPanel - 1 }
            panelCount -= 1
            guard panelCount > 1 else { return false }
        }
        // Each panel's members packed; then every item's top, top down.
        var origins = [Double](repeating: 0, count: total), tops = [Double](repeating: 0, count: total)
        var panelHeights = [Double](repeating: 0, count: panelCount)
        var runStart = levels[0].lowerBound
        while runStart < levels[0].upperBound {
            let panel = panelOf[index(runStart, 0)]
            var runEnd = runStart + 1
            while runEnd < levels[0].upperBound && panelOf[index(runEnd, 0)] == panel { runEnd += 1 }
            let packedLevels = pack(runStart..<runEnd, level: 0)
            // A later member's subtree may reach above the first's: the panel starts at its top.
            var panelTop = 0.0, panelBottom = 0.0
            for depth in 0..<packedLevels {
                panelTop = min(panelTop, accumulatedTops[depth]); panelBottom = max(panelBottom, accumulatedBottoms[depth])
            }
            for item in runStart..<runEnd { origins[index(item, 0)] = offsets[index(item, 0)] - panelTop }
            panelHeights[Int(panel)] = panelBottom - panelTop
            runStart = runEnd
        }
        for (level, range) in levels.enumerated() {
            for item in range {
                let at = index(item, level)
                tops[at] = origins[at] + ownTops[at]
                guard level + 1 < levels.count else { continue }
                for child in Int(childStarts[item])..<Int(childStarts[item + 1]) {
                    let childAt = index(child, level + 1)
                    let unit = hangsLists && listHead[childAt] >= 0 ? listHead[childAt] : childAt
                    origins[childAt] = origins[at] + offsets[unit]
                    panelOf[childAt] = panelOf[at]
                }
            }
        }
        // Columns: per panel and level, as wide as its widest item; lefts after the gutter.
        let levelsPerPanel = levels.count
        var levelLefts = [Double](repeating: 0, count: panelCount * levelsPerPanel), levelWidths = levelLefts
        // (A list is no level's width: it hangs from its parent's column, as long as it is.)
        var longestList = [Double](repeating: 0, count: hangsLists ? panelCount * levelsPerPanel : 0)
        for (level, range) in levels.enumerated() {
            for item in range {
                let at = index(item, level), cell = Int(panelOf[at]) * levelsPerPanel + level
                if hangsLists && listHead[at] >= 0 {
                    if listHead[at] == at { longestList[cell - 1] = max(longestList[cell - 1], listLength[at]) }
                    continue
                }
                levelWidths[cell] = max(levelWidths[cell], itemWidths[item])
            }
        }
        var columnsEnds: [Double] = [], panelEnds: [Double] = []
        var left = 0.0
        for panel in 0..<panelCount {
            // After a panel reaching beyond its first column, the next one's bus keeps twice as
            // far from that column as from its own members: halfway between, its members read
            // as that column's continuation (a class tree's next defects as the previous
            // subclass's). Half a gutter more costs 1–3.5% of the area on real trees.
            let reachesOn = panel > 0 && panelEnds[panel - 1] > levelLefts[(panel - 1) * levelsPerPanel] + levelWidths[(panel - 1) * levelsPerPanel]
            left += reachesOn ? gutter * NestingLayout.panelSeparation : gutter
            for level in 0..<levelsPerPanel {
                let cell = panel * levelsPerPanel + level
                if level > 0 {
                    guard levelWidths[cell] > 0 else { break }
                    left += innerGap
                }
                levelLefts[cell] = left
                left += levelWidths[cell]
            }
            columnsEnds.append(left)
            // The panel reaches to its longest list's end.
            if hangsLists {
                for level in 0..<levelsPerPanel - 1 where longestList[panel * levelsPerPanel + level] > 0 {
                    let cell = panel * levelsPerPanel + level
                    left = max(left, levelLefts[cell] + levelWidths[cell] + innerGap + longestList[cell])
                }
            }
            panelEnds.append(left)
        }
        self.panelOf = panelOf; self.tops = tops; self.origins = origins; self.panelHeights = panelHeights
        self.levelLefts = levelLefts; self.levelWidths = levelWidths
        self.columnsEnds = columnsEnds; self.panelEnds = panelEnds
        width = left; self.height = panelHeights.max() ?? 0
        return true
    }

    /// Whether a panel holds one leaf and nothing else: a box in a panel of its own, with its own
    /// line into it, where a list would do.
    func hasLoneLeafPanel(childStarts: [Int32]) -> Bool {
        let run = levels[0]
        var start = run.lowerBound
        while start < run.upperBound {
            var end = start + 1
            while end < run.upperBound && panelOf[index(end, 0)] == panelOf[index(start, 0)] { end += 1 }
            if end - start == 1 && childStarts[start] == childStarts[start + 1] { return true }
            start = end
        }
        return false
    }

    /// A last panel of leaves shorter than this share of a balanced panel joins the one before.
    static let joinedTailShare = 0.2

    /// The longest run whose panels' breaks are chosen by `shortestBreaks` (its cost grows with
    /// the run times a panel's members); beyond, the balanced breaks stay.
    static let longestBrokenRun = 4_096

    /// A block laid out with `shortestBreaks`' panels replaces the balanced one where it is
    /// smaller by more than this share.
    static let breaksGain = 0.995

    /// The balanced panels' (`panelOf`) total length, and panels in order that are shorter
    /// together: where the panels start (member positions, the first 0) and their total
    /// length, for two limits on a panel's breadth: the balanced panels' broadest as packed
    /// (`packedCap`), and as their members' subtrees one below the other (looser: packing
    /// only narrows a panel; a panel's breadth is taken that way). A panel's length is its
    /// level columns (each as wide as its widest item at that level) and its lists' reaches,
    /// with its gutter (and the separation after a panel reaching past its first column).
    /// Balanced panels put a short member's subtree beside a long one's, each panel as long as
    /// its longest; these gather long subtrees in the same panels. Dynamic programming over
    /// the members, each panel's length kept per level as it grows.
    private func shortestBreaks(panelOf: [Int32], packedCap: Double, maxima: (widest: [Double], longest: [Double]),
                                padding: Double, gutter: Double, innerGap: Double,
                                extent: (Int) -> Double) -> (balancedLength: Double, candidates: [(breaks: [Int], length: Double)]) {
        let members = levels[0].count, levelCount = levels.count
        let (widest, longest) = maxima
        var extents = [Double](repeating: 0, count: members)
        for position in 0..<members { extents[position] = extent(index(levels[0].lowerBound + position, 0)) }
        var panelWidths = [Double](repeating: 0, count: levelCount), panelLists = panelWidths
        func length() -> Double { Self.panelLength(widths: panelWidths, lists: panelLists, gutter: gutter, innerGap: innerGap) }
        func add(_ position: Int) {
            for level in 0..<levelCount {
                panelWidths[level] = max(panelWidths[level], widest[position * levelCount + level])
                panelLists[level] = max(panelLists[level], longest[position * levelCount + level])
            }
        }
        // The balanced panels' total length and broadest stacked breadth.
        var balancedLength = 0.0, stackedCap = 0.0, start = 0
        while start < members {
            var end = start, breadth = -padding
            for level in 0..<levelCount { panelWidths[level] = 0; panelLists[level] = 0 }
            while end < members && panelOf[index(levels[0].lowerBound + end, 0)] == panelOf[index(levels[0].lowerBound + start, 0)] {
                add(end); breadth += extents[end] + padding; end += 1
            }
            balancedLength += length(); stackedCap = max(stackedCap, breadth)
            start = end
        }
        /// The shortest panels none broader than `cap` (stacked), if shorter than the balanced.
        ///
        /// shortest[j], the least total length of panels holding the first j members, never
        /// falls as j grows (a member less leaves a panel no longer), and a panel's length only
        /// changes where one of its level maxima does. So for each end, only the members that
        /// set a maximum (kept per level on a stack: each one greater than every later member's)
        /// are tried, each with the earliest start its maxima hold for (the least shortest[]
        /// there): the same panels as trying every start, without a panel's members times its
        /// levels per member (a root of 355 mixed subtrees took a quarter of a 1,000-node layout).
        func breaks(under cap: Double) -> (breaks: [Int], length: Double)? {
            var shortest = [Double](repeating: .infinity, count: members + 1), from = [Int](repeating: 0, count: members + 1)
            shortest[0] = 0
            // Per level, the widest and the longest list: positions whose value exceeds every
            // later one's up to the current end (the top is the last member).
            // Stack `level` holds widest[], stack `levelCount + level` longest[], flat: stack
            // `s` in stacks[s * members ..< s * members + stackCounts[s]].
            var stacks = [Int32](repeating: 0, count: 2 * levelCount * members)
            var stackCounts = [Int](repeating: 0, count: 2 * levelCount)
            var changes: [Int] = []
            func value(_ stack: Int, _ position: Int) -> Double {
                stack < levelCount ? widest[position * levelCount + stack] : longest[position * levelCount + stack - levelCount]
            }
            for end in 1...members {
                let last = end - 1
                for stack in 0..<2 * levelCount {
                    let latest = value(stack, last), base = stack * members
                    while stackCounts[stack] > 0 && value(stack, Int(stacks[base + stackCounts[stack] - 1])) <= latest { stackCounts[stack] -= 1 }
                    stacks[base + stackCounts[stack]] = Int32(last)
                    stackCounts[stack] += 1
                }
                // The earliest start whose panel is within the cap (one member always is).
                var low = last, breadth = -padding
                breadth += extents[last] + padding
                while low > 0 {
                    breadth += extents[low - 1] + padding
                    if breadth > cap { break }
                    low -= 1
                }
                // The starts where the panel's maxima change, latest first.
                changes.removeAll(keepingCapacity: true)
                for stack in 0..<2 * levelCount {
                    var top = stack * members + stackCounts[stack] - 1
                    while top >= stack * members && Int(stacks[top]) >= low { changes.append(Int(stacks[top])); top -= 1 }
                }
                changes.sort(by: >)
                changes.removeConsecutiveDuplicates()
                for level in 0..<levelCount { panelWidths[level] = 0; panelLists[level] = 0 }
                for (rank, change) in changes.enumerated() {
                    add(change)
                    // Starts from `change` down to the next change (or `low`) share this length;
                    // the earliest has the least shortest[], and the latest start with that
                    // value is the one a start-by-start search keeps (it replaces on less only).
                    let earliest = rank + 1 < changes.count ? changes[rank + 1] + 1 : low
                    let candidate = shortest[earliest] + length()
                    guard candidate < shortest[end] else { continue }
                    var kept = earliest, high = change
                    while kept < high {
                        let middle = (kept + high + 1) / 2
                        if shortest[middle] == shortest[earliest] { kept = middle } else { high = middle - 1 }
                    }
                    shortest[end] = candidate; from[end] = kept
                }
            }
            guard shortest[members] < balancedLength - 0.5 else { return nil }
            var breaks: [Int] = [], end = members
            while end > 0 { end = from[end]; breaks.append(end) }
            return (breaks.reversed(), shortest[members])
        }
        var candidates: [(breaks: [Int], length: Double)] = []
        // Packing only narrows a panel: the stacked cap is the same or looser, and the same
        // cap gives the same breaks.
        for cap in stackedCap > packedCap ? [packedCap, stackedCap] : [packedCap] {
            if let shorter = breaks(under: cap), !candidates.contains(where: { $0.breaks == shorter.breaks }) { candidates.append(shorter) }
        }
        return (balancedLength, candidates)
    }

    /// Per member of the run (`levels[0]`) and level, flat (`member × levels + level`): the
    /// widest item of its subtree there, and the longest list hanging after that level's column.
    private func memberMaxima(childStarts: [Int32], widths itemWidths: [Double], hangsLists: Bool) -> (widest: [Double], longest: [Double]) {
        let levelCount = levels.count
        var widest = [Double](repeating: 0, count: levels[0].count * levelCount), longest = widest
        var memberOf = [Int32](repeating: 0, count: total)
        for (level, range) in levels.enumerated() {
            for item in range {
                let at = index(item, level)
                if level == 0 { memberOf[at] = Int32(item - range.lowerBound) }
                let cell = Int(memberOf[at]) * levelCount + level
                if hangsLists && listHead[at] >= 0 {
                    if listHead[at] == at { longest[cell - 1] = max(longest[cell - 1], listLength[at]) }
                } else {
                    widest[cell] = max(widest[cell], itemWidths[item])
                }
                guard level + 1 < levelCount else { continue }
                for child in Int(childStarts[item])..<Int(childStarts[item + 1]) { memberOf[index(child, level + 1)] = memberOf[at] }
            }
        }
        return (widest, longest)
    }

    /// A panel's length, its level columns as wide as `widths` and lists reaching `lists` past
    /// them (per level), with its gutter, as `place` lays it out.
    private static func panelLength(widths: [Double], lists: [Double], gutter: Double, innerGap: Double) -> Double {
        var left = 0.0, end = 0.0
        for level in 0..<widths.count {
            if level > 0 {
                guard widths[level] > 0 else { break }
                left += innerGap
            }
            left += widths[level]
            if lists[level] > 0 { end = max(end, left + innerGap + lists[level]) }
        }
        end = max(end, left)
        return gutter + end + (end > widths[0] ? gutter * (NestingLayout.panelSeparation - 1) : 0)
    }

    /// The panels' total length where `assignment` assigns the run's members (in order).
    private func panelsLength(_ assignment: [Int32], _ maxima: (widest: [Double], longest: [Double]), gutter: Double, innerGap: Double) -> Double {
        let levelCount = levels.count
        var total = 0.0, position = 0
        var widths = [Double](repeating: 0, count: levelCount), lists = widths
        while position < levels[0].count {
            let panel = assignment[index(levels[0].lowerBound + position, 0)]
            for level in 0..<levelCount { widths[level] = 0; lists[level] = 0 }
            while position < levels[0].count && assignment[index(levels[0].lowerBound + position, 0)] == panel {
                for level in 0..<levelCount {
                    widths[level] = max(widths[level], maxima.widest[position * levelCount + level])
                    lists[level] = max(lists[level], maxima.longest[position * levelCount + level])
                }
                position += 1
            }
            total += Self.panelLength(widths: widths, lists: lists, gutter: gutter, innerGap: innerGap)
        }
        return total
    }

    /// The room before a panel after one reaching beyond its first column, in gutters.
    static let panelSeparation = 1.5

    /// How many of the shorter lists' reaches `shortenedLists` tries at most as a panel's end:
    /// a panel of many lists would otherwise cost their number squared.
    static let shorteningTargets = 16

    /// In how many more rows than it has a panel's longest list is tried, where it is the only
    /// one reaching past the panel's columns (`shortenedLists`): each a target for the panel's end.
    static let ownReachRows = 4

    /// Where a list (by its head's index) starts along x: a gap after its parent's column.
    func listStart(head: Int, level: Int, innerGap: Double) -> Double {
        let cell = Int(panelOf[head]) * levels.count + level
        return levelLefts[cell - 1] + levelWidths[cell - 1] + innerGap
    }

    /// Rows for the lists that alone make their panels long (per item index, 0 for the rest),
    /// or nil if no list does: a panel as long as one list hanging far past everything else in
    /// it is shortened by hanging that list in more rows side by side, down to the next longest
    /// thing in the panel, as far as the block's area shrinks by it (estimated: the panel's
    /// breadth grows by the rows added, the block's by what passes its broadest panel). Unless
    /// `broadens`, no panel grows broader than the broadest one.
    func shortenedLists(widths itemWidths: [Double], heights itemHeights: [Double], padding: Double, gutter: Double,
                        innerGap: Double, broadens: Bool) -> [Int32]? {
        guard !listHead.isEmpty, panelCount > 1 else { return nil }
        // Per panel, its lists' heads (the lists are in item order, so panels' heads are in order).
        var heads = [[Int]](repeating: [], count: panelCount)
        var levelOfIndex = [Int](repeating: 0, count: total)
        for (level, range) in levels.enumerated() {
            for item in range { levelOfIndex[index(item, level)] = level }
        }
        for at in 0..<total where listHead[at] == at { heads[Int(panelOf[at])].append(at) }
        var rows = [Int32](repeating: 0, count: total), changed = false
        var blockWidth = width, blockHeight = height, estimatedHeights = panelHeights
        var broadestAfter = panelHeights, broadestBefore = 0.0
        for panel in stride(from: panelCount - 2, through: 0, by: -1) { broadestAfter[panel] = max(broadestAfter[panel], broadestAfter[panel + 1]) }
        for panel in 0..<panelCount {
            defer { broadestBefore = max(broadestBefore, estimatedHeights[panel]) }
            guard !heads[panel].isEmpty else { continue }
            // Each list's start, reach, members, and its row pitch and sub-column slot.
            var starts: [Double] = [], reaches: [Double] = []
            var counts: [Int] = [], pitches: [Double] = [], slots: [Double] = []
            for head in heads[panel] {
                let start = listStart(head: head, level: levelOfIndex[head], innerGap: innerGap)
                var count = 1
                while head + count < total && listHead[head + count] == head { count += 1 }
                let level = levelOfIndex[head], first = levels[level].lowerBound + head - levelOffsets[level]
                var tallest = 0.0, widest = 0.0
                for member in first..<first + count {
                    tallest = max(tallest, itemHeights[member]); widest = max(widest, itemWidths[member])
                }
                starts.append(start); reaches.append(start + listLength[head])
                counts.append(count); pitches.append(tallest + padding); slots.append(widest + gutter)
            }
            let longest = reaches.max()!
            guard longest > columnsEnds[panel] + 1 else { continue }
            // Candidate ends: the level columns' end and the shorter lists' reaches, longest
            // first; where there are many, the next longest few and others spread evenly among
            // them (each is judged over all the panel's lists: at most `shorteningTargets`).
            // A panel whose longest list is its only one reaching past its columns has no
            // shorter list to end by: that list's own reaches in a few more rows are targets
            // too, else its only one is the columns' end, where it would hang in as many rows as
            // it has members (a class tree's list of 18 subclasses kept in single file, its
            // panel row 1,100 px deep and empty but for it).
            let longestList = reaches.firstIndex(of: longest)!, head = heads[panel][longestList]
            let othersShorter = reaches.filter { $0 < longest - 1 }
            var ownReaches: [Double] = []
            if othersShorter.allSatisfy({ $0 <= columnsEnds[panel] + 1 }) {
                let rows = Int(headRows[head]), count = counts[longestList]
                for more in stride(from: rows + 1, through: min(count, rows + NestingLayout.ownReachRows), by: 1) {
                    let reach = starts[longestList] + Double((count + more - 1) / more) * slots[longestList]
                    if reach > columnsEnds[panel] + 1 && reach < longest - 1 { ownReaches.append(reach) }
                }
            }
            let shorter = Array(Set(othersShorter + ownReaches)).sorted(by: >)
            var targets = [columnsEnds[panel]]
            if shorter.count <= NestingLayout.shorteningTargets {
                targets += shorter
            } else {
                let nearest = NestingLayout.shorteningTargets / 4, spread = NestingLayout.shorteningTargets - nearest
                targets += shorter[..<nearest]
                for step in 1...spread { targets.append(shorter[nearest - 1 + (shorter.count - nearest) * step / spread]) }
            }
            let panelHeight = estimatedHeights[panel]
            // The broadest other panel: those before as shortened, those after as they are.
            let otherHeight = max(panel > 0 ? broadestBefore : 0, panel + 1 < panelCount ? broadestAfter[panel + 1] : 0)
            /// The rows each list longer than `target` needs to end by it, the breadth they add
            /// and where the panel then ends (estimated by each list's widest member).
            func shortened(to target: Double) -> (rows: [Int], added: Double, end: Double) {
                var listRows = [Int](repeating: 0, count: heads[panel].count), added = 0.0, end = target
                for (list, head) in heads[panel].enumerated() where reaches[list] > target {
                    // (A hair over: a target made as start + k slots must give k, not k - 1.)
                    let columns = max(1, Int(((target - starts[list]) / slots[list] + 1e-9).rounded(.down)))
                    let rows = (counts[list] + columns - 1) / columns
                    guard rows > Int(headRows[head]) else { end = max(end, reaches[list]); continue }
                    listRows[list] = rows
                    added += Double(rows - Int(headRows[head])) * pitches[list]
                    end = max(end, starts[list] + Double((counts[list] + rows - 1) / rows) * slots[list])
                }
                return (listRows, added, end)
            }
            var best: (rows: [Int], added: Double, end: Double)? = nil
            var bestArea = blockWidth * blockHeight
            for target in targets {
                let candidate = shortened(to: target)
                if !broadens && panelHeight + candidate.added > height { continue }
                let area = (blockWidth - max(0, longest - candidate.end)) * max(otherHeight, panelHeight + candidate.added)
                if area < bestArea { bestArea = area; best = candidate }
            }
            guard let best else { continue }
            for (list, head) in heads[panel].enumerated() where best.rows[list] > 0 {
                rows[head] = Int32(best.rows[list]); changed = true
            }
            blockWidth -= max(0, longest - best.end)
            estimatedHeights[panel] += best.added
            blockHeight = max(blockHeight, estimatedHeights[panel])
        }
        return changed ? rows : nil
    }
}

extension Array where Element: Equatable {
    /// Keeps the first of each run of equal elements, in place.
    fileprivate mutating func removeConsecutiveDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
