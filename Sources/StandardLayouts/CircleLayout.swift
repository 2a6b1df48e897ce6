import CollectionLayout
import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a circle draws its connectors.
public enum CircleConnectorStyle: String, CaseIterable, Hashable, Sendable {
    /// No connectors.
    case none
    /// Straight lines between the boxes' edges.
    case straight
    /// Cubic curves leaving the parent and entering the child along their radii.
    case curved
}

/// The settings of `CircleLayout`.
public struct CircleLayoutConfiguration: Hashable, Sendable {
    /// The size of every item until it sizes itself.
    public var itemSize = Size(width: 120, height: 40)
    /// The collection view's bounds: the outer ring's radius is a third of the smaller side
    /// (recipe 10-6), unless the items need more room.
    public var viewSize = Size(width: 800, height: 800)
    /// Degrees added to every angle, clockwise (recipe 10-7's rotation).
    public var rotation = 0.0
    /// Scales the rings' radii (recipe 10-7's pinch), clamped to 0.5–1.3; rings never come
    /// closer than their items allow.
    public var scale = 1.0
    /// The least space between neighbouring items of a ring.
    public var itemPadding = 10.0
    /// The least space between the items of neighbouring rings.
    public var ringPadding = 40.0
    /// Space around the drawing.
    public var margin = 20.0
    /// Connector lines.
    public var connectorStyle = CircleConnectorStyle.straight

    public init() {}

    /// The scale actually applied.
    public var clampedScale: Double { min(max(scale, 0.5), 1.3) }

    /// Why the configuration cannot be laid out, or nil if it can.
    public var problem: String? {
        if !(itemSize.width > 0 && itemSize.height > 0 && itemSize.width.isFinite && itemSize.height.isFinite) {
            return "the item size must be positive and finite"
        }
        if !(viewSize.width > 0 && viewSize.height > 0 && viewSize.width.isFinite && viewSize.height.isFinite) {
            return "the width and height must be positive and finite"
        }
        if !rotation.isFinite || !scale.isFinite { return "the rotation and scale must be finite" }
        if [itemPadding, ringPadding, margin].contains(where: { !($0 >= 0 && $0.isFinite) }) {
            return "the paddings and margin must be zero or more"
        }
        return nil
    }
}

/// Recipes 10-6 and 10-7 generalised to a radial tree: each section (depth) is a ring around
/// the centre, each subtree has its own angular wedge, and a parent sits inside its children's
/// wedge.
///
/// Angles: every item gets an angular wedge, as wide as its box needs on its ring or as its
/// children's wedges together, whichever is more; the wedges of the roots (or of the single
/// root's children) share the whole circle in proportion, and each item's wedge is shared by its
/// children in proportion. An item sits in the middle of its wedge, so a parent lies within its
/// children's angular range, and a ring's items keep tree order. The circle is turned so that the
/// first item of the first ring with several items is at angle 0 (pointing right), turning
/// clockwise: a single ring of n items of one size is the recipe's circle, item i at `2π·i/n`
/// (items of different sizes take steps in proportion to what they need).
///
/// Radii: the rings are first spaced by their widest boxes and grown together until the wedges
/// fit the circle; then, with the angles fixed, each ring shrinks to the least radius at which
/// its boxes keep `itemPadding` apart along the chord and `ringPadding` from the ring inside (by
/// their half-diagonals), or the recipe's radius if that is more: the outer ring a third of the
/// view's smaller side, the rings evenly inside it, times the clamped scale (a scale above 1
/// grows every radius). A single root sits at the centre.
///
/// The content is the view, or the drawing and its margins if larger, with the drawing in the
/// middle (the centre is in the middle when the drawing is symmetric, as the recipe's is).
/// Any size change moves every ring, so self-sizing re-places the whole circle (O(n)).
public final class CircleLayout: IndexedLayoutBase {
    /// The settings.
    public let configuration: CircleLayoutConfiguration
    /// Ring radii by section, and each item's angle (radians, rotation included).
    public private(set) var ringRadii: [Double] = []
    private var angles: [Double] = []
    /// The centre of the rings.
    public private(set) var center = Point.zero

