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
}
