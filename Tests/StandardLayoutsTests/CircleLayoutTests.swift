import CollectionLayout
import Hierarchy
import HierarchyReaders
@testable import StandardLayouts
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The circle layout against recipes 10-6 and 10-7, and the radial tree's rules.
@Suite struct CircleLayoutTests {
    func ring(_ count: Int, _ configure: (inout CircleLayoutConfiguration) -> Void = { _ in }) throws -> CircleLayout {
        var configuration = CircleLayoutConfiguration()
        configuration.itemSize = Size(width: 50, height: 50)
        configuration.viewSize = Size(width: 800, height: 800)
        configuration.labelDirection = .horizontal  // the recipe's upright cells
        configure(&configuration)
        let layout = CircleLayout(dataController: try singleSection(count), configuration: configuration)
        layout.prepare()
        return layout
    }

    func centre(_ layout: CircleLayout, _ item: Int, section: Int = 0) -> Point {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.center
    }

    /// Recipe 10-6: centre (400, 400), radius 800 / 3, item i at angle 2πi/n (8 items of 50 x 50
    /// need a radius of only (2·25√2 + 10) / (2 sin(π/8)) ≈ 105, so the recipe's radius stands).
    /// The drawing (266.7 + 25 + margin 20 each side of the centre) fits the view: content 800 x 800.
    @Test func aSingleRingIsRecipe10_6() throws {
        let layout = try ring(8)
        #expect(isClose(layout.center, Point(x: 400, y: 400)))
        #expect(layout.collectionViewContentSize == Size(width: 800, height: 800))
        #expect(layout.ringRadii.count == 1 && abs(layout.ringRadii[0] - 800.0 / 3) < 1e-9)
        for item in 0..<8 {
            let theta = 2 * Double.pi * Double(item) / 8
            let expected = Point(x: 400 + 800.0 / 3 * cos(theta), y: 400 + 800.0 / 3 * sin(theta))
            #expect(isClose(centre(layout, item), expected), "item \(item)")
            #expect(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.size == Size(width: 50, height: 50))
        }
        // A forest of roots has no connectors.
        #expect(allElements(layout).count == 8)
    }

    /// Recipe 10-7's rotation (degrees here, clockwise as y grows down): 90° moves every angle
    /// by π/2, so item 0 is straight below the centre.
    @Test func rotationShiftsEveryAngle() throws {
        let layout = try ring(8) { $0.rotation = 90 }
        let radius = 800.0 / 3
        #expect(isClose(centre(layout, 0), Point(x: 400, y: 400 + radius)))
        for item in 0..<8 {
            let theta = 2 * Double.pi * Double(item) / 8 + Double.pi / 2
            #expect(isClose(centre(layout, item), Point(x: 400 + radius * cos(theta), y: 400 + radius * sin(theta))))
        }
    }

    /// Recipe 10-7's pinch: the radius times the scale clamped to 0.5–1.3.
    @Test(arguments: [(1.2, 1.2), (5, 1.3), (0.2, 0.5), (1.3, 1.3), (0.7, 0.7)])
    func scaleIsClampedAsInRecipe10_7(scale: Double, applied: Double) throws {
        let layout = try ring(8) { $0.scale = scale }
        #expect(layout.configuration.clampedScale == applied)
        let radius = applied * 800 / 3
        #expect(abs(layout.ringRadii[0] - radius) < 1e-9)
        // At 1.3 the drawing reaches 346.7 + 25 + 20 < 400 from the centre: the content stays the view.
        #expect(isClose(layout.center, Point(x: 400, y: 400)))
        for item in 0..<8 {
            let theta = 2 * Double.pi * Double(item) / 8
            #expect(isClose(centre(layout, item), Point(x: 400 + radius * cos(theta), y: 400 + radius * sin(theta))))
        }
    }

    /// A crowded ring: 16 items of 50 x 50 need (2·25√2 + 10) / (2 sin(π/16)) ≈ 206.8, more than
    /// 0.5 · 800 / 3 ≈ 133.3, so at scale 0.5 the ring keeps that radius and no items overlap;
    /// at scale 1 the recipe's 266.7 is larger and stands.
    @Test func radiiNeverGoBelowWhatKeepsItemsApart() throws {
        let needed = (50 * 2.0.squareRoot() + 10) / (2 * sin(Double.pi / 16))
        let crowded = try ring(16) { $0.scale = 0.5 }
        #expect(abs(crowded.ringRadii[0] - needed) < 1e-9)
        let frames = allElements(crowded).map(\.frame)
        #expect(frames.count == 16)
        #expect(overlappingPairs(frames).isEmpty)
        for item in 0..<16 {
            // Neighbours keep the item padding along the chord between their circumscribed circles.
            #expect(distance(centre(crowded, item), centre(crowded, (item + 1) % 16)) >= 50 * 2.0.squareRoot() + 10 - 1e-9)
        }
        let roomy = try ring(16)
        #expect(abs(roomy.ringRadii[0] - 800.0 / 3) < 1e-9)
    }

