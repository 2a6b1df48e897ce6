import CollectionLayout
import Hierarchy

/// The abstract base class of this module's layouts (flow, grid, circle, masonry): what they
/// share — flat storage of every frame, rect queries through spatial indexes, self-sizing
/// (`SelfSizingLayout`), and connectors from each item to its parents. A subclass provides the
/// placement (`placeSection` and `finishPlacement`, or `placeAllSections`); the base class
/// stops with a precondition failure where one is missing.
///
/// Frames are stored relative to their section's origin. A layout whose sections follow one
/// another along an axis (`stackingAxis`: flow, grid, masonry) places one section at a time
/// (`placeSection`); a size change re-places only the sections it touches and moves the later
/// ones by updating their origins, O(sections). Each section has its own index (its cells and
/// the connectors into it, relative to its origin), rebuilt only when that section or the one
/// before it is re-placed; queries binary-search the sections along the axis. A layout whose
/// sections overlap (the circle) places everything at once (`placeAllSections`).
///
/// Elements are numbered in drawing order: headers and footers (zIndex -2, bars behind
/// everything), connectors (zIndex -1), then cells, so a query's elements, sorted by number,
/// are already in drawing order.
public class IndexedLayoutBase: SelfSizingLayout {
    /// The data controller whose sections (depths) and items (nodes) are placed.
    public let dataController: SectionedTree
    /// The size of every item before it reports its own.
    public let estimatedItemSize: Size
    /// Per item in drawing order (section by section), the sizes the first pass starts from
    /// instead of `estimatedItemSize`: the cells' own, measured beforehand, so that the first
    /// pass places every item at its size and no cell reports a change (a circle's trial
    /// drawings are made once, not twice). Read once, by the first `prepare`.
    public var estimatedItemSizes: [Size]?
    /// Titles of the sections' headers, by section; missing ones read "Depth N".
    public let sectionTitles: [String]

    /// The axis along which sections follow one another.
    enum StackingAxis { case vertical, horizontal }

    /// Sizes per global item, as the cells reported them.
    var itemSizes: [Size] = []
    /// Frames per global item, relative to their section's origin.
    var cellFrames: [Rect] = []
    /// Header and footer frames per section, relative to its origin; nil where there is none.
    var headerFrames: [Rect?] = []
    var footerFrames: [Rect?] = []
    /// Where each section starts, and how long it is along the stacking axis.
    var sectionOrigins: [Point] = []
    var sectionExtents: [Double] = []
    /// The section of every global item.
    var sectionOfItem: [Int32] = []
    /// The content size, set by `finishPlacement` or `placeAllSections`.
    var contentSize = Size.zero

    // Connectors as flat lists sorted by child, then subitem; those into a global item `c`
    // are `connectorsOfItem[c]..<connectorsOfItem[c + 1]`.
    var connectorChildren: [Int32] = []
    var connectorParents: [Int32] = []
    var connectorSubitems: [Int32] = []
    var connectorsOfItem: [Int32] = []

    /// Whether `prepare()` has run since the data was last invalidated.
    public internal(set) var isPrepared = false
    /// Sections whose items changed size since the last `prepare()`.
    var sectionsToPlace: Set<Int> = []
    /// Per section, the index of its cells and the index of the connectors into it, relative to
    /// its origin; nil until a query needs it after the section (or, for connectors, the one
    /// before) was placed. Apart, so that cell queries (self-sizing) never compute connectors.
    var cellIndexes: [SpatialIndex?] = []
    var connectorIndexes: [SpatialIndex?] = []
    /// Headers and footers as elements: (section, isFooter), in section order, and each
    /// section's first such element.
    var supplementaryElements: [(section: Int32, isFooter: Bool)] = []
    var supplementaryOfSection: [Int32] = []

    /// Instrumentation: the sections the last `prepare()` placed again, in order.
    public internal(set) var lastPlacedSections: [Int] = []
    /// Instrumentation: the sections whose origin the last `prepare()` recomputed.
    public internal(set) var lastMovedSections: Range<Int> = 0..<0
    /// Instrumentation: how many section indexes of cells, and of connectors, have been built.
    public internal(set) var cellIndexesBuilt = 0
    public internal(set) var connectorIndexesBuilt = 0

    init(dataController: SectionedTree, estimatedItemSize: Size, sectionTitles: [String]) {
        self.dataController = dataController
        self.estimatedItemSize = estimatedItemSize
        self.sectionTitles = sectionTitles
    }

    // MARK: What subclasses provide

    /// The axis sections follow one another along, or nil when they overlap (placed at once).
    var stackingAxis: StackingAxis? { nil }

    /// Stacked layouts: sets the frames of a section's items and its header and footer,
    /// relative to the section's origin, and returns the section's length along the axis.
    func placeSection(_ section: Int) -> Double {
        preconditionFailure("a stacked layout places its sections")
    }

