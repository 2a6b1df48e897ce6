import ArgumentParser
import Dispatch
import Schematic
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        // Only read where `render` is parsed as the root (`RenderShortcut`): it names the tool
        // as usage does, and skips the completion-script checks, which the shortcut leaves to
        // the root. Under `schematic` (every other run) the root's configuration is read instead.
        _superCommandName: "schematic",
        abstract: "Lay out hierarchy files and write them as SVG, DOT, JSON, PNG or PDF.",
        discussion: """
            Formats are inferred from file extensions (.txt/.outline/.tree, .json, .yaml, .csv, .tsv, \
            .md, .org, .dot/.gv, .nwk/.newick/.nhx in; .svg, .dot/.gv, .json, .html, .png, .pdf out, and any other \
            format Graphviz renders, such as .gif or .jpg), else input is sniffed and output is SVG; an \
            output extension nothing can write is refused unless --format (-T, as in Graphviz: -Tpng) \
            says what to write. Several inputs, or several --format options, write into the directory \
            given with -o (one file per input and format, names kept), in parallel.
            -M prints make rules (a directory's drawing depends on every folder and file shown); \
            --deps-file FILE renders and writes them to FILE, as a compiler's -MD -MF.
            --watch renders again whenever the input changes (one line per render, errors \
            included), until interrupted (exit status 0).
            Exit status: 64 bad usage, 65 invalid input, 66 missing input, 69 font or Graphviz \
            unavailable, 73/74 cannot write; with several inputs, the first failure's, after all \
            of them were tried and every failure listed.
            """)

    @Argument(help: "Hierarchy files or directories, or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The drawing's file, - for standard output, or a folder (ending in /, or one that exists, as cp takes it) to write each input's drawing into, named after it.")
    var output: String = "-"

    @Option(name: [.long, .customShort("T", allowingJoined: true)],
            help: "Output format: svg, dot, json, html, png, pdf, or gv:FORMAT for any format Graphviz renders (repeatable; -Tpng as in Graphviz).")
    var format: [OutputFormat] = []

    @Option(name: .customLong("dot-mode"), help: "DOT output: pinned (our positions) or layout (a plain tree for Graphviz dot).")
    var dotMode: DOTRenderer.Mode = .pinned

    @Option(help: "Colour scheme: light, dark, or auto (SVG and HTML follow the reader's prefers-color-scheme; DOT, PNG and PDF take light).")
    var theme: SVGRenderer.Theme = .light

    @Option(name: .customLong("collapse-depth"), parsing: .unconditional,
            help: ArgumentHelp("HTML page: open with the nodes at this depth and deeper collapsed (0 is the roots).", valueName: "n"))
    var collapseDepth: Int?

    @Flag(name: [.customLong("deps"), .customShort("M")],
          help: "Print make dependency lines (output: input, and for a directory every folder and file drawn) instead of rendering.")
    var dependencies = false

    @Option(name: .customLong("deps-file"),
            help: ArgumentHelp("Render, and write the make dependency lines to this file (with -M, write them there instead of printing).", valueName: "file"))
    var depsFile: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Bitmap output (png, gv:jpg, …): resolution, as Graphviz's dpi; 144 or 192 for high-density screens. (default: 72, 1 px per point)", valueName: "n"))
    var dpi: Double?

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    @Flag(help: "Print the time of each phase to standard error.")
    var timings = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (no warnings, no progress).")
    var quiet = false

    @Flag(help: "Print each file written.")
    var verbose = false

    @Flag(help: "Render again whenever the input changes, printing a line for each render (or its error), until interrupted.")
    var watch = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input") }
        if output.isEmpty { throw emptyOutputPath }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input can be read once") }
        if isDirectoryOutput && inputs.contains("-") { throw ValidationError("standard input needs a single output file") }
        if let dpi, !(dpi >= BitmapScale.minimum * 72 && dpi <= BitmapScale.maximum * 72) {
            throw ValidationError("--dpi must be from \(Int(BitmapScale.minimum * 72)) to \(Int(BitmapScale.maximum * 72))")
        }
        if let collapseDepth, collapseDepth < 0 { throw ValidationError("--collapse-depth must be 0 or more") }
        if depsFile != nil && output == "-" { throw ValidationError("--deps-file needs an output file (-o): make rules name it") }
        if dependencies && output == "-" { throw ValidationError("-M needs an output file (-o): make rules name it as their target") }
        if let depsFile, depsFile == "-" || depsFile == output { throw ValidationError("--deps-file needs a file of its own") }
        if watch {
            if inputs.count != 1 || inputs[0] == "-" { throw ValidationError("--watch needs one input file or directory (not standard input)") }
            if output == "-" { throw ValidationError("--watch needs an output file (-o)") }
            if dependencies { throw ValidationError("--watch renders; -M prints make rules only") }
        }
    }

    /// Pixels per point in bitmap output.
    private var bitmapScale: Double { dpi.map { $0 / 72 } ?? 1 }

    private var isDirectoryOutput: Bool {
        output != "-" && (output.hasSuffix("/") || DirectoryReader.isDirectory(output))
    }

    /// The format of a single output file: --format, else its extension's (Graphviz's renderer
    /// of that name when only Graphviz has one), else SVG when the name has no extension or
    /// names a FIFO or device (`my.fifo`), whose name is no format.
    private func singleOutputFormat() throws -> OutputFormat {
        if let first = format.first { return first }
        guard let pathExtension = fileExtension(output), !pathExtension.isEmpty else { return .svg }
        if OutputFormat(outputExtension: pathExtension) == nil && FileIO.isSpecialFile(output) { return .svg }
        if let known = OutputFormat(outputExtension: pathExtension) { return known }
        throw fail("schematic: \(output): cannot write .\(pathExtension) files; name the output .svg, .dot/.gv, .json, .html, "
            + ".png, .pdf or another extension Graphviz renders, or say what to write with --format (-T)", ExitStatus.usage)
    }

    /// The files one input becomes: (path, format).
    private func outputs(for input: String) throws -> [(path: String, format: OutputFormat)] {
        guard isDirectoryOutput else { return [(output, try singleOutputFormat())] }
        var name = input.hasSuffix("/") ? String(input.dropLast()) : input
        name = String(name[(name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex)...])
        if let dot = name.lastIndex(of: "."), dot > name.startIndex { name = String(name[..<dot]) }
        let directory = output.hasSuffix("/") ? output : output + "/"
        return (format.isEmpty ? [.svg] : format).map { format in
            (directory + name + "." + Self.outputExtension(for: format), format)
        }
    }

    /// Refuses, before anything is written, an output that two inputs (or two formats) would
    /// both write (by name, or through links to one file), and an output that is one of the
    /// inputs (through links).
    private func checkOutputs() throws {
        // Before any drawing is written (the drawing was written, then the rules refused).
        if let depsFile { try refuseOverwritingInput(depsFile, inputs: inputs, option: "--deps-file") }
        var writers: [String: String] = [:], writersOfFiles: [String: (path: String, writer: String)] = [:]
        for input in inputs {
            for target in try outputs(for: input) where target.path != "-" {
                let writer = format.count > 1 ? "\(input) (\(target.format))" : input
                if let other = writers[target.path] {
                    throw fail("schematic: \(other) and \(writer) would both be written to \(target.path); render them separately or rename one", ExitStatus.usage)
                }
                if let file = OutputTarget.fileIdentity(target.path) {
                    if let other = writersOfFiles[file] {
                        throw fail("schematic: \(other.writer) and \(writer) would both be written to one file, through links "
                                   + "(\(other.path) and \(target.path)); render them separately or remove a link", ExitStatus.usage)
                    }
                    writersOfFiles[file] = (target.path, writer)
                }
                writers[target.path] = writer
                try refuseOverwritingInput(target.path, inputs: inputs)
            }
        }
        // Nor may the rules go over a drawing: by name (a folder's outputs), or through links.
        if let depsFile {
            let depsIdentity = OutputTarget.fileIdentity(depsFile)
            for path in writers.keys.sorted() where path == depsFile || (depsIdentity != nil && OutputTarget.fileIdentity(path) == depsIdentity) {
                throw fail("schematic: \(depsFile): --deps-file names the file the drawing writes (\(path)); choose another --deps-file",
                           ExitStatus.usage)
            }
            // And they can be written (a folder missing or closed to us): else the drawing was
            // written and the rules not, and make took the drawing for up to date.
            do {
                try FileIO.Output(path: depsFile).abandon()
            } catch {
                throw fail("schematic: \(error.message)", ExitStatus.cannotCreate)
            }
        }
    }

    /// Options that would do nothing, or a format the output's name contradicts: said, not refused.
    private func optionWarnings() throws -> [String] {
        var warnings: [String] = []
        let formats = try inputs.prefix(1).flatMap { try outputs(for: $0).map(\.format) }
        if collapseDepth != nil && !formats.contains(.html) {
            warnings.append("--collapse-depth sets how deep the HTML page opens (--format html); \(formats.first.map { "\($0)" } ?? "this output") draws every node")
        }
        if dotMode != .pinned && !formats.contains(.dot) {
            warnings.append("--dot-mode chooses what DOT output holds (--format dot); \(formats.first.map { "\($0)" } ?? "this output") is not DOT")
        }
        if labelOptions.embedFont && !formats.contains(.svg) {
            warnings.append("--embed-font embeds fonts in SVG output; \(formats.first.map { "\($0)" } ?? "this output") does not take them")
        }
        // Only where the name is one of our own formats' (Graphviz's names have aliases: jpg, jpeg).
        if !isDirectoryOutput, let given = format.first, let named = fileExtension(output).flatMap(OutputFormat.init(outputExtension:)),
           named != given, !named.isDrawnByGraphviz, given != .graphviz(Self.outputExtension(for: named)), !FileIO.isSpecialFile(output) {
            warnings.append("\(output): writing \(given) as --format says, though the name says \(named)")
        }
        return warnings
    }

    static func outputExtension(for format: OutputFormat) -> String {
        switch format {
        case .svg: "svg"
        case .dot: "dot"
        case .json: "json"
        case .html: "html"
        case .graphviz(let name): name
        }
    }

    /// Refuses radial circle labels where Graphviz draws the output: it cannot turn labels.
    private func checkLabelDirection() throws {
        guard layoutOptions.otherLayoutOptions.labelDirection == .radial else { return }
        let formats = try inputs.flatMap { try outputs(for: $0).map(\.format) }
        if let format = formats.first(where: \.isDrawnByGraphviz) {
            throw fail("schematic: --label-direction radial cannot be drawn as \(format): Graphviz cannot turn labels (write svg, html or json, or use --label-direction horizontal)", ExitStatus.usage)
        }
    }

    /// Refuses --dpi when nothing written is a bitmap.
    private func checkScale() throws {
        guard dpi != nil else { return }
        let formats = try inputs.flatMap { try outputs(for: $0).map(\.format) }
        guard formats.contains(where: \.isBitmap) else {
            throw fail("schematic: --dpi applies to bitmap output (png, gv:jpg, …), not \(formats.first ?? .svg)", ExitStatus.usage)
        }
    }

    /// Make rules for every output: it depends on its input, and a directory input also on
    /// each folder and file the drawing shows (see `DirectoryDependencies`).
    /// A path whose name holds a line break is left out, with a warning: no make rule can name it.
    private func dependencyRules() throws -> [UInt8] {
        var text: [UInt8] = []
        for input in inputs where input != "-" {
            var listed = DirectoryReader.isDirectory(input) ? try DirectoryDependencies.paths(in: input, reader: inputOptions.directoryReader) : []
            listed.removeAll { path in
                guard path.contains(0x0A) else { return false }
                if !quiet {
                    FileIO.writeMessage("schematic: warning: \(String(decoding: path, as: UTF8.self)): a name with a line break "
                                        + "cannot be named in a make rule; make will not redraw when it changes")
                }
                return true
            }
            for target in try outputs(for: input) {
                guard let rule = DirectoryDependencies.rule(target: Array(target.path.utf8), prerequisites: [Array(input.utf8)] + listed) else {
                    throw fail("schematic: \(target.path): a name with a line break cannot be named in a make rule", ExitStatus.usage)
                }
                text += rule
            }
            // Empty rules, as a compiler's -MP writes, so a file deleted since is no error for make.
            for path in listed { text += DirectoryDependencies.rule(target: path, prerequisites: []) ?? [] }
        }
        return text
    }

    private func writeDependencies(to path: String) throws {
        let rules = try dependencyRules()
        try writeAtomically(to: path, inputs: inputs, option: "--deps-file") { $0.write(rules) }
        if verbose { FileIO.writeMessage("wrote \(path)") }
    }

    func run() throws {
        // Checked here, not in `validate`, which runs before the parser reports an unknown
        // option: `--them dark` left `dark` as a second input and this message hid the misspelling.
        try reportingFailures {
            // (A format given twice read as several formats, and asked for a directory.)
            if let twice = format.indices.first(where: { format[..<$0].contains(format[$0]) }) {
                throw fail("schematic: --format \(format[twice]) is given twice", ExitStatus.usage)
            }
            if (inputs.count > 1 || format.count > 1) && !isDirectoryOutput {
                throw fail("schematic: several inputs or formats need a directory for -o (ending in /)", ExitStatus.usage)
            }
            try checkOutputs()
            try checkScale()
            try checkLabelDirection()
        }
        if !quiet { for warning in try optionWarnings() { FileIO.writeMessage("schematic: warning: \(warning)") } }
        if dependencies {
            try reportingFailures {
                if let depsFile { try writeDependencies(to: depsFile) } else { FileIO.writeToStandardOutput(bytes: try dependencyRules()) }
            }
            return
        }
        if watch { return try renderWatching() }
        HeapReuse.keepFreedMemory()
        try renderAll()
        if let depsFile { try reportingFailures { try writeDependencies(to: depsFile) } }
    }

    private func renderAll() throws {
        // The directory is made for one input with several formats (-Tsvg -Tpng) too; a run
        // that fails leaves no folder it made (if nothing was written into it).
        if isDirectoryOutput && !DirectoryReader.isDirectory(output) && mkdir(output, 0o755) == 0 {
            do {
                try renderAllInputs()
            } catch {
                rmdir(output)
                throw error
            }
            return
        }
        try renderAllInputs()
    }

    private func renderAllInputs() throws {
        if inputs.count == 1 {
            try reportingFailures { try render(inputs[0]) }
            return
        }
        // Every input is tried, in parallel; failures are listed in input order afterwards.
        let results = ResultSlots(count: inputs.count)
        let progress = Progress(total: inputs.count, enabled: !quiet && inputs.count > 20 && isatty(2) != 0)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            do {
                try render(inputs[index])
                results.set(index, nil)
            } catch let failure as CommandFailure {
                results.set(index, failure)
            } catch {
                results.set(index, CommandFailure(message: "schematic: \(inputs[index]): \(error)", code: ExitCode.failure))
            }
            progress.step()
        }
        progress.finish()
        let failures = results.values.compactMap { $0 }
        for failure in failures { FileIO.writeMessage(failure.message) }
        if let first = failures.first {
            FileIO.writeToStandardError("schematic: \(failures.count) of \(inputs.count) inputs failed\n")
            throw first.code
        }
    }

    /// `--watch`: renders, then again after every change of the input, one line each, until
    /// SIGINT or SIGTERM; a failed render prints its message and the watch goes on.
    private func renderWatching() throws {
        if isDirectoryOutput && !DirectoryReader.isDirectory(output) { mkdir(output, 0o755) }
        let input = inputs[0]
        var watcher = FileWatcher(path: input, reader: inputOptions.directoryReader)
        var event = FileWatcher.Event.changed
        repeat {
            if event == .missing {
                FileIO.writeMessage("\(clockTime()) \(input): no longer there (removed or renamed); waiting for it to come back")
                event = watcher.next()
                continue
            }
            do {
                let count = try render(input)
                if let depsFile { try writeDependencies(to: depsFile) }
                if !quiet {
                    let written = try outputs(for: input).map(\.path).joined(separator: ", ")
                    FileIO.writeToStandardError("\(clockTime()) wrote \(written): \(count) node\(count == 1 ? "" : "s")\n")
                }
            } catch let failure as CommandFailure {
                FileIO.writeMessage("\(clockTime()) \(failure.message)")
            }
            event = watcher.next()
        } while event == .changed || event == .missing
    }

    @discardableResult
    private func render(_ input: String) throws -> Int {
        let clock = ContinuousClock()
        let started = clock.now
        var loading = DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
        loading.quiet = quiet
        loading.drawnByGraphviz = try outputs(for: input).contains { $0.format.isDrawnByGraphviz }
        loading.writesPage = try outputs(for: input).contains { $0.format == .html }
        loading.writesOnlyPage = try outputs(for: input).allSatisfy { $0.format == .html }
        loading.onlyPageCollapsedAt = loading.writesOnlyPage ? collapseDepth : nil
        let tree = try loading.readTree(input)
        let parsed = clock.now
        // Long work shows its phase when standard error is a terminal.
        let showPhases = !quiet && inputs.count == 1 && tree.count > 50_000 && isatty(2) != 0
        if showPhases { FileIO.writeToStandardError("\rschematic: \(tree.count) nodes read; laying out…") }
        let diagram = try loading.diagram(tree, file: input)
        if showPhases { FileIO.writeToStandardError("\rschematic: \(tree.count) nodes laid out; writing…  ") }
        defer { if showPhases { FileIO.writeToStandardError("\r\u{1B}[K") } }
        let laidOut = clock.now
        for target in try outputs(for: input) {
            try writeAtomically(to: target.path, inputs: inputs) { destination in
                var options = Diagram.RenderOptions(format: target.format, dotMode: dotMode, embedFonts: labelOptions.embedFont)
                options.theme = theme
                options.bitmapScale = bitmapScale
                options.collapseDepth = collapseDepth
                do {
                    try diagram.render(options) { destination.write($0) }
                } catch {
                    throw fail("schematic: \(error)", ExitStatus.unavailable)
                }
            }
            if !quiet, case .graphviz(let name) = target.format, let fit = diagram.bitmapFit(format: name, scale: bitmapScale), fit.isScaled {
                FileIO.writeMessage("schematic: warning: \(target.path == "-" ? "<stdout>" : target.path): the drawing (\(Int(fit.width)) × "
                    + "\(Int(fit.height)) px) is larger than bitmaps allow (\(fit.limit)); scaled to \(Int(fit.scale * 100))% to fit")
            }
            if !quiet, case .graphviz(let name) = target.format, let warning = diagram.vectorPageWarning(format: name) {
                FileIO.writeMessage("schematic: warning: \(target.path == "-" ? "<stdout>" : target.path): \(warning)")
            }
            if verbose { FileIO.writeMessage("wrote \(target.path)") }
        }
        let written = clock.now
        if timings {
            func microseconds(_ duration: Duration) -> String {
                String(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000) + "us"
            }
            // Measuring labels is part of layout; shown apart when all labels were measured at once.
            let measuring = diagram.labelSizing?.prefetchDuration.map { " measure=\(microseconds($0))" } ?? ""
            FileIO.writeToStandardError("timings: nodes=\(tree.count) read=\(microseconds(parsed - started)) "
                + "layout=\(microseconds(laidOut - parsed))\(measuring) render=\(microseconds(written - laidOut))\n")
        }
        return tree.count
    }
}

/// One result per input, written by parallel workers.
private final class ResultSlots: Sendable {
    private let slots: Mutex<[CommandFailure?]>
    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
    func set(_ index: Int, _ failure: CommandFailure?) { slots.withLock { $0[index] = failure } }
    var values: [CommandFailure?] { slots.withLock { $0 } }
}

/// "rendered 12/40" on standard error, when it is a terminal and the batch is long.
private final class Progress: Sendable {
    let total: Int
    let enabled: Bool
    private let done = Mutex(0)
    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }
    func step() {
        guard enabled else { return }
        done.withLock { done in
            done += 1
            FileIO.writeToStandardError("\rschematic: rendered \(done)/\(total)")
        }
    }
    func finish() {
        if enabled { FileIO.writeToStandardError("\n") }
    }
}
