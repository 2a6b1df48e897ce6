import Schematic
import Testing
import TestSupport

/// The defaults have one definition (`SchematicLayoutConfiguration.standard`): the command line
/// draws what the library draws with `DiagramOptions()`.
@Suite struct DefaultsTests {
    @Test func theCommandLineDrawsWhatTheLibraryDrawsByDefault() throws {
        // A fan of 30 leaves: wrapped by default; a parent with a child of its own: aligned.
        let outline = "root\n" + (1...30).map { "  leaf \($0)\n" }.joined() + "  branch\n    twig\n"
        let library = try Diagram(tree: OutlineReader().read(Array(outline.utf8), file: "-"), options: DiagramOptions())
        let command = try Executable.run(["render", "-", "--format", "json"], stdin: outline)
        #expect(command.status == 0, "\(command.stderr)")
        #expect(command.stdout == String(decoding: try library.rendered(.init(format: .json)), as: UTF8.self))
        #expect(DiagramOptions().configuration == .standard)
        #expect(SchematicLayoutConfiguration.standard.alignment == .compact && SchematicLayoutConfiguration.standard.wrap == .auto)
    }
}
