import Hierarchy

/// `pipdeptree --json-tree`: an array of packages, each an object with `package_name`,
/// `installed_version`, `required_version` and its `dependencies`, the same objects. Read as
/// keys, every field would be a node; this redraws them as the tree `pipdeptree` prints:
/// `Flask==2.0.1`, a dependency with what is required of it in its tooltip, one not installed
/// (`"installed_version": "?"`) critical.
enum PipDependencyTree {
    /// Whether a JSON document may be one: an array holding the keys `"package_name"` and
    /// `"dependencies"`.
    static func mayBeOne(_ document: [UInt8]) -> Bool {
        guard document.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "[") else { return false }
        return document.firstRange(of: Array("\"package_name\"".utf8)) != nil
            && document.firstRange(of: Array("\"dependencies\"".utf8)) != nil
    }

    /// The package tree of `keys` (a JSON document read as keys), or nil where it is not one.
    static func packageTree(from keys: Tree) -> Tree? {
        // (Most documents read as keys are not: no index built for them.)
        guard keys.labels.contains("package_name") else { return nil }
        let index = KeyTreeIndex(keys)
        /// A package object: unnamed (an array's element), with a name and a dependencies key.
        func isPackage(_ node: Int) -> Bool {
            let fields = index.children(node)
            return index.label(node).isEmpty && index.field("package_name", in: fields) != nil
                && index.key("dependencies", in: fields) != nil
        }
        guard !index.roots.isEmpty, index.roots.allSatisfy(isPackage) else { return nil }
        // Every element of every dependencies list must be a package too.
        for node in 0..<keys.count where keys.labels[node] == "dependencies" {
            guard index.children(node).allSatisfy(isPackage) else { return nil }
        }

        var tree = Tree()
        tree.warnings = keys.warnings
        var pending: [(package: Int, parent: Int?)] = index.roots.reversed().map { ($0, nil) }
        while let (package, parent) = pending.popLast() {
            let fields = index.children(package)
            let name = index.field("package_name", in: fields) ?? ""
            let installed = index.field("installed_version", in: fields)
            let missing = installed == nil || installed == "?"
            let label = missing ? name : name + "==" + installed!
            let node = tree.addNode(label: label, type: missing ? .critical : .normal, parent: parent)
            if parent != nil, let required = index.field("required_version", in: fields) {
                tree.setAttributes(NodeAttributes(tooltip: "required: \(required), installed: \(installed ?? "?")"), of: node)
            }
            if let dependencies = index.key("dependencies", in: fields) {
                pending.append(contentsOf: index.children(dependencies).reversed().map { ($0, node) })
            }
        }
        return tree
    }
}
