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
        var straight = super.connector(fromParent: parent, toChild: child, parentPath: parentPath)
        if let end = radialEnd(ofItem: child, outer: false) {
            // Radial boxes: from the parent's edge facing the child (its outer end unless the
            // child lies behind it) to the child's inner end.
            if isStaggered[child] {
                // A leaf taking turns on sub-rings is reached along its radius from halfway
                // between the rings, through the gaps between its neighbours.
                let middle = (ringOuterRadii[parentPath.section] + ringRadii[parentPath.section + 1]) / 2
                let bend = Point(x: center.x + middle * cos(angles[child]), y: center.y + middle * sin(angles[child]))
                let start = edgePoint(ofItem: parent, towards: bend)
                straight = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                               turnOut: bend, turnIn: bend)
            } else {
                let start = edgePoint(ofItem: parent, towards: end)
                straight = ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end)
            }
        }
        guard configuration.connectorStyle == .curved else { return straight }
        let middle = (ringOuterRadii[parentPath.section] + ringRadii[parentPath.section + 1]) / 2
        // A parent at the centre has no radius of its own: leave it towards the child.
        let outAngle = ringRadii[parentPath.section] == 0 ? angles[child] : angles[parent]
        let out = Point(x: center.x + middle * cos(outAngle), y: center.y + middle * sin(outAngle))
        let into = Point(x: center.x + middle * cos(angles[child]), y: center.y + middle * sin(angles[child]))
        let start = ringRadii[parentPath.section] == 0 ? straight.start
            : radialEnd(ofItem: parent, outer: true) ?? Self.edgePoint(of: frame(ofItem: parent), towards: out)
        let end = radialEnd(ofItem: child, outer: false) ?? Self.edgePoint(of: frame(ofItem: child), towards: into)
        if !isStaggered.isEmpty && isStaggered[child] {
            // A leaf taking turns on sub-rings: the curve ends at the middle ring on the leaf's
            // radius, then a straight line runs along it through the gap between its
            // neighbours (a curve all the way crossed the inner sub-ring's boxes on its way:
            // 318 pieces on a folder of 245 files).
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
        let middle = (ringOuterRadii[parentPath.section] + ringRadii[parentPath.section + 1]) / 2
        var turn = (angles[child] - angles[parent]).truncatingRemainder(dividingBy: 2 * Double.pi)
        if turn > Double.pi { turn -= 2 * Double.pi } else if turn < -Double.pi { turn += 2 * Double.pi }
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