    /// Creates a circle layout of a sectioned tree.
    public init(dataController: SectionedTree, configuration: CircleLayoutConfiguration = .init()) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.configuration = configuration
        super.init(dataController: dataController, estimatedItemSize: configuration.itemSize, sectionTitles: [])
    }

    override var drawsConnectors: Bool { configuration.connectorStyle != .none }

    override func placeAllSections() {
        let sectionCount = numberOfSections
        let count = dataController.numberOfItems
        let singleRoot = items(inSection: 0).count == 1
        var halfDiagonals = [Double](repeating: 0, count: count)
        for item in 0..<count {
            let size = itemSizes[item]
            halfDiagonals[item] = hypot(size.width, size.height) / 2
        }

        // The least radii: rings apart by their widest boxes, then grown until every ring's
        // items fit around it (a few O(n) rounds).
        var widest = [Double](repeating: 0, count: sectionCount)
        for section in 0..<sectionCount {
            for item in items(inSection: section) { widest[section] = max(widest[section], halfDiagonals[item]) }
        }
        var radii = [Double](repeating: 0, count: sectionCount)
        for section in 0..<sectionCount {
            let inner = section == 0 ? (singleRoot ? nil : 0.0) : radii[section - 1] + widest[section - 1]
            radii[section] = inner.map { $0 + widest[section] + configuration.ringPadding } ?? 0
        }
        var wedges = angularWedges(radii: radii, halfDiagonals: halfDiagonals)
        for _ in 0..<60 where wedges.total > 2 * Double.pi * (1 + 1e-9) {
            let factor = wedges.total / (2 * Double.pi)
            for section in 0..<sectionCount { radii[section] *= factor }
            wedges = angularWedges(radii: radii, halfDiagonals: halfDiagonals)
        }

        computeAngles(wedges: wedges.sizes)
        let wedgeRadii = radii

        // With the angles fixed, each ring shrinks back to the least radius its neighbours
        // (the last and the first included, along the chord) and the ring inside allow, or to
        // the recipe's radius if that is larger: the outer ring a third of the view's smaller
        // side, the rings evenly inside it, times a scale below 1. A scale above 1 then grows
        // every radius by one factor, which keeps them valid.
        let steps = Double(singleRoot ? max(1, sectionCount - 1) : sectionCount)
        let outerTarget = min(configuration.viewSize.width, configuration.viewSize.height) / 3
        let scale = configuration.clampedScale
        for section in 0..<sectionCount {
            let range = items(inSection: section)
            var least = section == 0 ? (singleRoot ? 0 : widest[0] + configuration.ringPadding)
                : radii[section - 1] + widest[section - 1] + widest[section] + configuration.ringPadding
            if range.count > 1 {
                // Each item against the following ones (the last and the first included) that
                // could still reach it at this radius: neighbours, and further ones next to a
                // very wide box. A box's circle of its half-diagonal holds it, so two boxes
                // whose centres are a chord of their half-diagonals (and the padding) apart
                // cannot overlap. Past 64 items the wedges' radius, which is safe, is kept.
                let reach = 2 * widest[section] + configuration.itemPadding
                for item in range {
                    var other = item, walked = 0
                    while true {
                        other = other + 1 < range.upperBound ? other + 1 : range.lowerBound
                        if other == item { break }
                        var step = angles[other] - angles[item]
                        if step <= 0 { step += 2 * Double.pi }
                        if step >= Double.pi || 2 * least * sin(step / 2) >= reach { break }
                        let needed = halfDiagonals[item] + halfDiagonals[other] + configuration.itemPadding
                        least = max(least, needed / (2 * sin(step / 2)))
                        walked += 1
                        if walked == 64 { least = max(least, wedgeRadii[section]); break }
                    }
                }
            }
            let target = outerTarget * Double(singleRoot ? section : section + 1) / steps
            radii[section] = max(least, target * min(scale, 1))
        }
        if scale > 1 { for section in 0..<sectionCount { radii[section] *= scale } }
        ringRadii = radii

        // Centres around the origin, then the drawing in the middle of the content: the view,
        // or the drawing's bounds and margins if larger.
        var left = 0.0, right = 0.0, top = 0.0, bottom = 0.0
        var centers = [Point](repeating: .zero, count: count)
        for section in 0..<sectionCount {
            let radius = ringRadii[section]
            for item in items(inSection: section) {
                let point = Point(x: radius * cos(angles[item]), y: radius * sin(angles[item]))
                centers[item] = point
                let size = itemSizes[item]
                left = min(left, point.x - size.width / 2)
                right = max(right, point.x + size.width / 2)
                top = min(top, point.y - size.height / 2)
                bottom = max(bottom, point.y + size.height / 2)
            }
        }
        let width = max(configuration.viewSize.width, right - left + 2 * configuration.margin)
        let height = max(configuration.viewSize.height, bottom - top + 2 * configuration.margin)
        center = Point(x: width / 2 - (left + right) / 2, y: height / 2 - (top + bottom) / 2)
        for item in 0..<count {
            let size = itemSizes[item]
            cellFrames[item] = Rect(x: center.x + centers[item].x - size.width / 2, y: center.y + centers[item].y - size.height / 2,
                                    width: size.width, height: size.height)
        }
        contentSize = Size(width: width, height: height)
    }

    /// Each item's angular wedge: the angle its own box needs on its ring (its half-diagonal
    /// and half the padding either side, as a chord), or its children's wedges together if
    /// they need more. Bottom-up over the flat arrays, O(n).
    private func angularWedges(radii: [Double], halfDiagonals: [Double]) -> (sizes: [Double], total: Double) {
        let count = dataController.numberOfItems
        let childStarts = dataController.childStarts
        let sectionOf = sectionOfItems
        var wedges = [Double](repeating: 0, count: count)
        for item in stride(from: count - 1, through: 0, by: -1) {
            let radius = radii[Int(sectionOf[item])]
            var own = 0.0
            if radius > 0 {
                let half = (halfDiagonals[item] + configuration.itemPadding / 2) / radius
                own = half >= 1 ? Double.pi : 2 * asin(half)
            }
            var children = 0.0
            for child in Int(childStarts[item])..<Int(childStarts[item + 1]) { children += wedges[child] }
            wedges[item] = max(own, children)
        }
        var total = 0.0
        for root in items(inSection: 0) { total += wedges[root] }
        return (wedges, total)
    }

    /// The section of every global item.
    private lazy var sectionOfItems: [Int32] = {
        var sections = [Int32](repeating: 0, count: dataController.numberOfItems)
        for section in 0..<numberOfSections { for item in items(inSection: section) { sections[item] = Int32(section) } }
        return sections
    }()

    /// Wedges scaled to fill the circle, handed out top-down (each parent's wedge shared by
    /// its children in proportion), each item at its wedge's middle; then turned so that the
    /// first item of the first ring holding several sits at angle 0, as in the recipe.
    private func computeAngles(wedges: [Double]) {
        let count = dataController.numberOfItems
        let childStarts = dataController.childStarts
        var total = 0.0
        for root in items(inSection: 0) { total += wedges[root] }
        var starts = [Double](repeating: 0, count: count)
        var sizes = [Double](repeating: 0, count: count)
        var next = 0.0
        for root in items(inSection: 0) {
            starts[root] = next
            sizes[root] = total > 0 ? wedges[root] / total * 2 * Double.pi : 2 * Double.pi / Double(items(inSection: 0).count)
            next += sizes[root]
        }
        for section in 0..<max(0, numberOfSections - 1) {
            for parent in items(inSection: section) {
                let children = Int(childStarts[parent])..<Int(childStarts[parent + 1])
                guard !children.isEmpty else { continue }
                var sum = 0.0
                for child in children { sum += wedges[child] }
                var start = starts[parent]
                for child in children {
                    starts[child] = start
                    sizes[child] = sum > 0 ? wedges[child] / sum * sizes[parent] : sizes[parent] / Double(children.count)
                    start += sizes[child]
                }
            }
        }
        angles = [Double](repeating: 0, count: count)
        for item in 0..<count { angles[item] = starts[item] + sizes[item] / 2 }
        let firstRing = (0..<numberOfSections).first { items(inSection: $0).count > 1 }
        let turn = firstRing.map { -angles[items(inSection: $0).lowerBound] } ?? 0
        let rotation = configuration.rotation * Double.pi / 180 + turn
        for item in 0..<count { angles[item] += rotation }
    }

    /// Straight between the boxes' edges, or a curve whose ends follow the radii through the
    /// middle ring between parent and child.
    override func connector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        if Int(dataController.parentOfItem[child]) != parent {
            return connectorAroundTheCentre(fromParent: parent, toChild: child, parentPath: parentPath)
        }
        let straight = super.connector(fromParent: parent, toChild: child, parentPath: parentPath)
        guard configuration.connectorStyle == .curved else { return straight }
        let middle = (ringRadii[parentPath.section] + ringRadii[parentPath.section + 1]) / 2
        // A parent at the centre has no radius of its own: leave it towards the child.
        let outAngle = ringRadii[parentPath.section] == 0 ? angles[child] : angles[parent]
        let out = Point(x: center.x + middle * cos(outAngle), y: center.y + middle * sin(outAngle))
        let into = Point(x: center.x + middle * cos(angles[child]), y: center.y + middle * sin(angles[child]))
        let start = ringRadii[parentPath.section] == 0 ? straight.start : Self.edgePoint(of: frame(ofItem: parent), towards: out)
        let end = Self.edgePoint(of: frame(ofItem: child), towards: into)
        return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                   curveOut: out, curveIn: into, isCurved: true)
    }

    /// A connector from an additional parent, which may sit anywhere on its ring: a curve along
    /// the middle ring between the parent's and the child's, the shorter way round (its control
    /// points at a third and two thirds of the turn), so that it goes around the centre instead
    /// of through the drawing.
    private func connectorAroundTheCentre(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        let middle = (ringRadii[parentPath.section] + ringRadii[parentPath.section + 1]) / 2
        var turn = (angles[child] - angles[parent]).truncatingRemainder(dividingBy: 2 * Double.pi)
        if turn > Double.pi { turn -= 2 * Double.pi } else if turn < -Double.pi { turn += 2 * Double.pi }
        // Control points on a circle a little outside the middle ring, so the curve keeps to it.
        let reach = middle / cos(turn / 6)
        func point(_ angle: Double) -> Point { Point(x: center.x + reach * cos(angle), y: center.y + reach * sin(angle)) }
        let out = point(angles[parent] + turn / 3), into = point(angles[parent] + 2 * turn / 3)
        let start = Self.edgePoint(of: frame(ofItem: parent), towards: out)
        let end = Self.edgePoint(of: frame(ofItem: child), towards: into)
        return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                   curveOut: out, curveIn: into, isCurved: true)
    }

    // MARK: Appearing and disappearing (recipe 10-6)

    /// An inserted item starts at the centre, transparent.
    public override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: center)
    }

    /// A deleted item shrinks into the centre and fades out.
    public override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: center, scale: 0.1)
    }
}
