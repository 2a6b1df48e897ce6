/// Optional attributes a node may carry from any reader: presentation attributes, which every
/// renderer honours, and data attributes (a phylogeny's branch lengths, say), which are kept
/// for the JSON output and never change the drawing.
public struct NodeAttributes: Hashable, Sendable {
    /// A link: the SVG node becomes an `<a href>`, the DOT node gets `URL`.
    public var url: String?
    /// A tooltip: SVG `<title>`, DOT `tooltip`.
    public var tooltip: String?
    /// Extra CSS classes, space-separated.
    public var cssClass: String?
    /// The label's colour (CSS `color`), overriding the type's.
    public var color: String?
    /// The box's colour (SVG `fill`), overriding the type's.
    public var fill: String?
    /// How many nodes `--max-depth` left out below this one: its descendants beyond the cut,
    /// or for a folder at the limit of a directory's walk, its entries (the walk did not go
    /// in); nil where nothing was left out. Drawn as a dashed outline, and told in its title.
    public var hiddenBelow: Int?

    /// The line a node's label is drawn with where `--max-depth` left nodes out below it:
    /// "+61 more" (thousands grouped: "+12,345 more"), so print shows what the dashed outline means.
    public var hiddenBelowLine: String? {
        guard let hiddenBelow else { return nil }
        var digits = String(hiddenBelow), grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return "+" + digits + grouped + " more"
    }
    /// Data attributes, in the order the file gave them, each key once (see `setData`).
    public private(set) var data: [DataEntry] = []

    /// One data attribute: a key and its value, both as the file wrote them.
    public struct DataEntry: Hashable, Sendable {
        public var key: String
        public var value: String
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public init(url: String? = nil, tooltip: String? = nil, cssClass: String? = nil, color: String? = nil, fill: String? = nil,
                data: [DataEntry] = []) {
        self.url = url
        self.tooltip = tooltip
        self.cssClass = cssClass
        self.color = color
        self.fill = fill
        setData(data)
    }

    /// Whether no attribute is set.
    public var isEmpty: Bool {
        url == nil && tooltip == nil && cssClass == nil && color == nil && fill == nil && hiddenBelow == nil && data.isEmpty
    }

    /// Sets a data attribute: a new key is appended, a known one keeps its place and takes the
    /// new value, so keys stay unique (JSON objects need that) and their order deterministic.
    public mutating func setData(_ value: String, for key: String) {
        if let index = data.firstIndex(where: { $0.key == key }) {
            data[index].value = value
        } else {
            data.append(DataEntry(key: key, value: value))
        }
    }

    /// Sets many data attributes at once, in linear time, as `setData(_:for:)` would one by one.
    public mutating func setData(_ entries: [DataEntry]) {
        guard !entries.isEmpty else { return }
        var position: [String: Int] = [:]
        position.reserveCapacity(data.count + entries.count)
        for (index, entry) in data.enumerated() { position[entry.key] = index }
        for entry in entries {
            if let index = position[entry.key] {
                data[index].value = entry.value
            } else {
                position[entry.key] = data.count
                data.append(entry)
            }
        }
    }

    /// The value of a data attribute, if set.
    public func data(_ key: String) -> String? {
        data.first { $0.key == key }?.value
    }

    /// Sets an attribute by the name files use (`url`/`href`/`URL`, `tooltip`/`title`, `class`,
    /// `color`/`fontcolor`, `fill`/`fillcolor`), checking its value. Returns false for other names.
    public mutating func set(_ name: String, to value: String) throws(AttributeError) -> Bool {
        switch Self.field(named: name) {
        case .url: url = try Self.checkedURL(value)
        case .tooltip: tooltip = value
        case .cssClass: cssClass = try Self.checkedClass(value)
        case .color: color = try Self.checkedColor(value)
        case .fill: fill = try Self.checkedColor(value)
        case nil: return false
        }
        return true
    }

    /// Whether files may name a presentation attribute so (`set(_:to:)` takes it).
    public static func isAttributeName(_ name: String) -> Bool { field(named: name) != nil }

    private enum Field { case url, tooltip, cssClass, color, fill }

    /// The one list of the names files use for each presentation attribute.
    private static func field(named name: String) -> Field? {
        switch name {
        case "url", "href", "URL", "link": .url
        case "tooltip", "title": .tooltip
        case "class": .cssClass
        case "color", "fontcolor": .color
        case "fill", "fillcolor": .fill
        default: nil
        }
    }

    /// A colour as files write it (`#rrggbb`, a CSS colour name, `rgb(…)`, `hsl(…)`, …: see
    /// `ColorValue`), resolved to `#rrggbb` or `#rrggbbaa`, which CSS, SVG and Graphviz draw alike.
    public static func checkedColor(_ value: String) throws(AttributeError) -> String {
        guard let resolved = ColorValue.resolved(value.trimmingWhitespace()) else {
            throw AttributeError("'\(value)' is not a colour (use #rrggbb, a CSS colour name such as 'steelblue', or rgb(…) or hsl(…))")
        }
        return resolved
    }

    /// Space-separated CSS class names of letters, digits, `-` and `_`.
    public static func checkedClass(_ value: String) throws(AttributeError) -> String {
        let names = value.split(separator: " ")
        guard !names.isEmpty, names.allSatisfy({ name in
            name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }) else {
            throw AttributeError("'\(value)' is not a list of CSS class names")
        }
        return names.joined(separator: " ")
    }

    /// A link that cannot run script: no `javascript:`, `vbscript:` or `data:` scheme.
    public static func checkedURL(_ value: String) throws(AttributeError) -> String {
        let text = value.trimmingWhitespace()
        let scheme = text.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
            .filter { !$0.isWhitespace && !$0.isASCIIControl }
        if text.contains(":") && ["javascript", "vbscript", "data"].contains(scheme) {
            throw AttributeError("'\(value)' is not an allowed link (scripts and data: URLs are refused)")
        }
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw AttributeError("'\(value)' is not a link")
        }
        return text
    }
}

/// A node attribute with an unusable value.
public struct AttributeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

extension Character {
    var isASCIIControl: Bool { asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }
}
