import ArgumentParser
import Schematic
#if canImport(Glibc)
import Glibc
#endif

struct MarkdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Replace the ```schematic blocks of a Markdown file with their drawings.",
        discussion: """
            Each fenced block tagged schematic becomes an inline <svg> (its styles scoped to it, so \
            drawings with different themes can share a page), or with --assets DIR an image link \
            to DIR/FILE-N.svg (FILE the Markdown file's name, N the block's number; \
            DIR/FILE.NAME.svg for a block with name=NAME), relative to the -o file. Everything \
            else is kept as it is.

            The fence line takes any option of this command as a setting, --theme VALUE \
            written theme=VALUE and a flag as its bare name: ```schematic layout=grid theme=dark width=600 \
            connectors=elbow bands; format=yaml is --from yaml. Values may be quoted: \
            alt="Our services" (the text alternative; the tree's title otherwise), \
            caption="Figure 1" (a <figcaption>), src="tree.yaml" (draw that file or directory, \
            relative to the Markdown file, instead of the block's lines), name=services (with \
            --assets, the file is FILE.services.svg: kept when blocks are added before it). The \
            command line's options are the defaults of every block.

            --html renders the whole document to one page with Ink. The document's own raw HTML \
            is passed through as written (as Markdown does): use it for your own documents. For \
            documents from elsewhere add --safe, which drops raw HTML, scripts, event handler \
            attributes and links other than http, https, mailto and relative ones.

            Every bad block is reported (FILE:LINE:COLUMN), and nothing is written. Exit status: \
            64 bad usage, 65 an invalid block, 66 a missing input or src file, 69 the --html \
            helper missing, 73/74 cannot write.
            """)

    @Argument(help: "The Markdown file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the Markdown, or - for standard output.")
    var output: String = "-"

    @Option(help: "Write each drawing to this directory as an SVG file and link it (relative to -o), instead of inlining it.")
    var assets: String?

    @Flag(help: "Render the whole document to one HTML page (with Ink), drawings inline; the document's raw HTML is kept.")
    var html = false

    @Option(name: .customLong("deps-file"),
            help: ArgumentHelp("Also write make dependency lines to this file: the output on the Markdown file and every src file, each drawing's file (--assets) on the Markdown file and its block's src (for a src directory, every folder and file drawn).", valueName: "file"))
    var depsFile: String?

    @Flag(help: "With --html: drop the document's raw HTML and scripts, and links that are not http, https, mailto or relative; blocks read src files only in the document's folder.")
    var safe = false

    @Option(help: "SVG colour scheme of every drawing: light, dark, or auto (follows the reader's prefers-color-scheme).")
    var theme: SVGRenderer.Theme = .light

    @OptionGroup(title: "Input")
    var inputOptions: InputOptions

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    /// How blocks are read and laid out: as every command does.
    var loading: DiagramLoading {
        DiagramLoading(inputOptions: inputOptions, layoutOptions: layoutOptions, labelOptions: labelOptions)
    }

    func validate() throws {
        if safe && !html { throw ValidationError("--safe applies to --html") }
        if output.isEmpty { throw emptyOutputPath }
        if depsFile != nil && output == "-" { throw ValidationError("--deps-file needs an output file (-o): make rules name it") }
        if let depsFile, depsFile.isEmpty || depsFile == "-" || depsFile == output { throw ValidationError("--deps-file needs a file of its own") }
    }

    func run() throws {
        try reportingFailures(work)
    }

    private func work() throws {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(input)
        } catch {
            throw fail("schematic: \(error.message)", error.isMissingInput ? ExitStatus.noInput : error.isNotText ? ExitStatus.dataError : ExitStatus.ioError)
        }
        let name = Self.documentName(input)
        var assetWriter: MarkdownEmbedding.Assets? = nil
        // The drawings' files are kept until every block is drawn, then written with the output,
        // all or none (`writeAllAtomically`): a run that fails leaves none of them (only the
        // folder, made first: the links are found between the real folders).
        // (With the src files its block read, as indices into `loaded.paths`: its make rule's.)
        final class PendingAssets { var files: [(path: String, svg: [UInt8], sources: Range<Int>)] = []; var sourcesDrawn = 0 }
        let pending = PendingAssets()
        // The src files and directories read, for --deps-file (a block's own walk settings apply).
        // (And the status of the first that could not be read: a missing one is exit 66.)
        final class LoadedSources { var paths: [(path: String, directory: DirectoryReader)] = []; var failure: ExitCode? }
        let loaded = LoadedSources()
        let assetDirectory = assets.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        // A run that fails leaves no folder it made for the drawings (an empty assets folder
        // stayed when the output's folder was missing).
        var madeDirectories: [String] = []
        var succeeded = false
        defer {
            if !succeeded { for directory in madeDirectories.reversed() { rmdir(directory) } }
        }
        if let directory = assetDirectory {
            // (Made first: the link is found between the real folders, and the output may be in it.)
            madeDirectories = Self.makeDirectories(directory)
            let linkDirectory = Self.relativePath(to: directory, from: Self.directory(of: output == "-" ? "./-" : output))
            assetWriter = MarkdownEmbedding.Assets(
                link: { "\(linkDirectory)/\(name)\($0).svg" },
                write: { stem, svg in
                    // A block reads its src, then is drawn: the sources read since the last drawing are its.
                    pending.files.append(("\(directory)/\(name)\(stem).svg", svg, pending.sourcesDrawn..<loaded.paths.count))
                    pending.sourcesDrawn = loaded.paths.count
                })
        }
        var embedding = MarkdownEmbedding(file: input == "-" ? "<stdin>" : input)
        embedding.resolveSettings = Self.resolve
        // With --safe (an untrusted document) a block reads only files in the document's folder.
        let documentFolder = safe ? OutputTarget.realPath(Self.directory(of: input == "-" ? "./-" : input)) : nil
        embedding.loadSource = { path, options in
            if let documentFolder, let real = OutputTarget.realPath(path), real != documentFolder && !real.hasPrefix(documentFolder == "/" ? "/" : documentFolder + "/") {
                throw MarkdownEmbedding.SettingError("src: \(path) is outside the document's folder; with --safe a block reads only files in it")
            }
            loaded.paths.append((path, options.directory))
            do {
                return try Self.load(path, options)
            } catch let failure as SourceFailure {
                if loaded.failure == nil { loaded.failure = failure.code }
                throw failure.error
            }
        }
        embedding.warn = { FileIO.writeMessage($0) }
        // With --html the drawings go to the page after Ink ran, through placeholders.
        var drawings: [String] = []
        let processed: [UInt8]
        do {
            if html {
                processed = try embedding.process(bytes) { drawing in
                    drawings.append(try assetWriter?.placeHTML(drawing) ?? drawing.inlineHTML())
                    return "\n" + Self.placeholder(drawings.count) + "\n"
                }
            } else {
                processed = try embedding.process(bytes, assets: assetWriter)
            }
        } catch let error as MarkdownEmbedding.BlockError {
            for message in error.messages.dropLast() { FileIO.writeMessage(message) }
            // As render's: a src file missing is 66 (missing input), any other failure 65.
            throw fail(error.messages.last ?? "", loaded.failure == ExitStatus.noInput ? ExitStatus.noInput : ExitStatus.dataError)
        }
        let text = html ? try renderHTML(processed, drawings: drawings, title: name) : processed
        var files = pending.files.map { ($0.path, $0.svg) } + [(output, text)]
        // The src files are inputs too: no output may be written over one.
        let inputs = [input] + loaded.paths.map(\.path)
        // (A drawing's file over an input is --assets' doing, and said so.)
        for file in pending.files { try refuseOverwritingInput(file.path, inputs: inputs, option: "--assets") }
        // Nor may the document go over a drawing's file (the page would link to itself).
        if output != "-" {
            let identity = OutputTarget.fileIdentity(output)
            if let asset = pending.files.first(where: { $0.path == output || (identity != nil && OutputTarget.fileIdentity($0.path) == identity) }) {
                throw fail("schematic: \(output): -o names the file a drawing is written to (\(asset.path)); choose another -o or --assets",
                           ExitStatus.usage)
            }
        }
        if let depsFile {
            try refuseOverwritingInput(depsFile, inputs: inputs, option: "--deps-file")
            if let identity = OutputTarget.fileIdentity(depsFile),
               let other = files.first(where: { OutputTarget.fileIdentity($0.0) == identity }) {
                throw fail("schematic: \(depsFile): --deps-file names the file the drawing writes (\(other.0)); choose another --deps-file", ExitStatus.usage)
            }
            // Each drawing's file on its own block's src; the output on every src.
            let targets = pending.files.map { ($0.path, $0.sources) } + [(output, 0..<loaded.paths.count)]
            files.append((depsFile, try dependencyRules(targets: targets, sources: loaded.paths)))
        }
        try writeAllAtomically(files, inputs: inputs)
        succeeded = true
        if let directory = assetDirectory {
            warnOfStaleAssets(in: directory, name: name, written: Set(pending.files.map(\.path)))
        }
    }

    /// What the drawings' files are named after: the file's name without its extension, its
    /// other dots made `-` (`index.fr.md`: `index-fr-1.svg`; cut at the first dot, it wrote
    /// `index-1.svg` over `index.md`'s drawing). A dot is kept out, as it parts a document's
    /// name from a block's (`index.services.svg`).
    static func documentName(_ input: String) -> String {
        guard input != "-", let file = input.split(separator: "/").last else { return "diagram" }
        let stem = file.lastIndex(of: ".").map { file[..<$0] } ?? file
        let name = stem.drop { $0 == "." }.replacing(".", with: "-")
        return name.isEmpty ? "diagram" : String(name)
    }

    /// Warns of drawings' files an earlier run wrote for blocks the document no longer has
    /// (`NAME-N.svg`, `NAME.BLOCK.svg` in the assets folder, not written now): they are left,
    /// as the folder may hold what others link, but a stale one would go on being published.
    private func warnOfStaleAssets(in directory: String, name: String, written: Set<String>) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var stale: [String] = []
        while let entry = readdir(stream) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            guard file.hasSuffix(".svg"), file.count > name.count + 5, file.hasPrefix(name) else { continue }
            let middle = file.dropFirst(name.count).dropLast(4)
            let numbered = middle.first == "-" && middle.dropFirst().allSatisfy(\.isASCII) && Int(middle.dropFirst()) != nil
            let named = middle.first == "." && !middle.dropFirst().contains(".")
            guard numbered || named, !written.contains("\(directory)/\(file)") else { continue }
            stale.append("\(directory)/\(file)")
        }
        guard !stale.isEmpty else { return }
        stale.sort()
        let shown = stale.prefix(3).joined(separator: ", ") + (stale.count > 3 ? " and \(stale.count - 3) more" : "")
        FileIO.writeMessage("schematic: warning: \(shown): left from an earlier run, for blocks \(input) no longer has; "
                            + "remove them if nothing links them")
    }

    /// Make rules: each file written on the Markdown file and the src files and folders its
    /// blocks drew (each once, in order: a drawing's file its own block's, the output every
    /// block's), then an empty rule for each of those (as a compiler's -MP writes), so that one
    /// deleted since is no error for make.
    private func dependencyRules(targets: [(path: String, sources: Range<Int>)],
                                 sources: [(path: String, directory: DirectoryReader)]) throws -> [UInt8] {
        // Each source's paths: the file, or the folder and what it holds.
        var pathsOfSource: [[[UInt8]]] = []
        var listed: [[UInt8]] = []
        for source in sources {
            var paths = [Array(source.path.utf8)]
            if DirectoryReader.isDirectory(source.path) {
                paths += try DirectoryDependencies.paths(in: source.path, reader: source.directory).filter { !$0.contains(0x0A) }
            }
            pathsOfSource.append(paths)
            listed += paths
        }
        var text: [UInt8] = []
        for target in targets {
            var prerequisites: [[UInt8]] = input == "-" ? [] : [Array(input.utf8)]
            var seen = Set(prerequisites)
            for source in target.sources {
                for path in pathsOfSource[source] where seen.insert(path).inserted { prerequisites.append(path) }
            }
            guard let rule = DirectoryDependencies.rule(target: Array(target.path.utf8), prerequisites: prerequisites) else {
                throw fail("schematic: \(target.path): a name with a line break cannot be named in a make rule", ExitStatus.usage)
            }
            text += rule
        }
        var empty = Set<[UInt8]>()
        for path in listed where empty.insert(path).inserted { text += DirectoryDependencies.rule(target: path, prerequisites: []) ?? [] }
        return text
    }

    /// The comment that stands for the n-th drawing in the Markdown handed to the HTML helper.
    static func placeholder(_ number: Int) -> String { "<!-- schematic-drawing-\(number) -->" }

    // MARK: Block settings

    /// The arguments this command was run with (after `markdown`): every block's defaults.
    private static let baseArguments: [String] = {
        let arguments = CommandLine.arguments
        guard let index = arguments.dropFirst().firstIndex(of: "markdown") else { return [] }
        return Array(arguments[(index + 1)...])
    }()

    /// An argument parser's message about options, told of settings: "option" becomes "setting"
    /// outside quotes only, where the writer's own words are ('options=1' was quoted back as
    /// 'settings', 'myoption' as 'mysetting').
    static func namingSettings(_ message: String) -> String {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset % 2 == 0 ? $0.element.replacing("option", with: "setting") : $0.element }
            .joined(separator: "'")
    }

    /// A block's settings, parsed as this command's options after the command line's own (so
    /// they override it), with the same checks and messages.
    private static func resolve(_ settings: [MarkdownEmbedding.Setting]) throws -> MarkdownEmbedding.BlockOptions {
        var arguments = baseArguments
        for setting in settings {
            if ["output", "assets", "html", "safe", "deps-file", "help", "version"].contains(setting.key) || setting.key.count < 2 {
                throw MarkdownEmbedding.SettingError("unknown setting '\(setting.text)'")
            }
            let name = setting.key == "format" ? "from" : setting.key
            arguments.append(setting.value.map { "--\(name)=\($0)" } ?? "--\(name)")
        }
        let command: MarkdownCommand
        do {
            command = try MarkdownCommand.parse(arguments)
        } catch {
            // Settings are named without dashes on the fence line.
            // One line: a list of allowed values (one per line, "  - yaml") joins the first.
            let lines = MarkdownCommand.message(for: error).split(separator: "\n")
            var message = lines.first.map(String.init) ?? ""
            let choices = lines.dropFirst().prefix { $0.hasPrefix("  - ") }.map { $0.dropFirst(4) }
            if message.hasSuffix(" one of the following:"), !choices.isEmpty {
                message = message.dropLast(" the following:".count) + " " + choices.joined(separator: ", ") + "."
            }
            if message.hasPrefix("--") { message.removeFirst(2) }
            message = Self.namingSettings(message.replacing("'--", with: "'").replacing(" --", with: " "))
            if settings.contains(where: { $0.key == "format" }) { message = message.replacing("'from <from>'", with: "'format <format>'") }
            // The setting the message is about (named first in it), else all: a docs plugin's
            // defaults, which the writer did not write on the line, were quoted with it.
            let named = settings.compactMap { setting -> (Substring.Index, MarkdownEmbedding.Setting)? in
                let name = setting.key == "format" ? "from" : setting.key
                // The name whole ('focus' is no match in 'focus-scale <factor>').
                // (Or opening the message: "width applies to layout flow, … not schematic".)
                if message.hasPrefix(name + " ") { return (message.startIndex, setting) }
                return ["'\(name)'", "'\(name) ", "'\(name)="].compactMap { message.firstRange(of: $0)?.lowerBound }.min().map { ($0, setting) }
            }.min { $0.0 < $1.0 }?.1
            let written = named?.text ?? settings.map(\.text).joined(separator: " ")
            throw MarkdownEmbedding.SettingError(written.isEmpty ? message : "'\(written)': \(message)")
        }
        var options = MarkdownEmbedding.BlockOptions(diagram: command.loading.diagramOptions)
        options.render.theme = command.theme
        options.render.embedFonts = command.labelOptions.embedFont
        options.format = command.inputOptions.from
        options.reader = command.inputOptions.readerOptions
        options.reader.breaksCycles = command.layoutOptions.extraParents != .keep
        options.reader.layersByLongestPaths = command.layoutOptions.extraParents != .drop
        options.directory = command.inputOptions.directoryReader
        return options
    }

    /// A block's `src` that could not be read: the block's error, and render's exit status for it.
    private struct SourceFailure: Error {
        var error: MarkdownEmbedding.SettingError
        var code: ExitCode
    }

    /// The tree of a block's `src` file or directory, read as `render` reads its input.
    private static func load(_ path: String, _ options: MarkdownEmbedding.BlockOptions) throws -> Tree {
        do {
            return try TreeReading(format: options.format, reader: options.reader, directory: options.directory).read(path)
        } catch {
            throw SourceFailure(error: MarkdownEmbedding.SettingError(error.isFileError ? "src: \(error.message)" : error.message),
                                code: error.code)
        }
    }

    // MARK: Paths

    /// Creates a directory and the missing ones above it (as `mkdir -p`); failures show when
    /// writing. Returns the directories it made, outermost first.
    @discardableResult
    static func makeDirectories(_ path: String) -> [String] {
        var prefix = path.hasPrefix("/") ? "/" : ""
        var made: [String] = []
        for component in path.split(separator: "/") {
            prefix += component
            if !DirectoryReader.isDirectory(prefix) && mkdir(prefix, 0o755) == 0 { made.append(prefix) }
            prefix += "/"
        }
        return made
    }

    /// The directory part of a path ("." when it has none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `target` as a path relative to the directory `base` (both existing directories), for
    /// links that work from the output file; `target` as given when either cannot be resolved.
    static func relativePath(to target: String, from base: String) -> String {
        func components(_ path: String) -> [Substring]? { OutputTarget.realPath(path)?.split(separator: "/") }
        guard let to = components(target), let from = components(base) else { return target }
        let common = zip(to, from).prefix { $0 == $1 }.count
        let path = (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
        return path.isEmpty ? "." : path
    }

    // MARK: HTML

    /// Runs the `schematic-markdown-html` helper that sits beside this executable (it links Ink,
    /// and with it Foundation, which `schematic` itself stays free of to start fast).
    private func renderHTML(_ markdown: [UInt8], drawings: [String], title: String) throws -> [UInt8] {
        let helper = try helperProgram("schematic-markdown-html", neededBy: "--html")
        var temporary: [String] = []
        defer { for file in temporary { unlink(file) } }
        for contents in [markdown] + drawings.map({ Array($0.utf8) }) {
            var template = Array("/tmp/schematic-md-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw fail("schematic: cannot create a temporary file in /tmp", ExitStatus.cannotCreate) }
            temporary.append(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            let written = contents.withUnsafeBufferPointer { FileIO.writeAll(descriptor, $0) }
            close(descriptor)
            guard written else { throw fail("schematic: cannot write a temporary file in /tmp", ExitStatus.ioError) }
        }
        let outputPath = temporary[0] + ".html"
        defer { unlink(outputPath) }
        var pid = pid_t()
        let arguments = [helper] + (safe ? ["--safe"] : []) + [temporary[0], outputPath, title] + temporary.dropFirst()
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        guard posix_spawn(&pid, helper, nil, nil, &cArguments, environ) == 0 else {
            throw fail("schematic: cannot run \(helper)", ExitStatus.unavailable)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { throw fail("schematic: \(helper) failed", ExitStatus.unavailable) }
        do {
            return try FileIO.read(outputPath)
        } catch {
            throw fail("schematic: \(error.message)", ExitStatus.ioError)
        }
    }
}
