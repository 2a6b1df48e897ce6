import ArgumentParser

/// The sysexits(3) statuses the tool uses.
enum ExitStatus {
    /// The command line is wrong.
    static let usage = ExitCode(64)
    /// The input is not a valid hierarchy.
    static let dataError = ExitCode(65)
    /// The input file cannot be opened.
    static let noInput = ExitCode(66)
    /// A service the drawing needs (a font) is unavailable.
    static let unavailable = ExitCode(69)
    /// The output cannot be written.
    static let cannotCreate = ExitCode(73)
    /// Reading or writing failed part-way.
    static let ioError = ExitCode(74)
}

/// Prints a one-line message to standard error and returns the exit code to throw.
func fail(_ message: String, _ code: ExitCode) -> ExitCode {
    FileIO.writeToStandardError("\(message)\n")
    return code
}