    /// Recipe 10-6's animations: an inserted item starts at the centre, transparent; a deleted
    /// one shrinks to a tenth at the centre and fades out.
    @Test func appearingAndDisappearingItemsUseTheCentre() throws {
        let sections = try randomSections(seed: 4, count: 60)
        var upright = CircleLayoutConfiguration()
        upright.labelDirection = .horizontal
        let layout = CircleLayout(dataController: sections, configuration: upright)
        layout.prepare()
        let path = IndexPath(item: 1, section: 1)
        let final = try #require(layout.layoutAttributesForItem(at: path))
        let initial = try #require(layout.initialLayoutAttributesForAppearingItem(at: path))
        #expect(isClose(initial.center, layout.center) && initial.alpha == 0 && initial.size == final.size)
        #expect(initial.transform.isIdentity && initial.indexPath == path)
        let gone = try #require(layout.finalLayoutAttributesForDisappearingItem(at: path))
        #expect(isClose(gone.center, layout.center) && gone.alpha == 0 && gone.size == final.size)
        #expect(gone.transform == .scale(x: 0.1, y: 0.1))
        #expect(gone.transform.m11 == 0.1 && gone.transform.m22 == 0.1 && gone.transform.m33 == 1)
        #expect(layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 999, section: 1)) == nil)
        #expect(layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 0, section: 99)) == nil)
        // Radial boxes keep their turn as they appear and shrink.
        let radial = CircleLayout(dataController: sections)
        radial.prepare()
        let turned = try #require(radial.layoutAttributesForItem(at: path))
        #expect(turned.hasTransform)
        #expect(radial.initialLayoutAttributesForAppearingItem(at: path)?.transform == turned.transform)
        #expect(radial.finalLayoutAttributesForDisappearingItem(at: path)?.transform == turned.transform.concatenating(.scale(x: 0.1, y: 0.1)))
    }

