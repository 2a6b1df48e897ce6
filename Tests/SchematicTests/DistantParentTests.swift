import CollectionLayout
import Hierarchy
import Schematic
@testable import SchematicLayout
import Testing
import TestSupport

/// A DAG's edges that skip levels (`SectionedTree.distantParentsOfItem`) are drawn dashed: out
/// of the parent along a lane of the gap after its column, across the columns between through
/// a gap between their boxes, into the child along a lane of the gap before its column. They
/// were left out with a warning (the Unix history's `Unix/TS 1.0` drawn alone).
@Suite struct DistantParentTests {
    /// Whether an axis-parallel piece from `a` to `b` enters the inside of `box` (its edges
    /// 0.5 px in: a line may end on a box's edge).
    func enters(_ a: Point, _ b: Point, _ box: Rect) -> Bool {
        let inner = box.insetBy(dx: 0.5, dy: 0.5)
        if abs(a.y - b.y) < 1e-9 {
            return a.y > inner.minY && a.y < inner.maxY && max(min(a.x, b.x), inner.minX) < min(max(a.x, b.x), inner.maxX)
        }
        if abs(a.x - b.x) < 1e-9 {
            return a.x > inner.minX && a.x < inner.maxX && max(min(a.y, b.y), inner.minY) < min(max(a.y, b.y), inner.maxY)
        }
        Issue.record("a distant connector's piece is aslant: \(a) → \(b)")
        return false
    }

    /// A random forest whose nodes have random additional parents two or more levels up; with
    /// `fans`, a few nodes have fans of 20 to 40 leaves too, which wrap into blocks.
    func randomDAG(nodes: Int, seed: UInt64, fans: Bool = false) -> (tree: Tree, distant: Int) {
        var generator = SplitMix64(seed: seed)
        var tree = Tree(), depth: [Int] = []
        var node = 0
        while node < nodes {
            let parent = node == 0 || Int.random(in: 0..<20, using: &generator) == 0 ? nil : Int.random(in: max(0, node - 12)..<node, using: &generator)
            // (Boxes of one to four lines: a run below every box of a column lay on the drawing's
            // bottom edge where those were the drawing's lowest.)
            tree.addNode(label: "n\(node)" + String(repeating: "x", count: Int.random(in: 0...12, using: &generator))
                            + String(repeating: "\nx", count: Int.random(in: 0...3, using: &generator)), parent: parent)
            depth.append(parent.map { depth[$0] + 1 } ?? 0)
            node += 1
            if fans && Int.random(in: 0..<25, using: &generator) == 0 {
                let fan = node - 1
                for _ in 0..<Int.random(in: 20...40, using: &generator) {
                    tree.addNode(label: "leaf\(node)", parent: fan)
                    depth.append(depth[fan] + 1)
                    node += 1
                }
            }
        }
        let nodes = node
        var distant = 0
        for _ in 0..<nodes / 6 {
            let child = Int.random(in: 0..<nodes, using: &generator), parent = Int.random(in: 0..<nodes, using: &generator)
            guard depth[parent] + 2 <= depth[child] else { continue }
            if tree.additionalParents[Int32(child)]?.contains(Int32(parent)) == true { continue }
            tree.addAdditionalParent(parent, to: child)
            distant += 1
        }
        return (tree, distant)
    }

