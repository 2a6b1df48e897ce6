import ArgumentParser
import Schematic

@main
struct SchematicCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schematic",
        abstract: "Turn hierarchy files into schematic tree diagrams.",
        discussion: """
            Every depth of the tree is drawn as a column, each node as a box, and a connector links \
            each parent to its children. Without a subcommand, render is run: schematic tree.txt -o tree.svg, \
            or as Graphviz is called, schematic -Tpng tree.txt -o tree.png.
            """,
        version: "schematic \(SchematicVersion.string)",
        subcommands: [RenderCommand.self, CompareCommand.self, DiffCommand.self, MarkdownCommand.self, ServeCommand.self],
        defaultSubcommand: RenderCommand.self)

    /// Refuses a misspelt subcommand by name before parsing; runs a plain `render` parsed on
    /// its own (see `RenderShortcut`); otherwise parses and runs as usual.
    static func main() {
        TemporaryFiles.ignoreFileSizeSignal()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        if let first = arguments.first, let meant = SubcommandSuggestion.suggestion(for: first, among: names) {
            FileIO.writeMessage("schematic: unknown subcommand '\(first)'; did you mean '\(meant)'?")
            exit(withError: ExitStatus.usage)
        }
        if let render = RenderShortcut.parse(arguments, subcommands: names) {
            do {
                try render.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(arguments)
    }
}
