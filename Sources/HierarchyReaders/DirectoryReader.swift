import Hierarchy
#if canImport(Glibc)
import Glibc
#endif

/// Reads a directory tree: the directory is the root, each entry a node, entries sorted by
/// name (byte order, so the result does not depend on the locale). Hidden entries (names
/// starting with `.`) are left out unless asked for; `--exclude` globs match entry names;
/// `--max-depth` stops the walk. Symbolic links are shown as leaves (`name → target`) and never
/// followed, so link cycles cannot loop. The walk is iterative. Nodes carry the class
/// `directory`, `file` or `symlink` and their path as a tooltip.
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
        // Directories still to list: path, node, depth. Listing order is kept by numbering
        // children as soon as a directory is read and descending depth-first afterwards.
        var pending: [(path: String, node: Int, depth: Int)] = [(path, root, 0)]
        while let directory = pending.popLast() {
            if let maxDepth, directory.depth >= maxDepth { continue }
            guard let stream = opendir(directory.path) else {
                let reason = String(cString: strerror(errno))
                var attributes = tree.attributes(of: directory.node) ?? NodeAttributes()
                attributes.tooltip = "\(directory.path): \(reason)"
                attributes.cssClass = "directory unreadable"
                tree.setAttributes(attributes, of: directory.node)
                continue
            }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                if !includeHidden && name.hasPrefix(".") { continue }
                if excludes.contains(where: { fnmatch($0, name, 0) == 0 }) { continue }
                names.append(name)
            }
            closedir(stream)
            names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            var subdirectories: [(String, Int, Int)] = []
            for name in names {
                let child = directory.path.hasSuffix("/") ? directory.path + name : directory.path + "/" + name
                var info = stat()
                guard lstat(child, &info) == 0 else { continue }
                let kind = info.st_mode & S_IFMT
                var label = name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
                    ? String(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : Character($0) })
                    : name
                var cssClass = "file"
                if kind == S_IFLNK {
                    cssClass = "symlink"
                    var target = [CChar](repeating: 0, count: 4096)
                    let length = readlink(child, &target, target.count - 1)
                    if length > 0 {
                        label += " → " + String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    }
                } else if kind == S_IFDIR {
                    cssClass = "directory"
                }
                let node = tree.addNode(label: label, parent: directory.node)
                tree.setAttributes(NodeAttributes(tooltip: child, cssClass: cssClass), of: node)
                if kind == S_IFDIR { subdirectories.append((child, node, directory.depth + 1)) }
            }
            pending.append(contentsOf: subdirectories.reversed())
        }
        return tree
    }
}
