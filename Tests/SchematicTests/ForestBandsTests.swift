import CollectionLayout
import Hierarchy
import Schematic
import SchematicLayout
import Testing
import TestSupport

/// The trees of a forest keep bands of their own along the columns: no box of a tree lies
/// beside or below a box of a later tree (a Kubernetes manifest's Deployment reached down
/// beside its Service, and the Deployment's lines ran between the Service's boxes).
@Suite struct ForestBandsTests {
    /// Per root, the span along the columns of its tree's boxes, in root order.
    func bands(_ diagram: Diagram) -> [(low: Double, high: Double)] {
        let layout = diagram.layout, sections = diagram.dataController
        let vertical = diagram.configuration.orientation == .tb || diagram.configuration.orientation == .bt
        // Items follow their parents, so a parent's root is known first.
        var rootOfItem: [Int] = []
        for item in 0..<sections.numberOfItems {
            let parent = Int(sections.parentOfItem[item])
            rootOfItem.append(parent < 0 ? item : rootOfItem[parent])
        }
        var spans: [Int: (low: Double, high: Double)] = [:]
        for attributes in layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
        where attributes.representedElementCategory == .cell {
            let item = sections.globalItem(section: attributes.indexPath.section, item: attributes.indexPath.item)
            let frame = attributes.frame
            let (low, high) = vertical ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
            let root = rootOfItem[item]
            spans[root] = spans[root].map { (min($0.low, low), max($0.high, high)) } ?? (low, high)
        }
        return spans.keys.sorted().map { spans[$0]! }
    }

    /// Two documents: the first deep at its end, the second shallow; and a third tree after.
    func manifest() throws -> Tree {
        try OutlineReader().read(Array("""
            document 1
              kind
                Deployment
              spec
                template
                  spec
                    containers
                      nginx
                        image
                        ports
                        env
                      sidecar
                        image
                        command
            document 2
              kind
                Service
              metadata
                name
            document 3
              x

            """.utf8), file: "manifest.txt")
    }

    @Test(arguments: [SchematicAlignment.compact, .tidy], [SchematicOrientation.lr, .tb])
    func treesDoNotReachIntoEachOther(alignment: SchematicAlignment, orientation: SchematicOrientation) throws {
        var options = DiagramOptions()
        options.configuration.alignment = alignment
        options.configuration.orientation = orientation
        let diagram = try Diagram(tree: manifest(), options: options)
        let spans = bands(diagram)
        #expect(spans.count == 3)
        for (earlier, later) in zip(spans, spans.dropFirst()) {
            #expect(later.low >= earlier.high + diagram.configuration.itemPadding - 0.5, "\(spans)")
        }
    }

    /// A compose file: once `volumes` lies below the services, `cache` has room level with its
    /// only child `image` (the relaxation had bent the link, `image` a row below beside `db`'s
    /// keys): every only child is level with its parent (`CompactPlacement.straightenBentLinks`).
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func onlyChildrenTheBandsLeaveRoomForAreLevel(orientation: SchematicOrientation) throws {
        let tree = try OutlineReader().read(Array("""
            services
              web
                image
                  nginx:1.25
                ports
                  80:80
                  443:443
                depends_on
                  api
                  cache
                volumes
                  static:/usr/share/nginx/html
              api
                build
                  ./api
                environment
                  DATABASE_URL
                    postgres://db/app
                  REDIS_URL
                    redis://cache:6379
                depends_on
                  db
                  cache
              db
                image
                  postgres:16
                volumes
                  dbdata:/var/lib/postgresql/data
              cache
                image
                  redis:7
            volumes
              static
              dbdata

            """.utf8), file: "compose.txt")
        var options = DiagramOptions()
        options.configuration.orientation = orientation
        let diagram = try Diagram(tree: tree, options: options)
        let sections = diagram.dataController, layout = diagram.layout
        var middles = [Double](repeating: .nan, count: sections.numberOfItems)
        for attributes in layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.collectionViewContentSize))
        where attributes.representedElementCategory == .cell {
            let frame = attributes.frame
            middles[sections.globalItem(section: attributes.indexPath.section, item: attributes.indexPath.item)] = orientation == .tb ? frame.midX : frame.midY
        }
        func middle(_ item: Int) -> Double { middles[item] }
        var onlyChildren = 0
        for item in 0..<sections.numberOfItems {
            let parent = Int(sections.parentOfItem[item])
            guard parent >= 0, sections.childStarts[parent + 1] - sections.childStarts[parent] == 1 else { continue }
            onlyChildren += 1
            #expect(abs(middle(item) - middle(parent)) < 0.5, "\(sections.label(ofItem: parent)) → \(sections.label(ofItem: item))")
        }
        #expect(onlyChildren == 9)
    }

    /// Trees that do not reach into each other keep their places (a list of roots, a forest of
    /// leaves and small trees stays as compact as before).
    @Test func treesApartStayPut() throws {
        let tree = try OutlineReader().read(Array("a\n  a1\nb\n  b1\nc\nd\n".utf8), file: "t.txt")
        let diagram = try Diagram(tree: tree)
        let spans = bands(diagram)
        let padding = diagram.configuration.itemPadding
        for (earlier, later) in zip(spans, spans.dropFirst()) { #expect(abs(later.low - earlier.high - padding) < 0.5, "\(spans)") }
    }
}
