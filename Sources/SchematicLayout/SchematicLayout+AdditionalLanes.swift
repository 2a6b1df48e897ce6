import HeapModule
import Hierarchy

/// A stretch of dashed line along the gap before a column, in a lane of its own beside the
/// tree's buses: an additional parent's connector, or a distant parent's way out of its
/// parent's column or into its child's (`SchematicLayout.lanePieces`).
struct LanePiece {
    /// Where it leaves the column before the gap and enters the one after (canonical y,
    /// without the header room): its lane spans them.
    let fromY: Double, toY: Double
    /// The middles it is level with on either side: its parent's and its child's, or a distant
    /// connector's run across the columns; and whether each is an item's middle.
    let fromMiddle: Double, toMiddle: Double
    let fromItem: Bool, toItem: Bool
    /// Pieces of one group share a lane: a child's additional parents (the child's item); a
    /// distant connector's way out has a group of its own (negative).
    let group: Int
}

/// Where a section's lane pieces run along the gap before it, found from the columns' tops
/// alone (no x): the side of the tree's buses, and the lane on that side.
struct AdditionalLanePlan {
    /// Per lane piece of the section (`lanePieces`' order): whether it runs right of the
    /// tree's buses (towards the children) or left of them.
    var runsRight: [Bool] = []
    /// Per lane piece: its lane on its side, from the side's first.
    var lane: [Int32] = []
    /// Lanes on each side.
    var laneCount: (left: Int, right: Int) = (0, 0)
    /// Per side, whether its lanes are numbered from the far end (most of its connectors go
    /// down), so that a connector's way out crosses no lane that started before it.
    var fromFarEnd: (left: Bool, right: Bool) = (false, false)
}

/// Additional parents' connectors (a DAG's other edges, dashed): each in a lane of its own
/// beside the tree's buses, the gap widened where its lanes need room.
extension SchematicLayout {
    /// Gives each additional parent's elbow connector a lane of its own, so that its run along
    /// the gap never lies on a bus of the tree (a reader would take it for one more child of
    /// that bus's parent). Lanes are right of the tree's buses (between its rightmost bus and the
    /// children's column), so the connector leaves its parent level and crosses the buses; where
    /// a child in the next column is level with that parent (its stub would carry the line),
    /// the lane is left of the buses instead (between the parents' column and the leftmost bus),
    /// unless a parent is level with the connector's child there too. On each side a child's
    /// connectors share a lane, and those of children whose spans overlap get lanes one beside
    /// the other (interval colouring, O(E log E)). The tree's buses stay put: where a side's
    /// lanes would be closer than `additionalLaneSpacing`, the gap is widened on that side
    /// (`neededGapRoom(for:)`, before the columns are put side by side).
    /// (A distant parent's connector takes two lanes so: its way out of its parent's column and
    /// its way into its child's, the latter shared with the child's additional parents.)
    func planAdditionalLanes() {
        guard configuration.connectorStyle == .elbow, !dataController.additionalParentsOfItem.isEmpty || drawsDistantConnectors else {
            additionalLanePlans = []
            lanePieces = []
            distantLanePieces = []
            return
        }
        buildLanePieces()
        additionalLanePlans = Array(repeating: AdditionalLanePlan(), count: dataController.numberOfSections)
        for section in 1..<max(1, dataController.numberOfSections) where !lanePieces[section].isEmpty {
            additionalLanePlans[section] = lanePlan(ofSection: section)
        }
    }

