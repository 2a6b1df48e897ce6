#if canImport(Glibc)
import Glibc
#endif

/// Recognises a misspelt subcommand (`schematic rendr x.txt`) before the arguments are parsed,
/// where it would otherwise be read as an input of the default `render` and refused as a
/// missing file or as several inputs without a directory.
enum SubcommandSuggestion {
    /// The subcommand `argument` most likely means, when it is not a path that exists, looks
    /// like no file name (no extension, no slash, no leading dash) and is within two edits of
    /// exactly one nearest subcommand name.
    static func suggestion(for argument: String, among names: [String]) -> String? {
        guard !argument.isEmpty, !argument.hasPrefix("-"), !argument.contains("."), !argument.contains("/"),
              !names.contains(argument), access(argument, F_OK) != 0 else { return nil }
        let lowered = argument.lowercased()
        let scored = names.map { (name: $0, distance: editDistance(Array(lowered.utf8), Array($0.utf8))) }
        guard let best = scored.map(\.distance).min(), best <= 2 else { return nil }
        return scored.first { $0.distance == best }?.name
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow = [Int](repeating: 0, count: b.count + 1)
        var row = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var cost = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cost = min(cost, previousRow[j - 2] + 1) }
                current[j] = cost
            }
            (previousRow, row, current) = (row, current, previousRow)
        }
        return row[b.count]
    }
}
