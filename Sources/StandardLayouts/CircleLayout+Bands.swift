import CollectionLayout
import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A wide fan of leaves as a block of bands: the circle's `--wrap`. The fan's leaves fill
/// bands (sub-rings, each as deep as its own longest box) from the inside out, in order,
/// each band across the fan's whole angle; a trunk runs out from the parent through a lane
/// between two boxes of each inner band, and a bus round the gap before each outer band
/// reaches its leaves along their radii. Every box then needs only its own height around its
/// band, and no line passes between a band's boxes but the trunk: when the leaves took turns
/// on the sub-rings instead, each leaf's own line ran out through the inner sub-rings, and
/// every inner box needed room for its neighbours' lines beside it (Debian's 594 locales and
/// charmaps drew 4.3 times the columns' area; with bands, 1.6). Runs too short for bands
/// still take turns (`bandedRun`).
extension CircleLayout {
    /// A run of leaf siblings drawn as bands (`bandStarts`: the first item of each band, and
    /// the end), and once the angles are found, the angle where its span starts (`start`) and
    /// the trunk's angle from there (`trunk`); angles grow along the ring in item order.
    struct BandedRun {
        var bandStarts: [Int]
        /// Whether the trunk runs along the run's start, in the padding before its first boxes
        /// (no room of its own), rather than between two boxes of each inner band (a lane of
        /// one box's room in each).
        var edgeTrunk: Bool
        /// Whether the run is a small fan banded as a list (fewer than two leaves a band, its
        /// trunk along its start): its first band is reached along the trunk too, so that one
        /// line leaves the parent, not one to the first leaf beside the trunk.
        var listed = false
        var start = 0.0
        var trunk = 0.0

        var first: Int { bandStarts[0] }
        var end: Int { bandStarts[bandStarts.count - 1] }
        var count: Int { end - first }
        /// The band holding `item`.
        func band(of item: Int) -> Int {
            var band = 0
            while band + 2 < bandStarts.count && item >= bandStarts[band + 1] { band += 1 }
            return band
        }
    }

    /// The gap between neighbouring bands, where the bus runs: a line with `lineClearance`
    /// and the padding's room on both sides.
    var bandGap: Double { configuration.itemPadding + 2 * Self.lineClearance }

    /// The least space between neighbouring boxes of a band: a trunk's lane runs between two
    /// of them, `lineClearance` clear of both.
    var bandPadding: Double { max(configuration.itemPadding, 2 * Self.lineClearance + 1) }

    /// Splits the run of `length` leaves from `first` into `bands` bands, the outer ones
    /// holding more in proportion to their radii (`radius` the ring's estimated radius, `step`
    /// from band to band), so that each needs about the same angle; each band holds one at
    /// least. The trunk runs between two boxes of each inner band where each holds
    /// `cheapLane` boxes (its lane costs one box's room in each); else along the run's start
    /// where the run is its parent's whole fan (no room of its own; beside it lie another
    /// parent's boxes); else between two boxes where each inner band holds `leastInnerBand`;
    /// else nil (the run takes turns on sub-rings). A review found trunks along the start of a
    /// run among its parent's other children running for hundreds of pixels beside the line to
    /// the sibling folder before it: the leaves read as that folder's children. Greedy,
    /// O(length · bands).
    func bandedRun(first: Int, length: Int, bands: Int, radius: Double, step: Double, wholeFan: Bool) -> BandedRun? {
        let weights = (0..<bands).map { max(radius, step) + Double($0) * step }
        func counts(lanes: Bool) -> [Int] {
            var counts = [Int](repeating: 1, count: bands)
            // A band of n boxes spread over the run's angle needs n steps of its own (and one
            // more for a lane but in the outermost): give each further box to the band where
            // the run's angle grows least.
            func steps(_ band: Int, _ count: Int) -> Double { Double(count + (lanes && band + 1 < bands ? 1 : 0)) / weights[band] }
            for _ in bands..<length {
                var best = 0
                for band in 1..<bands where steps(band, counts[band] + 1) < steps(best, counts[best] + 1) { best = band }
                counts[best] += 1
            }
            return counts
        }
        var bandCounts = counts(lanes: true)
        let inner = bandCounts.dropLast().min() ?? 0
        let edgeTrunk = inner < Self.cheapLane && wholeFan
        if edgeTrunk {
            bandCounts = counts(lanes: false)
        } else if inner < Self.leastInnerBand {
            return nil
        }
        var starts = [first]
        for band in 0..<bands { starts.append(starts[band] + bandCounts[band]) }
        return BandedRun(bandStarts: starts, edgeTrunk: edgeTrunk)
    }

