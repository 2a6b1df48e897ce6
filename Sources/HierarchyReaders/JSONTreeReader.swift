import Hierarchy

/// Reads nested JSON in the d3-hierarchy convention:
/// `{"name": "Root", "type": "important", "id": "r", "children": [ … ]}`.
///
/// `name` is required (a string or a number; empty makes an unnamed node, surrounding whitespace
/// is dropped); `type`, `id`, `children` and the attributes `url`, `tooltip`, `class`, `color`,
/// `fill` are optional; other keys are ignored. The name, children and type keys can be renamed
/// (`--name-key`, `--children-key`, `--type-key`). A top-level array is a forest.
///
/// `tree -J` output is read as is: `contents` holds the children of a `"type": "directory"` (or
/// followed `link`) node, the types `directory`, `file` and `link` become the classes the
/// directory reader gives (a link's label shows its `target`), and the closing `report` object
/// is not a node, nor an `{"error": …}` object (the directory that could not be listed gets the
/// class `unreadable`, with a warning). Any other type that is not one of ours becomes a CSS
/// class, with a warning. Ids must be unique. The parser is iterative, so nesting depth is limited only by memory, and
/// it reports errors with line and column.
public struct JSONTreeReader: HierarchyReader {
    /// The key that holds a node's label.
    public var nameKey: String
    /// The key that holds a node's children.
    public var childrenKey: String
    /// The key that holds a node's type.
    public var typeKey: String

    /// Creates a JSON reader.
    public init(nameKey: String = "name", childrenKey: String = "children", typeKey: String = "type") {
        self.nameKey = nameKey
        self.childrenKey = childrenKey
        self.typeKey = typeKey
    }

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        var parser = JSONTreeParser(source: source, nameKey: nameKey, childrenKey: childrenKey, typeKey: typeKey)
        return try parser.parse()
    }
}

/// One pass over the bytes with an explicit stack of open containers.
private struct JSONTreeParser {
    let source: SourceText
    let bytes: [UInt8]
    let nameKey: String
    let childrenKey: String
    let typeKey: String
    var position = 0
    var tree = Tree()
    /// The byte offset of each id's first node.
    var idOffsets: [String: Int] = [:]
    var unknownTypes = UnknownTypes()
    /// Where `tree -J` said it could not list a directory, and what it said.
    var treeErrors: [(offset: Int, message: String)] = []
    /// The node objects being read, outermost first (one per node frame of the stack).
    private var openNodes: [OpenNode] = []

    init(source: SourceText, nameKey: String, childrenKey: String, typeKey: String) {
        self.source = source
        self.bytes = source.bytes
        self.nameKey = nameKey
        self.childrenKey = childrenKey
        self.typeKey = typeKey
        tree.reserveCapacity(bytes.count / 32)
    }

    /// An open node object. Its node is added to the tree when its children start or the object
    /// closes (whichever comes first), which keeps nodes numbered in preorder and lets an object
    /// that is no node (`tree -J`'s report) leave no trace.
    private struct OpenNode {
        /// The node's number, or -1 until it is added.
        var node = -1
        var parent: Int?
        /// Where the object starts, for "no name" errors.
        var start: Int
        var label: String?
        var type: NodeFields.TypeValue?
        var typeText: String?
        var typeOffset = 0
        var id: String?
        /// A `tree -J` link's target.
        var target: String?
        /// Where a `contents` array came before the type said it holds children.
        var earlyContents: Int?
        /// `tree -J`'s `{"error": "error opening dir"}`, standing for a directory it could not list.
        var treeError: String?
        var attributes = NodeAttributes()

        /// Whether `contents` holds this node's children, as in `tree -J`.
        var hasContents: Bool { typeText == "directory" || typeText == "link" }
    }

    /// A frame of the container stack. Node frames keep their object in `openNodes`, in the
    /// same order: a node's fields are then changed in place, not copied out and back per key.
    private enum Frame {
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
                // Moved out (no copy) while its members are read; put back unless it closes.
                var open = openNodes.removeLast()
                skipWhitespace()
                try expectMore()
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

    private mutating func openNode(parent: Int?, into stack: inout [Frame]) {
        stack.append(.node)
        openNodes.append(OpenNode(parent: parent, start: position))
        position += 1
    }

    /// Adds an open node to the tree, if it is not there yet.
    private mutating func addNode(_ open: inout OpenNode) {
        if open.node < 0 { open.node = tree.addNode(label: open.label ?? "", parent: open.parent) }
    }

