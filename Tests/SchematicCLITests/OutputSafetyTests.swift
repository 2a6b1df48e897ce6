import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `-o` never harms what is at the path; interrupted runs leave nothing; batches never collide;
/// Graphviz bitmaps are never empty; gzip input is read.
@Suite struct OutputSafetyTests {
    static let talk = RepositoryPaths.samples + "/talk.txt"
    static let talkSVG = RepositoryPaths.samples + "/talk.svg"

    func status(_ path: String, following: Bool = false) -> stat? {
        var info = stat()
        return (following ? stat(path, &info) : lstat(path, &info)) == 0 ? info : nil
    }

    func golden() throws -> Data { Data(try Golden.text(Self.talkSVG).utf8) }

    /// Leftover temporary files (`.NAME.XXXXXX`) in a directory.
    func temporaryFiles(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
    }

    /// (Linux encodes small device numbers as major << 8 | minor: /dev/null is 1, 3.)
    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func aDeviceIsWrittenInPlaceNeverReplaced() throws {
        let dir = try makeScratchDirectory("schematic-output")
        let device = dir + "/null"
        #expect(mknod(device, S_IFCHR | 0o666, 1 << 8 | 3) == 0)
        let result = try Executable.run(["render", Self.talk, "-o", device])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try #require(status(device))
        #expect(info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == 1 << 8 | 3)
        #expect(try temporaryFiles(in: dir).isEmpty)
    }

    @Test func theMachinesDevicesAndStreamsAreWrittenNotReplaced() throws {
        #expect(try Executable.run(["render", Self.talk, "-o", "/dev/null"]).status == 0)
        #expect(status("/dev/null").map { $0.st_mode & S_IFMT } == S_IFCHR)
        // A write error on a device fails the run.
        let full = try Executable.run(["render", Self.talk, "-o", "/dev/full"])
        #expect(full.status == 74 && full.stderr.contains("/dev/full: write failed"))
        #expect(status("/dev/full").map { $0.st_mode & S_IFMT } == S_IFCHR)
        let expected = String(decoding: try golden(), as: UTF8.self)
        let stdout = try Executable.run(["render", Self.talk, "-o", "/dev/stdout"])
        #expect(stdout.status == 0 && stdout.stdout == expected)
        let stderr = try Executable.run(["render", Self.talk, "-o", "/dev/stderr"])
        #expect(stderr.status == 0 && stderr.stderr == expected && stderr.stdout.isEmpty)
        for name in ["/dev/stdout", "/dev/stderr"] {
            #expect(status(name).map { $0.st_mode & S_IFMT } == S_IFLNK)
        }
    }

