import CGraphviz
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A failure inside Graphviz, with the messages it reported (instead of text on stderr).
public struct GraphvizError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The line Graphviz's parser named, if any.
    public var line: Int?
    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }
    public var description: String { message }
}

/// A node of a graph Graphviz read or laid out. Coordinates are Graphviz's: points, y up.
public struct GraphvizNode: Hashable, Sendable {
    public var name: String
    /// The `label` attribute with `\N` expanded, or the name; empty when a read file says `label=""`.
    public var label: String
    /// Other attributes that hierarchy readers use (`type`, `id`, `URL`, `href`, `tooltip`, `class`, `fillcolor`, `fontcolor`).
    public var attributes: [String: String]
    public var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    /// dot's rank and position in its rank (virtual nodes count in `order`).
    public var rank = 0, order = 0
}

/// An edge, by node indices; `points` are its spline's control points after a layout.
public struct GraphvizEdge: Hashable, Sendable {
    public var tail: Int
    public var head: Int
    /// The edge's place in the file (cgraph's sequence number).
    public var sequence: Int
    public var points: [(x: Double, y: Double)] = []
    /// Its `label` as drawn (escapes expanded, an HTML-like label's tags dropped), where a read
    /// file gives it one that is not empty.
    public var label: String? = nil

    public static func == (lhs: GraphvizEdge, rhs: GraphvizEdge) -> Bool {
        lhs.tail == rhs.tail && lhs.head == rhs.head && lhs.sequence == rhs.sequence && lhs.label == rhs.label
            && lhs.points.elementsEqual(rhs.points) { $0.x == $1.x && $0.y == $1.y }
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tail)
        hasher.combine(head)
        hasher.combine(sequence)
    }
}

/// A graph as Graphviz saw it: nodes in file order, edges in file order.
public struct GraphvizGraph: Sendable {
    public var isDirected: Bool
    public var nodes: [GraphvizNode]
    public var edges: [GraphvizEdge]
    /// The bounding box after a layout: lower-left and upper-right corners, in points.
    public var boundingBox = (llx: 0.0, lly: 0.0, urx: 0.0, ury: 0.0)
    /// Graphviz's warnings while reading the graph (`syntax ambiguity …`), each naming its line.
    public var warnings: [String] = []
    /// The names of the graph's clusters (subgraphs named `cluster…` in any case, at any depth),
    /// parents before their subgraphs, siblings in the order cgraph keeps them; read files only.
    public var clusters: [String] = []
}

/// The bridge to Graphviz's libraries (libgvc, libcgraph), opened on the first call (see
/// `GraphvizLibrary`). Graphviz keeps global state and is not thread-safe, so every call runs
/// under one process-wide lock. The context (with its loaded plugins) is made once and kept
/// for the life of the process: Graphviz 2.43's pango plugin
/// caches a pointer into the context's font table across calls, which a freed and re-made
/// context would leave dangling, and each new context leaks its configuration text. Graphs and
/// layouts never outlive the call that made them.
public enum Graphviz {
    private struct Context: @unchecked Sendable {
        var pointer: OpaquePointer?
    }
    private static let lock = Mutex(Context())

    /// Runs `body` holding the lock, with Graphviz's error reporting routed into a buffer.
    private static func withSession<T>(_ body: (OpaquePointer) throws(GraphvizError) -> T) throws(GraphvizError) -> T {
        try lock.withLock { context throws(GraphvizError) -> T in
            if GraphvizSession.library == nil { GraphvizSession.library = try GraphvizLibrary.open() }
            GraphvizMessages.buffer = []
            let previous = gv.agseterrf { message in
                if let message { GraphvizMessages.buffer.append(String(cString: message)) }
                return 0
            }
            defer { _ = gv.agseterrf(previous) }
            _ = gv.agseterr(AGWARN)
            _ = gv.agreseterrors()
            if context.pointer == nil { context.pointer = gv.gvContext() }
            guard let pointer = context.pointer else { throw GraphvizError("Graphviz could not start (gvContext failed)") }
            return try body(pointer)
        }
    }

    /// Graphviz's functions; opened by `withSession`, so only called inside one.
    private static var gv: GraphvizLibrary { GraphvizSession.library! }

    /// The messages Graphviz reported during the current session, joined.
    private static var reported: String {
        GraphvizMessages.buffer.joined().split(separator: "\n").map { $0.trimmingPrefix("Error: ").trimmingPrefix("Warning: ") }
            .joined(separator: "; ")
    }