    /// Stacked layouts: sets `contentSize` (and anything that spans sections) once the
    /// sections are placed and their origins known.
    func finishPlacement() {
        preconditionFailure("a stacked layout sets its content size")
    }

    /// Other layouts: sets every frame (section origins are zero) and `contentSize`.
    func placeAllSections() {
        preconditionFailure("a layout places its items")
    }

    /// Whether connectors link each item to its parents.
    var drawsConnectors: Bool { false }

    /// The connector path between a parent's and a child's frames. The default is a straight
    /// line between the boxes' edges, along the line joining their centres.
    func connector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        let from = frame(ofItem: parent), to = frame(ofItem: child)
        let start = Self.edgePoint(of: from, towards: Point(x: to.midX, y: to.midY))
        let end = Self.edgePoint(of: to, towards: Point(x: from.midX, y: from.midY))
        return ConnectorAttributes(parentIndexPath: parentPath, lineStartTop: start.y > end.y, start: start, end: end)
    }

    /// The size a cell's preferred size becomes in this layout (a masonry column keeps its width).
    func appliedSize(_ preferred: Size, ofItem item: Int) -> Size { preferred }

    /// The transform a cell is drawn with, about its centre (a circle turns its labels along the
    /// radii); nil for none. Rect queries then match the transformed box's bounding box.
    func transform(ofItem item: Int) -> Transform3D? { nil }

    /// The point where the ray from a box's centre towards `target` leaves the box (also when
    /// `target` lies inside it).
    static func edgePoint(of box: Rect, towards target: Point) -> Point {
        let dx = target.x - box.midX, dy = target.y - box.midY
        if dx == 0 && dy == 0 { return Point(x: box.midX, y: box.midY) }
        let scaleX = dx == 0 ? Double.infinity : (box.width / 2) / abs(dx)
        let scaleY = dy == 0 ? Double.infinity : (box.height / 2) / abs(dy)
        let scale = min(scaleX, scaleY)
        return Point(x: box.midX + dx * scale, y: box.midY + dy * scale)
    }

    // MARK: Helpers for subclasses

    /// Stacked layouts place as if sections ran down the page (x across them, y along) and
    /// transpose when sections run across (`stackingAxis` horizontal).
    var axes: AxisMapping { AxisMapping(transposes: stackingAxis == .horizontal) }

    /// The global items of a section.
    func items(inSection section: Int) -> Range<Int> {
        Int(dataController.sectionStarts[section])..<Int(dataController.sectionStarts[section + 1])
    }

    var numberOfSections: Int { dataController.numberOfSections }

    func indexPath(ofItem item: Int) -> IndexPath {
        let section = Int(sectionOfItem[item])
        return IndexPath(item: item - Int(dataController.sectionStarts[section]), section: section)
    }

    /// A global item's frame in content coordinates.
    @inline(__always)
    func frame(ofItem item: Int) -> Rect {
        let origin = sectionOrigins[Int(sectionOfItem[item])]
        var frame = cellFrames[item]
        frame.origin.x += origin.x
        frame.origin.y += origin.y
        return frame
    }

    /// A section's header or footer in content coordinates.
    func supplementaryFrame(section: Int, isFooter: Bool) -> Rect? {
        guard var frame = isFooter ? footerFrames[section] : headerFrames[section] else { return nil }
        frame.origin.x += sectionOrigins[section].x
        frame.origin.y += sectionOrigins[section].y
        return frame
    }

    // MARK: Preparing

    public func prepare() {
        let sectionCount = numberOfSections
        if !isPrepared {
            let count = dataController.numberOfItems
            itemSizes = [Size](repeating: estimatedItemSize, count: count)
            if let sizes = estimatedItemSizes, sizes.count == count {
                for item in 0..<count { itemSizes[item] = appliedSize(sizes[item], ofItem: item) }
            } else {
                for item in 0..<count { itemSizes[item] = appliedSize(estimatedItemSize, ofItem: item) }
            }
            estimatedItemSizes = nil
            cellFrames = [Rect](repeating: .zero, count: count)
            headerFrames = [Rect?](repeating: nil, count: sectionCount)
            footerFrames = [Rect?](repeating: nil, count: sectionCount)
            sectionOrigins = [Point](repeating: .zero, count: sectionCount)
            sectionExtents = [Double](repeating: 0, count: sectionCount)
            sectionOfItem = [Int32](repeating: 0, count: count)
            for section in 0..<sectionCount { for item in items(inSection: section) { sectionOfItem[item] = Int32(section) } }
            buildConnectors()
            sectionsToPlace = Set(0..<sectionCount)
            isPrepared = true
        }
        guard !sectionsToPlace.isEmpty else {
            lastPlacedSections = []
            lastMovedSections = 0..<0
            return
        }
        let placed = sectionsToPlace.sorted()
        let first = placed[0]
        if cellIndexes.count != sectionCount {
            cellIndexes = [SpatialIndex?](repeating: nil, count: sectionCount)
            connectorIndexes = [SpatialIndex?](repeating: nil, count: sectionCount)
        }
        if let axis = stackingAxis {
            for section in placed {
                sectionExtents[section] = placeSection(section)
                cellIndexes[section] = nil
                connectorIndexes[section] = nil
                if section + 1 < sectionCount { connectorIndexes[section + 1] = nil }
            }
            // Later sections keep their frames; only their origins move.
            var position = first == 0 ? 0 : (axis == .vertical ? sectionOrigins[first - 1].y : sectionOrigins[first - 1].x) + sectionExtents[first - 1]
            for section in first..<sectionCount {
                sectionOrigins[section] = axis == .vertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
                position += sectionExtents[section]
            }
            finishPlacement()
            lastMovedSections = first..<sectionCount
        } else {
            placeAllSections()
            for section in 0..<sectionCount {
                cellIndexes[section] = nil
                connectorIndexes[section] = nil
            }
            lastMovedSections = 0..<sectionCount
        }
        // Headers and footers: O(sections).
        supplementaryElements = []
        supplementaryOfSection = [Int32](repeating: 0, count: sectionCount + 1)
        for section in 0..<sectionCount {
            supplementaryOfSection[section] = Int32(supplementaryElements.count)
            if headerFrames[section] != nil { supplementaryElements.append((Int32(section), false)) }
            if footerFrames[section] != nil { supplementaryElements.append((Int32(section), true)) }
        }
        supplementaryOfSection[sectionCount] = Int32(supplementaryElements.count)
        lastPlacedSections = placed
        sectionsToPlace = []
    }

    private func buildConnectors() {
        connectorChildren = []
        connectorParents = []
        connectorSubitems = []
        let count = dataController.numberOfItems
        connectorsOfItem = [Int32](repeating: 0, count: count + 1)
        guard drawsConnectors else { return }
        let parents = dataController.parentOfItem
        for child in 0..<count {
            connectorsOfItem[child] = Int32(connectorChildren.count)
            let parent = parents[child]
            guard parent >= 0 else { continue }
            connectorChildren.append(Int32(child))
            connectorParents.append(parent)
            connectorSubitems.append(0)
            // Additional parents, then those two or more levels up (no columns here to cross).
            let extra = dataController.additionalParentsOfItem[Int32(child)] ?? []
            for (offset, other) in (extra + (dataController.distantParentsOfItem[Int32(child)] ?? [])).enumerated() {
                connectorChildren.append(Int32(child))
                connectorParents.append(other)
                connectorSubitems.append(Int32(offset + 1))
            }
        }
        connectorsOfItem[count] = Int32(connectorChildren.count)
    }

    public var collectionViewContentSize: Size { contentSize }

    // MARK: Invalidation

    public func makeInvalidationContext() -> LayoutInvalidationContext { SelfSizingInvalidationContext() }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    public func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: LayoutAttributes,
                                       withOriginalAttributes original: LayoutAttributes) -> Bool {
        guard original.representedElementCategory == .cell, let item = globalItem(original.indexPath) else { return false }
        return appliedSize(preferred.size, ofItem: item) != itemSizes[item]
    }

    /// A new size moves the section's header and footer and the connectors into and out of
    /// it; the sections after it move as a whole (stacked layouts).
    public func supplementaryElementsMoved(bySizeIn section: Int) -> [(kind: ElementKind, section: Int)] {
        var moved: [(kind: ElementKind, section: Int)] = [(.header, section), (.footer, section)]
        if drawsConnectors {
            if section > 0 { moved.append((.connector, section)) }
            if section + 1 < numberOfSections { moved.append((.connector, section + 1)) }
        }
        return moved
    }

    public func discardPreparation() { isPrepared = false }

    public func applySize(_ size: Size, toItemAt indexPath: IndexPath) {
        guard let item = globalItem(indexPath) else { return }
        let applied = appliedSize(size, ofItem: item)
        guard applied != itemSizes[item] else { return }
        itemSizes[item] = applied
        if stackingAxis != nil {
            sectionsToPlace.insert(indexPath.section)
        } else if sectionsToPlace.count < numberOfSections {
            // Overlapping sections move together: everything is placed again.
            sectionsToPlace = Set(0..<numberOfSections)
        }
    }

    // MARK: Appearing and disappearing

    /// Records nothing by default; a subclass overrides it to keep a batch update's items
    /// (`CollectionView.performBatchUpdates(_:)`).
    public func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Forgets nothing by default (see `prepare(forCollectionViewUpdates:)`).
    public func finalizeCollectionViewUpdates() {}

    /// By default an item fades in where it will end up (UIKit's default).
    public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath)
    }

    /// By default an item fades out where it was.
    public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath)
    }
}
