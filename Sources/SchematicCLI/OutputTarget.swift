#if canImport(Glibc)
import Glibc
#endif

/// What writing to an output path means, decided before anything is written. Only a regular
/// file, or a name where nothing is yet, is replaced (through a temporary file renamed over it);
/// anything else at the path is written through, never replaced.
enum OutputTarget {
    /// A descriptor the process already has: `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`; written at its current offset, as a shell redirection intends.
    case descriptor(Int32)
    /// A character or block device or a FIFO: opened for writing (no truncation, no creation)
    /// and written in place, as `dot -o` does.
    case inPlace(String)
    /// A Unix domain socket: connected to and written.
    case socket(String)
    /// A regular file (`existing` is its status: its mode and owner are kept) or a name where
    /// nothing is yet (`existing` is nil): written to a temporary file beside it, then renamed.
    /// A symbolic link's final target is the path here, so the link stays a link.
    case replace(String, existing: stat?)
    /// A regular file with other hard links, or whose owner a new file could not be given:
    /// truncated and written in place when the first bytes come (a new file renamed over it
    /// would cut the links, or take it from its owner).
    case overwrite(String)

    /// Follows symbolic links (at most 40, as the kernel does) to what `path` names.
    static func resolve(_ path: String) throws(FileIO.Failure) -> OutputTarget {
        if path == "-" { return .descriptor(1) }
        var current = path
        for _ in 0..<40 {
            if let descriptor = openDescriptor(named: current) {
                guard fcntl(descriptor, F_GETFD) != -1 else {
                    throw FileIO.Failure(message: "\(path): cannot write: descriptor \(descriptor) is not open")
                }
                return .descriptor(descriptor)
            }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return .replace(current, existing: nil) }
                throw FileIO.Failure(message: "\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                // Replacing needs only the folder's permission: a file this process may not
                // write is refused, not replaced.
                guard access(current, W_OK) == 0 else {
                    throw FileIO.Failure(message: "\(path): cannot write: \(String(cString: strerror(errno)))")
                }
                if info.st_nlink > 1 || (geteuid() != 0 && info.st_uid != geteuid()) { return .overwrite(current) }
                return .replace(current, existing: info)
            case S_IFDIR:
                throw FileIO.Failure(message: "\(path): is a directory")
            case S_IFSOCK:
                return .socket(current)
            case S_IFLNK:
                // A link to a device or FIFO (also the kernel's /proc links to pipes, whose text
                // names no file) is opened through the link.
                var target = stat()
                if stat(current, &target) == 0, !([S_IFREG, S_IFDIR, S_IFSOCK] as [mode_t]).contains(target.st_mode & S_IFMT) {
                    return .inPlace(current)
                }
                guard let next = linkTarget(current) else {
                    throw FileIO.Failure(message: "\(path): cannot read link: \(String(cString: strerror(errno)))")
                }
                current = next
            default:
                return .inPlace(current)
            }
        }
        throw FileIO.Failure(message: "\(path): cannot write: too many levels of symbolic links")
    }

    /// A path with its links and `..` resolved, or nil where nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What file writing to `path` would write (links followed, a dangling one to where it
    /// points): its device and inode if it exists, else its absolute path; nil for what is not
    /// a file (a descriptor, device, FIFO or socket) or a path that cannot be written.
    static func fileIdentity(_ path: String) -> String? {
        guard let target = try? resolve(path) else { return nil }
        switch target {
        case .replace(let file, existing: nil):
            let slash = file.lastIndex(of: "/")
            let folder = slash.map { String(file[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
            let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
            guard let resolved = realPath(folder) else { return nil }
            return "path " + resolved + "/" + name
        case .replace(let file, existing: _), .overwrite(let file):
            return readIdentity(file)
        case .descriptor, .inPlace, .socket:
            return nil
        }
    }

    /// The identity `fileIdentity` gives the regular file that reading `path` reads (links,
    /// and descriptor paths such as `/dev/stdin`, followed), or nil for anything else.
    static func readIdentity(_ path: String) -> String? {
        var info = stat()
        // Standard input is the file it was redirected from, if any (`- < out.svg`).
        let found = path == "-" ? fstat(0, &info) : stat(path, &info)
        guard found == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return "file \(info.st_dev) \(info.st_ino)"
    }

    /// The descriptor a path names textually: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N` or `/proc/PID/fd/N` for this process.
    private static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            if !number.isEmpty, number.count < 10, number.allSatisfy(\.isASCIIDigit) { return Int32(number) }
        }
        return nil
    }

    /// Where a symbolic link points, relative targets taken from the link's directory.
    private static func linkTarget(_ link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let target = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        guard let slash = link.lastIndex(of: "/") else { return target }
        return String(link[...slash]) + target
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
