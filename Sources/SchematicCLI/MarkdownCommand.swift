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
            Each fenced block tagged schematic (its first line may say format=yaml, align=tidy, \
            orientation=tb, connectors=elbow, theme=dark, sizing=fixed) becomes an inline <svg>, or \
            with --assets DIR an image link to DIR/NAME-N.svg. Everything else is kept as it is.
            """)

    @Argument(help: "The Markdown file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the Markdown, or - for standard output.")
    var output: String = "-"

    @Option(help: "Write each drawing to this directory as an SVG file and link it, instead of inlining it.")
    var assets: String?

    @Flag(help: "Render the whole document to one HTML page (with Ink), drawings inline.")
    var html = false

    @OptionGroup(title: "Layout")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Labels")
    var labelOptions: LabelOptions

    func run() throws {
        try reportingFailures(work)
    }

    private func work() throws {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(input)
        } catch {
            throw fail("schematic: \(error.message)", error.isMissingInput ? ExitStatus.noInput : ExitStatus.ioError)
        }
        var options = DiagramOptions()
        options.configuration = layoutOptions.configuration
        options.layout = layoutOptions.diagramLayout
        options.effects = layoutOptions.effects
        options.sizing = labelOptions.nodeSizing
        let name = input == "-" ? "diagram" : String(input.split(separator: "/").last!.split(separator: ".").first!)
        var assetWriter: MarkdownEmbedding.Assets? = nil
        if let assets {
            let directory = assets.hasSuffix("/") ? String(assets.dropLast()) : assets
            if !DirectoryReader.isDirectory(directory) { mkdir(directory, 0o755) }
            assetWriter = MarkdownEmbedding.Assets(
                link: { "\(directory)/\(name)-\($0).svg" },
                write: { number, svg in
                    try writeAtomically(to: "\(directory)/\(name)-\(number).svg", inputs: [input]) { $0.write(svg) }
                })
        }
        let processed: [UInt8]
        do {
            var embedding = MarkdownEmbedding(file: input == "-" ? "<stdin>" : input, baseOptions: options)
            embedding.layouts = layoutOptions.diagramLayoutsByName
            processed = try embedding.process(bytes, assets: assetWriter)
        } catch let error as MarkdownEmbedding.BlockError {
            throw fail(error.description, ExitStatus.dataError)
        }
        if html {
            try writeAtomically(to: output, inputs: [input]) { $0.write(try renderHTML(processed, title: name)) }
        } else {
            try writeAtomically(to: output, inputs: [input]) { $0.write(processed) }
        }
    }

    /// Runs the `schematic-markdown-html` helper that sits beside this executable (it links Ink,
    /// and with it Foundation, which `schematic` itself stays free of to start fast).
    private func renderHTML(_ markdown: [UInt8], title: String) throws -> [UInt8] {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        let executable = length > 0 ? String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let helper = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]) + "/schematic-markdown-html"
        guard access(helper, X_OK) == 0 else {
            throw fail("schematic: --html needs \(helper) (built with the package: swift build --product schematic-markdown-html)", ExitStatus.unavailable)
        }
        var inputTemplate = Array("/tmp/schematic-md-XXXXXX".utf8CString)
        let inputDescriptor = inputTemplate.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let inputPath = inputTemplate.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(inputPath) }
        _ = markdown.withUnsafeBufferPointer { FileIO.writeAll(inputDescriptor, $0) }
        close(inputDescriptor)
        let outputPath = inputPath + ".html"
        defer { unlink(outputPath) }
        var pid = pid_t()
        let arguments = [helper, inputPath, outputPath, title]
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
