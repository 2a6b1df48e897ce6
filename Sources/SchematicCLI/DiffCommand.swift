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
            same way; others move. The result is JSON, written to -o (a .json file) or standard \
            output; --format html (or an output named .html) writes a page that plays the \
            transition, animated in the browser.
            """)

    @Argument(help: "The earlier hierarchy file.")
    var old: String

    @Argument(help: "The later hierarchy file.")
    var new: String

    @Option(name: .shortAndLong, help: "Where to write the JSON or page, or - for standard output.")
    var output: String = "-"

    @Option(name: [.long, .customShort("T", allowingJoined: true)],
            help: "Output format: json (default) or html, a page playing the transition (default: from the output's extension; others are refused).")
    var format: DiffFormat?

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    @Option(help: "Page colour scheme (html): light, dark, or auto.")
    var theme: SVGRenderer.Theme = .light

    enum DiffFormat: String, ExpressibleByArgument, CaseIterable { case json, html }

    func validate() throws {
        if old == "-" && new == "-" { throw ValidationError("standard input can be read once: give one of the two as a file") }
        if output.isEmpty { throw emptyOutputPath }
    }

    func run() throws {
        try reportingFailures(work)
    }

    private func work() throws {
        var chosen = format ?? .json
        if format == nil, let pathExtension = fileExtension(output) {
            guard let named = DiffFormat(rawValue: pathExtension.lowercased()) else {
                throw fail("schematic: \(output): diff writes JSON or HTML, not .\(pathExtension); name the output .json or .html, or give --format json or --format html", ExitStatus.usage)
            }
            chosen = named
        }
        let loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        let oldDiagram = try loading.diagram(try loading.readTree(old), file: old)
        let newDiagram = try loading.diagram(try loading.readTree(new), file: new)
        try writeAtomically(to: output, inputs: [old, new]) { destination in
            switch chosen {
            case .json:
                newDiagram.renderTransitions(from: oldDiagram) { destination.write($0) }
            case .html:
                var options = Diagram.RenderOptions(format: .svg, embedFonts: labelOptions.embedFont)
                options.theme = theme
                do throws(DiagramError) {
                    try newDiagram.renderTransitionPage(from: oldDiagram, title: "\(loading.displayName(old)) → \(loading.displayName(new))",
                                                        options: options) { destination.write($0) }
                } catch {
                    throw loading.failure(error, file: new)
                }
            }
        }
    }
}
