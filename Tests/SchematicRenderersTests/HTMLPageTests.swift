import CollectionLayout
import Foundation
import Schematic
import Testing
import TestSupport

/// The big-tree page's data: the header and typed arrays the canvas page reads, checked against
/// the layout's own attributes.
@Suite struct HTMLPageTests {
    /// A root with a subtree and a fan of 20 leaves (which `--wrap 5` wraps into 4 sub-columns).
    static var tree: Tree {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        let inner = tree.addNode(label: "Inner </script><b>", type: .important, parent: root)
        tree.addNode(label: "Leaf A", parent: inner)
        tree.addNode(label: "", parent: inner)
        let fan = tree.addNode(label: "Fan", type: .critical, parent: root)
        for index in 0..<20 { tree.addNode(label: "Member \(index)", parent: fan) }
        return tree
    }

    /// The page's code parses (`node --check`, node being among `make deps`' packages): a
    /// comment put at the end of a line of it swallowed that line's statement, and the page
    /// never got ready; only the browser check saw it, minutes later.
    @Test(arguments: [SchematicOrientation.lr, .tb])
    func pageCodeParses(orientation: SchematicOrientation) throws {
        let html = String(decoding: try Self.diagram { $0.configuration.orientation = orientation }.rendered(.init(format: .html)), as: UTF8.self)
        let code = html.components(separatedBy: "<script>").dropFirst().map { $0.components(separatedBy: "</script>")[0] }
        #expect(code.count == 1 && code[0].count > 10_000, "the page's code: \(code.map(\.count))")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("schematic-page-\(orientation)-\(getpid()).js")
        try Data(code.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let node = try #require(["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "node is missing: make deps installs it")
        let result = try Executable.run(program: node, ["--check", file.path])
        #expect(result.status == 0, "the page's code does not parse: \(result.stderr.prefix(600))")
    }

    /// The page's header and its arrays, decoded chunk by chunk.
    struct Page {
        var text: String
        var header: [String: Any]
        var bytes: [UInt8]
        var chunks: Int

        init(_ diagram: Diagram, collapseDepth: Int? = nil) throws {
            var options = Diagram.RenderOptions(format: .html)
            options.collapseDepth = collapseDepth
            text = String(decoding: try diagram.rendered(options), as: UTF8.self)
            let headerStart = try #require(text.range(of: "<script type=\"application/json\" id=\"schematic-data\">"))
            let headerEnd = try #require(text.range(of: "</script>", range: headerStart.upperBound..<text.endIndex))
            header = try #require(try JSONSerialization.jsonObject(with: Data(text[headerStart.upperBound..<headerEnd.lowerBound].utf8)) as? [String: Any])
            bytes = []
            chunks = 0
            var rest = text[...]
            while let open = rest.range(of: "<script type=\"application/octet-stream\" class=\"schematic-arrays\">") {
                let close = try #require(rest.range(of: "</script>", range: open.upperBound..<rest.endIndex))
                bytes += try #require(Data(base64Encoded: String(rest[open.upperBound..<close.lowerBound])))
                chunks += 1
                rest = rest[close.upperBound...]
            }
        }

        var count: Int { header["count"] as! Int }

        func doubles(at offset: Int, count: Int, wide: Bool) -> [Double] {
            (0..<count).map { index in
                wide ? bytes.withUnsafeBytes { Double(bitPattern: $0.loadUnaligned(fromByteOffset: offset + 8 * index, as: UInt64.self).littleEndian) }
                    : Double(bytes.withUnsafeBytes { Float(bitPattern: $0.loadUnaligned(fromByteOffset: offset + 4 * index, as: UInt32.self).littleEndian) })
            }
        }

        func int32s(at offset: Int, count: Int) -> [Int] {
            (0..<count).map { index in bytes.withUnsafeBytes { Int(Int32(bitPattern: $0.loadUnaligned(fromByteOffset: offset + 4 * index, as: UInt32.self).littleEndian)) } }
        }

        /// The arrays, at the offsets the page computes (HTMLPageData.writeBinary's order).
        var arrays: (widths: [Double], heights: [Double], origins: [Double], parents: [Int], labels: [String], types: [UInt8], busX: [Double]) {
            func align(_ value: Int, _ to: Int) -> Int { (value + to - 1) / to * to }
            let n = count, wideWidths = header["widths64"] as! Bool, wideHeights = header["heights64"] as! Bool, elbow = header["elbow"] as! Bool
            var offset = 0
            let widths = doubles(at: offset, count: n, wide: wideWidths)
            offset = align(n * (wideWidths ? 8 : 4), 8)
            let heights = doubles(at: offset, count: n, wide: wideHeights)
            offset = align(offset + n * (wideHeights ? 8 : 4), 8)
            let wideOrigins = header["origins64"] as! Bool, originBytes = wideOrigins ? 8 : 4
            let xs = doubles(at: offset, count: n, wide: wideOrigins), ys = doubles(at: offset + originBytes * n, count: n, wide: wideOrigins)
            let origins = (0..<n).flatMap { [xs[$0], ys[$0]] }
            offset += 2 * originBytes * n
            let parents = int32s(at: offset, count: n)
            offset += 4 * n
            let ends = int32s(at: offset, count: n)
            offset += 4 * n
            let busX = elbow ? doubles(at: offset, count: n, wide: false) : []
            if elbow { offset += 4 * n }
            let types = Array(bytes[offset..<offset + n])
            offset = align(offset + n, 4)
            let labels = (0..<n).map { String(decoding: bytes[offset + ($0 == 0 ? 0 : ends[$0 - 1])..<offset + ends[$0]], as: UTF8.self) }
            return (widths, heights, origins, parents, labels, types, busX)
        }
    }

    static func diagram(_ configure: (inout DiagramOptions) -> Void = { _ in }) throws -> Diagram {
        var options = DiagramOptions()
        configure(&options)
        return try Diagram(tree: tree, options: options)
    }

    /// The layout's cells in index-path order.
    static func cells(_ diagram: Diagram) -> [LayoutAttributes] {
        let size = diagram.layout.collectionViewContentSize
        var cells: [LayoutAttributes] = []
        diagram.layout.enumerateLayoutAttributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) {
            if $0.representedElementCategory == .cell { cells.append($0) }
        }
        return cells.sorted { $0.indexPath < $1.indexPath }
    }

