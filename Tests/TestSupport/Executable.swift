import Foundation

/// Runs programs as users do: the built `schematic`, or any other (Graphviz, gzip, ldd, swift).
public enum Executable {
    /// The built `schematic`: beside the test bundle, else in the debug build folder.
    public static let path: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("schematic").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return RepositoryPaths.root + "/.build/debug/schematic"
    }()

    /// Another executable built by the package (a product's name), beside `schematic`.
    public static func built(_ name: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// How a run ended and what it wrote.
    public struct Result: Sendable {
        public var status: Int32
        /// Standard output, as bytes.
        public var output: Data
        /// Standard error, as text.
        public var stderr: String
        /// Standard output, as text.
        public var stdout: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `schematic` with this text on standard input (closed after it).
    public static func run(_ arguments: [String], stdin: String? = nil, in directory: String? = nil) throws -> Result {
        try run(program: path, arguments, input: Data((stdin ?? "").utf8), in: directory)
    }

    /// Runs `schematic` with these bytes on standard input (closed after them).
    public static func run(_ arguments: [String], input: Data, in directory: String? = nil) throws -> Result {
        try run(program: path, arguments, input: input, in: directory)
    }

    /// Runs any program. Input is written, and standard error read, on threads of their own, so
    /// that a program that writes much before reading all its input cannot block the run.
    public static func run(program: String, _ arguments: [String], input: Data = Data(), in directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let standardInput = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = standardInput
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let writer = Thread {
            // A program that exits without reading all its input (a usage error) closes the
            // pipe: the write fails, as it may, instead of killing the test run with SIGPIPE.
            blockBrokenPipeSignalOnThisThread()
            if !input.isEmpty { try? standardInput.fileHandleForWriting.write(contentsOf: input) }
            try? standardInput.fileHandleForWriting.close()
        }
        writer.start()
        let errorText = ErrorText()
        let errorReader = Thread { errorText.set(error.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: out, stderr: errorText.wait())
    }
}

/// Writing to a pipe whose reader has gone fails with EPIPE instead of raising SIGPIPE, whose
/// default action ended the whole test process (a CI run under load: "exited with unexpected
/// signal code 13"). Blocked on the writing thread only: ignored process-wide, it would be
/// ignored in every program a test starts too, which must meet a broken pipe as users' do.
public func blockBrokenPipeSignalOnThisThread() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &set, nil)
}

/// Writes `data` on a thread of its own with SIGPIPE blocked (`blockBrokenPipeSignalOnThisThread`),
/// and waits for it: a reader that has gone makes the write fail, quietly.
public func writeIgnoringBrokenPipe(_ data: Data, to handle: FileHandle) {
    let done = DispatchSemaphore(value: 0)
    let writer = Thread {
        blockBrokenPipeSignalOnThisThread()
        try? handle.write(contentsOf: data)
        done.signal()
    }
    writer.start()
    done.wait()
}

/// Standard error, handed from its reading thread to the caller.
private final class ErrorText: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var text = ""
    func set(_ data: Data) {
        text = String(decoding: data, as: UTF8.self)
        done.signal()
    }
    func wait() -> String {
        done.wait()
        return text
    }
}
