import Hierarchy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    private let nameKeyBytes: [UInt8]
    private let childrenKeyBytes: [UInt8]
    /// Off in the odd case of keys that differ in bytes but are equal as strings (canonically
    /// equivalent): the name key, tried first, must then win as it does in the general path.
    private let childrenKeyIsDistinct: Bool
    var position = 0
    var tree = Tree()
    /// The byte offset of each id's first node.
    var idOffsets: [String: Int] = [:]
    var unknownTypes = UnknownTypes()
    /// Where `tree -J` said it could not list a directory, and what it said.
    var treeErrors: [(offset: Int, message: String)] = []
    /// The node objects being read, outermost first (one per node frame of the stack).
    private var openNodes: [OpenNode] = []

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

    /// An open node object. Its node is added to the tree when its children start or the object
    /// closes (whichever comes first), which keeps nodes numbered in preorder and lets an object
    /// that is no node (`tree -J`'s report) leave no trace.
    ///
    /// It is small (what nearly every node has), as one is made, moved and destroyed per node;
    /// the rest of what a node may say is kept in `details`, made only for a node that says it.
    struct OpenNode {
        /// The node's number, or -1 until it is added.
        var node = -1
        var parent: Int?
        /// Where the object starts, for "no name" errors.
        var start: Int
        var label: String? { didSet { labelIsInTree = false } }
        /// Whether the tree already holds `label` for `node` (it was added with it).
        var labelIsInTree = false
        /// Boxed, so that moving an open node copies one reference. An open node is moved, never
        /// duplicated, so its box is never shared.
        var details: DetailsBox?

        final class DetailsBox {
            var value = Details()
        }

        /// What few nodes have.
        struct Details {
            var type: NodeFields.TypeValue?
            var typeText: String?
            var typeOffset = 0
            var id: String?
            var target: String?
            var earlyContents: Int?
            var treeError: String?
            var attributes: NodeAttributes?
        }

        init(parent: Int?, start: Int) {
            self.parent = parent
            self.start = start
        }

        var type: NodeFields.TypeValue? {
            get { details?.value.type }
            set { editableDetails.value.type = newValue }
        }
        var typeText: String? {
            get { details?.value.typeText }
            set { editableDetails.value.typeText = newValue }
        }
        var typeOffset: Int {
            get { details?.value.typeOffset ?? 0 }
            set { editableDetails.value.typeOffset = newValue }
        }
        var id: String? {
            get { details?.value.id }
            set { editableDetails.value.id = newValue }
        }
        /// A `tree -J` link's target.
        var target: String? {
            get { details?.value.target }
            set { editableDetails.value.target = newValue }
        }
        /// Where a `contents` array came before the type said it holds children.
        var earlyContents: Int? {
            get { details?.value.earlyContents }
            set { editableDetails.value.earlyContents = newValue }
        }
        /// `tree -J`'s `{"error": "error opening dir"}`, standing for a directory it could not list.
        var treeError: String? {
            get { details?.value.treeError }
            set { editableDetails.value.treeError = newValue }
        }
        /// Its attributes (empty until one is set).
        var attributes: NodeAttributes {
            get { details?.value.attributes ?? NodeAttributes() }
            set { editableDetails.value.attributes = newValue }
        }

        /// The details, made if there are none yet.
        private var editableDetails: DetailsBox {
            mutating get {
                if let details { return details }
                let made = DetailsBox()
                details = made
                return made
            }
        }

        /// Whether `contents` holds this node's children, as in `tree -J`.
        var hasContents: Bool { typeText == "directory" || typeText == "link" }
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
                guard bytes[position] == UInt8(ascii: "{") else {
                    throw error(parent < 0 ? "expected a node object in the top-level array" : "expected a node object in the children")
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
                    open.label = try parseLabel()
                } else if key == childrenKey || key == "contents" && open.hasContents {
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
                    do {
                        open.type = try NodeFields.typeValue(text)
                    } catch {
                        throw source.error(at: valueStart, error.message)
                    }
                    open.typeText = text
                    open.typeOffset = valueStart
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
                        try skipValue()
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
        return tree
    }

    /// Reads a member of the innermost open node in place when it is a plain-text name or a
    /// children array, the members of nearly every node; returns false, having read nothing,
    /// for any other member (or anything unusual), which the general path then reads.
    mutating func readCommonMember(into stack: inout [Frame]) throws(ReadError) -> Bool {
        let keyStart = position
        guard bytes[keyStart] == UInt8(ascii: "\"") else { return false }
        let keyEnd = plainTextEnd(from: keyStart + 1)
        guard keyEnd < bytes.count, bytes[keyEnd] == UInt8(ascii: "\"") else { return false }
        // Equal bytes are an equal key; any other key is compared as a string by the general path.
        let isName = bytesEqual(nameKeyBytes, keyStart + 1..<keyEnd)
        guard isName || childrenKeyIsDistinct && bytesEqual(childrenKeyBytes, keyStart + 1..<keyEnd) else { return false }
        position = keyEnd + 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { position = keyStart; return false }
        position += 1
        skipWhitespace()
        guard position < bytes.count else { position = keyStart; return false }
        let last = openNodes.count - 1
        if isName {
            guard let label = plainLabel() else { position = keyStart; return false }
            openNodes[last].label = label
            try afterMember(in: &stack)
            return true
        }
        guard bytes[position] == UInt8(ascii: "[") else { position = keyStart; return false }
        position += 1
        if openNodes[last].node < 0 {
            openNodes[last].node = tree.addNode(label: openNodes[last].label ?? "", parent: openNodes[last].parent)
            openNodes[last].labelIsInTree = openNodes[last].label != nil
        }
        stack.append(.children(parent: openNodes[last].node))
        return true
    }

    /// A label string at `position` that needs nothing but its bytes: no escapes, nothing to
    /// trim (it starts and ends with printable ASCII) and no DEL (a control character that
    /// lexing does not stop at). Reads it, or returns nil having read nothing.
    mutating func plainLabel() -> String? {
        guard bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        let end = plainTextEnd(from: start)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        if end > start {
            func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
            guard isPrintableASCII(bytes[start]) && isPrintableASCII(bytes[end - 1]) else { return nil }
        }
        position = end + 1
        return string(start..<end)
    }

    /// Whether the input's bytes in `range` are `expected`.
    func bytesEqual(_ expected: [UInt8], _ range: Range<Int>) -> Bool {
        guard expected.count == range.count else { return false }
        guard !range.isEmpty else { return true }
        return expected.withUnsafeBufferPointer { expected in
            memcmp(expected.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count) == 0
        }
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
        guard var label = open.label else {
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
            if name == "symlink", let target = open.target { label += " → " + target; labelIsInTree = false }
        case .unknownClass(let name)?:
            NodeFields.addTypeClass(name, to: &open.attributes)
            unknownTypes.note(name, at: open.typeOffset)
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
        do {
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { break }
                let key = try parseString()
                count += 1
                if keys.count < 8 { keys.append("\"" + (key.count > 40 ? String(key.prefix(39)) + "…" : key) + "\"") }
                skipWhitespace()
                position += 1  // the colon
                try skipValue()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
                position += 1
            }
        } catch {}
        guard count > 0 else { return "the object is empty" }
        let more = count > keys.count ? ", and \(count - keys.count) more" : ""
        return "its keys: \(keys.joined(separator: ", "))\(more); say which key holds the label with --name-key"
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
    mutating func parseLabel() throws(ReadError) -> String {
        let start = position
        let nameKey = self.nameKey
        let label = NodeFields.trimmedLabel(try parseScalarText(what: "\"" + nameKey + "\""))
        if let bad = NodeFields.undrawableCharacter(in: label) {
            throw source.error(at: start, "control character U+\(hex(UInt8(bad.value))) in \"\(nameKey)\"")
        }
        return label
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
