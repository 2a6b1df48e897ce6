import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Schematic
import Testing
import TestSupport

/// Labels with markup characters and every script survive all three formats intact.
@Suite struct EscapingTests {
    static let nasty = ["a < b & c > d", "\"quoted\" 'single'", "]]> end", "</script><script>alert(1)</script>",
                        "back\\slash \\N \\l", "line one\nline two", "tab\there", "日本語 Ελληνικά العربية 🧀", "&amp; &#x41;"]

    func randomLabels(seed: UInt64, count: Int) -> [String] {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("ab <>&\"'\\/]]>\n\tÄé日本🧀{}[]#!;,=-")
        return (0..<count).map { _ in
            String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "x" : $0 }
    }

    func diagram(labels: [String]) throws -> Diagram {
        var tree = Tree()
        let root = tree.addNode(label: labels[0], type: .critical, id: "id<&\"\(labels[0])")
        for label in labels.dropFirst() { tree.addNode(label: label, parent: root) }
        var style = LabelStyle()
        style.maximumLabelWidth = nil
        var options = DiagramOptions()
        options.sizing = .fit(style)
        return try Diagram(tree: tree, options: options)
    }

    final class TextCollector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var current = ""
        var inText = false
        var lines = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "text" { inText = true; current = ""; lines = 0 }
            if name == "tspan" { if lines > 0 { current += "\n" }; lines += 1 }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { current += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(current); inText = false }
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func svgIsWellFormedXMLAndKeepsLabels(seed: UInt64) throws {
        let labels = seed == 0 ? Self.nasty : randomLabels(seed: seed, count: 60)
        let svg = try diagram(labels: labels).rendered(.init(format: .svg))
        let parser = XMLParser(data: Data(svg))
        let collector = TextCollector()
        parser.delegate = collector
        #expect(parser.parse(), "SVG must parse as XML: \(String(describing: parser.parserError))")
        // Order in the SVG is breadth-first: the root, then its children in order.
        #expect(collector.texts == labels.map { $0.replacingOccurrences(of: "\r", with: "") })
    }

    @Test(arguments: [0, 5])
    func jsonParsesAndKeepsLabels(seed: UInt64) throws {
        let labels = seed == 0 ? Self.nasty : randomLabels(seed: seed, count: 60)
        let json = try diagram(labels: labels).rendered(.init(format: .json))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        let cellLabels = elements.compactMap { $0["label"] as? String }
        #expect(cellLabels == labels)
        #expect(!String(decoding: json, as: UTF8.self).contains("</script>"))
    }

    /// Our DOT, read back with cgraph (in process, through the DOT reader), gives back every
    /// label, in both modes (tabs become spaces, trailing line breaks end the last line, as
    /// Graphviz reads `\n`, and surrounding whitespace goes, as every reader trims labels).
    @Test(arguments: [0, 7, 8, 9])
    func dotReadBackWithCgraphKeepsLabels(seed: UInt64) throws {
        let labels = seed == 0 ? Self.nasty : randomLabels(seed: seed, count: 60)
        for mode in DOTRenderer.Mode.allCases {
            let dot = try diagram(labels: labels).rendered(.init(format: .dot, dotMode: mode))
            let tree = try DOTReader().read(dot, file: "ours.dot")
            let expected = labels.map { label -> String in
                var text = label.replacingOccurrences(of: "\t", with: " ")
                while text.hasSuffix("\n") { text.removeLast() }
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(tree.labels == expected, "\(mode)")
        }
    }
}
