/// Where each edge of a DOT text is written, so that messages about edges (a cycle, an edge to
/// itself, a repeated edge) can name a line and column: cgraph keeps no positions; and where
/// each node statement (or `node [...]` default) sets an attribute, for messages about a node's
/// attributes (a duplicate id, an unknown type). A light scan
/// of DOT's statements, in one pass and with an explicit stack of braces: `a -> b -> c`,
/// `{a b} -> c`, `subgraph s { … } -> d`, ports, attribute lists, comments, quoted, joined (`+`)
/// and HTML strings. Each edge is found at its edge operator; made only when a message needs it.
struct DOTSourcePositions {
    /// A place in the text, 1-based.
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    private struct Key: Hashable {
        var graph: Int
        var tail: String
        var head: String
    }

    /// The positions of each edge (graph, tail, head), in text order.
    private var positions: [Key: [Position]] = [:]

    /// Where a node statement last sets an attribute (graph, node, key): cgraph keeps the last.
    private var attributePositions: [Key: Position] = [:]

    /// Where `node [...]` statements set an attribute (graph, key; `tail` empty), in text order.
    private var defaultPositions: [Key: [Position]] = [:]

    /// Scans `source` (UTF-8) for the edges of each graph it holds.
    init(_ source: [UInt8]) {
        var scanner = Scanner(bytes: source)
        var frames: [Frame] = []
        var graph = -1
        var expectsGraphName = false
        var expectsSubgraphName = false
        while let token = scanner.next() {
            if expectsGraphName || expectsSubgraphName {
                let wasSubgraph = expectsSubgraphName
                expectsGraphName = false
                expectsSubgraphName = false
                if case .identifier = token.kind { continue }
                if wasSubgraph, token.kind != .openBrace {
                    // `subgraph s` without a body names a subgraph; it adds no nodes here.
                    frames[frames.count - 1].endStatement()
                }
            }
            switch token.kind {
            case .keyword(let word):
                if frames.isEmpty {
                    if word == "graph" || word == "digraph" { expectsGraphName = true; graph += 1 }
                } else if word == "subgraph" {
                    expectsSubgraphName = true
                } else {
                    // `node`, `edge`, `graph` [attributes]: a statement of its own.
                    frames[frames.count - 1].endStatement()
                    if word == "node" {
                        for (key, place) in scanner.attributeKeys() { defaultPositions[Key(graph: graph, tail: "", head: key), default: []].append(place) }
                    } else {
                        scanner.skipAttributeLists()
                    }
                }
            case .identifier(let name):
                guard !frames.isEmpty else { continue }
                if scanner.peekIsEquals() {
                    // `key = value` at statement level.
                    scanner.skipAssignedValue()
                    frames[frames.count - 1].endStatement()
                    continue
                }
                scanner.skipPort()
                // Not an edge's head: attribute lists after it are the node's own (`a [id=x]`).
                let isNodeStatement = frames[frames.count - 1].pendingOperator == nil
                frames[frames.count - 1].operand([name], at: token.position, graph: graph, into: &positions)
                if isNodeStatement {
                    for (key, place) in scanner.attributeKeys() { attributePositions[Key(graph: graph, tail: name, head: key)] = place }
                } else {
                    scanner.skipAttributeLists()
                }
            case .openBrace:
                frames.append(Frame())
            case .closeBrace:
                guard let closed = frames.popLast() else { continue }
                if !frames.isEmpty {
                    frames[frames.count - 1].operand(closed.nodes, at: token.position, graph: graph, into: &positions)
                    scanner.skipAttributeLists()
                }
            case .edgeOperator:
                if !frames.isEmpty { frames[frames.count - 1].edgeOperator(at: token.position) }
            case .statementEnd:
                if !frames.isEmpty { frames[frames.count - 1].endStatement() }
            case .other:
                continue
            }
        }
    }

