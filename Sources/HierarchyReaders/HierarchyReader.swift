import Hierarchy

/// Turns the bytes of a hierarchy file into a forest, keeping file order.
public protocol HierarchyReader: Sendable {
    /// Reads `input`; `file` names it in error messages.
    func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree
}

/// Options some readers take: JSON/YAML key names, CSV column names.
public struct ReaderOptions: Hashable, Sendable {
    public var nameKey = "name"
    public var childrenKey = "children"
    public var typeKey = "type"
    public var idColumn: String?
    public var parentColumn: String?
    public var labelColumn: String?
    public var typeColumn: String?
    /// A cycle of parents no root reaches is broken (its first node drawn as a root, with a
    /// warning) instead of refused: CSV and DOT, for `--extra-parents auto` and `drop`.
    public var breaksCycles = false
    /// A DAG's nodes are hung by their deepest parent (`Tree.layerByLongestPaths`), so that
    /// every edge runs down the levels: for `--extra-parents auto` and `keep` (`drop` draws each
    /// node under its first parent). Applied by whoever reads, before `--max-depth` cuts.
    public var layersByLongestPaths = false
    public init() {}

    /// The settings here that `format` does not read (nil: a directory), named as the command
    /// line names them without dashes (`name-key`, `id-column`): keys of JSON and YAML nodes
    /// set away from their defaults, and CSV and TSV columns given. A caller warns of them, so
    /// that a key or column given for another format is not silently ignored.
    public func unusedSettings(for format: InputFormat?) -> (keys: [String], columns: [String]) {
        let defaults = ReaderOptions()
        var keys: [String] = [], columns: [String] = []
        if format != .json && format != .yaml {
            if nameKey != defaults.nameKey { keys.append("name-key") }
            if childrenKey != defaults.childrenKey { keys.append("children-key") }
            if typeKey != defaults.typeKey { keys.append("type-key") }
        }
        if format != .csv && format != .tsv {
            for (name, column) in [("id-column", idColumn), ("parent-column", parentColumn), ("label-column", labelColumn),
                                   ("type-column", typeColumn)] where column != nil {
                columns.append(name)
            }
        }
        return (keys, columns)
    }

    /// `unusedSettings(for:)` as warnings: `spelled` writes a setting's name as the caller's
    /// reader knows it (`--name-key`, `name-key`), `input` names the input (a file, a
    /// directory; empty where the message's place names it), `noun` says what it is (`input`, `block`) and `choosing` how a format is
    /// chosen there (`--from `, `from=`).
    public func unusedSettingWarnings(for format: InputFormat?, input: String, noun: String = "input",
                                      spelled: (String) -> String, choosing: String) -> [String] {
        let unused = unusedSettings(for: format)
        let what = format.map { "read as \($0.rawValue)" } ?? "a directory"
        var warnings: [String] = []
        for (names, things, formats) in [(unused.keys, "keys of JSON and YAML nodes", "json or yaml"),
                                         (unused.columns, "columns of CSV and TSV tables", "csv or tsv")] where !names.isEmpty {
            warnings.append((input.isEmpty ? "" : input + ": ") + "\(names.map(spelled).joined(separator: ", ")) name\(names.count == 1 ? "s" : "") \(things); "
                            + "this \(noun) is \(what)" + (format == nil ? "" : " (\(choosing)\(formats) reads it so)"))
        }
        return warnings
    }
}

/// The input formats Schematic reads (a directory is read by `DirectoryReader`).
public enum InputFormat: String, CaseIterable, Sendable {
    /// Indented outline text, including `tree` command output.
    case outline
    /// Nested JSON in the d3 convention (`name`, `children`, optional `type` and `id`).
    case json
    /// YAML: nested mappings and lists, or `name`/`children` objects.
    case yaml
    /// A parent–child table with a header, comma-separated.
    case csv
    /// The same, tab-separated.
    case tsv
    /// The headings and lists of a Markdown document.
    case markdown
    /// The headings and lists of an Emacs Org document.
    case org
    /// A Graphviz graph, read with cgraph: edges link parents to children.
    case dot
    /// A Newick (or NHX) phylogeny: `((A:0.1,B:0.2)95:0.3,C);`.
    case newick

