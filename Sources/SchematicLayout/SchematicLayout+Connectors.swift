import CollectionLayout
import HeapModule
import Hierarchy

/// Connectors: the attributes of each parent–child line, into wrapped blocks too, the
/// additional parents' connectors, and the bus lanes of elbow connectors.
extension SchematicLayout {
    /// Elbow connectors meet on vertical bus lines between the columns, one per parent, from
    /// the parent's centre to its children's. Where two parents' buses overlap they get
    /// separate lanes, ordered so that no stub crosses another parent's bus: a bus running
    /// from its parent towards smaller y ("up") lies left of every later overlapping "up"
    /// bus, a "down" bus left of every earlier overlapping "down" bus, and buses between
    /// their children (parent inside the span) on the lane nearest the children. Up buses
    /// overlap neither down buses nor each other's children, so this order always exists;
    /// lanes are counted along overlapping runs in one pass per gap: O(n).
    ///
    /// Each run of buses that overlap or nearly meet (closer than `abuttingDistance`) spreads its
    /// own lanes across the whole gap: a bus alone lies in the gap's middle, two in a run a third
    /// of the gap apart, whatever the gap's busiest run needs elsewhere. (Spaced by the busiest
    /// run, a phylogeny's gap of six lanes put a parent's line 12 px short of its neighbour's
    /// bus, and it read as joining it.) Buses of different runs never share a y, so no line
    /// crosses another run's bus wherever it lies. A run where a parent is level with another
    /// parent's child spreads its lanes over the free room beside the gap too, its outer lanes
    /// as far from the boxes along it as in the gap (`widenedBusRuns`): the parent's line ends
    /// at its lane and the child's stub starts at the next on the same row, and a lane apart
    /// they read as one line from that parent to the other's child (a marsupial phylogeny, 7
    /// such places 16 px apart).
    ///
    /// Lanes are kept per parent (its lane, its run's lane count), not as x: a gap's lanes
    /// depend only on the tops in its two columns. Stacked columns without wrapping re-count
    /// only the gaps beside a resized column, and only when a query first reads one
    /// (`refreshLanes(ofGap:)`, as item tops refresh); columns moved sideways need nothing.
    func assignBusLanes(onlyAround resized: Set<Int>? = nil) {
        let sectionCount = dataController.numberOfSections, count = dataController.numberOfItems
        if let resized, busLaneOfParent.count == count, busLaneCountOfParent.count == count {
            for section in resized {
                if section >= 1 && section < sectionCount { staleLaneGaps[section] = true }
                if section + 1 < sectionCount { staleLaneGaps[section + 1] = true }
            }
            return
        }
        busLaneOfParent = [Int32](repeating: -1, count: count)
        busLaneCountOfParent = [Int32](repeating: 0, count: count)
        widenedBusRuns = [:]
        staleLaneGaps = [Bool](repeating: false, count: sectionCount)
        for section in 0..<sectionCount { refreshTops(ofSection: section) }
        countLanes(inGaps: 1..<max(1, sectionCount))
    }

    /// Brings a gap's lanes (before column `section`) up to date after new sizes moved its items.
    @inline(__always)
    func refreshLanes(ofGap section: Int) {
        guard section < staleLaneGaps.count, staleLaneGaps[section] else { return }
        refreshTops(ofSection: section - 1)
        refreshTops(ofSection: section)
        countLanes(inGaps: section..<section + 1)
        staleLaneGaps[section] = false
    }

