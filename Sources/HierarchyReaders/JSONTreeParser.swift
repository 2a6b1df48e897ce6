import Hierarchy

/// One pass over the bytes with an explicit stack of open containers.
///
/// The bytes are read through a buffer the caller keeps alive for the parse (no per-byte
/// bounds checks in release builds), and the usual members, `"name": "plain text"` and
/// `"children": [`, take a fast path that makes no key string and no copy of the open node.
struct JSONTreeParser {
    let source: SourceText
    /// `source.bytes`, borrowed for the duration of the parse.
    let bytes: UnsafeBufferPointer<UInt8>
    let nameKey: String
    let childrenKey: String
    let typeKey: String
    /// The name and children keys' UTF-8, compared with a key's bytes before any string is made.
    let nameKeyBytes: [UInt8]
    let childrenKeyBytes: [UInt8]
    /// Off in the odd case of keys that differ in bytes but are equal as strings (canonically
    /// equivalent): the name key, tried first, must then win as it does in the general path.
    let childrenKeyIsDistinct: Bool
    var position = 0
    var tree = Tree()
    /// The byte offset of each id's first node.
    var idOffsets: [String: Int] = [:]
    var unknownTypes = UnknownTypes()
    /// Where `tree -J` said it could not list a directory, and what it said.
    var treeErrors: [(offset: Int, message: String)] = []
    /// Parents with no name key that hold text under another key: how many, and where the first
    /// starts (the label may be under a key the reader was not told of).
    var namelessParentsWithText = (count: 0, first: 0)
    /// Node objects with a non-empty object or array under a key that is not read (structure
    /// that is not drawn): how many, and the first one's key and where it starts.
    var unreadStructure = (count: 0, first: 0, key: "")
    /// Labels drawn with their control characters escaped.
    var escapedLabels = EscapedLabels()
    /// The node objects being read, outermost first (one per node frame of the stack).
    var openNodes: [OpenNode] = []
    /// Keys of node objects whose values are skipped, not read (Yarn's terminal styles).
    var skippedKeys: Set<String> = []

    /// A parser of `source`, whose bytes `bytes` must point to while it parses.
    init(source: SourceText, bytes: UnsafeBufferPointer<UInt8>, nameKey: String, childrenKey: String, typeKey: String) {
        self.source = source
        self.bytes = bytes
        self.nameKey = nameKey
        self.childrenKey = childrenKey
        self.typeKey = typeKey
        nameKeyBytes = Array(nameKey.utf8)
        childrenKeyBytes = Array(childrenKey.utf8)
        childrenKeyIsDistinct = nameKey != childrenKey
        // Every node is an object: with nothing else in objects, the count is exact, and the
        // finished tree then has no spare room to give back (a copy of every array).
        tree.reserveCapacity(source.occurrences(of: UInt8(ascii: "{")))
    }

    /// A frame of the container stack. Node frames keep their object in `openNodes`, in the
    /// same order: a node's fields are then changed in place, not copied out and back per key.
    enum Frame {
        /// Inside a node object, expecting a key (or the end); its object is the last open node.
        case node
        /// Inside a node's `children` array, or the top-level forest array (node = -1).
        case children(parent: Int)
    }

