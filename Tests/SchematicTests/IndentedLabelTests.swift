import CollectionLayout
import Foundation
import Hierarchy
import Schematic
import Testing

/// A label whose lines keep their indentation (a YAML step's `run: |` script) is drawn as one
/// left-aligned block centred in its box, the same in SVG, DOT (so PNG and PDF), JSON and the
/// HTML page; other multi-line labels stay centred line by line.
@Suite struct IndentedLabelTests {
    private static let script = "run: if [ -f Makefile ]; then\n  make all\nelse\n  echo no\nfi"

    private func diagram() throws -> Diagram {
        var tree = Tree()
        let root = tree.addNode(label: "Build")
        _ = tree.addNode(label: Self.script, parent: root)
        _ = tree.addNode(label: "two\ncentred lines", parent: root)
        return try Diagram(tree: tree, options: DiagramOptions())
    }

    @Test func onlyALineAfterTheFirstStartingWithSpaceOrTabKeepsIndentation() {
        #expect(LabelCellSizing.keepsIndentation(Self.script))
        #expect(LabelCellSizing.keepsIndentation("a\n\tb"))
        #expect(!LabelCellSizing.keepsIndentation("two\ncentred lines"))
        #expect(!LabelCellSizing.keepsIndentation(" one line"))
        #expect(!LabelCellSizing.keepsIndentation("a \nb"))
    }

    @Test func svgStartsEveryLineAtTheBlocksLeftEdge() throws {
        let diagram = try diagram()
        let svg = String(decoding: try diagram.rendered(.init(format: .svg)), as: UTF8.self)
        let json = try JSONSerialization.jsonObject(with: Data(try diagram.rendered(.init(format: .json)))) as! [String: Any]
        let cells = (json["elements"] as! [[String: Any]]).filter { $0["category"] as? String == "cell" }
        let scriptCell = try #require(cells.first { $0["label"] as? String == Self.script })
        let width = try #require(scriptCell["textBlockWidth"] as? Double)
        let frame = scriptCell["frame"] as! [String: Double]
        // The block is the measured text, the box's width less its padding on both sides.
        #expect(abs(width + 24 - frame["width"]!) <= 1.01, "\(width) in \(frame)")
        let left = frame["x"]! + frame["width"]! / 2 - width / 2
        let text = try #require(svg.range(of: "style=\"text-anchor:start\"><tspan"))
        let element = String(svg[svg[..<text.lowerBound].range(of: "<text", options: .backwards)!.lowerBound...].components(separatedBy: "</text>")[0])
        let xs = element.matches(of: /x="([0-9.]+)"/).map { Double($0.1)! }
        #expect(xs.count == 6 && xs.allSatisfy { abs($0 - left) < 0.02 }, "\(xs) against \(left)")
        #expect(element.contains(">  make all</tspan>"), "its indentation kept")
        // Centred lines stay centred, and carry no block width.
        let centred = try #require(cells.first { $0["label"] as? String == "two\ncentred lines" })
        #expect(centred["textBlockWidth"] == nil)
        #expect(svg.components(separatedBy: "text-anchor:start").count == 2, "only the script is left-aligned")
    }

    @Test func dotEndsItsLinesLeftJustifiedWithTheBlockCentredByTheMargin() throws {
        let dot = String(decoding: try diagram().rendered(.init(format: .dot)), as: UTF8.self)
        #expect(dot.contains("label=\"run: if [ -f Makefile ]; then\\l  make all\\lelse\\l  echo no\\lfi\\l\", margin=\"0.1"), "\(dot)")
        #expect(dot.contains("label=\"two\\ncentred lines\""))
    }

    @Test func wrappedExplicitLinesHangTheirContinuationsAndAlignLeft() throws {
        var tree = Tree()
        let root = tree.addNode(label: "Install dependencies")
        let commands = "run: python -m pip install -U pip setuptools\npython -m pip install -r dev-requirements.txt"
        _ = tree.addNode(label: commands, parent: root)
        let prose = "One long sentence that is wrapped over several lines of its box by the default width"
        _ = tree.addNode(label: prose, parent: root)
        let json = try JSONSerialization.jsonObject(with: Data(try Diagram(tree: tree, options: DiagramOptions()).rendered(.init(format: .json)))) as! [String: Any]
        let cells = (json["elements"] as! [[String: Any]]).filter { $0["category"] as? String == "cell" }
        let script = try #require(cells.first { $0["label"] as? String == commands })
        let lines = try #require(script["lines"] as? [String])
        // Each command starts a line at the left; what wrapped of it hangs two spaces in.
        let starts = lines.filter { !$0.hasPrefix(" ") }
        #expect(starts.count == 2 && starts[0].hasPrefix("run: python") && starts[1].hasPrefix("python -m pip install"), "\(lines)")
        #expect(lines.count > 2 && lines.dropFirst().contains { $0.hasPrefix("  ") }, "\(lines)")
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == commands.replacingOccurrences(of: "\n", with: " "))
        #expect(script["textBlockWidth"] is Double)
        // A wrapped single line stays centred, without indentation.
        let sentence = try #require(cells.first { $0["label"] as? String == prose })
        #expect(sentence["textBlockWidth"] == nil)
        #expect((sentence["lines"] as? [String])?.allSatisfy { !$0.hasPrefix(" ") } == true)
    }

    @Test func theHTMLPageGetsTheBlockWidth() throws {
        let html = String(decoding: try diagram().rendered(.init(format: .html)), as: UTF8.self)
        #expect(html.contains("\"blockLabels\":[1,"), "the script's node and its width")
    }
}
