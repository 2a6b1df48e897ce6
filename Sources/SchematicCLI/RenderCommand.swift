import ArgumentParser
import Schematic

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a hierarchy file and write it as SVG, DOT or JSON.",
        discussion: """
            Formats are inferred from file extensions (.txt/.outline/.tree and .json in; \
            .svg, .dot/.gv and .json out), else input is sniffed and output is SVG.
            Exit status: 64 bad usage, 65 invalid input, 66 missing input, 73/74 cannot write.
            """)

    @Argument(help: "The hierarchy file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the drawing, or - for standard output.")
    var output: String = "-"

    @Option(help: "Output format: svg, dot or json.")
    var format: OutputFormat?

    @Option(help: "Input format: outline or json.")
    var from: InputFormat?

    @Option(name: .customLong("dot-mode"), help: "DOT output: pinned (our positions) or layout (a plain tree for Graphviz dot).")
    var dotMode: DOTRenderer.Mode = .pinned

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    @Flag(help: "Print the time of each phase to standard error.")
    var timings = false

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(input)
        } catch {
            throw fail("schematic: \(error.message)", error.isMissingInput ? ExitStatus.noInput : ExitStatus.ioError)
        }
        let displayName = input == "-" ? "<stdin>" : input
        let inputFormat = from ?? extensionOf(input).flatMap(InputFormat.init(pathExtension:)) ?? InputFormat.sniff(bytes)
        let outputFormat = format ?? extensionOf(output).flatMap(OutputFormat.init(pathExtension:)) ?? .svg

        let tree: Tree
        do {
            tree = try inputFormat.reader.read(bytes, file: displayName)
        } catch {
            throw fail("\(error.description)", ExitStatus.dataError)
        }
        let parsed = clock.now

        var options = DiagramOptions()
        options.configuration = layoutOptions.configuration
        options.sizing = labelOptions.nodeSizing
        options.viewport = labelOptions.viewport?.size
        let diagram: Diagram
        do {
            diagram = try Diagram(tree: tree, options: options)
        } catch {
            switch error {
            case .hierarchy: throw fail("\(displayName): \(error.description)", ExitStatus.dataError)
            case .font: throw fail("schematic: \(error.description)", ExitStatus.unavailable)
            }
        }
        let laidOut = clock.now

        let destination: FileIO.AtomicOutput
        do {
            destination = try FileIO.AtomicOutput(path: output)
        } catch {
            throw fail("schematic: \(error.message)", ExitStatus.cannotCreate)
        }
        do {
            try diagram.render(Diagram.RenderOptions(format: outputFormat, dotMode: dotMode, embedFonts: labelOptions.embedFont)) {
                destination.write($0)
            }
        } catch {
            destination.abandon()
            throw fail("schematic: \(error.description)", ExitStatus.unavailable)
        }
        do {
            try destination.commit()
        } catch {
            throw fail("schematic: \(error.message)", ExitStatus.ioError)
        }
        let written = clock.now

        if timings {
            func ms(_ duration: Duration) -> String {
                let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
                return String(Int((value * 1000).rounded())) + "us"
            }
            FileIO.writeToStandardError(
                "timings: nodes=\(tree.count) read=\(ms(parsed - started)) layout=\(ms(laidOut - parsed)) render=\(ms(written - laidOut))\n")
        }
    }

    private func extensionOf(_ path: String) -> String? {
        guard path != "-", let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return String(path[path.index(after: dot)...])
    }
}