    /// The radial tree on random forests: every item of section d at distance ringRadii[d] from
    /// the centre, rings growing outwards, a single root at the centre, each parent's angle
    /// within its children's angular range (clockwise from the first child to the last).
    @Test(arguments: [(UInt64(1), 0.0), (2, 0.0), (3, 0.05), (4, 0.2)], CircleLabelDirection.allCases)
    func radialTreeRingsAndAngles(tree: (seed: UInt64, rootChance: Double), direction: CircleLabelDirection) throws {
        let (seed, rootChance) = tree
        let sections = try randomSections(seed: seed, count: 250, rootChance: rootChance)
        var configuration = CircleLayoutConfiguration()
        configuration.labelDirection = direction
        let layout = CircleLayout(dataController: sections, configuration: configuration)
        layOut(layout, sections, sizes: randomSizes(sections, seed: seed))
        let center = layout.center
        #expect(layout.ringRadii.count == sections.numberOfSections)
        for section in 1..<sections.numberOfSections { #expect(layout.ringRadii[section] > layout.ringRadii[section - 1]) }
        let singleRoot = sections.numberOfItems(inSection: 0) == 1
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let cell = try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)))
                if direction == .horizontal || (section == 0 && singleRoot) {
                    #expect(abs(distance(cell.center, center) - layout.ringRadii[section]) < 1e-6)
                    #expect(!cell.hasTransform)
                } else {
                    // Along its radius, starting at its ring (or the sub-ring it takes: a band of a
                    // fan of leaves), text reading left to right.
                    let subring = layout.subringOffsets[sections.globalItem(section: section, item: item)]
                    #expect(subring >= 0 && (section + 1 == sections.numberOfSections
                                             || layout.ringRadii[section] + subring < layout.ringRadii[section + 1]))
                    #expect(abs(distance(cell.center, center) - layout.ringRadii[section] - subring - cell.size.width / 2) < 1e-6)
                    let along = atan2(cell.center.y - center.y, cell.center.x - center.x)
                    let turn = atan2(cell.transform.m12, cell.transform.m11)
                    #expect(abs(sin(turn - along)) < 1e-9, "turned along the radius")
                    #expect(cell.transform.m11 > -1e-9, "never upside down")
                }
            }
        }
        if sections.numberOfItems(inSection: 0) == 1 {
            #expect(layout.ringRadii[0] == 0)
            #expect(isClose(centre(layout, 0), center))
        }
        func angle(_ global: Int) -> Double {
            let path = indexPath(ofGlobalItem: global, in: sections)
            let point = centre(layout, path.item, section: path.section)
            return atan2(point.y - center.y, point.x - center.x)
        }
        func clockwise(from start: Double, to end: Double) -> Double {
            var turn = (end - start).truncatingRemainder(dividingBy: 2 * Double.pi)
            if turn < -1e-9 { turn += 2 * Double.pi }
            return turn > 2 * Double.pi - 1e-9 ? 0 : max(0, turn)
        }
        for parent in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
            guard !children.isEmpty, layout.ringRadii[indexPath(ofGlobalItem: parent, in: sections).section] > 0 else { continue }
            let first = angle(children.lowerBound), last = angle(children.upperBound - 1)
            let span = clockwise(from: first, to: last), offset = clockwise(from: first, to: angle(parent))
            #expect(offset <= span + 1e-9, "parent \(parent) outside its children's range")
        }
    }

    /// Items of one ring that are not angular neighbours may still not overlap. Three long items
    /// (800 x 20, half-diagonal ≈ 400.1) alternate with three tiny ones on one ring; rotated by
    /// 90°, the long ones sit at about 90°, 210° and 330°. Only neighbours and the ring padding
    /// set the radius (≈ 400.1 + 40 = 440.1), so the two long items at 210° and 330° are
    /// 2 · 440.1 · cos 30° ≈ 762 apart, centre to centre, on one horizontal line: less than
    /// their width of 800.
    @Test
    func itemsOfARingThatAreNotNeighboursDoNotOverlap() throws {
        let sections = try singleSection(6)
        var configuration = CircleLayoutConfiguration()
        configuration.rotation = 90
        configuration.labelDirection = .horizontal
        let layout = CircleLayout(dataController: sections, configuration: configuration)
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        var sizes: [IndexPath: Size] = [:]
        for item in 0..<6 { sizes[IndexPath(item: item, section: 0)] = item % 2 == 0 ? Size(width: 800, height: 20) : Size(width: 2, height: 2) }
        view.cellSizing = SizeTable(sizes)
        view.layoutIfNeeded()
        let frames = (0..<6).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        let pairs = overlappingPairs(frames)
        #expect(pairs.isEmpty, "overlapping: \(pairs) at radius \(layout.ringRadii[0]): \(frames)")
    }

    /// Curved connectors start on the parent's box and end on the child's, like straight ones.
    /// A centred root (50 x 50) with four children of 292 x 83 on a ring of 800 / 3: the curve's
    /// control point towards the child at 0° is on the middle ring, 133.3 from the centre, which
    /// lies inside that child's box (x from 266.7 - 146 = 120.7 to 412.7 from the centre), and
    /// the end point, the box edge "towards" it, is the control point itself.
    @Test
    func curvedConnectorsEndOnTheBoxes() throws {
        let sections = try sectionedTree(outline: "root\n  a\n  b\n  c\n  d\n")
        var configuration = CircleLayoutConfiguration()
        configuration.connectorStyle = .curved
        configuration.labelDirection = .horizontal
        let layout = CircleLayout(dataController: sections, configuration: configuration)
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        var sizes: [IndexPath: Size] = [IndexPath(item: 0, section: 0): Size(width: 50, height: 50)]
        for item in 0..<4 { sizes[IndexPath(item: item, section: 1)] = Size(width: 292, height: 83) }
        view.cellSizing = SizeTable(sizes)
        view.layoutIfNeeded()
        #expect(abs(layout.ringRadii[1] - 800.0 / 3) < 1e-9)
        for item in 0..<4 {
            let path = IndexPath(item: item, section: 1)
            let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: path)?.connector)
            let child = layout.layoutAttributesForItem(at: path)!.frame
            let root = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame
            #expect(isOnBoundary(connector.start, of: root))
            #expect(isOnBoundary(connector.end, of: child), "child \(item): ends at \(connector.end), inside \(child)")
        }
    }

    /// A connector from an additional parent goes around the centre along the middle ring, not
    /// through the drawing: A → B, C; D's parents B and C sit on opposite sides of the centre.
    @Test func additionalParentsConnectAroundTheCentre() throws {
        let tree = try DOTReader().read(Array("digraph { A -> B; A -> C; B -> D; C -> D }".utf8), file: "dag.dot")
        let sections = try SectionedTree(tree)
        let layout = CircleLayout(dataController: sections)
        layout.prepare()
        let extra = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 2, subitem: 1))?.connector)
        #expect(extra.parentIndexPath == IndexPath(item: 1, section: 1) && extra.isCurved)
        let root = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame
        let path = extra.path
        var closest = Double.infinity
        for step in 0...100 {
            let t = Double(step) / 100, u = 1 - t
            let (p0, p1, p2, p3) = (path[3], path[4], path[5], path[6])
            let a: Double = u * u * u, b: Double = 3 * u * u * t, c: Double = 3 * u * t * t, d: Double = t * t * t
            let x: Double = a * p0.x + b * p1.x + c * p2.x + d * p3.x
            let y: Double = a * p0.y + b * p1.y + c * p2.y + d * p3.y
            let dx = x - layout.center.x, dy = y - layout.center.y
            closest = min(closest, (dx * dx + dy * dy).squareRoot())
            #expect(!root.contains(Rect(x: x, y: y, width: 0, height: 0)), "the curve passes through the root")
        }
        #expect(closest > layout.ringRadii[1] / 2, "closest to the centre: \(closest)")
    }

    /// Radial boxes: a curve leaves its parent and enters its child along their radii, from the
    /// inside, so it never comes into a box from behind; a straight line runs from the parent's
    /// edge facing the child to the child's inner end; no two turned boxes overlap.
    @Test(arguments: [UInt64(5), 6, 7])
    func radialConnectorsEnterBoxesFromTheCentre(seed: UInt64) throws {
        let sections = try randomSections(seed: seed, count: 300)
        for style in [CircleConnectorStyle.curved, .straight] {
            var configuration = CircleLayoutConfiguration()
            configuration.connectorStyle = style
            let layout = CircleLayout(dataController: sections, configuration: configuration)
            layOut(layout, sections, sizes: randomSizes(sections, seed: seed))
            let center = layout.center
            let elements = allElements(layout)
            #expect(overlappingCells(elements.filter { $0.representedElementCategory == .cell }).isEmpty)
            for element in elements where element.representedElementKind == .connector && element.indexPath.subitem == 0 {
                let connector = try #require(element.connector)
                let child = try #require(layout.layoutAttributesForItem(at: IndexPath(item: element.indexPath.item, section: element.indexPath.section)))
                // The end is the child's inner end: on its radius, half its length inside its centre.
                let inward = distance(child.center, center) - child.size.width / 2
                #expect(abs(distance(connector.end, center) - inward) < 1e-6)
                #expect(distance(connector.end, child.center) - child.size.width / 2 < 1e-6)
                if style == .curved {
                    let into = connector.curveIn
                    #expect(distance(into, center) < distance(connector.end, center), "enters from inside")
                    // On the same radius: the centre, the control point and the end are collinear.
                    let cross = (into.x - center.x) * (connector.end.y - center.y) - (into.y - center.y) * (connector.end.x - center.x)
                    #expect(abs(cross) < 1e-6 * distance(connector.end, center) * distance(into, center) + 1e-6)
                }
            }
        }
    }

    /// A wide fan of leaves fills bands, inside out (as --wrap stacks columns): a root with two
    /// fans of 150 leaves and a leaf between them. Each fan's leaves take the bands in order,
    /// each band across the fan's angle in order; every connector reaches its leaf's inner
    /// end, and those to outer bands run out along one trunk per fan and round the gap before
    /// their band: no piece passes a box, no two connectors of different fans cross, and the
    /// circle is far smaller than with every leaf on one ring.
    @Test(arguments: [CircleConnectorStyle.straight, .curved])
    func wideFansOfLeavesFillBands(style: CircleConnectorStyle) throws {
        var outline = "root\n  a\n"
        for index in 0..<150 { outline += "    a\(index)\n" }
        outline += "  lone\n  b\n"
        for index in 0..<150 { outline += "    b\(index)\n" }
        let layout = try radialTree(outline: outline) { $0.connectorStyle = style }
        let center = layout.center
        let leaves = (0..<300).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 2))! }
        let inner = leaves.map { (distance($0.center, center) - $0.size.width / 2).rounded() }
        for fan in [0..<150, 150..<300] {
            let bands = Set(fan.map { inner[$0] }).sorted()
            #expect(bands.count >= 2, "bands: \(bands)")
            // Inside out, in order.
            for index in fan.dropLast() { #expect(inner[index] <= inner[index + 1], "leaf \(index + 1) on a band inside leaf \(index)'s") }
        }
        var trunks = Set<[Double]>()
        for (index, leaf) in leaves.enumerated() {
            let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: leaf.indexPath)?.connector)
            #expect(abs(distance(connector.end, center) - inner[index]) < 1, "leaf \(index) reached at its inner end")
            // Beyond its fan's first band, along the trunk (from the middle ring, `turnOut`).
            let fan = index < 150 ? 0..<150 : 150..<300
            if inner[index] > fan.map({ inner[$0] }).min()! { trunks.insert([connector.turnOut.x.rounded(), connector.turnOut.y.rounded()]) }
        }
        #expect(trunks.count == 2, "one trunk per fan: \(trunks)")
        // One ring would need 300 × (24 + 10) around it: a radius of about 1,620.
        #expect(layout.ringRadii[2] < 700, "radius \(layout.ringRadii[2])")
        #expect(connectorPiecesThroughBoxes(layout) == 0)
        let pieces = allElements(layout).compactMap { element -> (parent: IndexPath, points: [Point])? in
            element.connector.map { ($0.parentIndexPath, polyline(of: $0)) }
        }
        let bounds = pieces.map { piece in
            piece.points.reduce(Rect(x: piece.points[0].x, y: piece.points[0].y, width: 0, height: 0)) {
                $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0))
            }
        }
        var crossings = 0
        for first in pieces.indices where pieces[first].parent.section == 1 {
            for second in pieces.indices where second > first && pieces[second].parent.section == 1
                && pieces[second].parent != pieces[first].parent && bounds[first].intersects(bounds[second]) {
                let a = pieces[first].points, b = pieces[second].points
                for i in 0..<(a.count - 1) {
                    for j in 0..<(b.count - 1) where segmentsCross(a[i], a[i + 1], b[j], b[j + 1]) { crossings += 1 }
                }
            }
        }
        #expect(crossings == 0)
    }

    /// A wide fan of small folders (`tree -L 2 /usr/share/doc`: hundreds of packages of two to
    /// four files): a folder's files lie along its radius on bands, in order, fewer than two a
    /// band reached by one line from the folder along a trunk at the fan's start (a radial
    /// list); side by side, the files' ring needed all of them around it (200 packages drew
    /// 3.3 times the columns' area, 1.75 so).
    @Test(arguments: [CircleConnectorStyle.straight, .curved])
    func smallFansOfLeavesHangAsRadialLists(style: CircleConnectorStyle) throws {
        var outline = "doc\n"
        for folder in 0..<120 {
            outline += "  package\(folder)\n"
            for file in 0..<(2 + folder % 3) { outline += "    file\(folder).\(file)\n" }
        }
        let layout = try radialTree(outline: outline) { $0.connectorStyle = style }
        let center = layout.center
        let fileCount = (0..<120).reduce(0) { $0 + 2 + $1 % 3 }
        let files = (0..<fileCount).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 2))! }
        let inner = files.map { (distance($0.center, center) - $0.size.width / 2).rounded() }
        var file = 0, banded = 0, listed = 0
        for folder in 0..<120 {
            let count = 2 + folder % 3
            let fan = file..<file + count
            // Inside out along the radius, in order; where fewer than two files share a band
            // on the whole (a list), one line leaves the folder.
            let bands = Set(fan.map { inner[$0] }).count
            for index in fan.dropLast() { #expect(inner[index] <= inner[index + 1]) }
            if bands >= 2 { banded += 1 }
            if bands >= 2 && count < 2 * bands {
                listed += 1
                var starts = Set<[Double]>()
                for index in fan {
                    let attributes = layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: files[index].indexPath)
                    let connector = try #require(attributes?.connector)
                    let first: [Double] = [connector.start.x, connector.start.y, connector.turnOut.x, connector.turnOut.y]
                    starts.insert(first.map { ($0 * 100).rounded() })
                }
                #expect(starts.count == 1, "folder \(folder): \(starts.count) lines leave it")
            }
            file += count
        }
        #expect(banded >= 80 && listed >= 60, "\(banded) of 120 folders banded, \(listed) as lists")
        // Side by side, 360 files of 24 + 10 around the ring need a radius of about 1,950.
        #expect(layout.ringRadii[2] < 1_200, "radius \(layout.ringRadii[2])")
        #expect(connectorPiecesThroughBoxes(layout) == 0)
    }

    /// A run of leaves among its parent's other children (a folder before and after it): its
    /// trunk runs between two of its own boxes, within the run's middle half, never along its
    /// edge beside the line to the sibling folder there (a review found such a trunk within 3 px
    /// of that line for 440 px: the leaves read as the folder's children), and beside short boxes
    /// rather than the run's one long box (the bus's corner just past a long box read as that
    /// box's); short runs among other children take turns on sub-rings, with no trunk.
    @Test(arguments: [CircleConnectorStyle.straight, .curved])
    func trunksOfRunsAmongFoldersStayInside(style: CircleConnectorStyle) throws {
        var outline = "root\n  p\n    f1\n      f1a\n      f1b\n"
        for index in 0..<150 { outline += "    run\(index)\n" }
        outline += "    f2\n      f2a\n      f2b\n"
        for index in 0..<5 { outline += "    short\(index)\n" }
        outline += "    f3\n      f3a\n"
        // Section 2: f1, run0…run149, f2, short0…4, f3; `long` (an item of section 2) 150 px.
        func laidOut(long: Int?) throws -> CircleLayout {
            try radialTree(outline: outline, { $0.connectorStyle = style }, size: { path, _ in
                Size(width: path.section == 2 && path.item == long ? 150 : 60 + Double((path.item * 37) % 60), height: 24)
            })
        }
        /// The trunks' points on the middle ring, and the first band's boxes beside each trunk.
        func trunks(of layout: CircleLayout) throws -> (starts: Set<[Double]>, beside: [Int]) {
            let center = layout.center
            func angle(_ point: Point) -> Double { atan2(point.y - center.y, point.x - center.x) }
            let leaves = (1...150).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 2))! }
            let inner = leaves.map { (distance($0.center, center) - $0.size.width / 2).rounded() }
            let firstBand = inner.min()!
            var starts = Set<[Double]>(), beside: [Int] = []
            for (index, leaf) in leaves.enumerated() where inner[index] > firstBand {
                let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: leaf.indexPath)?.connector)
                // The trunk: from the middle ring (`turnOut`) out to the band's gap.
                guard starts.insert([connector.turnOut.x.rounded(), connector.turnOut.y.rounded()]).inserted else { continue }
                let trunk = angle(connector.turnOut)
                func turn(_ a: Double) -> Double { remainder(a - trunk, 2 * Double.pi) }
                let first = zip(leaves, inner).filter { $0.1 == firstBand }.map { (turn(angle($0.0.center)), $0.0.indexPath.item) }
                let before = first.filter { $0.0 < 0 }, after = first.filter { $0.0 > 0 }
                // Boxes of the first band on both sides of it: not along the run's edge.
                #expect(before.count >= 3 && after.count >= 3, "trunk at the run's edge: \(before.count) boxes before, \(after.count) after")
                beside += [before.max { $0.0 < $1.0 }, after.min { $0.0 < $1.0 }].compactMap { $0?.1 }
            }
            return (starts, beside)
        }
        let plain = try trunks(of: try laidOut(long: nil))
        #expect(plain.starts.count == 1, "trunks \(plain.starts)")
        // One of the boxes beside the trunk made long: the trunk moves beside short ones.
        let long = try #require(plain.beside.first)
        let layout = try laidOut(long: long)
        let moved = try trunks(of: layout)
        #expect(moved.starts.count == 1, "trunks \(moved.starts)")
        #expect(!moved.beside.contains(long), "the trunk passes beside the long box")
        // The five short leaves take turns on sub-rings, or keep to the ring: no bands.
        let short = (153..<158).map { item -> Double in
            let leaf = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 2))!
            return (distance(leaf.center, layout.center) - leaf.size.width / 2).rounded()
        }
        #expect(Set(short).count == 1 || zip(short, short.dropFirst()).allSatisfy { $0 != $1 }, "short leaves at \(short)")
        #expect(connectorPiecesThroughBoxes(layout) == 0)
    }

    /// Up to `subringTrials` items the drawings with bands are tried, not only the first five
    /// thousand: a list of 6,000 codes in three fans (ISO 3166-2's shape, 5,328 items, drew 16.7
    /// times the columns' area on sub-rings, 3.1 on bands) fills each fan's bands inside out, in order.
    @Test func treesOfThousandsOfItemsFillBands() throws {
        var outline = "root\n"
        for fan in 0..<3 {
            outline += "  country\(fan)\n"
            for index in 0..<2_000 { outline += "    code\(fan)-\(index)\n" }
        }
        let layout = try radialTree(outline: outline)
        let center = layout.center
        for fan in 0..<3 {
            let inner = (0..<2_000).map { index -> Double in
                let leaf = layout.layoutAttributesForItem(at: IndexPath(item: fan * 2_000 + index, section: 2))!
                return (distance(leaf.center, center) - leaf.size.width / 2).rounded()
            }
            #expect(Set(inner).count >= 2, "fan \(fan): one band")
            for index in 0..<(inner.count - 1) where inner[index] > inner[index + 1] {
                Issue.record("fan \(fan): leaf \(index + 1) on a band inside leaf \(index)'s")
                break
            }
        }
    }

    /// A folder of thousands of files (`/usr/share/man/man1`: 17,961) takes as many bands as
    /// its ring's estimate finds least, more than `mostBands` (on six it went round a ring
    /// 58,000 px out): inside out, in order, and no connector piece through a box. (Checked on
    /// each band's first and last leaf, whose lines run the whole of the trunk and of their
    /// band's arc that the others' share, against the boxes a rect query finds about each piece.)
    @Test func hugeFansTakeMoreBands() throws {
        var outline = "root\n  man1\n"
        for index in 0..<2_000 { outline += "    page\(index)\n" }
        let layout = try radialTree(outline: outline)
        let center = layout.center
        let inner = (0..<2_000).map { index -> Double in
            let leaf = layout.layoutAttributesForItem(at: IndexPath(item: index, section: 2))!
            return (distance(leaf.center, center) - leaf.size.width / 2).rounded()
        }
        #expect(Set(inner).count > CircleLayout.mostBands, "bands: \(Set(inner).count)")
        #expect(zip(inner, inner.dropFirst()).allSatisfy { $0 <= $1 }, "inside out, in order")
        var ends: [Int] = []
        for index in 0..<2_000 {
            let firstOfBand = index == 0 || inner[index] != inner[index - 1]
            let lastOfBand = index == 1_999 || inner[index] != inner[index + 1]
            if firstOfBand || lastOfBand { ends.append(index) }
        }
        let connectors = try ends.map { index in
            try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: index, section: 2)))
        }
        let pieces = piecesThroughNearbyBoxes(layout, connectors)
        #expect(pieces == 0)
    }

    /// A bus's chords bow inside its arc by at most `lineClearance` at any radius (3° chords 60,000 px
    /// out, round a folder of 17,961 manual pages, bowed 20 px into the band inside), and
    /// stay 3° wherever that is within it.
    @Test(arguments: [10.0, 500, 5_000, 8_700, 8_760, 20_000, 60_000, 1_000_000])
    func busChordsBowNoMoreThanTheLineClearance(radius: Double) {
        let step = CircleLayout.ringBusStep(radius: radius)
        #expect(radius * (1 - cos(step / 2)) <= CircleLayout.lineClearance * (1 + 1e-9))
        #expect(step > 0 && step <= Double.pi / 60)
        if radius <= 8_700 { #expect(step == Double.pi / 60) }
    }

    /// `/usr/share/zoneinfo` whole (1,308 entries, links among folders): a short folder among
    /// long links on its ring (`Indian` beside `Iceland → Africa/Abidjan`) reaches its fan's
    /// trunk round the middle ring where the straight line to it passed through a neighbour's
    /// box (18 pieces, straight and curved). Boxes as long as their labels.
    @Test(arguments: [CircleConnectorStyle.straight, .curved])
    func linesToATrunkPassNoNeighbour(style: CircleConnectorStyle) throws {
        let outline = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/zoneinfo-all.tree", encoding: .utf8)
        let sections = try sectionedTree(outline: outline)
        let layout = try radialTree(outline: outline, { $0.connectorStyle = style }) { path, _ in
            let label = sections.label(ofItem: sections.globalItem(section: path.section, item: path.item))
            return Size(width: 16 + 7 * Double(label.count), height: 24)
        }
        let connectors = allElements(layout).filter { $0.representedElementKind == .connector }
        #expect(piecesThroughNearbyBoxes(layout, connectors) == 0)
    }

    /// Upright boxes are entered from the side facing the middle ring on their radius, as
    /// the curves enter them: a straight line aimed at a child's middle grazed the sibling
    /// before it in a stack (a git history: 35 pieces through boxes; Maven's repository: 3).
    @Test(arguments: ["git-history.txt", "maven-repo.tree"])
    func uprightBoxesAreEnteredFromTheMiddleRing(file: String) throws {
        let outline = try String(contentsOfFile: RepositoryPaths.samples + "/real/" + file, encoding: .utf8)
        let sections = try sectionedTree(outline: outline)
        let layout = try radialTree(outline: outline, { $0.labelDirection = .horizontal }) { path, _ in
            let label = sections.label(ofItem: sections.globalItem(section: path.section, item: path.item))
            return Size(width: 16 + 7 * Double(min(label.count, 40)), height: 24)
        }
        let connectors = allElements(layout).filter { $0.representedElementKind == .connector }
        #expect(piecesThroughNearbyBoxes(layout, connectors) <= (file == "git-history.txt" ? 2 : 0))
    }

    /// Where some child of a parent is reached round the middle ring, all of them are: a
    /// direct line to a near child crossed the far ones' arc (Python's exceptions, `Exception`'s
    /// 21 children all round: 36 crossings between its own connectors, found by a review).
    @Test(arguments: [CircleConnectorStyle.straight, .curved], CircleLabelDirection.allCases)
    func siblingsConnectorsDoNotCrossTheirRingBus(style: CircleConnectorStyle, direction: CircleLabelDirection) throws {
        let outline = try String(contentsOfFile: RepositoryPaths.samples + "/real/python-exceptions.txt", encoding: .utf8)
        let sections = try sectionedTree(outline: outline)
        let layout = try radialTree(outline: outline, { $0.connectorStyle = style; $0.labelDirection = direction }) { path, _ in
            let label = sections.label(ofItem: sections.globalItem(section: path.section, item: path.item))
            return Size(width: 16 + 7 * Double(label.count), height: 24)
        }
        var byParent: [[Int]: [(child: IndexPath, points: [Point])]] = [:]
        var takesBus = 0
        for element in allElements(layout) where element.representedElementKind == .connector {
            let connector = try #require(element.connector)
            byParent[[connector.parentIndexPath.section, connector.parentIndexPath.item], default: []]
                .append((element.indexPath, polyline(of: connector)))
            if !connector.via.isEmpty { takesBus += 1 }
        }
        #expect(takesBus > 10, "\(takesBus) connectors round the ring")
        expectNoSiblingsConnectorsCross(byParent)
    }

    /// Curves to a parent's children not in bands are straight where its band connectors leave
    /// it straight for their trunks: `/usr/share/zoneinfo`'s America, curved, had 1,600
    /// crossings between its own lines, none of which the straight drawing has. (The straight
    /// drawing's own, where a far child takes the ring bus beside bands, are a known gap.)
    @Test func curvesBesideBandsCrossNoMoreThanStraightLines() throws {
        let outline = try String(contentsOfFile: RepositoryPaths.samples + "/real/zoneinfo.tree", encoding: .utf8)
        let sections = try sectionedTree(outline: outline)
        func siblingCrossings(_ style: CircleConnectorStyle) throws -> (pairs: Set<[Int]>, curvedParents: Int) {
            let layout = try radialTree(outline: outline, { $0.connectorStyle = style }) { path, _ in
                let label = sections.label(ofItem: sections.globalItem(section: path.section, item: path.item))
                return Size(width: 16 + 7 * Double(label.count), height: 24)
            }
            var byParent: [[Int]: [(child: IndexPath, points: [Point])]] = [:]
            var curvedParents: Set<[Int]> = []
            for element in allElements(layout) where element.representedElementKind == .connector {
                let connector = try #require(element.connector)
                let parent = [connector.parentIndexPath.section, connector.parentIndexPath.item]
                byParent[parent, default: []].append((element.indexPath, polyline(of: connector)))
                if connector.isCurved { curvedParents.insert(parent) }
            }
            var pairs: Set<[Int]> = []
            for (parent, children) in byParent {
                for first in 0..<children.count {
                    for second in (first + 1)..<children.count where polylinesCross(children[first].points, children[second].points) {
                        pairs.insert(parent + [children[first].child.item, children[second].child.item])
                    }
                }
            }
            return (pairs, curvedParents.count)
        }
        let curved = try siblingCrossings(.curved), straight = try siblingCrossings(.straight)
        #expect(curved.curvedParents >= 5, "\(curved.curvedParents) parents drawn in curves")
        let added = curved.pairs.subtracting(straight.pairs)
        #expect(added.isEmpty, "\(added.count) crossings of siblings' curves, e.g. \(added.sorted { $0.lexicographicallyPrecedes($1) }.prefix(3))")
    }

    private func expectNoSiblingsConnectorsCross(_ byParent: [[Int]: [(child: IndexPath, points: [Point])]],
                                                 sourceLocation: SourceLocation = #_sourceLocation) {
        for (parent, children) in byParent {
            for first in 0..<children.count {
                for second in (first + 1)..<children.count {
                    let crosses = polylinesCross(children[first].points, children[second].points)
                    #expect(!crosses, "parent \(parent): the connectors to \(children[first].child) and \(children[second].child) cross",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// Pieces of `connectors` through boxes other than their ends', against the boxes a rect
    /// query finds about each piece (brute force is too slow for thousands).
    private func piecesThroughNearbyBoxes(_ layout: CircleLayout, _ connectors: [LayoutAttributes]) -> Int {
        var pieces = 0
        for element in connectors {
            guard let connector = element.connector else { continue }
            let points = polyline(of: connector)
            for piece in 0..<(points.count - 1) {
                let (a, b) = (points[piece], points[piece + 1])
                let around = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
                for cell in layout.layoutAttributesForElements(in: around) where cell.representedElementCategory == .cell
                    && cell.indexPath != element.indexPath && cell.indexPath != connector.parentIndexPath
                    && segmentEntersCell(a, b, cell) { pieces += 1 }
            }
        }
        return pieces
    }

    /// Beyond `subringTrials` items, a wide fan takes turns on sub-rings instead (bands' arcs
    /// would cost a path of up to 120 corners per leaf): neighbours never share a sub-ring, and
    /// each line to an outer sub-ring runs along its leaf's radius, between its neighbours'
    /// boxes (checked on the first 150 leaves).
    @Test func beyondTheTrialsWideFansTakeTurnsOnSubRings() throws {
        let count = CircleLayout.subringTrials + 1
        var outline = "root\n"
        for index in 0..<count { outline += "  leaf\(index)\n" }
        let layout = try radialTree(outline: outline)
        let center = layout.center
        let leaves = (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 1))! }
        let inner = leaves.map { (distance($0.center, center) - $0.size.width / 2).rounded() }
        #expect(Set(inner).count >= 2, "sub-rings: \(Set(inner).sorted())")
        for index in 0..<(count - 1) { #expect(inner[index] != inner[index + 1], "leaves \(index), \(index + 1) share a sub-ring") }
        let near = Array(leaves.prefix(160))
        for (index, leaf) in near.prefix(150).enumerated() {
            let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: leaf.indexPath)?.connector)
            #expect(abs(distance(connector.end, center) - inner[index]) < 1, "leaf \(index) reached at its inner end")
            #expect(connector.via.isEmpty)
            let points = polyline(of: connector)
            for cell in near where cell.indexPath != leaf.indexPath {
                for piece in 0..<(points.count - 1) { #expect(!segmentEntersCell(points[piece], points[piece + 1], cell), "leaf \(index)'s line through \(cell.indexPath)") }
            }
        }
    }

    /// A root whose only folder holds everything (`/usr/share/perl` and its `5.36.0`): the
    /// folder's children lie all round the circle, and a direct line to those behind it ran
    /// across the drawing, through the root's box at the centre. Those run round the middle
    /// ring instead, as a bus, in both styles: no piece passes a box, and none nears the centre.
    @Test(arguments: [CircleConnectorStyle.straight, .curved])
    func farChildrenAreReachedAroundTheRing(style: CircleConnectorStyle) throws {
        var outline = "root\n  version\n"
        for folder in 0..<40 {
            outline += "    f\(folder)\n"
            for leaf in 0..<(folder % 3 == 0 ? 4 : 1) { outline += "      f\(folder)l\(leaf)\n" }
        }
        let layout = try radialTree(outline: outline) { $0.connectorStyle = style }
        #expect(connectorPiecesThroughBoxes(layout) == 0)
        let center = layout.center, ring = layout.ringRadii[1]
        var aroundTheRing = 0
        for item in 0..<40 {
            let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: item, section: 2))?.connector)
            let points = polyline(of: connector)
            for index in 0..<(points.count - 1) {
                let a = points[index], b = points[index + 1]
                // The piece's nearest point to the centre.
                let dx = b.x - a.x, dy = b.y - a.y, length = max(dx * dx + dy * dy, 1e-12)
                let t = min(1, max(0, ((center.x - a.x) * dx + (center.y - a.y) * dy) / length))
                #expect(distance(Point(x: a.x + t * dx, y: a.y + t * dy), center) >= ring - 1, "child \(item) passes inside the folder's ring")
            }
            if !connector.via.isEmpty { aroundTheRing += 1 }
        }
        #expect(aroundTheRing > 10, "\(aroundTheRing) children reached around the ring")
    }

    /// A fan on sub-rings with a box of two or three lines among one-line ones: the lines to
    /// its neighbours on outer sub-rings pass it clear (a review's ISO 639-3 list drew 10
    /// pieces through such a box; a systemd folder's curves, 318 through the inner sub-ring),
    /// whatever the rotation and connector style.
    @Test(arguments: [CircleConnectorStyle.straight, .curved], [nil, 90.0])
    func linesToOuterSubRingsPassTallBoxesClear(style: CircleConnectorStyle, rotation: Double?) throws {
        var outline = "root\n  a\n"
        for index in 0..<120 { outline += "    a\(index)\n" }
        outline += "  b\n"
        for index in 0..<80 { outline += "    b\(index)\n" }
        let layout = try radialTree(outline: outline, { $0.connectorStyle = style; $0.rotation = rotation }, size: { path, isLeaf in
            Size(width: 60 + Double((path.item * 37) % 90), height: isLeaf && path.item % 7 == 3 ? 24 * (2 + Double(path.item % 2)) : 24)
        })
        let center = layout.center
        let inner = Set((0..<200).map { item -> Double in
            let leaf = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 2))!
            return (distance(leaf.center, center) - leaf.size.width / 2).rounded()
        })
        #expect(inner.count >= 2, "sub-rings: \(inner.sorted())")
        #expect(connectorPiecesThroughBoxes(layout) == 0)
    }

    /// A radial tree laid out on the given outline, boxes 60–150 by 24; no two boxes overlap.
    private func radialTree(outline: String, _ configure: (inout CircleLayoutConfiguration) -> Void = { _ in },
                            size: ((IndexPath, Bool) -> Size)? = nil) throws -> CircleLayout {
        let sections = try sectionedTree(outline: outline)
        var configuration = CircleLayoutConfiguration()
        configure(&configuration)
        let layout = CircleLayout(dataController: sections, configuration: configuration)
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        var sizes: [IndexPath: Size] = [:]
        for section in 0..<sections.numberOfSections {
            for item in 0..<sections.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let global = Int(sections.sectionStarts[section]) + item
                let isLeaf = sections.childStarts[global] == sections.childStarts[global + 1]
                sizes[path] = size?(path, isLeaf) ?? Size(width: 60 + Double((item * 37) % 90), height: 24)
            }
        }
        view.cellSizing = SizeTable(sizes)
        view.layoutIfNeeded()
        #expect(overlappingCells(allElements(layout).filter { $0.representedElementCategory == .cell }).isEmpty)
        return layout
    }

    /// A class tree's shape: a root with 120 children, every other one a leaf, the others with
    /// three children of four leaves each. With a wedge per subtree, each leaf near the centre
    /// keeps the angle beyond it empty; as a tidy tree's columns in arc units, the subtrees far
    /// out use it, and the drawing is much smaller (wedges alone: 5,333 × 5,333; tidy columns 4,535 × 4,535).
    @Test func broadTreesUseTheAngleBesideShallowLeaves() throws {
        var outline = "root\n"
        for child in 0..<120 {
            outline += "  c\(child)\n"
            guard child % 2 == 1 else { continue }
            for grandchild in 0..<3 {
                outline += "    g\(child)-\(grandchild)\n"
                for leaf in 0..<4 { outline += "      l\(child)-\(grandchild)-\(leaf)\n" }
            }
        }
        let layout = try radialTree(outline: outline) { $0.rotation = 0 }
        let area = layout.collectionViewContentSize.width * layout.collectionViewContentSize.height
        #expect(area < 0.85 * 5_333 * 5_333, "content \(layout.collectionViewContentSize)")
        #expect(connectorPiecesThroughBoxes(layout) == 0)
    }

    /// A box reaches into the annulus beyond its ring, where a neighbour's connector to a child
    /// far round would cross it: each leaf keeps its angle on the next ring (`radialShadows`).
    /// A random binary phylogeny (unnamed inner nodes drawn as dots, named leaves at every depth).
    @Test(arguments: [UInt64(5), 6, 7])
    func connectorsPassNoBoxOnPhylogenies(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        // A Yule tree: split a random leaf until there are 150.
        var children: [[Int]] = [[]], leaves = [0]
        while leaves.count < 150 {
            let pick = Int(generator.next() % UInt64(leaves.count)), leaf = leaves[pick]
            children.append([]); children.append([])
            children[leaf] = [children.count - 2, children.count - 1]
            leaves.remove(at: pick); leaves.append(children.count - 2); leaves.append(children.count - 1)
        }
        var outline = "", stack = [(0, 0)]
        while let (node, depth) = stack.popLast() {
            outline += String(repeating: "  ", count: depth) + "n\(node)\n"
            for child in children[node].reversed() { stack.append((child, depth + 1)) }
        }
        let layout = try radialTree(outline: outline, size: { _, isLeaf in isLeaf ? Size(width: 70, height: 24) : Size(width: 8, height: 8) })
        #expect(connectorPiecesThroughBoxes(layout) == 0)
    }

    /// Connector pieces (sampled where curved) passing through a box other than their ends'.
    private func connectorPiecesThroughBoxes(_ layout: CircleLayout) -> Int {
        let elements = allElements(layout)
        let cells = elements.filter { $0.representedElementCategory == .cell }
        var crossings = 0
        for element in elements {
            guard let connector = element.connector else { continue }
            let points = polyline(of: connector)
            for cell in cells where cell.indexPath != element.indexPath && cell.indexPath != connector.parentIndexPath {
                for index in 0..<(points.count - 1) where segmentEntersCell(points[index], points[index + 1], cell) { crossings += 1 }
            }
        }
        return crossings
    }

    /// With no rotation given, a lopsided radial tree (a long chain beside a few leaves) is
    /// turned to the least content, at least 2% less than the recipe's turn (rotation 0); a
    /// rotation given is kept exactly.
    @Test func lopsidedTreesTurnToTheLeastContent() throws {
        var outline = "root\n"
        for leaf in 0..<6 { outline += "  leaf\(leaf)\n" }
        var indent = "  "
        for link in 0..<24 { outline += indent + "link\(link)\n"; indent += "  " }
        let turned = try radialTree(outline: outline)
        let recipe = try radialTree(outline: outline) { $0.rotation = 0 }
        func area(_ layout: CircleLayout) -> Double { layout.collectionViewContentSize.width * layout.collectionViewContentSize.height }
        #expect(area(turned) <= 0.98 * area(recipe), "turned \(turned.collectionViewContentSize), recipe \(recipe.collectionViewContentSize)")
        // The recipe's turn: the first item of the first ring holding several at angle 0.
        let first = try #require(recipe.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        #expect(abs(first.center.y - recipe.center.y) < 1e-6 && first.center.x > recipe.center.x)
    }
}
