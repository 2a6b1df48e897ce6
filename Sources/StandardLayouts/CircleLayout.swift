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

/// How a circle turns its boxes.
public enum CircleLabelDirection: String, CaseIterable, Hashable, Sendable {
    /// Along the radii, each box starting at its ring and reading outwards (turned half a turn
    /// on the left, so that text never reads upside down), as radial trees and phylogenies draw
    /// labels: a ring then needs only the boxes' heights around it, not their widths.
    case radial
    /// Upright boxes centred on their rings (recipe 10-6's cells).
    case horizontal
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
    /// Boxes along the radii (the default) or upright.
    public var labelDirection = CircleLabelDirection.radial

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
        switch configuration.labelDirection {
        case .horizontal: placeUpright()
        case .radial: placeAlongRadii()
        }
    }

    override func transform(ofItem item: Int) -> Transform3D? {
        guard configuration.labelDirection == .radial, !turns.isEmpty, turns[item] != 0 else { return nil }
        return .rotation(angle: turns[item])
    }

    /// Each item's turn about its centre (radians; 0 for upright), for radial labels.
    private var turns: [Double] = []
    /// Per section, the radius where its boxes start (radial labels; the ring's own radius for
    /// upright ones) and the widest box's length along the radius.
    private var ringOuterRadii: [Double] = []
    /// Radial labels: how far beyond its ring each box starts (its sub-ring), and whether it
    /// takes turns with its neighbours on sub-rings (a wide fan of leaves).
    private var subringOffsets: [Double] = []
    private var isStaggered: [Bool] = []

    /// Upright boxes centred on their rings.
    private func placeUpright() {
        turns = []
        subringOffsets = []
        isStaggered = []
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
        placeInContent(centers: centers, bounds: (left, right, top, bottom))
        ringOuterRadii = ringRadii
    }

    /// Boxes along the radii: each ring's boxes start at its radius and point outwards, so a
    /// ring needs each box's height around it and its widest box's width across it.
    ///
    /// Rings are first spaced by their widest boxes and grown together until the wedges, each
    /// the angle its box's height (and the padding) needs at its ring's radius, fit the circle.
    /// With the angles fixed, each ring then shrinks to the least radius at which neighbouring
    /// boxes keep `itemPadding` apart (two boxes starting at radius `r`, `Δ` apart, are apart by
    /// `r·sin Δ` at their inner ends and more beyond) and clear the ring inside by `ringPadding`,
    /// or the recipe's radius if that is more. A single root sits upright at the centre.
    private func placeAlongRadii() {
        let sectionCount = numberOfSections
        let count = dataController.numberOfItems
        let padding = configuration.itemPadding, ringPadding = configuration.ringPadding
        let singleRoot = items(inSection: 0).count == 1
        let rootReach = singleRoot ? hypot(itemSizes[0].width, itemSizes[0].height) / 2 : 0
        // Per ring: the longest box (its reach across the ring, corners included) and the tallest.
        var longest = [Double](repeating: 0, count: sectionCount), tallest = longest
        for section in 0..<sectionCount {
            for item in items(inSection: section) {
                longest[section] = max(longest[section], itemSizes[item].width)
                tallest[section] = max(tallest[section], itemSizes[item].height)
            }
        }
        let thickness = staggerWideFans(longest: longest, singleRoot: singleRoot)
        /// Where the ring after `section` may start at the least: past its outermost boxes' far
        /// corners (or the root's box) and the ring padding.
        func clearance(after section: Int, radius: Double) -> Double {
            if section == 0 && singleRoot { return rootReach + ringPadding }
            return hypot(radius + thickness[section], tallest[section] / 2) + ringPadding
        }
        // The drawing's size is the outermost ring's, so the angles are found with every ring
        // pushed out against the next (their boxes' lengths and the padding apart): the further
        // out a ring, the less angle its boxes need. The outermost radius grows until the wedges
        // fit the circle; the rings come back in below.
        let first = singleRoot ? 1 : 0
        var least = [Double](repeating: 0, count: sectionCount)
        for section in 0..<sectionCount {
            least[section] = section == 0 ? (singleRoot ? 0 : max(tallest[0] + padding, ringPadding))
                : clearance(after: section - 1, radius: least[section - 1])
        }
        func packed(outermost: Double) -> [Double] {
            var radii = least
            guard let last = radii.indices.last else { return radii }
            radii[last] = max(outermost, least[last])
            for section in stride(from: last - 1, through: first, by: -1) {
                let reach = radii[section + 1] - ringPadding
                let inside = (reach * reach - tallest[section] * tallest[section] / 4).squareRoot() - thickness[section]
                radii[section] = max(least[section], inside)
            }
            return radii
        }
        var aroundLast = 0.0
        for item in items(inSection: sectionCount - 1) { aroundLast += (itemSizes[item].height + padding) * wedgeShares[item] }
        var outermost = max(least[sectionCount - 1], aroundLast / (2 * Double.pi))
        var radii = packed(outermost: outermost)
        var wedges = radialWedges(radii: radii)
        for _ in 0..<60 where wedges.total > 2 * Double.pi * (1 + 1e-9) {
            // Angles shrink about as the radii grow: grow what lies beyond the innermost ring's start.
            let base = radii[first] > 0 ? outermost - radii[first] : 0
            outermost = base + (outermost - base) * wedges.total / (2 * Double.pi) + 1e-9 * outermost
            radii = packed(outermost: outermost)
            wedges = radialWedges(radii: radii)
        }
        computeAngles(wedges: wedges.sizes)
        let wedgeRadii = radii

        let steps = Double(singleRoot ? max(1, sectionCount - 1) : sectionCount)
        let outerTarget = min(configuration.viewSize.width, configuration.viewSize.height) / 3
        let scale = configuration.clampedScale
        for section in 0..<sectionCount {
            let range = items(inSection: section)
            var least = section == 0 ? (singleRoot ? 0 : padding) : clearance(after: section - 1, radius: radii[section - 1])
            if range.count > 1 && !(section == 0 && singleRoot) {
                // Each item against the following ones (the last and the first included) while
                // they are less than a quarter turn away; past 64 the wedges' radius is kept.
                for item in range {
                    var other = item, walked = 0
                    let offset = subringOffsets[item]
                    while true {
                        other = other + 1 < range.upperBound ? other + 1 : range.lowerBound
                        if other == item { break }
                        var step = angles[other] - angles[item]
                        if step < 0 { step += 2 * Double.pi }
                        let needed = (itemSizes[item].height + itemSizes[other].height) / 2 + padding
                        if step >= Double.pi / 2 {
                            least = max(least, needed)
                            break
                        }
                        if (least + offset) * sin(step) >= tallest[section] + padding { break }
                        // Boxes on other sub-rings lie beyond or within these along the radius.
                        if subringOffsets[other] != offset { walked += 1; if walked == 64 { least = max(least, wedgeRadii[section]); break }; continue }
                        least = max(least, step > 0 ? needed / sin(step) - offset : wedgeRadii[section])
                        walked += 1
                        if walked == 64 { least = max(least, wedgeRadii[section]); break }
                    }
                }
            }
            let target = outerTarget * Double(singleRoot ? section : section + 1) / steps - thickness[section] / 2
            radii[section] = max(least, target * min(scale, 1))
        }
        // The rings inside the outermost spread evenly out to it, as radial trees draw them: the
        // drawing keeps its size, and fans get room between rings instead of a crowded centre.
        if let last = radii.indices.last, last > 0 {
            let first = singleRoot ? 1 : 0
            let span = Double(last - (singleRoot ? 0 : -1))
            for section in first..<last {
                let even = radii[last] * Double(section + (singleRoot ? 0 : 1)) / span
                radii[section] = max(radii[section], even,
                                     section > 0 ? clearance(after: section - 1, radius: radii[section - 1]) : 0)
            }
            radii[last] = max(radii[last], clearance(after: last - 1, radius: radii[last - 1]))
        }
        if scale > 1 { for section in 0..<sectionCount { radii[section] *= scale } }
        ringRadii = radii
        ringOuterRadii = (0..<sectionCount).map { section in
            section == 0 && singleRoot ? rootReach : radii[section] + thickness[section]
        }

        // Each box's centre half its length out from its ring, turned along its radius (half a
        // turn more on the left, so that its text reads left to right).
        turns = [Double](repeating: 0, count: count)
        var left = 0.0, right = 0.0, top = 0.0, bottom = 0.0
        var centers = [Point](repeating: .zero, count: count)
        for section in 0..<sectionCount {
            for item in items(inSection: section) {
                let size = itemSizes[item]
                var extentX = size.width / 2, extentY = size.height / 2
                if !(section == 0 && singleRoot) {
                    let angle = angles[item]
                    let distance = radii[section] + subringOffsets[item] + size.width / 2
                    centers[item] = Point(x: distance * cos(angle), y: distance * sin(angle))
                    turns[item] = cos(angle) < -1e-12 ? angle + Double.pi : angle
                    let c = abs(cos(angle)), s = abs(sin(angle))
                    extentX = c * size.width / 2 + s * size.height / 2
                    extentY = s * size.width / 2 + c * size.height / 2
                }
                let point = centers[item]
                left = min(left, point.x - extentX)
                right = max(right, point.x + extentX)
                top = min(top, point.y - extentY)
                bottom = max(bottom, point.y + extentY)
            }
        }
        placeInContent(centers: centers, bounds: (left, right, top, bottom))
    }

    /// The drawing, with `centers` around the origin and `bounds` its extent there, in the
    /// middle of the content: the view, or the drawing and its margins if larger (the centre
    /// is then in the middle when the drawing is symmetric, as the recipe's is).
    private func placeInContent(centers: [Point], bounds: (left: Double, right: Double, top: Double, bottom: Double)) {
        let width = max(configuration.viewSize.width, bounds.right - bounds.left + 2 * configuration.margin)
        let height = max(configuration.viewSize.height, bounds.bottom - bounds.top + 2 * configuration.margin)
        center = Point(x: width / 2 - (bounds.left + bounds.right) / 2, y: height / 2 - (bounds.top + bounds.bottom) / 2)
        for item in 0..<centers.count {
            let size = itemSizes[item]
            cellFrames[item] = Rect(x: center.x + centers[item].x - size.width / 2, y: center.y + centers[item].y - size.height / 2,
                                    width: size.width, height: size.height)
        }
        contentSize = Size(width: width, height: height)
    }

    /// Where the ray from an item's centre towards `target` leaves its box, turned or not.
    private func edgePoint(ofItem item: Int, towards target: Point) -> Point {
        let box = frame(ofItem: item)
        guard let turn = transform(ofItem: item).map({ _ in turns[item] }) else { return Self.edgePoint(of: box, towards: target) }
        let c = cos(turn), s = sin(turn)
        let dx = target.x - box.midX, dy = target.y - box.midY
        // Into the box's own axes, to its edge there, and back.
        let local = Point(x: dx * c + dy * s, y: -dx * s + dy * c)
        let edge = Self.edgePoint(of: Rect(x: -box.width / 2, y: -box.height / 2, width: box.width, height: box.height), towards: local)
        return Point(x: box.midX + edge.x * c - edge.y * s, y: box.midY + edge.x * s + edge.y * c)
    }

    /// Each item's angular wedge for radial labels: the angle its box's height and the padding
    /// need at its ring's radius, or its children's wedges together if they need more. O(n).
    private func radialWedges(radii: [Double]) -> (sizes: [Double], total: Double) {
        let count = dataController.numberOfItems
        let childStarts = dataController.childStarts
        let sectionOf = sectionOfItems
        var wedges = [Double](repeating: 0, count: count)
        for item in stride(from: count - 1, through: 0, by: -1) {
            let radius = radii[Int(sectionOf[item])]
            var own = 0.0
            if radius > 0 {
                let half = (itemSizes[item].height + configuration.itemPadding) / 2 / (radius + subringOffsets[item])
                own = (half >= 1 ? Double.pi : 2 * asin(half)) * wedgeShares[item]
            }
            var children = 0.0
            for child in Int(childStarts[item])..<Int(childStarts[item + 1]) { children += wedges[child] }
            wedges[item] = max(own, children)
        }
        var total = 0.0
        for root in items(inSection: 0) { total += wedges[root] }
        return (wedges, total)
    }

    /// The share of its own angle each box needs: 1/k for leaves taking turns on k sub-rings.
    private var wedgeShares: [Double] = []

    /// Wide fans of leaves take turns on several sub-rings, as `--wrap` stacks them in
    /// columns: such a ring needs a fraction of their heights around it, for a few box lengths
    /// across. Per ring, the number of sub-rings (1 to 4) that makes the ring's own estimate
    /// (what its boxes need around it, plus its thickness) least; runs of at least twice that
    /// many leaves among siblings take turns, in order. Sets `subringOffsets`, `isStaggered`
    /// and `wedgeShares`; returns each ring's thickness along the radius.
    private func staggerWideFans(longest: [Double], singleRoot: Bool) -> [Double] {
        let count = dataController.numberOfItems, sectionCount = numberOfSections
        let childStarts = dataController.childStarts
        let padding = configuration.itemPadding
        subringOffsets = [Double](repeating: 0, count: count)
        isStaggered = [Bool](repeating: false, count: count)
        wedgeShares = [Double](repeating: 1, count: count)
        func isLeaf(_ item: Int) -> Bool { childStarts[item] == childStarts[item + 1] }
        /// Calls `body` with every run of consecutive leaf siblings in a section (its first item and length).
        func forEachLeafRun(inSection section: Int, _ body: (Int, Int) -> Void) {
            let range = items(inSection: section)
            var item = range.lowerBound
            while item < range.upperBound {
                guard isLeaf(item) else { item += 1; continue }
                let parent = dataController.parentOfItem[item]
                var end = item + 1
                while end < range.upperBound && isLeaf(end) && dataController.parentOfItem[end] == parent && parent >= 0 { end += 1 }
                body(item, end - item)
                item = end
            }
        }
        var thickness = longest
        let maximumTurns = 4
        for section in 0..<sectionCount where !(section == 0 && singleRoot) && section > 0 {
            var total = 0.0
            for item in items(inSection: section) { total += itemSizes[item].height + padding }
            var best = (turns: 1, estimate: total / (2 * Double.pi) + longest[section])
            for turns in 2...maximumTurns {
                var saved = 0.0
                forEachLeafRun(inSection: section) { first, length in
                    guard length >= 2 * turns else { return }
                    for item in first..<first + length { saved += (itemSizes[item].height + padding) * (1 - 1 / Double(turns)) }
                }
                let estimate = (total - saved) / (2 * Double.pi) + Double(turns) * longest[section] + Double(turns - 1) * padding
                if estimate < best.estimate - 1 { best = (turns, estimate) }
            }
            guard best.turns > 1 else { continue }
            forEachLeafRun(inSection: section) { first, length in
                guard length >= 2 * best.turns else { return }
                for item in first..<first + length {
                    isStaggered[item] = true
                    wedgeShares[item] = 1 / Double(best.turns)
                }
            }
            // In turn along the ring, across fans too; after a box that takes no turns, the next
            // starts one sub-ring out, so that neighbours never share a sub-ring.
            let step = longest[section] + padding
            var phase = 0
            for item in items(inSection: section) {
                if isStaggered[item] {
                    subringOffsets[item] = Double(phase % best.turns) * step
                    phase += 1
                } else {
                    phase = 1
                }
            }
            thickness[section] = Double(best.turns - 1) * step + longest[section]
        }
        return thickness
    }

    /// Where a box meets its radius: its inner end (`outer` false) or outer end, in content
    /// coordinates; nil for a box that is not turned along a radius (the centre root, upright boxes).
    private func radialEnd(ofItem item: Int, outer: Bool) -> Point? {
        guard configuration.labelDirection == .radial else { return nil }
        let section = Int(sectionOfItems[item])
        if section == 0 && items(inSection: 0).count == 1 { return nil }
        let distance = ringRadii[section] + subringOffsets[item] + (outer ? itemSizes[item].width : 0)
        return Point(x: center.x + distance * cos(angles[item]), y: center.y + distance * sin(angles[item]))
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
        return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end,
                                   curveOut: out, curveIn: into, isCurved: true)
    }

    /// A connector from an additional parent, which may sit anywhere on its ring: a curve along
    /// the middle ring between the parent's and the child's, the shorter way round (its control
    /// points at a third and two thirds of the turn), so that it goes around the centre instead
    /// of through the drawing.
    private func connectorAroundTheCentre(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
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

    // MARK: Appearing and disappearing (recipe 10-6)

    /// An inserted item starts at the centre, transparent.
    public override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: center)
    }

    /// A deleted item shrinks into the centre and fades out (keeping its turn).
    public override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: center, scale: 0.1)
    }
}
