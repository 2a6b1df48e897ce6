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

    /// A fan of 60 folders of three files nests by default, on the HTML page too; `--no-nest`
    /// keeps it in its columns.
    @Test func foldersNestOnEveryOutputUnlessNoNest() throws {
        let outline = "root\n" + (1...60).map { "  folder \($0)\n    a\n    b\n    c\n" }.joined()
        func width(_ arguments: [String]) throws -> String {
            let result = try Executable.run(["render", "-", "--format", "json"] + arguments, stdin: outline)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.dropFirst(#"{"contentSize":{"width":"#.count).prefix { $0 != "," })
        }
        let nested = try width([]), columns = try width(["--no-nest"])
        #expect(Double(nested)! > 2 * Double(columns)!, "nested \(nested), columns \(columns)")
        let page = try Executable.run(["render", "-", "--format", "html"], stdin: outline)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("\"contentWidth\":\(nested)"), "the page is not the nested drawing")
        #expect(page.stdout.contains("\"nests\":true"))
        let flatPage = try Executable.run(["render", "-", "--format", "html", "--no-nest"], stdin: outline)
        #expect(flatPage.stdout.contains("\"contentWidth\":\(columns)") && flatPage.stdout.contains("\"nests\":false"))
    }
}
