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
        options.sizing = labelOptions.nodeSizing
        let name = input == "-" ? "diagram" : String(input.split(separator: "/").last!.split(separator: ".").first!)
        var assetWriter: MarkdownEmbedding.Assets? = nil
        if let assets {
            let directory = assets.hasSuffix("/") ? String(assets.dropLast()) : assets
            if !DirectoryReader.isDirectory(directory) { mkdir(directory, 0o755) }
            assetWriter = MarkdownEmbedding.Assets(
                link: { "\(directory)/\(name)-\($0).svg" },
                write: { number, svg in
                    try writeAtomically(to: "\(directory)/\(name)-\(number).svg") { $0.write(svg) }
                })
        }
        let processed: [UInt8]
        do {
            processed = try MarkdownEmbedding(file: input == "-" ? "<stdin>" : input, baseOptions: options).process(bytes, assets: assetWriter)
        } catch let error as MarkdownEmbedding.BlockError {
            throw fail(error.description, ExitStatus.dataError)
        }
        try writeAtomically(to: output) { $0.write(processed) }
    }
}