    /// Counts the lanes of the gaps before the columns `gaps` (their tops up to date).
    private func countLanes(inGaps gaps: Range<Int>) {
        guard !gaps.isEmpty else { return }
        // The loops read local arrays through plain pointers: the stored properties (and the
        // wrap plan, a struct of arrays) would be checked for exclusive access, or copied, at
        // every item.
        let tops = itemTops, heights = itemHeights, entries = blockEntries
        let blockOfItem = wrapPlan?.blockOfItem ?? []
        // Connectors inside a nesting block run on its panels' own buses.
        let blockFirst = wrapPlan?.firstItem ?? [], blockCount = wrapPlan?.memberCount ?? []
        let nests = wrapPlan?.nestsFolders ?? false
        let childStarts = dataController.childStarts, sectionStarts = dataController.sectionStarts
        var laneOfParent = busLaneOfParent, laneCount = busLaneCountOfParent
        busLaneOfParent = []
        busLaneCountOfParent = []
        // Runs whose lanes spread into the free room beside the gap (`widenedBusRuns`): only
        // where columns are plain (no blocks, whose members are not in order along a column,
        // nor additional parents' lanes, laid out between the tree's buses and the columns).
        let widens = wrapPlan == nil && dataController.additionalParentsOfItem.isEmpty && !drawsDistantConnectors
        var widened = widenedBusRuns
        widenedBusRuns = [:]
        if !widened.isEmpty {
            let firstParent = sectionStarts[gaps.lowerBound - 1], endParent = sectionStarts[gaps.upperBound - 1]
            widened = widened.filter { $0.key < firstParent || $0.key >= endParent }
        }
        let widths = itemWidths, columnWidths = sectionWidths
        /// The room, in a column, between its edge by the gap and the nearest box whose extent
        /// along it meets `low...high` (boxes are centred in a plain column, in order).
        func freeRoom(inSection section: Int, low: Double, high: Double) -> Double {
            let lower = partitionPoint(Int(sectionStarts[section])..<Int(sectionStarts[section + 1])) { tops[$0] + heights[$0] > low }
            var room = Double.infinity
            var item = lower
            while item < Int(sectionStarts[section + 1]) && tops[item] < high {
                room = min(room, (columnWidths[section] - widths[item]) / 2)
                item += 1
            }
            return room == .infinity ? 0 : max(0, room)
        }
        // The down buses of one gap, in order (for the pass that assigns them in reverse).
        var longest = 0
        for gap in gaps { longest = max(longest, Int(sectionStarts[gap] - sectionStarts[gap - 1])) }
        let downBuffer = PlacementBuffer<Int32>(repeating: 0, count: longest)
        let upBuffer = PlacementBuffer<Int32>(repeating: 0, count: longest)
        tops.withUnsafeBufferPointer { tops in heights.withUnsafeBufferPointer { heights in
        entries.withUnsafeBufferPointer { entries in blockOfItem.withUnsafeBufferPointer { blockOfItem in
        childStarts.withUnsafeBufferPointer { childStarts in laneOfParent.withUnsafeMutableBufferPointer { laneOfParent in
        laneCount.withUnsafeMutableBufferPointer { laneCount in
            let downParents = downBuffer.base, upParents = upBuffer.base
            let wrapped = !blockOfItem.isEmpty
            @inline(__always) func middle(_ item: Int) -> Double { tops[item] + heights[item] / 2 }
            /// Where a child's connector arrives in its column: a wrapped block's bus entry.
            @inline(__always) func entry(_ item: Int) -> Double {
                if wrapped, blockOfItem[item] >= 0 { return entries[Int(blockOfItem[item])] }
                return middle(item)
            }
            /// The mean distance between a parent's stubs along its bus (0 for one stub).
            @inline(__always) func pitch(_ parent: Int) -> Double {
                let first = Int(childStarts[parent]), last = Int(childStarts[parent + 1]) - 1
                return last > first ? (entry(last) - entry(first)) / Double(last - first) : 0
            }
            for section in gaps {
                let parents = Int(sectionStarts[section - 1])..<Int(sectionStarts[section])
                for parent in parents { laneOfParent[parent] = -1 }
                var downCount = 0
                // The down buses and the up buses, in order; the buses between their children,
                // each on its run's middle lane (-3 marks it) unless the one before ends within
                // `abuttingDistance` of its start: then on the other middle lane (-2 marks it).
                var upCount = 0
                var previousMiddle: (second: Bool, last: Double, pitch: Double)? = nil
                for parent in parents {
                    let firstChild = Int(childStarts[parent]), end = Int(childStarts[parent + 1])
                    guard firstChild != end else { continue }
                    if nests, case let block = Int(blockOfItem[firstChild]), block >= 0,
                       firstChild >= Int(blockFirst[block]) + Int(blockCount[block]) { continue }
                    let first = entry(firstChild), last = entry(end - 1), parentY = middle(parent)
                    if parentY > last {
                        upParents[upCount] = Int32(parent)
                        upCount += 1
                    } else if parentY < first {
                        downParents[downCount] = Int32(parent)
                        downCount += 1
                    } else {
                        let ownPitch = pitch(parent)
                        let second = previousMiddle.map { first - $0.last < Self.abuttingDistance($0.pitch, ownPitch) && !$0.second } ?? false
                        laneOfParent[parent] = second ? -2 : -3
                        previousMiddle = (second, last, ownPitch)
                    }
                }
                // Down buses in reverse order; each overlapping the previous one goes one lane
                // further right, one ending just before it starts takes another lane than it
                // (they would read as one line).
                var previous: (lane: Int32, parentY: Double, pitch: Double)? = nil
                for index in stride(from: downCount - 1, through: 0, by: -1) {
                    let parent = Int(downParents[index])
                    let last = entry(Int(childStarts[parent + 1]) - 1), parentY = middle(parent), ownPitch = pitch(parent)
                    let lane: Int32 = previous.map {
                        $0.parentY <= last + 0.5 ? $0.lane + 1
                            : $0.parentY <= last + Self.abuttingDistance($0.pitch, ownPitch) && $0.lane == 0 ? 1 : 0
                    } ?? 0
                    laneOfParent[parent] = lane
                    previous = (lane, parentY, ownPitch)
                }
                // Up buses in order, the same way; one that overlaps no earlier up bus also
                // keeps off the lanes of the down buses that end just before it or start just
                // after it (up and down buses share lane numbers).
                previous = nil
                var nextDown = 0
                for index in 0..<upCount {
                    let parent = Int(upParents[index])
                    let first = entry(Int(childStarts[parent])), parentY = middle(parent), ownPitch = pitch(parent)
                    while nextDown < downCount && Int(downParents[nextDown]) < parent { nextDown += 1 }
                    let lane: Int32
                    if let previous, previous.parentY >= first - 0.5 {
                        lane = previous.lane + 1
                    } else {
                        var taken: (Int32, Int32, Int32) = (-1, -1, -1)
                        if let previous, previous.parentY >= first - Self.abuttingDistance(previous.pitch, ownPitch) {
                            taken.0 = previous.lane
                        }
                        if nextDown > 0, case let above = Int(downParents[nextDown - 1]),
                           entry(Int(childStarts[above + 1]) - 1) >= first - Self.abuttingDistance(pitch(above), ownPitch) {
                            taken.1 = laneOfParent[above]
                        }
                        if nextDown < downCount, case let below = Int(downParents[nextDown]),
                           middle(below) <= parentY + Self.abuttingDistance(pitch(below), ownPitch) { taken.2 = laneOfParent[below] }
                        var free: Int32 = 0
                        while free == taken.0 || free == taken.1 || free == taken.2 { free += 1 }
                        lane = free
                    }
                    laneOfParent[parent] = lane
                    previous = (lane, parentY, ownPitch)
                }
                // Runs of buses that overlap or nearly meet, in order (their starts are in the
                // parents' order): each run's buses between their children take the lanes after
                // its others, and every bus of the run learns the run's lane count.
                func closeRun(_ run: Range<Int>, low: Double, high: Double, mayReverse: Bool) {
                    var sideLanes: Int32 = 0, middle: Int32 = 0, second: Int32 = 0
                    for parent in run {
                        switch laneOfParent[parent] {
                        case -1: continue
                        case -2: second = 1
                        case -3: middle = 1
                        case let lane: sideLanes = max(sideLanes, lane + 1)
                        }
                    }
                    let total = sideLanes + middle + second
                    for parent in run where laneOfParent[parent] != -1 {
                        if laneOfParent[parent] == -3 { laneOfParent[parent] = sideLanes }
                        else if laneOfParent[parent] == -2 { laneOfParent[parent] = sideLanes + middle }
                        laneCount[parent] = total
                    }
                    // Stubs level with a box of the parents' column go on the lanes far from it
                    // where the run's buses only nearly meet: its lanes in reverse order (either
                    // order crosses nothing), and the lane nearest that column left empty, unless
                    // a parent's line, ending nearer the children, would meet another's child.
                    if widens {
                        var asIs = 0, reversed = 0
                        for parent in run where laneOfParent[parent] != -1 {
                            let level = levelStubs(parent), lane = Int(laneOfParent[parent])
                            asIs += level * (Int(total) - lane)
                            reversed += level * (lane + 1)
                        }
                        // (Nothing level, nothing to move: the run is not scanned again.)
                        let apart = asIs > 0 && busesApart(run)
                        if mayReverse && reversed < asIs && total > 1 && apart {
                            for parent in run where laneOfParent[parent] != -1 { laneOfParent[parent] = total - 1 - laneOfParent[parent] }
                            asIs = reversed
                        }
                        // (Only where no two of its buses run side by side: the lanes move closer.)
                        if asIs > 0 && apart && !hasLevelLines(run) {
                            for parent in run where laneOfParent[parent] != -1 {
                                laneOfParent[parent] += 1
                                laneCount[parent] = total + 1
                            }
                        }
                    }
                    // A run of one lane is never widened (busX): no pass over its children.
                    if widens && total > 1 && hasLevelLines(run) {
                        let room = (before: freeRoom(inSection: section - 1, low: low, high: high),
                                    after: freeRoom(inSection: section, low: low, high: high))
                        if room.before > 0 || room.after > 0 {
                            for parent in run where laneOfParent[parent] != -1 { widened[Int32(parent)] = room }
                        }
                    }
                }
                /// Whether no two buses of the run share a y: they take separate lanes only
                /// because they nearly meet, and the lanes in reverse order cross nothing either.
                func busesApart(_ run: Range<Int>) -> Bool {
                    var end = -Double.infinity
                    for parent in run where laneOfParent[parent] != -1 {
                        let children = Int(childStarts[parent])..<Int(childStarts[parent + 1])
                        let parentY = middle(parent)
                        let low = min(entry(children.lowerBound), parentY), high = max(entry(children.upperBound - 1), parentY)
                        if low <= end + 0.5 { return false }
                        end = max(end, high)
                    }
                    return true
                }
                /// How many of a parent's stubs are level with a box of the parents' column (not
                /// its own): starting a few pixels right of a leaf, such a stub reads as that
                /// leaf's own line on to the child (a phylogeny's leaves beside the junction of a
                /// clade one level further on).
                func levelStubs(_ parent: Int) -> Int {
                    let column = Int(sectionStarts[section - 1])..<Int(sectionStarts[section])
                    var level = 0
                    for child in Int(childStarts[parent])..<Int(childStarts[parent + 1]) {
                        let y = entry(child)
                        let lower = partitionPoint(column) { tops[$0] + heights[$0] >= y }
                        if lower < column.upperBound && tops[lower] <= y && lower != parent { level += 1 }
                    }
                    return level
                }
                /// Whether a parent of the run is level with another one's child: its line and
                /// that child's stub lie on one row, a lane apart.
                func hasLevelLines(_ run: Range<Int>) -> Bool {
                    var child = Int(childStarts[run.lowerBound])
                    let end = Int(childStarts[run.upperBound])
                    for parent in run where laneOfParent[parent] != -1 {
                        let y = middle(parent)
                        while child < end && middle(child) < y - 0.5 { child += 1 }
                        if child < end && middle(child) <= y + 0.5
                            && (child < Int(childStarts[parent]) || child >= Int(childStarts[parent + 1])) { return true }
                    }
                    return false
                }
                // A run's parts that only nearly meet by their stubs' pitch (`abuttingPitches`, not
                // `abuttingBusGap`) start at these, with their extents: a run with level lines
                // is closed part by part, so each widens into the room beside its own boxes (the
                // whole run's room is the least beside any of its parts, often none).
                var parts: [(start: Int, low: Double, high: Double)] = []
                func closeParts(upTo end: Int) {
                    if parts.count > 1 && widens && hasLevelLines(parts[0].start..<end) {
                        for (index, part) in parts.enumerated() {
                            closeRun(part.start..<(index + 1 < parts.count ? parts[index + 1].start : end), low: part.low, high: part.high,
                                     mayReverse: false)
                        }
                    } else if let first = parts.first {
                        var low = first.low, high = first.high
                        for part in parts { low = min(low, part.low); high = max(high, part.high) }
                        closeRun(first.start..<end, low: low, high: high, mayReverse: true)
                    }
                    parts.removeAll(keepingCapacity: true)
                }
                var runEnd = -Double.infinity, endPitch = 0.0
                for parent in parents where laneOfParent[parent] != -1 {
                    let first = entry(Int(childStarts[parent])), last = entry(Int(childStarts[parent + 1]) - 1)
                    let parentY = middle(parent), ownPitch = pitch(parent)
                    let low = min(first, parentY), high = max(last, parentY)
                    // (Buses exactly their abutting distance apart are near: the lane passes count them so.)
                    if low > runEnd + Self.abuttingDistance(endPitch, ownPitch) { closeParts(upTo: parent) }
                    if parts.isEmpty || low > runEnd + Self.abuttingBusGap {
                        parts.append((parent, low, high))
                    } else {
                        parts[parts.count - 1].low = min(parts[parts.count - 1].low, low)
                        parts[parts.count - 1].high = max(parts[parts.count - 1].high, high)
                    }
                    if high > runEnd { runEnd = high; endPitch = ownPitch }
                }
                closeParts(upTo: parents.upperBound)
            }
        } } } } } } }
        busLaneOfParent = laneOfParent
        busLaneCountOfParent = laneCount
        widenedBusRuns = widened
    }

