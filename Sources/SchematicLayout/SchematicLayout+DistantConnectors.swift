import CollectionLayout
import Hierarchy

/// Distant parents' connectors (a DAG's edges that skip levels, dashed): out of the parent's
/// column along a lane of the gap after it, across the columns between through a gap between
/// their boxes, and along a lane of the gap before the child's column into the child.
extension SchematicLayout {
    /// Lists the distant connectors, each child's after its additional parents' subitems.
    func buildDistantConnectors() {
        distantConnectors = []
        let distant = dataController.distantParentsOfItem
        guard !distant.isEmpty else { return }
        for child in distant.keys.sorted() {
            let first = (dataController.additionalParentsOfItem[child]?.count ?? 0) + 1
            for (offset, parent) in distant[child]!.enumerated() {
                distantConnectors.append((child, parent, Int32(first + offset)))
            }
        }
    }

    /// Whether a child's tree stub has dashed lines entering beside it (additional or distant
    /// parents'): it keeps its small steps and its narrow level rule.
    func hasDashedEntry(_ child: Int) -> Bool {
        if !dataController.additionalParentsOfItem.isEmpty && dataController.additionalParentsOfItem[Int32(child)] != nil { return true }
        return drawsDistantConnectors && dataController.distantParentsOfItem[Int32(child)] != nil
    }

    /// Finds where each distant connector runs across the columns between its parent's and its
    /// child's (`runY`), from the tops alone, nearest its child's middle, on a track of its own:
    /// runs through one stretch between the same boxes lie `runTrackSpacing` apart (on one line
    /// a reader cannot pair their ends), and a stretch full of them sends the next to another.
    func routeDistantConnectors() {
        let sectionCount = dataController.numberOfSections
        for section in 0..<sectionCount { refreshTops(ofSection: section) }
        let starts = dataController.sectionStarts, sectionOfNode = dataController.sectionOfNode, nodeOfItem = dataController.nodeOfItem
        let tops = itemTops, heights = itemHeights, padding = configuration.itemPadding
        var tracks = RunTracks()
        distantRunY = distantConnectors.map { connector in
            let child = Int(connector.child), parent = Int(connector.parent)
            let first = Int(sectionOfNode[Int(nodeOfItem[parent])]) + 1, end = Int(sectionOfNode[Int(nodeOfItem[child])])
            let columns = (first..<end).map { Int(starts[$0])..<Int(starts[$0 + 1]) }
            return Self.runY(near: tops[child] + heights[child] / 2, columns: columns, sections: first..<end, tops: tops,
                             heights: heights, padding: padding, tracks: &tracks)
        }
    }

    /// The runs already placed (their ys, sorted): by the stretch of a column they cross, keyed
    /// by the item below it (`-1 - end` of the column below its last box), and by the gap before
    /// a section they end in or start in (one's end and another's start lie side by side there).
    struct RunTracks {
        var stretches: [Int: [Double]] = [:]
        var endingIn: [Int: [Double]] = [:]
        var startingIn: [Int: [Double]] = [:]

        /// Whether a y of `list` lies within `runTrackSpacing` of `y`.
        static func hasNeighbour(of y: Double, in list: [Double]?) -> Bool {
            guard let list else { return false }
            let index = insertionIndex(of: y - runTrackSpacing + 1e-9, in: list)
            return index < list.count && list[index] < y + runTrackSpacing - 1e-9
        }

        /// Puts `y` into `list` in order.
        static func insert(_ y: Double, into list: inout [Double]) {
            list.insert(y, at: insertionIndex(of: y, in: list))
        }

        /// The index of the first y of `list` not below `y`.
        private static func insertionIndex(of y: Double, in list: [Double]) -> Int {
            var low = 0, high = list.count
            while low < high {
                let half = (low + high) / 2
                if list[half] < y { low = half + 1 } else { high = half }
            }
            return low
        }
    }

