import ArgumentParser
import Schematic

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Lay a hierarchy out with Schematic and with Graphviz, and compare the two drawings.",
        discussion: """
            Graphviz gets the same tree (rankdir=LR, ordering=out), the node sizes Schematic \
            measured, nodesep from --item-padding and ranksep from --section-padding. With dot, \
            every node's depth and place in its column are checked against dot's own rank and order.
            """)

    @Argument(help: "The hierarchy file, or - for standard input.")
    var input: String

    @Option(help: "Graphviz engine to compare with: dot, neato, twopi, circo (or any engine it has).")
    var engine: String = "dot"

    @Flag(help: "Print the figures as JSON.")
    var json = false

    @Option(name: .shortAndLong, help: "Also write an SVG with both drawings side by side, at the same scale.")
    var output: String?

    func validate() throws {
        if output?.isEmpty == true { throw emptyOutputPath }
        // The side-by-side drawing is SVG only: `-o cmp.png` wrote SVG under a PNG's name.
        if let output, let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
            let pathExtension = String(output[output.index(after: dot)...])
            if let format = OutputFormat(outputExtension: pathExtension), format != .svg {
                throw ValidationError("compare writes its side-by-side drawing as SVG, not \(format): name it .svg "
                                      + "(render -o x.\(pathExtension) draws Schematic's side alone)")
            }
        }
    }

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    func run() throws {
        try reportingFailures(work)
    }

    private func work() throws {
        let engines = Diagram.graphvizEngines()
        if !engines.isEmpty && !engines.contains(engine) {
            throw fail("schematic: compare: Graphviz has no layout engine '\(engine)' (it has \(engines.joined(separator: ", ")))",
                       ExitStatus.usage)
        }
        let loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        let tree = try loading.readTree(input)
        let diagram = try loading.diagram(tree, file: input)
        let comparison: Comparison
        do {
            comparison = try diagram.compare(engine: engine)
        } catch {
            throw fail("schematic: \(error.description)", ExitStatus.unavailable)
        }
        let report = ComparisonReport(comparison, input: loading.displayName(input), nodeCount: tree.count)
        if let output {
            try writeAtomically(to: output, inputs: [input]) { destination in
                do {
                    try diagram.renderSideBySide(with: comparison) { destination.write($0) }
                } catch {
                    throw fail("schematic: \(error)", ExitStatus.unavailable)
                }
            }
        }
        FileIO.writeToStandardOutput(json ? report.json : report.text)
    }
}
