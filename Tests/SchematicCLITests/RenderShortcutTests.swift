import ArgumentParser
@testable import SchematicCLI
import Testing

/// `render` parsed on its own (`RenderShortcut`) must mean exactly what parsing from the root
/// means; whatever it refuses is left to the root, which prints its own messages.
@Suite struct RenderShortcutTests {
    static let subcommands = SchematicCommand.configuration.subcommands.map { $0._commandName } + ["help"]

    /// Everything a parsed command holds, options and option groups included.
    static func described(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test func takesTheArgumentsOfRender() {
        #expect(RenderShortcut.renderArguments(["render", "a.json", "-o", "a.svg"], subcommands: Self.subcommands) == ["a.json", "-o", "a.svg"])
        #expect(RenderShortcut.renderArguments(["a.json", "-o", "a.svg"], subcommands: Self.subcommands) == ["a.json", "-o", "a.svg"])
        #expect(RenderShortcut.renderArguments(["-o", "compare", "a.json"], subcommands: Self.subcommands) == ["-o", "compare", "a.json"])
        for other in ["compare", "diff", "markdown", "serve", "help"] {
            #expect(RenderShortcut.renderArguments([other, "a.json"], subcommands: Self.subcommands) == nil)
        }
        #expect(RenderShortcut.renderArguments([], subcommands: Self.subcommands) == nil)
        for request in ["--help", "-h", "--version", "--generate-completion-script=bash"] {
            #expect(RenderShortcut.renderArguments(["render", "a.json", request], subcommands: Self.subcommands) == nil)
        }
    }

    @Test(arguments: [
        ["render", "a.json", "-o", "a.svg"],
        ["a.json", "-o", "a.svg"],
        ["render", "-", "--format", "json"],
        ["a.txt", "-Tpng", "-o", "a.png", "--dpi", "144", "-q"],
        ["render", "a.txt", "b.txt", "-o", "out/", "--timings", "--verbose"],
        ["render", "render", "-o", "a.svg"],
        ["-o", "compare", "a.json"],
        ["render", "a.csv", "-o", "a.svg", "--theme", "dark", "--dot-mode", "layout", "--collapse-depth", "2"],
    ])
    func parsesAsTheRootDoes(_ arguments: [String]) throws {
        let shortcut = try #require(RenderShortcut.parse(arguments, subcommands: Self.subcommands))
        let root = try SchematicCommand.parseAsRoot(arguments)
        #expect(root is RenderCommand)
        #expect(Self.described(shortcut) == Self.described(root))
    }

    @Test(arguments: [
        ["render", "a.json", "--help"], ["-h"], ["--version"], ["render", "--version", "a.json"], ["help", "render"],
        ["compare", "a.json"], ["render"], ["render", "a.json", "--no-such-option"],
        ["render", "a.json", "-o", "a.svg", "--dpi", "1"], ["--experimental-dump-help"], ["render", "a.json", "--theme", "sepia"],
        ["--generate-completion-script", "bash"], ["render", "a.json", "--generate-completion-script"],
    ])
    func leavesEverythingElseToTheRoot(_ arguments: [String]) {
        #expect(RenderShortcut.parse(arguments, subcommands: Self.subcommands) == nil)
    }
}
