import CollectionLayout
import Hierarchy

/// The big-tree page's data, gathered from a schematic layout's attributes in one pass: per node
/// (global items in index-path order) its frame in canonical axes (columns along x, whatever the
/// orientation), parent, type and label; per column its left edge and width; per wrapped block
/// the corners its connectors turn at; per parent its elbow bus, and inside nesting blocks
/// where its connectors turn. Written as
/// little-endian typed arrays in base64 (`binary`), and a small JSON header (`header`).
struct HTMLPageData {
    var count = 0
    var sectionStarts: [Int32] = [0]
    /// Canonical origins, exact; written as Float32 (for drawing) unless `needsExactOrigins`.
    var originX: [Double] = []
    var originY: [Double] = []
    /// Canonical sizes, exact: the page's placement starts from them.
    var widths: [Double] = []
    var heights: [Double] = []
    var parents: [Int32] = []
    var types: [UInt8] = []
    /// The drawn lines of each label joined by "\n", UTF-8, back to back; `labelEnds[i]` is where node i's ends.
    var labelBytes: [UInt8] = []
    var labelEnds: [Int32] = []
    /// Per node, the x of its elbow bus (0 for leaves); empty unless connectors are elbows.
    var busX: [Float] = []
    var sectionLefts: [Double] = []
    var sectionWidths: [Double] = []
    /// Canonical content size.
    var contentWidth = 0.0
    var contentHeight = 0.0
    /// Wrapped blocks: first member, member count, where each sub-column (panel) starts among
    /// the members, bus entry y, y of the line above the block, the bus x of each sub-column,
    /// whether it is a list hanging inside a nesting block (its members are that block's), and
    /// how its members are entered off the line beside it: at their far side (a list in single
    /// file), at their near side (a row hanging from the line over it), or neither.
    var blocks: [(first: Int, count: Int, starts: [Int], entry: Double, above: Double, buses: [Double], inner: Bool,
                  sideEntry: SideEntry)] = []
    /// How a block's members are entered off the line beside it (`blocks`).
    enum SideEntry: Int { case none = 0, farSide = 1, nearSide = 2 }
    /// Parents whose connectors turn inside a nesting block's panel, not between two columns:
    /// the parent, and the x of the turn out of its column, into its children's and the middle.
    var leads: [(parent: Int, out: Double, into: Double, middle: Double)] = []
    /// Connectors from additional parents: (child, parent) global items.
    var extraEdges: [(child: Int, parent: Int)] = []
    /// Connectors from parents two or more levels above their children, drawn (global items).
    var distantEdges: [(child: Int, parent: Int)] = []
    /// Nodes with their own colours: (node, fill, text colour).
    var colours: [(node: Int, fill: String?, color: String?)] = []
    /// Nodes `--max-depth` cut below, and how many it left out there (written flat: node, count, …).
    var cut: [(node: Int, hidden: Int)] = []
    /// Labels drawn as left-aligned blocks (`DiagramContent.blockWidth`): node and text width.
    var blockLabels: [(node: Int, width: Double)] = []
    /// Whether cut nodes' boxes hold their count line ("+61 more"), which the page then draws
    /// (with fixed sizes they do not, and only the outline tells, as in SVG).
    var drawsCounts = false
    /// The cards behind nesting blocks' panels (`panel` decorations), canonical, in block order.
    var panels: [Rect] = []
    /// Whether odd depths are shaded in the whole drawing (`depthsShareColumns`); the page
    /// decides again for each collapsed placement, as SVG would for that tree.
    var shadesDepths = false

