#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// The offset of the line feed that ends the line starting at `start`, or the end of the
    /// bytes (by `memchr`: line ends are looked for on every line of the big inputs).
    func endOfLine(from start: Int) -> Int {
        guard start < count, let base = baseAddress,
              let found = memchr(base + start, 0x0A, count - start) else { return count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Calls `body` with each line's start and content end (`contentEnd`), blank lines left
    /// out, until it returns false; whether it never did.
    func forEachContentLine<Failure: Error>(_ body: (_ start: Int, _ contentEnd: Int) throws(Failure) -> Bool) throws(Failure) -> Bool {
        var start = 0
        while start < count {
            let end = endOfLine(from: start)
            let contentEnd = contentEnd(from: start, to: end)
            let lineStart = start
            start = end + 1
            if contentEnd > lineStart, try !body(lineStart, contentEnd) { return false }
        }
        return true
    }

    /// Where the content of the line from `start` to `end` ends: before trailing blanks and a
    /// carriage return.
    func contentEnd(from start: Int, to end: Int) -> Int {
        var contentEnd = end
        while contentEnd > start && (self[contentEnd - 1] == 0x20 || self[contentEnd - 1] == 0x09 || self[contentEnd - 1] == 0x0D) { contentEnd -= 1 }
        return contentEnd
    }
}
