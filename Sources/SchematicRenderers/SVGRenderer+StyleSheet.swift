import ExtrasBase64
import Hierarchy

/// The drawing's `<style>` element: embedded fonts, the theme's colours as custom properties,
/// and the rules for nodes, connectors, bands and bars, each scoped to the drawing's root.
extension SVGRenderer {
    /// `scopeID` with only the characters an id and a selector may both have.
    var scopeName: String? {
        scopeID.map { String($0.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) }
    }

    /// The selector every style rule starts with.
    var scope: String { scopeName.map { ".schematic:where(#\($0))" } ?? ".schematic" }

    /// The colours a theme sets as CSS custom properties (`--schematic-…`), which a site may
    /// override; DOT, PNG and PDF take them too. Light: the talk's (slide 9), UIKit's light grey,
    /// yellow and red; normal nodes at odd depths a paler blue-grey (a wrapped fan's later
    /// sub-columns stand in the next depth's column, and read by their colour).
    static let lightColors: [(String, String)] = [
        ("background", "#ffffff"), ("connector", "#aaaaaa"), ("header", "#555555"), ("band", "#f3f5f7"), ("panel", "#ebeef2"),
        ("normal-fill", "#aaaaaa"), ("normal-odd-fill", "#c5ced8"), ("normal-text", "#000000"), ("important-fill", "#ffff00"), ("important-text", "#000000"),
        ("critical-fill", "#ff0000"), ("critical-text", "#ffffff"),
    ]
    static let darkColors: [(String, String)] = [
        ("background", "#1e1f22"), ("connector", "#6b6f76"), ("header", "#c9ccd1"), ("band", "#2a2c30"), ("panel", "#2e3137"),
        ("normal-fill", "#4a4d52"), ("normal-odd-fill", "#5a6577"), ("normal-text", "#f2f3f5"), ("important-fill", "#d4b500"), ("important-text", "#000000"),
        ("critical-fill", "#c62828"), ("critical-text", "#ffffff"),
    ]

    func writeVariables(_ colors: [(String, String)], into output: inout OutputBuffer) {
        output.append(raw: scope)
        output.append("{")
        for (name, value) in colors {
            output.append("--schematic-")
            output.append(raw: name)
            output.append(":")
            output.append(raw: value)
            output.append(";")
        }
        output.append("}\n")
    }

