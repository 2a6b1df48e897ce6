/// One entry of `ls -l`'s long format, as `ls -lR` prints it into a pipe or file:
///
///     drwxr-xr-x 2 root root 4096 Jun 24  2025 DualCodecs
///     -rw-r--r-- 1 root root 5990 Oct 24 12:01 HiFi-analog.conf
///     lrwxrwxrwx 1 root root    7 2024-01-02 10:00 lib -> usr/lib      (--time-style=long-iso)
///
/// The mode's first letter tells the kind, the field before the date the size (a device's
/// `major, minor`), and the name is what follows the date and one blank; a link's ` -> ` parts
/// its target.
struct LongListingLine {
    /// The mode's first letter: `-` a file, `d` a folder, `l` a link, `c`/`b` a device, `p` a FIFO, `s` a socket.
    let kind: Character
    let size: Substring
    let name: Substring
    let target: Substring?

    /// The entry of `line`, or nil where it is not one.
    init?(_ line: Substring) {
        // The fields before the name, each with where it ends.
        var fields: [(text: Substring, end: Substring.Index)] = []
        var index = line.startIndex
        var dateEnd: Substring.Index?
        while index < line.endIndex && fields.count < 12 {
            while index < line.endIndex && line[index] == " " { index = line.index(after: index) }
            let start = index
            while index < line.endIndex && line[index] != " " { index = line.index(after: index) }
            guard start < index else { break }
            fields.append((line[start..<index], index))
            if fields.count == 1 {
                guard Self.isMode(fields[0].text) else { return nil }
                continue
            }
            // A date after the mode, links, owner and size at least: `Mon DD HH:MM|YYYY`, or ISO's
            // `YYYY-MM-DD HH:MM[:SS.nnn] [+zone]`.
            let count = fields.count
            // (Or the day first, as French and German write it: `24 oct.  12:01`, `24. Okt 12:01`.)
            if count >= 6, Self.isTimeOrYear(fields[count - 1].text),
               (Self.isDay(fields[count - 2].text) && Self.isMonth(fields[count - 3].text))
                || (Self.isMonth(fields[count - 2].text) && Self.isDay(fields[count - 3].text)) {
                dateEnd = index
                fields.removeLast(3)
                break
            }
            if count >= 5, Self.isTime(fields[count - 1].text), Self.isISODate(fields[count - 2].text) {
                dateEnd = index
                fields.removeLast(2)
                // full-iso's zone follows its time.
                var after = index
                while after < line.endIndex && line[after] == " " { after = line.index(after: after) }
                if let zone = line[after...].split(separator: " ", maxSplits: 1).first,
                   zone.count == 5, zone.first == "+" || zone.first == "-", zone.dropFirst().allSatisfy(\.isASCIIDigit) {
                    dateEnd = line.index(after, offsetBy: 5)
                }
                break
            }
        }
        guard let dateEnd, dateEnd < line.endIndex, fields.count >= 3 else { return nil }
        kind = fields[0].text.first!
        // The size field (a device's two, `4,` `64`).
        let last = fields[fields.count - 1].text, beforeLast = fields[fields.count - 2].text
        size = beforeLast.last == "," && fields.count >= 4 ? line[beforeLast.startIndex..<last.endIndex] : last
        let rest = line[line.index(after: dateEnd)...]
        guard !rest.isEmpty else { return nil }
        if kind == "l", let arrow = rest.firstRange(of: " -> ") {
            name = rest[..<arrow.lowerBound]
            target = rest[arrow.upperBound...]
        } else {
            name = rest
            target = nil
        }
    }

    /// `drwxr-xr-x`, with GNU's `.` (an SELinux context) or `+` (an ACL) after it, or `@` (macOS's attributes).
    static func isMode(_ text: Substring) -> Bool {
        // An ACL, SELinux or extended-attribute mark may follow the ten letters.
        let mode = text.count == 11 && ".+@".contains(text.last!) ? text.dropLast() : text
        guard mode.count == 10, let kind = mode.first, "-dlcbpsD".contains(kind) else { return false }
        return mode.dropFirst().allSatisfy { "rwxsStTl-".contains($0) }
    }

    /// `Oct`, `oct.`, `Okt`, `окт`, or a number and a letter (`10月`, `10월`).
    static func isMonth(_ text: Substring) -> Bool {
        let letters = text.last == "." ? text.dropLast() : text
        if (2...5).contains(letters.count) && letters.allSatisfy(\.isLetter) { return true }
        let digits = letters.prefix(while: \.isASCIIDigit)
        return (1...2).contains(digits.count) && (1...2).contains(letters.count - digits.count)
            && letters.dropFirst(digits.count).allSatisfy { $0.isLetter && !$0.isASCII }
    }

    /// `24`, or `24.` as German writes it.
    static func isDay(_ text: Substring) -> Bool {
        let digits = text.last == "." ? text.dropLast() : text
        return (1...2).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
    }

    static func isTimeOrYear(_ text: Substring) -> Bool { isTime(text) || (text.count == 4 && text.allSatisfy(\.isASCIIDigit)) }

    /// `HH:MM`, or `HH:MM:SS` with a fraction.
    static func isTime(_ text: Substring) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts[0].count == 2, parts[1].count == 2 else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCIIDigit || $0 == "." } }
    }

    static func isISODate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
    }

    /// `total 36` (or `total 1.2M`, or in another language, `insgesamt 36`, `合計 36`), which
    /// heads each folder's block: a word and an amount.
    static func isTotal(_ line: Substring) -> Bool {
        let fields = line.split(separator: " ")
        return fields.count == 2 && fields[0].allSatisfy(\.isLetter) && fields[1].first?.isASCIIDigit == true
    }
}

fileprivate extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
