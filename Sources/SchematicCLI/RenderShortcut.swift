import ArgumentParser

/// The common run, `schematic [render] tree.json -o tree.svg`, parsed as `render` alone.
///
/// Parsing from the root command builds the argument set of `render` (its option groups, read
/// by reflection) several times — for the root's lenient pass and its pass-through checks —
/// which costs more than laying out and drawing a hundred nodes. Here `render` parses its own
/// arguments once, and without the root's completion-script checks (`render` names
/// `schematic` as its super-command); anything it does not accept (help, --version, a usage
/// error, another subcommand) is parsed again from the root, so every message and exit status
/// stays the root's.
enum RenderShortcut {
    /// The arguments `render` parses when the command line runs it: without the leading
    /// `render`, or all of them when the first is no subcommand (the default subcommand);
    /// nil when the first argument names another subcommand or `help`, or when any asks for
    /// help, the version or a completion script.
    static func renderArguments(_ arguments: [String], subcommands: [String]) -> [String]? {
        guard let first = arguments.first, !arguments.contains(where: isRootRequest) else { return nil }
        if first == RenderCommand._commandName { return Array(arguments.dropFirst()) }
        if first == "help" || subcommands.contains(first) { return nil }
        return arguments
    }

    /// Help, version and completion-script requests, which `render` alone would answer as its
    /// own (or refuse); skipping the shortcut for them saves parsing twice.
    private static func isRootRequest(_ argument: String) -> Bool {
        argument.hasPrefix("-") && (["-h", "-help", "--help", "--help-hidden", "--version", "--experimental-dump-help"].contains(argument)
            || argument.hasPrefix("--generate-completion-script"))
    }

    /// `render` parsed and validated from `arguments`, or nil when it refuses them or asks for
    /// help (which `parseAsRoot` answers with a help command): the root then parses them, to
    /// print its own message.
    static func parse(_ arguments: [String], subcommands: [String]) -> RenderCommand? {
        guard let own = renderArguments(arguments, subcommands: subcommands) else { return nil }
        return (try? RenderCommand.parseAsRoot(own)) as? RenderCommand
    }
}