    /// Finishes a node object at its closing brace: its label, type, id and attributes.
    private mutating func close(_ open: inout OpenNode) throws(ReadError) {
        guard var label = open.label else {
            // tree -J ends its forest with a summary, which is not a node.
            if open.parent == nil && open.node < 0 && open.typeText == "report" { return }
            throw source.error(at: open.start, "node has no \"\(nameKey)\" (\(keyList(ofObjectAt: open.start)))")
        }
        if let early = open.earlyContents, open.hasContents {
            throw source.error(at: early, "\"contents\" comes before \"\(typeKey)\": \"\(open.typeText!)\", so it was not read as children; "
                               + "put \"\(typeKey)\" first (as tree -J does) or say --children-key contents")
        }
        switch open.type {
        case .type(let type)?:
            addNode(&open)
            tree.setType(type, of: open.node)
        case .knownClass(let name)?:
            NodeFields.addTypeClass(name, to: &open.attributes)
            if name == "symlink", let target = open.target { label += " → " + target }
        case .unknownClass(let name)?:
            NodeFields.addTypeClass(name, to: &open.attributes)
            unknownTypes.note(name, at: open.typeOffset)
        case nil:
            break
        }
        addNode(&open)
        tree.setLabel(label, of: open.node)
        if let id = open.id { tree.setID(id, of: open.node) }
        if !open.attributes.isEmpty { tree.setAttributes(open.attributes, of: open.node) }
    }

    /// The keys of a (valid) object, for a message: `its keys: "type", "size"; …`.
    private mutating func keyList(ofObjectAt start: Int) -> String {
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
    private mutating func afterMember(in stack: inout [Frame]) throws(ReadError) {
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
    private mutating func afterValue(in stack: inout [Frame]) throws(ReadError) {
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
    private mutating func parseLabel() throws(ReadError) -> String {
        let start = position
        let label = NodeFields.trimmedLabel(try parseScalarText(what: "\"\(nameKey)\""))
        if let bad = NodeFields.undrawableCharacter(in: label) {
            throw source.error(at: start, "control character U+\(hex(UInt8(bad.value))) in \"\(nameKey)\"")
        }
        return label
    }

    /// A string, or a number kept as written.
    private mutating func parseScalarText(what: String) throws(ReadError) -> String {
        if bytes[position] == UInt8(ascii: "\"") { return try parseString() }
        let start = position
        if bytes[position] == UInt8(ascii: "-") || isDigit(bytes[position]) {
            try skipNumber()
            return source.string(start..<position)
        }
        throw error("\(what) must be a string or a number")
    }

    // MARK: Lexing

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func expectMore() throws(ReadError) {
        if position >= bytes.count { throw error("unexpected end of input") }
    }

    private func error(_ message: String) -> ReadError { source.error(at: position, message) }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { Array($0) == Array(bytes[position..<position + count]) }
        if matches { position += count }
        return matches
    }

    /// Parses a string at `position` (which is a quote), decoding escapes.
    private mutating func parseString() throws(ReadError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, over a buffer (a string may be megabytes long).
        position = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count, buffer[end] != UInt8(ascii: "\""), buffer[end] != UInt8(ascii: "\\"), buffer[end] >= 0x20 { end += 1 }
            return end
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            let text = source.string(start..<position)
            position += 1
            return text
        }
        if position < bytes.count && bytes[position] < 0x20 { throw error("unescaped control character in a string") }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte != UInt8(ascii: "\\") {
                let end = bytes.withUnsafeBufferPointer { buffer in
                    var end = position
                    while end < buffer.count, buffer[end] != UInt8(ascii: "\""), buffer[end] != UInt8(ascii: "\\"), buffer[end] >= 0x20 { end += 1 }
                    return end
                }
                scalars += bytes[position..<end]
                position = end
                continue
            }
            position += 1
            try expectMore()
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var value = try parseHex4()
                if (0xD800..<0xDC00).contains(value) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(value) {
                    throw error("unpaired surrogate in \\u escape")
                }
                scalars.append(contentsOf: Array(String(Unicode.Scalar(value)!).utf8))
            default:
                position -= 2
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(ReadError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func skipNumber() throws(ReadError) {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == 0x30 { position += 1 } else { while position < bytes.count && isDigit(bytes[position]) { position += 1 } }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
    }

    /// Skips any JSON value without recursion: a depth counter over brackets, strings lexed properly.
    private mutating func skipValue() throws(ReadError) {
        var closers: [UInt8] = []
        repeat {
            skipWhitespace()
            try expectMore()
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                closers.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                position += 1
                skipWhitespace()
                try expectMore()
                if bytes[position] == closers.last! { position += 1; closers.removeLast() ; try skipSeparator(&closers); continue }
                if closers.last == UInt8(ascii: "}") { try skipKey() }
                continue
            case UInt8(ascii: "\""): _ = try parseString()
            case UInt8(ascii: "-"), 0x30...0x39: try skipNumber()
            default:
                if !(matchLiteral("true") || matchLiteral("false") || matchLiteral("null")) {
                    throw error("invalid JSON value")
                }
            }
            try skipSeparator(&closers)
        } while !closers.isEmpty
    }

    /// Inside a skipped container: after a value, consume `,` (and the next key) or closers.
    private mutating func skipSeparator(_ closers: inout [UInt8]) throws(ReadError) {
        while let closer = closers.last {
            skipWhitespace()
            try expectMore()
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                if closer == UInt8(ascii: "}") { skipWhitespace(); try expectMore(); try skipKey() }
                return
            }
            guard bytes[position] == closer else { throw error("expected ',' or '\(Character(Unicode.Scalar(closer)))'") }
            position += 1
            closers.removeLast()
        }
    }

    private mutating func skipKey() throws(ReadError) {
        skipWhitespace()
        try expectMore()
        guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key string") }
        _ = try parseString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        position += 1
    }
}
