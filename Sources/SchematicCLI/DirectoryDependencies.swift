import Schematic

/// Make dependency rules (`-M`, `--deps-file`): a drawing of a directory depends on every
/// folder and file it shows, so that make redraws it when one is added, removed or changed.
enum DirectoryDependencies {
    /// The folders and regular files under `directory` that the drawing shows, found by the
    /// directory reader's own walk (so --exclude, --hidden and --max-depth apply as they do to
    /// the drawing), in drawing order. Folders at the --max-depth limit, whose contents are not
    /// drawn, are left out; so are links (their folder changes when one is replaced) and
    /// entries that cannot be read. As bytes: a name need not be UTF-8.
    static func paths(in directory: String, reader: DirectoryReader) throws -> [[UInt8]] {
        let tree: Tree
        do {
            tree = try reader.read(path: directory)
        } catch {
            throw fail(error.description, ExitStatus.noInput)
        }
        var depths = [Int](repeating: 0, count: tree.count)
        var paths: [[UInt8]] = []
        // Parents precede their children, so one pass numbers every depth.
        for node in 1..<max(tree.count, 1) {
            let parent = Int(tree.parents[node])
            depths[node] = parent >= 0 ? depths[parent] + 1 : 0
            guard let attributes = tree.attributes(of: node), let path = attributes.tooltip else { continue }
            switch attributes.cssClass {
            case "file": paths.append(DirectoryReader.path(ofShown: path))
            case "directory" where reader.maxDepth.map({ depths[node] < $0 }) ?? true: paths.append(DirectoryReader.path(ofShown: path))
            default: break
            }
        }
        return paths
    }

    /// One rule line, its names escaped for make; nil if a name holds a line break, which no
    /// make rule can hold.
    static func rule(target: [UInt8], prerequisites: [[UInt8]]) -> [UInt8]? {
        guard !target.contains(0x0A), !prerequisites.contains(where: { $0.contains(0x0A) }) else { return nil }
        var line = escaped(target) + Array(":".utf8)
        for prerequisite in prerequisites { line += [0x20] + escaped(prerequisite) }
        return line + [0x0A]
    }

    /// A path as make reads it in a rule: spaces, `#` and `:` backslashed (a bare `:` in a
    /// name made "multiple target patterns"), `$` doubled; other bytes as they are.
    static func escaped(_ path: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.count)
        for byte in path {
            switch byte {
            case 0x20, 0x09, UInt8(ascii: "#"), UInt8(ascii: ":"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "$"): bytes += [byte, byte]
            default: bytes.append(byte)
            }
        }
        return bytes
    }
}
