import CollectionLayout

extension CollectionViewLayout {
    /// Whether normal nodes at odd depths are drawn paler: only where depths do not each keep
    /// a column of their own, so the column cannot say a node's depth (a wrapped fan's later
    /// sub-columns stand beside the next depth's, panels nest, a circle's rings interleave).
    /// Where every depth is a column apart, alternating fills only read as a meaning the tree
    /// does not have (files and folders, keys and values: two new-user trials). A depth keeps a
    /// column apart where the depths' extents along one axis follow one another without
    /// overlapping, in either direction. One pass over the cells, O(n).
    func depthsShareColumns() -> Bool {
        var low: [(x: Double, y: Double)] = [], high: [(x: Double, y: Double)] = []
        let size = collectionViewContentSize
        enumerateCellAttributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) { attributes in
            guard !attributes.isHidden else { return }
            let section = attributes.indexPath.section, frame = attributes.visualFrame
            while low.count <= section {
                low.append((.infinity, .infinity))
                high.append((-.infinity, -.infinity))
            }
            low[section] = (min(low[section].x, frame.minX), min(low[section].y, frame.minY))
            high[section] = (max(high[section].x, frame.maxX), max(high[section].y, frame.maxY))
        }
        let present = low.indices.filter { low[$0].x.isFinite }
        guard present.count > 1 else { return false }
        let tolerance = 0.5
        func apart(_ lowOf: (Int) -> Double, _ highOf: (Int) -> Double) -> Bool {
            var forward = true, backward = true
            for (before, after) in zip(present, present.dropFirst()) {
                if highOf(before) > lowOf(after) + tolerance { forward = false }
                if highOf(after) > lowOf(before) + tolerance { backward = false }
            }
            return forward || backward
        }
        return !(apart({ low[$0].x }, { high[$0].x }) || apart({ low[$0].y }, { high[$0].y }))
    }
}