    @Test func arraysHoldTheLayoutsFramesParentsTypesAndLabels() throws {
        let diagram = try Self.diagram { $0.configuration.wrap = .off }
        let page = try Page(diagram)
        let cells = Self.cells(diagram)
        #expect(page.count == 25)
        let arrays = page.arrays
        for (index, cell) in cells.enumerated() {
            #expect(arrays.widths[index] == cell.frame.width)
            #expect(arrays.heights[index] == cell.frame.height)
            #expect(abs(arrays.origins[2 * index] - cell.frame.minX) < 0.01 && abs(arrays.origins[2 * index + 1] - cell.frame.minY) < 0.01)
        }
        #expect(arrays.parents.prefix(3) == [-1, 0, 0])
        #expect(arrays.parents[3...].allSatisfy { $0 == 1 || $0 == 2 })
        #expect(arrays.labels.prefix(5) == ["Root", "Inner </script><b>", "Fan", "Leaf A", ""])
        #expect(arrays.types.prefix(3) == [0, 1, 2])
        #expect(page.header["sectionStarts"] as? [Int] == [0, 1, 3, 25])
        // Columns: the first at the margin, each `sectionPadding` after the previous one.
        let lefts = try #require(page.header["sectionLefts"] as? [Double]), widths = try #require(page.header["sectionWidths"] as? [Double])
        #expect(lefts[0] == 20)
        let gap = SchematicLayoutConfiguration.standard.sectionPadding
        #expect(abs(lefts[1] - (lefts[0] + widths[0] + gap)) < 1e-9 && abs(lefts[2] - (lefts[1] + widths[1] + gap)) < 1e-9)
        #expect(abs(cells[0].frame.minX - lefts[0]) < 1e-9, "the root is the widest of its column")
        // A label cannot close the page's script: it travels in base64, and the title is escaped.
        #expect(!page.text.contains("</script><b>"))
    }

