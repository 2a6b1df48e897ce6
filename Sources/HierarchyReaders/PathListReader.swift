import Hierarchy

/// Reads a list of paths, one per line, as `find`, `dpkg -L`, `git ls-files`, `tar tf` or
/// `unzip -Z1` print them: each path's folders are nodes, shared by the paths under them, in the
/// order they first appear; a leading `/` is the root `/`, a leading `.` the root `.` (other `.`
/// components and a trailing `/` are left out, `..` is kept). The outline reader hands over a
/// text that `looksLikePathList`, which a one-level outline would draw as a flat column of
/// whole paths. One pass over the lines and a hash of (parent, name), so it is linear.
/// `du -a`'s lines, a size and a tab before each path (`28K\t./doc/README`), are read so too,
/// each size the tooltip of its path's node (a trial's `du` listing was a column of raw rows).
struct PathListReader {
    /// Where a line's path starts after `du`'s size and tab (`8`, `8.0K`, `1,5M`), or nil.
    static func pathAfterSize(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to last: Int) -> Int? {
        var position = start
        while position < last && (0x30...0x39).contains(bytes[position]) { position += 1 }
        guard position > start else { return nil }
        while position < last && ((0x30...0x39).contains(bytes[position]) || bytes[position] == UInt8(ascii: ".")
                                  || bytes[position] == UInt8(ascii: ",")) { position += 1 }
        if position < last && "KMGTPEkB".utf8.contains(bytes[position]) { position += 1 }
        guard position + 1 < last && bytes[position] == 0x09 && bytes[position + 1] != 0x09 && bytes[position + 1] != 0x20 else { return nil }
        return position + 1
    }

