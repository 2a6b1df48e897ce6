import CollectionLayout
import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Upright boxes: rings spaced by the boxes' half-diagonals, each item a chord's angle.
extension CircleLayout {
    /// Upright boxes centred on their rings.
    func placeUpright() {
        turns = []
        subringOffsets = []
        isStaggered = []
        bandedRuns = []
        runOfItem = []
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
        var wedges = uprightWedges(radii: radii, halfDiagonals: halfDiagonals)
        for _ in 0..<60 where wedges.total > 2 * Double.pi * (1 + 1e-9) {
            let factor = wedges.total / (2 * Double.pi)
            for section in 0..<sectionCount { radii[section] *= factor }
            wedges = uprightWedges(radii: radii, halfDiagonals: halfDiagonals)
        }

        computeAngles(wedges: wedges.sizes)
        let wedgeRadii = radii

        // With the angles fixed, each ring shrinks back to the least radius its neighbours
        // (the last and the first included, along the chord) and the ring inside allow, or to
        // the recipe's radius if that is larger: the outer ring a third of the view's smaller
        // side, the rings evenly inside it, times a scale below 1. A scale above 1 then grows
        // every radius by one factor, which keeps them valid.
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
            let target = recipeRadius(ofSection: section, singleRoot: singleRoot)
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
        placeInContent(centers: centers, drawn: (left, right, top, bottom))
        ringOuterRadii = ringRadii
    }

    /// Each item's angular wedge for upright boxes: the angle its own box needs on its ring (its
    /// half-diagonal and half the padding either side, as a chord), or its children's together.
    func uprightWedges(radii: [Double], halfDiagonals: [Double]) -> (sizes: [Double], total: Double) {
        angularWedges(radii: radii) { item, radius in
            let half = (halfDiagonals[item] + configuration.itemPadding / 2) / radius
            return half >= 1 ? Double.pi : 2 * asin(half)
        }
    }
}