    mutating func parse() throws(ReadError) -> Tree {
        skipWhitespace()
        guard position < bytes.count else { throw error("no nodes: the input is empty") }
        var stack: [Frame] = []
        switch bytes[position] {
        case UInt8(ascii: "{"):
            openNode(parent: nil, into: &stack)
        case UInt8(ascii: "["):
            position += 1
            stack.append(.children(parent: -1))
        case UInt8(ascii: "/") where position + 1 < bytes.count && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")):
            // JSON with comments (a VS Code or tsconfig file) said only what was expected.
            throw error("a comment, which JSON does not have: leave the comments out")
        default:
            throw error("expected a JSON object or array of objects")
        }

        while let frame = stack.last {
            switch frame {
            case .children(let parent):
                skipWhitespace()
                try expectMore()
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    stack.removeLast()
                    try afterValue(in: &stack)
                    continue
                }
                let first = bytes[position]
                if first == UInt8(ascii: "\"") || first == UInt8(ascii: "-") || isDigit(first) {
                    // A string or number among the children is a leaf so named (`["a", "b"]`,
                    // as YAML's lists and the keys' reading take it).
                    _ = tree.addNode(label: try parseLabel(what: "a name among the children"), parent: parent < 0 ? nil : parent)
                    try afterValue(in: &stack)
                    continue
                }
                guard first == UInt8(ascii: "{") else {
                    throw error(parent < 0 ? "expected a node object or a name in the top-level array" : "expected a node object or a name in the children")
                }
                openNode(parent: parent < 0 ? nil : parent, into: &stack)

            case .node:
                skipWhitespace()
                try expectMore()
                if try readCommonMember(into: &stack) { continue }
                // Moved out (no copy) while its members are read; put back unless it closes.
                var open = openNodes.removeLast()
                if bytes[position] == UInt8(ascii: "}") {
                    if open.label == nil && open.node < 0, let problem = open.treeError {
                        // Not a node: the directory above could not be listed; it says so.
                        treeErrors.append((open.start, problem))
                        if stack.count >= 3, case .node = stack[stack.count - 3] {
                            let directory = openNodes.count - 1
                            openNodes[directory].attributes.cssClass = openNodes[directory].attributes.cssClass.map { $0 + " unreadable" } ?? "unreadable"
                        }
                        position += 1
                        stack.removeLast()
                        try afterValue(in: &stack)
                        continue
                    }
                    try close(&open)
                    position += 1
                    stack.removeLast()
                    try afterValue(in: &stack)
                    continue
                }
                guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key string") }
                let keyStart = position
                let key = try parseString()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                position += 1
                skipWhitespace()
                try expectMore()
                let valueStart = position
                if key == nameKey {
                    // (YAML refuses a repeated key too; kept, the last one silently won.)
                    if open.label != nil { throw source.error(at: keyStart, "duplicate key \"\(key)\" in an object") }
                    open.label = try parseLabel()
                } else if key == childrenKey || key == "contents" && open.hasContents {
                    // (The first one's array added the node; a second one's would have joined it.)
                    if open.node >= 0 { throw source.error(at: keyStart, "duplicate key \"\(key)\" in an object") }
                    if bytes[position] == UInt8(ascii: "[") {
                        position += 1
                        addNode(&open)
                        openNodes.append(open)
                        stack.append(.children(parent: open.node))
                        continue
                    } else if !matchLiteral("null") {
                        throw error("\"\(key)\" must be an array")
                    }
                } else if key == typeKey {
                    guard bytes[position] == UInt8(ascii: "\"") else { throw error("\"\(key)\" must be a string") }
                    let text = try parseString()
                    open.type = NodeFields.typeValue(text)
                    open.typeText = text
                    open.typeOffset = valueStart
                } else if !skippedKeys.isEmpty && skippedKeys.contains(key) {
                    try skipValue()
                } else {
                    switch key {
                    case "url", "href", "link", "tooltip", "title", "class", "color", "fill":
                        guard bytes[position] == UInt8(ascii: "\"") else { throw error("\"\(key)\" must be a string") }
                        let value = try parseString()
                        do {
                            _ = try open.attributes.set(key, to: value)
                        } catch {
                            throw source.error(at: valueStart, error.message)
                        }
                    case "id":
                        let id = try parseScalarText(what: "\"id\"")
                        if let first = idOffsets[id] {
                            throw source.error(at: valueStart, duplicateIDMessage(id, first: source.places(of: [first])[0]))
                        }
                        idOffsets[id] = valueStart
                        open.id = id
                    case "target" where bytes[position] == UInt8(ascii: "\""):
                        let target = try parseString()
                        if let bad = NodeFields.undrawableCharacter(in: target) {
                            throw source.error(at: valueStart, "control character U+\(hex(UInt8(bad.value))) in \"target\"")
                        }
                        open.target = target
                    case "error" where bytes[position] == UInt8(ascii: "\""):
                        open.treeError = try parseString()
                    case "contents":
                        if open.earlyContents == nil && bytes[position] == UInt8(ascii: "[") { open.earlyContents = keyStart }
                        try skipValue()
                    default:
                        if bytes[position] == UInt8(ascii: "\"") { open.hasOtherText = true }
                        let valueStart = position
                        try skipValue()
                        if isNonEmptyContainer(valueStart..<position) {
                            if unreadStructure.count == 0 { unreadStructure = (0, keyStart, key) }
                            unreadStructure.count += 1
                        }
                    }
                }
                openNodes.append(open)
                try afterMember(in: &stack)
            }
        }
        skipWhitespace()
        if position < bytes.count { throw error("unexpected content after the end of the JSON value") }
        if tree.isEmpty { throw source.error(at: 0, "no nodes: the array is empty") }
        tree.warnings = unknownTypes.warnings(places: source.places(of: unknownTypes.positions))
        tree.warnings += zip(source.places(of: treeErrors.map(\.offset)), treeErrors).map { place, error in
            "\(place): tree -J could not list the directory above (\(error.message)); drawn with CSS class 'unreadable'"
        }
        if let escaped = escapedLabels.warning(place: { source.places(of: [$0])[0] }) { tree.warnings.append(escaped) }
        if unreadStructure.count > 0 {
            let count = unreadStructure.count
            let what = count == 1 ? "an object or array under a key that is not read (\"\(unreadStructure.key)\") is"
                : "\(count) objects or arrays under keys that are not read (the first under \"\(unreadStructure.key)\") are"
            tree.warnings.append("\(source.places(of: [unreadStructure.first])[0]): \(what) not drawn: "
                                 + "only \"\(childrenKey)\" holds a node's children (--children-key)")
        }
        if namelessParentsWithText.count > 0 {
            let first = namelessParentsWithText.first
            let count = namelessParentsWithText.count
            tree.warnings.append("\(source.places(of: [first])[0]): \(count == 1 ? "a parent node has" : "\(count) parent nodes have") no \"\(nameKey)\" "
                                 + "but text under another key (\(keyList(ofObjectAt: first))): drawn unnamed")
        }
        return tree
    }

    /// Whether the value at `range` (whitespace-free at its start) is an object or array with
    /// something in it.
    func isNonEmptyContainer(_ range: Range<Int>) -> Bool {
        guard let opener = range.first.map({ bytes[$0] }), opener == UInt8(ascii: "{") || opener == UInt8(ascii: "[") else { return false }
        return bytes[(range.lowerBound + 1)..<range.upperBound].contains { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) && $0 != UInt8(ascii: "]") && $0 != UInt8(ascii: "}") }
    }

    mutating func openNode(parent: Int?, into stack: inout [Frame]) {
        stack.append(.node)
        openNodes.append(OpenNode(parent: parent, start: position))
        position += 1
    }

    /// Adds an open node to the tree, if it is not there yet.
    mutating func addNode(_ open: inout OpenNode) {
        if open.node < 0 {
            open.node = tree.addNode(label: open.label ?? "", parent: open.parent)
            open.labelIsInTree = open.label != nil
        }
    }

    /// Finishes a node object at its closing brace: its label, type, id and attributes.
    mutating func close(_ open: inout OpenNode) throws(ReadError) {
        var label: String
        if let given = open.label {
            label = given
        } else if open.node >= 0 && tree.count > open.node + 1 {
            // A parent without a name is an unnamed node, as phylogenies converted from Newick
            // write their internal nodes (`{"children": [...], "length": 0.1}`); a leaf has no
            // such reading, so it is an error (usually the label is under another key).
            label = ""
            if open.hasOtherText {
                if namelessParentsWithText.count == 0 { namelessParentsWithText.first = open.start }
                namelessParentsWithText.count += 1
            }
        } else {
            // tree -J ends its forest with a summary, which is not a node.
            if open.parent == nil && open.node < 0 && open.typeText == "report" { return }
            throw source.error(at: open.start, "node has no \"\(nameKey)\" (\(keyList(ofObjectAt: open.start)))")
        }
        if let early = open.earlyContents, open.hasContents {
            throw source.error(at: early, "\"contents\" comes before \"\(typeKey)\": \"\(open.typeText!)\", so it was not read as children; "
                               + "put \"\(typeKey)\" first (as tree -J does) or say --children-key contents")
        }
        var type = NodeType.normal
        var labelIsInTree = open.labelIsInTree
        switch open.type {
        case .type(let given)?:
            type = given
        case .knownClass(let name)?:
            NodeFields.addTypeClass(name, to: &open.attributes)
            if name == "symlink", let target = open.target {
                // The whole target stays in the tooltip when the label shortens it.
                let labels = SymbolicLinkLabel.labels(name: label, target: target)
                if open.attributes.tooltip == nil { open.attributes.tooltip = labels.whole }
                label = labels.label
                labelIsInTree = false
            } else if name == "directory", open.parent != nil, !label.isEmpty, !label.hasSuffix("/") {
                // A folder below the root ends with "/", as the directory reader draws it
                // (and `tree -F`): an empty folder is not taken for a file. (A nameless one
                // stays a junction, not a box reading "/".)
                label += "/"
                labelIsInTree = false
            }
        case .unknownClass(let value, let className)?:
            if let className { NodeFields.addTypeClass(className, to: &open.attributes) }
            unknownTypes.note(value, className: className, at: open.typeOffset)
        case nil:
            break
        }
        // A leaf is added here, once, with all it has; a parent (added when its children
        // started) gets what came after its children's start.
        if open.node < 0 {
            open.node = tree.addNode(label: label, type: type, parent: open.parent)
        } else {
            if !labelIsInTree { tree.setLabel(label, of: open.node) }
            if type != .normal { tree.setType(type, of: open.node) }
        }
        guard let details = open.details?.value else { return }
        if let id = details.id { tree.setID(id, of: open.node) }
        if let attributes = details.attributes, !attributes.isEmpty { tree.setAttributes(attributes, of: open.node) }
    }

    /// The keys of a (valid) object, for a message: `its keys: "type", "size"; …`.
    mutating func keyList(ofObjectAt start: Int) -> String {
        let saved = position
        defer { position = saved }
        position = start + 1
        var keys: [String] = []
        var count = 0
        // A key other than the children key holding an array of objects: the children, likely
        // (newick.js's `branchset`).
        var childrenLike: String?
        do {
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { break }
                let key = try parseString()
                count += 1
                if keys.count < 8 { keys.append("\"" + (key.count > 40 ? String(key.prefix(39)) + "…" : key) + "\"") }
                skipWhitespace()
                position += 1  // the colon
                skipWhitespace()
                if childrenLike == nil, key != childrenKey, position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                    let start = position
                    position += 1
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: "{") { childrenLike = key }
                    position = start
                }
                try skipValue()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
                position += 1
            }
        } catch {}
        guard count > 0 else { return "the object is empty" }
        let more = count > keys.count ? ", and \(count - keys.count) more" : ""
        let children = childrenLike.map { "; if \"\($0)\" holds the children, say --children-key \($0)" } ?? ""
        return "its keys: \(keys.joined(separator: ", "))\(more); say which key holds the label with --name-key\(children)"
    }

    /// After a member of a node object: `,` then another key, or the closing `}` (left for the loop).
    mutating func afterMember(in stack: inout [Frame]) throws(ReadError) {
        skipWhitespace()
        try expectMore()
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            try expectMore()
            if bytes[position] != UInt8(ascii: "\"") { throw error("expected a key after ','") }
        } else if bytes[position] != UInt8(ascii: "}") {
            throw error("expected ',' or '}'")
        }
    }

    /// After a value closes: continue the enclosing container's list.
    mutating func afterValue(in stack: inout [Frame]) throws(ReadError) {
        guard let frame = stack.last else { return }
        switch frame {
        case .node: try afterMember(in: &stack)
        case .children:
            skipWhitespace()
            try expectMore()
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
                try expectMore()
                if bytes[position] == UInt8(ascii: "]") { throw error("trailing ',' before ']'") }
            } else if bytes[position] != UInt8(ascii: "]") {
                throw error("expected ',' or ']'")
            }
        }
    }

    /// A label: a string or a number, without surrounding whitespace; empty for an unnamed node.
    mutating func parseLabel(what: String? = nil) throws(ReadError) -> String {
        let start = position
        let what = what ?? "\"" + nameKey + "\""
        // (A control character comes from an escape, `\b`: the lexer refuses them raw.)
        return escapedLabels.drawable(NodeFields.trimmedLabel(try parseScalarText(what: what)), at: start)
    }

    /// A string, or a number kept as written.
    mutating func parseScalarText(what: @autoclosure () -> String) throws(ReadError) -> String {
        if bytes[position] == UInt8(ascii: "\"") { return try parseString() }
        let start = position
        if bytes[position] == UInt8(ascii: "-") || isDigit(bytes[position]) {
            try skipNumber()
            return string(start..<position)
        }
        throw error("\(what()) must be a string or a number")
    }
}
