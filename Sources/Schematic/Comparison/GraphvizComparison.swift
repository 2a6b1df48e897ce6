import Graphviz

/// Our drawing and Graphviz's drawing of the same tree, measured the same way.
public struct Comparison: Sendable {
    /// The Graphviz engine that drew the other drawing.
    public var engine: String
    public var ours: DrawingMetrics
    public var graphviz: DrawingMetrics
    /// Graphviz's drawing, in our coordinates.
    public var graphvizGeometry: DrawingGeometry
    /// Whether Graphviz kept every node at our depth and in our order (engine `dot` only).
    public var order: OrderCheck?

    /// Depth and in-column order of every node, checked with dot's own `rank` and `order`.
    public struct OrderCheck: Hashable, Sendable {
        /// Nodes Graphviz ranked at another depth than ours.
        public var nodesInOtherRank: Int
        /// Nodes at a different place within their column.
        public var nodesOutOfOrder: Int
        /// A few of the differences, described.
        public var examples: [String]
        public var isSame: Bool { nodesInOtherRank == 0 && nodesOutOfOrder == 0 }
    }
}

extension Diagram {
    /// The DOT we give Graphviz for its own layout: the plain tree, `rankdir=LR`,
    /// `ordering=out`, our measured node sizes, spacing from our paddings.
    public var graphvizLayoutDOT: [UInt8] {
        let collected = ByteCollector()
        var output = OutputBuffer { collected.bytes.append(contentsOf: $0) }
        dotRenderer(mode: .layout).render(layout, content: content, into: &output)
        output.finish()
        return collected.bytes
    }

    /// What an engine other than dot is told besides our DOT: to move overlapping nodes apart
    /// (`overlap=false`). Our boxes are far larger than its default nodes: twopi put 23 of 24
    /// boxes of a folder on a ring 48 px round, 128 pairs overlapping, and the comparison
    /// reported a drawing a tenth of ours (a review).
    static func graphvizAttributes(engine: String) -> [(name: String, value: String)] {
        engine == "dot" ? [] : [("overlap", "false")]
    }

    /// The layout engines the installed Graphviz has, which `compare(engine:)` takes.
    public static func graphvizEngines() -> [String] { Graphviz.layoutEngines() }

    /// Lays the same tree out with a Graphviz engine and measures both drawings.
    public func compare(engine: String = "dot") throws(DiagramError) -> Comparison {
        let dot = graphvizLayoutDOT
        let clock = ContinuousClock()
        let started = clock.now
        let drawn: GraphvizGraph
        do {
            drawn = try Graphviz.layout(dot, engine: engine, graphAttributes: Self.graphvizAttributes(engine: engine))
        } catch {
            throw .graphviz(error)
        }
        let graphvizTime = clock.now - started
        let geometry = graphvizGeometry(drawn)
        return Comparison(
            engine: engine,
            ours: DrawingMetrics(self.geometry, layoutMilliseconds: milliseconds(layoutDuration)),
            graphviz: DrawingMetrics(geometry, layoutMilliseconds: milliseconds(graphvizTime)),
            graphvizGeometry: geometry,
            order: engine == "dot" ? orderCheck(drawn) : nil)
    }

    /// The global item a Graphviz node name (`n<section>_<item>`) stands for.
    private func item(named name: String) -> Int? {
        guard name.hasPrefix("n"), let separator = name.firstIndex(of: "_"),
              let section = Int(name[name.index(after: name.startIndex)..<separator]),
              let item = Int(name[name.index(after: separator)...]),
              section < dataController.numberOfSections, item < dataController.numberOfItems(inSection: section) else { return nil }
        return dataController.globalItem(section: section, item: item)
    }

