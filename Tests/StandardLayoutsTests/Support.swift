import CollectionLayout
import Hierarchy
import HierarchyReaders
import StandardLayouts
import TestSupport

// Helpers shared by the standard layouts' tests: a data source and cell sizing for the headless
// collection view, trees from outlines and random forests, and brute-force references.

/// Counts of a sectioned tree, for `CollectionView`.
final class TreeDataSource: CollectionViewDataSource {
    let sections: SectionedTree
    init(_ sections: SectionedTree) { self.sections = sections }
    func numberOfSections() -> Int { sections.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { sections.numberOfItems(inSection: section) }
}

/// Cells that report a fixed size each (by index path); cells not listed keep their size.
final class SizeTable: CellSizing {
    var sizes: [IndexPath: Size]
    private(set) var asked = 0
    init(_ sizes: [IndexPath: Size]) { self.sizes = sizes }
    func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
        asked += 1
        var preferred = attributes
        if let size = sizes[attributes.indexPath] { preferred.size = size }
        return preferred
    }
}

/// A sectioned tree read from an indented outline.
func sectionedTree(outline: String) throws -> SectionedTree {
    try SectionedTree(OutlineReader().read(Array(outline.utf8), file: "test.txt"))
}

/// A forest of `count` roots and nothing else: one section of `count` items.
func singleSection(_ count: Int) throws -> SectionedTree {
    var tree = Tree()
    for node in 0..<count { tree.addNode(label: "item \(node)") }
    return try SectionedTree(tree)
}

/// A random forest (TestSupport), with about one node in `extraParentOneIn` given a second
/// parent from the level above when asked.
func randomSections(seed: UInt64, count: Int, rootChance: Double = 0.02, extraParentOneIn: Int? = nil) throws -> SectionedTree {
    var generator = SplitMix64(seed: seed)
    var tree = RandomTrees.forest(count: count, rootChance: rootChance, using: &generator)
    if let oneIn = extraParentOneIn {
        var depth = [Int](repeating: 0, count: tree.count)
        var nodesAtDepth: [[Int]] = [[]]
        for node in 0..<tree.count {
            if tree.parents[node] >= 0 { depth[node] = depth[Int(tree.parents[node])] + 1 }
            if depth[node] == nodesAtDepth.count { nodesAtDepth.append([]) }
            nodesAtDepth[depth[node]].append(node)
        }
        for node in 0..<tree.count where depth[node] > 0 && Int.random(in: 0..<oneIn, using: &generator) == 0 {
            let other = nodesAtDepth[depth[node] - 1].randomElement(using: &generator)!
            if other != Int(tree.parents[node]) { tree.addAdditionalParent(other, to: node) }
        }
    }
    return try SectionedTree(tree)
}

/// Random sizes for every item (width 20–300, height 10–90): whole numbers, or any fraction
/// (whose sums round, as real label sizes do).
func randomSizes(_ sections: SectionedTree, seed: UInt64, fractional: Bool = false) -> [IndexPath: Size] {
    var generator = SplitMix64(seed: seed)
    var sizes: [IndexPath: Size] = [:]
    for section in 0..<sections.numberOfSections {
        for item in 0..<sections.numberOfItems(inSection: section) {
            sizes[IndexPath(item: item, section: section)] = fractional
                ? Size(width: Double.random(in: 20...300, using: &generator), height: Double.random(in: 10...90, using: &generator))
                : Size(width: Double(Int.random(in: 20...300, using: &generator)), height: Double(Int.random(in: 10...90, using: &generator)))
        }
    }
    return sizes
}

/// The index path of a global item.
func indexPath(ofGlobalItem item: Int, in sections: SectionedTree) -> IndexPath {
    let section = Int(sections.sectionOfNode[Int(sections.nodeOfItem[item])])
    return IndexPath(item: item - Int(sections.sectionStarts[section]), section: section)
}

/// A rectangle far larger than any drawing here.
let everywhere = Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)

/// Every element of a layout, in its enumeration order.
func allElements(_ layout: any CollectionViewLayout) -> [LayoutAttributes] {
    layout.layoutAttributesForElements(in: everywhere)
}

