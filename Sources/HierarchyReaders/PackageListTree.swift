import Hierarchy

/// `npm ls --json` (and `pnpm list --json`, an array of projects): packages keyed by name under
/// `dependencies` (`devDependencies`, `optionalDependencies`), each an object with its
/// `version` and its own `dependencies`. Read as keys, every `version`, `resolved` and
/// `overridden` would be a node beside the packages; this redraws the keys' tree as the package
/// tree `npm ls` prints, `name@version` (the root's name from its `name`), a missing dependency
/// `name@required (missing)` as critical, an extraneous or invalid one marked as `npm ls` marks
/// it. Only a document every one of whose dependency entries is such an object is taken (a
/// package.json's `"express": "^4.18.2"` is not).
enum PackageListTree {
    /// The keys that hold a package's dependencies.
    private static let dependencyKeys: Set<String> = ["dependencies", "devDependencies", "optionalDependencies"]

    /// Whether a JSON document may be one: a dependencies key whose first entry is an object
    /// (`"dependencies": {"express": {`), which a package.json's (`"express": "^4.18.2"`) is not;
    /// so a package.json is read once, not twice.
    static func mayBeOne(_ document: [UInt8]) -> Bool {
        dependencyKeys.contains { key in
            let quoted = Array("\"\(key)\"".utf8)
            var from = document.startIndex
            while let found = document[from...].firstRange(of: quoted) {
                if firstEntryIsObject(document, after: found.upperBound) { return true }
                from = found.upperBound
            }
            return false
        }
    }

    /// Whether the bytes from `start` read `: { "name" : {` (with any white space, and escapes
    /// in the name).
    private static func firstEntryIsObject(_ document: [UInt8], after start: Int) -> Bool {
        var at = start
        func skipSpace() { while at < document.count, [0x20, 0x09, 0x0A, 0x0D].contains(document[at]) { at += 1 } }
        func take(_ byte: Character) -> Bool {
            skipSpace()
            guard at < document.count, document[at] == byte.asciiValue else { return false }
            at += 1
            return true
        }
        guard take(":"), take("{"), take("\"") else { return false }
        while at < document.count, document[at] != UInt8(ascii: "\"") {
            at += document[at] == UInt8(ascii: "\\") ? 2 : 1
        }
        at += 1
        return take(":") && take("{")
    }

    /// The package tree of `keys` (a JSON document read as keys, from `file`), or nil where it is
    /// not a package list. The `problems` npm lists at the top become warnings.
    static func packageTree(from keys: Tree, file: String) -> Tree? {
        // (Most documents read as keys hold no dependencies key: no index built for them.)
        guard keys.labels.contains(where: dependencyKeys.contains) else { return nil }
        let index = KeyTreeIndex(keys)
        let roots = index.roots
        func children(_ node: Int) -> ArraySlice<Int> { index.children(node) }
        func field(_ name: String, in fields: some Collection<Int>) -> String? { index.field(name, in: fields) }

        // The top-level packages, each its label and its fields: a named object is a root with
        // its keys below it; an unnamed one's keys are the roots themselves.
        var top: [(label: String, fields: [Int])] = []
        if roots.contains(where: { dependencyKeys.contains(keys.labels[$0]) && !children($0).isEmpty }) {
            top = [("", roots)]
        } else {
            for root in roots { top.append((keys.labels[root], Array(children(root)))) }
        }
        // Every dependency entry must be a package object: a version, or a missing requirement.
        var entries = 0
        for node in 0..<keys.count where dependencyKeys.contains(keys.labels[node]) {
            for entry in children(node) {
                let fields = children(entry)
                guard field("version", in: fields) != nil || field("required", in: fields) != nil else { return nil }
                entries += 1
            }
        }
        guard entries > 0, top.allSatisfy({ package in
            package.fields.contains { dependencyKeys.contains(keys.labels[$0]) }
        }) else { return nil }

        var tree = Tree()
        tree.warnings = keys.warnings
        for package in top {
            for key in package.fields where keys.labels[key] == "problems" {
                for problem in children(key) { tree.warnings.append("\(file): npm ls: \(keys.labels[problem])") }
            }
        }
        // Depth first, iteratively: (the package's name, its fields, its parent in the new tree).
        var pending: [(name: String, fields: [Int], parent: Int?)] = top.reversed().map { ($0.label, $0.fields, nil) }
        while let (name, fields, parent) = pending.popLast() {
            var label = name
            var type = NodeType.normal
            // (An unnamed project is its version alone, or an unnamed node.)
            if let version = field("version", in: fields) ?? field("required", in: fields) {
                label += name.isEmpty ? version : "@" + version
            }
            if field("missing", in: fields) == "true" {
                label += " (missing)"
                type = .critical
            } else if field("invalid", in: fields) != nil {
                label += " (invalid)"
                type = .critical
            } else if field("extraneous", in: fields) == "true" {
                label += " (extraneous)"
                type = .important
            }
            let node = tree.addNode(label: label, type: type, parent: parent)
            var below: [(name: String, fields: [Int], parent: Int?)] = []
            for key in fields where dependencyKeys.contains(keys.labels[key]) {
                for entry in children(key) { below.append((keys.labels[entry], Array(children(entry)), node)) }
            }
            pending.append(contentsOf: below.reversed())
        }
        return tree
    }
}
