import CollectionLayout

/// Panels: a card behind each panel of a nesting block (`panel` decoration views).
///
/// A nesting block lays its panels side by side along the depth axis, so a later panel's
/// first level stands where an earlier panel's deeper levels are: without a frame, a folder's
/// files right of the panel before read as children of that panel's deepest boxes (a shell's
/// `grep` and `tail` beside the compiler it runs; Node's `agent.createConnection` beside
/// `keepAlive`'s notes). Each panel gets a card, hanging from the line over the block (the
/// card's top is on that line), its own bus inside it.
extension SchematicLayout {
    /// Frames every nesting block's panels around their members, in canonical coordinates.
    /// O(nested members).
    func framePanels() {
        panelFrames.removeAll(keepingCapacity: true)
        panelSections.removeAll(keepingCapacity: true)
        panelIndex = nil
        guard let plan = wrapPlan, plan.nestsFolders else { return }
        defer { if !panelFrames.isEmpty { panelIndex = SpatialIndex(boxes: panelFrames) } }
        // Two thirds of the bus inset beside the boxes: the cards of one block keep apart by
        // more than they reach past their boxes (a full inset left 6 px between them).
        let rise = configuration.itemPadding * Self.blockBusRise, side = plan.busInset * 2 / 3
        let starts = dataController.sectionStarts
        var bounds: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        var cardsEnd = (x: 0.0, y: 0.0)
        for block in 0..<plan.blockCount where plan.offsetStart[block] >= 0 {
            let first = Int(plan.firstItem[block])
            // The block's section: the last whose start is at or before its first member.
            let section = partitionPoint(0..<starts.count) { Int(starts[$0]) > first } - 1
            let panelCount = Int(plan.columns[block])
            bounds = Array(repeating: (.infinity, .infinity, -.infinity, -.infinity), count: panelCount)
            for panel in 0..<panelCount {
                // Its bus runs before its first level's boxes, inside the card.
                let bus = sectionLefts[section] + plan.busX(ofColumn: panel, inBlock: block)
                bounds[panel].minX = bus
            }
            var index = Int(plan.offsetStart[block])
            func add(_ items: Range<Int>, section: Int) {
                for item in items {
                    let panel = Int(plan.memberColumns[index]), frame = frame(ofItem: item, inSection: section)
                    index += 1
                    bounds[panel].minX = min(bounds[panel].minX, frame.minX)
                    bounds[panel].minY = min(bounds[panel].minY, frame.minY)
                    bounds[panel].maxX = max(bounds[panel].maxX, frame.maxX)
                    bounds[panel].maxY = max(bounds[panel].maxY, frame.maxY)
                }
            }
            add(first..<first + Int(plan.memberCount[block]), section: section)
            let levels = Int(plan.levelStart[block])..<Int(plan.levelStart[block]) + Int(plan.nestLevels[block])
            for (depth, level) in levels.enumerated() {
                let levelFirst = Int(plan.levelFirst[level])
                add(levelFirst..<levelFirst + Int(plan.levelCount[level]), section: section + 1 + depth)
            }
            // The card's top on the line over the block; below, room for a hanging list's line
            // past its far side (`rise` beyond it) and as much again.
            for bound in bounds where bound.maxY > bound.minY {
                let minX = bound.minX - side, minY = bound.minY - rise
                let maxX = bound.maxX + side, maxY = bound.maxY + 2 * rise
                panelFrames.append(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
                panelSections.append(Int32(section))
                cardsEnd = (max(cardsEnd.x, maxX), max(cardsEnd.y, maxY))
            }
        }
        // The content holds the cards with the margin it keeps beyond boxes (cards at its far
        // edge were cut there, and drawn touching the drawing's edge).
        let margin = configuration.itemPadding / 2
        contentSize = Size(width: max(contentSize.width, cardsEnd.x + margin), height: max(contentSize.height, cardsEnd.y + margin))
    }

    /// The panel decoration at `item` among its section's, in canonical coordinates.
    func panelAttributes(section: Int, item: Int) -> LayoutAttributes? {
        let first = partitionPoint(0..<panelSections.count) { Int(panelSections[$0]) >= section }
        guard item >= 0, first + item < panelSections.count, Int(panelSections[first + item]) == section else { return nil }
        return panelAttributes(at: first + item)
    }

    /// The panel decoration of the `index`th card, in canonical coordinates.
    func panelAttributes(at index: Int) -> LayoutAttributes {
        let section = Int(panelSections[index])
        let first = partitionPoint(0..<index) { Int(panelSections[$0]) >= section }
        var attributes = LayoutAttributes(forDecorationViewOfKind: .panel, with: IndexPath(item: index - first, section: section),
                                          frame: panelFrames[index])
        attributes.zIndex = -2
        return attributes
    }

    /// The panels that meet `realRect`, in block order: from the spatial index, so a viewport's
    /// query costs the cards near it, not every card (a 100,000-entry tree has thousands).
    func enumeratePanels(in realRect: Rect, _ body: (LayoutAttributes) -> Void) {
        guard isPrepared, let panelIndex else { return }
        for index in panelIndex.elements(intersecting: axes.canonical(realRect)) {
            body(axes.oriented(panelAttributes(at: index)))
        }
    }
}
