import CollectionLayout
import Hierarchy
import SchematicLayout
import Testing
import TestSupport

/// Invariants of the schematic layout on random forests with random item sizes.
@Suite struct LayoutPropertyTests {
    /// A prepared layout of a random forest whose items took random sizes through an invalidation context.
    func randomLayout(seed: UInt64, count: Int, extraParents: Bool = false, alignment: SchematicAlignment = .stacked,
                      orientation: SchematicOrientation = .lr, connectors: ConnectorStyle = .straight,
                      decorations: Bool = false, heights: ClosedRange<Int> = 10...90, rootChance: Double = 0.02) throws -> (SchematicLayout, SectionedTree) {
        var generator = SplitMix64(seed: seed)
        var tree = RandomTrees.forest(count: count, rootChance: rootChance, using: &generator)
        if extraParents {
            // Give some nodes a second parent from the level above.
            var depth = [Int](repeating: 0, count: tree.count)
            for node in 0..<tree.count where tree.parents[node] >= 0 { depth[node] = depth[Int(tree.parents[node])] + 1 }
            for node in 0..<tree.count where depth[node] > 0 && Int.random(in: 0..<10, using: &generator) == 0 {
                if let other = (0..<tree.count).first(where: { depth[$0] == depth[node] - 1 && $0 != Int(tree.parents[node]) }) {
                    tree.addAdditionalParent(other, to: node)
                }
            }
        }
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration(
            estimatedItemSize: Size(width: 100, height: 30), itemPadding: Double.random(in: 0...50, using: &generator),
            sectionPadding: Double.random(in: 0...80, using: &generator), sectionMargin: 10)
        configuration.alignment = alignment
        configuration.orientation = orientation
        configuration.connectorStyle = connectors
        if decorations {
            configuration.showsBands = true
            configuration.depthLabels = ["zero", "", "two", "three"]
        }
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        resizeRandomItems(of: layout, in: sections, widths: 20...300, heights: heights, using: &generator)
        return (layout, sections)
    }

