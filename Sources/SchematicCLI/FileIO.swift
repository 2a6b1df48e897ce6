import Schematic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading inputs and writing outputs atomically, with plain system calls (no Foundation, to
/// keep start-up short).
enum FileIO {
    struct Failure: Error {
        var message: String
        var isMissingInput = false
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
        var bytes: [UInt8] = []
        let fileSize = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        bytes.reserveCapacity(fileSize + 1)
        var chunk = [UInt8](repeating: 0, count: max(1 << 16, min(fileSize + 1, 1 << 26)))
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "\(path): read failed: \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    static func writeToStandardOutput(_ text: String) {
        var text = text
        text.withUTF8 { buffer in _ = writeAll(1, buffer) }
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

    /// A destination that only becomes visible when complete: a temporary file beside the
    /// target, renamed over it on `commit()`, removed on `abandon()`. `-` is standard output.
    final class AtomicOutput {
        let path: String
        private let descriptor: Int32
        private let temporaryPath: String?
        private(set) var failure: String?

        init(path: String) throws(Failure) {
            self.path = path
            if path == "-" {
                descriptor = 1
                temporaryPath = nil
                return
            }
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard made >= 0 else {
                throw Failure(message: "\(path): cannot create: \(String(cString: strerror(errno)))")
            }
            descriptor = made
            temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            fchmod(made, 0o644 & ~currentUmask())
        }

        func write(_ bytes: [UInt8]) {
            guard failure == nil else { return }
            let ok = bytes.withUnsafeBufferPointer { FileIO.writeAll(descriptor, $0) }
            if !ok { failure = "\(path): write failed: \(String(cString: strerror(errno)))" }
        }

        /// Makes the output visible; throws if any write failed (the temporary file is removed).
        func commit() throws(Failure) {
            guard let temporaryPath else {
                if let failure { throw Failure(message: failure) }
                return
            }
            close(descriptor)
            if let failure {
                unlink(temporaryPath)
                throw Failure(message: failure)
            }
            if rename(temporaryPath, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporaryPath)
                throw Failure(message: "\(path): cannot write: \(reason)")
            }
        }

        /// Removes the temporary file without touching the target.
        func abandon() {
            guard let temporaryPath else { return }
            close(descriptor)
            unlink(temporaryPath)
        }

        private func currentUmask() -> mode_t {
            let mask = umask(0)
            umask(mask)
            return mask
        }
    }
}
