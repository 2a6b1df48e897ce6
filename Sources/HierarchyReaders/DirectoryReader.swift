import Hierarchy
#if canImport(Glibc)
import Glibc
#endif

/// Reads a directory tree: the directory is the root, each entry a node, entries sorted by
/// name (byte order, so the result does not depend on the locale). Hidden entries (names
/// starting with `.`) are left out unless asked for; `--exclude` globs match entry names;
/// `--max-depth` stops the walk. Symbolic links are shown as leaves (`name → target`, a long
/// target shortened: `SymbolicLinkLabel`) and never followed, so link cycles cannot loop. The
/// walk is iterative. Nodes carry the class `directory`, `file` or `symlink` and their path as
/// a tooltip; folders below the root are labelled with a trailing `/`. A name that is not
/// UTF-8 (or holds control characters) is shown with those bytes escaped (`caf\xE9.txt`) and a
/// warning; an entry that cannot be examined or a directory that cannot be listed is shown
/// (class `unreadable`) with a warning: no entry is left out unless asked.
public struct DirectoryReader: Sendable {
    /// Levels below the root to show; nil shows all.
    public var maxDepth: Int?
    /// Glob patterns (fnmatch) of entry names to leave out, with what they contain.
    public var excludes: [String]
    /// Whether to show entries whose names start with a dot.
    public var includeHidden: Bool

    public init(maxDepth: Int? = nil, excludes: [String] = [], includeHidden: Bool = false) {
        self.maxDepth = maxDepth
        self.excludes = excludes
        self.includeHidden = includeHidden
    }

