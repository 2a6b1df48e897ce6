import ArgumentParser
import Schematic

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Describe how the drawing of OLD becomes the drawing of NEW, as animation attributes.",
        discussion: """
            Nodes match by id, else by parent, label and rank among same-labelled siblings, and \
            then a matched parent's remaining children in order (reported as relabelled). Each \
            node gets initial and final layout attributes from the layout: inserted nodes appear \
            (from their parent in the schematic layout and grid, from the centre in a circle, in \
            place in a flow, from the section's top in masonry) and deleted ones disappear the \
            same way; others move.
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
        try writeAtomically(to: output, inputs: [old, new]) { destination in
            newDiagram.renderTransitions(from: oldDiagram) { destination.write($0) }
        }
    }
}
