import Graphviz
import Hierarchy

/// Reads a Graphviz graph through cgraph: each node is a node of the hierarchy (its `label`,
/// else its name; `label=""` makes an unnamed node; surrounding whitespace is dropped), each
/// edge links a parent to a child (`a -> b`, or `a -- b` as written).
///
/// A node's first incoming edge in the file makes its parent; children keep the order of their
/// edges in the file (cgraph makes a group's, `r -> { x y z }`, in its nodes' first order, as dot
/// draws them); nodes with no incoming edge are roots, in file order. Further incoming
/// edges become additional parents (`ReaderOptions.layersByLongestPaths` then hangs each node by
/// its deepest parent, so that they sit above it; the drawing names both nodes of one that does
/// not). A cycle is an error spelling it out (node to node) at
/// the edge that closed it, and so is an edge from a node to itself, unless `breaksCycles`
/// draws the one and leaves out the other, with warnings; an edge written again is
/// drawn once, with a warning at the first repeat. Node attributes `type` and `id` are read as in the other formats
/// (ids must be unique). A file with several graphs is a forest: each graph is read as the first
/// is, its roots after the previous graph's. Graphviz's errors are reported with its own words
/// and line, its warnings as warnings.
public struct DOTReader: HierarchyReader {
    /// A cycle is broken instead of refused (`ReaderOptions.breaksCycles`): one of first
    /// parents no root reaches is drawn from its first node, with a warning; other cycles run
    /// through additional parents, which the drawing leaves out. An edge from a node to itself
    /// is then left out with a warning too.
    public var breaksCycles: Bool

    public init(breaksCycles: Bool = false) {
        self.breaksCycles = breaksCycles
    }