    /// The fewest boxes in each inner band for a lane costing an eighth of the run's angle at
    /// most.
    static let cheapLane = 8

    /// The fewest boxes in each inner band of a run among its parent's other children.
    static let leastInnerBand = 3

    /// The angle each box of a banded run needs (`radialAngles`): the run's whole angle shared
    /// among its boxes, the angle being what its most crowded band needs at `radius` (a band of
    /// n boxes: n steps of its tallest box's height and the band padding, and one more for the
    /// trunk's lane but in the outermost band).
    func bandedAngle(of run: BandedRun, radius: Double) -> Double {
        var tallest = 0.0
        for item in run.first..<run.end { tallest = max(tallest, itemSizes[item].height) }
        var span = 0.0
        for band in 0..<(run.bandStarts.count - 1) {
            let bandRadius = radius + subringOffsets[run.bandStarts[band]]
            let half = (tallest + bandPadding) / 2
            let step = half >= bandRadius ? Double.pi : 2 * asin(half / bandRadius)
            let lane = !run.edgeTrunk && band + 2 < run.bandStarts.count ? 1 : 0
            span = max(span, Double(run.bandStarts[band + 1] - run.bandStarts[band] + lane) * step)
        }
        return span / Double(run.count)
    }

    /// The least radius of the run's ring at which its trunk passes every box beside it
    /// `lineClearance` clear: the boxes of its inner bands, and the run's neighbours round the
    /// ring (within 64 items) wherever they reach as far out as the trunk runs. The angles
    /// left that room at the radius they were found at; a ring drawn further in must keep it
    /// (a box of three lines beside a lane had the trunk 0.3 px from its edge). `range`: the
    /// ring's items. O(run + 128).
    func leastRadiusClearingTrunk(of run: BandedRun, ring range: Range<Int>) -> Double {
        let trunkAngle = run.start + run.trunk
        // The trunk runs out to the gap before the outermost band.
        let reach = subringOffsets[run.bandStarts[run.bandStarts.count - 2]]
        var least = 0.0
        let count = range.count
        for index in (run.first - range.lowerBound - 64)..<(run.end - range.lowerBound + 64) {
            guard count > 0, index >= -count, index < 2 * count else { continue }
            let item = range.lowerBound + (index % count + count) % count
            guard subringOffsets[item] < reach else { continue }
            let turn = abs(Self.signedTurn(angles[item] - trunkAngle))
            guard turn > 1e-12, turn < Double.pi / 2 else { continue }
            least = max(least, (itemSizes[item].height / 2 + Self.lineClearance) / sin(turn) - subringOffsets[item])
        }
        return least
    }

    /// With the angles found (the run's boxes side by side, each its share of the run's angle),
    /// spreads each band of every banded run evenly over the run's whole angle, with the trunk
    /// along the run's start (`edgeTrunk`) or halfway between two boxes of each inner band: at
    /// the parent's angle, kept within the run's middle half (a parent at the centre: the run's
    /// middle), so that no line to a sibling outside the run runs beside it.
    func spreadBandedRuns(singleRoot: Bool) {
        let parents = dataController.parentOfItem
        for index in bandedRuns.indices {
            var run = bandedRuns[index]
            let first = run.first, last = run.end - 1
            let share = run.count > 1 ? (angles[last] - angles[first]) / Double(run.count - 1) : 0
            let start = angles[first] - share / 2, span = share * Double(run.count)
            let parent = Int(parents[first])
            let parentSection = Int(sectionOfItems[parent])
            var trunk = run.edgeTrunk ? 0
                : parentSection == 0 && singleRoot ? span / 2 : min(max(angles[parent] - start, span / 4), 3 * span / 4)
            if !run.edgeTrunk { trunk = laneBesideShortBoxes(of: run, span: span, near: trunk) }
            run.start = start
            run.trunk = trunk
            for band in 0..<(run.bandStarts.count - 1) {
                let items = run.bandStarts[band]..<run.bandStarts[band + 1]
                guard !run.edgeTrunk && band + 2 < run.bandStarts.count else {
                    // The outermost band, or a trunk along the start: none passes between its boxes.
                    let step = span / Double(items.count)
                    for (index, item) in items.enumerated() { angles[item] = start + (Double(index) + 0.5) * step }
                    continue
                }
                let step = span / Double(items.count + 1)
                // The trunk halfway between two boxes (or beyond the band's ends).
                let phase = (trunk / step).truncatingRemainder(dividingBy: 1)
                for (index, item) in items.enumerated() { angles[item] = start + (Double(index) + 0.5 + phase) * step }
            }
            bandedRuns[index] = run
        }
    }