    /// Every distant line is drawn, touches its ends, passes through no box (nor, where fans
    /// wrap, through a block), and is found as asked for and in a rect on its run.
    @Test(arguments: [SchematicOrientation.lr, .tb], [ConnectorStyle.elbow, .straight])
    func distantLinesRunBetweenTheBoxesIntoTheirEnds(orientation: SchematicOrientation, style: ConnectorStyle) throws {
        for seed in UInt64(1)...8 {
            // Half the seeds with wide fans, wrapped (10 to a sub-column: `auto` may leave a
            // tall random forest unwrapped).
            let wraps = seed > 4
            let (tree, distant) = randomDAG(nodes: wraps ? 260 : 160, seed: seed, fans: wraps)
            var options = DiagramOptions()
            options.configuration.orientation = orientation
            options.configuration.connectorStyle = style
            options.configuration.wrap = wraps ? .limit(10) : .off
            let diagram = try Diagram(tree: tree, options: options)
            let layout = diagram.layout, size = layout.collectionViewContentSize
            let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size))
            let cells = all.filter { $0.representedElementCategory == .cell }
            var frames: [IndexPath: Rect] = [:]
            for cell in cells { frames[cell.indexPath] = cell.frame }
            let sections = diagram.dataController
            let lines = all.filter { attributes in
                guard attributes.representedElementKind == .connector, attributes.indexPath.subitem > 0,
                      let parent = attributes.connector?.parentIndexPath else { return false }
                return parent.section + 1 < attributes.indexPath.section
            }
            #expect(distant > 5 && lines.count == distant, "seed \(seed): \(lines.count) of \(distant) distant edges drawn")
            #expect(!diagram.warnings.contains { $0.contains("left out") }, "seed \(seed): \(diagram.warnings)")
            if wraps { #expect(diagram.schematicLayout?.wrapPlan != nil, "seed \(seed): nothing wraps") }
            #expect(sections.distantParentsOfItem.values.reduce(0) { $0 + $1.count } == distant)
            for line in lines {
                let connector = try #require(line.connector)
                let child = IndexPath(item: line.indexPath.item, section: line.indexPath.section)
                let parentFrame = try #require(frames[connector.parentIndexPath]), childFrame = try #require(frames[child])
                #expect(isOnBoundary(connector.start, of: parentFrame, tolerance: 0.01) && isOnBoundary(connector.end, of: childFrame, tolerance: 0.01),
                        "seed \(seed): \(line.indexPath) does not touch its ends")
                var points: [Point] = []
                connector.forEachPolylinePoint { points.append($0) }
                // Inside the drawing, off its edges (a run over every box moves the drawing down).
                let inside = Rect(origin: .zero, size: size).insetBy(dx: 2, dy: 2)
                #expect(points.allSatisfy { inside.contains($0) }, "seed \(seed): \(line.indexPath) reaches the drawing's edge: \(points)")
                for (a, b) in zip(points, points.dropFirst()) {
                    for cell in cells where enters(a, b, cell.frame) {
                        Issue.record("seed \(seed) \(orientation) \(style): \(line.indexPath)'s piece \(a) → \(b) crosses \(cell.indexPath)")
                    }
                    #expect(line.frame.insetBy(dx: -0.01, dy: -0.01).contains(a) && line.frame.insetBy(dx: -0.01, dy: -0.01).contains(b))
                }
                // Asked for by its index path, and in a rect around its middle piece, it is the same.
                let asked = layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: line.indexPath)
                #expect(asked == line, "seed \(seed): \(line.indexPath) asked for differs")
                let middle = Point(x: (points[2].x + points[3].x) / 2, y: (points[2].y + points[3].y) / 2)
                let found = layout.layoutAttributesForElements(in: Rect(x: middle.x - 1, y: middle.y - 1, width: 2, height: 2))
                #expect(found.contains(line), "seed \(seed): a rect on its run misses \(line.indexPath)")
            }
            // The same input draws the same lines.
            let again = try Diagram(tree: tree, options: options).layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size))
            #expect(again == all)
        }
    }

    /// Where wide fans wrap, a distant line's ends stay out of the blocks, and its run passes
    /// above or below a block (its members side by side, their buses between them), never
    /// through it; `--extra-parents keep` draws them too.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aWrappedDrawingRoutesThemAroundItsBlocks(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "root"), other = tree.addNode(label: "other")
        let middle = tree.addNode(label: "middle", parent: root)
        let leaves = (0..<40).map { tree.addNode(label: "leaf \($0)", parent: middle) }
        let next = tree.addNode(label: "next", parent: middle), last = tree.addNode(label: "last", parent: next)
        tree.addAdditionalParent(root, to: last)
        tree.addAdditionalParent(other, to: leaves[20])
        for misplaced in [SectionedTree.MisplacedParentPolicy.drop, .reject] {
            var options = DiagramOptions()
            options.configuration.orientation = orientation
            options.misplacedParents = misplaced
            let diagram = try Diagram(tree: tree, options: options)
            let layout = try #require(diagram.schematicLayout), plan = try #require(layout.wrapPlan)
            #expect(layout.drawsDistantConnectors && diagram.warnings.isEmpty, "\(diagram.warnings)")
            let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
            let sections = diagram.dataController
            var blockExtent: Rect? = nil
            for cell in all where cell.representedElementCategory == .cell {
                let item = sections.globalItem(section: cell.indexPath.section, item: cell.indexPath.item)
                if plan.blockOfItem[item] >= 0 { blockExtent = blockExtent.map { $0.union(cell.frame) } ?? cell.frame }
                // The linked leaf stays single.
                if Int(sections.nodeOfItem[item]) == leaves[20] { #expect(plan.blockOfItem[item] < 0) }
            }
            let block = try #require(blockExtent)
            let lines = all.filter { $0.representedElementKind == .connector && $0.indexPath.subitem > 0 }
            #expect(lines.count == 2)
            for line in lines {
                var points: [Point] = []
                line.connector?.forEachPolylinePoint { points.append($0) }
                for (a, b) in zip(points, points.dropFirst()) where enters(a, b, block) {
                    Issue.record("\(orientation) \(misplaced): \(line.indexPath)'s piece \(a) → \(b) runs through the block \(block)")
                }
            }
        }
    }

    /// A line that runs over every box (a chain's ends, level with the boxes between) moves
    /// the drawing down: it lay on the drawing's edge, half its stroke cut.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aLineOverEveryBoxStaysInsideTheDrawing(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        let first = tree.addNode(label: "first", parent: root), second = tree.addNode(label: "second", parent: first)
        let last = tree.addNode(label: "last", parent: second)
        tree.addAdditionalParent(root, to: last)
        var options = DiagramOptions()
        options.configuration.orientation = orientation
        let diagram = try Diagram(tree: tree, options: options)
        let layout = diagram.layout, size = layout.collectionViewContentSize
        let lines = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size)).filter {
            $0.representedElementKind == .connector && $0.indexPath.subitem > 0
        }
        let line = try #require(lines.first?.connector)
        var points: [Point] = []
        line.forEachPolylinePoint { points.append($0) }
        let inside = Rect(origin: .zero, size: size).insetBy(dx: 2, dy: 2)
        #expect(lines.count == 1 && points.allSatisfy { inside.contains($0) }, "\(points) in \(size)")
    }

    /// Sectioning keeps parents two or more levels up apart from those one level up; leaves out
    /// (or refuses) those as deep as their child or deeper; `dropAll` leaves out every one.
    @Test func sectioningSortsAdditionalParentsByLevel() throws {
        var tree = Tree()
        let a = tree.addNode(label: "A"), b = tree.addNode(label: "B", parent: a)
        let c = tree.addNode(label: "C", parent: b), d = tree.addNode(label: "D", parent: c)
        let e = tree.addNode(label: "E"), f = tree.addNode(label: "F", parent: e)
        tree.addAdditionalParent(e, to: d)  // three levels up
        tree.addAdditionalParent(f, to: c)  // one level up
        tree.addAdditionalParent(d, to: f)  // back
        let sections = try SectionedTree(tree, misplacedParents: .drop)
        let item = { Int32(sections.itemOfNode[$0]) }
        #expect(sections.distantParentsOfItem == [item(d): [item(e)]])
        #expect(sections.additionalParentsOfItem == [item(c): [item(f)]])
        #expect(sections.droppedParentCount == 1 && sections.firstDroppedParents.map { [$0.parent, $0.child] } == [[d, f]])
        #expect(throws: HierarchyError.parentNotInPreviousSection(child: f, childLabel: "F", parent: d, parentLabel: "D")) {
            try SectionedTree(tree)
        }
        let all = try SectionedTree(tree, misplacedParents: .dropAll)
        #expect(all.distantParentsOfItem.isEmpty && all.droppedParentCount == 3)
    }

    /// The run across the columns: the target where it is free (kept half a padding from the
    /// boxes), the middle of a narrow gap between boxes, past boxes of several columns.
    @Test func theRunFindsTheNearestFreeStretch() {
        // Two columns: boxes 0–30, 40–70 (first); 20–50, 90–120 (second).
        let tops = [0.0, 40, 20, 90], heights = [30.0, 30, 30, 30]
        let columns = [0..<2, 2..<4]
        func runY(near target: Double, columns: [Range<Int>], tops: [Double], heights: [Double]) -> Double {
            var tracks = SchematicLayout.RunTracks()
            return SchematicLayout.runY(near: target, into: 0, columns: columns, sections: 1..<(1 + columns.count), tops: tops, heights: heights,
                                        padding: 20, tracks: &tracks)
        }
        // 75 is free in both (the first column ends at 70, the second starts again at 90), in a
        // stretch no higher than the padding: its middle. Below 120, free: the target, kept half
        // a padding from the box above.
        #expect(runY(near: 75, columns: columns, tops: tops, heights: heights) == 80)
        #expect(runY(near: 125, columns: columns, tops: tops, heights: heights) == 130)
        // 60 lies in a box of the first: the nearest free stretch is 70–90 (10 below; above the
        // boxes, 60 above), no higher than the padding: its middle.
        #expect(runY(near: 60, columns: columns, tops: tops, heights: heights) == 80)
        // Above everything: half a padding above the highest box, or the target if higher.
        #expect(runY(near: 2, columns: columns, tops: tops, heights: heights) == -10)
        #expect(runY(near: -30, columns: columns, tops: tops, heights: heights) == -30)
        // Below everything: the target.
        #expect(runY(near: 300, columns: columns, tops: tops, heights: heights) == 300)
        // No column between: the target.
        #expect(runY(near: 25, columns: [], tops: tops, heights: heights) == 25)
    }

    /// Runs through one stretch lie on tracks of their own, `runTrackSpacing` apart, nearest
    /// where a lone run would lie; a full stretch sends the next run to the nearest other one;
    /// runs through other columns do not count; runs into one child share a track.
    @Test func runsThroughOneStretchTakeTracksOfTheirOwn() {
        // One column: boxes 0–30, 46–76, 200–230 (a 16-high stretch 30–46, a wide one 76–200).
        let tops = [0.0, 46, 200, 0, 46], heights = [30.0, 30, 30, 30, 30]
        let spacing = SchematicLayout.runTrackSpacing
        var tracks = SchematicLayout.RunTracks()
        var children = 100
        /// A run into a child of its own (or `child`'s).
        func run(_ target: Double, _ columns: [Range<Int>] = [0..<3], sections: Range<Int> = 1..<2, into child: Int? = nil) -> Double {
            children += 1
            return SchematicLayout.runY(near: target, into: child ?? children, columns: columns, sections: sections, tops: tops,
                                        heights: heights, padding: 20, tracks: &tracks)
        }
        // The middle of the narrow stretch, then a track below and above it, each at least a
        // spacing from the boxes.
        #expect(run(38) == 38)
        #expect(run(38) == 38 + spacing)
        #expect(run(38) == 38 - spacing)
        // Full: the nearest other stretch is the wide one below (target 40: 36 below the box
        // at 76, against 40 above the first box), half a padding from its box.
        #expect(run(40) == 86)
        #expect(run(40) == 86 + spacing)
        // Another column's stretch at the same y is free, unless the run there starts in the
        // gap where the others end (or ends where they start): then, full, the space above the
        // boxes is as near as the stretch below (ties go up).
        #expect(run(38, [3..<5], sections: 2..<3) == -10)
        #expect(run(38, [3..<5], sections: 3..<4) == 38)
        // A run through both columns needs a track free in each (target 39: the stretch below
        // is nearer than the space above the boxes).
        #expect(run(39, [0..<3, 3..<5], sections: 1..<3) == 86 + 2 * spacing)
        // Another run into the child of the last joins its track, though the stretch at its
        // target is free (from another column, the last one's stretch the same).
        #expect(run(150, [3..<5], sections: 2..<3, into: children) == 86 + 2 * spacing)
        // Two runs into one child through one stretch: one track; into another child, its own.
        #expect(run(150, [0..<3], sections: 1..<2, into: 7) == 150)
        #expect(run(150, [0..<3], sections: 1..<2, into: 7) == 150)
        #expect(run(150, [0..<3], sections: 1..<2, into: 8) == 150 + spacing)
    }
}