    /// The reader for this format, with default options.
    public var reader: any HierarchyReader { reader(ReaderOptions()) }

    /// The reader for this format.
    public func reader(_ options: ReaderOptions) -> any HierarchyReader {
        switch self {
        case .outline: OutlineReader()
        case .json: JSONTreeReader(nameKey: options.nameKey, childrenKey: options.childrenKey, typeKey: options.typeKey)
        case .yaml: YAMLReader(nameKey: options.nameKey, childrenKey: options.childrenKey, typeKey: options.typeKey)
        case .csv, .tsv:
            CSVReader(separator: self == .csv ? UInt8(ascii: ",") : 0x09, idColumn: options.idColumn,
                      parentColumn: options.parentColumn, labelColumn: options.labelColumn, typeColumn: options.typeColumn,
                      breaksCycles: options.breaksCycles)
        case .markdown: MarkdownReader()
        case .org: OrgReader()
        case .dot: DOTReader(breaksCycles: options.breaksCycles)
        case .newick: NewickReader()
        }
    }

    /// The format a file extension implies, if any.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "md", "markdown", "mdown", "mkd": self = .markdown
        case "org": self = .org
        case "dot", "gv": self = .dot
        case "txt", "outline", "tree", "text": self = .outline
        case "nwk", "newick", "nhx", "nex", "nexus", "nxs": self = .newick
        default: return nil
        }
    }

    /// The format of content with no telling extension: JSON if it starts with `{` or `[` and
    /// a JSON value's first token (`looksLikeJSON`: not `tree -h` output, whose lines start
    /// with `[size]`, nor an outline's `[TODO] plan`), DOT if it starts as a graph does
    /// (`[strict] graph|digraph [ID] {`: not an outline titled "Graph theory"), YAML if with `---` or `%YAML`
    /// or a mapping with nested keys (`looksLikeYAMLMapping`),
    /// (unless front matter and a `#` heading follow), Markdown if with a `#` heading, Newick if it looks like a phylogeny (`looksLikeNewick`) or is NEXUS,
    /// CSV or TSV if the first line is a header naming the `id` and parent columns
    /// (`tableFormat`), else an outline.
    public static func sniff(_ bytes: [UInt8]) -> InputFormat {
        let index = contentStart(bytes)
        guard index < bytes.count else { return .outline }
        if looksLikeNewick(bytes, from: index) || startsWithNexus(bytes, from: index) { return .newick }
        if bytes[index] == 0x5B && looksLikeTreeListing(bytes, from: index) { return .outline }
        // TOML's `[[package]]` or `[section]` (refused as an outline is): not JSON, nor a heading.
        if (bytes[index] == 0x5B || bytes[index] == UInt8(ascii: "#")) && isSectionsAndKeys(bytes) { return .outline }
        if (bytes[index] == 0x7B || bytes[index] == 0x5B) && looksLikeJSON(bytes, from: index) { return .json }
        let start = bytes[index..<min(bytes.count, index + 5)]
        if start.starts(with: Array("---".utf8)) && frontMatterPrecedesHeading(bytes, from: index) { return .markdown }
        if start.starts(with: Array("---".utf8)) || start.starts(with: Array("%YAML".utf8)) { return .yaml }
        // (A YAML file may open with a comment: its keys tell it from a page's heading.)
        if start.starts(with: Array("# ".utf8)) || start.starts(with: Array("## ".utf8)) {
            return looksLikeYAMLMapping(bytes, from: index) ? .yaml : .markdown
        }
        if looksLikeDOT(bytes, from: index) { return .dot }
        if looksLikeYAMLMapping(bytes, from: index) { return .yaml }
        return tableFormat(bytes) ?? .outline
    }

    /// A YAML document with no `---` (a Kubernetes manifest, a workflow on standard input; a
    /// trial's were drawn as outlines of "apiVersion: apps/v1" lines): it starts with a
    /// `key:` at the first column, some line is nested under a `key:` line, and every line is
    /// a `key:` or `key: value` (a plain or quoted key without blanks), a `- ` item, a comment,
    /// or inside a block scalar (`key: |`). An outline of "Title: text" lines nests none.
    static func looksLikeYAMLMapping(_ bytes: [UInt8], from first: Int) -> Bool {
        var index = first, lines = 0, nested = false, opensMapping = false
        var blockIndent: Int? = nil, previousEndsKey = false, previousIndent = 0
        while index < bytes.count {
            let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
            var last = end
            while last > index, [0x20, 0x09, 0x0D].contains(bytes[last - 1]) { last -= 1 }
            defer { index = end + 1 }
            var start = index
            while start < last && bytes[start] == 0x20 { start += 1 }
            guard start < last else { continue }
            let indent = start - index
            if let scalar = blockIndent, indent > scalar { continue }
            blockIndent = nil
            if bytes[start] == 0x09 { return false }
            if bytes[start] == UInt8(ascii: "#") { continue }
            // A further document's start, or a document's end.
            if indent == 0, bytes[start..<last].starts(with: Array("---".utf8)) || bytes[start..<last].elementsEqual("...".utf8) { continue }
            lines += 1
            if lines > 200 { break }
            if lines > 1 && previousEndsKey && indent > previousIndent { nested = true }
            var keyStart = start
            if bytes[start] == UInt8(ascii: "-") {
                guard start + 1 == last || bytes[start + 1] == 0x20 else { return false }
                keyStart = start + 1
                while keyStart < last && bytes[keyStart] == 0x20 { keyStart += 1 }
                previousEndsKey = false; previousIndent = indent
                // `- item`, or `- key: value` (a mapping in a list).
                guard keyStart < last, let colon = mappingColon(bytes, keyStart, last) else { continue }
                previousEndsKey = colon + 1 == last
                if startsBlockScalar(bytes, after: colon, last) { blockIndent = indent }
                continue
            }
            guard let colon = mappingColon(bytes, keyStart, last) else { return false }
            if lines == 1 { opensMapping = indent == 0 }
            previousEndsKey = colon + 1 == last
            previousIndent = indent
            if startsBlockScalar(bytes, after: colon, last) { blockIndent = indent }
        }
        return opensMapping && nested && lines >= 2
    }

    /// Whether a `key:`'s value opens a block scalar (`|`, `>`), whose lines are text.
    private static func startsBlockScalar(_ bytes: [UInt8], after colon: Int, _ last: Int) -> Bool {
        let value = bytes[min(colon + 1, last)..<last].drop { $0 == 0x20 }
        return value.first == UInt8(ascii: "|") || value.first == UInt8(ascii: ">")
    }

    /// Where a `key:` ends (its colon, followed by a blank or the line's end), the key plain
    /// (no blanks) or quoted, or nil.
    private static func mappingColon(_ bytes: [UInt8], _ start: Int, _ last: Int) -> Int? {
        var position = start
        if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
            let quote = bytes[position]
            position += 1
            while position < last && bytes[position] != quote { position += 1 }
            guard position < last else { return nil }
            position += 1
        } else {
            while position < last && bytes[position] != UInt8(ascii: ":") && bytes[position] != 0x20 && bytes[position] != 0x09 { position += 1 }
            guard position > start else { return nil }
        }
        guard position < last, bytes[position] == UInt8(ascii: ":"), position + 1 == last || bytes[position + 1] == 0x20 else { return nil }
        return position
    }

    /// Any `{` (a YAML flow mapping is read too); after `[`, a value's first token (`{`, `[`, a
    /// string, a number followed by `,` or `]`, `true`, `false`, `null`) or `]`.
    private static func looksLikeJSON(_ bytes: [UInt8], from first: Int) -> Bool {
        if bytes[first] == UInt8(ascii: "{") { return true }
        var index = first + 1
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        // (A lone `[` is a JSON document cut short, and is told so.)
        guard index < bytes.count else { return true }
        let byte = bytes[index]
        if [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "]")].contains(byte) { return true }
        if byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
            index += 1
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                                                                                UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[index]) { index += 1 }
        } else if let word = ["true", "false", "null"].first(where: { bytes[index...].starts(with: Array($0.utf8)) }) {
            index += word.utf8.count
        } else {
            return false
        }
        skipSpace()
        return index == bytes.count || bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "]")
    }

    /// A Markdown page's front matter (Jekyll, MkDocs, Hugo): a `---` line, YAML, a closing
    /// `---` or `...` line, then a `#` heading, where a YAML stream's next document would be
    /// YAML (a review: such a page on standard input was read as YAML and refused).
    private static func frontMatterPrecedesHeading(_ bytes: [UInt8], from first: Int) -> Bool {
        func lineEnd(_ start: Int) -> Int { bytes[start...].firstIndex(of: 0x0A) ?? bytes.count }
        func isFence(_ start: Int, _ end: Int, _ fence: String) -> Bool {
            var last = end
            while last > start, [0x20, 0x09, 0x0D].contains(bytes[last - 1]) { last -= 1 }
            return bytes[start..<last].elementsEqual(fence.utf8)
        }
        var end = lineEnd(first)
        guard isFence(first, end, "---") else { return false }
        while end < bytes.count {
            let start = end + 1
            end = lineEnd(start)
            guard isFence(start, end, "---") || isFence(start, end, "...") else { continue }
            var index = end
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            var hashes = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") { hashes += 1; index += 1 }
            return (1...6).contains(hashes) && index < bytes.count && bytes[index] == 0x20
        }
        return false
    }

    /// `[strict] graph|digraph [ID] {` (keywords in any case, the ID a name, number or quoted
    /// string, comments between), as a DOT file starts.
    private static func looksLikeDOT(_ bytes: [UInt8], from first: Int) -> Bool {
        var index = first
        /// Skips blank space and comments (`/* … */`, `// …`, a line starting `#`).
        func skipSpace() {
            while index < bytes.count {
                if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index += 2
                } else if (bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
                            || (bytes[index] == UInt8(ascii: "#") && (index == 0 || bytes[index - 1] == 0x0A)) {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else {
                    return
                }
            }
        }
        /// Reads a keyword (any case) that ends there.
        func keyword(_ word: String) -> Bool {
            let end = index + word.utf8.count
            guard end <= bytes.count, String(decoding: bytes[index..<end], as: UTF8.self).lowercased() == word,
                  end == bytes.count || !bytes[end].isASCIILetterOrDigit else { return false }
            index = end
            return true
        }
        skipSpace()
        if keyword("strict") { skipSpace() }
        guard keyword("graph") || keyword("digraph") else { return false }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            index += 1
        } else {
            while index < bytes.count, bytes[index].isASCIILetterOrDigit || bytes[index] >= 0x80 || bytes[index] == UInt8(ascii: ".") { index += 1 }
        }
        skipSpace()
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    /// Where a text's content starts: after a byte order mark and blank space.
    static func contentStart(_ bytes: [UInt8]) -> Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// `tree -h`, `-s`, `-p` or `-D` output: its first line starts with `[size]`, as a JSON
    /// array does, but the next line starts with one of tree's branches (`├──`, `└──`, or with
    /// `--charset ascii` `|--`, `` `-- ``), which no JSON line does.
    private static func looksLikeTreeListing(_ bytes: [UInt8], from first: Int) -> Bool {
        guard let newline = bytes[first...].firstIndex(of: 0x0A) else { return false }
        let next = bytes[(newline + 1)...].prefix(9)
        return ["├──", "└──", "|--", "`--"].contains { next.starts(with: Array($0.utf8)) }
    }

    /// `#NEXUS`, in any letter case: a NEXUS file, whose trees the Newick reader reads.
    static func startsWithNexus(_ bytes: [UInt8], from first: Int) -> Bool {
        let word = Array("#nexus".utf8)
        guard bytes.count - first >= word.count else { return false }
        return zip(bytes[first..<first + word.count], word).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// Newick: starts with `(` (after a `[comment]`, if any: in JSON no `(` follows a `]`), ends
    /// with `;`, and a `,` comes before the first `)`, as the first group of a phylogeny has
    /// (an outline's "(draft) plan" has none).
    private static func looksLikeNewick(_ bytes: [UInt8], from first: Int) -> Bool {
        var start = first
        if bytes[start] == UInt8(ascii: "["), let close = bytes[start...].firstIndex(of: UInt8(ascii: "]")) {
            start = close + 1
            while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "(") else { return false }
        var last = bytes.count - 1
        while last > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[last]) { last -= 1 }
        guard bytes[last] == UInt8(ascii: ";") else { return false }
        guard let close = bytes[start...].firstIndex(of: UInt8(ascii: ")")) else { return false }
        return bytes[start..<close].contains(UInt8(ascii: ","))
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == 0x5F
    }
}
