import Foundation
import Testing
import TestSupport

/// A process the test talks with while it runs (`serve`, `--watch`, the browser session), every
/// wait bounded: a read that times out fails the test instead of hanging it.
final class RunningProcess {
    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out waiting for \(what)" }
    }

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let error = Pipe()
    private var pending: [UInt8] = []
    private var errorBytes: [UInt8] = []

    init(_ executable: String, _ arguments: [String], in directory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    /// Runs `schematic` with these arguments.
    static func schematic(_ arguments: [String], in directory: String? = nil) throws -> RunningProcess {
        try RunningProcess(Executable.path, arguments, in: directory)
    }

    /// Bytes available on `descriptor` within `deadline`, or nil at its end.
    private static func read(_ descriptor: Int32, until deadline: ContinuousClock.Instant, what: String) throws -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline - .now
            guard left > .zero else { throw Timeout(what: what) }
            let milliseconds = Int32(min(1000, max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            if poll(&poller, 1, milliseconds) > 0 { break }
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(chunk[..<count]) : nil
    }

    /// The next line of standard output, within `seconds`.
    func line(within seconds: Double, what: String = "a line") throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            guard let more = try Self.read(output.fileHandleForReading.fileDescriptor, until: deadline, what: what) else {
                throw Timeout(what: what + " (the output ended)")
            }
            pending += more
        }
    }

    /// Standard error so far, reading what arrives within `seconds` until `condition` holds of it.
    @discardableResult
    func standardError(within seconds: Double, until condition: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition(String(decoding: errorBytes, as: UTF8.self)) {
            guard let more = try Self.read(error.fileHandleForReading.fileDescriptor, until: deadline, what: "standard error") else { break }
            errorBytes += more
        }
        return String(decoding: errorBytes, as: UTF8.self)
    }

    /// Writes a line to standard input.
    func send(_ line: String) {
        writeIgnoringBrokenPipe(Data((line + "\n").utf8), to: input.fileHandleForWriting)
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// The exit status, waiting up to `seconds` (then killing it and failing).
    func exitStatus(within seconds: Double) throws -> Int32 {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while process.isRunning {
            if ContinuousClock.now > deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw Timeout(what: "the process to exit")
            }
            usleep(10_000)
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A headless Chromium page, driven through tools/browser-session.py.
final class BrowserSession {
    static var isAvailable: Bool {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let session: RunningProcess

    init(url: String) throws {
        session = try RunningProcess("/usr/bin/env", ["python3", RepositoryPaths.root + "/tools/browser-session.py", url])
        _ = try session.line(within: 60, what: "Chromium to start")
    }

    struct Answer {
        var ok: Bool
        var value: Any?
        var elapsed: Double
        var error: String?
    }

    /// Evaluates `expression` once, or (with `until`) every 20 ms until it is truthy or `timeout` passes.
    func evaluate(_ expression: String, until: Bool = false, timeout: Double = 5) throws -> Answer {
        let command = try JSONSerialization.data(withJSONObject: ["eval": expression, "until": until, "timeout": timeout])
        session.send(String(decoding: command, as: UTF8.self))
        let line = try session.line(within: timeout + 20, what: "the browser's answer to \(expression)")
        let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        return Answer(ok: answer["ok"] as? Bool ?? false, value: answer["value"], elapsed: answer["elapsed"] as? Double ?? 0,
                      error: answer["error"] as? String)
    }

    /// Resizes the page's view to `width`×`height` CSS pixels, as a resized window would (the
    /// page's `resize` event fires).
    func resize(width: Int, height: Int) throws {
        let command = try JSONSerialization.data(withJSONObject: ["resize": [width, height]])
        session.send(String(decoding: command, as: UTF8.self))
        _ = try session.line(within: 20, what: "the browser to resize")
    }

    deinit {
        session.closeInput()
        _ = try? session.exitStatus(within: 10)
    }
}