    /// Buses of two parents on one lane whose ends are closer than this read as one line (a
    /// phylogeny's junctions, 10 px dots, put sibling clades' buses 37.5 px apart): the
    /// second goes on a lane of its own. Nor may they be as close as their own stubs
    /// (`abuttingPitches`).
    public static let abuttingBusGap = 40.0

    /// Buses of two parents on one lane whose ends are closer than this many times the distance
    /// between the stubs of either also read as one line: a folder's files right after another
    /// folder's, one row apart, read as one folder's (a directory of packages' documentation,
    /// 175 such pairs in 186 folders). Two rows apart the break shows.
    public static let abuttingPitches = 1.5

    /// How far apart the ends of two buses on one lane must be not to read as one line, for
    /// buses whose stubs are `pitch` and `otherPitch` apart (0 for a bus of one stub).
    @inline(__always)
    public static func abuttingDistance(_ pitch: Double, _ otherPitch: Double) -> Double {
        max(abuttingBusGap, abuttingPitches * max(pitch, otherPitch))
    }

    /// The x of a parent's elbow bus, in the gap before `section` (its children's column), or
    /// nil for a parent without children.
    @inline(__always)
    func busX(ofParent parent: Int, childSection section: Int) -> Double? {
        refreshLanes(ofGap: section)
        guard parent < busLaneOfParent.count, case let lane = busLaneOfParent[parent], lane >= 0 else { return nil }
        // (The tree's buses keep to the gap's middle part: room made for additional parents'
        // lanes lies beside them, `additionalGapRoom`.)
        let room = section < additionalGapRoom.count ? additionalGapRoom[section] : (before: 0, after: 0)
        let gapLeft = sectionLefts[section - 1] + sectionWidths[section - 1] + room.before
        let gapWidth = sectionLefts[section] - room.after - gapLeft
        let total = Double(busLaneCountOfParent[parent])
        if !widenedBusRuns.isEmpty, let room = widenedBusRuns[Int32(parent)], total > 1 {
            // The outer lanes as far from the boxes as in the gap, the others spread between.
            let spacing = gapWidth / (total + 1)
            let first = gapLeft - room.before + spacing, last = gapLeft + gapWidth + room.after - spacing
            return first + (last - first) * Double(lane) / (total - 1)
        }
        return gapLeft + Self.busOffset(lane: Int(lane), laneCount: Int(total), gapWidth: gapWidth)
    }

