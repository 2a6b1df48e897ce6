import ArgumentParser
import Schematic
#if canImport(Glibc)
import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show a hierarchy file in the browser, redrawn and animated whenever it changes.",
        discussion: """
            Serves a page on 127.0.0.1 (never another interface) and prints its address. When \
            the file changes, it is read again and matched against the drawing shown: a change of a \
            few labels only is laid out in place (the layout's targeted invalidation), anything else \
            again; the page then moves every node from where it was to where it is, in 300 ms \
            (new nodes grow from their parent, deleted ones shrink into it). A file that no \
            longer reads shows its message above the last good drawing. Each change prints a line \
            on standard error. The server runs in the schematic-serve program beside schematic.
            Exit status: 0 when stopped (Ctrl-C, SIGINT or SIGTERM), 64 bad usage, 65 invalid \
            input, 66 missing input, 69 no schematic-serve or the port cannot be used.
            """)

    @Argument(help: "The hierarchy file or directory to show.")
    var input: String

    @Option(help: "The port on 127.0.0.1 to serve on (0 picks a free one).")
    var port: Int = 0

    @Option(help: "Colour scheme: light, dark, or auto (follows the reader's prefers-color-scheme).")
    var theme: SVGRenderer.Theme = .light

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    @Flag(name: .shortAndLong, help: "Print nothing but errors (no line per change).")
    var quiet = false

    func validate() throws {
        if input == "-" { throw ValidationError("serve watches a file or directory, not standard input") }
        if !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535") }
    }

    func run() throws {
        try reportingFailures(serve)
    }

    private func serve() throws {
        var loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        loading.quiet = quiet
        // Watching starts before the first read, so an edit made meanwhile is not missed.
        var watcher = FileWatcher(path: input, reader: inputOptions.directoryReader)
        var live = LiveDiagram(try loading.diagram(try loading.readTree(input), file: input))
        var options = Diagram.RenderOptions(format: .svg, embedFonts: labelOptions.embedFont)
        options.theme = theme

        let server = try ServerProcess(port: port)
        defer { server.stop() }
        var page: [UInt8] = []
        var output = OutputBuffer { page.append(contentsOf: $0) }
        TransitionPages.writeLivePage(title: "\(input) — schematic serve", into: &output)
        output.finish()
        server.send(.page, page)
        server.send(.drawing, try message { () throws(DiagramError) in try live.drawingMessage(nil, options: options) })
        server.send(.status, TransitionPages.statusMessage(version: 0, error: nil))
        let address = try server.address()
        FileIO.writeToStandardOutput(address + "\n")
        if !quiet { FileIO.writeToStandardError("schematic: serving \(input) at \(address); Ctrl-C stops\n") }

        while true {
            switch watcher.next(until: { !server.isRunning }) {
            case .stopped:
                return
            case .ended:
                throw fail("schematic: schematic-serve stopped; the page is no longer served", ExitStatus.unavailable)
            case .missing:
                let message = "\(input): no longer there (removed or renamed); the last drawing stays until it is back"
                server.send(.status, TransitionPages.statusMessage(version: live.version, error: message))
                FileIO.writeMessage("\(clockTime()) \(message)")
            case .changed:
                do {
                    let tree = try loading.readTree(input)
                    let update: LiveDiagram.Update
                    do throws(DiagramError) {
                        update = try live.update(to: tree)
                    } catch {
                        throw loading.failure(error, file: input)
                    }
                    server.send(.drawing, try message { () throws(DiagramError) in try live.drawingMessage(update, options: options) })
                    server.send(.status, TransitionPages.statusMessage(version: update.version, error: nil))
                    if !quiet { FileIO.writeToStandardError("\(clockTime()) \(input): \(Self.describe(update, nodes: live.diagram.dataController.numberOfItems))\n") }
                } catch let failure as CommandFailure {
                    server.send(.status, TransitionPages.statusMessage(version: live.version, error: failure.message))
                    FileIO.writeMessage("\(clockTime()) \(failure.message)")
                }
            }
        }
    }

    private func message(_ make: () throws(DiagramError) -> [UInt8]) throws -> [UInt8] {
        do throws(DiagramError) {
            return try make()
        } catch {
            throw fail("schematic: \(error.description)", ExitStatus.unavailable)
        }
    }

    private static func describe(_ update: LiveDiagram.Update, nodes: Int) -> String {
        let counts = "\(nodes) node\(nodes == 1 ? "" : "s")"
        switch update.reflow {
        case .relabelled(let count): return "\(counts), \(count) label\(count == 1 ? "" : "s") changed in place"
        case .laidOutAgain:
            let inserted = update.transitions.lazy.filter { $0.change == .inserted }.count
            let deleted = update.transitions.lazy.filter { $0.change == .deleted }.count
            return "\(counts) (\(inserted) added, \(deleted) removed), laid out again"
        }
    }
}