    /// Whether a path names a directory (following a symbolic link given on the command line).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public func read(path: String) throws(ReadError) -> Tree {
        guard DirectoryReader.isDirectory(path) else {
            throw ReadError(file: path, line: 0, column: 0, message: "not a directory")
        }
        var tree = Tree()
        let rootLabel = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let root = tree.addNode(label: rootLabel)
        tree.setAttributes(NodeAttributes(tooltip: rootLabel, cssClass: "directory"), of: root)
        // Paths are kept as bytes: a name need not be UTF-8, and it must reach lstat as it is.
        // Directories still to list: path, node, depth. Listing order is kept by numbering
        // children as soon as a directory is read and descending depth-first afterwards.
        var pending: [(path: [UInt8], node: Int, depth: Int)] = [(Array(path.utf8), root, 0)]
        while let directory = pending.popLast() {
            if let maxDepth, directory.depth >= maxDepth {
                // Not walked: its entries are counted, so that the drawing shows it holds more.
                if let names = entries(of: directory.path), !names.isEmpty {
                    var attributes = tree.attributes(of: directory.node) ?? NodeAttributes()
                    attributes.hiddenBelow = names.count
                    tree.setAttributes(attributes, of: directory.node)
                }
                continue
            }
            let shownPath = DirectoryReader.displayName(directory.path)
            guard var names = entries(of: directory.path) else {
                let reason = String(cString: strerror(errno))
                // The directory asked for, unlistable, is no drawing (it was one box, exit 0).
                if directory.node == root { throw ReadError(file: path, line: 0, column: 0, message: "cannot list: \(reason)") }
                var attributes = tree.attributes(of: directory.node) ?? NodeAttributes()
                attributes.tooltip = "\(shownPath.text): \(reason)"
                attributes.cssClass = "directory unreadable"
                tree.setAttributes(attributes, of: directory.node)
                tree.warnings.append("\(shownPath.text): cannot list: \(reason)")
                continue
            }
            names.sort { $0.lexicographicallyPrecedes($1) }
            var subdirectories: [([UInt8], Int, Int)] = []
            for name in names {
                let child = directory.path.last == 0x2F ? directory.path + name : directory.path + [0x2F] + name
                let shown = DirectoryReader.displayName(name)
                let shownChild = DirectoryReader.displayName(child).text
                if shown.escaped {
                    let reason = String(validating: name, as: UTF8.self) == nil ? "is not UTF-8 text" : "holds control characters"
                    tree.warnings.append("\(shownChild): the name \(reason); shown with those bytes escaped")
                }
                var label = shown.text
                var cssClass = "file"
                var info = stat()
                if lstat(cString(child), &info) != 0 {
                    let reason = String(cString: strerror(errno))
                    cssClass = "unreadable"
                    tree.warnings.append("\(shownChild): \(reason)")
                } else if info.st_mode & S_IFMT == S_IFLNK {
                    cssClass = "symlink"
                    var target = [CChar](repeating: 0, count: 4096)
                    let length = readlink(cString(child), &target, target.count - 1)
                    if length > 0 {
                        label = SymbolicLinkLabel.label(name: label, target: DirectoryReader.displayName(target.prefix(length).map { UInt8(bitPattern: $0) }).text)
                    }
                } else if info.st_mode & S_IFMT == S_IFDIR {
                    cssClass = "directory"
                    // As `ls -F` and `tree -F` show it: an empty folder is not taken for a file.
                    label += "/"
                }
                let node = tree.addNode(label: label, parent: directory.node)
                tree.setAttributes(NodeAttributes(tooltip: shownChild, cssClass: cssClass), of: node)
                if cssClass == "directory" { subdirectories.append((child, node, directory.depth + 1)) }
            }
            pending.append(contentsOf: subdirectories.reversed())
        }
        return tree
    }

    /// The path a node's tooltip (`displayName` of its path) names, as bytes: the tooltip's own
    /// UTF-8 where that exists, else its escapes undone (`\xE9` a byte, `\\` a backslash) where
    /// that does (make rules and `--watch` need the real name: a review's `caf\xE9.txt`, listed
    /// escaped, made make redraw on every run).
    public static func path(ofShown shown: String) -> [UInt8] {
        let plain = Array(shown.utf8)
        var info = stat()
        if lstat(cString(plain), &info) == 0 { return plain }
        var bytes: [UInt8] = [], index = 0
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        while index < plain.count {
            if plain[index] == UInt8(ascii: "\\"), index + 1 < plain.count {
                if plain[index + 1] == UInt8(ascii: "\\") {
                    bytes.append(plain[index]); index += 2; continue
                }
                if plain[index + 1] == UInt8(ascii: "x"), index + 3 < plain.count,
                   let high = hexValue(plain[index + 2]), let low = hexValue(plain[index + 3]) {
                    bytes.append(high << 4 | low); index += 4; continue
                }
            }
            bytes.append(plain[index])
            index += 1
        }
        return lstat(cString(bytes), &info) == 0 ? bytes : plain
    }

    /// The names in a folder that the drawing shows (not `.` and `..`; hidden ones only with
    /// `includeHidden`; none matching `excludes`), in listing order; nil if it cannot be listed.
    private func entries(of path: [UInt8]) -> [[UInt8]]? {
        guard let stream = opendir(cString(path)) else { return nil }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            if !includeHidden && name.first == 0x2E { continue }
            if excludes.contains(where: { fnmatch($0, cString(name), 0) == 0 }) { continue }
            names.append(name)
        }
        return names
    }

    /// A file name as text: UTF-8 names as they are; others (and names with control
    /// characters, which no label may hold) with those bytes written `\xE9` and backslashes
    /// doubled, so the escaped form is unambiguous.
    static func displayName(_ bytes: [UInt8]) -> (text: String, escaped: Bool) {
        if let text = String(validating: bytes, as: UTF8.self),
           !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return (text, false)
        }
        var output: [UInt8] = []
        let digits = Array("0123456789ABCDEF".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = utf8SequenceLength(bytes, at: index)
            if length == 0 || byte < 0x20 || byte == 0x7F {
                output += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
                index += 1
            } else if byte == UInt8(ascii: "\\") {
                output += [byte, byte]
                index += 1
            } else {
                output += bytes[index..<(index + length)]
                index += length
            }
        }
        return (String(decoding: output, as: UTF8.self), true)
    }
}

private func cString(_ bytes: [UInt8]) -> [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
}

/// The length of the well-formed UTF-8 sequence at `index`, or 0 if there is none.
private func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let first = bytes[index]
    let (length, secondRange): (Int, ClosedRange<UInt8>)
    switch first {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
    case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
    case 0xED: (length, secondRange) = (3, 0x80...0x9F)
    case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
    case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
    default: return 0
    }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
    return length
}