    init(layout: any CollectionViewLayout, content: any DiagramContent, options: SchematicPageOptions) {
        let real = layout.collectionViewContentSize
        shadesDepths = layout.depthsShareColumns()
        let vertical = options.orientation == "tb" || options.orientation == "bt"
        contentWidth = vertical ? real.height : real.width
        contentHeight = vertical ? real.width : real.height
        let width = contentWidth
        /// The canonical point `oriented` maps onto a real one (the layout's orientation, undone).
        func canonical(_ point: Point) -> Point {
            switch options.orientation {
            case "rl": Point(x: width - point.x, y: point.y)
            case "tb": Point(x: point.y, y: point.x)
            case "bt": Point(x: width - point.y, y: point.x)
            default: point
            }
        }
        func canonical(_ rect: Rect) -> Rect {
            switch options.orientation {
            case "rl": Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
            case "tb": Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
            case "bt": Rect(x: width - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
            default: rect
            }
        }
        // Cells come section by section in item order; connectors name their parents by index path.
        var cells: [(path: IndexPath, frame: Rect)] = []
        var primary: [(child: IndexPath, parent: IndexPath, connector: ConnectorAttributes)] = []
        var extra: [(child: IndexPath, parent: IndexPath)] = []
        layout.enumerateLayoutAttributes(in: Rect(x: -1, y: -1, width: real.width + 2, height: real.height + 2)) { attributes in
            if attributes.representedElementCategory == .cell {
                cells.append((attributes.indexPath, canonical(attributes.frame)))
            } else if attributes.representedElementKind == .panel {
                panels.append(canonical(attributes.frame))
            } else if let connector = attributes.connector {
                let child = IndexPath(item: attributes.indexPath.item, section: attributes.indexPath.section)
                if attributes.indexPath.subitem == 0 {
                    primary.append((child, connector.parentIndexPath, connector.mapped(canonical)))
                } else {
                    extra.append((child, connector.parentIndexPath))
                }
            }
        }
        if !cells.indices.dropFirst().allSatisfy({ cells[$0 - 1].path < cells[$0].path }) { cells.sort { $0.path < $1.path } }
        count = cells.count
        let sectionCount = (cells.last?.path.section ?? -1) + 1
        sectionStarts = [Int32](repeating: 0, count: sectionCount + 1)
        for cell in cells { sectionStarts[cell.path.section + 1] += 1 }
        for section in 0..<sectionCount { sectionStarts[section + 1] += sectionStarts[section] }
        func global(_ path: IndexPath) -> Int { Int(sectionStarts[path.section]) + path.item }

        originX.reserveCapacity(count)
        originY.reserveCapacity(count)
        widths.reserveCapacity(count)
        heights.reserveCapacity(count)
        types.reserveCapacity(count)
        labelEnds.reserveCapacity(count)
        for (index, cell) in cells.enumerated() {
            originX.append(cell.frame.minX)
            originY.append(cell.frame.minY)
            widths.append(cell.frame.width)
            heights.append(cell.frame.height)
            types.append(content.type(at: cell.path).rawValue)
            var lines = content.isJunction(at: cell.path) ? [] : content.lines(at: cell.path)
            // A cut node's count line is the page's to draw (`header.cut`): search and the status
            // line read the label alone.
            if !lines.isEmpty, content.countLine(at: cell.path) != nil { lines.removeLast(); drawsCounts = true }
            for (number, line) in lines.enumerated() {
                if number > 0 { labelBytes.append(0x0A) }
                labelBytes.append(contentsOf: line.utf8)
            }
            labelEnds.append(Int32(labelBytes.count))
            if let attributes = content.attributes(at: cell.path), attributes.fill != nil || attributes.color != nil {
                colours.append((index, attributes.fill, attributes.color))
            }
            if let hidden = content.attributes(at: cell.path)?.hiddenBelow { cut.append((index, hidden)) }
            if let width = content.blockWidth(at: cell.path) { blockLabels.append((index, width)) }
        }
        parents = [Int32](repeating: -1, count: count)
        if options.connectorStyle == "elbow" { busX = [Float](repeating: 0, count: count) }
        // Column edges: every connector into a column turns halfway between the two columns'
        // edges, which are `sectionPadding` apart.
        let givenColumns = options.columnLefts.count == sectionCount && options.columnWidths.count == sectionCount
        sectionLefts = givenColumns ? options.columnLefts : [Double](repeating: options.sectionMargin, count: sectionCount)
        var open: (parent: Int, first: Int, inner: Bool, members: [(child: Int, connector: ConnectorAttributes)])? = nil
        func closeBlock() {
            guard let block = open else { return }
            open = nil
            // A member's sub-column is its bus: the first's (one turn in it), or the one it
            // runs down after the line above the block.
            var starts = [0], buses = [block.members[0].connector.via[0].x]
            var above = block.members[0].connector.via[0].y
            // A single-file list's members, or a row's hanging from the line over it, are all
            // reached along that line (three turns), into their far or near side; a list entered
            // on its line (one turn: `SchematicLayout.alongBuses`) has no bus of its own drawn
            // (0: none).
            let first = block.members[0].connector
            let enteredOnLine = first.via.count == 1
            let alongLine = first.via.count == 3 || enteredOnLine
            if alongLine { above = first.via[enteredOnLine ? 0 : 1].y }
            if enteredOnLine { buses = [0] }
            // (Told by the end's box side, not by the line: with no padding the line lies on it.)
            let member = block.members[0].child, top = Double(Float(originY[member])), bottom = top + heights[member]
            let sideEntry: SideEntry = !alongLine ? .none : abs(first.end.y - top) < abs(first.end.y - bottom) ? .nearSide : .farSide
            for (index, member) in block.members.enumerated().dropFirst() where !alongLine {
                let via = member.connector.via
                let bus = via.count >= 4 ? via[2].x : buses[0]
                if bus != buses[buses.count - 1] { starts.append(index); buses.append(bus) }
                if via.count >= 4 { above = via[1].y }
            }
            blocks.append((block.first, block.members.count, starts, block.members[0].connector.turnIn.y, above, buses, block.inner,
                           sideEntry))
        }
        var ledParent = -1
        for (child, parentPath, connector) in primary {
            let item = global(child), parent = global(parentPath)
            parents[item] = Int32(parent)
            if !givenColumns && child.item == 0 { sectionLefts[child.section] = connector.curveOut.x + options.sectionPadding / 2 }
            if !busX.isEmpty { busX[parent] = Float(connector.turnOut.x) }
            // Between two columns a connector's curve turns halfway across their gap; inside a
            // panel, halfway across the panel's.
            if givenColumns && parent != ledParent {
                let section = child.section
                let gapMiddle = (options.columnLefts[section - 1] + options.columnWidths[section - 1] + options.columnLefts[section]) / 2
                if abs(connector.curveOut.x - gapMiddle) > 0.01 {
                    leads.append((parent, connector.turnOut.x, connector.turnIn.x, connector.curveOut.x))
                    ledParent = parent
                }
            }
            if connector.via.isEmpty {
                closeBlock()
            } else {
                if let block = open, block.parent == parent, block.first + block.members.count == item {
                    open!.members.append((item, connector))
                } else {
                    closeBlock()
                    // A block whose parent's connectors turn inside a panel hangs in it.
                    open = (parent, item, leads.last?.parent == parent, [(item, connector)])
                }
            }
        }
        closeBlock()
        // Blocks of roots: keyed by their extent along the column like any block (no
        // connector, so no bus, entry or line beside them is drawn).
        for block in options.rootBlocks {
            blocks.append((block.first, block.count, block.columnStarts, 0, 0, block.columnStarts.map { _ in 0 }, false, .none))
        }
        blocks.sort { $0.first < $1.first }
        sectionWidths = givenColumns ? options.columnWidths : (0..<sectionCount).map { section in
            section + 1 < sectionCount ? sectionLefts[section + 1] - options.sectionPadding - sectionLefts[section]
                : contentWidth - options.sectionMargin - sectionLefts[section]
        }
        extraEdges = extra.filter { $0.parent.section + 1 == $0.child.section }.map { (global($0.child), global($0.parent)) }
        distantEdges = extra.filter { $0.parent.section + 1 < $0.child.section }.map { (global($0.child), global($0.parent)) }
    }

    /// The header: counts, the layout's settings, columns, blocks, extra edges and colours.
    func writeHeader(options: SchematicPageOptions, font: (family: String, size: Double, lineHeight: Double),
                     into output: inout OutputBuffer) {
        output.append("{\"count\":")
        output.append(count)
        output.append(",\"labelBytes\":")
        output.append(labelBytes.count)
        output.append(",\"widths64\":")
        output.append(Self.fitsFloat32(widths) ? "false" : "true")
        output.append(",\"heights64\":")
        output.append(Self.fitsFloat32(heights) ? "false" : "true")
        output.append(",\"origins64\":")
        output.append(needsExactOrigins ? "true" : "false")
        output.append(",\"elbow\":")
        output.append(busX.isEmpty ? "false" : "true")
        output.append(",\"orientation\":\"")
        output.appendJSONEscaped(options.orientation)
        output.append("\",\"alignment\":\"")
        output.appendJSONEscaped(options.alignment)
        output.append("\",\"wrap\":")
        output.append(options.wrap)
        output.append(",\"connectorStyle\":\"")
        output.appendJSONEscaped(options.connectorStyle)
        output.append("\",\"itemPadding\":")
        writeExact(options.itemPadding, into: &output)
        output.append(",\"sectionPadding\":")
        writeExact(options.sectionPadding, into: &output)
        output.append(",\"sectionMargin\":")
        writeExact(options.sectionMargin, into: &output)
        output.append(",\"headerInset\":")
        writeExact(options.headerInset, into: &output)
        output.append(",\"bands\":")
        output.append(options.showsBands ? "true" : "false")
        output.append(",\"nests\":")
        output.append(options.nestsFolders ? "true" : "false")
        output.append(",\"collapseDepth\":")
        output.append(options.collapseDepth ?? -1)
        output.append(",\"shadesDepths\":")
        output.append(shadesDepths ? "true" : "false")
        output.append(",\"depthLabels\":[")
        for (index, label) in options.depthLabels.enumerated() {
            output.append(index == 0 ? "\"" : ",\"")
            output.appendJSONEscaped(label)
            output.append("\"")
        }
        output.append("],\"font\":{\"family\":\"")
        output.appendJSONEscaped(font.family)
        output.append("\",\"size\":")
        writeExact(font.size, into: &output)
        output.append(",\"lineHeight\":")
        writeExact(font.lineHeight, into: &output)
        output.append("},\"contentWidth\":")
        writeExact(contentWidth, into: &output)
        output.append(",\"contentHeight\":")
        writeExact(contentHeight, into: &output)
        output.append(",\"sectionStarts\":[")
        for (index, start) in sectionStarts.enumerated() {
            if index > 0 { output.append(",") }
            output.append(Int(start))
        }
        output.append("],\"sectionLefts\":[")
        writeList(sectionLefts, into: &output)
        output.append("],\"sectionWidths\":[")
        writeList(sectionWidths, into: &output)
        output.append("],\"laneRooms\":[")
        writeList(options.laneRooms.count == 2 * sectionLefts.count ? options.laneRooms : [], into: &output)
        output.append("],\"blocks\":[")
        for (index, block) in blocks.enumerated() {
            output.append(index == 0 ? "[" : ",[")
            output.append(block.first)
            output.append(",")
            output.append(block.count)
            output.append(",[")
            for (index, start) in block.starts.enumerated() {
                if index > 0 { output.append(",") }
                output.append(start)
            }
            output.append("],")
            writeExact(block.entry, into: &output)
            output.append(",")
            writeExact(block.above, into: &output)
            output.append(",[")
            writeList(block.buses, into: &output)
            output.append(block.inner ? "],1," : "],0,")
            output.append(block.sideEntry == .nearSide ? "2]" : block.sideEntry == .farSide ? "1]" : "0]")
        }
        output.append("],\"panels\":[")
        writeList(panels.flatMap { [$0.minX, $0.minY, $0.width, $0.height] }, into: &output)
        output.append("],\"leads\":[")
        for (index, lead) in leads.enumerated() {
            if index > 0 { output.append(",") }
            output.append(lead.parent)
            output.append(",")
            writeExact(lead.out, into: &output)
            output.append(",")
            writeExact(lead.into, into: &output)
            output.append(",")
            writeExact(lead.middle, into: &output)
        }
        output.append("],\"extraEdges\":[")
        writePairs(extraEdges.map { ($0.child, $0.parent) }, into: &output)
        output.append("],\"distantEdges\":[")
        writePairs(distantEdges.map { ($0.child, $0.parent) }, into: &output)
        output.append("],\"colours\":[")
        for (index, colour) in colours.enumerated() {
            output.append(index == 0 ? "[" : ",[")
            output.append(colour.node)
            output.append(",\"")
            output.appendJSONEscaped(colour.fill ?? "")
            output.append("\",\"")
            output.appendJSONEscaped(colour.color ?? "")
            output.append("\"]")
        }
        output.append("],\"cut\":[")
        writePairs(cut.map { ($0.node, $0.hidden) }, into: &output)
        output.append("],\"blockLabels\":[")
        for (index, block) in blockLabels.enumerated() {
            if index > 0 { output.append(",") }
            output.append(block.node)
            output.append(",")
            writeExact(block.width, into: &output)
        }
        output.append(drawsCounts ? "],\"counts\":true}" : "],\"counts\":false}")
    }

    /// Pairs of integers as one flat JSON list: a0,b0,a1,b1,…
    private func writePairs(_ pairs: [(Int, Int)], into output: inout OutputBuffer) {
        for (index, pair) in pairs.enumerated() {
            if index > 0 { output.append(",") }
            output.append(pair.0)
            output.append(",")
            output.append(pair.1)
        }
    }

    private func writeList(_ values: [Double], into output: inout OutputBuffer) {
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(",") }
            writeExact(value, into: &output)
        }
    }

    /// A number as JSON, exactly (Swift's shortest round-tripping notation): the page's own
    /// placement must start from the engine's values to give the engine's drawing.
    private func writeExact(_ value: Double, into output: inout OutputBuffer) {
        if !value.isFinite { output.append("0"); return }
        if value == value.rounded(), abs(value) < 1e15 { output.append(Int(value)); return }
        output.append(raw: value.description)
    }

    /// Whether every value is exactly a Float32 (sizes usually are: whole or half pixels).
    static func fitsFloat32(_ values: [Double]) -> Bool { values.allSatisfy { Double(Float($0)) == $0 } }

    /// Whether the origins are written exact (Float64): where distant parents' lines are drawn,
    /// the page finds their runs between the boxes as the layout does (`distantRuns`), and boxes
    /// rounded to single precision moved a run of a Debian package graph to another stretch,
    /// 45 px from the SVG's.
    var needsExactOrigins: Bool { !distantEdges.isEmpty && !(Self.fitsFloat32(originX) && Self.fitsFloat32(originY)) }

    /// The arrays, back to back in this order: widths and heights (Float64 × n each, or Float32 when
    /// every one fits; each padded to 8 bytes), x then y of the origins (Float32 × n each, Float64
    /// where `needsExactOrigins`), parents
    /// (Int32 × n), label ends (Int32 × n), bus x (Float32 × n, elbows only), types (UInt8 × n,
    /// padded to 4 bytes), label bytes; as base64 in chunks of at most `chunkCharacters`, each
    /// handed to `chunk` (the page decodes and drops them one by one).
    func writeBinary(chunkCharacters: Int = 1 << 22, into output: inout OutputBuffer, chunk: (inout OutputBuffer, Bool) -> Void) {
        var encoder = Base64ChunkWriter(chunkCharacters: chunkCharacters)
        encoder.begin(&output, chunk)
        for sizes in [widths, heights] {
            if Self.fitsFloat32(sizes) {
                sizes.map(Float.init).withUnsafeBytes { encoder.write($0, into: &output, chunk) }
            } else {
                sizes.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
            }
            encoder.pad(to: 8)
        }
        for origins in [originX, originY] {
            if needsExactOrigins {
                origins.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
            } else {
                origins.map(Float.init).withUnsafeBytes { encoder.write($0, into: &output, chunk) }
            }
        }
        parents.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
        labelEnds.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
        busX.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
        types.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
        encoder.pad(to: 4)
        labelBytes.withUnsafeBytes { encoder.write($0, into: &output, chunk) }
        encoder.finish(into: &output, chunk)
    }
}

