import CollectionLayout
import Hierarchy

/// Recipes 10-6 and 10-7 generalised to a radial tree: each section (depth) is a ring around
/// the centre, each subtree has its own angular wedge, and a parent sits inside its children's
/// wedge.
///
/// Angles: every item gets an angular wedge, as wide as its box needs on its ring or as its
/// children's wedges together, whichever is more; the wedges of the roots (or of the single
/// root's children) share the whole circle in proportion, and each item's wedge is shared by its
/// children in proportion. An item sits in the middle of its wedge, so a parent lies within its
/// children's angular range, and a ring's items keep tree order. The circle is turned so that the
/// first item of the first ring with several items is at angle 0 (pointing right), turning
/// clockwise: a single ring of n items of one size is the recipe's circle, item i at `2π·i/n`
/// (items of different sizes take steps in proportion to what they need). With labels along the
/// radii, the angles are also found as a tidy tree's columns in arc units (`TidyColumns`: a
/// subtree far out may use the angle beside a leaf near the centre), and the smaller drawing is
/// kept; with no rotation given, a radial tree larger than the view is turned to its least
/// bounding box.
///
/// Radii: the rings are first spaced by their widest boxes and grown together until the wedges
/// fit the circle; then, with the angles fixed, each ring shrinks to the least radius at which
/// its boxes keep `itemPadding` apart along the chord and `ringPadding` from the ring inside (by
/// their half-diagonals), or the recipe's radius if that is more: the outer ring a third of the
/// view's smaller side, the rings evenly inside it, times the clamped scale (a scale above 1
/// grows every radius). A single root sits at the centre.
///
/// The content is the view, or the drawing and its margins if larger, with the drawing in the
/// middle (the centre is in the middle when the drawing is symmetric, as the recipe's is).
/// Any size change moves every ring, so self-sizing re-places the whole circle (O(n)).
public final class CircleLayout: IndexedLayoutBase {
    /// The settings.
    public let configuration: CircleLayoutConfiguration
    /// Ring radii by section, and each item's angle (radians, rotation included).
    public internal(set) var ringRadii: [Double] = []
    var angles: [Double] = []
    /// The centre of the rings.
    public internal(set) var center = Point.zero
    /// Each item's turn about its centre (radians; 0 for upright), for radial labels.
    var turns: [Double] = []
    /// Per section, the radius where its boxes start (radial labels; the ring's own radius for
    /// upright ones) and the widest box's length along the radius.
    var ringOuterRadii: [Double] = []
    /// Radial labels: how far beyond its ring each box starts (its sub-ring), and whether it
    /// takes turns with its neighbours on sub-rings (a wide fan of leaves).
    var subringOffsets: [Double] = []
    var isStaggered: [Bool] = []
    /// The share of its own angle each box needs: 1/k for leaves on k sub-rings.
    var wedgeShares: [Double] = []
    /// Wide fans of leaves drawn as bands (`CircleLayout+Bands`), and each item's run there
    /// (-1: none; empty when no fan is banded).
    var bandedRuns: [BandedRun] = []
    var runOfItem: [Int32] = []
    /// Whether some ring's estimate (`staggerWideFans`) chose the most bands it was allowed:
    /// a ring that would take more.
    var bandsReachedTheirMost = false
    /// How a parent's children not in bands are reached (`findChildRoutes`); empty without connectors.
    var routeOfChildren: [ChildRoute] = []

    /// How a parent's children not in bands are reached.
    enum ChildRoute: UInt8 {
        /// Directly: straight, or a curve in the curved style.
        case direct
        /// Round the middle ring, every one (`ringBus`).
        case ringBus
        /// Straight, also in the curved style: the parent's band connectors leave it straight
        /// for their trunks, which its curves crossed (`/usr/share/zoneinfo`'s America: 1,600
        /// crossings between one parent's own lines).
        case besideBands
    }
    /// The section of every global item.
    lazy var sectionOfItems: [Int32] = {
        var sections = [Int32](repeating: 0, count: dataController.numberOfItems)
        for section in 0..<numberOfSections { for item in items(inSection: section) { sections[item] = Int32(section) } }
        return sections
    }()

    /// Creates a circle layout of a sectioned tree.
    public init(dataController: SectionedTree, configuration: CircleLayoutConfiguration = .init()) {
        precondition(configuration.problem == nil, configuration.problem ?? "")
        self.configuration = configuration
        super.init(dataController: dataController, estimatedItemSize: configuration.itemSize, sectionTitles: [])
    }

    override var drawsConnectors: Bool { configuration.connectorStyle != .none }

    override func placeAllSections() {
        switch configuration.labelDirection {
        case .horizontal: placeUpright()
        case .radial: placeAlongRadii()
        }
        routeOfChildren = findChildRoutes()
    }

    /// Recipe 10-6's radius of a ring, before scaling: the outer ring a third of the view's
    /// smaller side, the rings evenly inside it (a single root at the centre).
    func recipeRadius(ofSection section: Int, singleRoot: Bool) -> Double {
        let steps = Double(singleRoot ? max(1, numberOfSections - 1) : numberOfSections)
        let outerTarget = min(configuration.viewSize.width, configuration.viewSize.height) / 3
        return outerTarget * Double(singleRoot ? section : section + 1) / steps
    }

    /// The drawing, its items' centres around the origin and its bounds `drawn`, in the middle of
    /// the content: the view, or the drawing and its margins if larger.
    func placeInContent(centers: [Point], drawn: (left: Double, right: Double, top: Double, bottom: Double)) {
        let (left, right, top, bottom) = drawn
        let width = max(configuration.viewSize.width, right - left + 2 * configuration.margin)
        let height = max(configuration.viewSize.height, bottom - top + 2 * configuration.margin)
        center = Point(x: width / 2 - (left + right) / 2, y: height / 2 - (top + bottom) / 2)
        for item in 0..<centers.count {
            let size = itemSizes[item]
            cellFrames[item] = Rect(x: center.x + centers[item].x - size.width / 2, y: center.y + centers[item].y - size.height / 2,
                                    width: size.width, height: size.height)
        }
        contentSize = Size(width: width, height: height)
    }

    override func transform(ofItem item: Int) -> Transform3D? {
        guard configuration.labelDirection == .radial, !turns.isEmpty, turns[item] != 0 else { return nil }
        return .rotation(angle: turns[item])
    }

    /// Straight between the boxes' edges, or a curve whose ends follow the radii through the
    /// middle ring between parent and child.
    override func connector(fromParent parent: Int, toChild child: Int, parentPath: IndexPath) -> ConnectorAttributes {
        circleConnector(fromParent: parent, toChild: child, parentPath: parentPath)
    }

    // MARK: Appearing and disappearing (recipe 10-6)

    /// An inserted item starts at the centre, transparent.
    public override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: center)
    }

    /// A deleted item shrinks into the centre and fades out (keeping its turn).
    public override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
        transparentAttributesForItem(at: indexPath, centeredAt: center, scale: 0.1)
    }
}
