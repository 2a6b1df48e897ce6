import CollectionLayout
import Hierarchy

/// The elements of an indexed layout and the queries that find them through each section's
/// spatial index.
extension IndexedLayoutBase {
    // MARK: Elements

    private var connectorCount: Int { connectorChildren.count }
    private var barCount: Int { supplementaryElements.count }
    private var elementCount: Int { barCount + connectorCount + cellFrames.count }

    private func connectorAttributes(_ connector: Int) -> LayoutAttributes {
        let child = Int(connectorChildren[connector]), parent = Int(connectorParents[connector])
        var path = indexPath(ofItem: child)
        path.subitem = Int(connectorSubitems[connector])
        let geometry = self.connector(fromParent: parent, toChild: child, parentPath: indexPath(ofItem: parent))
        var attributes = LayoutAttributes(forSupplementaryViewOfKind: .connector, with: path, frame: Self.bounds(of: geometry))
        attributes.zIndex = -1
        attributes.connector = geometry
        return attributes
    }

    /// The rectangle holding a connector's path (for a curve, its control points, which hold it).
    static func bounds(of connector: ConnectorAttributes) -> Rect {
        var minX = connector.start.x, maxX = minX, minY = connector.start.y, maxY = minY
        for point in connector.isCurved ? connector.path : [connector.start, connector.turnOut, connector.turnIn, connector.end] + connector.via {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private func cellAttributes(_ item: Int) -> LayoutAttributes {
        var attributes = LayoutAttributes(forCellWith: indexPath(ofItem: item), frame: frame(ofItem: item))
        if let transform = transform(ofItem: item) { attributes.transform = transform }
        return attributes
    }

    private func supplementaryAttributes(section: Int, isFooter: Bool) -> LayoutAttributes? {
        guard let frame = supplementaryFrame(section: section, isFooter: isFooter) else { return nil }
        var attributes = LayoutAttributes(forSupplementaryViewOfKind: isFooter ? .footer : .header,
                                          with: IndexPath(item: 0, section: section), frame: frame)
        attributes.zIndex = -2
        if isFooter {
            let count = items(inSection: section).count
            attributes.text = count == 1 ? "1 node" : "\(count) nodes"
        } else {
            attributes.text = section < sectionTitles.count && !sectionTitles[section].isEmpty ? sectionTitles[section] : "Depth \(section)"
        }
        return attributes
    }

    private func attributes(ofElement element: Int) -> LayoutAttributes {
        if element < barCount {
            let supplementary = supplementaryElements[element]
            return supplementaryAttributes(section: Int(supplementary.section), isFooter: supplementary.isFooter)!
        }
        let connector = element - barCount
        if connector < connectorCount { return connectorAttributes(connector) }
        return cellAttributes(connector - connectorCount)
    }

    /// A section's cells, relative to its origin.
    private func cellIndex(ofSection section: Int) -> SpatialIndex {
        if let index = cellIndexes[section] { return index }
        let index = SpatialIndex(boxes: items(inSection: section).map { item in
            transform(ofItem: item)?.boundingBox(ofFrame: cellFrames[item]) ?? cellFrames[item]
        })
        cellIndexes[section] = index
        cellIndexesBuilt += 1
        return index
    }

    /// The connectors into a section's items, relative to its origin.
    private func connectorIndex(ofSection section: Int) -> SpatialIndex {
        if let index = connectorIndexes[section] { return index }
        let origin = sectionOrigins[section]
        let index = SpatialIndex(boxes: connectors(intoSection: section).map { connector in
            var frame = connectorAttributes(connector).frame
            frame.origin.x -= origin.x
            frame.origin.y -= origin.y
            return frame
        })
        connectorIndexes[section] = index
        connectorIndexesBuilt += 1
        return index
    }

    /// The connectors into a section's items (they are sorted by child).
    private func connectors(intoSection section: Int) -> Range<Int> {
        let range = items(inSection: section)
        return Int(connectorsOfItem[range.lowerBound])..<Int(connectorsOfItem[range.upperBound])
    }

    /// The sections whose elements may meet `rect`: for stacked sections, those whose span along
    /// the axis (from the previous section's start, where connectors into it begin) meets it.
    private func sections(meeting rect: Rect) -> Range<Int> {
        let sectionCount = numberOfSections
        guard let axis = stackingAxis else { return 0..<sectionCount }
        let low = axis == .vertical ? rect.minY : rect.minX
        let high = axis == .vertical ? rect.maxY : rect.maxX
        func start(_ section: Int) -> Double { axis == .vertical ? sectionOrigins[section].y : sectionOrigins[section].x }
        var first = 0, end = sectionCount
        while first < end {
            let middle = (first + end) / 2
            if start(middle) + sectionExtents[middle] >= low { end = middle } else { first = middle + 1 }
        }
        var last = first
        while last < sectionCount && start(drawsConnectors && last > 0 ? last - 1 : last) <= high { last += 1 }
        return first..<last
    }

    /// Calls `body` with the elements in `range` whose frames meet `rect`, in element order.
    private func enumerateElements(_ range: Range<Int>, in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        guard isPrepared, !range.isEmpty else { return }
        if rect.contains(Rect(origin: .zero, size: contentSize)) {
            // Everything is asked for (a renderer): no index needed.
            for element in range {
                let attributes = attributes(ofElement: element)
                if attributes.visualFrame.intersects(rect) { body(attributes) }
            }
            return
        }
        var found: [Int] = []
        let firstCellElement = barCount + connectorCount
        let wantsBars = range.lowerBound < barCount
        let wantsConnectors = range.overlaps(barCount..<firstCellElement)
        let wantsCells = range.upperBound > firstCellElement
        for section in sections(meeting: rect) {
            let origin = sectionOrigins[section]
            // Widened by a rounding error: `local + origin` and `rect - origin` can round apart, so
            // candidates are checked against the exact content-coordinate frames below.
            let slack = 1e-9 * (1 + abs(origin.x) + abs(origin.y) + abs(rect.maxX) + abs(rect.maxY))
            let local = Rect(x: rect.minX - origin.x - slack, y: rect.minY - origin.y - slack,
                             width: rect.width + 2 * slack, height: rect.height + 2 * slack)
            if wantsCells {
                let firstItem = Int(dataController.sectionStarts[section])
                cellIndex(ofSection: section).forEachElement(intersecting: local) { found.append(firstCellElement + firstItem + $0) }
            }
            let into = connectors(intoSection: section)
            if wantsConnectors && !into.isEmpty {
                connectorIndex(ofSection: section).forEachElement(intersecting: local) { found.append(barCount + into.lowerBound + $0) }
            }
            for element in Int(supplementaryOfSection[section])..<Int(supplementaryOfSection[section + 1]) where wantsBars {
                let supplementary = supplementaryElements[element]
                if supplementaryFrame(section: section, isFooter: supplementary.isFooter)!.intersects(rect) {
                    found.append(element)
                }
            }
        }
        found.sort()
        for element in found where range.contains(element) {
            let attributes = attributes(ofElement: element)
            if attributes.visualFrame.intersects(rect) { body(attributes) }
        }
    }

    // MARK: Queries

    public func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateElements(0..<elementCount, in: rect, body)
    }

    /// Element numbers already run in drawing order.
    public func enumerateLayoutAttributesInDrawingOrder(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateElements(0..<elementCount, in: rect, body)
    }

    public func enumerateCellAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateElements((barCount + connectorCount)..<elementCount, in: rect, body)
    }

    /// The global item of an index path, or nil if there is none.
    func globalItem(_ indexPath: IndexPath) -> Int? {
        guard isPrepared, indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.item >= 0,
              indexPath.item < dataController.numberOfItems(inSection: indexPath.section) else { return nil }
        return dataController.globalItem(section: indexPath.section, item: indexPath.item)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.subitem == 0, let item = globalItem(indexPath) else { return nil }
        return cellAttributes(item)
    }

    /// A connector (`subitem` 0 from the primary parent, n from the n-th additional parent), or
    /// a section's header or footer (item 0).
    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        switch kind {
        case .connector:
            guard let child = globalItem(IndexPath(item: indexPath.item, section: indexPath.section)), indexPath.subitem >= 0 else { return nil }
            let connector = Int(connectorsOfItem[child]) + indexPath.subitem
            guard connector < Int(connectorsOfItem[child + 1]) else { return nil }
            return connectorAttributes(connector)
        case .header, .footer:
            guard isPrepared, indexPath.item == 0, indexPath.subitem == 0,
                  indexPath.section >= 0, indexPath.section < numberOfSections else { return nil }
            return supplementaryAttributes(section: indexPath.section, isFooter: kind == .footer)
        default:
            return nil
        }
    }

    public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? { nil }
}