/// Base64 (RFC 4648, with padding) written in chunks of whole quanta, so that each chunk
/// decodes on its own. Little-endian bytes as the machine holds them: the page reads them
/// with typed arrays, which are little-endian on every browser's platforms.
struct Base64ChunkWriter {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    let chunkCharacters: Int
    private var pending: [UInt8] = []
    /// Encoded characters not yet handed to the output.
    private var encoded: [UInt8] = []
    private var written = 0
    private var bytesSoFar = 0

    init(chunkCharacters: Int) { self.chunkCharacters = max(4, chunkCharacters / 4 * 4) }

    mutating func begin(_ output: inout OutputBuffer, _ chunk: (inout OutputBuffer, Bool) -> Void) {
        chunk(&output, true)
    }

    /// Zero bytes up to a multiple of `alignment` bytes.
    mutating func pad(to alignment: Int) {
        while bytesSoFar % alignment != 0 { pending.append(0); bytesSoFar += 1 }
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer, into output: inout OutputBuffer, _ chunk: (inout OutputBuffer, Bool) -> Void) {
        bytesSoFar += bytes.count
        var index = 0
        // Pending bytes go first: whole quanta of them, then one completed from `bytes`.
        while pending.count >= 3 {
            emit(pending[0], pending[1], pending[2], into: &output, chunk)
            pending.removeFirst(3)
        }
        while !pending.isEmpty && pending.count < 3 && index < bytes.count { pending.append(bytes[index]); index += 1 }
        if pending.count == 3 { emit(pending[0], pending[1], pending[2], into: &output, chunk); pending.removeAll() }
        while index + 3 <= bytes.count {
            emit(bytes[index], bytes[index + 1], bytes[index + 2], into: &output, chunk)
            index += 3
        }
        while index < bytes.count { pending.append(bytes[index]); index += 1 }
        while pending.count >= 3 {
            emit(pending[0], pending[1], pending[2], into: &output, chunk)
            pending.removeFirst(3)
        }
    }

