/// Optional presentation attributes a node may carry from any reader; every renderer honours them.
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

    public init(url: String? = nil, tooltip: String? = nil, cssClass: String? = nil, color: String? = nil, fill: String? = nil) {
        self.url = url
        self.tooltip = tooltip
        self.cssClass = cssClass
        self.color = color
        self.fill = fill
    }

    /// Whether no attribute is set.
    public var isEmpty: Bool { url == nil && tooltip == nil && cssClass == nil && color == nil && fill == nil }

    /// Sets an attribute by the name files use (`url`/`href`/`URL`, `tooltip`/`title`, `class`,
    /// `color`/`fontcolor`, `fill`/`fillcolor`), checking its value. Returns false for other names.
    public mutating func set(_ name: String, to value: String) throws(AttributeError) -> Bool {
        switch name {
        case "url", "href", "URL", "link":
            url = try Self.checkedURL(value)
        case "tooltip", "title":
            tooltip = value
        case "class":
            cssClass = try Self.checkedClass(value)
        case "color", "fontcolor":
            color = try Self.checkedColor(value)
        case "fill", "fillcolor":
            fill = try Self.checkedColor(value)
        default:
            return false
        }
        return true
    }

    /// A colour that is safe in CSS, SVG and DOT: `#rgb`, `#rrggbb`, `#rrggbbaa`, a colour
    /// name, or `rgb(…)`/`rgba(…)`/`hsl(…)`/`hsla(…)` with numbers only.
    public static func checkedColor(_ value: String) throws(AttributeError) -> String {
        let text = value.trimmingWhitespace()
        let hexDigits = text.dropFirst().allSatisfy(\.isHexDigit)
        if text.hasPrefix("#") && hexDigits && [4, 7, 9].contains(text.count) { return text }
        if !text.isEmpty && text.count <= 30 && text.allSatisfy({ $0.isASCII && $0.isLetter }) { return text.lowercased() }
        for function in ["rgb(", "rgba(", "hsl(", "hsla("] where text.lowercased().hasPrefix(function) && text.hasSuffix(")") {
            let inside = text.dropFirst(function.count).dropLast()
            if inside.allSatisfy({ $0.isNumber || " ,.%".contains($0) }) { return text.lowercased() }
        }
        throw AttributeError("'\(value)' is not a colour (use #rrggbb, a colour name, or rgb(…))")
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