    /// Where in the run's middle half its trunk passes between the shortest boxes, from the
    /// run's start: each inner band's bus leaves the trunk just beyond the two boxes beside it,
    /// and beside a box as deep as its band the corner reads as that box's (a review: `keypad`
    /// beside the lane, its band's bus 8 px past its end, read as the folder of the band
    /// beyond). Of the positions every half box from `near`, the one whose neighbours reach
    /// least far out (the deepest of them, as a share of its band's depth; within a twentieth,
    /// the nearest). O(run's first band · bands).
    func laneBesideShortBoxes(of run: BandedRun, span: Double, near: Double) -> Double {
        let inner = run.bandStarts.count - 2
        guard inner > 0, span > 0 else { return near }
        var depths = [Double](repeating: 0, count: inner)
        for band in 0..<inner {
            for item in run.bandStarts[band]..<run.bandStarts[band + 1] { depths[band] = max(depths[band], itemSizes[item].width) }
        }
        func reach(_ trunk: Double) -> Double {
            var deepest = 0.0
            for band in 0..<inner {
                let count = run.bandStarts[band + 1] - run.bandStarts[band]
                let step = span / Double(count + 1), after = Int(trunk / step)
                for index in [after - 1, after] where index >= 0 && index < count {
                    deepest = max(deepest, itemSizes[run.bandStarts[band] + index].width / max(depths[band], 1))
                }
            }
            return deepest
        }
        let half = span / Double(run.bandStarts[1] - run.bandStarts[0] + 1) / 2
        var best = (trunk: near, reach: reach(near))
        var offset = half
        while near - offset >= span / 4 || near + offset <= 3 * span / 4 {
            for trunk in [near - offset, near + offset] where trunk >= span / 4 && trunk <= 3 * span / 4 {
                let candidate = reach(trunk)
                if candidate < best.reach - 0.05 { best = (trunk, candidate) }
            }
            offset += half
        }
        return best.trunk
    }

    /// Whether `bandConnector` has a connector for this child: a leaf of a band beyond the
    /// first, or of any band in a `listed` run.
    func takesBandConnector(_ child: Int) -> Bool {
        guard !runOfItem.isEmpty, runOfItem[child] >= 0 else { return false }
        let run = bandedRuns[Int(runOfItem[child])]
        return run.band(of: child) > 0 || run.listed
    }

    /// The connector to a leaf of a band beyond the first (of any band in a `listed` run):
    /// from the parent to the middle ring
    /// at the trunk's angle, out along the trunk to the gap before the leaf's band, round that
    /// gap as an arc (chords of `ringBusStep(radius:)` from the trunk, so that the leaves on one side
    /// share them) and in along the leaf's radius. The piece an earlier sibling drew is marked
    /// (`drawnFrom`): the trunk up to the band before, or the trunk and the arc up to the leaf
    /// before on the same side. Nil for other items.
    func bandConnector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes? {
        guard takesBandConnector(child) else { return nil }
        let run = bandedRuns[Int(runOfItem[child])]
        let band = run.band(of: child)
        let section = parentPath.section + 1
        func point(_ angle: Double, _ radius: Double) -> Point { Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
        let middle = middleRadius(outside: parentPath.section)
        func busRadius(_ band: Int) -> Double { ringRadii[section] + subringOffsets[run.bandStarts[band]] - bandGap / 2 }
        let trunkAngle = run.start + run.trunk
        let trunkStart = point(trunkAngle, middle)
        var points = [edgePoint(ofItem: parent, towards: trunkStart)]
        // Out to the middle ring: straight, unless that would pass inside the parent's own ring
        // (a run far round from its parent) or through a longer neighbour's box there (a short
        // folder among long links, `/usr/share/zoneinfo`'s `Indian`), then out along its radius
        // and round the middle ring.
        let ring = ringRadii[parentPath.section]
        if ring > 0 && (Self.distance(from: center, toSegment: points[0], trunkStart) < ring - 1
                        || lineMeetsNeighbours(ofItem: parent, from: points[0], to: trunkStart)) {
            points = [radialEnd(ofItem: parent, outer: true) ?? points[0]]
            let turn = trunkAngle - angles[parent]
            let steps = max(1, Int((abs(turn) / Self.ringBusStep(radius: middle)).rounded(.up)))
            for step in 0..<steps { points.append(point(angles[parent] + turn * Double(step) / Double(steps), middle)) }
        }
        points.append(trunkStart)
        // Out along the trunk, then round the band's gap: corners every `ringBusStep(radius:)` from the
        // trunk, the same for every leaf on a side.
        let bus = busRadius(band), busStep = Self.ringBusStep(radius: bus)
        let turn = angles[child] - trunkAngle
        let steps = Int((abs(turn) / busStep).rounded(.up))
        var via = [point(trunkAngle, bus)]
        for step in stride(from: 1, to: steps, by: 1) {
            via.append(point(trunkAngle + Double(step) * busStep * (turn < 0 ? -1 : 1), bus))
        }
        via.append(point(angles[child], bus))
        let end = radialEnd(ofItem: child, outer: false) ?? edgePoint(ofItem: child, towards: via[via.count - 1])
        let path = points + via
        var connector = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: path[0].y > end.y, start: path[0], end: end,
                                            turnOut: path[1], turnIn: path[2])
        connector.via = Array(path.dropFirst(3))
        // What earlier siblings drew: the leaf before on this side of the trunk (further out on
        // the near side, nearer the trunk on the far side) drew the trunk and the arc's corners
        // up to where this one leaves them; the first leaf after the trunk, the trunk; the
        // band's first leaf, the trunk up to the band before (none before the first band out).
        let bandItems = run.bandStarts[band]..<run.bandStarts[band + 1]
        let before = child > bandItems.lowerBound ? child - 1 : nil
        if let before, angles[before] < trunkAngle {
            if turn < 0 {
                connector.drawnFrom = via.count > 2 ? via[via.count - 2] : via[0]
            } else {
                connector.drawnFrom = via[0]
            }
        } else if let before {
            let previous = Int((abs(angles[before] - trunkAngle) / busStep).rounded(.up)) - 1
            connector.drawnFrom = previous >= 1 && previous < via.count - 1 ? via[previous] : via[0]
        } else if band > 1 || (band == 1 && run.listed) {
            connector.drawnFrom = point(trunkAngle, busRadius(band - 1))
        }
        return connector
    }

