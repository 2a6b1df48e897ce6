import CollectionLayout
import Hierarchy
import StandardLayouts
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Effects on top of a layout: the pinch focus and recipe 10-4's zoom, found where drawn.
@Suite struct EffectLayoutTests {
    /// The grid test's small tree with headers and connectors (B at (90, 100), 80 x 60).
    func smallGrid() throws -> GridLayout {
        let sections = try sectionedTree(outline: GridLayoutTests.outline)
        let layout = GridLayout(dataController: sections)
        layOut(layout, sections, sizes: GridLayoutTests.sizes)
        return layout
    }

    func drawingOrder(_ layout: any CollectionViewLayout, in rect: Rect = everywhere) -> [LayoutAttributes] {
        var drawn: [LayoutAttributes] = []
        layout.enumerateLayoutAttributesInDrawingOrder(in: rect) { drawn.append($0) }
        return drawn
    }

    /// Focus: the item scaled about its centre (m11 = m22 = scale), zIndex 1, drawn last;
    /// everything else as the base layout has it.
    @Test func focusScalesOneItemAndDrawsItLast() throws {
        let base = try smallGrid()
        let focused = IndexPath(item: 1, section: 1)
        let layout = EffectLayout(base: base, effects: [.focus(focused, scale: 2)])
        layout.prepare()
        let attributes = try #require(layout.layoutAttributesForItem(at: focused))
        #expect(attributes.transform == .scale(x: 2, y: 2))
        #expect(attributes.transform.m11 == 2 && attributes.transform.m22 == 2 && attributes.transform.m33 == 1)
        #expect(attributes.zIndex == 1)
        #expect(attributes.frame == Rect(x: 90, y: 100, width: 80, height: 60), "the frame stays; the transform enlarges it")
        #expect(attributes.visualFrame == Rect(x: 50, y: 70, width: 160, height: 120))
        // Everything else is the base layout's, except that the connector into the focused item
        // (B, a leaf) ends on its enlarged box: the top middle (130, 100) moves to (130, 70).
        let touched = { (element: LayoutAttributes) in
            element.indexPath == focused || element.connector?.parentIndexPath == focused
        }
        let others = allElements(layout).filter { !touched($0) }
        let baseOthers = allElements(base).filter { !touched($0) }
        #expect(others == baseOthers)
        let into = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: focused)?.connector)
        #expect(into.end == Point(x: 130, y: 70) && into.turnIn == Point(x: 130, y: 70))
        #expect(into.start == base.layoutAttributesForSupplementaryView(ofKind: .connector, at: focused)?.connector?.start)

        let drawn = drawingOrder(layout)
        #expect(drawn.last == attributes)
        #expect(Array(drawn.dropLast()).map(\.key) == drawingOrder(base).filter { $0.key != attributes.key }.map(\.key))
        #expect(drawn.count == allElements(base).count)
        // Where the focused item is not drawn, the order is the base layout's.
        let corner = Rect(x: 0, y: 150, width: 40, height: 120)
        #expect(!drawingOrder(layout, in: corner).contains { $0.key == attributes.key })
        #expect(drawingOrder(layout, in: corner) == drawingOrder(base, in: corner))
    }

    /// A query touching only the enlarged part of the focused item finds it (by its visual
    /// frame); one just beyond does not.
    @Test func queriesFindTheFocusedItemWhereItIsDrawn() throws {
        let base = try smallGrid()
        let focused = IndexPath(item: 1, section: 1)
        let layout = EffectLayout(base: base, effects: [.focus(focused, scale: 2)])
        layout.prepare()
        // B's frame is x 90…170, y 100…160; drawn at x 50…210, y 70…190.
        let enlarged = Rect(x: 190, y: 72, width: 1, height: 1)
        #expect(!base.layoutAttributesForElements(in: enlarged).contains { $0.indexPath == focused && $0.representedElementCategory == .cell })
        #expect(layout.layoutAttributesForElements(in: enlarged).contains { $0.indexPath == focused && $0.representedElementCategory == .cell })
        var cells: [LayoutAttributes] = []
        layout.enumerateCellAttributes(in: enlarged) { cells.append($0) }
        #expect(cells.map(\.indexPath) == [focused])
        let beyond = Rect(x: 210.5, y: 72, width: 1, height: 1)
        #expect(!layout.layoutAttributesForElements(in: beyond).contains { $0.representedElementCategory == .cell })
    }

    /// Recipe 10-4 in two dimensions: zoom = cos(min(1, d / r) · π/4), d the item centre's
    /// distance from the point; the transform scales by the zoom and alpha is multiplied by it.
    @Test(arguments: [150.0, nil])
    func fisheyeZoomsByDistance(radius: Double?) throws {
        let sections = try singleSection(12)
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 50, height: 50)
        configuration.viewSize = Size(width: 320, height: 480)
        configuration.sectionInset = EdgeInsets(all: 10)
        let base = FlowLayout(dataController: sections, configuration: configuration)
        let point = Point(x: 160, y: 40)
        let layout = EffectLayout(base: base, effects: [.fisheye(center: point, radius: radius)])
        layout.prepare()
        // Content 320 x 190 (three lines from 10 to 180, plus the bottom inset): r defaults to 160.
        #expect(layout.collectionViewContentSize == Size(width: 320, height: 190))
        let reach = radius ?? 160
        var sawFullZoomOut = false
        for item in 0..<12 {
            let path = IndexPath(item: item, section: 0)
            let plain = try #require(base.layoutAttributesForItem(at: path))
            let zoomed = try #require(layout.layoutAttributesForItem(at: path))
            let zoom = cos(min(1, distance(plain.center, point) / reach) * Double.pi / 4)
            sawFullZoomOut = sawFullZoomOut || distance(plain.center, point) >= reach
            #expect(abs(zoomed.transform.m11 - zoom) < 1e-12 && abs(zoomed.transform.m22 - zoom) < 1e-12)
            #expect(abs(zoomed.alpha - zoom) < 1e-12)
            #expect(zoomed.frame == plain.frame && zoomed.zIndex == 0)
            #expect(isClose(zoomed.visualFrame, Rect(x: plain.center.x - 25 * zoom, y: plain.center.y - 25 * zoom, width: 50 * zoom, height: 50 * zoom)))
        }
        #expect(sawFullZoomOut || radius == nil)
        // The drawing order is the base layout's: no zIndex changed.
        #expect(drawingOrder(layout).map(\.key) == drawingOrder(base).map(\.key))
        // A corner of a shrunk item's frame is not where it is drawn.
        let far = try #require(base.layoutAttributesForItem(at: IndexPath(item: 11, section: 0))).frame
        let corner = Rect(x: far.maxX - 1, y: far.maxY - 1, width: 1, height: 1)
        #expect(base.layoutAttributesForElements(in: corner).count == 1)
        #expect(layout.layoutAttributesForElements(in: corner).isEmpty)
    }

    /// Focus then fisheye: the scales multiply.
    @Test func effectsApplyInOrder() throws {
        let base = try smallGrid()
        let focused = IndexPath(item: 1, section: 1)
        let point = Point(x: 0, y: 0)
        let layout = EffectLayout(base: base, effects: [.focus(focused, scale: 2), .fisheye(center: point, radius: 1000)])
        layout.prepare()
        let plain = try #require(base.layoutAttributesForItem(at: focused))
        let zoom = cos(distance(plain.center, point) / 1000 * Double.pi / 4)
        let attributes = try #require(layout.layoutAttributesForItem(at: focused))
        #expect(abs(attributes.transform.m11 - 2 * zoom) < 1e-12 && attributes.zIndex == 1 && abs(attributes.alpha - zoom) < 1e-12)
        // The connector into it ends on the drawn box: its end is the base end mapped by the
        // combined scale about the item's centre.
        let connector = try #require(layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: focused)?.connector)
        let baseEnd = try #require(base.layoutAttributesForSupplementaryView(ofKind: .connector, at: focused)?.connector?.end)
        let expected = Point(x: plain.center.x + (baseEnd.x - plain.center.x) * 2 * zoom, y: plain.center.y + (baseEnd.y - plain.center.y) * 2 * zoom)
        #expect(abs(connector.end.x - expected.x) < 1e-9 && abs(connector.end.y - expected.y) < 1e-9)
    }

    /// Rect queries equal brute force over every element by where it is drawn, for a grid of a
    /// random forest with a focused item and a fisheye.
    @Test(arguments: [UInt64(1), 2, 3])
    func rectQueriesMatchVisualFrames(seed: UInt64) throws {
        let sections = try randomSections(seed: seed, count: 200, extraParentOneIn: 10)
        var configuration = GridLayoutConfiguration()
        configuration.headerReferenceSize = Size(width: 0, height: 16)
        configuration.connectorStyle = .elbow
        let base = GridLayout(dataController: sections, configuration: configuration)
        layOut(base, sections, sizes: randomSizes(sections, seed: seed))
        var generator = SplitMix64(seed: seed &+ 50)
        let section = Int.random(in: 0..<sections.numberOfSections, using: &generator)
        let focused = IndexPath(item: Int.random(in: 0..<sections.numberOfItems(inSection: section), using: &generator), section: section)
        let size = base.collectionViewContentSize
        let effects: [[LayoutEffect]] = [
            [.focus(focused, scale: 3)],
            [.fisheye(center: Point(x: size.width / 2, y: size.height / 3), radius: nil)],
            [.focus(focused, scale: 2.5), .fisheye(center: Point(x: size.width / 3, y: size.height / 2), radius: 400)],
        ]
        for effect in effects {
            let layout = EffectLayout(base: base, effects: effect)
            layout.prepare()
            let everything = allElements(layout)
            #expect(everything.count == allElements(base).count)
            for attributes in everything where attributes.representedElementCategory == .cell {
                #expect(layout.layoutAttributesForItem(at: attributes.indexPath) == attributes)
            }
            let focusedFrame = layout.layoutAttributesForItem(at: focused)!.visualFrame
            for query in 0..<80 {
                let rect: Rect
                if query % 5 == 0 {
                    // Near the focused item's drawn edge.
                    rect = Rect(x: focusedFrame.minX + Double.random(in: -30...30, using: &generator),
                                y: focusedFrame.minY + Double.random(in: -30...30, using: &generator), width: 3, height: 3)
                } else {
                    rect = Rect(x: Double.random(in: -50...size.width, using: &generator), y: Double.random(in: -50...size.height, using: &generator),
                                width: Double.random(in: 0...size.width / 4, using: &generator), height: Double.random(in: 0...size.height / 4, using: &generator))
                }
                let found = layout.layoutAttributesForElements(in: rect)
                let expected = everything.filter { $0.visualFrame.intersects(rect) }
                #expect(found.count == Set(found.map(\.key)).count)
                #expect(Set(found) == Set(expected), "\(effect) query \(query): \(rect)")
                let drawn = drawingOrder(layout, in: rect)
                #expect(Set(drawn) == Set(expected) && drawn.count == expected.count)
                #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.zIndex <= $1.zIndex })
            }
        }
    }

    /// Connectors follow the transformed boxes: each starts on its parent's drawn box and ends
    /// on its child's (the box's frame mapped by its transform about its centre).
    @Test(arguments: [UInt64(4), 5])
    func connectorsTouchTheDrawnBoxes(seed: UInt64) throws {
        let sections = try randomSections(seed: seed, count: 120, extraParentOneIn: 8)
        let base = GridLayout(dataController: sections)
        layOut(base, sections, sizes: randomSizes(sections, seed: seed))
        let size = base.collectionViewContentSize
        let layout = EffectLayout(base: base, effects: [.focus(IndexPath(item: 0, section: 1), scale: 2),
                                                        .fisheye(center: Point(x: size.width / 2, y: 0), radius: nil)])
        layout.prepare()
        var checked = 0
        for attributes in allElements(layout) {
            guard let connector = attributes.connector else { continue }
            let parent = layout.layoutAttributesForItem(at: connector.parentIndexPath)!
            let child = layout.layoutAttributesForItem(at: IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section))!
            // Uniform scales only: the drawn box is the visual frame.
            #expect(isOnBoundary(connector.start, of: parent.visualFrame, tolerance: 1e-6), "start \(connector.start) off \(parent.visualFrame)")
            #expect(isOnBoundary(connector.end, of: child.visualFrame, tolerance: 1e-6), "end \(connector.end) off \(child.visualFrame)")
            #expect(attributes == layout.layoutAttributesForSupplementaryView(ofKind: .connector, at: attributes.indexPath))
            checked += 1
        }
        #expect(checked >= 119)
    }

    /// An enlarged item that would stick out of the content is moved inwards; one larger than
    /// the content is centred on it. Its connectors still end on the drawn box.
    @Test(arguments: [2.0, 3.5, 40])
    func focusedItemsStayInsideTheContent(scale: Double) throws {
        let base = try smallGrid()
        let size = base.collectionViewContentSize
        let content = Rect(origin: .zero, size: size)
        for section in 0..<base.dataController.numberOfSections {
            for item in 0..<base.dataController.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let layout = EffectLayout(base: base, effects: [.focus(path, scale: scale)])
                layout.prepare()
                let drawn = layout.layoutAttributesForItem(at: path)!.visualFrame
                if drawn.width <= size.width && drawn.height <= size.height {
                    #expect(content.insetBy(dx: -1e-9, dy: -1e-9).contains(drawn), "\(path) drawn at \(drawn)")
                } else {
                    #expect(abs(drawn.midX - size.width / 2) < 1e-9 || drawn.width <= size.width)
                }
                for connector in allElements(layout).compactMap(\.connector) where connector.parentIndexPath == path {
                    #expect(isOnBoundary(connector.start, of: drawn, tolerance: 1e-6))
                }
                #expect(Set(layout.layoutAttributesForElements(in: drawn.insetBy(dx: drawn.width / 2 - 1, dy: drawn.height / 2 - 1)).map(\.key))
                        .contains(layout.layoutAttributesForItem(at: path)!.key), "found where it is drawn")
            }
        }
    }

    /// Scrolling stops where the wrapped layout stops it (here, the nearest cell centred).
    @Test func scrollingStopsWhereTheBaseLayoutStopsIt() throws {
        let base = SnappingLayout(try smallGrid())
        let proposed = Point(x: 37, y: 61), viewport = Size(width: 100, height: 80)
        let snapped = base.targetContentOffset(forProposedContentOffset: proposed, boundsSize: viewport)
        #expect(snapped != proposed, "the base snaps")
        for effects: [LayoutEffect] in [[.fisheye(center: Point(x: 100, y: 100), radius: nil)], [.focus(IndexPath(item: 1, section: 1), scale: 2)]] {
            let layout = EffectLayout(base: base, effects: effects)
            layout.prepare()
            #expect(layout.targetContentOffset(forProposedContentOffset: proposed, boundsSize: viewport) == snapped, "\(effects)")
        }
    }
}

/// A layout that snaps scrolling to the nearest cell, over another that places the elements.
private final class SnappingLayout: CollectionViewLayout {
    let placed: any CollectionViewLayout
    init(_ placed: any CollectionViewLayout) { self.placed = placed }
    func prepare() { placed.prepare() }
    var collectionViewContentSize: Size { placed.collectionViewContentSize }
    func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) { placed.enumerateLayoutAttributes(in: rect, body) }
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { placed.layoutAttributesForItem(at: indexPath) }
    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        placed.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
    func invalidateLayout(with context: LayoutInvalidationContext) { placed.invalidateLayout(with: context) }
    func targetContentOffset(forProposedContentOffset proposed: Point, boundsSize: Size) -> Point {
        offsetCenteringNearestCell(toProposedContentOffset: proposed, boundsSize: boundsSize)
    }
}
