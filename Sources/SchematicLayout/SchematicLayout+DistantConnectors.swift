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
    /// Runs into one child share a track where they can, as its lane (they meet there anyway;
    /// a track each drew a wall of lines where dozens of edges reach one node).
    func routeDistantConnectors() {
        let sectionCount = dataController.numberOfSections
        for section in 0..<sectionCount { refreshTops(ofSection: section) }
        let sectionOfNode = dataController.sectionOfNode, nodeOfItem = dataController.nodeOfItem
        let obstacles = runObstacles(), padding = configuration.itemPadding
        var tracks = RunTracks()
        distantRunY = distantConnectors.map { connector in
            let child = Int(connector.child), parent = Int(connector.parent)
            let first = Int(sectionOfNode[Int(nodeOfItem[parent])]) + 1, end = Int(sectionOfNode[Int(nodeOfItem[child])])
            return Self.runY(near: itemTops[child] + itemHeights[child] / 2, into: child, columns: Array(obstacles.columns[first..<end]),
                             sections: first..<end, tops: obstacles.tops, heights: obstacles.heights, padding: padding,
                             tracks: &tracks)
        }
    }

    /// What runs pass between, per column: spans along it (tops and heights, in order, apart)
    /// and each column's range of them. Its boxes; where fans wrap, each block whole with the
    /// lines over and under it (its members lie side by side, their buses between them), so a
    /// run passes above or below a block, never through it. O(n log n).
    func runObstacles() -> (tops: [Double], heights: [Double], columns: [Range<Int>]) {
        let starts = dataController.sectionStarts, sectionCount = dataController.numberOfSections
        guard let plan = wrapPlan else {
            return (itemTops, itemHeights, (0..<sectionCount).map { Int(starts[$0])..<Int(starts[$0 + 1]) })
        }
        var spans: [[(top: Double, bottom: Double)]] = Array(repeating: [], count: sectionCount)
        // A block's extent: its members' (inner ones too), in its first member's column.
        var blocks = [(top: Double, bottom: Double, section: Int)](repeating: (.infinity, -.infinity, -1), count: plan.blockCount)
        for section in 0..<sectionCount {
            for item in Int(starts[section])..<Int(starts[section + 1]) {
                let block = Int(plan.blockOfItem[item]), bottom = itemTops[item] + itemHeights[item]
                if block < 0 { spans[section].append((itemTops[item], bottom)); continue }
                if blocks[block].section < 0 { blocks[block].section = section }
                blocks[block].top = min(blocks[block].top, itemTops[item])
                blocks[block].bottom = max(blocks[block].bottom, bottom)
            }
        }
        let rise = configuration.itemPadding * Self.blockBusRise
        for block in blocks where block.section >= 0 { spans[block.section].append((block.top - rise, block.bottom + rise)) }
        var tops: [Double] = [], heights: [Double] = [], columns: [Range<Int>] = []
        for section in 0..<sectionCount {
            let start = tops.count
            var bottom = -Double.infinity
            for span in spans[section].sorted(by: { $0.top < $1.top }) {
                if tops.count > start && span.top <= bottom {
                    bottom = max(bottom, span.bottom)
                    heights[tops.count - 1] = bottom - tops[tops.count - 1]
                } else {
                    tops.append(span.top)
                    heights.append(span.bottom - span.top)
                    bottom = span.bottom
                }
            }
            columns.append(start..<tops.count)
        }
        return (tops, heights, columns)
    }

    /// The runs already placed (their tracks, sorted by y, each with the child its runs go
    /// into): by the stretch of a column they cross, keyed by the item below it (`-1 - end` of
    /// the column below its last box), and by the gap before a section they end in or start in
    /// (one's end and another's start lie side by side there); and each child's track in the
    /// stretch of the last column before it, for its other runs to join.
    struct RunTracks {
        struct Track { let y: Double, child: Int }
        struct Joint: Hashable { let stretch: Int, child: Int }
        var stretches: [Int: [Track]] = [:]
        var endingIn: [Int: [Track]] = [:]
        var startingIn: [Int: [Track]] = [:]
        var joints: [Joint: Double] = [:]

        /// Whether a track of `list` lies within `runTrackSpacing` of `y`, other than one into
        /// `child` at `y` itself. (Tracks of a list lie that far apart, so this looks at two.)
        static func hasNeighbour(of y: Double, child: Int, in list: [Track]?) -> Bool {
            guard let list else { return false }
            var index = insertionIndex(of: y - runTrackSpacing + 1e-9, in: list)
            while index < list.count && list[index].y < y + runTrackSpacing - 1e-9 {
                if list[index].child != child || list[index].y != y { return true }
                index += 1
            }
            return false
        }

        /// Puts a track into `list` in order, once.
        static func insert(_ track: Track, into list: inout [Track]) {
            let index = insertionIndex(of: track.y, in: list)
            if index < list.count && list[index].y == track.y && list[index].child == track.child { return }
            list.insert(track, at: index)
        }

        /// The index of the first track of `list` not above `y`.
        private static func insertionIndex(of y: Double, in list: [Track]) -> Int {
            partitionPoint(0..<list.count) { list[$0].y >= y }
        }
    }

    /// The y at which a line into `child` crosses the columns of `sections`, whose boxes are
    /// `columns` (ranges of `tops` and `heights`, each in order along its column, apart),
    /// between their boxes, nearest `target`: in the free stretch (no box of any of the
    /// columns across it, at least `leastRun` high) nearest it, at `padding / 2` from the boxes
    /// beside, or in the middle of a stretch narrower than `padding`; where other runs
    /// (`tracks`) lie there, `runTrackSpacing` from them (on the track of another run into
    /// `child` if it is free), and in the next stretch where the stretch has no room left.
    /// Above every box where no stretch is found within `searchSteps` moves each way. Each move
    /// passes a box or a stretch: O(boxes passed × columns × log n), and a try per run met.
    static func runY(near target: Double, into child: Int, columns: [Range<Int>], sections: Range<Int>, tops: [Double],
                     heights: [Double], padding: Double, tracks: inout RunTracks) -> Double {
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
            partitionPoint(column) { tops[$0] + heights[$0] > y }
        }
        func key(_ lower: Int, _ column: Range<Int>) -> Int { lower < column.upperBound ? lower : -1 - column.upperBound }
        /// Whether no run lies within `runTrackSpacing` of `y` in the stretches it crosses, nor
        /// ends where it starts or starts where it ends.
        func isFree(_ y: Double) -> Bool {
            for column in columns
            where RunTracks.hasNeighbour(of: y, child: child, in: tracks.stretches[key(firstBox(below: y, in: column), column)]) {
                return false
            }
            return !RunTracks.hasNeighbour(of: y, child: child, in: tracks.endingIn[sections.lowerBound])
                && !RunTracks.hasNeighbour(of: y, child: child, in: tracks.startingIn[sections.upperBound])
        }
        let last = columns[columns.count - 1]
        func joint(at y: Double) -> RunTracks.Joint { RunTracks.Joint(stretch: key(firstBox(below: y, in: last), last), child: child) }
        func take(_ y: Double) -> Double {
            let track = RunTracks.Track(y: y, child: child)
            for column in columns { RunTracks.insert(track, into: &tracks.stretches[key(firstBox(below: y, in: column), column), default: []]) }
            RunTracks.insert(track, into: &tracks.startingIn[sections.lowerBound, default: []])
            RunTracks.insert(track, into: &tracks.endingIn[sections.upperBound, default: []])
            tracks.joints[joint(at: y)] = y
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
            if let joined = tracks.joints[joint(at: preferred)], joined >= low + margin, joined <= high - margin, isFree(joined) {
                return joined
            }
            if isFree(preferred) { return preferred }
            // Tracks on the child's side first: its line turns that way (fewer crossings).
            let sign = target < preferred ? -1.0 : 1.0
            var step = 1.0
            while true {
                let near = preferred + sign * step * runTrackSpacing, far = preferred - sign * step * runTrackSpacing
                let nearFits = near <= high - margin && near >= low + margin, farFits = far <= high - margin && far >= low + margin
                if !nearFits && !farFits { return nil }
                if nearFits && isFree(near) { return near }
                if farFits && isFree(far) { return far }
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
        let low = partitionPoint(0..<distantConnectors.count) {
            (Int(distantConnectors[$0].child), Int(distantConnectors[$0].subitem)) >= (child, subitem)
        }
        guard low < distantConnectors.count, Int(distantConnectors[low].child) == child,
              Int(distantConnectors[low].subitem) == subitem else { return nil }
        return low
    }
}