    /// Every element, asked for one by one: the brute-force reference.
    func allElements(_ layout: SchematicLayout, _ sections: SectionedTree) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in 0..<sections.numberOfSections {
            for kind in [ElementKind.band, .header] {
                if let decoration = layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: section)) {
                    result.append(decoration)
                }
            }
            for item in 0..<sections.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                result.append(layout.layoutAttributesForItem(at: path)!)
                if section > 0 {
                    let global = sections.globalItem(section: section, item: item)
                    let extra = sections.additionalParentsOfItem[Int32(global)]?.count ?? 0
                    for subitem in 0...extra {
                        result.append(layout.layoutAttributesForSupplementaryView(
                            ofKind: .connector, at: IndexPath(item: item, section: section, subitem: subitem))!)
                    }
                }
            }
        }
        return result + panelElements(layout, sections: sections.numberOfSections)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6], SchematicAlignment.allCases)
    func rectQueriesEqualBruteForce(seed: UInt64, alignment: SchematicAlignment) throws {
        let (layout, sections) = try randomLayout(seed: seed, count: 400, extraParents: seed % 2 == 0, alignment: alignment)
        let everything = allElements(layout, sections)
        var generator = SplitMix64(seed: seed &* 977)
        let size = layout.collectionViewContentSize
        for _ in 0..<150 {
            let x = Double.random(in: -50...size.width, using: &generator)
            let y = Double.random(in: -50...size.height, using: &generator)
            let rect = Rect(x: x, y: y, width: Double.random(in: 0...size.width / 3, using: &generator),
                            height: Double.random(in: 0...size.height / 3, using: &generator))
            let found = layout.layoutAttributesForElements(in: rect)
            let expected = everything.filter { $0.frame.intersects(rect) }
            #expect(found.count == Set(found).count, "no element twice")
            #expect(Set(found) == Set(expected))
        }
        let whole = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: size))
        #expect(Set(whole) == Set(everything))
    }

    /// Every orientation and connector style: rect queries equal brute force, and boxes lie
    /// inside the content.
    @Test(arguments: SchematicOrientation.allCases, ConnectorStyle.allCases)
    func orientationsAndConnectorStylesKeepRectQueriesExact(orientation: SchematicOrientation, connectors: ConnectorStyle) throws {
        let (layout, sections) = try randomLayout(seed: 77, count: 300, extraParents: true, alignment: .tidy,
                                                  orientation: orientation, connectors: connectors, decorations: true)
        #expect(layout.layoutAttributesForDecorationView(ofKind: .header, at: IndexPath(item: 0, section: 2))?.text == "two")
        #expect(layout.layoutAttributesForDecorationView(ofKind: .header, at: IndexPath(item: 0, section: 1)) == nil)
        let everything = allElements(layout, sections)
        let size = layout.collectionViewContentSize
        for attributes in everything where attributes.representedElementCategory == .cell {
            #expect(Rect(origin: .zero, size: size).contains(attributes.frame))
        }
        #expect(rectQueryMismatches(layout, everything: everything, seed: 5, queries: 60, fraction: 1.0 / 3).isEmpty)
    }

    /// Small one-rooted trees, which the compact placement may draw taller to centre them as
    /// dot would (`CompactPlacement.centredAsDot`): boxes inside the content, none overlapping
    /// another of its column, rect queries equal brute force, after random resizing.
    @Test(arguments: [91, 92, 93, 94, 95, 96, 97, 98], [SchematicOrientation.lr, .tb])
    func smallOneRootedTreesKeepEveryInvariant(seed: UInt64, orientation: SchematicOrientation) throws {
        let count = 20 + Int(seed % 8) * 18
        let (layout, sections) = try randomLayout(seed: seed, count: count, alignment: .compact, orientation: orientation,
                                                  connectors: .elbow, rootChance: 0)
        let everything = allElements(layout, sections)
        let size = layout.collectionViewContentSize
        let cells = everything.filter { $0.representedElementCategory == .cell }
        #expect(cells.count == count)
        for cell in cells { #expect(Rect(origin: .zero, size: size).contains(cell.frame)) }
        for section in 0..<sections.numberOfSections {
            let along = cells.filter { $0.indexPath.section == section }
                .map { orientation.isVertical ? ($0.frame.minX, $0.frame.maxX) : ($0.frame.minY, $0.frame.maxY) }
                .sorted { $0.0 < $1.0 }
            for index in along.indices.dropFirst() { #expect(along[index].0 >= along[index - 1].1 - 1e-6, "section \(section)") }
        }
        #expect(rectQueryMismatches(layout, everything: everything, seed: seed, queries: 40, fraction: 1.0 / 3).isEmpty)
    }

    @Test(arguments: [7, 8])
    func drawingOrderIsAStableSortByZIndex(seed: UInt64) throws {
        let (layout, _) = try randomLayout(seed: seed, count: 300, extraParents: true)
        var generator = SplitMix64(seed: seed)
        let size = layout.collectionViewContentSize
        for _ in 0..<20 {
            let rect = Rect(x: Double.random(in: 0...size.width, using: &generator), y: Double.random(in: 0...size.height, using: &generator),
                            width: size.width / 2, height: size.height / 2)
            var drawn: [LayoutAttributes] = []
            layout.enumerateLayoutAttributesInDrawingOrder(in: rect) { drawn.append($0) }
            let plain = layout.layoutAttributesForElements(in: rect)
            let sorted = plain.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
            #expect(drawn == sorted)
        }
    }

    @Test(arguments: [11, 12, 13], SchematicAlignment.allCases)
    func itemsNeverOverlapAndColumnsAreOrderedByDepth(seed: UInt64, alignment: SchematicAlignment) throws {
        let (layout, sections) = try randomLayout(seed: seed, count: 600, alignment: alignment)
        var previousColumnMaxX = -Double.infinity
        let size = layout.collectionViewContentSize
        for section in 0..<sections.numberOfSections {
            var columnMinX = Double.infinity, columnMaxX = -Double.infinity
            var previousMaxY = -Double.infinity
            for item in 0..<sections.numberOfItems(inSection: section) {
                let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
                #expect(frame.minY >= previousMaxY + layout.configuration.itemPadding - 1e-9, "items in order, padded")
                previousMaxY = frame.maxY
                columnMinX = min(columnMinX, frame.minX)
                columnMaxX = max(columnMaxX, frame.maxX)
                #expect(frame.maxX <= size.width && frame.maxY <= size.height && frame.minX >= 0 && frame.minY >= 0)
            }
            #expect(columnMinX >= previousColumnMaxX + layout.configuration.sectionPadding - 1e-9)
            previousColumnMaxX = columnMaxX
        }
    }

    @Test(arguments: [21, 22], SchematicAlignment.allCases)
    func connectorsTouchTheirEndpoints(seed: UInt64, alignment: SchematicAlignment) throws {
        let (layout, _) = try randomLayout(seed: seed, count: 500, extraParents: true, alignment: alignment)
        let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
        for attributes in all where attributes.representedElementKind == .connector {
            let connector = try #require(attributes.connector)
            let parent = layout.layoutAttributesForItem(at: connector.parentIndexPath)!.frame
            let child = layout.layoutAttributesForItem(at: IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section))!.frame
            #expect(connector.parentIndexPath.section == attributes.indexPath.section - 1)
            #expect(connector.start == Point(x: parent.maxX, y: parent.midY))
            #expect(connector.end == Point(x: child.minX, y: child.midY))
            #expect(connector.lineStartTop == (parent.midY > child.midY))
            #expect(attributes.frame.minX == parent.maxX && attributes.frame.maxX == child.minX)
            #expect(attributes.frame.minY == min(parent.midY, child.midY))
            #expect(abs(attributes.frame.maxY - max(parent.midY, child.midY)) < 1e-9)
        }
    }

    /// An additional parent's elbow connector runs along the gap in a lane of its own: never on
    /// a tree bus, nor on another additional connector whose run overlaps it (a reader would
    /// take it for one more child of that bus's parent).
    @Test(arguments: [41, 42, 43], [SchematicAlignment.compact, .tidy])
    func additionalElbowsRunInLanesOfTheirOwn(seed: UInt64, alignment: SchematicAlignment) throws {
        let (layout, sections) = try randomLayout(seed: seed, count: 400, extraParents: true, alignment: alignment, connectors: .elbow)
        let all = allElements(layout, sections).filter { $0.representedElementKind == .connector }
        /// A connector's run along the gap: its x and its span (nil where it has none).
        func run(_ attributes: LayoutAttributes) -> (x: Double, low: Double, high: Double)? {
            guard let connector = attributes.connector, connector.via.isEmpty,
                  abs(connector.turnOut.x - connector.turnIn.x) < 1e-9, abs(connector.turnOut.y - connector.turnIn.y) > 1e-9 else { return nil }
            return (connector.turnOut.x, min(connector.turnOut.y, connector.turnIn.y), max(connector.turnOut.y, connector.turnIn.y))
        }
        var extras = 0
        for attributes in all where attributes.indexPath.subitem > 0 {
            guard let mine = run(attributes) else { continue }
            extras += 1
            for other in all where other != attributes && other.indexPath.section == attributes.indexPath.section {
                guard let theirs = run(other), abs(theirs.x - mine.x) < 1e-6 else { continue }
                let overlaps = theirs.low < mine.high - 0.5 && mine.low < theirs.high - 0.5
                #expect(!overlaps, "\(attributes.indexPath) runs on \(other.indexPath)'s line at x \(mine.x)")
            }
        }
        #expect(extras > 5, "the test forest must have additional connectors: \(extras)")
        // Each enters its child beside the tree connector's stub, within the box, not on the stub.
        for attributes in all where attributes.indexPath.subitem > 0 {
            guard let mine = attributes.connector,
                  let tree = all.first(where: { $0.indexPath.section == attributes.indexPath.section && $0.indexPath.item == attributes.indexPath.item
                                                && $0.indexPath.subitem == 0 })?.connector else { continue }
            #expect(abs(mine.end.y - tree.end.y) >= 2, "\(attributes.indexPath) enters on its tree stub")
            #expect(abs(mine.end.x - tree.end.x) < 1e-9)
        }
    }

    /// Additional lanes lie `additionalLaneSpacing` apart from each other, from every tree bus
    /// of their gap and from the boxes they leave and enter: the gap is widened where they need
    /// it (squeezed into the usual gap, a review read `apt-cache depends`' dashed lines 3 px
    /// apart as one bundle, and one beside a bus as that bus).
    @Test(arguments: [41, 42, 43], [SchematicAlignment.compact, .stacked])
    func additionalLanesKeepTheirSpacing(seed: UInt64, alignment: SchematicAlignment) throws {
        let (layout, sections) = try randomLayout(seed: seed, count: 400, extraParents: true, alignment: alignment, connectors: .elbow)
        let connectors = allElements(layout, sections).filter { $0.representedElementKind == .connector }
        let spacing = SchematicLayout.additionalLaneSpacing - 1e-6
        var lanes = 0
        for attributes in connectors where attributes.indexPath.subitem > 0 {
            let mine = try #require(attributes.connector)
            guard abs(mine.turnOut.y - mine.turnIn.y) > 1e-9 else { continue }
            lanes += 1
            let x = mine.turnOut.x
            #expect(x - mine.start.x >= spacing && mine.end.x - x >= spacing, "\(attributes.indexPath): lane \(x) too near its boxes")
            for other in connectors where other.indexPath.section == attributes.indexPath.section && other != attributes {
                guard let theirs = other.connector, abs(theirs.turnOut.y - theirs.turnIn.y) > 1e-9 || other.indexPath.subitem == 0 else { continue }
                let dx = abs(theirs.turnOut.x - x)
                // (Lanes of one child's additional parents, or of runs one after the other, may share an x.)
                if other.indexPath.subitem > 0 && dx < 1e-6 { continue }
                #expect(dx >= spacing, "\(attributes.indexPath)'s lane \(x) is \(dx) px from \(other.indexPath)'s line")
            }
        }
        #expect(lanes > 5, "the test forest must have additional lanes: \(lanes)")
    }

    /// An additional parent level with a tree child of the next column leaves through a lane
    /// left of the buses: right of them its line would run on that child's stub.
    @Test func anAdditionalParentLevelWithAChildLeavesOnTheLeft() throws {
        var tree = Tree()
        let root = tree.addNode(label: "r")
        let q = tree.addNode(label: "Q", parent: root), p = tree.addNode(label: "P", parent: root)
        var children: [Int] = []
        for index in 1...4 { children.append(tree.addNode(label: "c\(index)", parent: q)) }
        _ = tree.addNode(label: "X", parent: q)
        tree.addAdditionalParent(p, to: children[0])
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 40, height: 30), itemPadding: 20,
                                                         sectionPadding: 48, sectionMargin: 10)
        configuration.connectorStyle = .elbow
        configuration.alignment = .compact  // Q centred on its fan, P below it level with c4
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        let connectors = allElements(layout, sections).compactMap { attributes in attributes.connector.map { (attributes.indexPath, $0) } }
        let extra = try #require(connectors.first { $0.0.subitem == 1 }?.1)
        // Every other connector's stub into its child: level with P, it must not share x with P's lead-out.
        var level = 0
        // (P's line leaves it a little below its middle, beside a stub level with it.)
        let middleOfP = extra.start.y - 6
        for (path, connector) in connectors where path.subitem == 0 && path.section == 2 && abs(connector.end.y - middleOfP) < 0.5 {
            level += 1
            let stub = (min(connector.turnIn.x, connector.end.x), max(connector.turnIn.x, connector.end.x))
            let leadOut = (min(extra.start.x, extra.turnOut.x), max(extra.start.x, extra.turnOut.x))
            #expect(stub.1 <= leadOut.0 + 0.5 || leadOut.1 <= stub.0 + 0.5, "P's lead-out \(leadOut) runs on \(path)'s stub \(stub)")
        }
        #expect(level == 1, "the test needs a child level with P")
    }

    /// Additional parents one above the other, their lines down to children below them: each
    /// one's lane lies right of those that start below it, so no line out or in crosses another's
    /// lane (a review: Graphviz's `abstract.gv`, 14, 13 and 12 down to 15 and 19, crossed five times);
    /// and upward alike, mirrored.
    @Test(arguments: [false, true])
    func additionalLinesOverlappingInPartDoNotCross(upward: Bool) throws {
        var tree = Tree()
        let root = tree.addNode(label: "r")
        let a = tree.addNode(label: "A", parent: root)
        let b = tree.addNode(label: "B", parent: root)
        let sources = (0..<3).map { tree.addNode(label: "a\($0)", parent: a) }
        let middles = (0..<2).map { tree.addNode(label: "b\($0)", parent: b) }
        // Each source has a child of its own, so that the targets are stacked below them.
        for source in sources { tree.addNode(label: "x of \(tree.labels[source])", parent: source) }
        let targets = middles.map { tree.addNode(label: "c of \(tree.labels[$0])", parent: $0) }
        if upward {
            // The parents below, their children above: B's side first.
            tree = Tree()
            let root = tree.addNode(label: "r")
            let b = tree.addNode(label: "B", parent: root), a = tree.addNode(label: "A", parent: root)
            let middles = (0..<2).map { tree.addNode(label: "b\($0)", parent: b) }
            let sources = (0..<3).map { tree.addNode(label: "a\($0)", parent: a) }
            let targets = middles.map { tree.addNode(label: "c of \(tree.labels[$0])", parent: $0) }
            for source in sources { tree.addNode(label: "x of \(tree.labels[source])", parent: source) }
            for (source, target) in zip(sources, [targets[0], targets[0], targets[1]]) { tree.addAdditionalParent(source, to: target) }
        } else {
            for (source, target) in zip(sources, [targets[0], targets[1], targets[1]]) { tree.addAdditionalParent(source, to: target) }
        }
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 40, height: 30), itemPadding: 20,
                                                         sectionPadding: 48, sectionMargin: 10)
        configuration.connectorStyle = .elbow
        configuration.alignment = .stacked  // each column from the top: the targets below (above) the sources
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        let extras = allElements(layout, sections).filter { $0.indexPath.subitem > 0 }.compactMap(\.connector)
        #expect(extras.count == 3)
        // The lines run the way the test means: down (or up) past one another, overlapping in part.
        #expect(extras.allSatisfy { upward ? $0.end.y < $0.start.y - 40 : $0.end.y > $0.start.y + 40 }, "\(extras.map(\.path))")
        Self.expectNoCrossings(extras)
    }

    /// A lane freed below one still in use is not taken again: a line starting after the first
    /// one's end but inside the second's span takes the lane after the second's, so its way out
    /// stops short of the second's lane (the lowest free lane lay beyond it: a crossing).
    @Test func aLaneFreedBelowOneInUseIsNotTakenAgain() throws {
        var (tree, sources, targets) = Self.eightParentsOfOneChildEach()
        // Spans down the column: a0 to x2, a1 to x5 (over a0's), a3 to x7 (after a0's, inside a1's).
        for (source, target) in [(0, 2), (1, 5), (3, 7)] { tree.addAdditionalParent(sources[source], to: targets[target]) }
        let (layout, sections) = try Self.stackedElbowLayout(tree)
        let extras = allElements(layout, sections).filter { $0.indexPath.subitem > 0 }.compactMap(\.connector)
        #expect(extras.count == 3)
        #expect(extras.allSatisfy { $0.end.y > $0.start.y + 40 }, "\(extras.map(\.path))")
        #expect(Set(extras.map { $0.turnOut.x }).count == 3, "three lanes: \(extras.map(\.path))")
        Self.expectNoCrossings(extras)
    }

    /// A child's additional parents share one lane into it, as a bus shares a parent's way out
    /// (a lane each drew a comb of dashed lines a few pixels apart: every package depends on
    /// libc6); each line leaves its parent below the middle, off the stub of a child level with
    /// it; lines into different children still never cross.
    @Test func aChildsAdditionalParentsShareALane() throws {
        var (tree, sources, targets) = Self.eightParentsOfOneChildEach()
        for source in [1, 2, 4, 5] { tree.addAdditionalParent(sources[source], to: targets[0]) }
        // (Below them all: a line from between them to a child below would cross a lane into x0 in any drawing.)
        tree.addAdditionalParent(sources[7], to: targets[6])
        let (layout, sections) = try Self.stackedElbowLayout(tree)
        let elements = allElements(layout, sections)
        let extras = elements.filter { $0.indexPath.subitem > 0 }.compactMap(\.connector)
        #expect(extras.count == 5)
        let intoFirst = extras.filter { $0.end == extras[0].end }
        #expect(intoFirst.count == 4 && Set(intoFirst.map(\.turnOut.x)).count == 1, "one lane: \(intoFirst.map(\.path))")
        // Each leaves its parent below the middle (the parents are 30 high: a quarter is 7.5, the offset 6).
        for extra in extras {
            let parent = try #require(elements.first { $0.representedElementCategory == .cell && $0.frame.maxX == extra.start.x
                                                       && $0.frame.minY < extra.start.y && extra.start.y < $0.frame.maxY })
            #expect(abs(extra.start.y - (parent.frame.midY + 6)) < 0.01)
        }
        Self.expectNoCrossings(extras)
    }

    /// A root over eight nodes `a0`…`a7` (the sources), each over one child (the targets).
    static func eightParentsOfOneChildEach() -> (tree: Tree, sources: [Int], targets: [Int]) {
        var tree = Tree()
        let root = tree.addNode(label: "r")
        let sources = (0..<8).map { tree.addNode(label: "a\($0)", parent: root) }
        let targets = sources.map { tree.addNode(label: "x of \(tree.labels[$0])", parent: $0) }
        return (tree, sources, targets)
    }

    /// `tree` laid out stacked (each column from the top) with elbow connectors, boxes 40×30.
    static func stackedElbowLayout(_ tree: Tree) throws -> (SchematicLayout, SectionedTree) {
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 40, height: 30), itemPadding: 20,
                                                         sectionPadding: 48, sectionMargin: 10)
        configuration.connectorStyle = .elbow
        configuration.alignment = .stacked
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        return (layout, sections)
    }

    /// No piece of one connector crosses or runs along a piece of another (their shared ends aside).
    static func expectNoCrossings(_ connectors: [ConnectorAttributes], sourceLocation: SourceLocation = #_sourceLocation) {
        for first in 0..<connectors.count {
            // (Lines into one child share their lane into it, as a bus shares a parent's way out.)
            for second in (first + 1)..<connectors.count where connectors[first].end != connectors[second].end {
                let p = connectors[first].path, q = connectors[second].path
                for (p1, p2) in zip(p, p.dropFirst()) {
                    for (q1, q2) in zip(q, q.dropFirst()) {
                        #expect(!piecesMeet(p1, p2, q1, q2),
                                "lines from \(connectors[first].parentIndexPath) and \(connectors[second].parentIndexPath) cross",
                                sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    /// Tidy: every parent exactly on the middle of its children's span.
    @Test(arguments: [31, 32, 33, 34])
    func tidyCentresEveryParent(seed: UInt64) throws {
        let (layout, sections) = try randomLayout(seed: seed, count: 800, alignment: .tidy)
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            func frame(_ global: Int) -> Rect {
                let node = Int(sections.nodeOfItem[global])
                let position = sections.position(ofNode: node)
                return layout.layoutAttributesForItem(at: IndexPath(item: position.item, section: position.section))!.frame
            }
            let middle = (frame(children.lowerBound).midY + frame(children.upperBound - 1).midY) / 2
            #expect(abs(frame(item).midY - middle) < 1e-6)
        }
    }

    /// Compact: at most one parent in 12 (at least one: those that may give way) with its centre
    /// beyond its first or last child's (along the column), in every orientation; and no taller
    /// than the tidy tree.
    @Test(arguments: [41, 42, 43], SchematicOrientation.allCases)
    func compactKeepsParentsWithinTheirChildren(seed: UInt64, orientation: SchematicOrientation) throws {
        let (layout, sections) = try randomLayout(seed: seed, count: 800, alignment: .compact, orientation: orientation)
        func middle(_ global: Int) -> Double {
            let position = sections.position(ofNode: Int(sections.nodeOfItem[global]))
            let frame = layout.layoutAttributesForItem(at: IndexPath(item: position.item, section: position.section))!.frame
            return orientation.isVertical ? frame.midX : frame.midY
        }
        var outside = 0, parents = 0
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            parents += 1
            let low = min(middle(children.lowerBound), middle(children.upperBound - 1))
            let high = max(middle(children.lowerBound), middle(children.upperBound - 1))
            if middle(item) < low - 1e-6 || middle(item) > high + 1e-6 { outside += 1 }
        }
        #expect(outside <= max(1, parents / 12), "\(outside) of \(parents) parents outside their span")
        let (tidy, _) = try randomLayout(seed: seed, count: 800, alignment: .tidy, orientation: orientation)
        let breadth = { (size: Size) in orientation.isVertical ? size.width : size.height }
        #expect(breadth(layout.collectionViewContentSize) <= breadth(tidy.collectionViewContentSize) + 1e-6)
    }

    /// Elbow connectors: no piece of one parent's connectors crosses, or runs along, a piece of
    /// another parent's, in every alignment (the talk's too) and orientation.
    @Test(arguments: [51, 52], SchematicAlignment.allCases)
    func elbowConnectorsNeverCross(seed: UInt64, alignment: SchematicAlignment) throws {
        for orientation in [SchematicOrientation.lr, .tb] {
            let (layout, _) = try randomLayout(seed: seed, count: 300, alignment: alignment, orientation: orientation, connectors: .elbow)
            let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
            var pieces: [(a: Point, b: Point, parent: IndexPath, child: IndexPath)] = []
            for attributes in all where attributes.representedElementKind == .connector && attributes.indexPath.subitem == 0 {
                let connector = try #require(attributes.connector)
                let path = connector.path
                for (a, b) in zip(path, path.dropFirst()) where a != b {
                    pieces.append((a, b, connector.parentIndexPath, IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)))
                }
            }
            var crossings = 0
            for i in 0..<pieces.count {
                for j in (i + 1)..<pieces.count where pieces[i].parent != pieces[j].parent && pieces[i].child.section == pieces[j].child.section {
                    if Self.piecesMeet(pieces[i].a, pieces[i].b, pieces[j].a, pieces[j].b) { crossings += 1 }
                }
            }
            #expect(crossings == 0, "\(alignment) \(orientation): \(crossings) crossings")
        }
    }

    /// Elbow connectors run along the axes only, into boxes of every height: a junction-sized
    /// child a few points off its parent's line was once reached by a stub a few points aslant.
    @Test(arguments: [61, 62, 63], SchematicAlignment.allCases)
    func elbowPiecesRunAlongTheAxes(seed: UInt64, alignment: SchematicAlignment) throws {
        for orientation in [SchematicOrientation.lr, .tb] {
            let (layout, _) = try randomLayout(seed: seed, count: 400, alignment: alignment, orientation: orientation,
                                               connectors: .elbow, heights: 4...16)
            let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
            var slanted = 0
            for attributes in all where attributes.representedElementKind == .connector {
                let path = try #require(attributes.connector).path
                for (a, b) in zip(path, path.dropFirst()) where abs(a.x - b.x) > 1e-9 && abs(a.y - b.y) > 1e-9 { slanted += 1 }
            }
            #expect(slanted == 0, "\(alignment) \(orientation): \(slanted) slanted pieces")
        }
    }

    /// Whether two axis-parallel or slanted pieces cross inside both, or overlap along a length.
    static func piecesMeet(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        let d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2)
        let e = 1e-9
        if (d1 > e && d2 < -e || d1 < -e && d2 > e) && (d3 > e && d4 < -e || d3 < -e && d4 > e) { return true }
        guard abs(d1) <= e && abs(d2) <= e else { return false }
        let horizontal = abs(p2.x - p1.x) >= abs(p2.y - p1.y)
        let (a1, a2) = horizontal ? (p1.x, p2.x) : (p1.y, p2.y), (b1, b2) = horizontal ? (q1.x, q2.x) : (q1.y, q2.y)
        return min(max(a1, a2), max(b1, b2)) - max(min(a1, a2), min(b1, b2)) > 1e-6
    }

    @Test func severalParentsGiveOneConnectorEach() throws {
        let tree = RandomTrees.sharedChild.tree
        let layout = SchematicLayout(dataController: try SectionedTree(tree))
        layout.prepare()
        let connectors = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
            .filter { $0.representedElementKind == .connector && $0.indexPath.section == 2 }
        #expect(connectors.map(\.indexPath) == [IndexPath(item: 0, section: 2), IndexPath(item: 0, section: 2, subitem: 1)])
        #expect(connectors.map { $0.connector!.parentIndexPath } == [IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
        #expect(connectors[0].frame != connectors[1].frame)
    }
}