    /// Whether every line holds `du`'s size column before its path (`pathAfterSize`).
    static func hasSizeColumn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = 0
        let all = bytes.forEachContentLine { start, last in
            lines += 1
            return pathAfterSize(bytes, from: start, to: last) != nil
        }
        return all && lines > 0
    }

    /// Whether every line is an unindented path and the paths share their first folders: at
    /// least two lines, at least half of them holding a `/` (none beside a space, as in
    /// "A / B"), and those starting with at most half as many different first components;
    /// fewer than half of them ending in a name with a space ("1/2 cup flour"), unless the
    /// listing names its folders as `find` and `du -a` do (nine in ten of those paths' folders
    /// are lines of their own): a folder of "My Music" and "Q1 Reports" was drawn as a column of
    /// whole paths.
    static func looksLikePathList(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = 0, slashed = 0, spacedNames = 0
        var firstComponents = Set<ArraySlice<UInt8>>()
        // Every line's path (without a trailing `/`, as `tar tf` names folders), and the
        // folders of those with a `/`, as byte ranges: hashed only where spaced names need it.
        var paths: [Range<Int>] = [], folders: [Range<Int>] = []
        let sized = hasSizeColumn(bytes)
        let allPaths = bytes.forEachContentLine { lineStart, last in
            if OutlineReader.isTreeSummary(bytes, from: lineStart, to: last) { return true }  // `tree -fi`'s last line
            let start = sized ? pathAfterSize(bytes, from: lineStart, to: last)! : lineStart
            let first = bytes[start]
            // Indented lines, and `tree` drawing (`├──`, `|--`, `` `-- ``), are an outline's.
            if first == 0x20 || first == 0x09 || first == 0xE2 || first == UInt8(ascii: "|") || first == UInt8(ascii: "`") { return false }
            lines += 1
            let line = UnsafeBufferPointer(rebasing: bytes[start..<last])
            var end = line.count
            while end > 1 && line[end - 1] == UInt8(ascii: "/") { end -= 1 }
            paths.append(start..<start + end)
            guard let slash = line.firstIndex(of: UInt8(ascii: "/")) else { return true }
            for index in line.indices where line[index] == UInt8(ascii: "/") {
                if index > 0 && line[index - 1] == 0x20 || index + 1 < line.count && line[index + 1] == 0x20 { return false }
            }
            slashed += 1
            firstComponents.insert(ArraySlice(line[..<slash]))
            // Text after the last slash ("1/2 cup flour", "2024/01/05 standup") is a phrase, not a name.
            if let last = line.lastIndex(of: UInt8(ascii: "/")), line[(last + 1)...].contains(0x20) { spacedNames += 1 }
            if let last = line[..<end].lastIndex(of: UInt8(ascii: "/")), last > 0 { folders.append(start..<start + last) }
            return true
        }
        guard allPaths && lines >= 2 && 2 * slashed >= lines && 2 * firstComponents.count <= slashed else { return false }
        if 2 * spacedNames < slashed { return true }
        let named = Set(paths.lazy.map { ArraySlice(bytes[$0]) })
        let listedFolders = folders.count { named.contains(ArraySlice(bytes[$0])) }
        return !folders.isEmpty && 10 * listedFolders >= 9 * folders.count
    }

    func read(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) -> Tree {
        struct Step: Hashable {
            let parent: Int
            let name: String
        }
        var tree = Tree()
        var known: [Step: Int] = [:]
        // Which nodes a line names (not only implied as a folder of another's path).
        var listed: [Bool] = []
        let sized = PathListReader.hasSizeColumn(bytes)
        _ = try bytes.forEachContentLine { lineStart, last throws(ReadError) in
            if OutlineReader.isTreeSummary(bytes, from: lineStart, to: last) { return true }
            var parent = -1
            let pathStart = sized ? PathListReader.pathAfterSize(bytes, from: lineStart, to: last)! : lineStart
            var position = pathStart
            func descend(to name: String, at offset: Int) throws(ReadError) {
                if let character = NodeFields.undrawableCharacter(in: name) {
                    throw source.error(at: offset, controlCharacterMessage(UInt8(character.value), in: "a path"))
                }
                let step = Step(parent: parent, name: name)
                if let node = known[step] {
                    parent = node
                } else {
                    let node = tree.addNode(label: name, parent: parent < 0 ? nil : parent)
                    known[step] = node
                    parent = node
                }
            }
            if bytes[position] == UInt8(ascii: "/") {
                try descend(to: "/", at: position)
            }
            var isFirst = true
            while position < last {
                var componentEnd = position
                while componentEnd < last && bytes[componentEnd] != UInt8(ascii: "/") { componentEnd += 1 }
                let component = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<componentEnd]), as: UTF8.self)
                // `.` is a root only where a path starts with it (`find .`); elsewhere it is no step.
                if !component.isEmpty && (component != "." || (isFirst && parent < 0)) {
                    try descend(to: component, at: position)
                }
                isFirst = false
                position = componentEnd + 1
            }
            if sized && parent >= 0 {
                let size = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<pathStart - 1]), as: UTF8.self)
                tree.setAttributes(NodeAttributes(tooltip: size), of: parent)
            }
            if parent >= 0 {
                if listed.count < tree.count { listed += repeatElement(false, count: tree.count - listed.count) }
                listed[parent] = true
            }
            return true
        }
        if tree.isEmpty { throw source.error(at: 0, "no nodes: the input is empty") }
        return Self.joiningImpliedTop(tree, listed: listed)
    }

    /// The tree with its top folders that no line names and that hold one folder each joined
    /// into its root (`find /usr/share/alsa` drew `/` → `usr` → `share` above the folder it
    /// lists; now one root `/usr/share/alsa`), where the tree has one root. Those folders are
    /// the first nodes, made by the first line, so the rest keep their order, shifted.
    static func joiningImpliedTop(_ tree: Tree, listed: [Bool]) -> Tree {
        let count = tree.count
        var childCount = [Int32](repeating: 0, count: count), roots = 0
        for node in 0..<count {
            let parent = Int(tree.parents[node])
            if parent < 0 { roots += 1 } else { childCount[parent] += 1 }
        }
        // The chain is 0, 1, 2…: each the only child of the one before.
        var top = 0
        while roots == 1, top + 1 < count, !(top < listed.count && listed[top]), childCount[top] == 1, tree.parents[top + 1] == Int32(top) {
            top += 1
        }
        guard top > 0 else { return tree }
        var label = ""
        for node in 0...top {
            let name = tree.labels[node]
            label += label.isEmpty || label.hasSuffix("/") ? name : "/" + name
        }
        var joined = Tree()
        joined.reserveCapacity(count - top)
        joined.warnings = tree.warnings
        for node in top..<count {
            let parent = Int(tree.parents[node])
            let copy = joined.addNode(label: node == top ? label : tree.labels[node], type: tree.types[node], parent: node == top ? nil : parent - top)
            if let attributes = tree.attributes(of: node) { joined.setAttributes(attributes, of: copy) }
        }
        return joined
    }
}