    /// Where the `occurrence`th (0-based) edge from `tail` to `head` of graph `graph` (0-based) is written.
    func position(graph: Int, tail: String, head: String, occurrence: Int = 0) -> Position? {
        guard let list = positions[Key(graph: graph, tail: tail, head: head)], occurrence < list.count else { return nil }
        return list[occurrence]
    }

    /// Where a statement of node `node` of graph `graph` (0-based) last sets attribute `key`;
    /// else where the graph's one `node [...]` statement setting it does (with several, which
    /// one holds depends on where the node is first named: none is pointed at).
    func position(graph: Int, node: String, attribute key: String) -> Position? {
        if let own = attributePositions[Key(graph: graph, tail: node, head: key)] { return own }
        guard let defaults = defaultPositions[Key(graph: graph, tail: "", head: key)], defaults.count == 1 else { return nil }
        return defaults[0]
    }

    /// One brace group: the nodes named in it, and the edge statement being read.
    private struct Frame {
        var nodes: [String] = []
        var previousOperand: [String]? = nil
        var pendingOperator: Position? = nil

        mutating func operand(_ names: [String], at position: Position, graph: Int, into positions: inout [Key: [Position]]) {
            nodes.append(contentsOf: names)
            if let place = pendingOperator, let tails = previousOperand {
                for tail in tails {
                    for head in names { positions[Key(graph: graph, tail: tail, head: head), default: []].append(place) }
                }
            }
            previousOperand = names
            pendingOperator = nil
        }

        mutating func edgeOperator(at position: Position) {
            if previousOperand != nil { pendingOperator = position }
        }

        mutating func endStatement() {
            previousOperand = nil
            pendingOperator = nil
        }
    }

    private struct Token {
        enum Kind: Equatable {
            case identifier(String), keyword(String)
            case openBrace, closeBrace, edgeOperator, statementEnd, other
        }
        var kind: Kind
        var position: Position
    }

    /// DOT's tokens, with comments and whitespace skipped and lines counted as cgraph does.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        private var position: Position { Position(line: line, column: column) }

        private func byte(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        private mutating func advance() {
            // Columns count characters: UTF-8 continuation bytes are not counted.
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1; column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }

        /// Skips whitespace and comments (`//` and `#` to the line's end, `/* … */`).
        private mutating func skipSpace() {
            while let current = byte() {
                if current == UInt8(ascii: "\n") {
                    advance()
                } else if current == 0x20 || current == 0x09 || current == 0x0D || current == 0x0B || current == 0x0C {
                    advance()
                } else if current == UInt8(ascii: "#") {
                    // cgraph 2.42 takes `#` anywhere for a line comment (see `DOTLongTokens`).
                    while let next = byte(), next != UInt8(ascii: "\n") { advance() }
                } else if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") {
                    while let next = byte(), next != UInt8(ascii: "\n") { advance() }
                } else if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                    advance(); advance()
                    while let next = byte(), !(next == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/")) { advance() }
                    if byte() != nil { advance(); advance() }
                } else {
                    return
                }
            }
        }

        mutating func next() -> Token? {
            skipSpace()
            guard let current = byte() else { return nil }
            let start = position
            switch current {
            case UInt8(ascii: "{"): advance(); return Token(kind: .openBrace, position: start)
            case UInt8(ascii: "}"): advance(); return Token(kind: .closeBrace, position: start)
            case UInt8(ascii: ";"), UInt8(ascii: ","): advance(); return Token(kind: .statementEnd, position: start)
            case UInt8(ascii: "-") where byte(1) == UInt8(ascii: ">") || byte(1) == UInt8(ascii: "-"):
                advance(); advance(); return Token(kind: .edgeOperator, position: start)
            case UInt8(ascii: "\""):
                var value = quoted()
                // "a" + "b" is one string.
                while true {
                    let saved = (index, line, column)
                    skipSpace()
                    guard byte() == UInt8(ascii: "+") else { (index, line, column) = saved; break }
                    advance(); skipSpace()
                    guard byte() == UInt8(ascii: "\"") else { (index, line, column) = saved; break }
                    value += quoted()
                }
                return Token(kind: .identifier(value), position: start)
            case UInt8(ascii: "<"):
                return Token(kind: .identifier(html()), position: start)
            default:
                if let word = word() {
                    switch word.lowercased() {
                    case "node", "edge", "graph", "digraph", "subgraph", "strict":
                        return Token(kind: .keyword(word.lowercased()), position: start)
                    default:
                        return Token(kind: .identifier(word), position: start)
                    }
                }
                advance()
                return Token(kind: .other, position: start)
            }
        }

