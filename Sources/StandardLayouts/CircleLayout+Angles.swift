import CollectionLayout
import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Angles: each item's wedge found bottom-up, the wedges handed out top-down (each item at its
/// wedge's middle).
extension CircleLayout {
    /// Each item's angular wedge: `own(item, radius)`, the angle its own box needs on its ring
    /// (rings of radius 0 need none), or its children's wedges together if they need more.
    /// Bottom-up over the flat arrays, O(n).
    func angularWedges(radii: [Double], own: (Int, Double) -> Double) -> (sizes: [Double], total: Double) {
        let count = dataController.numberOfItems
        let childStarts = dataController.childStarts
        let sectionOf = sectionOfItems
        var wedges = [Double](repeating: 0, count: count)
        for item in stride(from: count - 1, through: 0, by: -1) {
            let radius = radii[Int(sectionOf[item])]
            let mine = radius > 0 ? own(item, radius) : 0
            var children = 0.0
            for child in Int(childStarts[item])..<Int(childStarts[item + 1]) { children += wedges[child] }
            wedges[item] = max(mine, children)
        }
        var total = 0.0
        for root in items(inSection: 0) { total += wedges[root] }
        return (wedges, total)
    }

    /// Wedges scaled to fill the circle, handed out top-down (each parent's wedge shared by
    /// its children in proportion), each item at its wedge's middle; then turned so that the
    /// first item of the first ring holding several sits at angle 0, as in the recipe.
    func computeAngles(wedges: [Double]) {
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
        turnToFirstRing()
    }

    /// Angles from centres along columns of `extent` (the compact columns' placement in arc
    /// units), spread to fill the circle, then turned as `computeAngles(wedges:)` turns them.
    func computeAngles(centers: [Double], extent: Double) {
        let scale = extent > 0 ? 2 * Double.pi / extent : 0
        angles = centers.map { $0 * scale }
        turnToFirstRing()
    }

    /// Spreads the banded runs' boxes over their bands (`spreadBandedRuns`), then turns the
    /// angles so that the first item of the first ring holding several sits at angle 0 (as in
    /// the recipe), then by the configured rotation.
    private func turnToFirstRing() {
        spreadBandedRuns(singleRoot: items(inSection: 0).count == 1)
        let count = angles.count
        let firstRing = (0..<numberOfSections).first { items(inSection: $0).count > 1 }
        let turn = firstRing.map { -angles[items(inSection: $0).lowerBound] } ?? 0
        let rotation = (configuration.rotation ?? 0) * Double.pi / 180 + turn
        for item in 0..<count { angles[item] += rotation }
        for run in bandedRuns.indices { bandedRuns[run].start += rotation }
    }
}