    /// Where distant parents' lines are drawn, the page finds their runs between the boxes as
    /// the layout does, so it gets the boxes exact (Float64 origins, `HTMLPageData.needsExactOrigins`):
    /// rounded to single precision, a Debian package graph's page ran a line 45 px from the SVG's.
    /// Elsewhere the origins stay single precision (for drawing, half the bytes).
    @Test func originsAreExactWhereDistantParentsLinesAreDrawn() throws {
        var graph = Tree()
        let root = graph.addNode(label: "root")
        var previous = root
        for index in 0..<6 { previous = graph.addNode(label: "step \(index) of a chain, long enough to wrap its label", parent: previous) }
        let side = graph.addNode(label: "side", parent: root)
        graph.addAdditionalParent(side, to: previous)
        // (A padding of a tenth: boxes off the single-precision grid.)
        var options = DiagramOptions()
        options.configuration.itemPadding = 16.1
        let diagram = try Diagram(tree: graph, options: options)
        let page = try Page(diagram)
        let cells = Self.cells(diagram)
        try #require(cells.contains { Double(Float($0.frame.minY)) != $0.frame.minY })
        try #require(!(page.header["distantEdges"] as? [Int] ?? []).isEmpty, "a line across levels")
        #expect(page.header["origins64"] as? Bool == true)
        let arrays = page.arrays
        for (index, cell) in cells.enumerated() {
            #expect(arrays.origins[2 * index] == cell.frame.minX && arrays.origins[2 * index + 1] == cell.frame.minY)
        }
        #expect(try Page(Self.diagram { $0.configuration.wrap = .off; $0.configuration.itemPadding = 16.1 }).header["origins64"] as? Bool == false)
    }

    @Test(arguments: [SchematicOrientation.tb, .bt, .rl])
    func otherOrientationsKeepCanonicalFrames(orientation: SchematicOrientation) throws {
        let diagram = try Self.diagram { $0.configuration.wrap = .off; $0.configuration.orientation = orientation }
        let page = try Page(diagram)
        #expect(page.header["orientation"] as? String == orientation.rawValue)
        let arrays = page.arrays, size = diagram.layout.collectionViewContentSize
        // Columns run along x in the page's arrays whatever the orientation (the layout's
        // `oriented`, undone), so that its placement and its searches work in one frame.
        for (index, cell) in Self.cells(diagram).enumerated() {
            let frame = cell.frame
            let expected: (x: Double, y: Double, width: Double, height: Double) = switch orientation {
            case .tb: (frame.minY, frame.minX, frame.height, frame.width)
            case .bt: (size.height - frame.maxY, frame.minX, frame.height, frame.width)
            case .rl: (size.width - frame.maxX, frame.minY, frame.width, frame.height)
            case .lr: (frame.minX, frame.minY, frame.width, frame.height)
            }
            #expect(abs(arrays.origins[2 * index] - expected.x) < 0.01 && abs(arrays.origins[2 * index + 1] - expected.y) < 0.01)
            #expect(arrays.widths[index] == expected.width && arrays.heights[index] == expected.height)
        }
        #expect(page.header["contentWidth"] as? Double == (orientation.isVertical ? size.height : size.width))
    }

    @Test func wrappedBlocksAndElbowBusesAreCarried() throws {
        let page = try Page(try Self.diagram { $0.configuration.wrap = .limit(5); $0.configuration.connectorStyle = .elbow })
        let blocks = try #require(page.header["blocks"] as? [[Any]])
        #expect(blocks.count == 1)
        #expect(blocks[0][0] as? Int == 5 && blocks[0][1] as? Int == 20 && blocks[0][2] as? [Int] == [0, 5, 10, 15])
        #expect((blocks[0][5] as? [Double])?.count == 4, "a bus per sub-column")
        #expect(page.header["wrap"] as? Int == 5 && page.header["connectorStyle"] as? String == "elbow")
        let busX = page.arrays.busX
        #expect(busX.count == page.count && busX[0] > 0 && busX[1] > 0 && busX[2] > 0 && busX[3] == 0)
    }

