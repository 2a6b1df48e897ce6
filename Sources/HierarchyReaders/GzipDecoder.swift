import CZlib

/// Decompresses gzip input (`.gz` files, or gzip on standard input), with zlib's inflate
/// (Debian's zlib1g), streaming into a growing buffer.
///
/// The decompressed size is capped at `defaultLimit` (1 GiB): deflate compresses up to about
/// 1,000:1, so a small "gzip bomb" could otherwise fill memory, and no hierarchy Schematic can
/// draw comes near that size (a million nodes is some 20 MB of text). Larger data can still be
/// decompressed first and read as a plain file.
public enum GzipDecoder {
    /// The largest decompressed size accepted by default: 1 GiB.
    public static let defaultLimit = 1 << 30

    /// Whether bytes start with gzip's magic number (1f 8b), as no text file can.
    public static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Decompresses every gzip member of `bytes` in turn (as `gzip -d` does with concatenated
    /// files); `file` names the input in errors. Damaged, truncated or trailing data, and data
    /// decompressing to more than `limit` bytes, are refused with `file: not valid gzip data: …`
    /// or `file: decompresses to more than …`.
    public static func decompress(_ bytes: [UInt8], file: String, limit: Int = defaultLimit) throws(ReadError) -> [UInt8] {
        func failure(_ message: String) -> ReadError {
            ReadError(file: file, line: 0, column: 0, message: message)
        }
        guard isCompressed(bytes) else { throw failure("not valid gzip data: no gzip header") }
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip (not zlib) header and trailer.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw failure("cannot decompress: zlib did not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(1 << 16, bytes.count * 4)))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var consumed = 0
        while true {
            // zlib counts in 32-bit integers: feed at most 1 GiB of input at a time.
            let available = min(bytes.count - consumed, 1 << 30)
            var status: Int32 = Z_OK
            var produced = 0
            bytes.withUnsafeBufferPointer { input in
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + consumed)
                    stream.avail_in = UInt32(available)
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    produced = out.count - Int(stream.avail_out)
                }
            }
            consumed += available - Int(stream.avail_in)
            if output.count + produced > limit {
                throw failure("decompresses to more than \(sizeText(limit)) (a gzip bomb?); decompress it first if it is real")
            }
            output.append(contentsOf: chunk[0..<produced])
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                guard consumed < bytes.count else { return output }
                // Another member may follow; anything else is refused rather than dropped.
                guard isCompressed(Array(bytes[consumed..<min(bytes.count, consumed + 2)])) else {
                    let extra = bytes.count - consumed
                    throw failure("not valid gzip data: \(extra) byte\(extra == 1 ? "" : "s") after the end of the compressed data")
                }
                inflateReset(&stream)
            case Z_BUF_ERROR where consumed == bytes.count && produced == 0:
                throw failure("not valid gzip data: unexpected end of data (truncated?)")
            case Z_BUF_ERROR:
                continue
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw failure("not valid gzip data: \(reason)")
            }
        }
    }

    private static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }
}