    /// The `<style>` element; junction rules only when the drawing has junctions, the cut
    /// nodes' only when it has some.
    func writeStyleSheet(hasJunctions: Bool, hasCutNodes: Bool, into output: inout OutputBuffer) {
        output.append("<style>\n")
        for font in embeddedFonts {
            output.append("@font-face{font-family:'")
            output.append(raw: cssSafe(font.name))
            output.append("';src:url(data:font/ttf;base64,")
            output.append(raw: Base64.encodeToString(bytes: font.data))
            output.append(") format('truetype')}\n")
        }
        switch theme {
        case .light: writeVariables(Self.lightColors, into: &output)
        case .dark: writeVariables(Self.darkColors, into: &output)
        case .auto:
            writeVariables(Self.lightColors, into: &output)
            output.append("@media (prefers-color-scheme: dark){")
            writeVariables(Self.darkColors, into: &output)
            output.append("}\n")
        }
        // Each colour is written plainly, and again from its custom property in a block of its own
        // at the end, for viewers that have them (`@supports`): a converter without them takes
        // the last declaration it sees (cairosvg drew `fill:#aaa;fill:var(--…)` all black).
        let fallback = Dictionary(uniqueKeysWithValues: theme == .dark ? Self.darkColors : Self.lightColors)
        var themedRules = "", selectors = "", themed: [String] = []
        func endRule() {
            guard !themed.isEmpty else { return }
            themedRules += selectors + "{" + themed.joined(separator: ";") + "}\n"
            themed.removeAll()
        }
        func color(_ property: StaticString, _ name: String, into output: inout OutputBuffer) {
            output.append(property)
            output.append(":")
            output.append(raw: fallback[name]!)
            themed.append("\(property):var(--schematic-\(name))")
        }
        // Every rule is scoped to the drawing's root, so inline drawings on one page stay apart.
        func rule(_ list: String..., into output: inout OutputBuffer) {
            endRule()
            selectors = list.map { scope + " " + $0 }.joined(separator: ",")
            output.append(raw: selectors)
            output.append("{")
        }
        rule(".background", into: &output)
        color("fill", "background", into: &output)
        output.append("}\n")
        rule(".connector", into: &output)
        output.append("fill:none;stroke-linejoin:round;")
        color("stroke", "connector", into: &output)
        output.append(";stroke-width:2;stroke-linecap:round}\n")
        rule(".connector.extra", into: &output)
        output.append("stroke-dasharray:6 5}\n")
        rule(".node text", into: &output)
        writeFont(into: &output)
        output.append(";text-anchor:middle;dominant-baseline:central;white-space:pre}\n")
        for type in NodeType.allCases {
            rule(".node." + type.description + " rect", into: &output)
            color("fill", type.description + "-fill", into: &output)
            output.append("}\n")
            rule(".node." + type.description + " text", into: &output)
            color("fill", type.description + "-text", into: &output)
            output.append("}\n")
        }
        // Normal nodes at odd depths paler (a wrapped fan beside a deeper column reads by depth); junctions' rule after.
        rule(".node.normal.odd-depth rect", into: &output)
        color("fill", "normal-odd-fill", into: &output)
        output.append("}\n")
        if hasJunctions {
            // Junctions (unnamed nodes) take the connectors' colour; important and critical ones keep theirs.
            rule(".node.junction.normal rect", into: &output)
            color("fill", "connector", into: &output)
            output.append("}\n")
        }
        if hasCutNodes {
            // Nodes --max-depth cut below: a dashed outline, as the page marks a collapsed node.
            rule(".node.cut rect", into: &output)
            color("stroke", "header", into: &output)
            output.append(";stroke-width:2;stroke-dasharray:4 3}\n")
            // Its count of what is left out, under its label: smaller and slanted, in the label's
            // own colour (which an important or critical node's fill was chosen to contrast).
            rule(".node.cut .more", into: &output)
            output.append("font-size:85%;font-style:italic}\n")
        }
        rule(".band.even", into: &output)
        color("fill", "band", into: &output)
        output.append("}\n")
        rule(".band.odd", into: &output)
        output.append("fill:none}\n")
        rule(".panel", into: &output)
        color("fill", "panel", into: &output)
        output.append("}\n")
        rule(".depth-header", into: &output)
        writeFont(into: &output)
        output.append(";font-weight:bold;")
        color("fill", "header", into: &output)
        output.append(";text-anchor:middle;dominant-baseline:central}\n")
        rule("rect.section-header", "rect.section-footer", into: &output)
        color("fill", "band", into: &output)
        output.append("}\n")
        rule("text.section-header", "text.section-footer", into: &output)
        writeFont(into: &output)
        output.append(";")
        color("fill", "header", into: &output)
        output.append(";")
        color("stroke", "band", into: &output)
        output.append(";stroke-width:6px;stroke-linejoin:round;paint-order:stroke;dominant-baseline:central}\n")
        rule("text.section-header", into: &output)
        output.append("font-weight:bold}\n")
        endRule()
        output.append("@supports (fill:var(--schematic-background)){\n")
        output.append(raw: themedRules)
        output.append("}\n</style>\n")
    }

    func writeFont(into output: inout OutputBuffer) {
        output.append("font-family:")
        output.append(raw: cssFontFamily)
        output.append(";font-size:")
        output.append(fontSize)
        output.append("px")
    }

    var cssFontFamily: String {
        (embeddedFonts.map { "'" + cssSafe($0.name) + "'" } + ["'" + cssSafe(fontFamily) + "'", "sans-serif"]).joined(separator: ",")
    }

    /// A name that cannot end a CSS string or the style element.
    func cssSafe(_ name: String) -> String {
        name.filter { $0 != "'" && $0 != "\\" && $0 != "<" && $0 != "&" && $0 != "\n" }
    }
}
