import CollectionLayout

/// Inner bus lanes: the buses of a nesting block's panels, between a level's column and the
/// next, share one gap per panel and level.
extension SchematicLayout {
    /// Gives each parent inside a nesting block the lane of its bus: the middle of its panel's
    /// gap, unless its bus and the one before in the panel's level nearly meet
    /// (`abuttingDistance`): then the two alternate between a third and two thirds of the gap.
    /// On one line, a folder's files right after another folder's read as one folder's
    /// (the documentation of Debian's packages: 175 of 186 folders' buses end to end). A
    /// parent whose children hang as a list is led along the list, on no bus. O(nested items).
    func assignInnerBusLanes() {
        innerBusLanes = []
        guard configuration.connectorStyle == .elbow, let plan = wrapPlan, plan.nestsFolders else { return }
        var lanes = [Int8](repeating: 0, count: dataController.numberOfItems)
        let childStarts = dataController.childStarts
        func middle(_ item: Int) -> Double { itemTops[item] + itemHeights[item] / 2 }
        for block in 0..<plan.blockCount where plan.offsetStart[block] >= 0 {
            var runs = [Int(plan.firstItem[block])..<Int(plan.firstItem[block]) + Int(plan.memberCount[block])]
            let levels = Int(plan.levelStart[block])..<Int(plan.levelStart[block]) + Int(plan.nestLevels[block])
            for level in levels.dropLast() {
                runs.append(Int(plan.levelFirst[level])..<Int(plan.levelFirst[level]) + Int(plan.levelCount[level]))
            }
            for run in runs {
                // The bus before in this level and panel (a panel's items are contiguous): its
                // parent, where it ends, its stubs' pitch.
                var previous: (panel: Int, parent: Int, high: Double, pitch: Double)? = nil
                for parent in run {
                    let first = Int(childStarts[parent]), end = Int(childStarts[parent + 1])
                    guard first < end, plan.list(of: first) == nil else { continue }
                    let panel = plan.panelAndLevel(ofMember: parent, inBlock: block).panel
                    let parentY = middle(parent), low = min(middle(first), parentY), high = max(middle(end - 1), parentY)
                    let pitch = end - first > 1 ? (middle(end - 1) - middle(first)) / Double(end - first - 1) : 0
                    if let before = previous, before.panel == panel, low - before.high < Self.abuttingDistance(before.pitch, pitch) {
                        if lanes[before.parent] == 0 { lanes[before.parent] = 1 }
                        lanes[parent] = lanes[before.parent] == 1 ? 2 : 1
                    }
                    previous = (panel, parent, high, pitch)
                }
            }
        }
        innerBusLanes = lanes
    }

    /// The x of a nested parent's bus from its block's left, given its panel's gap: the middle,
    /// or a third or two thirds of the way across (`assignInnerBusLanes`).
    @inline(__always)
    func innerBusX(ofParent parent: Int, out: Double, into: Double) -> Double {
        let lane = parent < innerBusLanes.count ? innerBusLanes[parent] : 0
        return lane == 0 ? (out + into) / 2 : out + (into - out) * Double(lane) / 3
    }
}