        /// A name or a numeral, or nil when none starts here.
        private mutating func word() -> String? {
            let start = index
            func isNameByte(_ byte: UInt8) -> Bool {
                byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
            if let first = byte(), first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
                // A numeral, one point at most: cgraph splits `1b` into `1` and `b`, and
                // `1.2.3` into `1.2` and `.3`, as this does.
                var points = first == UInt8(ascii: ".") ? 1 : 0
                advance()
                while let next = byte() {
                    if next == UInt8(ascii: ".") {
                        guard points == 0 else { break }
                        points += 1
                    } else if next < UInt8(ascii: "0") || next > UInt8(ascii: "9") {
                        break
                    }
                    advance()
                }
            } else {
                while let next = byte(), isNameByte(next) { advance() }
            }
            guard index > start else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A quoted string's value as cgraph keeps it: `\"` is a quote, a backslash before a
        /// line feed joins the lines, every other escape (`\\` too) stays as written, its two
        /// bytes read as one (the quote after `\\` ends the string).
        private mutating func quoted() -> String {
            advance()
            var value: [UInt8] = []
            while let current = byte(), current != UInt8(ascii: "\"") {
                if current == UInt8(ascii: "\\"), let next = byte(1) {
                    advance(); advance()
                    if next == UInt8(ascii: "\"") {
                        value.append(next)
                    } else if next != UInt8(ascii: "\n") {
                        value.append(current); value.append(next)
                    }
                    continue
                }
                value.append(current)
                advance()
            }
            if byte() != nil { advance() }
            return String(decoding: value, as: UTF8.self)
        }

        /// An HTML string's text between its outer angle brackets.
        private mutating func html() -> String {
            advance()
            var depth = 1
            let start = index
            while let current = byte() {
                if current == UInt8(ascii: "<") { depth += 1 }
                if current == UInt8(ascii: ">") {
                    depth -= 1
                    if depth == 0 { break }
                }
                advance()
            }
            let value = String(decoding: bytes[start..<index], as: UTF8.self)
            if byte() != nil { advance() }
            return value
        }

        func peekIsEquals() -> Bool {
            var copy = self
            copy.skipSpace()
            return copy.byte() == UInt8(ascii: "=")
        }

        /// Skips `= value` after a key.
        mutating func skipAssignedValue() {
            skipSpace()
            advance()
            _ = next()
        }

        /// Skips a node's port: `:port` or `:port:compass`.
        mutating func skipPort() {
            while true {
                var copy = self
                copy.skipSpace()
                guard copy.byte() == UInt8(ascii: ":") else { return }
                copy.advance()
                _ = copy.next()
                self = copy
            }
        }

        /// Skips `[ … ]` attribute lists, as many as follow, and returns the keys they set where
        /// they are written, in order.
        mutating func attributeKeys() -> [(key: String, position: Position)] {
            var keys: [(key: String, position: Position)] = []
            while true {
                skipSpace()
                guard byte() == UInt8(ascii: "[") else { return keys }
                advance()
                while let token = next() {
                    if case .other = token.kind, bytes[index - 1] == UInt8(ascii: "]") { break }
                    if case .identifier(let key) = token.kind, peekIsEquals() {
                        keys.append((key, token.position))
                        skipAssignedValue()
                    }
                }
            }
        }

        /// Skips `[ … ]` attribute lists, as many as follow.
        mutating func skipAttributeLists() { _ = attributeKeys() }
    }
}