    /// Where a run's lane lies from the left of the part of the gap the tree's buses take: the
    /// run's lanes spread evenly across it.
    @inline(__always)
    static func busOffset(lane: Int, laneCount: Int, gapWidth: Double) -> Double {
        gapWidth * Double(lane + 1) / Double(laneCount + 1)
    }

    /// How far below a child's middle an additional parent's elbow enters it.
    static let additionalEntryOffset = 6.0

    /// How far from its parent's line a child's elbow stub must be to be drawn apart from it.
    static let levelStubDistance = 4.0

    /// How far from its parent's line a child may be entered at that line, straight from the
    /// bus (`betweenColumns`): a fifth of its breadth, from `levelStubDistance` up to twice it.
    /// A jog of 5 px was an S of two rounded corners (a tidy top-to-bottom drawing's middle
    /// child, placed by its siblings' spacing a few pixels off its parent's middle).
    static func levelEntryDistance(childHeight: Double) -> Double {
        max(levelStubDistance, min(2 * levelStubDistance, childHeight / 5))
    }

    /// The share of the item padding by which the line over a wrapped block runs above it:
    /// within the gap, nearer the block it serves, and inside the drawing for a block at the
    /// top of its column (at half the padding it lay on the drawing's edge, half its stroke cut).
    static let blockBusRise = 0.25

