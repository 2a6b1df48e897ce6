import ArgumentParser
import Schematic

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a hierarchy file and write it as SVG, DOT or JSON.",
        discussion: """
            Formats are inferred from file extensions (.txt/.outline/.tree, .json, .dot/.gv in; \
            .svg, .dot/.gv, .json, .png, .pdf out), else input is sniffed and output is SVG.
            Exit status: 64 bad usage, 65 invalid input, 66 missing input, 69 font unavailable, \
            73/74 cannot write.
            """)

    @Argument(help: "The hierarchy file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the drawing, or - for standard output.")
    var output: String = "-"

    @Option(help: "Output format: svg, dot, json, png, pdf, or gv:FORMAT for any format Graphviz renders.")
    var format: OutputFormat?

    @Option(name: .customLong("dot-mode"), help: "DOT output: pinned (our positions) or layout (a plain tree for Graphviz dot).")
    var dotMode: DOTRenderer.Mode = .pinned

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    @Option(help: "SVG colour scheme: light, dark, or auto (follows the reader's prefers-color-scheme).")
    var theme: SVGRenderer.Theme = .light

    @Flag(help: "Print the time of each phase to standard error.")
    var timings = false

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        let tree = try loading.readTree(input)
        let parsed = clock.now
        let diagram = try loading.diagram(tree, file: input)
        let laidOut = clock.now
        let outputFormat = format ?? fileExtension(output).flatMap(OutputFormat.init(pathExtension:)) ?? .svg
        try writeAtomically(to: output) { destination in
            do {
                var renderOptions = Diagram.RenderOptions(format: outputFormat, dotMode: dotMode, embedFonts: labelOptions.embedFont)
                renderOptions.theme = theme
                try diagram.render(renderOptions) {
                    destination.write($0)
                }
            } catch {
                throw fail("schematic: \(error)", ExitStatus.unavailable)
            }
        }
        let written = clock.now
        if timings {
            func microseconds(_ duration: Duration) -> String {
                String(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000) + "us"
            }
            FileIO.writeToStandardError("timings: nodes=\(tree.count) read=\(microseconds(parsed - started)) "
                + "layout=\(microseconds(laidOut - parsed)) render=\(microseconds(written - laidOut))\n")
        }
    }
}