    /// Past the file-size limit (`ulimit -f`) the write fails as on a full disk: a message, exit
    /// 74, the output untouched and no temporary file left (SIGXFSZ killed the run mid-file).
    @Test func aFileSizeLimitFailsTheWriteCleanly() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try writeText("kept\n", to: dir + "/out.svg")
        let limited = try Executable.run(program: "/bin/sh",
                                         ["-c", "ulimit -f 1; exec \"$0\" render \"$1\" -o out.svg", Executable.path, Self.talk], in: dir)
        #expect(limited.status == 74 && limited.stderr.contains("out.svg: write failed: File too large"), "\(limited.status) \(limited.stderr)")
        #expect(try String(contentsOfFile: dir + "/out.svg", encoding: .utf8) == "kept\n")
        #expect(try temporaryFiles(in: dir).isEmpty)
        // Written through a device (no temporary file), the same.
        let device = try Executable.run(program: "/bin/sh",
                                        ["-c", "ulimit -f 1; exec \"$0\" render \"$1\" -o /dev/stdout > big.svg", Executable.path, Self.talk], in: dir)
        #expect(device.status == 74 && device.stderr.contains("write failed: File too large"), "\(device.status) \(device.stderr)")
    }

    /// Whatever the FIFO is called: a name that is no format's (`my.fifo`) gets the default SVG.
    @Test(arguments: ["pipe.svg", "my.fifo", "pipe"])
    func aFIFOsReaderGetsTheWholeDrawing(name: String) throws {
        let dir = try makeScratchDirectory("schematic-output")
        let fifo = dir + "/" + name
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = Received()
        let reader = Thread {
            received.data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            received.done.signal()
        }
        reader.start()
        let result = try Executable.run(["render", Self.talk, "-o", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(received.done.wait(timeout: .now() + 30) == .success)
        #expect(received.data == (try golden()))
        #expect(status(fifo).map { $0.st_mode & S_IFMT } == S_IFIFO)
        #expect(try temporaryFiles(in: dir).isEmpty)
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "old".write(toFile: dir + "/target.svg", atomically: false, encoding: .utf8)
        chmod(dir + "/target.svg", 0o640)
        try FileManager.default.createDirectory(atPath: dir + "/links", withIntermediateDirectories: true)
        #expect(symlink("../target.svg", dir + "/links/drawing.svg") == 0)
        let result = try Executable.run(["render", Self.talk, "-o", "links/drawing.svg"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(status(dir + "/links/drawing.svg").map { $0.st_mode & S_IFMT } == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/target.svg")) == (try golden()))
        #expect(status(dir + "/target.svg").map { $0.st_mode & 0o7777 } == 0o640, "the target's mode is kept")
        #expect(try temporaryFiles(in: dir).isEmpty && (try temporaryFiles(in: dir + "/links")).isEmpty)
    }

    @Test func aDanglingLinksTargetIsCreated() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(symlink("sub/new.svg", dir + "/drawing.svg") == 0)
        let result = try Executable.run(["render", Self.talk, "-o", "drawing.svg"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(status(dir + "/drawing.svg").map { $0.st_mode & S_IFMT } == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/sub/new.svg")) == (try golden()))
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "old".write(toFile: dir + "/private.svg", atomically: false, encoding: .utf8)
        chmod(dir + "/private.svg", 0o600)
        let result = try Executable.run(["render", Self.talk, "-o", "private.svg"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(status(dir + "/private.svg").map { $0.st_mode & 0o7777 } == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/private.svg")) == (try golden()))
    }

    /// A new file renamed over a hard-linked one would cut the link: it is written through.
    @Test func aHardLinkedFileIsWrittenThroughNotCutOff() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "old".write(toFile: dir + "/a.svg", atomically: false, encoding: .utf8)
        #expect(link(dir + "/a.svg", dir + "/b.svg") == 0)
        let result = try Executable.run(["render", Self.talk, "-o", "a.svg"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(status(dir + "/a.svg")?.st_ino == status(dir + "/b.svg")?.st_ino)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/b.svg")) == (try golden()))
        #expect(try temporaryFiles(in: dir).isEmpty)
    }

    /// Renaming over a file needs only its folder's permission: a file the user may not write
    /// (another's, in a folder anyone may write) is refused, not replaced and taken over.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"), "needs root and runuser"))
    func aFileTheUserMayNotWriteIsRefusedNotReplaced() throws {
        let dir = try makeScratchDirectory("schematic-output")
        chmod(dir, 0o777)
        let file = dir + "/theirs.svg"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o644)
        let result = try Executable.run(program: "/usr/sbin/runuser", ["-u", "nobody", "--", Executable.path, "render", Self.talk, "-o", file])
        #expect(result.status != 0 && result.stderr.contains("theirs.svg: cannot write: Permission denied"), "\(result.status) \(result.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
        #expect(status(file)?.st_uid == 0)
        #expect(try temporaryFiles(in: dir).isEmpty)
    }

    @Test func descriptorsByNameAreWrittenNotReplaced() throws {
        let expected = String(decoding: try golden(), as: UTF8.self)
        let dir = try makeScratchDirectory("schematic-output")
        let fd = try Executable.run(["render", Self.talk, "-o", "/dev/fd/1"], in: dir)
        #expect(fd.status == 0 && fd.stdout == expected)
        // A link of the user's to standard output.
        #expect(symlink("/proc/self/fd/1", dir + "/out.svg") == 0)
        let linked = try Executable.run(["render", Self.talk, "-o", "out.svg"], in: dir)
        #expect(linked.status == 0 && linked.stdout == expected)
        #expect(status(dir + "/out.svg").map { $0.st_mode & S_IFMT } == S_IFLNK)
    }

    @Test func anOutputThatIsTheInputIsRefusedThroughLinks() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "Root\n  Child\n".write(toFile: dir + "/tree.txt", atomically: false, encoding: .utf8)
        #expect(symlink("tree.txt", dir + "/soft.svg") == 0)
        #expect(link(dir + "/tree.txt", dir + "/hard.svg") == 0)
        for output in ["soft.svg", "hard.svg"] {
            let result = try Executable.run(["render", "tree.txt", "-o", output], in: dir)
            #expect(result.status == 64 && result.stderr.contains("would overwrite its input tree.txt"), "\(output): \(result.stderr)")
        }
        #expect(try String(contentsOfFile: dir + "/tree.txt", encoding: .utf8) == "Root\n  Child\n")
    }

    /// An input read through a descriptor path is the file the shell redirected from.
    @Test(arguments: ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
    func anOutputThatIsTheRedirectedInputIsRefused(input: String) throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "Root\n  Child\n".write(toFile: dir + "/tree.txt", atomically: false, encoding: .utf8)
        let result = try Executable.run(program: "/bin/sh", ["-c", "exec \"$0\" render \(input) --format svg -o tree.txt < tree.txt", Executable.path],
                                        in: dir)
        #expect(result.status == 64 && result.stderr.contains("would overwrite its input"), "\(result.stderr)")
        #expect(try String(contentsOfFile: dir + "/tree.txt", encoding: .utf8) == "Root\n  Child\n")
    }

    /// Standard input (`-`) redirected from the output file is that file too, for every command.
    @Test(arguments: [["render", "-", "--format", "svg", "-o", "tree.txt"], ["markdown", "-", "-o", "tree.txt"],
                      ["compare", "-", "-o", "tree.txt"], ["diff", "-", "other.txt", "--from", "outline", "-o", "tree.json"]])
    func anOutputThatIsStandardInputsFileIsRefused(arguments: [String]) throws {
        let dir = try makeScratchDirectory("schematic-output"), file = arguments.last!
        try "Root\n  Child\n".write(toFile: dir + "/" + file, atomically: false, encoding: .utf8)
        try "Root\n".write(toFile: dir + "/other.txt", atomically: false, encoding: .utf8)
        let command = "exec \"$0\" " + arguments.joined(separator: " ") + " < " + file
        let result = try Executable.run(program: "/bin/sh", ["-c", command, Executable.path], in: dir)
        #expect(result.status == 64 && result.stderr.contains("\(file): would overwrite its input (standard input)"), "\(result.stderr)")
        #expect(try String(contentsOfFile: dir + "/" + file, encoding: .utf8) == "Root\n  Child\n")
    }

    /// The make rules never go over a drawing: a folder's output by name, or one through a link.
    @Test func aDepsFileThatIsADrawingIsRefused() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "Root\n  Child\n".write(toFile: dir + "/in.txt", atomically: false, encoding: .utf8)
        try "Root\n".write(toFile: dir + "/two.txt", atomically: false, encoding: .utf8)
        let folder = try Executable.run(["in.txt", "two.txt", "-o", "b/", "--deps-file", "b/in.svg"], in: dir)
        #expect(folder.status == 64 && folder.stderr.contains("--deps-file names the file the drawing writes (b/in.svg)"), "\(folder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/b/in.svg"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/s.d", withDestinationPath: "s.svg")
        let linked = try Executable.run(["in.txt", "-o", "s.svg", "--deps-file", "s.d"], in: dir)
        #expect(linked.status == 64 && linked.stderr.contains("(s.svg)"), "\(linked.stderr)")
        #expect(try Executable.run(["in.txt", "-o", "h.svg"], in: dir).status == 0)
        try FileManager.default.linkItem(atPath: dir + "/h.svg", toPath: dir + "/h.d")
        let before = try String(contentsOfFile: dir + "/h.svg", encoding: .utf8)
        let hard = try Executable.run(["in.txt", "-o", "h.svg", "--deps-file", "h.d"], in: dir)
        let after = try String(contentsOfFile: dir + "/h.svg", encoding: .utf8)
        #expect(hard.status == 64 && after == before, "\(hard.stderr)")
        // Rules that cannot be written: nothing is (make would take the drawing for up to date).
        let missing = try Executable.run(["in.txt", "-o", "e.svg", "--deps-file", "nodir/e.d"], in: dir)
        #expect(missing.status == 73 && missing.stderr.contains("nodir/e.d: cannot create: no folder nodir"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/e.svg"))
    }

    /// A failed run leaves no output folder it made, and a Graphviz format is a name, never a path.
    @Test func aFailedRunLeavesNoFolderAndFormatsAreNoPaths() throws {
        let dir = try makeScratchDirectory("schematic-output")
        let missing = try Executable.run(["missing.txt", "-o", "made/"], in: dir)
        #expect(missing.status == 66 && !FileManager.default.fileExists(atPath: dir + "/made"))
        try "Root\n".write(toFile: dir + "/in.txt", atomically: false, encoding: .utf8)
        let path = try Executable.run(["in.txt", "-T", "gv:png/x", "-o", "gd/"], in: dir)
        #expect(path.status == 64 && !FileManager.default.fileExists(atPath: dir + "/gd"), "\(path.stderr)")
    }

    /// A Markdown page written where one of its drawings goes would link to itself.
    @Test func aMarkdownOutputThatIsADrawingIsRefused() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try "# Doc\n\n```schematic\nRoot\n  A\n```\n".write(toFile: dir + "/doc.md", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
        let result = try Executable.run(["markdown", "doc.md", "-o", "a/doc-1.svg", "--assets", "a"], in: dir)
        #expect(result.status == 64 && result.stderr.contains("-o names the file a drawing is written to (a/doc-1.svg)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/a").isEmpty)
    }

    /// A chain long enough that writing its SVG takes a while (in a debug build, seconds).
    static let longChain: String = {
        let path = ((try? makeScratchDirectory("schematic-output-chain")) ?? NSTemporaryDirectory()) + "/chain-300000.csv"
        var text = "id,parent\nn0,\n"
        for index in 1..<300_000 { text += "n\(index),n\(index - 1)\n" }
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    /// Starts the executable as a shell would, with every signal's default action and none
    /// blocked (test runners may ignore some, and ignored signals stay ignored in children).
    func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([Executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, Executable.path, &actions, &attributes, argv, environ)
        try #require(started == 0)
        return pid
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGPIPE])
    func anInterruptedRunLeavesNoTemporaryFile(signal: Int32) throws {
        let dir = try makeScratchDirectory("schematic-output")
        let pid = try spawn(["render", Self.longChain, "-o", dir + "/big.svg", "--sizing", "fixed"])
        // Wait for the temporary file, then interrupt.
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(120)
        var ended = false
        while try temporaryFiles(in: dir).isEmpty, Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { ended = true; break }
            usleep(2_000)
        }
        try #require(!ended, "the run ended before writing")
        kill(pid, signal)
        waitpid(pid, &status, 0)
        // Ended by the signal itself (WIFSIGNALED, WTERMSIG), so shells report 128 + signal.
        #expect(status & 0x7F == signal, "status \(status)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
        if signal == SIGPIPE { try brokenPipeEndsTheRunQuietly() }
    }

    /// Standard output is a pipe its reader closes early: the run ends by SIGPIPE, silently.
    func brokenPipeEndsTheRunQuietly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executable.path)
        // --quiet: the chain is long enough for the size warning; only errors must stay away.
        process.arguments = ["render", Self.longChain, "--sizing", "fixed", "--quiet"]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        _ = output.fileHandleForReading.readData(ofLength: 100)
        try output.fileHandleForReading.close()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
        #expect(message.isEmpty)
    }

    @Test func batchOutputsThatCollideAreRefusedBeforeWriting() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
        for path in ["a/x.txt", "b/x.txt", "x.txt"] { try "Root\n  Child\n".write(toFile: dir + "/" + path, atomically: false, encoding: .utf8) }
        try #"{"name": "Root"}"#.write(toFile: dir + "/x.json", atomically: false, encoding: .utf8)
        let sameName = try Executable.run(["render", "a/x.txt", "b/x.txt", "-o", "out/"], in: dir)
        #expect(sameName.status == 64)
        #expect(sameName.stderr.contains("a/x.txt and b/x.txt would both be written to out/x.svg"), "\(sameName.stderr)")
        let sameStem = try Executable.run(["render", "x.txt", "x.json", "-o", "out/"], in: dir)
        #expect(sameStem.status == 64 && sameStem.stderr.contains("x.txt and x.json would both be written to out/x.svg"))
        let sameExtension = try Executable.run(["render", "x.txt", "--format", "svg", "--format", "gv:svg", "-o", "out/"], in: dir)
        #expect(sameExtension.status == 64 && sameExtension.stderr.contains("x.txt (svg) and x.txt (gv:svg)"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "nothing written, not even the directory")
    }

    /// Two outputs whose names are links to one file (hard or symbolic): the second drawing
    /// would replace the first in it.
    @Test func batchOutputsLinkedToOneFileAreRefusedBeforeWriting() throws {
        let dir = try makeScratchDirectory("schematic-output")
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try "Root\n  \(name)\n".write(toFile: dir + "/\(name).txt", atomically: false, encoding: .utf8) }
        try "kept".write(toFile: dir + "/out/a.svg", atomically: false, encoding: .utf8)
        #expect(link(dir + "/out/a.svg", dir + "/out/b.svg") == 0)
        let hard = try Executable.run(["render", "a.txt", "b.txt", "-o", "out/"], in: dir)
        #expect(hard.status == 64 && hard.stderr.contains("a.txt and b.txt would both be written to one file, through links (out/a.svg and out/b.svg)"), "\(hard.stderr)")
        #expect(try String(contentsOfFile: dir + "/out/a.svg", encoding: .utf8) == "kept")
        #expect(symlink("a.svg", dir + "/out/c.svg") == 0)
        let symbolic = try Executable.run(["render", "a.txt", "c.txt", "-o", "out/"], in: dir)
        #expect(symbolic.status == 64 && symbolic.stderr.contains("through links"), "\(symbolic.stderr)")
        #expect(try String(contentsOfFile: dir + "/out/a.svg", encoding: .utf8) == "kept", "nothing written")
        // Links to one file that is not there yet.
        #expect(symlink("../x.svg", dir + "/out/d.svg") == 0 && symlink("../x.svg", dir + "/out/e.svg") == 0)
        for name in ["d", "e"] { try "Root\n  \(name)\n".write(toFile: dir + "/\(name).txt", atomically: false, encoding: .utf8) }
        let dangling = try Executable.run(["render", "d.txt", "e.txt", "-o", "out/"], in: dir)
        #expect(dangling.status == 64 && dangling.stderr.contains("through links (out/d.svg and out/e.svg)"), "\(dangling.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.svg"), "nothing written")
        // Names of different files are drawn as ever.
        try FileManager.default.removeItem(atPath: dir + "/out/b.svg")
        #expect(try Executable.run(["render", "a.txt", "b.txt", "-o", "out/"], in: dir).status == 0)
    }

    /// A chain of `count` nodes as CSV.
    func chain(_ count: Int, in dir: String) throws -> String {
        var text = "id,parent\nn0,\n"
        for index in 1..<count { text += "n\(index),n\(index - 1)\n" }
        let path = dir + "/chain-\(count).csv"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func pngSize(_ data: Data) -> (width: Int, height: Int) {
        let bytes = [UInt8](data)
        return (bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, bytes[20..<24].reduce(0) { $0 << 8 | Int($1) })
    }

    @Test func aDrawingTooLargeForCairoIsScaledOrRefusedNeverEmpty() throws {
        let dir = try makeScratchDirectory("schematic-output")
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // 1,000 nodes: about 107,000 px wide, scaled to fit with a warning.
        let scaled = try Executable.run(["render", try chain(1_000, in: dir), "-o", "scaled.png"], in: dir)
        #expect(scaled.status == 0 && scaled.stderr.contains("warning: scaled.png: the drawing (107042 × 65 px) is larger than bitmaps allow (32,000 px a side)"),
                "\(scaled.stderr)")
        let image = try Data(contentsOf: URL(fileURLWithPath: dir + "/scaled.png"))
        #expect(image.starts(with: pngSignature))
        let size = pngSize(image)
        #expect(size.width <= 32_767 && size.width > 30_000 && size.height > 0)
        // 20,000 nodes: scaled to fit it would be under 1/16, refused with a message and no file.
        let refused = try Executable.run(["render", try chain(20_000, in: dir), "-o", "refused.png"], in: dir)
        #expect(refused.status == 69 && refused.stderr.contains("too large for PNG"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/refused.png"))
        // 80,000 nodes: over 10,000,000 pt, past what cairo draws in a PDF (it aborts).
        let page = try Executable.run(["render", try chain(80_000, in: dir), "-o", "refused.pdf", "--sizing", "fixed"], in: dir)
        #expect(page.status == 69 && page.stderr.contains("too large for PDF"), "\(page.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/refused.pdf"))
        #expect(try temporaryFiles(in: dir).isEmpty)
    }

    /// A star of 1,000,000 children to PNG and to Graphviz's SVG: no crash (Graphviz's stack
    /// overflowed). Slow in a debug build: set SCHEMATIC_SLOW_TESTS=1 (`make scale-check` runs it
    /// with the release binary).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCHEMATIC_SLOW_TESTS"] != nil))
    func aMillionChildStarDoesNotCrashGraphviz() throws {
        let dir = try makeScratchDirectory("schematic-output")
        var text = "root\n"
        for index in 0..<1_000_000 { text += "  c\(index)\n" }
        try text.write(toFile: dir + "/star.txt", atomically: false, encoding: .utf8)
        let png = try Executable.run(["render", "star.txt", "-o", "star.png", "--sizing", "fixed"], in: dir)
        #expect(png.status == 69 && png.stderr.contains("too large for PNG"), "\(png.stderr)")
        let svg = try Executable.run(["render", "star.txt", "--format", "gv:svg", "-o", "star.svg", "--sizing", "fixed"], in: dir)
        #expect(svg.status == 0, "\(svg.stderr)")
    }


    @Test func gzipInputIsReadTransparently() throws {
        let dir = try makeScratchDirectory("schematic-output")
        let expected = try Executable.run(["render", "-", "--format", "json"], stdin: "Root\n  Child\n").stdout
        // The format from the extension before .gz, else sniffed; gzip on standard input.
        try writeGzipped(#"{"name": "Root", "children": [{"name": "Child"}]}"#, to: dir + "/tree.json.gz")
        try writeGzipped("digraph { Root -> Child }", to: dir + "/tree.gv.gz")
        try writeGzipped("Root\n  Child\n", to: dir + "/tree.gz")
        for name in ["tree.json.gz", "tree.gv.gz", "tree.gz"] {
            let result = try Executable.run(["render", name, "--format", "json"], in: dir)
            #expect(result.status == 0 && result.stdout == expected, "\(name): \(result.stderr)")
        }
        let piped = try Executable.run(["render", "-", "--format", "json"], input: try Data(contentsOf: URL(fileURLWithPath: dir + "/tree.gz")))
        #expect(piped.status == 0 && piped.stdout == expected, "\(piped.stderr)")
        // Debian's example graphs.
        let example = "/usr/share/doc/graphviz/examples/graphs/directed/crazy.gv.gz"
        if FileManager.default.fileExists(atPath: example) {
            let result = try Executable.run(["render", example, "--extra-parents", "drop", "-o", "crazy.svg"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        // Truncated and corrupt data, and a .gz file that is not gzip.
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/tree.json.gz"))
        try whole.prefix(whole.count - 6).write(to: URL(fileURLWithPath: dir + "/truncated.json.gz"))
        var corrupt = whole
        corrupt[corrupt.count - 7] ^= 0xFF
        try corrupt.write(to: URL(fileURLWithPath: dir + "/corrupt.json.gz"))
        try "Root\n".write(toFile: dir + "/plain.txt.gz", atomically: false, encoding: .utf8)
        for name in ["truncated.json.gz", "corrupt.json.gz", "plain.txt.gz"] {
            let result = try Executable.run(["render", name, "-o", "out.svg"], in: dir)
            #expect(result.status == 65 && result.stderr.hasPrefix("\(name): not valid gzip data: "), "\(name): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.svg"))
    }
}

/// What the FIFO's reader thread received.
private final class Received: @unchecked Sendable {
    var data: Data?
    let done = DispatchSemaphore(value: 0)
}
