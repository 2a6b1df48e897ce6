import CollectionLayout
import Hierarchy

/// Queries: the elements in a rectangle (a binary search per column), by index path, and
/// where scrolling stops.
extension SchematicLayout {
    // MARK: Queries

    public func enumerateLayoutAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateDecorations(in: rect, kind: .band, body)
        enumeratePanels(in: rect, body)
        enumerate(in: rect, cells: true, connectors: true, body)
        enumerateDecorations(in: rect, kind: .header, body)
    }

    public func enumerateCellAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerate(in: rect, cells: true, connectors: false, body)
    }

    /// Bands or headers of the sections that meet `rect`.
    func enumerateDecorations(in realRect: Rect, kind: ElementKind, _ body: (LayoutAttributes) -> Void) {
        guard isPrepared, kind == .band ? configuration.showsBands : !configuration.depthLabels.isEmpty else { return }
        let rect = axes.canonical(realRect)
        let widestRoom = additionalGapRoom.reduce(0) { max($0, $1.before + $1.after) }
        let half = kind == .band ? (configuration.sectionPadding + widestRoom) / 2 : 0
        var section = partitionPoint(0..<sectionLefts.count) { sectionLefts[$0] + sectionWidths[$0] + half >= rect.minX }
        while section < sectionLefts.count && sectionLefts[section] - half <= rect.maxX {
            if let attributes = decorationAttributes(kind: kind, section: section), attributes.frame.intersects(rect) {
                body(axes.oriented(attributes))
            }
            section += 1
        }
    }

    /// Connectors (zIndex -1) in section order, then cells (zIndex 0) in section order: one
    /// pass, already in drawing order.
    public func enumerateLayoutAttributesInDrawingOrder(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        enumerateDecorations(in: rect, kind: .band, body)
        enumeratePanels(in: rect, body)
        enumerate(in: rect, cells: false, connectors: true, body)
        enumerate(in: rect, cells: true, connectors: false, body)
        enumerateDecorations(in: rect, kind: .header, body)
    }

    /// Section by section, each section's cells then the connectors into it, skipping either kind.
    func enumerate(in realRect: Rect, cells: Bool, connectors: Bool, _ body: (LayoutAttributes) -> Void) {
        guard isPrepared else { return }
        // Item tops are stored without the header room: search with the rect moved up by it.
        let canonical = axes.canonical(realRect)
        var rect = canonical
        rect.origin.y -= headerInset
        let orientation = axes
        // A section's right: its column's edge, or (wrapped) the furthest any block up to it reaches.
        let reaches = sectionReaches
        func reach(_ section: Int) -> Double { reaches.isEmpty ? sectionLefts[section] + sectionWidths[section] : reaches[section] }
        let firstSection = partitionPoint(0..<sectionLefts.count) { reach($0) >= rect.minX }
        // A nesting block's inner members are drawn up to its deepest level's columns earlier
        // (their connectors start there too); other connectors start a column earlier.
        let nestedLevels = wrapPlan?.deepestLevels ?? 0
        var endSection = firstSection
        while endSection < sectionLefts.count && sectionLefts[max(0, endSection - max(1, nestedLevels))] <= rect.maxX {
            endSection += 1
        }
        // Parents of the first visited column's connectors sit one column to the left.
        for section in max(0, firstSection - 1)..<endSection { refreshTops(ofSection: section) }
        for section in max(1, firstSection)..<max(1, endSection) { refreshLanes(ofGap: section) }
        // Local copies: the loops below then read plain arrays, without exclusivity checks.
        let lefts = sectionLefts
        let tops = itemTops, heights = itemHeights
        let starts = dataController.sectionStarts, parents = dataController.parentOfItem
        func middle(_ item: Int) -> Double { tops[item] + heights[item] / 2 }
        // Searches need keys that grow along a column: a wrapped block's members all take the
        // block's extent (its connectors reach up to the line above it).
        let blockOfItem = wrapPlan?.blockOfItem ?? [], blockTops = blockTops, blockHeights = wrapPlan?.heights ?? []
        let wrapped = !blockOfItem.isEmpty, above = configuration.itemPadding / 2
        func cellTop(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] }
            return tops[item]
        }
        func cellBottom(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] + blockHeights[Int(blockOfItem[item])] }
            return tops[item] + heights[item]
        }
        func arrivalLow(_ item: Int) -> Double {
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] - above }
            return middle(item)
        }
        func arrivalHigh(_ item: Int) -> Double {
            // (A hanging list's line runs below it, a list at its block's bottom too.)
            if wrapped, blockOfItem[item] >= 0 { return blockTops[Int(blockOfItem[item])] + blockHeights[Int(blockOfItem[item])] + above }
            return middle(item)
        }

        var section = firstSection
        while section < endSection {
            // The band of a section spans its incoming connectors and its column.
            let left = lefts[max(0, section - nestedLevels)]
            let right = reach(section)
            let items = Int(starts[section])..<Int(starts[section + 1])

            if cells && left <= rect.maxX && right >= rect.minX {
                var item = partitionPoint(items) { cellBottom($0) >= rect.minY }
                while item < items.upperBound && cellTop(item) <= rect.maxY {
                    let frame = frame(ofItem: item, inSection: section)
                    if frame.intersects(canonical) {
                        // Branches, not a conditional expression: that would copy the attributes.
                        let attributes = LayoutAttributes(forCellWith: indexPath(ofItem: item, inSection: section), frame: frame)
                        if orientation.isIdentity { body(attributes) } else { body(orientation.oriented(attributes)) }
                    }
                    item += 1
                }
            }

            if connectors && section > 0 {
                var child = partitionPoint(items) { max(middle(Int(parents[$0])), arrivalHigh($0)) >= rect.minY }
                // The polylines just made, of the child before and of its parent's first child:
                // what `sharedStartEnd` compares with, not made again.
                var before: Polyline? = nil, firstChild: Polyline? = nil, firstParent = -1
                while child < items.upperBound {
                    let parent = Int(parents[child])
                    if min(middle(parent), arrivalLow(child)) > rect.maxY { break }
                    var attributes = connectorAttributes(child: child, parent: parent, subitem: 0, section: section)
                    let isFirst = child == Int(dataController.childStarts[parent])
                    let line = attributes.connector.flatMap { $0.isCurved ? nil : Polyline($0) }
                    if attributes.frame.intersects(canonical) {
                        if !isFirst, let line,
                           let from = sharedStartEnd(of: line, child: child, parent: parent, section: section,
                                                     before: Int(parents[child - 1]) == parent ? before : nil,
                                                     first: firstParent == parent ? firstChild : nil) {
                            attributes.connector?.drawnFrom = from
                        }
                        if orientation.isIdentity { body(attributes) } else { body(orientation.oriented(attributes)) }
                    }
                    before = line
                    if isFirst { (firstChild, firstParent) = (line, parent) }
                    child += 1
                }
                for extra in additionalConnectors[section] {
                    let attributes = connectorAttributes(child: Int(extra.child), parent: Int(extra.parent),
                                                         subitem: Int(extra.subitem), section: section)
                    if attributes.frame.intersects(canonical) { body(axes.oriented(attributes)) }
                }
            }
            section += 1
        }
        if connectors { enumerateDistantConnectors(in: canonical, body) }
    }

    /// The global item of an index path, or nil if it is out of range.
    func globalItem(_ indexPath: IndexPath) -> Int? {
        guard isPrepared, indexPath.section >= 0, indexPath.section < dataController.numberOfSections,
              indexPath.item >= 0, indexPath.item < dataController.numberOfItems(inSection: indexPath.section)
        else { return nil }
        return dataController.globalItem(section: indexPath.section, item: indexPath.item)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.subitem == 0, let item = globalItem(indexPath) else { return nil }
        refreshTops(ofSection: indexPath.section)
        return axes.oriented(cellAttributes(item: item, section: indexPath.section))
    }

    /// The connector into the item at `indexPath` from its primary parent (`subitem` 0) or from
    /// its `subitem`-th additional parent.
    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard kind == .connector, indexPath.section > 0, let child = globalItem(indexPath) else { return nil }
        refreshTops(ofSection: indexPath.section)
        refreshTops(ofSection: indexPath.section - 1)
        refreshLanes(ofGap: indexPath.section)
        let parent: Int
        if indexPath.subitem == 0 {
            parent = Int(dataController.parentOfItem[child])
        } else {
            let extra = dataController.additionalParentsOfItem[Int32(child)] ?? []
            guard indexPath.subitem <= extra.count else {
                return distantConnectorIndex(child: child, subitem: indexPath.subitem).map { axes.oriented(distantConnectorAttributes($0)) }
            }
            parent = Int(extra[indexPath.subitem - 1])
        }
        let attributes = connectorAttributes(child: child, parent: parent, subitem: indexPath.subitem, section: indexPath.section)
        return axes.oriented(markingSharedStart(attributes, child: child, parent: parent, section: indexPath.section))
    }

    public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
        guard isPrepared, indexPath.subitem == 0, indexPath.section >= 0, indexPath.section < sectionLefts.count else { return nil }
        if kind == .panel { return panelAttributes(section: indexPath.section, item: indexPath.item).map(axes.oriented) }
        guard indexPath.item == 0 else { return nil }
        return decorationAttributes(kind: kind, section: indexPath.section).map(axes.oriented)
    }

    /// Scrolling stops with the cell nearest the viewport's centre centred (recipe 10-5, in
    /// both directions), as the HTML page snaps after a pan.
    public func targetContentOffset(forProposedContentOffset proposed: Point, boundsSize: Size) -> Point {
        offsetCenteringNearestCell(toProposedContentOffset: proposed, boundsSize: boundsSize)
    }
}
