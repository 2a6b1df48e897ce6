/// Values that are prose, by their key (`description: |`): drawn so that the box wraps them
/// once, where their writer's editor had wrapped them already.
enum ProseLabelText {
    /// Whether a key names prose (`description`, `summary`, `help`…): its value may be HTML,
    /// drawn as its text (`HTMLLabelText`), and its literal block's line
    /// breaks are where its writer's editor wrapped it, not its own (a Cloud SDK schema's
    /// `description: |-` wrapped at 80 columns, its lines wrapped again in the box, every
    /// continuation hanging indented: a ragged column of half lines). A script's key (`run`)
    /// keeps every line.
    static func namesProse(_ key: String) -> Bool {
        proseKeys.contains(key.lowercased())
    }

    /// Keys whose literal blocks are read as prose (`namesProse`).
    static let proseKeys: Set<String> = ["description", "summary", "help", "comment", "comments", "doc", "docs",
                                         "documentation", "note", "notes", "message", "details", "about", "abstract"]

    /// A literal block of prose with its lines joined, so that the box wraps it once: a line
    /// joins the one before (paragraphs run on: each line of a label of several wraps with its
    /// continuations hanging, as a script's do) unless it starts with a space, a tab or a list
    /// marker (`- `, `* `, `+ `, `• `, `1. `, `1) `), which keep their own line.
    static func reflowed(_ text: String) -> String {
        var result = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: true)
        where !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            if result.isEmpty {
                result = String(line)
            } else {
                result += (startsOwnLine(line) ? "\n" : " ") + line
            }
        }
        return result
    }

    /// Whether a line of prose keeps its own line: indented, or a list item.
    private static func startsOwnLine(_ line: Substring) -> Bool {
        guard let first = line.first else { return false }
        if first == " " || first == "\t" { return true }
        for marker in ["- ", "* ", "+ ", "• "] where line.hasPrefix(marker) { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return false }
        let rest = line.dropFirst(digits.count)
        return rest.hasPrefix(". ") || rest.hasPrefix(") ")
    }
}