    private func graphvizGeometry(_ drawn: GraphvizGraph) -> DrawingGeometry {
        let box = drawn.boundingBox
        func point(_ x: Double, _ y: Double) -> Point { Point(x: x - box.llx, y: box.ury - y) }
        var nodes = [Rect](repeating: .zero, count: dataController.numberOfItems)
        let items = drawn.nodes.map { item(named: $0.name) }
        for (node, item) in zip(drawn.nodes, items) {
            guard let item else { continue }
            let center = point(node.x, node.y)
            nodes[item] = Rect(x: center.x - node.width / 2, y: center.y - node.height / 2, width: node.width, height: node.height)
        }
        var connectors: [DrawingGeometry.Connector] = []
        for edge in drawn.edges {
            guard let parent = items[edge.tail], let child = items[edge.head] else { continue }
            let controls = edge.points.map { point($0.x, $0.y) }
            connectors.append(.init(parent: parent, child: child, isPrimary: Int(dataController.parentOfItem[child]) == parent,
                                    path: Self.flatten(controls)))
        }
        return DrawingGeometry(size: Size(width: box.urx - box.llx, height: box.ury - box.lly), nodes: nodes, connectors: connectors)
    }

    /// A Graphviz spline (a start point, then three control points per cubic Bézier piece)
    /// as a polyline of 8 segments per piece.
    static func flatten(_ controls: [Point]) -> [Point] {
        guard controls.count >= 4, (controls.count - 1) % 3 == 0 else { return controls }
        var path = [controls[0]]
        for start in stride(from: 0, to: controls.count - 1, by: 3) {
            let p0 = controls[start], p1 = controls[start + 1], p2 = controls[start + 2], p3 = controls[start + 3]
            for step in 1...8 {
                let t = Double(step) / 8, u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                path.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
        }
        return path
    }

    /// Compares dot's ranks and orders with our sections and items. dot orders a rank before it
    /// rotates the drawing for `rankdir=LR`, so our top-to-bottom is its descending order.
    private func orderCheck(_ drawn: GraphvizGraph) -> Comparison.OrderCheck {
        var check = Comparison.OrderCheck(nodesInOtherRank: 0, nodesOutOfOrder: 0, examples: [])
        let minimumRank = drawn.nodes.map(\.rank).min() ?? 0
        var byRank: [Int: [(order: Int, item: Int)]] = [:]
        for node in drawn.nodes {
            guard let item = item(named: node.name) else { continue }
            let section = Int(dataController.sectionOfNode[Int(dataController.nodeOfItem[item])])
            let rank = node.rank - minimumRank
            if rank != section {
                check.nodesInOtherRank += 1
                if check.examples.count < 5 {
                    check.examples.append("'\(dataController.label(ofItem: item))' is at depth \(rank) in Graphviz, \(section) here")
                }
            }
            byRank[rank, default: []].append((node.order, item))
        }
        for rank in byRank.keys.sorted() {
            let graphvizOrder = byRank[rank]!.sorted { $0.order > $1.order }.map(\.item)
            let ourOrder = graphvizOrder.sorted()
            for (position, (theirs, mine)) in zip(graphvizOrder, ourOrder).enumerated() where theirs != mine {
                check.nodesOutOfOrder += 1
                if check.examples.count < 5 {
                    check.examples.append("depth \(rank), place \(position + 1): Graphviz has '\(dataController.label(ofItem: theirs))', "
                        + "we have '\(dataController.label(ofItem: mine))'")
                }
            }
        }
        return check
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

extension Diagram {
    /// One SVG with our drawing and Graphviz's drawing of the same tree side by side.
    public func renderSideBySide(with comparison: Comparison, sink: @escaping ([UInt8]) -> Void) throws(DiagramError) {
        let ours = try rendered(.init(format: .svg))
        let theirs: [UInt8]
        do {
            theirs = try Graphviz.render(graphvizLayoutDOT, engine: comparison.engine, format: "svg",
                                         graphAttributes: Self.graphvizAttributes(engine: comparison.engine))
        } catch {
            throw .graphviz(error)
        }
        var output = OutputBuffer(sink: sink)
        SideBySideSVG().render(
            title: "\(dataController.title): Schematic and Graphviz \(comparison.engine)",
            panels: [.init(title: "Schematic", svg: ours), .init(title: "Graphviz \(comparison.engine)", svg: theirs)],
            into: &output)
        output.finish()
    }
}
