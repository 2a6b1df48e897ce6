import Foundation
import Graphviz
import Schematic
import Testing
import TestSupport

/// The pinned DOT we write is drawn by Graphviz where we drew it.
@Suite struct GraphvizRoundTripTests {
    @Test func neatoKeepsPinnedPositions() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/neato") else { return }
        var generator = SplitMix64(seed: 3)
        let diagram = try Diagram(tree: RandomTrees.forest(count: 60, using: &generator))
        let dot = try diagram.rendered(.init(format: .dot))
        let neato = try Executable.run(program: "/usr/bin/neato", ["-n2", "-Tdot"], input: Data(dot))
        #expect(neato.status == 0, "\(neato.stderr)")
        let output = neato.stdout
        // Graphviz moves the drawing so its bounding box starts at 0,0 (our margins go), with y up;
        // every node must keep its position relative to the others, to 0.01 pt.
        let height = diagram.layout.collectionViewContentSize.height
        var offset: (Double, Double)? = nil
        var checked = 0
        let pattern = try NSRegularExpression(pattern: #"n(\d+)_(\d+)\s+\[[^\]]*?pos="([-0-9.]+),([-0-9.]+)""#)
        let text = output.replacingOccurrences(of: "\\\n", with: "")
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            func field(_ index: Int) -> String { String(text[Range(match.range(at: index), in: text)!]) }
            let frame = diagram.layout.layoutAttributesForItem(at: IndexPath(item: Int(field(2))!, section: Int(field(1))!))!.frame
            let x = Double(field(3))!, y = Double(field(4))!
            let expected = (frame.midX, height - frame.midY)
            if offset == nil { offset = (expected.0 - x, expected.1 - y) }
            #expect(abs(expected.0 - x - offset!.0) <= 0.01 && abs(expected.1 - y - offset!.1) <= 0.01)
            checked += 1
        }
        #expect(checked == 60)
    }
}

/// Every sample's pinned DOT, read back by cgraph and laid out with Graphviz's `nop2` engine
/// (pinned positions), keeps our node positions to 0.01 pt and our node sizes.
@Suite struct PinnedRoundTripTests {
    @Test(arguments: SampleGoldenTests.inputs)
    func pinnedPositionsSurviveGraphviz(input: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samples + "/" + input)))
        let ext = String(input[input.index(after: input.lastIndex(of: ".")!)...])
        let format = InputFormat(pathExtension: ext) ?? InputFormat.sniff(bytes)
        let diagram = try Diagram(tree: format.reader.read(bytes, file: input))
        let drawn = try Graphviz.layout(diagram.rendered(.init(format: .dot)), engine: "nop2")
        let height = diagram.layout.collectionViewContentSize.height
        #expect(drawn.nodes.count == diagram.dataController.numberOfItems)
        // Graphviz may move the whole drawing (its bounding box starts at the origin); node
        // positions relative to one another must not change.
        var shift: (Double, Double)? = nil
        for node in drawn.nodes {
            let parts = node.name.dropFirst().split(separator: "_").map { Int($0)! }
            let frame = diagram.layout.layoutAttributesForItem(at: IndexPath(item: parts[1], section: parts[0]))!.frame
            let expected = (frame.midX, height - frame.midY)
            if shift == nil { shift = (node.x - expected.0, node.y - expected.1) }
            #expect(abs(node.x - expected.0 - shift!.0) <= 0.01 && abs(node.y - expected.1 - shift!.1) <= 0.01, "\(node.name)")
            #expect(abs(node.width - frame.width) <= 0.01 && abs(node.height - frame.height) <= 0.01, "\(node.name) size")
        }
    }
}