    /// The connector from `parent` (in `section - 1`) to `child` (in `section`), both global
    /// items; a tree's elbow without hair-thin steps (`withoutSteps`).
    func connectorAttributes(child: Int, parent: Int, subitem: Int, section: Int) -> LayoutAttributes {
        var attributes = steppedConnectorAttributes(child: child, parent: parent, subitem: subitem, section: section)
        // (A child with additional parents keeps its stub where it is: their dashed lines enter
        // a few pixels beside it, `additionalEntryOffset`.)
        guard subitem == 0, configuration.connectorStyle == .elbow, let connector = attributes.connector, !hasDashedEntry(child)
        else { return attributes }
        guard let straightened = Self.withoutSteps(connector) else { return attributes }
        // Its moved points may lie up to `leastStep` beyond the frame: it grows to hold them.
        var bounds = attributes.frame
        straightened.forEachPolylinePoint { bounds = bounds.union(Rect(origin: $0, size: .zero)) }
        attributes.frame = bounds
        attributes.connector = straightened
        return attributes
    }

    /// `connectorAttributes` as the connector's parts make it, small steps and all.
    private func steppedConnectorAttributes(child: Int, parent: Int, subitem: Int, section: Int) -> LayoutAttributes {
        let parentFrame = frame(ofItem: parent, inSection: section - 1)
        let childFrame = frame(ofItem: child, inSection: section)
        // An additional parent's elbow enters below the middle, beside the tree connector's
        // stub rather than on it (its dashes ran over the stub and read as the same line), and
        // leaves its parent below the middle too: level with a child in the next column, it ran
        // on that child's stub and read as the line to it (libexpat1 to libssl3).
        let isAdditionalElbow = subitem > 0 && configuration.connectorStyle == .elbow
        let entryOffset = isAdditionalElbow ? min(Self.additionalEntryOffset, childFrame.height / 4) : 0
        let exitOffset = isAdditionalElbow ? min(Self.additionalEntryOffset, parentFrame.height / 4) : 0
        let start = Point(x: parentFrame.maxX, y: parentFrame.midY + exitOffset)
        let end = Point(x: childFrame.minX, y: childFrame.midY + entryOffset)
        var attributes = LayoutAttributes(
            forSupplementaryViewOfKind: .connector,
            with: indexPath(ofItem: child, inSection: section, subitem: subitem),
            frame: Rect(x: start.x, y: min(start.y, end.y), width: end.x - start.x, height: abs(end.y - start.y)))
        attributes.zIndex = -1
        // Column edges: a connector leaves its parent's column and enters its child's at the
        // same x as every other connector between the two columns.
        let parentEdge = sectionLefts[section - 1] + sectionWidths[section - 1]
        let childEdge = sectionLefts[section]
        var leadOut = parentEdge, leadIn = childEdge
        if configuration.connectorStyle == .elbow {
            var bus = busX(ofParent: parent, childSection: section) ?? (parentEdge + childEdge) / 2
            if subitem > 0, let lane = additionalLane(child: child, subitem: subitem, section: section) { bus = lane }
            leadOut = bus
            leadIn = bus
        }
        let middle = (parentEdge + childEdge) / 2
        let sharesLeadOut = subitem == 0 && child != Int(dataController.childStarts[parent])
        if subitem == 0, let plan = wrapPlan, plan.blockOfItem[child] >= 0 {
            let block = Int(plan.blockOfItem[child])
            if plan.isInner(child, ofBlock: block) {
                var nested = nestedConnector(attributes, plan: plan, block: block, parent: parent, start: start, end: end)
                nested.connector?.sharesLeadOut = sharesLeadOut
                return nested
            }
            var wrapped = wrappedConnector(attributes, plan: plan, block: Int(plan.blockOfItem[child]), child: childFrame, parent: parent,
                                           start: start, leadOut: leadOut, leadIn: leadIn, middle: middle)
            wrapped.connector?.sharesLeadOut = sharesLeadOut
            return wrapped
        }
        // (A child with additional parents keeps the narrow rule: their elbows enter beside its stub.)
        let hasAdditionalParents = subitem == 0 && hasDashedEntry(child)
        attributes.connector = betweenColumns(parent: parent, section: section, start: start, end: end,
                                              leadOut: leadOut, leadIn: leadIn, middle: middle, child: subitem == 0 ? childFrame : nil,
                                              entersWide: !hasAdditionalParents)
        attributes.connector?.sharesLeadOut = sharesLeadOut
        return attributes
    }

