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

/// A failure with its one-line message and exit status; printed by `reportingFailures`, or
/// collected when a batch renders many files.
struct CommandFailure: Error {
    var message: String
    var code: ExitCode
}

/// A failure to throw.
func fail(_ message: String, _ code: ExitCode) -> CommandFailure {
    CommandFailure(message: message, code: code)
}

/// Runs a command's work; a failure is printed as its one line and becomes its exit status.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CommandFailure {
        FileIO.writeMessage(failure.message)
        throw failure.code
    }
}
