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
            same way; others move. The result is JSON, written to -o (a .json file) or standard output.
            """)

    @Argument(help: "The earlier hierarchy file.")
    var old: String

    @Argument(help: "The later hierarchy file.")
    var new: String

    @Option(name: .shortAndLong, help: "Where to write the JSON, or - for standard output.")
    var output: String = "-"

    @Option(name: [.long, .customShort("T", allowingJoined: true)],
            help: "Output format: json, the only one (default; an output named other than .json is refused unless this is given).")
    var format: DiffFormat?

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
        if format == nil, let pathExtension = fileExtension(output), pathExtension.lowercased() != "json" {
            throw fail("schematic: \(output): diff writes JSON only, not .\(pathExtension); name the output .json, or give --format json", ExitStatus.usage)
        }
        let loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        let oldDiagram = try loading.diagram(try loading.readTree(old), file: old)
        let newDiagram = try loading.diagram(try loading.readTree(new), file: new)
        try writeAtomically(to: output, inputs: [old, new]) { destination in
            newDiagram.renderTransitions(from: oldDiagram) { destination.write($0) }
        }
    }
}