    /// A connector between two columns: led out of its parent (in `section - 1`) to `leadOut`,
    /// into its child from `leadIn`, a curve turning at `middle`. An elbow's child nearly level
    /// with its parent is reached straight from the bus, and entered at its parent's line (a
    /// few pixels off its middle): two stubs a pixel or two apart would draw as one doubled
    /// line. A box too small for that (a phylogeny's junction dot) is reached by a jog on the
    /// bus instead: a stub from the parent's line to its middle ran a few pixels aslant. (A
    /// jog under `leastStep` is then taken out, `withoutSteps`: the dot entered that much off
    /// its middle.)
    /// (Nor an additional parent's, whose entry is offset from the stub on purpose, nor a
    /// junction's, whose dot a few pixels off its middle the line would miss: `child` is nil.)
    func betweenColumns(parent: Int, section: Int, start: Point, end: Point,
                        leadOut: Double, leadIn: Double, middle: Double, child: Rect?, entersWide: Bool = true) -> ConnectorAttributes {
        let entersLevel = configuration.connectorStyle == .elbow && (child.map { frame in
            frame.height > 4 * Self.levelStubDistance
                && abs(end.y - start.y) < (entersWide ? Self.levelEntryDistance(childHeight: frame.height) : Self.levelStubDistance)
        } ?? false)
        let arrival = entersLevel ? start.y : end.y
        let end = Point(x: end.x, y: arrival)
        return ConnectorAttributes(
            parentIndexPath: indexPath(ofItem: parent, inSection: section - 1),
            lineStartTop: start.y > end.y, start: start, end: end,
            turnOut: Point(x: leadOut, y: start.y), turnIn: Point(x: leadIn, y: arrival),
            curveOut: Point(x: middle, y: start.y), curveIn: Point(x: middle, y: end.y),
            isCurved: configuration.connectorStyle == .curved)
    }

