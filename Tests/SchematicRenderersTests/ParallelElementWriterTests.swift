import CollectionLayout
import Hierarchy
import Schematic
@testable import SchematicRenderers
import TestSupport
import Testing

/// Long drawings are written on several threads: the bytes must be those one thread writes.
@Suite struct ParallelElementWriterTests {
    private final class Collected: @unchecked Sendable { var bytes: [UInt8] = [] }

    /// Runs `body` with a buffer and returns what reached its sink.
    private func written(_ body: (inout OutputBuffer) -> Void) -> String {
        let collected = Collected()
        var buffer = OutputBuffer(chunkSize: 64) { collected.bytes += $0 }
        body(&buffer)
        buffer.finish()
        return String(decoding: collected.bytes, as: UTF8.self)
    }

    @Test func elementsArriveInStreamOrderWhateverTheBatching() {
        let elements = (0..<1000).map { LayoutAttributes(forCellWith: IndexPath(item: $0, section: 0), frame: Rect(x: 0, y: Double($0), width: 1, height: 1)) }
        // Every third element dropped by `keep`; the others numbered among the kept ones.
        let expected = elements.filter { $0.indexPath.item % 3 != 0 }.enumerated()
            .map { "\($0.offset)=\($0.element.indexPath.item)" + String(repeating: "+", count: $0.element.indexPath.item % 7) + ";" }.joined()
        for batchSize in [1, 2, 7, 64, 999, 1000, 5000] {
            for (inFlight, backlog) in [(1, 1), (2, 2), (4, 0), (6, 2), (3, 5)] {
                let writer = ParallelElementWriter(batchSize: batchSize, batchesInFlight: inFlight, workerBacklog: backlog)
                let text = written { output in
                    writer.write({ body in elements.forEach(body) }, keep: { $0.indexPath.item % 3 != 0 }, into: &output) { element, index, output in
                        output.append(index)
                        output.append("=")
                        output.append(element.indexPath.item)
                        for _ in 0..<(element.indexPath.item % 7) { output.append("+") }
                        output.append(";")
                    }
                }
                #expect(text == expected, "batches of \(batchSize), \(inFlight) in flight, worker backlog \(backlog)")
            }
        }
    }

    @Test func aBigDrawingIsWrittenAsOneThreadWritesIt() throws {
        var generator = SplitMix64(seed: 14)
        let tree = RandomTrees.forest(count: 12_000, using: &generator)
        let diagram = try Diagram(tree: tree)
        // More elements than one batch, so that threads really share the work.
        var elementCount = 0
        diagram.layout.enumerateLayoutAttributes(in: Rect(origin: .zero, size: diagram.layout.collectionViewContentSize)) { _ in elementCount += 1 }
        #expect(elementCount > 2 * ParallelElementWriter().batchSize)

        func svg(_ writer: ParallelElementWriter) -> String {
            var renderer = SVGRenderer()
            renderer.elementWriter = writer
            return written { renderer.render(diagram.layout, content: diagram.dataController, into: &$0) }
        }
        func json(_ writer: ParallelElementWriter) -> String {
            var renderer = AttributesJSONRenderer()
            renderer.elementWriter = writer
            return written { renderer.render(diagram.layout, content: diagram.dataController, into: &$0) }
        }
        let svgOneThread = svg(.oneThread), jsonOneThread = json(.oneThread)
        #expect(svgOneThread.components(separatedBy: "<g class=\"node").count == 12_001)
        #expect(svg(ParallelElementWriter()) == svgOneThread)
        #expect(svg(ParallelElementWriter(batchSize: 100, batchesInFlight: 2, workerBacklog: 1)) == svgOneThread)
        #expect(json(ParallelElementWriter()) == jsonOneThread)
        #expect(json(ParallelElementWriter(batchSize: 33, batchesInFlight: 3)) == jsonOneThread)
    }
}
