import ArgumentParser
import Schematic

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Describe how the drawing of OLD becomes the drawing of NEW, as animation attributes.",
        discussion: """
            Nodes match by id, else by parent, label and rank among same-labelled siblings. Each \
            node gets initial and final layout attributes: inserted nodes appear from their parent \
            (transparent), deleted ones shrink into their parent and fade, others move.
            """)

    @Argument(help: "The earlier hierarchy file.")
    var old: String

    @Argument(help: "The later hierarchy file.")
    var new: String

    @Option(name: .shortAndLong, help: "Where to write the JSON, or - for standard output.")
    var output: String = "-"

    @Option(help: "Output format (json).")
    var format: DiffFormat = .json

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    enum DiffFormat: String, ExpressibleByArgument, CaseIterable { case json }

    func run() throws {
        try reportingFailures(work)
    }

    private func work() throws {
        let loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        let oldDiagram = try loading.diagram(try loading.readTree(old), file: old)
        let newDiagram = try loading.diagram(try loading.readTree(new), file: new)
        try writeAtomically(to: output) { destination in
            newDiagram.renderTransitions(from: oldDiagram) { destination.write($0) }
        }
    }
}
