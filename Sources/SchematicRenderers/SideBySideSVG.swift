/// Two SVG drawings side by side in one SVG, at the same scale (one layout unit, or one
/// Graphviz point, per pixel), each under a title.
public struct SideBySideSVG: Sendable {
    public struct Panel: Sendable {
        public var title: String
        public var svg: [UInt8]
        public init(title: String, svg: [UInt8]) {
            self.title = title
            self.svg = svg
        }
    }

    public var gap = 24.0
    public var header = 36.0

    public init() {}

    public func render(title: String, panels: [Panel], into output: inout OutputBuffer) {
        let roots = panels.map { Self.embeddable($0.svg) }
        let width = roots.reduce(gap) { $0 + $1.width + gap }
        let height = (roots.map(\.height).max() ?? 0) + header + gap
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        output.append(width)
        output.append("\" height=\"")
        output.append(height)
        output.append("\" viewBox=\"0 0 ")
        output.append(width)
        output.append(" ")
        output.append(height)
        output.append("\" role=\"img\">\n<title>")
        output.appendXMLEscaped(title)
        output.append("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
        var x = gap
        for (panel, root) in zip(panels, roots) {
            output.append("<text x=\"")
            output.append(x)
            output.append("\" y=\"24\" font-family=\"'DejaVu Sans',sans-serif\" font-size=\"16\" font-weight=\"bold\" fill=\"#333333\">")
            output.appendXMLEscaped(panel.title)
            output.append("</text>\n<svg x=\"")
            output.append(x)
            output.append("\" y=\"")
            output.append(header)
            output.append("\"")
            output.append(raw: root.markup)
            output.append("\n")
            x += root.width + gap
        }
        output.append("</svg>\n")
    }

    /// An SVG document's root element, ready to nest: without the XML declaration, doctype
    /// and comments before it, its width and height in plain units (Graphviz writes points,
    /// which a browser would scale by 4/3), starting right after `<svg`.
    static func embeddable(_ svg: [UInt8]) -> (markup: String, width: Double, height: Double) {
        let text = String(decoding: svg, as: UTF8.self)
        guard let start = text.firstRange(of: "<svg") else { return ("/>", 0, 0) }
        var rest = String(text[start.upperBound...])
        guard let close = rest.firstIndex(of: ">") else { return ("/>", 0, 0) }
        var tag = String(rest[..<close])
        rest = String(rest[close...])
        func number(_ name: String) -> Double {
            guard let range = tag.firstRange(of: " \(name)=\"") else { return 0 }
            let value = tag[range.upperBound...].prefix { $0 != "\"" }
            let digits = value.prefix { $0.isNumber || $0 == "." }
            tag.replaceSubrange(range.upperBound..<tag.index(range.upperBound, offsetBy: value.count), with: String(digits))
            return Double(digits) ?? 0
        }
        let width = number("width"), height = number("height")
        return (tag + rest.trimmingSuffixWhitespace(), width, height)
    }
}

private extension String {
    func trimmingSuffixWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