/// What identifies an element.
struct ElementKey: Hashable, CustomStringConvertible {
    var category: ElementCategory
    var kind: ElementKind?
    var indexPath: IndexPath
    var description: String { "\(category) \(kind?.rawValue ?? "-") \(indexPath)" }
}

extension LayoutAttributes {
    var key: ElementKey { ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath) }
}

/// The distance between two points.
func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// A rectangle with its axes swapped.
func transposed(_ rect: Rect) -> Rect { Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) }
func transposed(_ point: Point) -> Point { Point(x: point.y, y: point.x) }
func transposed(_ size: Size) -> Size { Size(width: size.height, height: size.width) }

/// A connector's path as a polyline: its points, or, when curved, each cubic piece sampled.
func polyline(of connector: ConnectorAttributes, samples: Int = 24) -> [Point] {
    guard connector.isCurved else {
        var points: [Point] = []
        connector.forEachPolylinePoint { points.append($0) }
        return points
    }
    let path = connector.path
    var points = [path[0]]
    for piece in stride(from: 0, to: path.count - 1, by: 3) {
        let p0 = path[piece], p1 = path[piece + 1], p2 = path[piece + 2], p3 = path[piece + 3]
        for step in 1...samples {
            let t = Double(step) / Double(samples), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            let point = Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            if point != points.last! { points.append(point) }
        }
    }
    return points
}

/// Whether two segments cross properly: each one's ends strictly on both sides of the other
/// (touching, shared ends and collinear overlaps do not count).
func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point, tolerance: Double = 1e-6) -> Bool {
    func side(_ p: Point, _ q: Point, _ r: Point) -> Int {
        let value = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        return value > tolerance ? 1 : value < -tolerance ? -1 : 0
    }
    let d1 = side(c, d, a), d2 = side(c, d, b), d3 = side(a, b, c), d4 = side(a, b, d)
    return d1 * d2 < 0 && d3 * d4 < 0
}

/// Whether two polylines cross properly somewhere.
func polylinesCross(_ first: [Point], _ second: [Point]) -> Bool {
    for i in 0..<(first.count - 1) {
        let minX = min(first[i].x, first[i + 1].x), maxX = max(first[i].x, first[i + 1].x)
        for j in 0..<(second.count - 1) {
            if max(second[j].x, second[j + 1].x) < minX || min(second[j].x, second[j + 1].x) > maxX { continue }
            if segmentsCross(first[i], first[i + 1], second[j], second[j + 1]) { return true }
        }
    }
    return false
}

/// Scrolls a collection view over its whole content, viewport by viewport, as a user would.
func sizeByScrolling(_ view: CollectionView, viewport: Size) {
    view.selfSizeByScrolling(viewport: viewport)
}

/// Lays `layout` out in a headless collection view over `sections`, each cell sizing itself
/// from `sizes`; returns the view.
@discardableResult
func layOut(_ layout: any CollectionViewLayout, _ sections: SectionedTree, sizes: [IndexPath: Size]) -> CollectionView {
    let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
    view.cellSizing = SizeTable(sizes)
    view.layoutIfNeeded()
    return view
}

/// Whether a segment passes through a cell's box (as drawn: turned by its transform about its
/// centre), more than `inset` inside its edges.
func segmentEntersCell(_ a: Point, _ b: Point, _ cell: LayoutAttributes, inset: Double = 1) -> Bool {
    let cosine = cell.transform.m11, sine = cell.transform.m12
    let halfWidth = cell.size.width / 2 - inset, halfHeight = cell.size.height / 2 - inset
    guard halfWidth > 0, halfHeight > 0 else { return false }
    func local(_ point: Point) -> (Double, Double) {
        let dx = point.x - cell.center.x, dy = point.y - cell.center.y
        return (dx * cosine + dy * sine, -dx * sine + dy * cosine)
    }
    let (x0, y0) = local(a), (x1, y1) = local(b)
    var low = 0.0, high = 1.0
    for (p, q) in [(-(x1 - x0), x0 + halfWidth), (x1 - x0, halfWidth - x0), (-(y1 - y0), y0 + halfHeight), (y1 - y0, halfHeight - y0)] {
        if p == 0 {
            if q < 0 { return false }
        } else if p < 0 {
            low = max(low, q / p)
        } else {
            high = min(high, q / p)
        }
        if low > high { return false }
    }
    return low < high
}
