import Schematic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading inputs and writing outputs safely, with plain system calls (no Foundation, to
/// keep start-up short).
enum FileIO {
    struct Failure: Error {
        var message: String
        var isMissingInput = false
        /// Input that cannot be text (a NUL byte): a data error, not an I/O one.
        var isNotText = false
    }

    /// Reads a whole file, or standard input for `-`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Failure(message: "\(path): cannot open: \(reason)", isMissingInput: true)
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(message: "\(path): is a directory", isMissingInput: true)
        }
        let fileSize = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        // A regular file is read straight into its array (no zeroed buffer, no copy); one more
        // byte than its size shows whether it ended there. What is left (a file that grew,
        // standard input, a pipe) is read in chunks.
        var failure: Int32? = nil
        var reachedEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: fileSize + 1) { buffer, initialized in
            while initialized < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count == 0 { reachedEnd = true; return }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                initialized += count
            }
        }
        if let failure { throw Failure(message: "\(path): read failed: \(String(cString: strerror(failure)))") }
        if reachedEnd { return bytes }
        /// No reader takes a NUL byte: a stream of them (`/dev/zero`, binary data on a pipe) is
        /// refused at once, not read on until memory runs out.
        func refuseNUL(at nul: Int) -> Failure {
            let line = bytes[..<nul].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let column = nul - (bytes[..<nul].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return Failure(message: "\(path == "-" ? "<stdin>" : path):\(line):\(column): NUL byte: not text", isNotText: true)
        }
        if let nul = bytes.firstIndex(of: 0) { throw refuseNUL(at: nul) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "\(path): read failed: \(String(cString: strerror(errno)))")
            }
            let start = bytes.count
            bytes.append(contentsOf: chunk[0..<count])
            // (Gzip data, decompressed later, has NUL bytes of its own.)
            if !bytes.starts(with: [0x1F, 0x8B]), let nul = bytes[start...].firstIndex(of: 0) { throw refuseNUL(at: nul) }
        }
        return bytes
    }

    static func writeToStandardOutput(_ text: String) {
        var text = text
        text.withUTF8 { buffer in _ = writeAll(1, buffer) }
    }

    static func writeToStandardOutput(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in _ = writeAll(1, buffer) }
    }

    /// Prints one message line on standard error, its control characters escaped: messages
    /// quote input, and input must not drive the terminal.
    static func writeMessage(_ line: String) {
        writeToStandardError(line.escapingControlCharacters + "\n")
    }

    static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in _ = writeAll(2, buffer) }
    }

    @discardableResult
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Whether something other than a regular file or directory is at the path (a FIFO, a
    /// device, a socket; symlinks followed): its name says nothing of a format.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Where one output goes (see `OutputTarget`). A regular file only appears complete: the
    /// bytes go to a temporary file beside it, renamed over it by `commit()` and removed by
    /// `abandon()` or by an interrupting signal. A file with other hard links, or another owner
    /// (`OutputTarget.overwrite`), is kept: the finished temporary file is copied into it by
    /// `commit()` (only a failure while copying leaves it part written). A device, FIFO, socket
    /// or open descriptor is written in place, opened only when the first bytes come, so a
    /// failure before them leaves it untouched.
    final class Output {
        let path: String
        private let target: OutputTarget
        private var descriptor: Int32 = -1
        private var temporary: (path: String, registration: TemporaryFiles.Registration)?
        private(set) var failure: String?

        init(path: String) throws(Failure) {
            self.path = path
            target = try OutputTarget.resolve(path)
            switch target {
            case .descriptor(let number):
                descriptor = number
            case .inPlace(let file), .socket(let file):
                guard access(file, W_OK) == 0 else { throw Failure(message: "\(path): cannot write: \(String(cString: strerror(errno)))") }
            case .overwrite(let file):
                // (Where no file can be made beside it, it is written in place as it comes.)
                try? createTemporary(beside: file, replacing: nil)
            case .replace(let file, let existing):
                try createTemporary(beside: file, replacing: existing)
            }
        }

        /// A new file `.NAME.XXXXXX` in the target's directory, registered before it exists.
        private func createTemporary(beside file: String, replacing existing: stat?) throws(Failure) {
            let slash = file.lastIndex(of: "/")
            let directory = slash.map { String(file[..<$0]) } ?? "."
            let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            for _ in 0..<100 {
                let suffix = String((0..<6).map { _ in letters.randomElement()! })
                let candidate = "\(directory.isEmpty ? "" : directory)/.\(name).\(suffix)"
                let registration = TemporaryFiles.register(candidate)
                // A new file gets the usual 0666 less the umask (applied by open); a replaced
                // one its predecessor's owner and mode, set below (fchmod ignores the umask).
                let made = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o666 : 0o600)
                if made >= 0 {
                    descriptor = made
                    temporary = (candidate, registration)
                    if let existing {
                        _ = fchown(made, existing.st_uid, existing.st_gid)
                        _ = fchmod(made, existing.st_mode & 0o7777)
                    }
                    return
                }
                let reason = errno
                TemporaryFiles.release(registration)
                if reason != EEXIST {
                    let folder = directory.isEmpty ? "/" : directory
                    // The file is replaced by a new one beside it: say where that failed.
                    let why = String(cString: strerror(reason))
                    let message = reason == ENOENT && !DirectoryReader.isDirectory(folder) ? "cannot create: no folder \(folder)"
                        : "\(existing != nil ? "cannot replace it" : "cannot create"): no file can be made in \(folder) (\(why))"
                    throw Failure(message: "\(path): \(message)")
                }
            }
            throw Failure(message: "\(path): cannot create a temporary file beside it")
        }

        func write(_ bytes: [UInt8]) {
            guard failure == nil else { return }
            guard descriptor >= 0 || openInPlace() else { return }
            let ok = bytes.withUnsafeBufferPointer { FileIO.writeAll(descriptor, $0) }
            if !ok { failure = "\(path): write failed: \(String(cString: strerror(errno)))" }
        }

        /// Opens a device or FIFO for writing (without O_TRUNC or O_CREAT), a file written in
        /// place (truncated), or connects to a socket.
        private func openInPlace() -> Bool {
            switch target {
            case .inPlace(let file), .overwrite(let file):
                let truncates: Int32 = if case .overwrite = target { O_TRUNC } else { 0 }
                while true {
                    descriptor = open(file, O_WRONLY | O_NOCTTY | O_CLOEXEC | truncates)
                    if descriptor >= 0 || errno != EINTR { break }
                }
            case .socket(let file):
                descriptor = FileIO.connect(toSocket: file)
            case .descriptor, .replace:
                break
            }
            if descriptor < 0 { failure = "\(path): cannot open: \(String(cString: strerror(errno)))" }
            return descriptor >= 0
        }

        /// Makes the output complete; throws if any write failed (a temporary file is removed).
        func commit() throws(Failure) {
            switch target {
            case .descriptor:
                break
            case .overwrite(let file) where temporary != nil:
                let staged = temporary!
                if close(descriptor) != 0 && failure == nil {
                    failure = "\(path): write failed: \(String(cString: strerror(errno)))"
                }
                if failure == nil { copy(staged.path, into: file) }
                unlink(staged.path)
                TemporaryFiles.release(staged.registration)
                self.temporary = nil
            case .inPlace, .socket, .overwrite:
                // Nothing written yet still opens it, so a FIFO's reader sees the (empty) end.
                if descriptor < 0 && failure == nil { _ = openInPlace() }
                if descriptor >= 0 && close(descriptor) != 0 && failure == nil {
                    failure = "\(path): write failed: \(String(cString: strerror(errno)))"
                }
            case .replace(let file, _):
                guard let temporary else { break }
                if close(descriptor) != 0 && failure == nil {
                    failure = "\(path): write failed: \(String(cString: strerror(errno)))"
                }
                if failure == nil && rename(temporary.path, file) != 0 {
                    failure = "\(path): cannot write: \(String(cString: strerror(errno)))"
                }
                if failure != nil { unlink(temporary.path) }
                TemporaryFiles.release(temporary.registration)
                self.temporary = nil
            }
            if let failure { throw Failure(message: failure) }
        }

        /// Copies a finished temporary file into the file `OutputTarget.overwrite` keeps
        /// (truncated first), setting `failure` if that fails.
        private func copy(_ staged: String, into file: String) {
            let source = open(staged, O_RDONLY | O_CLOEXEC)
            var destination: Int32 = -1
            while source >= 0 {
                destination = open(file, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
                if destination >= 0 || errno != EINTR { break }
            }
            guard source >= 0, destination >= 0 else {
                failure = "\(path): cannot open: \(String(cString: strerror(errno)))"
                if source >= 0 { close(source) }
                return
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while failure == nil {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = "\(path): write failed: \(String(cString: strerror(errno)))"
                } else if !chunk.withUnsafeBufferPointer({ FileIO.writeAll(destination, UnsafeBufferPointer(rebasing: $0[0..<count])) }) {
                    failure = "\(path): write failed: \(String(cString: strerror(errno)))"
                }
            }
            close(source)
            if close(destination) != 0 && failure == nil { failure = "\(path): write failed: \(String(cString: strerror(errno)))" }
        }

        /// Removes the temporary file without touching the target.
        func abandon() {
            switch target {
            case .descriptor:
                break
            case .overwrite where temporary != nil, .replace:
                guard let temporary else { return }
                close(descriptor)
                unlink(temporary.path)
                TemporaryFiles.release(temporary.registration)
                self.temporary = nil
            case .inPlace, .socket, .overwrite:
                if descriptor >= 0 { close(descriptor) }
            }
        }
    }

    /// A stream connection to a Unix domain socket, or -1 with errno set.
    static func connect(toSocket path: String) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            errno = ENAMETOOLONG
            return -1
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = errno
            close(descriptor)
            errno = reason
            return -1
        }
        return descriptor
    }
}