    private static func read(_ dot: [UInt8]) throws(GraphvizError) -> UnsafeMutablePointer<Agraph_t> {
        let text = dot + [0]
        // The scanner's state is global and survives a syntax error: start from a clean one.
        _ = gv.aaglexDestroy()
        gv.agreadline(1)
        let graph = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { gv.agmemread($0.baseAddress) }
        }
        guard let graph else {
            let message = reported
            var line: Int? = nil
            if let range = message.firstRange(of: "in line ") {
                line = Int(message[range.upperBound...].prefix(while: \.isNumber))
            }
            throw GraphvizError(message.isEmpty ? "not a DOT graph" : message, line: line)
        }
        return graph
    }

    /// Reads DOT text holding one graph: nodes and edges in file order, with labels and
    /// hierarchy attributes. A text with more graphs is an error (see `parseGraphs`).
    public static func parse(_ dot: [UInt8]) throws(GraphvizError) -> GraphvizGraph {
        let graphs = try parseGraphs(dot)
        guard graphs.count == 1 else { throw GraphvizError("the text holds \(graphs.count) graphs; expected one") }
        return graphs[0]
    }

    /// Reads every graph of a DOT text, in order, as `parse` reads one. An error in any graph
    /// (a syntax error, or cgraph's parser running out of stack: "memory exhausted") is thrown
    /// with Graphviz's own message and line; a text with no graph is an error too. Long quoted
    /// strings and names are read in linear time (see `DOTLongTokens`).
    public static func parseGraphs(_ dot: [UInt8]) throws(GraphvizError) -> [GraphvizGraph] {
        try parseGraphs(dot, longTokenThreshold: DOTLongTokens.defaultThreshold)
    }

    /// `parseGraphs`, swapping tokens longer than `longTokenThreshold` (tests compare thresholds).
    static func parseGraphs(_ dot: [UInt8], longTokenThreshold: Int) throws(GraphvizError) -> [GraphvizGraph] {
        let tokens = DOTLongTokens(dot, threshold: longTokenThreshold)
        return try withSession { _ throws(GraphvizError) in
            gv.defaultNodeLabel()
            let input = MemoryInput(tokens.text)
            // The scanner's state is global and survives a syntax error: start from a clean one.
            _ = gv.aaglexDestroy()
            defer { _ = gv.aaglexDestroy() }
            gv.agreadline(1)
            var graphs: [GraphvizGraph] = []
            while true {
                let reportedBefore = GraphvizMessages.buffer.count
                let graph = withExtendedLifetime(input) {
                    gv.readNext(Unmanaged.passUnretained(input).toOpaque(), MemoryInput.read)
                }
                let (errors, warnings) = messages(since: reportedBefore)
                if gv.agerrors() > 0 {
                    if let graph { _ = gv.agclose(graph) }
                    let message = tokens.restoring(errors.joined(separator: "; "), limit: 40)
                    throw GraphvizError(message.isEmpty ? "not a DOT graph" : message, line: lineNumber(in: message))
                }
                guard let graph else { break }
                defer { _ = gv.agclose(graph) }
                var described = describe(graph, laidOut: false, tokens: tokens)
                described.warnings = warnings.map { tokens.restoring($0, limit: 40) }
                graphs.append(described)
            }
            guard !graphs.isEmpty else { throw GraphvizError("not a DOT graph (no graph in the text)") }
            return graphs
        }
    }

    /// The text cgraph reads through `GraphvizLibrary.readNext`, a chunk at a time.
    private final class MemoryInput {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        static let read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32 = { channel, buffer, size in
            guard let channel, let buffer else { return 0 }
            let input = Unmanaged<MemoryInput>.fromOpaque(channel).takeUnretainedValue()
            let count = min(Int(size), input.bytes.count - input.position)
            guard count > 0 else { return 0 }
            input.bytes.withUnsafeBytes { source in
                UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + input.position, byteCount: count)
            }
            input.position += count
            return Int32(count)
        }
    }

    /// Graphviz's errors and warnings reported since the buffer held `start` pieces, a line each.
    private static func messages(since start: Int) -> (errors: [String], warnings: [String]) {
        var errors: [String] = [], warnings: [String] = []
        var lastWasWarning = false
        for line in GraphvizMessages.buffer[start...].joined().split(separator: "\n") {
            if line.hasPrefix("Warning: ") {
                warnings.append(String(line.dropFirst("Warning: ".count)))
                lastWasWarning = true
            } else if line.hasPrefix("Error: ") {
                errors.append(String(line.dropFirst("Error: ".count)))
                lastWasWarning = false
            } else if lastWasWarning {
                warnings.append(String(line))
            } else {
                errors.append(String(line))
            }
        }
        return (errors, warnings)
    }

    /// The line a Graphviz message names (`… in line 3 near …`), if any.
    private static func lineNumber(in message: String) -> Int? {
        guard let range = message.firstRange(of: "in line ") else { return nil }
        return Int(message[range.upperBound...].prefix(while: \.isNumber))
    }

    /// Lays DOT text out with an engine (`dot`, `neato`, `twopi`, `circo`, `nop2`, …) and
    /// returns every node's position, size, rank and order, and every edge's spline.
    public static func layout(_ dot: [UInt8], engine: String,
                              graphAttributes: [(name: String, value: String)] = []) throws(GraphvizError) -> GraphvizGraph {
        try withLaidOutGraph(dot, engine: engine, graphAttributes: graphAttributes) { _, graph throws(GraphvizError) in
            describe(graph, laidOut: true)
        }
    }

    /// The stack Graphviz runs on (1 GiB of address space, touched only as deep as it goes):
    /// enough for libcdt's recursion over some 8,000,000 elements of one set.
    static let stackSize = 1 << 30

    /// The largest graph laid out or rendered: 4,000,000 nodes, half what the stack holds.
    public static let maximumNodes = 4_000_000

    /// Reads DOT, sets graph attributes, lays it out with an engine, runs `body`, and frees the
    /// layout and the graph; all on a thread with a large stack (see `onLargeStack`).
    private static func withLaidOutGraph<T>(_ dot: [UInt8], engine: String, graphAttributes: [(name: String, value: String)] = [],
                                            _ body: (OpaquePointer, UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> T) throws(GraphvizError) -> T {
        try withSession { context throws(GraphvizError) in
            try onLargeStack(size: stackSize) { () throws(GraphvizError) -> T in
                let graph = try read(dot)
                defer { _ = gv.agclose(graph) }
                let count = Int(gv.agnnodes(graph))
                guard count <= maximumNodes else {
                    throw GraphvizError("\(count) nodes are more than Graphviz is given here (at most \(maximumNodes)); write SVG instead")
                }
                for (name, value) in graphAttributes {
                    // cgraph copies the strings; it only lacks `const` in its signature.
                    _ = name.withCString { name in
                        value.withCString { value in
                            "".withCString { empty in
                                gv.agsafeset(UnsafeMutableRawPointer(graph), UnsafeMutablePointer(mutating: name),
                                          UnsafeMutablePointer(mutating: value), UnsafeMutablePointer(mutating: empty))
                            }
                        }
                    }
                }
                guard gv.gvLayout(context, graph, engine) == 0 else {
                    throw GraphvizError("Graphviz layout '\(engine)' failed: \(reported)")
                }
                defer { _ = gv.gvFreeLayout(context, graph) }
                return try body(context, graph)
            }
        }
    }

    /// Lays DOT text out with an engine and renders it to a format (`png`, `pdf`, `svg`, …),
    /// with `graphAttributes` set on the graph first (`size` to scale a drawing down). Output
    /// that is empty, or a PNG or PDF without its signature, is an error, never a result.
    public static func render(_ dot: [UInt8], engine: String, format: String,
                              graphAttributes: [(name: String, value: String)] = []) throws(GraphvizError) -> [UInt8] {
        // (Its X11 and GTK devices crashed or hung without a display.)
        if windowDevices.contains(String(format.prefix { $0 != ":" }).lowercased()) {
            throw GraphvizError("Graphviz's '\(format)' opens a window and writes no file (it renders: \(renderFormats().joined(separator: ", ")))")
        }
        return try withLaidOutGraph(dot, engine: engine, graphAttributes: graphAttributes) { context, graph throws(GraphvizError) in
            var data: UnsafeMutablePointer<CChar>? = nil
            var length: UInt32 = 0
            guard gv.gvRenderData(context, graph, format, &data, &length) == 0, let data else {
                let known = formats(context).joined(separator: ", ")
                throw GraphvizError("Graphviz cannot render '\(format)'\(reported.isEmpty ? "" : ": " + reported) (it renders: \(known))")
            }
            defer { gv.gvFreeRenderData(data) }
            let bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
            let signatures: [String: [UInt8]] = ["png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "pdf": Array("%PDF-".utf8)]
            let signature = signatures[String(format.prefix { $0 != ":" }).lowercased()] ?? []
            guard !bytes.isEmpty, bytes.starts(with: signature) else {
                throw GraphvizError("Graphviz rendered \(bytes.isEmpty ? "nothing" : "no valid \(format) data")"
                    + " for '\(format)'\(reported.isEmpty ? "" : ": " + reported)")
            }
            return bytes.starts(with: Array("%PDF-".utf8)) ? PDFDates.fixed(bytes) : bytes
        }
    }

    /// Graphviz devices that open windows, not files: never rendered, nor listed as formats.
    public static let windowDevices: Set<String> = ["gtk", "x11", "xlib"]

    /// The output formats the installed Graphviz renders (to files).
    public static func renderFormats() -> [String] {
        (try? withSession { context in formats(context) }) ?? []
    }

    /// The layout engines the installed Graphviz has (`dot`, `neato`, …).
    public static func layoutEngines() -> [String] {
        (try? withSession { context in formats(context, kind: "layout") }) ?? []
    }

    private static func formats(_ context: OpaquePointer, kind: String = "device") -> [String] {
        var count: Int32 = 0
        guard let list = gv.gvPluginList(context, kind, &count, nil) else { return [] }
        var names: [String] = []
        for index in 0..<Int(count) {
            if let name = list[index] {
                names.append(String(cString: name))
                free(name)
            }
        }
        free(list)
        return Array(Set(names.map { String($0.prefix { $0 != ":" }) }).subtracting(windowDevices)).sorted()
    }

    private static let hierarchyAttributes = ["type", "id", "URL", "href", "tooltip", "class", "fillcolor", "fontcolor"]

    /// The colour attributes read files have resolved as Graphviz draws them (`resolvedColor`).
    private static let colorAttributes = ["fillcolor", "fontcolor"]

    /// A colour as Graphviz reads it, as `#rrggbb` (`#rrggbbaa` where not opaque): X11 names
    /// (Graphviz's `green` is `#00ff00`, CSS's `#008000`), `#rrggbb[aa]`, `H,S,V`, and the
    /// Brewer and X11 schemes (`colorscheme=rdbu5 color=1`, `/blues9/3`); of a list (`red:blue`,
    /// a gradient or stripes), its first colour. Nil where Graphviz knows no such colour.
    private static func resolvedColor(_ value: String, scheme: String?) -> String? {
        let first = value.prefix { $0 != ":" }.prefix { $0 != ";" }
        var color = gvcolor_t()
        var text = Array(String(first).utf8CString), schemeText = Array((scheme ?? "").utf8CString)
        // setColorScheme keeps the pointer, not a copy: the scheme is set and cleared around the
        // one call that reads it.
        let status = schemeText.withUnsafeMutableBufferPointer { schemeBuffer -> Int32 in
            let previous = gv.setColorScheme(schemeBuffer.baseAddress)
            defer { _ = gv.setColorScheme(previous) }
            return text.withUnsafeMutableBufferPointer { gv.colorxlate($0.baseAddress, &color, RGBA_BYTE) }
        }
        guard status == COLOR_OK else { return nil }
        let (red, green, blue, alpha) = color.u.rgba
        func hex(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }

    /// A graph's nodes and edges. Read files (`tokens` given) keep an explicitly empty label;
    /// in laid-out graphs, which Schematic wrote, an empty label stands for the name.
    private static func describe(_ graph: UnsafeMutablePointer<Agraph_t>, laidOut: Bool, tokens: DOTLongTokens? = nil) -> GraphvizGraph {
        var nodes: [GraphvizNode] = []
        var index: [UnsafeMutablePointer<Agnode_t>: Int] = [:]
        var node = gv.agfstnode(graph)
        func restored(_ text: String) -> String { tokens?.restoring(text) ?? text }
        let graphName = restored(gv.agnameof(UnsafeMutableRawPointer(graph)).map { String(cString: $0) } ?? "")
        let directed = gv.agisdirected(graph) != 0
        while let current = node {
            let name = restored(gv.agnameof(UnsafeMutableRawPointer(current)).map { String(cString: $0) } ?? "")
            var label = name
            if let (text, isHTML) = labelAttribute(UnsafeMutableRawPointer(current)), !text.isEmpty || tokens != nil {
                label = isHTML ? htmlLabelText(restored(text)) : expandLabel(restored(text), name: name, graph: graphName)
                // A record's fields (`{root|v1.0}`, `<f0> left|<f1> right`) as text, not its syntax.
                if !isHTML, tokens != nil, let shape = attribute(UnsafeMutableRawPointer(current), "shape"),
                   shape == "record" || shape == "Mrecord" {
                    label = recordLabelText(restored(text), name: name, graph: graphName)
                }
            }
            var attributes: [String: String] = [:]
            for key in hierarchyAttributes {
                if let value = attribute(UnsafeMutableRawPointer(current), key).map(restored), !value.isEmpty { attributes[key] = value }
            }
            if tokens != nil {
                let scheme = attribute(UnsafeMutableRawPointer(current), "colorscheme")
                // A filled node without a fillcolor is filled with its color, as Graphviz fills it.
                if attributes["fillcolor"] == nil, let style = attribute(UnsafeMutableRawPointer(current), "style"),
                   style.split(whereSeparator: { $0 == "," || $0 == " " }).contains("filled"),
                   let color = attribute(UnsafeMutableRawPointer(current), "color").map(restored), !color.isEmpty {
                    attributes["fillcolor"] = color
                }
                // (One Graphviz does not know stays as written: the reader reports it.)
                for key in colorAttributes {
                    if let value = attributes[key], let resolved = resolvedColor(value, scheme: scheme) { attributes[key] = resolved }
                }
            }
            var described = GraphvizNode(name: name, label: label, attributes: attributes)
            if laidOut {
                described.x = schematic_gv_node_x(current)
                described.y = schematic_gv_node_y(current)
                described.width = schematic_gv_node_width(current) * 72
                described.height = schematic_gv_node_height(current) * 72
                described.rank = Int(schematic_gv_node_rank(current))
                described.order = Int(schematic_gv_node_order(current))
            }
            index[current] = nodes.count
            nodes.append(described)
            node = gv.agnxtnode(graph, current)
        }
        var edges: [GraphvizEdge] = []
        node = gv.agfstnode(graph)
        while let current = node {
            var edge = gv.agfstout(graph, current)
            while let out = edge {
                var described = GraphvizEdge(tail: index[schematic_gv_tail(out)]!, head: index[schematic_gv_head(out)]!,
                                             sequence: Int(schematic_gv_seq(UnsafeMutableRawPointer(out))))
                if tokens != nil, let (text, isHTML) = labelAttribute(UnsafeMutableRawPointer(out)), !text.isEmpty {
                    let tail = nodes[index[schematic_gv_tail(out)]!].name, head = nodes[index[schematic_gv_head(out)]!].name
                    let label = isHTML ? htmlLabelText(restored(text))
                        : expandLabel(restored(text), name: nil, graph: graphName, edge: (tail, head, directed))
                    if !label.isEmpty { described.label = label }
                }
                if laidOut {
                    let count = schematic_gv_edge_point_count(out)
                    described.points = (0..<count).map { (schematic_gv_edge_point_x(out, $0), schematic_gv_edge_point_y(out, $0)) }
                }
                edges.append(described)
                edge = gv.agnxtout(graph, out)
            }
            node = gv.agnxtnode(graph, current)
        }
        edges.sort { $0.sequence < $1.sequence }
        var result = GraphvizGraph(isDirected: gv.agisdirected(graph) != 0, nodes: nodes, edges: edges)
        if tokens != nil {
            // Iteratively, in preorder: subgraphs nest as deep as a file writes them.
            var pending: [UnsafeMutablePointer<Agraph_t>] = []
            func pushSubgraphs(of parent: UnsafeMutablePointer<Agraph_t>) {
                var children: [UnsafeMutablePointer<Agraph_t>] = []
                var subgraph = gv.agfstsubg(parent)
                while let current = subgraph {
                    children.append(current)
                    subgraph = gv.agnxtsubg(current)
                }
                pending.append(contentsOf: children.reversed())
            }
            pushSubgraphs(of: graph)
            while let current = pending.popLast() {
                let name = restored(gv.agnameof(UnsafeMutableRawPointer(current)).map { String(cString: $0) } ?? "")
                if name.lowercased().hasPrefix("cluster") { result.clusters.append(name) }
                pushSubgraphs(of: current)
            }
        }
        if laidOut {
            result.boundingBox = (schematic_gv_bb_llx(graph), schematic_gv_bb_lly(graph), schematic_gv_bb_urx(graph), schematic_gv_bb_ury(graph))
        }
        return result
    }

    /// A node's or edge's label, and whether it is an HTML-like label (`label=<…>`), or nil when
    /// the graph declares none.
    private static func labelAttribute(_ object: UnsafeMutableRawPointer) -> (String, isHTML: Bool)? {
        var name = Array("label".utf8CString)
        guard let value = name.withUnsafeMutableBufferPointer({ gv.agget(object, $0.baseAddress) }) else { return nil }
        return (String(cString: value), gv.aghtmlstr(value) != 0)
    }

    /// The text of an HTML-like label, as Graphviz draws it: its tags dropped, a `<br/>` or a
    /// table row's end a line break, a cell's end a space, a line break in the text a space
    /// (its character references stay, as in any label). Drawn as written, `<b>bold</b>`
    /// showed its tags.
    static func htmlLabelText(_ html: String) -> String {
        var text = "", tag = ""
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    let closes = tag.hasPrefix("/"), name = tag.lowercased().drop { $0 == "/" || $0 == " " }.prefix { $0.isLetter }
                    // A table's rows are lines, its cells words.
                    if name == "br" || (closes && name == "tr") { text.append("\n") }
                    if closes && (name == "td" || name == "th") { text.append(" ") }
                    tag = ""
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
            } else {
                text.append(character == "\n" || character == "\r\n" || character == "\r" ? " " : character)
            }
        }
        // Each line without the spaces cells and source lines left at its ends.
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// An attribute's value, or nil when the graph does not declare it.
    private static func attribute(_ object: UnsafeMutableRawPointer, _ key: String) -> String? {
        var name = Array(key.utf8CString)
        return name.withUnsafeMutableBufferPointer { gv.agget(object, $0.baseAddress) }.map { String(cString: $0) }
    }

    /// The text of a record label (`shape=record`): its fields joined by " | ", without the
    /// braces that turn them, the ports (`<f0>`) that name them, or the backslashes before a
    /// literal `{`, `}`, `|`, `<`, `>` or space; empty fields left out.
    static func recordLabelText(_ text: String, name: String, graph: String = "") -> String {
        var fields: [String] = [], field = ""
        var inPort = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if character == "\\", let next = iterator.next() {
                if !inPort {
                    if "{}|<> ".contains(next) { field.append(next) } else { field.append(character); field.append(next) }
                }
                continue
            }
            if inPort {
                if character == ">" { inPort = false }
                continue
            }
            switch character {
            case "<": inPort = true
            case "{", "}", "|": fields.append(field); field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields.map { expandLabel($0, name: name, graph: graph) }
            .map { field in String(field.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }.joined(separator: " | ")
    }

    /// Expands the escapes of a label: `\N` (node name), `\G` (graph name), an edge's `\E`
    /// (`tail->head`), `\T` and `\H`, `\n` `\l` `\r` (line breaks), `\\`.
    static func expandLabel(_ text: String, name: String?, graph: String = "",
                            edge: (tail: String, head: String, directed: Bool)? = nil) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            // As Graphviz: an object's own escapes only (a node's \N; an edge's \E, \T, \H);
            // another's stays as written.
            switch (next, edge) {
            case ("N", _): if let name { result += name } else { result += "\\N" }
            case ("G", _): result += graph
            case ("E", let edge?): result += edge.tail + (edge.directed ? "->" : "--") + edge.head
            case ("T", let edge?): result += edge.tail
            case ("H", let edge?): result += edge.head
            case ("E", nil), ("T", nil), ("H", nil): result += "\\" + String(next)
            case ("n", _), ("l", _), ("r", _): result.append("\n")
            default: result.append(next)
            }
        }
        while result.hasSuffix("\n") { result.removeLast() }
        return result
    }
}

/// The opened libraries, kept for the life of the process; only touched under `Graphviz.lock`.
private enum GraphvizSession {
    nonisolated(unsafe) static var library: GraphvizLibrary?
}

/// Graphviz's reported messages during one locked session; only touched under `Graphviz.lock`.
private enum GraphvizMessages {
    nonisolated(unsafe) static var buffer: [String] = []
}
