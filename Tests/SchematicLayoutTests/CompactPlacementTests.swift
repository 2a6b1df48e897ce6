import CollectionLayout
import Foundation
import Hierarchy
import HierarchyReaders
@testable import SchematicLayout
import Testing
import TestSupport

/// The compact alignment (the default): short drawings whose parents stay with their children.
@Suite struct CompactPlacementTests {
    func layout(_ tree: Tree, alignment: SchematicAlignment, orientation: SchematicOrientation = .lr,
                resizeSeed: UInt64? = nil, itemPadding: Double = 20) throws -> (SchematicLayout, SectionedTree) {
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: itemPadding,
                                                         sectionPadding: 40, sectionMargin: 10)
        configuration.alignment = alignment
        configuration.orientation = orientation
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        if let resizeSeed {
            var generator = SplitMix64(seed: resizeSeed)
            resizeRandomItems(of: layout, in: sections, widths: 20...300, heights: 10...90, using: &generator)
        }
        return (layout, sections)
    }

    /// A tree of `samples/real`, read by `reader`.
    func realSample(_ name: String, _ reader: some HierarchyReader) throws -> Tree {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/real/" + name)
        return try reader.read(try [UInt8](Data(contentsOf: url)), file: name)
    }

    /// Every item's frame, by global item.
    func frames(_ layout: SchematicLayout, _ sections: SectionedTree) -> [Rect] {
        (0..<sections.numberOfItems).map { global in
            let position = sections.position(ofNode: Int(sections.nodeOfItem[global]))
            return layout.layoutAttributesForItem(at: IndexPath(item: position.item, section: position.section))!.frame
        }
    }

    func breadth(_ layout: SchematicLayout) -> Double {
        let size = layout.collectionViewContentSize
        return layout.configuration.orientation.isVertical ? size.width : size.height
    }

    /// Parents whose centre lies beyond their first or last child's, along the column.
    func parentsOutside(_ frames: [Rect], _ sections: SectionedTree, vertical: Bool) -> (outside: Int, parents: Int) {
        func middle(_ item: Int) -> Double { vertical ? frames[item].midX : frames[item].midY }
        var outside = 0, parents = 0
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            parents += 1
            let low = min(middle(children.lowerBound), middle(children.upperBound - 1))
            let high = max(middle(children.lowerBound), middle(children.upperBound - 1))
            if middle(item) < low - 1 || middle(item) > high + 1 { outside += 1 }
        }
        return (outside, parents)
    }

    /// A binary taxonomy (`samples/real/marsupials.txt`, 307 parents): its relaxation's last
    /// steps free a parent each for a few pixels, so of the steps within 2% of the shortest
    /// height the fewest are taken (`CompactPlacement.fewerParentsShare`): far fewer parents
    /// outside their span for a drawing hardly taller.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func lastStepsOfARelaxationAreNotTakenForAFewPixels(orientation: SchematicOrientation) throws {
        let tree = try realSample("marsupials.txt", OutlineReader())
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let (outside, parents) = parentsOutside(frames(compact, sections), sections, vertical: orientation.isVertical)
        let (tidy, _) = try layout(tree, alignment: .tidy, orientation: orientation)
        // Taking every step: 11 outside, 100 px shorter (5,050 against 5,150 left to right).
        #expect(outside <= 8, "\(outside) of \(parents) parents outside their span")
        #expect(breadth(compact) < 0.75 * breadth(tidy), "\(breadth(compact)) against tidy's \(breadth(tidy))")
    }

    /// A dendrogram (`samples/real/dpkg-dendrogram.nwk`: average-linkage clusters of 854
    /// packages, 155 deep, internal nodes unnamed) has long spines of last children, each with
    /// a leaf sibling above it, whose ends hold subtrees far above. The sweeps held each end
    /// child to its parent's centre, so the spines stayed flat staircases at their last
    /// child's level, up to 2,270 px from their first: every parent could move only after its
    /// parent and each parent only after its child (`CompactSweeps.parentReaches` frees one
    /// side's end children a sweep). Its tight placement still reads beyond the limit, so it is
    /// drawn a little taller from the tidy placement (`CompactPlacement.tallerHeights`) rather
    /// than shorter with parents outside their span. With these 100×30 boxes, mean offset 52 →
    /// 21 px left to right, 126 → 51 px top to bottom, 67 → 0 parents outside (the command's
    /// own sizes, left to right: 44 → 16 px, 63 → 0; Graphviz's dot: 19.6 px, 57 outside, and
    /// a tenth taller than ours).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aDendrogramsSpinesReachTheirChildrensMiddle(orientation: SchematicOrientation) throws {
        let tree = try realSample("dpkg-dendrogram.nwk", NewickReader())
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let placed = frames(compact, sections)
        let vertical = orientation.isVertical
        func middle(_ item: Int) -> Double { vertical ? placed[item].midX : placed[item].midY }
        var total = 0.0, parents = 0, farthest = 0.0
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            let offset = abs(middle(item) - (middle(children.lowerBound) + middle(children.upperBound - 1)) / 2)
            total += offset
            farthest = max(farthest, offset)
            parents += 1
        }
        let (outside, _) = parentsOutside(placed, sections, vertical: vertical)
        let (tidy, _) = try layout(tree, alignment: .tidy, orientation: orientation)
        let pitch = (vertical ? 100.0 : 30.0) + 20
        #expect(total / Double(parents) < 0.5 * pitch, "mean offset \(total / Double(parents)), farthest \(farthest)")
        #expect(outside == 0, "\(outside) of \(parents) parents outside their span")
        #expect(breadth(compact) < 0.85 * breadth(tidy), "\(breadth(compact)) against tidy's \(breadth(tidy))")
    }

    /// Leaves of one parent that are neighbours in their column sit a padding apart: the
    /// centring sweeps solve each column's regression exactly, so a leaf pooled with a heavy
    /// parent above it that its bounds hold is not dragged toward that parent's wish (clamping
    /// the unbounded pooling afterwards left a cherry's second leaf 240 px below the first and
    /// 13 more such gaps in this taxonomy; in Yule trees too).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func leafSiblingsStayTogether(orientation: SchematicOrientation) throws {
        let tree = try realSample("marsupials.txt", OutlineReader())
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let placed = frames(compact, sections)
        let vertical = orientation.isVertical
        var apart: [String] = []
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            for child in children.dropFirst() where sections.childStarts[child] == sections.childStarts[child + 1]
                && sections.childStarts[child - 1] == sections.childStarts[child] {
                let gap = vertical ? placed[child].minX - placed[child - 1].maxX : placed[child].minY - placed[child - 1].maxY
                if gap > 20 + 30 { apart.append("\(tree.labels[Int(sections.nodeOfItem[child])]): \(gap)") }
            }
        }
        #expect(apart.isEmpty, "leaf siblings a row or more apart: \(apart)")
    }

    /// On random forests with random sizes: boxes of a column never overlap and keep their
    /// order, at most one parent in 12 (those that may give way) leaves its
    /// children's span, the drawing is no taller than the tidy tree's, and the same input gives
    /// the same frames.
    @Test(arguments: [61, 62, 63, 64], [SchematicOrientation.lr, .tb])
    func randomForestsReadWell(seed: UInt64, orientation: SchematicOrientation) throws {
        var generator = SplitMix64(seed: seed)
        let tree = RandomTrees.forest(count: 700, using: &generator)
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation, resizeSeed: seed)
        let placed = frames(compact, sections)
        let vertical = orientation.isVertical
        for section in 0..<sections.numberOfSections {
            let items = Int(sections.sectionStarts[section])..<Int(sections.sectionStarts[section + 1])
            for item in items.dropFirst() {
                let gap = vertical ? placed[item].minX - placed[item - 1].maxX : placed[item].minY - placed[item - 1].maxY
                #expect(gap >= 20 - 1e-6, "items \(item - 1) and \(item) overlap or touch: gap \(gap)")
            }
        }
        let (outside, parents) = parentsOutside(placed, sections, vertical: vertical)
        #expect(outside <= parents / 12, "\(outside) of \(parents) parents outside their span")
        let (tidy, _) = try layout(tree, alignment: .tidy, orientation: orientation, resizeSeed: seed)
        #expect(breadth(compact) <= breadth(tidy) + 1e-6)
        let (again, _) = try layout(tree, alignment: .compact, orientation: orientation, resizeSeed: seed)
        #expect(frames(again, sections) == placed)
    }

    /// A small tree keeps every parent within its children's span: Python's 16 io classes had
    /// `RawIOBase` 49 px above both its children, to save one row of a 343 px drawing.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aSmallTreeKeepsEveryParentWithItsChildren(orientation: SchematicOrientation) throws {
        let outline = """
            IOBase
              BufferedIOBase
                BaseStream
                  BZ2File
                  GzipFile
                  LZMAFile
                HTTPResponse
                ZipExtFile
                _ListDataStream
                _ZipWriteFile
              RawIOBase
                DecompressReader
                  _GzipReader
                SocketIO
              SpooledTemporaryFile
              TextIOBase
            """
        let tree = try OutlineReader().read(Array(outline.utf8), file: "io-classes.txt")
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let (outside, parents) = parentsOutside(frames(compact, sections), sections, vertical: orientation.isVertical)
        #expect(parents == 5 && outside == 0, "\(outside) of \(parents) parents outside their span")
    }

    /// An outline of `Tests/Fixtures`.
    func outlineFixture(_ name: String) throws -> Tree {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/Tests/Fixtures/" + name, encoding: .utf8)
        return try OutlineReader().read(Array(text.utf8), file: name)
    }

    /// The mean distance of parents from their children's middle, along the column.
    func meanOffset(_ frames: [Rect], _ sections: SectionedTree, vertical: Bool) -> Double {
        func middle(_ item: Int) -> Double { vertical ? frames[item].midX : frames[item].midY }
        var total = 0.0, parents = 0
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            guard !children.isEmpty else { continue }
            total += abs(middle(item) - (middle(children.lowerBound) + middle(children.upperBound - 1)) / 2)
            parents += 1
        }
        return total / Double(max(1, parents))
    }

    /// A small tree whose tidy placement is as high as the drawn one is drawn at least as well
    /// centred (`CompactPlacement.readsBetter`): Python's `ftplib` classes had `Error` 28 px
    /// above its four children's middle (with these boxes), in the tidy placement's very height
    /// (dot centres it).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aSmallTreeIsCentredWhereItsTidyPlacementIsAsHigh(orientation: SchematicOrientation) throws {
        let tree = try outlineFixture("python-ftplib-classes.txt")
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let (tidy, _) = try layout(tree, alignment: .tidy, orientation: orientation)
        let offset = meanOffset(frames(compact, sections), sections, vertical: orientation.isVertical)
        #expect(offset < 0.5, "mean offset \(offset)")
        #expect(breadth(compact) <= breadth(tidy) + 0.5, "\(breadth(compact)) against tidy's \(breadth(tidy))")
    }

    /// The drawn placement of a small tree is made from the tidy placement too, and that one
    /// drawn where it reads better (`CompactPlacement.drawn`): the sweeps keep a placement near
    /// its start. Python's `http` classes left to right, at the same size: mean offset 13.2 px
    /// from the balanced start, 11.8 from the tidy one (with the command's own sizes, 12.7 and
    /// 10.1; Graphviz's dot, 12.6).
    @Test func theDrawnPlacementStartsFromTheTidyOneWhereThatReadsBetter() throws {
        let tree = try outlineFixture("python-http-classes.txt")
        let (compact, sections) = try layout(tree, alignment: .compact)
        let offset = meanOffset(frames(compact, sections), sections, vertical: false)
        #expect(offset < 12.5, "mean offset \(offset)")
        #expect(abs(breadth(compact) - 800) < 0.5, "height \(breadth(compact))")
    }

    /// A small tree that dot would draw better centred is drawn as well centred, a little
    /// taller, within about dot's extent (`CompactPlacement.centredAsDot`, `DotEstimate`):
    /// Python's `optparse` classes left to right were drawn 229 px high, parents 14.0 px from
    /// their children's middle, where dot's drawing is 278 px high, 7.0 px (with the command's
    /// own sizes). With these boxes: 14.3 px at 250 px left to right, 34.3 px at 600 px top to
    /// bottom before; 7.1 px at 300 px and 17.1 px at 720 px now, as dot's estimate.
    @Test(arguments: [(SchematicOrientation.lr, 7.2, 300.0), (.tb, 17.2, 720.0)])
    func aSmallTreeIsDrawnAsWellCentredAsDotDrawsIt(orientation: SchematicOrientation, offsetLimit: Double, breadthLimit: Double) throws {
        let tree = try outlineFixture("python-optparse-classes.txt")
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let offset = meanOffset(frames(compact, sections), sections, vertical: orientation.isVertical)
        #expect(offset <= offsetLimit, "mean offset \(offset)")
        #expect(breadth(compact) <= breadthLimit + 0.5, "breadth \(breadth(compact))")
    }

    /// Where the relaxation leaves more parents outside their span or only children off level
    /// than dot's drawing has, a small tree is drawn without it where that is within about dot's
    /// extent and as well centred (`CompactPlacement.centredAsDot`): Python's `argparse` classes
    /// had two links bent (counted outside here) and parents 25.1 px from their children's
    /// middle at 625 px left to right (60.3 px at 1,500 px top to bottom); dot bends one.
    @Test(arguments: [(SchematicOrientation.lr, 750.0), (.tb, 1_800.0)])
    func aSmallTreeKeepsNoMoreLinksBentThanDot(orientation: SchematicOrientation, breadthLimit: Double) throws {
        let tree = try outlineFixture("python-argparse-classes.txt")
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let drawn = frames(compact, sections)
        #expect(parentsOutside(drawn, sections, vertical: orientation.isVertical).outside == 0)
        let offset = meanOffset(drawn, sections, vertical: orientation.isVertical)
        #expect(offset < 0.5, "mean offset \(offset)")
        #expect(breadth(compact) <= breadthLimit + 0.5, "breadth \(breadth(compact))")
    }

    /// The page's port draws trees the same way: `tools/page-check.py`'s `optparse-classes`.
    /// A tree beyond `dotEstimateItems`, or with a fan `auto` wraps, is not compared with dot's
    /// (Python's `http` classes, whose fan of 14 wraps, keep their drawing: see above).

    /// A chain of only children (a YAML key and its value) moves with its head: the sweeps
    /// once left every chain where the balanced start put it (each member pinned by the other),
    /// halfway between the highest and lowest it could go: a Kubernetes manifest's
    /// `secretKeyRef` had its `name` 324 px above its `key` with nothing between them.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aChainOfOnlyChildrenMovesWithItsHead(orientation: SchematicOrientation) throws {
        let outline = """
            serviceAccountName
              checkout
            containers
              checkout
                image
                  registry.example.com/checkout:2.14
                ports
                  http
                    containerPort
                      8080
                  metrics
                    containerPort
                      9102
                env
                  DB_HOST
                    valueFrom
                      secretKeyRef
                        name
                          checkout-db
                        key
                          host
                  DB_PASSWORD
                    valueFrom
                      secretKeyRef
                        name
                          checkout-db
                        key
                          password
                  LOG_LEVEL
                    value
                      info
                resources
                  requests
                    cpu
                      250m
                    memory
                      256Mi
                  limits
                    cpu
                      1
                    memory
                      512Mi
                livenessProbe
                  httpGet
                    path
                      /healthz
                    port
                      http
                  initialDelaySeconds
                    10
                readinessProbe
                  httpGet
                    path
                      /ready
                    port
                      http
              envoy
                image
                  envoyproxy/envoy:v1.29.1
                args
                  -c
                  /etc/envoy/envoy.yaml
                volumeMounts
            """
        let tree = try OutlineReader().read(Array(outline.utf8), file: "k8s-containers.txt")
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let frames = frames(compact, sections)
        let vertical = orientation.isVertical
        func span(_ item: Int) -> (low: Double, high: Double) {
            vertical ? (frames[item].minX, frames[item].maxX) : (frames[item].minY, frames[item].maxY)
        }
        func section(_ item: Int) -> Int { sections.position(ofNode: Int(sections.nodeOfItem[item])).section }
        // Between two siblings, a gap wider than the padding must hold something of their
        // column or a deeper one.
        var emptyGaps: [String] = []
        for parent in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
            for child in children.dropFirst() {
                let low = span(child - 1).high, high = span(child).low
                guard high - low > compact.configuration.itemPadding + 1 else { continue }
                let filled = (0..<sections.numberOfItems).contains { other in
                    section(other) >= section(child) && span(other).high > low + 1 && span(other).low < high - 1
                }
                if !filled { emptyGaps.append("\(sections.label(ofItem: child - 1)) \(sections.label(ofItem: child)): \(high - low)") }
            }
        }
        #expect(emptyGaps.isEmpty, "siblings apart with nothing between them: \(emptyGaps)")
    }

    /// A parent whose many children would push a long column down may sit at the top of its
    /// children instead: the placement is then as short as the stacked columns, where the tidy
    /// tree (every parent centred) is a third taller, and no other parent leaves its span. (So
    /// small a tree is then drawn as well centred as dot would draw it, `centredAsDot`: `a2` on
    /// its ten children, a fifth taller than the stacked columns, still shorter than the tidy tree.)
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aParentGivesWayWhereItSavesHeight(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "R")
        let p = tree.addNode(label: "P", parent: root)
        _ = tree.addNode(label: "a1", parent: p)
        let a2 = tree.addNode(label: "a2", parent: p)
        for index in 0..<10 { _ = tree.addNode(label: "c\(index)", parent: a2) }
        let q = tree.addNode(label: "Q", parent: root)
        for index in 0..<10 { _ = tree.addNode(label: "x\(index)", parent: q) }
        let (compact, sections) = try layout(tree, alignment: .compact, orientation: orientation)
        let (tidy, _) = try layout(tree, alignment: .tidy, orientation: orientation)
        let drawn = frames(compact, sections)
        let heights = drawn.map { orientation.isVertical ? $0.width : $0.height }
        let columns = PlacementColumns(sections)
        let placed = try #require(CompactPlacement.centers(of: columns, heights: heights, padding: 20))
        var top = Double.infinity, bottom = -Double.infinity, stackedExtent = 0.0
        for item in 0..<heights.count { top = min(top, placed[item] - heights[item] / 2); bottom = max(bottom, placed[item] + heights[item] / 2) }
        for section in 0..<columns.numberOfSections {
            let items = Int(columns.sectionStarts[section])..<Int(columns.sectionStarts[section + 1])
            stackedExtent = max(stackedExtent, items.reduce(-20.0) { $0 + heights[$1] + 20 })
        }
        #expect(abs((bottom - top) - stackedExtent) < 0.5, "placement \(bottom - top), stacked \(stackedExtent)")
        #expect(breadth(tidy) > (bottom - top) * 1.2)
        #expect(breadth(compact) < breadth(tidy))
        let (outside, _) = parentsOutside(frames(compact, sections), sections, vertical: orientation.isVertical)
        #expect(outside <= 1)
    }

    /// A class tree with a 30-child fan (a leaf, a parent of three, then 28 leaves that wrap):
    /// the parent of three sits exactly at its children's middle, though a leaf sibling is
    /// above it and the block below (leaves give way: `CompactSweeps.leafWeight`; with a leaf
    /// as stubborn as before, it stayed 2.9 px off and the line to its middle child slanted).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func aParentBesideALeafSiblingReachesItsChildrensMiddle(orientation: SchematicOrientation) throws {
        var tree = Tree()
        let root = tree.addNode(label: "Widget")
        _ = tree.addNode(label: "ButtonWidget", parent: root)
        let label = tree.addNode(label: "LabelWidget", parent: root)
        for name in ["PasswordEntry", "SearchEntry", "NumericEntry"] { _ = tree.addNode(label: name, parent: label) }
        for index in 0..<28 { _ = tree.addNode(label: "Widget \(index)", parent: root) }
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration.standard
        configuration.orientation = orientation
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        let placed = frames(layout, sections)
        func middle(_ item: Int) -> Double { orientation.isVertical ? placed[item].midX : placed[item].midY }
        let labelItem = Int(sections.itemOfNode[label]), children = Int(sections.childStarts[labelItem])
        #expect(abs(middle(labelItem) - middle(children + 1)) < 0.5, "\(middle(labelItem)) against \(middle(children + 1))")
    }

    /// A tall chain of only children beside a long column: the only children stay on their
    /// parents' line (only span constraints give way, never an only child's).
    @Test func onlyChildrenStayInLine() throws {
        var tree = Tree()
        let root = tree.addNode(label: "root")
        var chain = tree.addNode(label: "chain", parent: root)
        for depth in 0..<6 { chain = tree.addNode(label: "link \(depth)", parent: chain) }
        for index in 0..<8 { _ = tree.addNode(label: "leaf \(index)", parent: root) }
        let (compact, sections) = try layout(tree, alignment: .compact)
        let placed = frames(compact, sections)
        for item in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[item])..<Int(sections.childStarts[item + 1])
            if children.count == 1 { #expect(abs(placed[item].midY - placed[children.lowerBound].midY) < 1e-6) }
        }
    }

    /// A parent and a child a few pixels off level would be joined by a slanted elbow (it
    /// reaches such a child straight from the parent's line): they are made level wherever their
    /// columns leave room. On random forests and Yule trees with random sizes, every pair left
    /// nearly level has no room: neither the child (next to its neighbours, within the drawing,
    /// with its chain of only children) nor the parent (unless it is level with its own parent,
    /// or would then be nearly level with it) could move to the other; and every only child
    /// still shares its parent's centre.
    @Test(arguments: [61, 62, 65, 66], [SchematicOrientation.lr, .tb])
    func nearlyLevelPairsAreLevelledWhereThereIsRoom(seed: UInt64, orientation: SchematicOrientation) throws {
        var generator = SplitMix64(seed: seed)
        let tree = seed >= 65 ? CompactConstraintsTests.yuleTree(leaves: 300, using: &generator)
                              : RandomTrees.forest(count: 700, using: &generator)
        let sections = try SectionedTree(tree)
        var configuration = SchematicLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 30), itemPadding: 20,
                                                         sectionPadding: 40, sectionMargin: 10)
        configuration.alignment = .compact
        configuration.orientation = orientation
        configuration.wrap = .off
        let layout = SchematicLayout(dataController: sections, configuration: configuration)
        layout.prepare()
        resizeRandomItems(of: layout, in: sections, widths: 20...200, heights: 10...60, using: &generator)
        let placed = frames(layout, sections)
        // The same placement with elbows (the connector style places nothing).
        var elbowConfiguration = configuration
        elbowConfiguration.connectorStyle = .elbow
        let elbows = SchematicLayout(dataController: sections, configuration: elbowConfiguration)
        elbows.prepare()
        var sameGenerator = SplitMix64(seed: seed)
        _ = seed >= 65 ? CompactConstraintsTests.yuleTree(leaves: 300, using: &sameGenerator) : RandomTrees.forest(count: 700, using: &sameGenerator)
        resizeRandomItems(of: elbows, in: sections, widths: 20...200, heights: 10...60, using: &sameGenerator)
        #expect(frames(elbows, sections) == placed)
        let vertical = orientation.isVertical
        func low(_ item: Int) -> Double { vertical ? placed[item].minX : placed[item].minY }
        func high(_ item: Int) -> Double { vertical ? placed[item].maxX : placed[item].maxY }
        func middle(_ item: Int) -> Double { (low(item) + high(item)) / 2 }
        let top = (0..<placed.count).map(low).min()!, bottom = (0..<placed.count).map(high).max()!
        func isNear(_ a: Double, _ b: Double) -> Bool { abs(a - b) > 0.01 && abs(a - b) < 4 }  // SchematicLayout.levelStubDistance
        func hasRoom(_ item: Int, at centre: Double) -> Bool {
            let half = (high(item) - low(item)) / 2
            guard centre - half >= top - 1e-6, centre + half <= bottom + 1e-6 else { return false }
            let section = sections.sectionStarts.lastIndex { Int($0) <= item }!
            if item > Int(sections.sectionStarts[section]) && centre - half - high(item - 1) < 20 - 1e-6 { return false }
            if item + 1 < Int(sections.sectionStarts[section + 1]) && low(item + 1) - (centre + half) < 20 - 1e-6 { return false }
            return true
        }
        /// An item moves with its chain of only children (at most 64), each needing room.
        func chainHasRoom(_ item: Int, at centre: Double) -> Bool {
            var member = item, length = 1
            while hasRoom(member, at: centre) {
                guard sections.childStarts[member + 1] - sections.childStarts[member] == 1 else { return true }
                member = Int(sections.childStarts[member])
                length += 1
                if length > 64 { return false }
            }
            return false
        }
        // An only child leaves its parent's level only as a parent leaves its span: at most one
        // parent in 12, by at most 2.5 rows (`CompactPlacement.farthestOutside`; rows of boxes
        // of at most 60, or 200 across top to bottom, and the padding).
        var parents = 0, bent = 0
        let longestRow = (vertical ? 200.0 : 60) + 20
        for parent in 0..<sections.numberOfItems {
            let children = Int(sections.childStarts[parent])..<Int(sections.childStarts[parent + 1])
            if !children.isEmpty { parents += 1 }
            if children.count == 1 {
                let distance = abs(middle(children.lowerBound) - middle(parent))
                if distance > 1e-6 { bent += 1 }
                #expect(distance <= 2.5 * longestRow + 1e-6, "only child \(children.lowerBound) \(distance) off its parent")
            }
            for child in children where isNear(middle(child), middle(parent)) {
                let grandparent = Int(sections.parentOfItem[parent])
                let parentMay = grandparent >= 0 && abs(middle(grandparent) - middle(parent)) > 0.01
                    && !isNear(middle(grandparent), middle(child)) && chainHasRoom(parent, at: middle(child))
                #expect(!parentMay && !chainHasRoom(child, at: middle(parent)), "parent \(parent) and child \(child) could be level")
                // Such a child is entered at its parent's line: no piece of its elbow runs aslant
                // (but a box as small as a junction's dot, which the line would miss off its middle).
                guard high(child) - low(child) > 16 else { continue }
                let section = sections.sectionStarts.lastIndex { Int($0) <= child }!
                let path = IndexPath(item: child - Int(sections.sectionStarts[section]), section: section)
                let connector = try #require(elbows.layoutAttributesForSupplementaryView(ofKind: .connector, at: path)?.connector)
                #expect(abs(connector.end.x - connector.turnIn.x) < 1e-6 || abs(connector.end.y - connector.turnIn.y) < 1e-6,
                        "the stub into \(child) runs aslant")
            }
        }
        #expect(bent <= max(1, parents / 12), "\(bent) only children off their parents' level, of \(parents) parents")
    }
}
