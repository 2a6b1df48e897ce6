import Hierarchy

/// What the structured readers (JSON, YAML, CSV, DOT) share about a node's fields, so the
/// formats agree: labels lose surrounding whitespace (an empty label is an unnamed node), a
/// `type` that is not one of ours becomes a CSS class with a warning, and an id names one node.
enum NodeFields {
    /// A label without surrounding whitespace; only the ends are looked at, so it is linear.
    /// Its carriage returns are line breaks, as line feeds (a Windows table's quoted cell over
    /// two lines, a JSON string's `\r\n`: refused as control characters before).
    static func trimmedLabel(_ text: String) -> String {
        var text = text
        if text.withUTF8({ $0.contains(0x0D) }) { text = withLineFeeds(text) }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool { scalar.value > 0x20 && scalar.value < 0x7F }
        if isPrintableASCII(first) && isPrintableASCII(last) { return text }  // the usual case, without Unicode tables
        guard first.properties.isWhitespace || last.properties.isWhitespace else { return text }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }

    /// The text with each CR LF and each lone CR made a line feed.
    static func withLineFeeds(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterReturn = false
        for byte in text.utf8 {
            if byte == 0x0D {
                bytes.append(0x0A)
            } else if !(byte == 0x0A && afterReturn) {
                bytes.append(byte)
            }
            afterReturn = byte == 0x0D
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The label with the characters `undrawableCharacter` finds written as escapes, as a JSON
    /// or YAML string writes them (`\b`, `\f`, `\r`, `\e`, else `\u0001`): such a document's
    /// escaped control character is drawn as written, with a warning (`EscapedLabels`), not
    /// refused (a Pygments example's `"\b1998\t1999"` refused a whole valid YAML file).
    static func escapingUndrawable(_ label: String) -> String {
        var result = ""
        result.reserveCapacity(label.utf8.count + 8)
        for scalar in label.unicodeScalars {
            switch scalar.value {
            case 0x08: result += "\\b"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0x1B: result += "\\e"
            case 0x00..<0x20 where scalar != "\n" && scalar != "\t", 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first character of a label that cannot be drawn (a control character other than a
    /// tab or line break), if any.
    static func undrawableCharacter(in label: String) -> Unicode.Scalar? {
        // Control characters are single UTF-8 bytes, so the bytes tell (fast on long labels).
        var text = label
        let byte: UInt8? = text.withUTF8 { bytes in bytes.first { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F } }
        return byte.map { Unicode.Scalar($0) }
    }

    /// Whether a key beside a name is one a node object reads (its type, id or a presentation
    /// attribute): a mapping or object with others holds more than a node object would draw.
    static func isNodeField(_ key: String, typeKey: String) -> Bool {
        key == typeKey || key == "id" || NodeAttributes.isAttributeName(key)
    }

    /// What a `type` value means: one of our types, or a class (`tree -J`'s `directory`,
    /// `file` and `link` are the classes the directory reader gives; anything else is kept as
    /// a class of its own and reported). A data column named `type` is common (ISO 3166-2's
    /// "Council area"), so no value refuses the file: one that is no class name is made one.
    enum TypeValue: Equatable {
        case type(NodeType)
        /// A known kind of entry from another tool, drawn as a normal node with this class.
        case knownClass(String)
        /// A value of no meaning to us, drawn as a normal node with `className`: the value
        /// itself where it is a class name, else made one (`className(from:)`), or none.
        case unknownClass(value: String, className: String?)
    }

    /// Reads a `type` value, without the whitespace around it (a CSV written with ", "): an
    /// empty one is no type.
    static func typeValue(_ written: String) -> TypeValue {
        let text = trimmedLabel(written)
        if text.isEmpty { return .type(.normal) }
        if let type = NodeType(name: text) { return .type(type) }
        switch text {
        case "directory", "file": return .knownClass(text)
        case "link": return .knownClass("symlink")
        default: break
        }
        return .unknownClass(value: text, className: className(from: text))
    }

    /// The classes the drawings give nodes themselves (the types, `SVGRenderer`'s `node`,
    /// `junction`, `cut`, `odd-depth`, and its other elements'): a type value's class must not
    /// take their look (`critical!` drew a normal node red in SVG alone).
    static let drawingClasses: Set<String> = [
        "normal", "important", "critical", "node", "junction", "cut", "odd-depth", "connector", "extra", "band",
        "even", "odd", "background", "depth-header", "section-header", "section-footer", "schematic", "panel",
    ]

    /// A CSS class name made of a value: its letters, digits, `-` and `_`, every run of other
    /// characters one `-` ("Council area" is `Council-area`), none at either end, and `type-`
    /// before a name the drawings use themselves (`drawingClasses`, in any case); nil where
    /// nothing is left.
    static func className(from text: String) -> String? {
        var name = ""
        var pendingDash = false
        for character in text {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                if pendingDash && !name.isEmpty { name.append("-") }
                pendingDash = false
                name.append(character)
            } else {
                pendingDash = true
            }
        }
        guard !name.isEmpty else { return nil }
        return drawingClasses.contains(name.lowercased()) ? "type-" + name : name
    }

    /// Adds a type's class to a node's attributes, before any it has (as the directory reader
    /// writes `directory unreadable`).
    static func addTypeClass(_ name: String, to attributes: inout NodeAttributes) {
        attributes.cssClass = attributes.cssClass.map { name + " " + $0 } ?? name
    }
}

/// Type values that were kept as classes, for one warning naming them, placed where the first
/// was first seen. Positions are kept as numbers (a byte offset, an event index, a DOT node's number) and
/// turned into places only for the warnings, so noting stays cheap.
struct UnknownTypes {
    /// At most this many values are named in the warning; the rest are counted.
    static let namedLimit = 5
    private var order: [String] = []
    private var seen: [String: (position: Int, count: Int, className: String?)] = [:]

    /// Notes a value met at `position`, drawn with `className` (nil: none).
    mutating func note(_ value: String, className: String?, at position: Int) {
        if let known = seen[value] {
            // The earliest place (JSON notes a parent's value after its children's).
            seen[value]!.count = known.count + 1
            seen[value]!.position = min(known.position, position)
        } else {
            order.append(value)
            seen[value] = (position, 1, className)
        }
    }

    /// The named values: those first met earliest in the file.
    private var named: ArraySlice<String> { order.sorted { seen[$0]!.position < seen[$1]!.position }.prefix(Self.namedLimit) }

    /// Where the warning points: the first value's first place (one position, or none).
    var positions: [Int] { named.first.map { [seen[$0]!.position] } ?? [] }

    /// The warning, given the place (`file:line:column`) of `positions`.
    func warnings(places: [String]) -> [String] {
        zip(messages, places + [""]).map { message, place in message.position == nil ? message.text : "\(place): \(message.text)" }
    }

    /// The warning without its place: one line, however many values (a data column of many
    /// categories printed a line for each), at the first value's first position.
    var messages: [(position: Int?, text: String)] {
        guard let first = named.first else { return [] }
        let (position, count, className) = seen[first]!
        if order.count == 1 {
            let nodes = count == 1 ? "" : " (\(count) nodes)"
            let drawn = className.map { " with CSS class '\($0)'" } ?? " (it makes no CSS class name)"
            return [(position, "type \"\(first)\" is not normal, important or critical; drawn as a normal node\(drawn)\(nodes)")]
        }
        let listedValues = named
        let listed = listedValues.map { value in
            let count = seen[value]!.count
            return "\"\(value)\" (\(count) node\(count == 1 ? "" : "s"))"
        }
        let rest = order.count - listedValues.count
        let restNodes = order.filter { !listedValues.contains($0) }.reduce(0) { $0 + seen[$1]!.count }
        let more = rest > 0 ? " and \(rest) more (\(restNodes) node\(restNodes == 1 ? "" : "s"))" : ""
        let unnamed = order.contains { seen[$0]!.className == nil } ? "; those that make no class name, none" : ""
        return [(position, "\(order.count) type values are not normal, important or critical: \(listed.joined(separator: ", "))\(more); "
                           + "drawn as normal nodes with CSS classes made of them\(unnamed)")]
    }
}

extension SourceText {
    /// The `file:line:column` places of byte offsets, in one pass over the text.
    func places(of offsets: [Int]) -> [String] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [String](repeating: "", count: offsets.count)
        var line = 1, lineStart = 0, scanned = 0
        for index in order {
            let offset = min(max(offsets[index], 0), bytes.count)
            while scanned < offset {
                if bytes[scanned] == 0x0A { line += 1; lineStart = scanned + 1 }
                scanned += 1
            }
            var column = 1
            for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 { column += 1 }
            result[index] = "\(file):\(line):\(column)"
        }
        return result
    }
}

/// The message for a second node with an id (ids become links and HTML ids, which must name one node).
func duplicateIDMessage(_ id: String, first place: String) -> String {
    "duplicate id '\(id)' (first at \(place))"
}

/// Labels drawn with their control characters escaped (`NodeFields.escapingUndrawable`): how
/// many, and the first one's character and position, for one warning per document.
struct EscapedLabels {
    private(set) var count = 0
    private(set) var first: (character: Unicode.Scalar, position: Int)? = nil

    /// `label` as drawn, noted where it needed escapes (`position`: the reader's own measure).
    mutating func drawable(_ label: String, at position: Int) -> String {
        guard let bad = NodeFields.undrawableCharacter(in: label) else { return label }
        count += 1
        if first == nil { first = (bad, position) }
        return NodeFields.escapingUndrawable(label)
    }

    /// The warning, located at `place` (the first one's), or nil where no label needed escapes.
    func warning(place: (Int) -> String) -> String? {
        guard let first else { return nil }
        let code = "U+" + hex(UInt8(first.character.value))
        return "\(place(first.position)): "
            + (count == 1 ? "a label holds a control character (\(code)), drawn as its escape"
                          : "\(count) labels hold control characters (the first \(code)), drawn as their escapes")
    }
}
