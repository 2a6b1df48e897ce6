import ArgumentParser
import Schematic
#if canImport(Glibc)
import Glibc
#endif

/// The `schematic-serve` program beside this one, run as a child: it gets the page and the
/// messages on its standard input (`KIND LENGTH\n` and the bytes) and answers its address on
/// its standard output. It links the HTTP server, which `schematic` itself stays free of to
/// start fast. Closing its input stops it.
final class ServerProcess {
    enum Kind: String { case page, drawing, status }

    private let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var exited = false

    init(port: Int) throws {
        let helper = try helperProgram("schematic-serve", neededBy: "serve")
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw fail("schematic: cannot make a pipe", ExitStatus.unavailable) }
        // Only the child's ends may reach it; ours close on exec of anything else.
        _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addclose(&actions, toChild[0])
        posix_spawn_file_actions_addclose(&actions, fromChild[1])
        // The child starts with no signal blocked (the watcher blocks SIGINT and SIGTERM here).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let arguments = [helper, "--port", String(port)]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, helper, &actions, &attributes, &cArguments, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw fail("schematic: cannot run \(helper)", ExitStatus.unavailable)
        }
        // A server that went away must not kill this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    /// Sends one frame; a server that went away is noticed by `isRunning`.
    func send(_ kind: Kind, _ payload: [UInt8]) {
        guard input >= 0 else { return }
        let frame = Array("\(kind.rawValue) \(payload.count)\n".utf8) + payload
        _ = frame.withUnsafeBufferPointer { FileIO.writeAll(input, $0) }
    }

    /// The address the server listens on, once it does (within 20 s); its failure otherwise.
    func address() throws -> String {
        var line: [UInt8] = []
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let ready = poll(&descriptor, 1, 200)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            guard read(output, &byte, 1) == 1 else { break }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        // It printed why on standard error (shared with this process).
        let status = stop()
        throw CommandFailure(message: "schematic: the server did not start", code: ExitCode(status == 64 ? 64 : 69))
    }

    /// Whether the server still runs.
    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exited = true
            return false
        }
        return true
    }

    /// Stops the server (closing its input), waiting up to 3 s before killing it; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if input >= 0 {
            close(input)
            input = -1
        }
        guard !exited else { return 0 }
        exited = true
        var status: Int32 = 0
        for _ in 0..<300 {
            if waitpid(pid, &status, WNOHANG) == pid { return (status >> 8) & 0xFF }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return 128 + SIGKILL
    }

    deinit {
        stop()
        close(output)
    }
}