    /// The y at which a line crosses the columns whose items are `columns` (each in order along
    /// its column, not overlapping; the columns of `sections`) between their boxes, nearest `target`: in the free stretch
    /// (no box of any of the columns across it, at least `leastRun` high) nearest it, at
    /// `padding / 2` from the boxes beside, or in the middle of a stretch narrower than
    /// `padding`; where other runs (`tracks`) lie there, `runTrackSpacing` from them, and in
    /// the next stretch where the stretch has no room left. Above every box where no stretch
    /// is found within `searchSteps` moves each way. Each move passes a box or a stretch:
    /// O(boxes passed × columns × log n), and a try per run met.
    static func runY(near target: Double, columns: [Range<Int>], sections: Range<Int>, tops: [Double], heights: [Double],
                     padding: Double, tracks: inout RunTracks) -> Double {
        guard !columns.isEmpty else { return target }
        /// The free stretch at `y` across the columns, or the boxes that hold it (their
        /// farthest top and bottom).
        func stretch(at y: Double) -> (low: Double, high: Double, blocked: Bool, top: Double, bottom: Double) {
            var low = -Double.infinity, high = Double.infinity, blocked = false
            var top = Double.infinity, bottom = -Double.infinity
            for column in columns {
                let lower = firstBox(below: y, in: column)
                if lower < column.upperBound && tops[lower] < y {
                    blocked = true
                    top = min(top, tops[lower])
                    bottom = max(bottom, tops[lower] + heights[lower])
                } else {
                    if lower > column.lowerBound { low = max(low, tops[lower - 1] + heights[lower - 1]) }
                    if lower < column.upperBound { high = min(high, tops[lower]) }
                }
            }
            return (low, high, blocked, top, bottom)
        }
        /// The first item of `column` whose box ends below `y`.
        func firstBox(below y: Double, in column: Range<Int>) -> Int {
            var lower = column.lowerBound, upper = column.upperBound
            while lower < upper {
                let half = (lower + upper) / 2
                if tops[half] + heights[half] > y { upper = half } else { lower = half + 1 }
            }
            return lower
        }
        func key(_ lower: Int, _ column: Range<Int>) -> Int { lower < column.upperBound ? lower : -1 - column.upperBound }
        /// Whether no run lies within `runTrackSpacing` of `y` in the stretches it crosses, nor
        /// ends where it starts or starts where it ends.
        func isFree(_ y: Double) -> Bool {
            for column in columns where RunTracks.hasNeighbour(of: y, in: tracks.stretches[key(firstBox(below: y, in: column), column)]) {
                return false
            }
            return !RunTracks.hasNeighbour(of: y, in: tracks.endingIn[sections.lowerBound])
                && !RunTracks.hasNeighbour(of: y, in: tracks.startingIn[sections.upperBound])
        }
        func take(_ y: Double) -> Double {
            for column in columns { RunTracks.insert(y, into: &tracks.stretches[key(firstBox(below: y, in: column), column), default: []]) }
            RunTracks.insert(y, into: &tracks.startingIn[sections.lowerBound, default: []])
            RunTracks.insert(y, into: &tracks.endingIn[sections.upperBound, default: []])
            return y
        }
        /// The free track of a stretch nearest where a lone run would lie, if any.
        func track(in low: Double, _ high: Double) -> Double? {
            let preferred: Double, margin: Double
            if high - low <= padding {
                preferred = (low + high) / 2
                margin = min(runTrackSpacing, (high - low) / 2)
            } else {
                preferred = min(max(target, low + padding / 2), high - padding / 2)
                margin = padding / 2
            }
            if isFree(preferred) { return preferred }
            var step = 1.0
            while true {
                let below = preferred + step * runTrackSpacing, above = preferred - step * runTrackSpacing
                let belowFits = below <= high - margin, aboveFits = above >= low + margin
                if !belowFits && !aboveFits { return nil }
                if belowFits && isFree(below) { return below }
                if aboveFits && isFree(above) { return above }
                step += 1
            }
        }
        /// The next free stretch from `y` upwards (or downwards), if one is found.
        func search(from start: Double, upwards: Bool, steps: inout Int) -> (low: Double, high: Double)? {
            var y = start
            while steps > 0 {
                steps -= 1
                let found = stretch(at: y)
                if found.blocked {
                    y = upwards ? found.top : found.bottom
                } else if found.high - found.low >= leastRun {
                    return (found.low, found.high)
                } else {
                    y = upwards ? found.low - stepPast : found.high + stepPast
                }
            }
            return nil
        }
        func distance(_ stretch: (low: Double, high: Double)?) -> Double {
            guard let stretch else { return .infinity }
            return target < stretch.low ? stretch.low - target : target > stretch.high ? target - stretch.high : 0
        }
        var upSteps = searchSteps, downSteps = searchSteps
        var up = search(from: target, upwards: true, steps: &upSteps)
        var down = search(from: target, upwards: false, steps: &downSteps)
        while up != nil || down != nil {
            let upwards = distance(up) <= distance(down)
            let chosen = upwards ? up! : down!
            if let y = track(in: chosen.low, chosen.high) { return take(y) }
            if upwards {
                up = search(from: chosen.low - stepPast, upwards: true, steps: &upSteps)
            } else {
                down = search(from: chosen.high + stepPast, upwards: false, steps: &downSteps)
            }
        }
        // Past every box: above the highest of the columns, on a free track.
        var highest = Double.infinity
        for column in columns where !column.isEmpty { highest = min(highest, tops[column.lowerBound]) }
        guard highest < .infinity else { return target }
        var y = highest - padding / 2
        while !isFree(y) { y -= runTrackSpacing }
        return take(y)
    }