    /// cgraph's message placed as ours are: "syntax error in line 3 near '}'" at line 3, and at
    /// the column of the token it names where that line holds it once.
    static func placed(_ error: GraphvizError, in source: SourceText) -> ReadError {
        if let line = error.line, error.message.hasSuffix(" in line \(line)") {
            // Nothing near: cgraph ran out of input (an open `{`, an edge with no head). Said so
            // at the end of the last line, not "in line 2" at line 2.
            let message = String(error.message.dropLast(" in line \(line)".count))
            // The last line that holds anything (cgraph counts the line after a final newline).
            let lines = source.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard let lastFilled = lines.lastIndex(where: { $0.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }),
                  line >= lastFilled - lines.startIndex + 1 else {
                return ReadError(file: source.file, line: line, column: 0, message: message)
            }
            let text = String(decoding: lines[lastFilled], as: UTF8.self)
            let column = text.unicodeScalars.count - text.unicodeScalars.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "\r" }.count + 1
            return ReadError(file: source.file, line: lastFilled - lines.startIndex + 1, column: column,
                             message: message + " at the end of the input: a '{' or '[' is left open, or an edge has no head")
        }
        guard let line = error.line, let said = error.message.firstRange(of: "in line \(line) ") else {
            return ReadError(file: source.file, line: error.line ?? 0, column: 0, message: error.message)
        }
        var message = error.message
        message.removeSubrange(said)
        var column = 0
        if let near = message.firstRange(of: "near '"), message.hasSuffix("'") {
            let token = message[near.upperBound...].dropLast()
            let lines = source.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            if !token.isEmpty, line >= 1, line <= lines.count {
                let text = String(decoding: lines[lines.startIndex + line - 1], as: UTF8.self)
                let found = text.ranges(of: token)
                if found.count == 1 { column = text.unicodeScalars[..<found[0].lowerBound].count + 1 }
            }
        }
        return ReadError(file: source.file, line: line, column: column, message: message)
    }

    /// Where the subgraph `name` is first declared: the name as a whole word (not inside
    /// `cluster_10` for `cluster_1`) after `subgraph` (not in a comment), or nil.
    static func offsetOfSubgraph(_ name: String, in bytes: [UInt8]) -> Int? {
        let wanted = Array(name.utf8)
        guard !wanted.isEmpty else { return nil }
        func isNamePart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39
        }
        var from = 0
        while let found = bytes[from...].firstRange(of: wanted) {
            let before = found.lowerBound > 0 ? bytes[found.lowerBound - 1] : 0x20
            let after = found.upperBound < bytes.count ? bytes[found.upperBound] : 0x20
            if !isNamePart(before) && !isNamePart(after) {
                var start = found.lowerBound
                if start > 0 && bytes[start - 1] == UInt8(ascii: "\"") { start -= 1 }
                var blank = start
                while blank > 0 && (bytes[blank - 1] == 0x20 || bytes[blank - 1] == 0x09 || bytes[blank - 1] == 0x0A || bytes[blank - 1] == 0x0D) { blank -= 1 }
                if blank < start, blank >= 8, bytes[(blank - 8)..<blank].elementsEqual("subgraph".utf8),
                   blank == 8 || !isNamePart(bytes[blank - 9]) {
                    return start
                }
            }
            from = found.lowerBound + 1
        }
        return nil
    }

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: DOTReader.transcodingLatin1(input), file: file)
        // cgraph reads C strings: a NUL byte would silently end the graph there.
        if let nul = source.bytes.firstIndex(of: 0) { throw source.error(at: nul, "NUL byte in DOT") }
        if source.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw ReadError(file: file, line: 0, column: 0, message: "no nodes: the input is empty")
        }
        let graphs: [GraphvizGraph]
        do {
            graphs = try Graphviz.parseGraphs(source.bytes)
        } catch {
            throw Self.placed(error, in: source)
        }
        guard graphs.contains(where: { !$0.nodes.isEmpty }) else {
            throw ReadError(file: file, line: 0, column: 0, message: graphs.count == 1 ? "no nodes: the graph is empty" : "no nodes: the graphs are empty")
        }
        var tree = Tree()
        var nodeOfID: [String: String] = [:]
        // Edges' and node attributes' places in the text, found only when a message needs one.
        var sourcePositions: DOTSourcePositions? = nil
        for (number, graph) in graphs.enumerated() {
            let context = graphs.count == 1 ? "" : "graph \(number + 1): "
            let positions = { () -> DOTSourcePositions in
                if sourcePositions == nil { sourcePositions = DOTSourcePositions(source.bytes) }
                return sourcePositions!
            }
            let located = { (tail: Int, head: Int, occurrence: Int) -> DOTSourcePositions.Position? in
                positions().position(graph: number, tail: graph.nodes[tail].name, head: graph.nodes[head].name, occurrence: occurrence)
            }
            let attributeLocated = { (node: Int, key: String) -> DOTSourcePositions.Position? in
                positions().position(graph: number, node: graph.nodes[node].name, attribute: key)
            }
            try add(graph.isDirected ? graph : Self.ledAwayFromRoots(graph), to: &tree, nodeOfID: &nodeOfID,
                    edgePosition: located, attributePosition: attributeLocated) { message, position in
                ReadError(file: file, line: position?.line ?? 0, column: position?.column ?? 0, message: context + message)
            }
            for warning in graph.warnings {
                let line = warning.firstRange(of: "in line ").flatMap { Int(warning[$0.upperBound...].prefix(while: \.isNumber)) }
                tree.warnings.append(ReadError(file: file, line: line ?? 0, column: 0, message: warning).description)
            }
            // In the order the file declares them (cgraph keeps its own).
            let declared = graph.clusters.map { (name: $0, offset: Self.offsetOfSubgraph($0, in: source.bytes)) }
                .enumerated().sorted { ($0.element.offset ?? .max, $0.offset) < ($1.element.offset ?? .max, $1.offset) }.map(\.element)
            if let first = declared.first {
                // Clusters group nodes into boxes, which a tree of columns has no room for: said,
                // not dropped in silence (their nodes and edges are all drawn).
                let count = declared.count
                let named = declared.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ") + (count > 3 ? ", …" : "")
                let message = "\(context)\(count == 1 ? "cluster \(named) is" : "\(count) clusters (\(named)) are") "
                    + "not drawn as \(count == 1 ? "a box" : "boxes") (a tree's columns cannot group nodes); "
                    + "\(count == 1 ? "its" : "their") nodes and edges are drawn as the others"
                tree.warnings.append(first.offset.map { source.error(at: $0, message) }?.description
                                     ?? ReadError(file: file, line: 0, column: 0, message: message).description)
            }
        }
        return tree
    }

    /// An undirected forest's edges led away from its roots where, as written, a node has two
    /// parents: each connected part from its first node in file order, breadth first. (Read as
    /// written, `graph { a -- b; c -- b }` had two roots and `b` a second parent.) A forest as
    /// written stays so (`b; a -- b` keeps `a` the root), and so does a graph with a cycle, its
    /// cycle told as one. Iterative, O(nodes + edges).
    static func ledAwayFromRoots(_ graph: GraphvizGraph) -> GraphvizGraph {
        let count = graph.nodes.count
        var neighbours = [[Int]](repeating: [], count: count)
        var pairs = Set<Int>()  // smaller * count + larger: a repeated edge adds nothing
        var hasParent = [Bool](repeating: false, count: count), hasTwoParents = false
        for edge in graph.edges where edge.tail != edge.head
            && pairs.insert(min(edge.tail, edge.head) * count + max(edge.tail, edge.head)).inserted {
            neighbours[edge.tail].append(edge.head)
            neighbours[edge.head].append(edge.tail)
            if hasParent[edge.head] { hasTwoParents = true }
            hasParent[edge.head] = true
        }
        guard hasTwoParents else { return graph }
        var reached = [Int](repeating: -1, count: count), reachedCount = 0, parts = 0
        var queue: [Int] = []
        for start in 0..<count where reached[start] < 0 {
            parts += 1
            reached[start] = reachedCount
            reachedCount += 1
            queue = [start]
            var next = 0
            while next < queue.count {
                let node = queue[next]
                next += 1
                for other in neighbours[node] where reached[other] < 0 {
                    reached[other] = reachedCount
                    reachedCount += 1
                    queue.append(other)
                }
            }
        }
        // A forest has one edge fewer than nodes in each part.
        guard pairs.count == count - parts else { return graph }
        var led = graph
        for index in led.edges.indices where reached[led.edges[index].tail] > reached[led.edges[index].head] {
            (led.edges[index].tail, led.edges[index].head) = (led.edges[index].head, led.edges[index].tail)
        }
        return led
    }

    /// Adds one graph's nodes to the forest, after those already there.
    /// `edgePosition(tail, head, occurrence)` is where the edge is written, `attributePosition(node,
    /// key)` where a statement of the node sets that attribute; `error` makes an
    /// error at a place, or of the whole graph.
    private func add(_ graph: GraphvizGraph, to tree: inout Tree, nodeOfID: inout [String: String],
                     edgePosition: (Int, Int, Int) -> DOTSourcePositions.Position?,
                     attributePosition: (Int, String) -> DOTSourcePositions.Position?,
                     error: (String, DOTSourcePositions.Position?) -> ReadError) throws(ReadError) {
        let count = graph.nodes.count
        var parent = [Int](repeating: -1, count: count)
        var extraParents: [Int: [Int]] = [:]
        var children = [[Int]](repeating: [], count: count)
        var seen = Set<Int>()  // tail * count + head: a repeated edge adds nothing
        var repeated: (tail: Int, head: Int)? = nil, repeatCount = 0
        var selfEdge: Int? = nil, selfEdgeCount = 0
        // Per node, its parent edge's label; and the labelled edges: how many, the first.
        var parentEdgeLabel: [Int: String] = [:]
        var labelled = (count: 0, first: nil as GraphvizEdge?)
        for edge in graph.edges {
            if edge.label != nil {
                labelled.count += 1
                if labelled.first == nil { labelled.first = edge }
            }
            guard seen.insert(edge.tail * count + edge.head).inserted else {
                if repeated == nil { repeated = (edge.tail, edge.head) }
                repeatCount += 1
                continue
            }
            if edge.tail == edge.head {
                guard breaksCycles else {
                    throw error("node '\(graph.nodes[edge.tail].name)' has an edge to itself (--extra-parents auto leaves it out)",
                                edgePosition(edge.tail, edge.head, 0))
                }
                // A state machine's loops: a tree cannot draw them, the rest of the graph it can.
                if selfEdge == nil { selfEdge = edge.tail }
                selfEdgeCount += 1
                continue
            }
            if parent[edge.head] < 0 {
                parent[edge.head] = edge.tail
                children[edge.tail].append(edge.head)
                if let label = edge.label { parentEdgeLabel[edge.head] = label }
            } else {
                extraParents[edge.head, default: []].append(edge.tail)
            }
        }

        if let repeated {
            // Graphviz would draw each copy; a tree has one link from a parent to a child.
            let first = edgePosition(repeated.tail, repeated.head, 0)
            let again = error("edge '\(graph.nodes[repeated.tail].name)' -> '\(graph.nodes[repeated.head].name)' is written again"
                              + (first.map { " (first in line \($0.line))" } ?? "") + "; a repeated edge is drawn once"
                              + (repeatCount > 1 ? " (\(repeatCount) repeated edges in all)" : ""),
                              edgePosition(repeated.tail, repeated.head, 1))
            tree.warnings.append(again.description)
        }

        if let selfEdge {
            let others = selfEdgeCount > 1 ? " (\(selfEdgeCount) edges to themselves in all)" : ""
            tree.warnings.append(error("node '\(graph.nodes[selfEdge].name)' has an edge to itself, left out\(others); "
                                       + "--extra-parents keep refuses it", edgePosition(selfEdge, selfEdge, 0)).description)
        }

        if breaksCycles {
            let roots = CycleBreaking.roots(count: count, parent: { parent[$0] }, children: { children[$0] })
            for root in roots {
                let old = parent[root]
                let message = CycleBreaking.warning(root: root, parent: { parent[$0] }, name: { graph.nodes[$0].name })
                tree.warnings.append(error(message, edgePosition(old, root, 0)).description)
            }
            // The link is left out, not kept as an extra parent: its parent is the root's own
            // descendant, never one level above it, and the layout would warn of it again.
            for root in roots {
                children[parent[root]].removeAll { $0 == root }
                parent[root] = -1
            }
        } else if var cycle = cycle(in: graph) {
            // Its edges in order, ending with the one written last, where the error points: the
            // edge that closed the cycle as the file was read.
            let edgesAround = cycle.indices.map { (cycle[$0], cycle[($0 + 1) % cycle.count]) }
            let places = edgesAround.map { edgePosition($0.0, $0.1, 0) }
            var last = 0
            for index in places.indices {
                guard let place = places[index] else { continue }
                if let best = places[last], (best.line, best.column) >= (place.line, place.column) { continue }
                last = index
            }
            cycle = Array(cycle[(last + 1)...] + cycle[...last])
            var names = cycle.map { "'\(graph.nodes[$0].name)'" }
            if names.count > 6 { names = names.prefix(3) + ["…"] + names.suffix(2) }
            throw error("the graph has a cycle, which a tree cannot hold: \((names + [names[0]]).joined(separator: " -> ")) "
                        + "(leave out one of its edges, or draw it from its first node: --extra-parents auto)", places[last])
        }

        // Number nodes in preorder, so that children take their edges' order.
        var unknownTypes = UnknownTypes()  // positions are nodes
        var edgeLabelTooltips = 0
        var newNumber = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        for root in (0..<count).reversed() where parent[root] < 0 { stack.append(root) }
        while let node = stack.popLast() {
            let name = graph.nodes[node].name
            let attributes = graph.nodes[node].attributes
            // As in JSON, YAML and CSV: another value is kept as a CSS class, with a warning.
            var type = NodeType.normal, typeClass: String?
            if let typeName = attributes["type"] {
                switch NodeFields.typeValue(typeName) {
                case .type(let named): type = named
                case .knownClass(let name): typeClass = name
                case .unknownClass(let value, let className):
                    typeClass = className
                    unknownTypes.note(value, className: className, at: node)
                }
            }
            // Character references drawn as Graphviz draws them ("AT&amp;T" is "AT&T"; HTML 5's
            // names, a superset of the HTML 4 names Graphviz knows).
            let written = graph.nodes[node].label
            let label = NodeFields.trimmedLabel(written.utf8.contains(UInt8(ascii: "&"))
                                                ? MarkdownInline.decodeEntities(Array(written.utf8)) : written)
            if let bad = NodeFields.undrawableCharacter(in: label) {
                throw error("node '\(name)': control character U+\(hex(UInt8(bad.value))) in its label", attributePosition(node, "label"))
            }
            if let id = attributes["id"] {
                if let first = nodeOfID[id] {
                    throw error("duplicate id '\(id)' (nodes '\(first)' and '\(name)')", attributePosition(node, "id"))
                }
                nodeOfID[id] = name
            }
            newNumber[node] = tree.addNode(label: label, type: type, id: attributes["id"],
                                           parent: parent[node] < 0 ? nil : newNumber[parent[node]])
            var presentation = NodeAttributes()
            for key in ["URL", "href", "tooltip", "class", "fillcolor", "fontcolor"] {
                guard let value = attributes[key] else { continue }
                // Graphviz has resolved every colour it knows to #rrggbb (`Graphviz.describe`).
                if key.hasSuffix("color") && !value.hasPrefix("#") {
                    throw error("node '\(name)': '\(value)' is not a colour Graphviz knows (an X11 colour name, #rrggbb, "
                                + "'H,S,V', or a colour of the node's colorscheme)", attributePosition(node, key))
                }
                do {
                    _ = try presentation.set(key, to: value)
                } catch let problem {
                    throw error("node '\(name)': \(problem.message)", attributePosition(node, key))
                }
            }
            if let typeClass { NodeFields.addTypeClass(typeClass, to: &presentation) }
            if presentation.tooltip == nil, let edgeLabel = parentEdgeLabel[node] {
                // What the link from its parent says (`uses`, `1..*`), where a reader can find it.
                _ = try? presentation.set("tooltip", to: edgeLabel)
                edgeLabelTooltips += 1
            }
            tree.setAttributes(presentation, of: newNumber[node])
            for child in children[node].reversed() { stack.append(child) }
        }
        if let first = labelled.first {
            // A tree's connectors carry no text: said, not dropped in silence.
            let shown = edgeLabelTooltips
            let message = "\(labelled.count == 1 ? "an edge's label ('\(first.label!)') is" : "\(labelled.count) edges' labels (the first '\(first.label!)') are") "
                + "not drawn on the connectors (a tree's connectors carry no text); "
                + (shown == 0 ? "none is a tooltip (none links a child to its first parent, or the child has its own)"
                   : (shown == labelled.count ? (shown == 1 ? "it is its child's tooltip" : "each is its child's tooltip")
                      : "\(shown) of them \(shown == 1 ? "is its child's tooltip" : "are their children's tooltips")") + " in SVG and HTML")
            tree.warnings.append(error(message, edgePosition(first.tail, first.head, 0)).description)
        }
        for message in unknownTypes.messages {
            tree.warnings.append(message.position.map { error(message.text, attributePosition($0, "type")).description } ?? message.text)
        }
        for (child, parents) in extraParents.sorted(by: { $0.key < $1.key }) {
            for extra in parents {
                let place = edgePosition(extra, child, 0).map { SourcePlace(line: $0.line, column: $0.column) }
                tree.addAdditionalParent(newNumber[extra], to: newNumber[child], at: place)
            }
        }
    }

    /// Graphviz files may declare `charset=latin1`; such a file that is not UTF-8 is turned into UTF-8.
    static func transcodingLatin1(_ bytes: [UInt8]) -> [UInt8] {
        guard String(validating: bytes, as: UTF8.self) == nil else { return bytes }
        let text = String(decoding: bytes.filter { $0 < 0x80 }, as: UTF8.self).lowercased()
        guard text.contains("latin1") || text.contains("latin-1") || text.contains("iso-8859-1") || text.contains("iso_8859-1") else {
            return bytes
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 { utf8.append(byte) } else { utf8.append(0xC0 | byte >> 6); utf8.append(0x80 | byte & 0x3F) }
        }
        return utf8
    }

    /// A cycle of the graph's edges, its nodes in edge order, or nil. Kahn's algorithm over
    /// every edge: nodes left over lie on or behind a cycle; walking edges among them back
    /// from any one of them must come to a node on it, and on round it.
    private func cycle(in graph: GraphvizGraph) -> [Int]? {
        let count = graph.nodes.count
        var outgoing = [[Int]](repeating: [], count: count)
        var incoming = [[Int]](repeating: [], count: count)
        var indegree = [Int](repeating: 0, count: count)
        for edge in graph.edges {
            outgoing[edge.tail].append(edge.head)
            incoming[edge.head].append(edge.tail)
            indegree[edge.head] += 1
        }
        var ready = (0..<count).filter { indegree[$0] == 0 }
        var removed = 0
        while let node = ready.popLast() {
            removed += 1
            for next in outgoing[node] {
                indegree[next] -= 1
                if indegree[next] == 0 { ready.append(next) }
            }
        }
        guard removed < count else { return nil }
        // Every node left has a predecessor left: walking back from one must repeat a node.
        var node = indegree.firstIndex { $0 > 0 }!
        var visited = Set<Int>()
        while visited.insert(node).inserted {
            node = incoming[node].first { indegree[$0] > 0 }!
        }
        // Once more round it, backwards from `node`: then in edge order.
        var backwards = [node], previous = incoming[node].first { indegree[$0] > 0 }!
        while previous != node {
            backwards.append(previous)
            previous = incoming[previous].first { indegree[$0] > 0 }!
        }
        return [backwards[0]] + backwards.dropFirst().reversed()
    }
}
