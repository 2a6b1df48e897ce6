import CollectionLayout
import Hierarchy
import StandardLayouts
import Testing
import TestSupport

/// The grid layout against recipe 10-8's rules, numbers derived by hand.
@Suite struct GridLayoutTests {
    /// R → A, B, C; A → A1, A2; C → C1: rows [R], [A, B, C], [A1, A2, C1].
    static let outline = "R\n  A\n    A1\n    A2\n  B\n  C\n    C1\n"
    static let sizes: [IndexPath: Size] = [
        IndexPath(item: 0, section: 0): Size(width: 100, height: 40),
        IndexPath(item: 0, section: 1): Size(width: 60, height: 20),
        IndexPath(item: 1, section: 1): Size(width: 80, height: 60),
        IndexPath(item: 2, section: 1): Size(width: 40, height: 40),
        IndexPath(item: 0, section: 2): Size(width: 30, height: 30),
        IndexPath(item: 1, section: 2): Size(width: 50, height: 10),
        IndexPath(item: 2, section: 2): Size(width: 70, height: 50),
    ]
    static let paths = sizes.keys.sorted()

    /// A grid of the small tree, sized through the headless collection view.
    func grid(_ configure: (inout GridLayoutConfiguration) -> Void = { _ in }, sizes: [IndexPath: Size] = sizes) throws -> GridLayout {
        let sections = try sectionedTree(outline: Self.outline)
        var configuration = GridLayoutConfiguration()  // insets 20 all round, spacing 10
        configure(&configuration)
        let layout = GridLayout(dataController: sections, configuration: configuration)
        layOut(layout, sections, sizes: sizes)
        return layout
    }

    func frame(_ layout: GridLayout, _ item: Int, _ section: Int) -> Rect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    // Row 0: top = 20 (inset); R at x 20, 100 x 40; the row ends at 20 + 100 + 20 = 140 wide
    //   and 20 + 40 + 20 = 80 down.
    // Row 1: top = 80 + 20 = 100, tallest 60. x: A 20, B 20 + 60 + 10 = 90, C 90 + 80 + 10 = 180;
    //   width 180 + 40 + 20 = 240. Ends at 100 + 60 + 20 = 180.
    // Row 2: top = 200, tallest 50. x: A1 20, A2 20 + 30 + 10 = 60, C1 60 + 50 + 10 = 120;
    //   width 120 + 70 + 20 = 210. Ends at 200 + 50 + 20 = 270.
    // Content: the widest row, 240, by 270. Row offsets for an item of height h in a row of
    // tallest t: top 0, center (t - h) / 2, bottom t - h.
    static let xs: [IndexPath: Double] = [
        IndexPath(item: 0, section: 0): 20, IndexPath(item: 0, section: 1): 20, IndexPath(item: 1, section: 1): 90,
        IndexPath(item: 2, section: 1): 180, IndexPath(item: 0, section: 2): 20, IndexPath(item: 1, section: 2): 60,
        IndexPath(item: 2, section: 2): 120,
    ]
    static let expectedYs: [GridRowAlignment: [IndexPath: Double]] = [
        .top: [IndexPath(item: 0, section: 0): 20, IndexPath(item: 0, section: 1): 100, IndexPath(item: 1, section: 1): 100,
               IndexPath(item: 2, section: 1): 100, IndexPath(item: 0, section: 2): 200, IndexPath(item: 1, section: 2): 200,
               IndexPath(item: 2, section: 2): 200],
        .center: [IndexPath(item: 0, section: 0): 20, IndexPath(item: 0, section: 1): 120, IndexPath(item: 1, section: 1): 100,
                  IndexPath(item: 2, section: 1): 110, IndexPath(item: 0, section: 2): 210, IndexPath(item: 1, section: 2): 220,
                  IndexPath(item: 2, section: 2): 200],
        .bottom: [IndexPath(item: 0, section: 0): 20, IndexPath(item: 0, section: 1): 140, IndexPath(item: 1, section: 1): 100,
                  IndexPath(item: 2, section: 1): 120, IndexPath(item: 0, section: 2): 220, IndexPath(item: 1, section: 2): 240,
                  IndexPath(item: 2, section: 2): 200],
    ]

