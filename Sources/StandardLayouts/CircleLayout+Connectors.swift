import CollectionLayout
import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connectors: straight or curved, along the radii of turned boxes, and around the centre for additional parents.
extension CircleLayout {
    /// Straight between the boxes' edges, or a curve whose ends follow the radii through the
    /// middle ring between parent and child.
    func circleConnector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        if Int(dataController.parentOfItem[child]) != parent {
            return connectorAroundTheCentre(fromParent: parent, toChild: child, parentPath: parentPath)
        }
        if let banded = bandConnector(fromParent: parent, toChild: child, parentPath: parentPath) { return banded }
        let straight = directConnector(fromParent: parent, toChild: child, parentPath: parentPath)
        if var bus = ringBus(fromParent: parent, toChild: child, parentPath: parentPath, direct: straight,
                             forced: routeOfChildren.isEmpty ? false : routeOfChildren[parent] == .ringBus) {
            bus.drawnFrom = sharedRingBusStart(of: bus, fromParent: parent, toChild: child, parentPath: parentPath)
            return bus
        }
        guard configuration.connectorStyle == .curved, routeOfChildren.isEmpty || routeOfChildren[parent] != .besideBands else { return straight }
        let middle = middleRadius(outside: parentPath.section)
        // A parent at the centre has no radius of its own: leave it towards the child.
        let outAngle = ringRadii[parentPath.section] == 0 ? angles[child] : angles[parent]
        let out = Point(x: center.x + middle * cos(outAngle), y: center.y + middle * sin(outAngle))
        let into = Point(x: center.x + middle * cos(angles[child]), y: center.y + middle * sin(angles[child]))
        let start = ringRadii[parentPath.section] == 0 ? straight.start
            : radialEnd(ofItem: parent, outer: true) ?? Self.edgePoint(of: frame(ofItem: parent), towards: out)
        let end = radialEnd(ofItem: child, outer: false) ?? Self.edgePoint(of: frame(ofItem: child), towards: into)
        if !isStaggered.isEmpty && isStaggered[child] {
            // A leaf taking turns on sub-rings (or in a first band): the curve ends at the
            // middle ring on the leaf's radius, then a straight line runs along it through the
            // gap between its neighbours (a curve all the way crossed the inner sub-ring's
            // boxes on its way: 318 pieces on a folder of 245 files).
            let startRadius = hypot(start.x - center.x, start.y - center.y)
            let control = (startRadius + middle) / 2
            let controlOut = Point(x: center.x + control * cos(outAngle), y: center.y + control * sin(outAngle))
            let controlIn = Point(x: center.x + control * cos(angles[child]), y: center.y + control * sin(angles[child]))
            return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                       turnIn: into, curveOut: controlOut, curveIn: controlIn, isCurved: true)
        }
        return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                   curveOut: out, curveIn: into, isCurved: true)
    }

    /// Straight from the parent's edge to the child's, or for a leaf on sub-rings (or in a
    /// first band) through the middle ring on its radius: the connector before any bus.
    func directConnector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        var straight = super.connector(fromParent: parent, toChild: child, parentPath: parentPath)
        if let end = radialEnd(ofItem: child, outer: false) {
            // Radial boxes: from the parent's edge facing the child (its outer end unless the
            // child lies behind it) to the child's inner end.
            if isStaggered[child] {
                // A leaf taking turns on sub-rings, or in a fan's first band, is reached along
                // its radius from halfway between the rings (through the gaps between its
                // neighbours on sub-rings).
                let middle = middleRadius(outside: parentPath.section)
                let bend = Point(x: center.x + middle * cos(angles[child]), y: center.y + middle * sin(angles[child]))
                let start = edgePoint(ofItem: parent, towards: bend)
                straight = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                               turnOut: bend, turnIn: bend)
            } else {
                let start = edgePoint(ofItem: parent, towards: end)
                straight = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end)
            }
        } else {
            // Upright boxes: into the child's side facing the middle ring on its radius, as the
            // curves enter (aimed at its middle, a line to a box in a stack of siblings grazed the
            // one before: 35 pieces through boxes on a git history, 3 on Maven's repository).
            let middle = middleRadius(outside: parentPath.section)
            let into = Point(x: center.x + middle * cos(angles[child]), y: center.y + middle * sin(angles[child]))
            let end = Self.edgePoint(of: frame(ofItem: child), towards: into)
            let start = Self.edgePoint(of: frame(ofItem: parent), towards: end)
            straight = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end)
        }
        return straight
    }

    /// A connector to a child far round the ring from its parent (a folder whose only parent
    /// is the root at the centre spreads its children all round), or nil: where the direct
    /// line (its first piece) would pass inside the parent's own ring, through its neighbours
    /// and across the drawing (`/usr/share/perl`'s `5.36.0`: dozens of lines 7,000 px long
    /// through the centre and the root's box), it runs out along the parent's radius to the
    /// middle ring, along that ring as an arc, and in along the child's radius: a bus round
    /// the ring, which the parent's other far children share. (The middle ring lies between
    /// two rings' boxes; the children of other parents of that ring are in other angles.)
    /// `forced`: the parent's other children take the bus too (`routeOfChildren`).
    func ringBus(fromParent parent: Int, toChild child: Int, parentPath: IndexPath, direct: ConnectorAttributes,
                 forced: Bool = false) -> ConnectorAttributes? {
        let section = parentPath.section, ring = ringRadii[section]
        guard ring > 0, section + 1 < ringRadii.count else { return nil }
        guard forced || needsRingBus(parentPath: parentPath, direct: direct) else { return nil }
        let middle = middleRadius(outside: section)
        let turn = Self.signedTurn(angles[child] - angles[parent])
        func point(_ angle: Double, _ radius: Double) -> Point { Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
        let out = point(angles[parent], middle), into = point(angles[child], middle)
        // The arc as short chords (one cubic bulged about a sixtieth of the radius out at half
        // a turn, into the next ring's boxes: 205 pieces through them on Python's exceptions),
        // their corners every `ringBusStep(radius:)` from the parent's radius, the same for every child
        // on a side (split evenly per child, the siblings' arcs differed by a pixel or two and
        // drew a doubled, wobbly line: a review).
        let step = Self.ringBusStep(radius: middle)
        let steps = max(1, Int((abs(turn) / step).rounded(.up)))
        let sign = turn < 0 ? -1.0 : 1.0
        var arc = (1..<steps).map { point(angles[parent] + sign * Double($0) * step, middle) }
        arc.append(into)
        let start = radialEnd(ofItem: parent, outer: true) ?? edgePoint(ofItem: parent, towards: out)
        let end = radialEnd(ofItem: child, outer: false) ?? edgePoint(ofItem: child, towards: into)
        var bus = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                      turnOut: out, turnIn: arc[0])
        bus.via = Array(arc.dropFirst())
        return bus
    }

    /// Whether the direct line's first piece would pass inside the parent's own ring.
    func needsRingBus(parentPath: IndexPath, direct: ConnectorAttributes) -> Bool {
        let ring = ringRadii[parentPath.section]
        let a = direct.start, b = direct.turnOut == direct.start ? direct.end : direct.turnOut
        return ring > 0 && Self.distance(from: center, toSegment: a, b) < ring - 1
    }

    /// Per item, how its children not in bands are reached: all round the ring bus where some
    /// child would need it and none takes a band's connector (a direct line to a near child
    /// crossed the far ones' arc on the middle ring: Python's exceptions, 36 crossings between
    /// siblings' connectors, which no other parent's lines make); straight beside a band's
    /// connector, which leaves the parent straight for its trunk (a bus out along the parent's
    /// radius crossed it: Graphviz's documentation folder, 1,900 more crossings; so did curves).
    /// O(n), after placement.
    func findChildRoutes() -> [ChildRoute] {
        guard drawsConnectors, ringRadii.count > 1 else { return [] }
        let parents = dataController.parentOfItem
        let count = dataController.numberOfItems
        var needs = [Bool](repeating: false, count: count), banded = [Bool](repeating: false, count: count)
        for child in 0..<parents.count {
            let parent = Int(parents[child])
            guard parent >= 0 else { continue }
            if takesBandConnector(child) {
                banded[parent] = true
                continue
            }
            guard !needs[parent] else { continue }
            let parentPath = indexPath(ofItem: parent)
            guard ringRadii[parentPath.section] > 0, parentPath.section + 1 < ringRadii.count else { continue }
            let direct = directConnector(fromParent: parent, toChild: child, parentPath: parentPath)
            if needsRingBus(parentPath: parentPath, direct: direct) { needs[parent] = true }
        }
        return (0..<count).map { banded[$0] ? .besideBands : needs[$0] ? .ringBus : .direct }
    }

    /// Where a ring bus's own piece begins (`drawnFrom`), what the sibling before it drew
    /// left out: on the same side, the arc up to where the nearer of the two leaves it; on the
    /// other side, the lead-out to the middle ring; nil where the sibling before takes no bus.
    /// O(1): the sibling's bus is made again, without its own mark.
    func sharedRingBusStart(of bus: ConnectorAttributes, fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> Point? {
        let before = child - 1
        guard before >= Int(dataController.childStarts[parent]),
              !takesBandConnector(before),
              let other = ringBus(fromParent: parent, toChild: before, parentPath: parentPath,
                                  direct: directConnector(fromParent: parent, toChild: before, parentPath: parentPath),
                                  forced: routeOfChildren.isEmpty ? false : routeOfChildren[parent] == .ringBus) else { return nil }
        let mine = Self.signedTurn(angles[child] - angles[parent]), theirs = Self.signedTurn(angles[before] - angles[parent])
        guard (mine < 0) == (theirs < 0) else { return other.turnOut == bus.turnOut ? bus.turnOut : nil }
        // The arc's corners every `ringBusStep(radius:)` (`turnIn` and `via` but the last point): the
        // nearer one's last corner, on both.
        let corners = [bus.turnIn] + bus.via
        let middle = middleRadius(outside: parentPath.section)
        let shared = Int((min(abs(mine), abs(theirs)) / Self.ringBusStep(radius: middle)).rounded(.up)) - 1
        return shared >= 1 && shared < corners.count ? corners[shared - 1] : bus.turnOut
    }

    /// An angle as a turn the shorter way round, in (-π, π].
    static func signedTurn(_ angle: Double) -> Double {
        var turn = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if turn > Double.pi { turn -= 2 * Double.pi } else if turn < -Double.pi { turn += 2 * Double.pi }
        return turn
    }

    /// The angle each chord of a ring bus or a band's arc turns at `radius`: 3° (the chord lies
    /// within a 2,900th of the radius inside the arc), less where that would bow it more than
    /// `lineClearance` inside, towards the boxes (beyond a radius of 8,750 px: `tree -L 3
    /// /usr/share`'s folder of 17,961 manual pages, its bands' arcs 60,000 px out, drew 4,716
    /// pieces through the boxes of the bands inside).
    static func ringBusStep(radius: Double) -> Double {
        min(Double.pi / 60, 2 * acos(max(-1, 1 - lineClearance / max(radius, lineClearance))))
    }

    /// The radius of the middle ring between a section's ring (its boxes' outer edge) and the
    /// next one's, where connectors from that section turn and run round.
    func middleRadius(outside section: Int) -> Double { (ringOuterRadii[section] + ringRadii[section + 1]) / 2 }

    /// Where the ray from an item's centre towards `target` leaves its box, turned or not.
    func edgePoint(ofItem item: Int, towards target: Point) -> Point {
        let box = frame(ofItem: item)
        guard let turn = transform(ofItem: item).map({ _ in turns[item] }) else { return Self.edgePoint(of: box, towards: target) }
        let c = cos(turn), s = sin(turn)
        let dx = target.x - box.midX, dy = target.y - box.midY
        // Into the box's own axes, to its edge there, and back.
        let local = Point(x: dx * c + dy * s, y: -dx * s + dy * c)
        let edge = Self.edgePoint(of: Rect(x: -box.width / 2, y: -box.height / 2, width: box.width, height: box.height), towards: local)
        return Point(x: box.midX + edge.x * c - edge.y * s, y: box.midY + edge.x * s + edge.y * c)
    }

    /// A connector from an additional parent, which may sit anywhere on its ring: a curve along
    /// the middle ring between the parent's and the child's, the shorter way round (its control
    /// points at a third and two thirds of the turn), so that it goes around the centre instead
    /// of through the drawing.
    func connectorAroundTheCentre(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        let middle = middleRadius(outside: parentPath.section)
        let turn = Self.signedTurn(angles[child] - angles[parent])
        // Control points on a circle a little outside the middle ring, so the curve keeps to it.
        let reach = middle / cos(turn / 6)
        func point(_ angle: Double) -> Point { Point(x: center.x + reach * cos(angle), y: center.y + reach * sin(angle)) }
        let out = point(angles[parent] + turn / 3), into = point(angles[parent] + 2 * turn / 3)
        let start = radialEnd(ofItem: parent, outer: true) ?? Self.edgePoint(of: frame(ofItem: parent), towards: out)
        let end = radialEnd(ofItem: child, outer: false) ?? Self.edgePoint(of: frame(ofItem: child), towards: into)
        return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                   curveOut: out, curveIn: into, isCurved: true)
    }
}
