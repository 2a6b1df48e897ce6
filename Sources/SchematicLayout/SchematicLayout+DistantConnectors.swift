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
    /// child's (`runY`), from the tops alone, nearest its child's middle.
    func routeDistantConnectors() {
        let sectionCount = dataController.numberOfSections
        for section in 0..<sectionCount { refreshTops(ofSection: section) }
        let starts = dataController.sectionStarts, sectionOfNode = dataController.sectionOfNode, nodeOfItem = dataController.nodeOfItem
        let tops = itemTops, heights = itemHeights, padding = configuration.itemPadding
        distantRunY = distantConnectors.map { connector in
            let child = Int(connector.child), parent = Int(connector.parent)
            let first = Int(sectionOfNode[Int(nodeOfItem[parent])]) + 1, end = Int(sectionOfNode[Int(nodeOfItem[child])])
            let columns = (first..<end).map { Int(starts[$0])..<Int(starts[$0 + 1]) }
            return Self.runY(near: tops[child] + heights[child] / 2, columns: columns, tops: tops, heights: heights, padding: padding)
        }
    }

    /// The y at which a line crosses the columns whose items are `columns` (each in order along
    /// its column, not overlapping) between their boxes, nearest `target`: in the free stretch
    /// (no box of any of the columns across it, at least `leastRun` high) nearest it, at
    /// `padding / 2` from the boxes beside, or in the middle of a stretch narrower than
    /// `padding`. Above or below every box where no stretch is found within `searchSteps`
    /// moves. Each move passes a box or a narrow stretch: O(boxes passed × columns × log n).
    static func runY(near target: Double, columns: [Range<Int>], tops: [Double], heights: [Double], padding: Double) -> Double {
        guard !columns.isEmpty else { return target }
        /// The free stretch at `y` across the columns, or the boxes that hold it (their
        /// farthest top and bottom).
        func stretch(at y: Double) -> (low: Double, high: Double, blocked: Bool, top: Double, bottom: Double) {
            var low = -Double.infinity, high = Double.infinity, blocked = false
            var top = Double.infinity, bottom = -Double.infinity
            for column in columns {
                var lower = column.lowerBound, upper = column.upperBound
                while lower < upper {
                    let half = (lower + upper) / 2
                    if tops[half] + heights[half] > y { upper = half } else { lower = half + 1 }
                }
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
        /// The first free stretch from `target` upwards (or downwards), if one is found.
        func search(upwards: Bool) -> (low: Double, high: Double)? {
            var y = target
            for _ in 0..<searchSteps {
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
        let up = search(upwards: true), down = search(upwards: false)
        func distance(_ stretch: (low: Double, high: Double)?) -> Double {
            guard let stretch else { return .infinity }
            return target < stretch.low ? stretch.low - target : target > stretch.high ? target - stretch.high : 0
        }
        guard let chosen = distance(up) <= distance(down) ? up : down else {
            // Past every box: above the highest of the columns.
            var highest = Double.infinity
            for column in columns where !column.isEmpty { highest = min(highest, tops[column.lowerBound]) }
            return highest == .infinity ? target : highest - padding / 2
        }
        if chosen.high - chosen.low <= padding { return (chosen.low + chosen.high) / 2 }
        return min(max(target, chosen.low + padding / 2), chosen.high - padding / 2)
    }

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