    /// The connector to an inner member of a nesting block from its parent: as between two
    /// columns, with the panel's columns of their levels and the bus between them; into a
    /// hanging list's member, as into a wrapped block of one row (`alongBuses`), but with the
    /// line along the list on its far side: a list at its panel's edge would otherwise run it
    /// on the block's own line there.
    func nestedConnector(_ attributes: LayoutAttributes, plan: WrapPlan, block: Int, parent: Int,
                         start: Point, end: Point) -> LayoutAttributes {
        var attributes = attributes
        let section = attributes.indexPath.section
        let (panel, level) = plan.panelAndLevel(ofMember: parent, inBlock: block)
        let blockLeft = sectionLefts[section - 1 - level]
        let (out, _, into) = plan.innerLeads(ofPanel: panel, level: level, inBlock: block)
        let bus = innerBusX(ofParent: parent, out: out, into: into)
        let elbow = configuration.connectorStyle == .elbow
        let leadOut = blockLeft + (elbow ? bus : out), leadIn = blockLeft + (elbow ? bus : into)
        let child = globalItem(of: attributes.indexPath)
        if let list = plan.list(of: child) {
            let top = blockTops[block] + headerInset + plan.listTops[list], left = blockLeft + plan.listLefts[list]
            let column = (child - Int(plan.listFirst[list])) / Int(plan.listRows[list])
            let lefts = Int(plan.listColumnStart[list])
            let (firstRow, lastRow) = plan.listRowMiddles[list]
            // A list in single file is entered at the line beside it, on its far side, and each
            // member at its far side: entered along its own bus, each stub ran just past the
            // member before and read as that one's child; entered over its middle, the line came
            // down onto the first member and read as its line to the next (as `blockEntries`).
            let singleFile = plan.listRows[list] == 1
            let above = top + plan.listHeights[list] + configuration.itemPadding * Self.blockBusRise
            return alongBuses(attributes, parent: parent, start: start, end: end, leadOut: leadOut, leadIn: leadIn,
                              middle: blockLeft + bus, entryY: singleFile ? above : min(max(start.y, top + firstRow), top + lastRow),
                              firstBus: left + plan.listColumnLefts[lefts] - plan.busInset,
                              bus: column > 0 && !singleFile ? left + plan.listColumnLefts[lefts + column] - plan.busInset : nil,
                              above: above, farSideOf: singleFile ? frame(ofItem: child, inSection: section) : nil)
        }
        attributes.connector = betweenColumns(parent: parent, section: section, start: start, end: end,
                                              leadOut: leadOut, leadIn: leadIn, middle: blockLeft + bus,
                                              child: frame(ofItem: child, inSection: section))
        return attributes
    }

