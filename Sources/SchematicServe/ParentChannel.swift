import Foundation

/// What `schematic serve` sends on standard input: frames of a header line `KIND LENGTH\n`
/// and LENGTH bytes, KIND being `page` (the HTML page), `drawing` or `status` (messages for
/// the pages, see `TransitionPages`). The stream ends when standard input closes, or at a
/// malformed header.
enum ParentChannel {
    struct Frame: Sendable {
        enum Kind: String, Sendable { case page, drawing, status }
        var kind: Kind
        var payload: Data
    }

    static func frames() -> AsyncStream<Frame> {
        let (stream, continuation) = AsyncStream<Frame>.makeStream(bufferingPolicy: .unbounded)
        let thread = Thread {
            var reader = BlockingReader(descriptor: 0)
            while let header = reader.line(), let frame = parse(header: header, reader: &reader) {
                continuation.yield(frame)
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }

    private static func parse(header: String, reader: inout BlockingReader) -> Frame? {
        let fields = header.split(separator: " ")
        guard fields.count == 2, let kind = Frame.Kind(rawValue: String(fields[0])), let length = Int(fields[1]), length >= 0,
              let payload = reader.bytes(length) else { return nil }
        return Frame(kind: kind, payload: payload)
    }
}

/// Reads a file descriptor in blocking calls, buffered.
struct BlockingReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    private mutating func fill() -> Bool {
        guard !ended else { return false }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                return false
            }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    /// The next line, without its newline.
    mutating func line() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// Exactly `count` bytes, or nil if the input ends first.
    mutating func bytes(_ count: Int) -> Data? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let data = Data(buffer[start..<start + count])
        start += count
        return data
    }
}