    @Test(arguments: GridRowAlignment.allCases)
    func framesFollowRecipe10_8(alignment: GridRowAlignment) throws {
        let layout = try grid { $0.rowAlignment = alignment }
        for path in Self.paths {
            let expected = Rect(x: Self.xs[path]!, y: Self.expectedYs[alignment]![path]!,
                                width: Self.sizes[path]!.width, height: Self.sizes[path]!.height)
            #expect(layout.layoutAttributesForItem(at: path)?.frame == expected, "\(path)")
        }
        #expect(layout.collectionViewContentSize == Size(width: 240, height: 270))
        // The spacing is used exactly, never stretched.
        for section in 1...2 {
            for item in 0..<2 { #expect(frame(layout, item + 1, section)!.minX - frame(layout, item, section)!.maxX == 10) }
        }
        // No headers or footers at size 0.
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: IndexPath(item: 0, section: 0)) == nil)
    }

    /// Headers 15 and footers 5 tall span the content's width (center alignment).
    @Test func headersAndFootersSpanTheContent() throws {
        let layout = try grid {
            $0.headerReferenceSize = Size(width: 0, height: 15)
            $0.footerReferenceSize = Size(width: 0, height: 5)
        }
        // Row 0: header 0..15, items at 15 + 20 = 35, row ends 35 + 40 + 20 = 95, footer 95..100.
        // Row 1: header 100..115, top 135 (A 155, B 135, C 145), ends 135 + 60 + 20 = 215, footer 215..220.
        // Row 2: header 220..235, top 255 (A1 265, A2 275, C1 255), ends 255 + 50 + 20 = 325, footer 325..330.
        let headerTops: [Double] = [0, 100, 220], footerTops: [Double] = [95, 215, 325]
        for section in 0..<3 {
            let path = IndexPath(item: 0, section: section)
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: path)?.frame
                    == Rect(x: 0, y: headerTops[section], width: 240, height: 15))
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: path)?.frame
                    == Rect(x: 0, y: footerTops[section], width: 240, height: 5))
        }
        #expect(frame(layout, 0, 0)?.minY == 35)
        #expect([0, 1, 2].map { frame(layout, $0, 1)?.minY } == [155, 135, 145])
        #expect([0, 1, 2].map { frame(layout, $0, 2)?.minY } == [265, 275, 255])
        #expect(layout.collectionViewContentSize == Size(width: 240, height: 330))
        // The elbow bus of row 1 runs in the middle of its top inset: 100 + 15 + 10 = 125.
        let elbow = try grid {
            $0.headerReferenceSize = Size(width: 0, height: 15)
            $0.footerReferenceSize = Size(width: 0, height: 5)
            $0.connectorStyle = .elbow
        }
        let connector = elbow.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 1, section: 1))?.connector
        #expect(connector?.turnOut == Point(x: 70, y: 125) && connector?.turnIn == Point(x: 130, y: 125))
    }

    /// Connectors from the parent's bottom middle to the child's top middle; straight ones and
    /// curves run from the line under the parent's row to the line the child's row hangs from
    /// (curves with control points on the middle of the gap); elbows turn on the middle of the gap.
    @Test func connectorGeometry() throws {
        let straight = try grid { $0.connectorStyle = .straight }
        let elbow = try grid { $0.connectorStyle = .elbow }
        let curved = try grid { $0.connectorStyle = .curved }
        // Center alignment. Bottom middles: R (70, 60), A (50, 140), C (200, 150).
        // Top middles: A (50, 120), B (130, 100), C (200, 110), A1 (35, 210), A2 (85, 220), C1 (155, 200).
        // Buses, with no bars, in the middle of the whole gap: row 1 between 60 and 100, at 80;
        // row 2 between 160 and 200, at 180. Curves' control points are there too.
        // Row lines: under row 0 at 60, under row 1 (its tallest item, C) at 160; rows 1 and 2
        // hang from 100 and 200.
        func rowLines(_ parent: IndexPath) -> (bottom: Double, top: Double) { parent.section == 0 ? (60, 100) : (160, 200) }
        let cases: [(child: IndexPath, parent: IndexPath, start: Point, end: Point, bus: Double)] = [
            (IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 0), Point(x: 70, y: 60), Point(x: 50, y: 120), 80),
            (IndexPath(item: 1, section: 1), IndexPath(item: 0, section: 0), Point(x: 70, y: 60), Point(x: 130, y: 100), 80),
            (IndexPath(item: 2, section: 1), IndexPath(item: 0, section: 0), Point(x: 70, y: 60), Point(x: 200, y: 110), 80),
            (IndexPath(item: 0, section: 2), IndexPath(item: 0, section: 1), Point(x: 50, y: 140), Point(x: 35, y: 210), 180),
            (IndexPath(item: 1, section: 2), IndexPath(item: 0, section: 1), Point(x: 50, y: 140), Point(x: 85, y: 220), 180),
            (IndexPath(item: 2, section: 2), IndexPath(item: 2, section: 1), Point(x: 200, y: 150), Point(x: 155, y: 200), 180),
        ]
        for (child, parent, start, end, bus) in cases {
            let lines = rowLines(parent)
            let leave = Point(x: start.x, y: lines.bottom), enter = Point(x: end.x, y: lines.top)
            let line = try #require(straight.layoutAttributesForSupplementaryView(ofKind: .connector, at: child))
            #expect(line.connector == ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: start, end: end,
                                                          turnOut: leave, turnIn: enter))
            #expect(line.frame == Rect(x: min(start.x, end.x), y: start.y, width: abs(end.x - start.x), height: end.y - start.y))
            #expect(line.zIndex == -1)
            let out = Point(x: start.x, y: bus), into = Point(x: end.x, y: bus)
            let turn = try #require(elbow.layoutAttributesForSupplementaryView(ofKind: .connector, at: child))
            #expect(turn.connector == ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: start, end: end,
                                                          turnOut: out, turnIn: into))
            #expect(turn.connector?.path == (start.x == end.x ? [start, end] : [start, out, into, end]))
            let curve = try #require(curved.layoutAttributesForSupplementaryView(ofKind: .connector, at: child))
            #expect(curve.connector == ConnectorAttributes(parentIndexPath: parent, lineStartTop: false, start: start, end: end,
                                                           turnOut: leave, turnIn: enter, curveOut: out, curveIn: into, isCurved: true))
        }
        // Six connectors in all, one per child; none for the root.
        for layout in [straight, elbow, curved] {
            #expect(allElements(layout).filter { $0.representedElementKind == .connector }.count == 6)
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 0)) == nil)
            #expect(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: IndexPath(item: 0, section: 1, subitem: 1)) == nil)
        }
        let plain = try grid { $0.connectorStyle = .none }
        #expect(allElements(plain).count == 7)
    }

    /// Scrolling horizontally transposes the whole grid, item sizes included: a horizontal grid
    /// of items sized w x h is the vertical grid of items sized h x w, transposed.
    @Test(arguments: GridRowAlignment.allCases)
    func horizontalIsTheTransposition(alignment: GridRowAlignment) throws {
        let transposedSizes = Self.sizes.mapValues(transposed)
        let horizontal = try grid({
            $0.rowAlignment = alignment
            $0.scrollDirection = .horizontal
            $0.connectorStyle = .elbow
            $0.headerReferenceSize = Size(width: 15, height: 0)
            $0.footerReferenceSize = Size(width: 5, height: 0)
        }, sizes: transposedSizes)
        let vertical = try grid {
            $0.rowAlignment = alignment
            $0.connectorStyle = .elbow
            $0.headerReferenceSize = Size(width: 0, height: 15)
            $0.footerReferenceSize = Size(width: 0, height: 5)
        }
        #expect(horizontal.collectionViewContentSize == Size(width: 330, height: 240))
        // With no headers (the first test's numbers), by hand: R at (20, 20), 40 x 100.
        for path in Self.paths {
            #expect(horizontal.layoutAttributesForItem(at: path)?.frame.size == transposedSizes[path], "sizes are the items' own")
        }
        let horizontalElements = allElements(horizontal), verticalElements = allElements(vertical)
        #expect(horizontalElements.map(\.key) == verticalElements.map(\.key))
        #expect(horizontalElements.map(\.frame) == verticalElements.map { transposed($0.frame) })
        for (h, v) in zip(horizontalElements, verticalElements) {
            guard let hc = h.connector, let vc = v.connector else { continue }
            #expect(hc.start == transposed(vc.start) && hc.end == transposed(vc.end))
            #expect(hc.turnOut == transposed(vc.turnOut) && hc.turnIn == transposed(vc.turnIn))
            #expect(hc.parentIndexPath == vc.parentIndexPath)
        }
        let noHeaders = try grid({ $0.rowAlignment = alignment; $0.scrollDirection = .horizontal }, sizes: transposedSizes)
        for path in Self.paths {
            let expected = Rect(x: Self.expectedYs[alignment]![path]!, y: Self.xs[path]!,
                                width: Self.sizes[path]!.height, height: Self.sizes[path]!.width)
            #expect(noHeaders.layoutAttributesForItem(at: path)?.frame == expected, "\(path)")
        }
        #expect(noHeaders.collectionViewContentSize == Size(width: 270, height: 240))
    }

    /// The crossings among the connectors between each two rows of a grid: pairs whose
    /// polylines (curves sampled) cross properly. Pairs from one parent are left out: they share
    /// their start, and two curves from one parent never meet again (their x offset,
    /// (c1 - c2)·(3(1-t)t² + t³), is not 0 for t > 0).
    func crossings(_ layout: GridLayout, _ sections: SectionedTree) -> [String] {
        let connectors = allElements(layout).filter { $0.representedElementKind == .connector && $0.indexPath.subitem == 0 }
        var found: [String] = []
        for section in 1..<sections.numberOfSections {
            let row = connectors.filter { $0.indexPath.section == section }
            let lines = row.map { polyline(of: $0.connector!) }
            for i in lines.indices {
                for j in (i + 1)..<lines.count where row[i].connector!.parentIndexPath != row[j].connector!.parentIndexPath {
                    if polylinesCross(lines[i], lines[j]) {
                        found.append("\(row[i].connector!.parentIndexPath)→\(row[i].indexPath) × \(row[j].connector!.parentIndexPath)→\(row[j].indexPath)")
                    }
                }
            }
        }
        return found
    }

    /// A random forest's grid, sized by its cells.
    func randomGrid(seed: UInt64, style: GridConnectorStyle, alignment: GridRowAlignment) throws -> (GridLayout, SectionedTree) {
        let sections = try randomSections(seed: seed, count: 150, rootChance: 0.05)
        var configuration = GridLayoutConfiguration()
        configuration.connectorStyle = style
        configuration.rowAlignment = alignment
        configuration.sectionInset = seed == 3 ? EdgeInsets(top: 0, left: 5, bottom: 30, right: 5) : EdgeInsets(all: 20)
        let layout = GridLayout(dataController: sections, configuration: configuration)
        layOut(layout, sections, sizes: randomSizes(sections, seed: seed, fractional: seed == 2))
        return (layout, sections)
    }

    /// On random forests with random sizes: each parent's elbows turn on one line (its lane)
    /// strictly inside the gap between the rows (no bars here), and elbows between two rows
    /// never cross.
    @Test(arguments: GridRowAlignment.allCases)
    func elbowsTurnBetweenTheRowsAndNeverCross(alignment: GridRowAlignment) throws {
        for seed: UInt64 in [1, 2, 3] {
            let (layout, sections) = try randomGrid(seed: seed, style: .elbow, alignment: alignment)
            let connectors = allElements(layout).filter { $0.representedElementKind == .connector }
            #expect(connectors.count == sections.numberOfItems - sections.numberOfItems(inSection: 0))
            for section in 1..<sections.numberOfSections {
                let parentsBottom = (0..<sections.numberOfItems(inSection: section - 1)).map { frame(layout, $0, section - 1)!.maxY }.max()!
                let childrenTop = (0..<sections.numberOfItems(inSection: section)).map { frame(layout, $0, section)!.minY }.min()!
                var laneOfParent: [IndexPath: Double] = [:]
                for connector in connectors where connector.indexPath.section == section {
                    let bus = connector.connector!.turnOut.y
                    #expect(connector.connector!.turnIn.y == bus)
                    let open = (parentsBottom, childrenTop)  // no bars: the whole gap
                    #expect(bus > open.0 && bus < open.1)
                    let parent = connector.connector!.parentIndexPath
                    if connector.indexPath.subitem == 0 { #expect(laneOfParent[parent, default: bus] == bus, "one lane per parent") }
                    if connector.indexPath.subitem == 0 { laneOfParent[parent] = bus }
                }
            }
            let found = crossings(layout, sections)
            #expect(found.isEmpty, "seed \(seed): \(found.count) crossings, first: \(found.prefix(3))")
        }
    }

    /// The class documentation: "connectors between two rows never cross". With items of
    /// different heights, straight lines and curves do. R → P1, P2; P1 → c1, c2, c3; P2 → d, top
    /// alignment, P1 40 x 10 and P2 40 x 100 side by side (middles at x 40 and 90), the children
    /// 200 wide (middles 120, 330, 540, 750). Row 1 starts at y 100, so P1's bottom is at 110,
    /// P2's at 200, and row 2's top at 240. The line from P1 (40, 110) to c3 (540, 240) is at
    /// x ≈ 386 when y = 200, right of P2's bottom middle (90, 200); P2's line goes on to d at
    /// (750, 240), right of c3: the two cross. Elbows do not (they share the bus, never cross it).
    @Test(arguments: [GridConnectorStyle.straight, .curved])
    func straightAndCurvedConnectorsNeverCross(style: GridConnectorStyle) throws {
        let sections = try sectionedTree(outline: "R\n  P1\n    c1\n    c2\n    c3\n  P2\n    d\n")
        var configuration = GridLayoutConfiguration()
        configuration.rowAlignment = .top
        configuration.connectorStyle = style
        let layout = GridLayout(dataController: sections, configuration: configuration)
        let view = CollectionView(layout: layout, dataSource: TreeDataSource(sections))
        let wide = Size(width: 200, height: 30)
        view.cellSizing = SizeTable([IndexPath(item: 0, section: 0): Size(width: 40, height: 40),
                                     IndexPath(item: 0, section: 1): Size(width: 40, height: 10),
                                     IndexPath(item: 1, section: 1): Size(width: 40, height: 100),
                                     IndexPath(item: 0, section: 2): wide, IndexPath(item: 1, section: 2): wide,
                                     IndexPath(item: 2, section: 2): wide, IndexPath(item: 3, section: 2): wide])
        view.layoutIfNeeded()
        #expect(frame(layout, 0, 1) == Rect(x: 20, y: 100, width: 40, height: 10))
        #expect(frame(layout, 1, 1) == Rect(x: 70, y: 100, width: 40, height: 100))
        #expect(frame(layout, 2, 2) == Rect(x: 440, y: 240, width: 200, height: 30))
        #expect(frame(layout, 3, 2) == Rect(x: 650, y: 240, width: 200, height: 30))
        let found = crossings(layout, sections)
        #expect(found.isEmpty, "\(found)")
        // Random forests cross too.
        var random: [String] = []
        for seed: UInt64 in [1, 2, 3] {
            for alignment in GridRowAlignment.allCases {
                let (grid, forest) = try randomGrid(seed: seed, style: style, alignment: alignment)
                random += crossings(grid, forest).map { "seed \(seed) \(alignment): \($0)" }
            }
        }
        #expect(random.isEmpty, "\(random.count) crossings, first: \(random.prefix(3))")
    }
}
