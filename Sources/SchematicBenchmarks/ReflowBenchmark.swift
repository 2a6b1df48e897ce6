import Schematic
#if canImport(Glibc)
import Glibc
#endif

/// In-process timings that a whole-process benchmark cannot show: a full layout pass against
/// one label change reflowed through an invalidation context. Prints one JSON object.
///
/// Usage: schematic-benchmarks FILE [REPEATS]
@main
enum ReflowBenchmark {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            print("usage: schematic-benchmarks FILE [REPEATS]")
            exit(64)
        }
        let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        let bytes = try readFile(arguments[1])
        let tree = try OutlineReader().read(bytes, file: arguments[1])
        let clock = ContinuousClock()

        // Self-sizing the whole tree from scratch: section, measure every label, lay out.
        var diagram: Diagram! = nil
        let selfSizing = clock.measure { diagram = try! Diagram(tree: tree) }

        // A full prepare: a new layout of the same tree, every item sized in one context.
        var fullPrepare: [Duration] = []
        let sizes = (0..<diagram.dataController.numberOfSections).flatMap { section in
            (0..<diagram.dataController.numberOfItems(inSection: section)).map { item in
                (IndexPath(item: item, section: section), diagram.layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.size)
            }
        }
        for _ in 0..<repeats {
            let layout = SchematicLayout(dataController: diagram.dataController)
            let context = SchematicInvalidationContext()
            for (path, size) in sizes { context.invalidateSize(size, forItemAt: path) }
            fullPrepare.append(clock.measure {
                layout.prepare()
                layout.invalidateLayout(with: context)
                layout.prepare()
            })
        }

        // One label change, reflowed through the invalidation context, then the first query
        // of the changed column (which refreshes its item tops).
        var reflows: [Duration] = []
        var firstQueries: [Duration] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<repeats * 20 {
            let node = Int.random(in: 0..<tree.count, using: &generator)
            let label = tree.labels[node] + String(repeating: "W", count: 1 + round % 7)
            var context: LayoutInvalidationContext? = nil
            reflows.append(clock.measure { context = diagram.setLabel(label, ofNode: node) })
            _ = context
            let position = diagram.dataController.position(ofNode: node)
            let last = diagram.dataController.numberOfItems(inSection: position.section) - 1
            firstQueries.append(clock.measure {
                _ = diagram.layout.layoutAttributesForItem(at: IndexPath(item: last, section: position.section))
            })
        }

        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
        }
        func median(_ values: [Duration]) -> Double { milliseconds(values.sorted()[values.count / 2]) }
        let full = median(fullPrepare), reflow = median(reflows)
        print("""
            {"nodes": \(tree.count), "sections": \(diagram.dataController.numberOfSections), \
            "selfSizingMs": \(milliseconds(selfSizing)), "fullPrepareMs": \(full), "labelReflowMs": \(reflow), \
            "firstColumnQueryMs": \(median(firstQueries)), "ratio": \(full / max(reflow, 1e-9))}
            """)
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            print("cannot open \(path)")
            exit(66)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
