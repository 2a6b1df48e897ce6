import Graphviz
import Schematic
import SchematicLayout
#if canImport(Glibc)
import Glibc
#endif

/// In-process timings that a whole-process benchmark cannot show. Prints one JSON object.
///
/// - `reflow FILE [REPEATS] [ALIGNMENT] [WRAP]`: a full layout pass against one label change
///   reflowed through an invalidation context, in one alignment (`compact`, the default, unless
///   named: `stacked`, `centered`, `tidy`) and wrapping (`auto`, the default, or `off`: only
///   `stacked` without wrapping reflows column by column);
/// - `compare FILE [REPEATS]`: our layout (self-sizing included) against Graphviz `dot` laying
///   out the same tree through libgvc, as `schematic compare` does.
@main
enum ReflowBenchmark {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3, ["reflow", "compare"].contains(arguments[1]) else {
            print("usage: schematic-benchmarks reflow|compare FILE [REPEATS] [ALIGNMENT] [auto|off]")
            exit(64)
        }
        let repeats = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
        let bytes = try readFile(arguments[2])
        let tree = try OutlineReader().read(bytes, file: arguments[2])
        if arguments[1] == "compare" {
            try compare(tree, repeats: repeats)
        } else {
            let name = arguments.count > 4 ? arguments[4] : "compact"
            guard let alignment = SchematicAlignment(rawValue: name) else {
                print("unknown alignment \(name)")
                exit(64)
            }
            let wrapName = arguments.count > 5 ? arguments[5] : "auto"
            guard wrapName == "auto" || wrapName == "off" else {
                print("unknown wrapping \(wrapName) (auto or off)")
                exit(64)
            }
            reflow(tree, repeats: repeats, alignment: alignment, wrap: wrapName == "off" ? .off : .auto)
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Duration]) -> Double { milliseconds(values.sorted()[values.count / 2]) }

    static func compare(_ tree: Tree, repeats: Int) throws {
        var ours: [Duration] = []
        var diagram: Diagram! = nil
        let clock = ContinuousClock()
        for _ in 0..<repeats { ours.append(clock.measure { diagram = try! Diagram(tree: tree) }) }
        let dot = diagram.graphvizLayoutDOT
        var theirs: [Duration] = []
        for _ in 0..<max(1, repeats / 2) {
            theirs.append(try clock.measure { _ = try Graphviz.layout(dot, engine: "dot") })
        }
        let (a, b) = (median(ours), median(theirs))
        print("{\"nodes\": \(tree.count), \"oursMs\": \(a), \"dotMs\": \(b), \"ratio\": \(b / max(a, 1e-9))}")
    }

    static func reflow(_ tree: Tree, repeats: Int, alignment: SchematicAlignment, wrap: SchematicWrap) {
        let clock = ContinuousClock()

        // Self-sizing the whole tree from scratch: section, measure every label, lay out, in
        // the alignment asked for (only stacked reflows column by column; the others place
        // the whole tree again).
        var options = DiagramOptions()
        options.configuration.alignment = alignment
        options.configuration.wrap = wrap
        var diagram: Diagram! = nil
        let selfSizing = clock.measure { diagram = try! Diagram(tree: tree, options: options) }

        // A full prepare: a new layout of the same tree, every item sized in one context.
        var fullPrepare: [Duration] = []
        let sizes = (0..<diagram.dataController.numberOfSections).flatMap { section in
            (0..<diagram.dataController.numberOfItems(inSection: section)).map { item in
                (IndexPath(item: item, section: section), diagram.layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.size)
            }
        }
        for _ in 0..<repeats {
            let layout = SchematicLayout(dataController: diagram.dataController, configuration: diagram.configuration)
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

        let full = median(fullPrepare), reflow = median(reflows)
        print("""
            {"nodes": \(tree.count), "alignment": "\(alignment.rawValue)", "wrap": "\(wrap == .off ? "off" : "auto")", "sections": \(diagram.dataController.numberOfSections), \
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