    /// A fan of 30 folders of two files nests: the page opens with the layout's nested frames,
    /// each block's panels start where their members' buses change, and every parent inside a
    /// panel has its connectors' turns (out of its column, into its children's, the middle),
    /// equal to the connectors' own.
    @Test(arguments: [ConnectorStyle.elbow, .straight, .curved])
    func nestedPanelsAndTheirConnectorsAreCarried(style: ConnectorStyle) throws {
        var tree = Tree()
        let root = tree.addNode(label: "objects")
        for folder in 0..<30 {
            let node = tree.addNode(label: "folder \(folder)", parent: root)
            for file in 0..<2 { tree.addNode(label: "file \(folder).\(file)", parent: node) }
        }
        var options = DiagramOptions()
        options.configuration.connectorStyle = style
        let diagram = try Diagram(tree: tree, options: options)
        let page = try Page(diagram)
        #expect(page.header["nests"] as? Bool == true)
        let blocks = try #require(page.header["blocks"] as? [[Any]])
        #expect(blocks.count == 1)
        let starts = try #require(blocks[0][2] as? [Int]), buses = try #require(blocks[0][5] as? [Double])
        #expect(starts.count > 1 && starts.count == buses.count && starts.first == 0 && starts == starts.sorted())
        let size = diagram.layout.collectionViewContentSize
        var connectors: [Int: ConnectorAttributes] = [:]
        diagram.layout.enumerateLayoutAttributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)) {
            if let connector = $0.connector, $0.indexPath.section == 2 { connectors[1 + connector.parentIndexPath.item] = connector }
        }
        let leads = try #require(page.header["leads"] as? [Double])
        #expect(leads.count == 4 * 30, "every folder's connectors turn inside its panel")
        for lead in stride(from: 0, to: leads.count, by: 4) {
            let connector = try #require(connectors[Int(leads[lead])])
            #expect(leads[lead + 1] == connector.turnOut.x && leads[lead + 2] == connector.turnIn.x && leads[lead + 3] == connector.curveOut.x)
        }
        let arrays = page.arrays
        for (index, cell) in Self.cells(diagram).enumerated() {
            #expect(abs(arrays.origins[2 * index] - cell.frame.minX) < 0.01 && abs(arrays.origins[2 * index + 1] - cell.frame.minY) < 0.01)
        }
    }

    @Test func optionsReachTheHeader() throws {
        let diagram = try Self.diagram {
            $0.configuration.alignment = .tidy
            $0.configuration.depthLabels = ["One", "Two"]
            $0.configuration.showsBands = true
            $0.configuration.itemPadding = 30
        }
        let page = try Page(diagram, collapseDepth: 1)
        #expect(page.header["alignment"] as? String == "tidy")
        #expect(page.header["collapseDepth"] as? Int == 1)
        #expect(page.header["depthLabels"] as? [String] == ["One", "Two"])
        #expect(page.header["bands"] as? Bool == true && page.header["headerInset"] as? Double == 32)
        #expect(page.header["itemPadding"] as? Double == 30)
        #expect(try Page(try Self.diagram()).header["collapseDepth"] as? Int == -1)
    }

    @Test func arraysSplitIntoChunksThatDecodeOnTheirOwn() throws {
        var renderer = HTMLRenderer()
        renderer.schematic = SchematicPageOptions()
        renderer.arrayChunkCharacters = 64
        let diagram = try Self.diagram()
        let collected = Collected()
        var output = OutputBuffer { collected.bytes += $0 }
        renderer.render(diagram.layout, content: diagram.dataController, into: &output)
        output.finish()
        let small = String(decoding: collected.bytes, as: UTF8.self)
        let whole = try Page(diagram)
        let chunks = small.components(separatedBy: "class=\"schematic-arrays\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(chunks.count > 10 && chunks.dropLast().allSatisfy { $0.count == 64 })
        let decoded = try chunks.flatMap { try #require(Data(base64Encoded: $0)) }
        #expect(decoded == whole.bytes)
    }

    @Test func pageIsDeterministicAndSelfContained() throws {
        let first = try Self.diagram().rendered(.init(format: .html))
        let second = try Self.diagram().rendered(.init(format: .html))
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(!text.contains("https://") && text.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") },
                "no network: only the SVG namespace")
        #expect(text.contains("<canvas id=\"schematic-canvas\">") && text.contains("id=\"schematic-overview\""))
        #expect(text.contains("var SchematicPlacement"), "the placement travels with the page")
    }

    @Test func otherLayoutsAndEffectsKeepTheSVGPage() throws {
        let flow = try Self.diagram { $0.layout = .flow(.init()) }
        let text = String(decoding: try flow.rendered(.init(format: .html)), as: UTF8.self)
        #expect(text.contains("<svg") && !text.contains("schematic-arrays"))
        let effects = try Self.diagram { $0.effects = [.focus(node: "Fan", scale: 1.5)] }
        let withEffects = String(decoding: try effects.rendered(.init(format: .html)), as: UTF8.self)
        #expect(withEffects.contains("<svg") && !withEffects.contains("schematic-arrays"))
    }

    private final class Collected: @unchecked Sendable { var bytes: [UInt8] = [] }
}
