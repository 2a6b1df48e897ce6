extension CollectionViewLayout {
    /// The cell whose centre is nearest `point` (the first in query order among equals), or nil
    /// if there is no cell. Searches the cells that meet `near` first, then the square around
    /// `point` that any nearer centre must lie in, so it reads the cells near `point`, not all.
    public func nearestCell(to point: Point, near: Rect) -> LayoutAttributes? {
        func nearest(in rect: Rect) -> (attributes: LayoutAttributes, distance: Double)? {
            var best: (attributes: LayoutAttributes, distance: Double)?
            enumerateCellAttributes(in: rect) { attributes in
                let dx = attributes.center.x - point.x, dy = attributes.center.y - point.y
                let distance = dx * dx + dy * dy
                if best == nil || distance < best!.distance { best = (attributes, distance) }
            }
            return best
        }
        let size = collectionViewContentSize
        guard let found = nearest(in: near) ?? nearest(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) else {
            return nil
        }
        let radius = found.distance.squareRoot()
        let square = Rect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)
        guard !(near.minX <= square.minX && near.minY <= square.minY && near.maxX >= square.maxX && near.maxY >= square.maxY) else {
            return found.attributes
        }
        return nearest(in: square)?.attributes ?? found.attributes
    }

    /// The offset that centres the cell nearest the centre of a viewport at `proposed`:
    /// recipe 10-5's snapping, in both directions; `proposed` when there is no cell.
    public func offsetCenteringNearestCell(toProposedContentOffset proposed: Point, boundsSize: Size) -> Point {
        let viewport = Rect(origin: proposed, size: boundsSize)
        guard let cell = nearestCell(to: Point(x: viewport.midX, y: viewport.midY), near: viewport) else { return proposed }
        return Point(x: cell.center.x - boundsSize.width / 2, y: cell.center.y - boundsSize.height / 2)
    }
}
