import Schematic

/// Make dependency rules (`-M`, `--deps-file`): a drawing of a directory depends on every
/// folder and file it shows, so that make redraws it when one is added, removed or changed.
enum DirectoryDependencies {
    /// The folders and regular files under `directory` that the drawing shows, found by the
    /// directory reader's own walk (so --exclude, --hidden and --max-depth apply as they do to
    /// the drawing), in drawing order. Folders at the --max-depth limit, whose contents are not
    /// drawn, are left out; so are links (their folder changes when one is replaced) and
    /// entries that cannot be read.
    static func paths(in directory: String, reader: DirectoryReader) throws -> [String] {
        let tree: Tree
        do {
            tree = try reader.read(path: directory)
        } catch {
            throw fail(error.description, ExitStatus.noInput)
        }
        var depths = [Int](repeating: 0, count: tree.count)
        var paths: [String] = []
        // Parents precede their children, so one pass numbers every depth.
        for node in 1..<max(tree.count, 1) {
            let parent = Int(tree.parents[node])
            depths[node] = parent >= 0 ? depths[parent] + 1 : 0
            guard let attributes = tree.attributes(of: node), let path = attributes.tooltip else { continue }
            switch attributes.cssClass {
            case "file": paths.append(path)
            case "directory" where reader.maxDepth.map({ depths[node] < $0 }) ?? true: paths.append(path)
            default: break
            }
        }
        return paths
    }

    /// One rule line, its names escaped for make.
    static func rule(target: String, prerequisites: [String]) -> String {
        ([escaped(target) + ":"] + prerequisites.map(escaped)).joined(separator: " ") + "\n"
    }

    /// A path as make reads it in a rule: spaces, `#` and `:` backslashed (a bare `:` in a
    /// name made "multiple target patterns"), `$` doubled.
    static func escaped(_ path: String) -> String {
        var text = ""
        for character in path {
            switch character {
            case " ", "\t", "#", ":": text += "\\" + String(character)
            case "$": text += "$$"
            default: text.append(character)
            }
        }
        return text
    }
}
