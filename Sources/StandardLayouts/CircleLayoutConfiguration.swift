import CollectionLayout

/// How a circle draws its connectors.
public enum CircleConnectorStyle: String, CaseIterable, Hashable, Sendable {
    /// No connectors.
    case none
    /// Straight lines between the boxes' edges.
    case straight
    /// Cubic curves leaving the parent and entering the child along their radii.
    case curved
}

/// How a circle turns its boxes.
public enum CircleLabelDirection: String, CaseIterable, Hashable, Sendable {
    /// Along the radii, each box starting at its ring and reading outwards (turned half a turn
    /// on the left, so that text never reads upside down), as radial trees and phylogenies draw
    /// labels: a ring then needs only the boxes' heights around it, not their widths.
    case radial
    /// Upright boxes centred on their rings (recipe 10-6's cells).
    case horizontal
}

/// The settings of `CircleLayout`.
public struct CircleLayoutConfiguration: Hashable, Sendable {
    /// The size of every item until it sizes itself.
    public var itemSize = Size(width: 120, height: 40)
    /// The collection view's bounds: the outer ring's radius is a third of the smaller side
    /// (recipe 10-6), unless the items need more room.
    public var viewSize = Size(width: 800, height: 800)
    /// Degrees added to every angle, clockwise (recipe 10-7's rotation). Nil: none, except that
    /// a radial tree drawn larger than the view is turned to the least content (its bounding
    /// box; a lopsided tree fits a page larger when its long arm lies along a diagonal).
    public var rotation: Double?
    /// Scales the rings' radii (recipe 10-7's pinch), clamped to 0.5–1.3; rings never come
    /// closer than their items allow.
    public var scale = 1.0
    /// The least space between neighbouring items of a ring.
    public var itemPadding = 10.0
    /// The least space between the items of neighbouring rings.
    public var ringPadding = 24.0
    /// Space around the drawing.
    public var margin = 20.0
    /// Connector lines.
    public var connectorStyle = CircleConnectorStyle.straight
    /// Boxes along the radii (the default) or upright.
    public var labelDirection = CircleLabelDirection.radial

    public init() {}

    /// The scale actually applied.
    public var clampedScale: Double { min(max(scale, 0.5), 1.3) }

    /// Why the configuration cannot be laid out, or nil if it can.
    public var problem: String? {
        if !(itemSize.width > 0 && itemSize.height > 0 && itemSize.width.isFinite && itemSize.height.isFinite) {
            return "the item size must be positive and finite"
        }
        if !(viewSize.width > 0 && viewSize.height > 0 && viewSize.width.isFinite && viewSize.height.isFinite) {
            return "the width and height must be positive and finite"
        }
        if !(rotation ?? 0).isFinite || !scale.isFinite { return "the rotation and scale must be finite" }
        if [itemPadding, ringPadding, margin].contains(where: { !($0 >= 0 && $0.isFinite) }) {
            return "the paddings and margin must be zero or more"
        }
        return nil
    }
}