    /// The connector into a member of a wrapped block: as any other to the block's entry on
    /// the column's edge, then along the first sub-column's bus, above the block to the bus of
    /// the member's sub-column, down it and into the member. Buses run in the gutters, the
    /// line above the block in the padding over it, so no piece crosses a box. Top to bottom, a
    /// block of leaves in one row (a list in single file) is entered as a hanging list is: along
    /// the line past its far side, into each member's far side; left to right, a row of several
    /// (`WrapPlan.isCombed`) hangs from the line over it, each member entered at its near side.
    func wrappedConnector(_ attributes: LayoutAttributes, plan: WrapPlan, block: Int, child: Rect, parent: Int,
                                  start: Point, leadOut: Double, leadIn: Double, middle: Double) -> LayoutAttributes {
        let left = sectionLefts[attributes.indexPath.section]
        let column = plan.position(ofMember: globalItem(of: attributes.indexPath), inBlock: block).column
        let singleFile = plan.isSingleFile(block), combed = plan.isCombed(block)
        let rise = configuration.itemPadding * Self.blockBusRise
        return alongBuses(attributes, parent: parent, start: start, end: Point(x: child.minX, y: child.midY),
                          leadOut: leadOut, leadIn: leadIn, middle: middle, entryY: blockEntries[block] + headerInset,
                          firstBus: left + plan.busX(ofColumn: 0, inBlock: block),
                          bus: column > 0 && !singleFile && !combed ? left + plan.busX(ofColumn: column, inBlock: block) : nil,
                          above: singleFile ? blockTops[block] + headerInset + plan.heights[block] + rise : blockTops[block] + headerInset - rise,
                          farSideOf: singleFile ? child : nil, nearSideOf: combed ? child : nil)
    }

    /// A connector into a block's member along its buses: led out of its parent to `leadOut`,
    /// into the block at `leadIn` level with `entryY`, along the first sub-column's bus
    /// (`firstBus`), and, for a member of a later sub-column, along the line beside the block
    /// (at `above`: over a wrapped block, past a hanging list's far side) to that one's `bus`,
    /// down it and into the member. A member of a list in single file (`farSideOf` its frame)
    /// is reached along the line beside the list and entered at the middle of its far side; a
    /// member of a row hanging from the line over its block (`nearSideOf`), at its near side.
    func alongBuses(_ attributes: LayoutAttributes, parent: Int, start: Point, end: Point, leadOut: Double, leadIn: Double,
                    middle: Double, entryY: Double, firstBus: Double, bus: Double?, above: Double,
                    farSideOf member: Rect? = nil, nearSideOf hanging: Rect? = nil) -> LayoutAttributes {
        var attributes = attributes
        let section = attributes.indexPath.section
        // A list in single file is entered on the line beside it (`blockEntries`), which runs
        // straight on along it: one line, given once, so the entry never turns a zero length.
        let entry = Point(x: leadIn, y: member != nil ? above : entryY)
        var via = [Point(x: firstBus, y: entry.y)]
        var end = end
        if let side = member ?? hanging {
            end = Point(x: side.midX, y: hanging != nil ? side.minY : side.maxY)
            via = member != nil ? [] : via + [Point(x: firstBus, y: above)]
            via.append(Point(x: end.x, y: above))
        } else if let bus {
            via += [Point(x: firstBus, y: above), Point(x: bus, y: above), Point(x: bus, y: end.y)]
        } else {
            via.append(Point(x: firstBus, y: end.y))
        }
        var connector = ConnectorAttributes(
            parentIndexPath: indexPath(ofItem: parent, inSection: section - 1),
            lineStartTop: start.y > end.y, start: start, end: end,
            turnOut: Point(x: leadOut, y: start.y), turnIn: entry,
            curveOut: Point(x: middle, y: start.y), curveIn: Point(x: middle, y: entry.y),
            isCurved: configuration.connectorStyle == .curved)
        connector.via = via
        // (A member entered at its near side ends past the line over its block.)
        var minY = min(start.y, entry.y, end.y), maxY = max(start.y, entry.y, end.y)
        for point in via { minY = min(minY, point.y); maxY = max(maxY, point.y) }
        attributes.frame = Rect(x: start.x, y: minY, width: end.x - start.x, height: maxY - minY)
        attributes.connector = connector
        return attributes
    }
}