    /// Whether the segment from `a` to `b` (out from `item`, round towards `b`'s angle) passes
    /// within `lineClearance` of a box of the item's ring between the two angles (up to 64
    /// boxes walked).
    func lineMeetsNeighbours(ofItem item: Int, from a: Point, to b: Point) -> Bool {
        let range = items(inSection: Int(sectionOfItems[item]))
        guard range.count > 1 else { return false }
        let turn = Self.signedTurn(atan2(b.y - center.y, b.x - center.x) - angles[item])
        let forward = turn >= 0, radius = max(hypot(b.x - center.x, b.y - center.y), 1)
        var other = item
        for _ in 0..<min(64, range.count - 1) {
            other = forward ? (other + 1 < range.upperBound ? other + 1 : range.lowerBound)
                : (other > range.lowerBound ? other - 1 : range.upperBound - 1)
            let away = Self.signedTurn(angles[other] - angles[item])
            // Past the line's far end by more than the box's own angle: done.
            if abs(away) > abs(turn) + itemSizes[other].height / radius + 0.05 || (away >= 0) != forward { break }
            if segment(a, b, passesWithin: Self.lineClearance, ofItem: other) { return true }
        }
        return false
    }

    /// Whether the segment from `a` to `b` passes within `clearance` of the item's box, turned or not.
    func segment(_ a: Point, _ b: Point, passesWithin clearance: Double, ofItem item: Int) -> Bool {
        let box = frame(ofItem: item)
        let turn = transform(ofItem: item).map { _ in turns[item] } ?? 0
        let c = cos(turn), s = sin(turn)
        /// Into the box's own axes, about its middle.
        func local(_ p: Point) -> Point {
            let dx = p.x - box.midX, dy = p.y - box.midY
            return Point(x: dx * c + dy * s, y: -dx * s + dy * c)
        }
        let p = local(a), q = local(b)
        let halfWidth = box.width / 2 + clearance, halfHeight = box.height / 2 + clearance
        // Liang–Barsky: clip the segment to the widened box.
        var low = 0.0, high = 1.0
        let dx = q.x - p.x, dy = q.y - p.y
        for (delta, start, limit) in [(dx, p.x, halfWidth), (dy, p.y, halfHeight)] {
            for (d, distance) in [(-delta, start + limit), (delta, limit - start)] {
                if d == 0 {
                    if distance < 0 { return false }
                } else {
                    let t = distance / d
                    if d < 0 { low = max(low, t) } else { high = min(high, t) }
                    if low > high { return false }
                }
            }
        }
        return true
    }

    /// How near the segment from `a` to `b` comes to `point`.
    static func distance(from point: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
        let t = length > 0 ? min(1, max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length)) : 0
        return hypot(a.x + t * dx - point.x, a.y + t * dy - point.y)
    }
}
