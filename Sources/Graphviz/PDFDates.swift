#if canImport(Glibc)
import Glibc
#endif

/// Cairo stamps a PDF with the time it was made (`/CreationDate (D:20261127080354Z)`), so two
/// renders of the same drawing differ. The stamp is rewritten in place, same length (the cross-
/// reference offsets stay right), to `SOURCE_DATE_EPOCH` (the reproducible-builds convention)
/// or, without it, 1970-01-01.
enum PDFDates {
    static func fixed(_ pdf: [UInt8]) -> [UInt8] {
        var stamp = Array(date(epoch: sourceDateEpoch()).utf8)  // "D:YYYYMMDDHHmmSSZ"
        if stamp.count != 17 { stamp = Array(date(epoch: 0).utf8) }  // beyond year 9999: no such stamp
        var bytes = pdf
        for key in ["/CreationDate (", "/ModDate ("] {
            let pattern = Array(key.utf8)
            var index = 0
            while let start = find(pattern, in: bytes, from: index) {
                let valueStart = start + pattern.count
                guard let close = bytes[valueStart...].firstIndex(of: UInt8(ascii: ")")) else { break }
                // Only cairo's own UTC form is rewritten; any other keeps its bytes.
                if close - valueStart == stamp.count && bytes[valueStart..<close].starts(with: Array("D:".utf8)) {
                    bytes.replaceSubrange(valueStart..<close, with: stamp)
                }
                index = close
            }
        }
        return bytes
    }

    /// The time `SOURCE_DATE_EPOCH` names, if it is a number of seconds; else 0.
    private static func sourceDateEpoch() -> Int {
        guard let text = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }), let seconds = Int(text), seconds >= 0 else { return 0 }
        return seconds
    }

    /// A PDF date in UTC: `D:YYYYMMDDHHmmSSZ`.
    static func date(epoch: Int) -> String {
        var time = time_t(epoch), parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(Int(parts.tm_year) + 1900)
        return "D:" + String(repeating: "0", count: max(0, 4 - year.count)) + year + two(parts.tm_mon + 1) + two(parts.tm_mday)
            + two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec) + "Z"
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
