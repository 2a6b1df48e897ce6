import ArgumentParser

@main
struct SchematicCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schematic",
        abstract: "Turn hierarchy files into schematic tree diagrams.",
        discussion: "Every depth of the tree is drawn as a column, each node as a box, and a connector links each parent to its children.",
        subcommands: [RenderCommand.self, CompareCommand.self, DiffCommand.self, MarkdownCommand.self],
        defaultSubcommand: RenderCommand.self)
}