    private mutating func emit(_ a: UInt8, _ b: UInt8, _ c: UInt8, into output: inout OutputBuffer, _ chunk: (inout OutputBuffer, Bool) -> Void) {
        if written == chunkCharacters {
            flush(into: &output)
            chunk(&output, false)
            chunk(&output, true)
            written = 0
        }
        let table = Self.alphabet
        encoded.append(table[Int(a >> 2)])
        encoded.append(table[Int((a & 3) << 4 | b >> 4)])
        encoded.append(table[Int((b & 15) << 2 | c >> 6)])
        encoded.append(table[Int(c & 63)])
        written += 4
        if encoded.count >= 1 << 16 { flush(into: &output) }
    }

    private mutating func flush(into output: inout OutputBuffer) {
        output.append(bytes: encoded)
        encoded.removeAll(keepingCapacity: true)
    }

    mutating func finish(into output: inout OutputBuffer, _ chunk: (inout OutputBuffer, Bool) -> Void) {
        while pending.count >= 3 {
            emit(pending[0], pending[1], pending[2], into: &output, chunk)
            pending.removeFirst(3)
        }
        let table = Self.alphabet
        if pending.count == 1 {
            encoded += [table[Int(pending[0] >> 2)], table[Int((pending[0] & 3) << 4)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if pending.count == 2 {
            encoded += [table[Int(pending[0] >> 2)], table[Int((pending[0] & 3) << 4 | pending[1] >> 4)],
                        table[Int((pending[1] & 15) << 2)], UInt8(ascii: "=")]
        }
        pending.removeAll()
        flush(into: &output)
        chunk(&output, false)
    }
}