    /// How far apart runs through one stretch lie.
    static let runTrackSpacing = 4.0
    /// The least height of a free stretch a distant connector runs through.
    static let leastRun = 2.0
    /// How far past a stretch too narrow the search goes on (into the box beside it).
    static let stepPast = 0.25
    /// How many moves the search for a free stretch makes each way.
    static let searchSteps = 4_096

    /// The distant connector `index`: dashed, out of its parent below the middle as an
    /// additional parent's, along its lanes (elbows) or the gaps' middles, and across the
    /// columns between at its run's y.
    func distantConnectorAttributes(_ index: Int) -> LayoutAttributes {
        let connector = distantConnectors[index]
        let child = Int(connector.child), parent = Int(connector.parent)
        let childSection = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[child])])
        let parentSection = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[parent])])
        let parentFrame = frame(ofItem: parent, inSection: parentSection), childFrame = frame(ofItem: child, inSection: childSection)
        let elbow = configuration.connectorStyle == .elbow
        let exitOffset = elbow ? min(Self.additionalEntryOffset, parentFrame.height / 4) : 0
        let entryOffset = elbow ? min(Self.additionalEntryOffset, childFrame.height / 4) : 0
        let start = Point(x: parentFrame.maxX, y: parentFrame.midY + exitOffset)
        let end = Point(x: childFrame.minX, y: childFrame.midY + entryOffset)
        let run = distantRunY[index] + headerInset
        var out = (sectionLefts[parentSection] + sectionWidths[parentSection] + sectionLefts[parentSection + 1]) / 2
        var into = (sectionLefts[childSection - 1] + sectionWidths[childSection - 1] + sectionLefts[childSection]) / 2
        if elbow, index < distantLanePieces.count {
            let pieces = distantLanePieces[index]
            out = additionalLaneX[parentSection + 1][Int(pieces.out)]
            into = additionalLaneX[childSection][Int(pieces.into)]
        }
        var line = ConnectorAttributes(parentIndexPath: indexPath(ofItem: parent, inSection: parentSection),
                                       lineStartTop: start.y > end.y, start: start, end: end,
                                       turnOut: Point(x: out, y: start.y), turnIn: Point(x: out, y: run))
        line.via = [Point(x: into, y: run), Point(x: into, y: end.y)]
        var bounds = Rect(origin: start, size: .zero)
        line.forEachPolylinePoint { bounds = bounds.union(Rect(origin: $0, size: .zero)) }
        var attributes = LayoutAttributes(forSupplementaryViewOfKind: .connector,
                                          with: indexPath(ofItem: child, inSection: childSection, subitem: Int(connector.subitem)),
                                          frame: bounds)
        attributes.zIndex = -1
        attributes.connector = line
        return attributes
    }

    /// The distant connectors whose frames meet `rect` (canonical): all are looked at, O(E).
    func enumerateDistantConnectors(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        guard drawsDistantConnectors else { return }
        for index in distantConnectors.indices {
            let attributes = distantConnectorAttributes(index)
            if attributes.frame.intersects(rect) { body(axes.oriented(attributes)) }
        }
    }

    /// The index of the distant connector into `child` with `subitem`, by bisection.
    func distantConnectorIndex(child: Int, subitem: Int) -> Int? {
        guard drawsDistantConnectors else { return nil }
        var low = 0, high = distantConnectors.count
        while low < high {
            let middle = (low + high) / 2, entry = distantConnectors[middle]
            if (Int(entry.child), Int(entry.subitem)) < (child, subitem) { low = middle + 1 } else { high = middle }
        }
        guard low < distantConnectors.count, Int(distantConnectors[low].child) == child,
              Int(distantConnectors[low].subitem) == subitem else { return nil }
        return low
    }
}