    /// Each section's lane pieces: its additional connectors (in `additionalConnectors`' order,
    /// so an additional connector's piece has its index), then the distant connectors' ways in
    /// and ways out.
    private func buildLanePieces() {
        func middle(_ item: Int) -> Double { itemTops[item] + itemHeights[item] / 2 }
        func offset(_ item: Int) -> Double { min(Self.additionalEntryOffset, itemHeights[item] / 4) }
        lanePieces = additionalConnectors.map { connectors in
            connectors.map { connector in
                let child = Int(connector.child), parent = Int(connector.parent)
                return LanePiece(fromY: middle(parent) + offset(parent), toY: middle(child) + offset(child),
                                 fromMiddle: middle(parent), toMiddle: middle(child), fromItem: true, toItem: true, group: child)
            }
        }
        distantLanePieces = []
        guard drawsDistantConnectors else { return }
        distantLanePieces.reserveCapacity(distantConnectors.count)
        for (index, connector) in distantConnectors.enumerated() {
            let child = Int(connector.child), parent = Int(connector.parent), run = distantRunY[index]
            let childSection = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[child])])
            let parentSection = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[parent])])
            lanePieces[childSection].append(LanePiece(fromY: run, toY: middle(child) + offset(child), fromMiddle: run,
                                                      toMiddle: middle(child), fromItem: false, toItem: true, group: child))
            lanePieces[parentSection + 1].append(LanePiece(fromY: middle(parent) + offset(parent), toY: run, fromMiddle: middle(parent),
                                                           toMiddle: run, fromItem: true, toItem: false, group: -1 - index))
            distantLanePieces.append((Int32(lanePieces[parentSection + 1].count - 1), Int32(lanePieces[childSection].count - 1)))
        }
    }

    private func lanePlan(ofSection section: Int) -> AdditionalLanePlan {
        let pieces = lanePieces[section]
        func middle(_ item: Int) -> Double { itemTops[item] + itemHeights[item] / 2 }
        // The columns' middles, sorted, to find an item level with a y by bisection.
        let parentMiddles = items(inSection: section - 1).map(middle).sorted()
        let childMiddles = items(inSection: section).map(middle).sorted()
        func hasLevel(_ y: Double, in middles: [Double], besides own: Int) -> Bool {
            var low = partitionPoint(0..<middles.count) { middles[$0] >= y - Self.levelLaneDistance }
            var found = 0
            while low < middles.count && middles[low] <= y + Self.levelLaneDistance { found += 1; low += 1 }
            return found > own
        }
        var plan = AdditionalLanePlan()
        plan.runsRight = pieces.map { piece -> Bool in
            // (The piece's own child or parent, level with the other end, is no other.)
            let level = abs(piece.fromMiddle - piece.toMiddle) <= Self.levelLaneDistance
            guard hasLevel(piece.fromMiddle, in: childMiddles, besides: level && piece.toItem ? 1 : 0) else { return true }
            return hasLevel(piece.toMiddle, in: parentMiddles, besides: level && piece.fromItem ? 1 : 0)
        }
        plan.lane = [Int32](repeating: 0, count: pieces.count)
        for right in [true, false] {
            let side = pieces.indices.filter { plan.runsRight[$0] == right }
            guard !side.isEmpty else { continue }
            // A child's additional parents on this side share one lane, as a bus shares a
            // parent's children: their lines meet on it and run on together into the child
            // (a lane each made a comb of lines a few pixels apart where many parents share a
            // child: every package depends on libc). The lane spans them all.
            var groupOfConnector = [Int](repeating: 0, count: side.count)
            var spans: [(low: Double, high: Double)] = []
            var spanOfGroup: [Int: Int] = [:]
            for (position, index) in side.enumerated() {
                let piece = pieces[index]
                let span = (low: min(piece.fromY, piece.toY), high: max(piece.fromY, piece.toY))
                if let group = spanOfGroup[piece.group] {
                    groupOfConnector[position] = group
                    spans[group] = (min(spans[group].low, span.low), max(spans[group].high, span.high))
                } else {
                    spanOfGroup[piece.group] = spans.count
                    groupOfConnector[position] = spans.count
                    spans.append(span)
                }
            }
            // Each connector takes the lane after the highest one in use when it starts, and the
            // lanes run towards the children in that order where most connectors go up, from
            // them where most go down: a connector's way out then never crosses a lane that
            // started before it, nor its way in one that ends after it (two that overlap in
            // part). Taking the lowest free lane crossed them (a review: Graphviz's
            // `abstract.gv`, three parents' lines down to two children, five crossings).
            let order = spans.indices.sorted { spans[$0].low != spans[$1].low ? spans[$0].low < spans[$1].low : $0 < $1 }
            var lanes = [Int](repeating: 0, count: spans.count), laneCount = 0
            var busy = Heap<LaneEnd>(), inUse = Heap<Int>(), laneIsBusy: [Bool] = []
            for index in order {
                while let earliest = busy.min, earliest.end < spans[index].low - 0.5 { laneIsBusy[busy.removeMin().lane] = false }
                while let highest = inUse.max, !laneIsBusy[highest] { inUse.removeMax() }
                let lane = (inUse.max ?? -1) + 1
                if lane == laneCount { laneCount += 1; laneIsBusy.append(false) }
                lanes[index] = lane
                laneIsBusy[lane] = true
                inUse.insert(lane)
                busy.insert(LaneEnd(end: spans[index].high, lane: lane))
            }
            let downward = side.filter { pieces[$0].fromMiddle < pieces[$0].toMiddle }.count
            let fromFarEnd = 2 * downward > side.count
            for (position, index) in side.enumerated() { plan.lane[index] = Int32(lanes[groupOfConnector[position]]) }
            if right { plan.laneCount.right = laneCount; plan.fromFarEnd.right = fromFarEnd } else {
                plan.laneCount.left = laneCount; plan.fromFarEnd.left = fromFarEnd
            }
        }
        return plan
    }

    /// The room the gap before `section` needs beside the tree's buses, before and after them,
    /// for its additional lanes to lie `additionalLaneSpacing` apart, and as far from the
    /// nearest bus and the column's edge (the bus lanes counted, `planAdditionalLanes` run).
    func neededGapRoom(for section: Int) -> (before: Double, after: Double) {
        guard section < additionalLanePlans.count, case let plan = additionalLanePlans[section],
              plan.laneCount.left + plan.laneCount.right > 0 else { return (0, 0) }
        // The tree's outermost buses, from the gap's left edge, in a gap of the usual width
        // (with additional parents no run of buses widens beyond the gap: `widenedBusRuns`).
        let padding = configuration.sectionPadding
        var leftmost = padding / 2, rightmost = padding / 2
        for parent in items(inSection: section - 1) {
            let lane = busLaneOfParent[parent]
            guard lane >= 0 else { continue }
            let x = Self.busOffset(lane: Int(lane), laneCount: Int(busLaneCountOfParent[parent]), gapWidth: padding)
            leftmost = min(leftmost, x); rightmost = max(rightmost, x)
        }
        func needed(_ lanes: Int, has room: Double) -> Double {
            lanes == 0 ? 0 : max(0, Double(lanes + 1) * Self.additionalLaneSpacing - room)
        }
        return (needed(plan.laneCount.left, has: leftmost), needed(plan.laneCount.right, has: padding - rightmost))
    }

    /// Puts the planned additional lanes at their x, between the tree's buses and the column
    /// on their side, spread evenly.
    func assignAdditionalLanes() {
        // Nearly every tree has none: no per-section work on each pass (a chain has a million sections).
        guard !additionalLanePlans.isEmpty else {
            additionalLaneX = []
            return
        }
        additionalLaneX = lanePieces.map { [Double](repeating: 0, count: $0.count) }
        for section in 1..<max(1, dataController.numberOfSections) where !lanePieces[section].isEmpty {
            let plan = additionalLanePlans[section]
            let parentEdge = sectionLefts[section - 1] + sectionWidths[section - 1], childEdge = sectionLefts[section]
            let room = section < additionalGapRoom.count ? additionalGapRoom[section] : (before: 0, after: 0)
            var treeLeft = (parentEdge + room.before + childEdge - room.after) / 2, treeRight = treeLeft
            for parent in items(inSection: section - 1) {
                guard let bus = busX(ofParent: parent, childSection: section) else { continue }
                treeLeft = min(treeLeft, bus); treeRight = max(treeRight, bus)
            }
            for index in lanePieces[section].indices {
                let right = plan.runsRight[index]
                let laneCount = right ? plan.laneCount.right : plan.laneCount.left
                let (near, far) = right ? (treeRight, childEdge) : (parentEdge, treeLeft)
                let (from, to) = (right ? plan.fromFarEnd.right : plan.fromFarEnd.left) ? (far, near) : (near, far)
                additionalLaneX[section][index] = from + (to - from) * Double(plan.lane[index] + 1) / Double(laneCount + 1)
            }
        }
    }

    /// Per column, the room its gap (before it) has beside the tree's buses for additional
    /// parents' lanes: before the buses and after them, two values a column (empty without
    /// additional lanes). The HTML page lays its lanes out from it.
    public var additionalLaneRooms: [Double] { additionalGapRoom.flatMap { [$0.before, $0.after] } }

    /// The least distance between two additional lanes, and between one and the nearest bus or
    /// column: at 3 to 6 px (lanes squeezed into the usual gap) a review read the dashed lines of
    /// `apt-cache depends --recurse git` as one bundle, and one beside a bus as that bus.
    public static let additionalLaneSpacing = 10.0

    /// How near two middles are for a line level with one to run on the other's stub.
    static let levelLaneDistance = 2.0

    /// Where an additional connector's lane ends along the gap, and which lane it is.
    struct LaneEnd: Comparable {
        let end: Double, lane: Int
        static func < (a: LaneEnd, b: LaneEnd) -> Bool { a.end != b.end ? a.end < b.end : a.lane < b.lane }
    }

    func buildAdditionalConnectors() {
        additionalConnectors = Array(repeating: [], count: dataController.numberOfSections)
        for child in dataController.additionalParentsOfItem.keys.sorted() {
            let section = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[Int(child)])])
            for (offset, parent) in dataController.additionalParentsOfItem[child]!.enumerated() {
                additionalConnectors[section].append((child, parent, Int32(offset + 1)))
            }
        }
    }

    /// An additional connector's own lane (`assignAdditionalLanes`), found by bisection among
    /// its section's connectors (ordered by child, then subitem).
    func additionalLane(child: Int, subitem: Int, section: Int) -> Double? {
        guard section < additionalLaneX.count else { return nil }
        let connectors = additionalConnectors[section]
        let low = partitionPoint(0..<connectors.count) { (Int(connectors[$0].child), Int(connectors[$0].subitem)) >= (child, subitem) }
        guard low < connectors.count, Int(connectors[low].child) == child, Int(connectors[low].subitem) == subitem else { return nil }
        return additionalLaneX[section][low]
    }
}
