import Hierarchy

/// Reads nested JSON in the d3-hierarchy convention:
/// `{"name": "Root", "type": "important", "id": "r", "children": [ … ]}`.
///
/// `name` is required of leaves (a string or a number; empty makes an unnamed node, surrounding
/// whitespace is dropped); a parent without one is an unnamed node (Newick converted to JSON); `type`, `id`, `children` and the attributes `url`, `tooltip`, `class`, `color`,
/// `fill` are optional; other keys are ignored. The name, children and type keys can be renamed
/// (`--name-key`, `--children-key`, `--type-key`). A top-level array is a forest.
///
/// A document whose first object is no node object (no children key, and keys beside the name
/// that are no node fields: a package.json, a configuration) is read as YAML reads keys, each
/// key a node above its value, or one leaf `key: value` for a scalar (`YAMLReader`, as JSON is
/// YAML), so nothing in it is dropped;
/// but `npm ls --json`'s packages are drawn as `npm ls` prints them (`PackageListTree`), and
/// `yarn list --json`'s trees as a forest (`YarnList`), and `pipdeptree --json-tree`'s as
/// `pipdeptree` prints them (`PipDependencyTree`).
///
/// `tree -J` output is read as is: `contents` holds the children of a `"type": "directory"` (or
/// followed `link`) node, the types `directory`, `file` and `link` become the classes the
/// directory reader gives (a link's label shows its `target`), and the closing `report` object
/// is not a node, nor an `{"error": …}` object (the directory that could not be listed gets the
/// class `unreadable`, with a warning). Any other type that is not one of ours becomes a CSS
/// class, with a warning. Ids must be unique. The parser is iterative, so nesting depth is limited only by memory, and
/// it reports errors with line and column.
public struct JSONTreeReader: HierarchyReader {
    /// The key that holds a node's label.
    public var nameKey: String
    /// The key that holds a node's children.
    public var childrenKey: String
    /// The key that holds a node's type.
    public var typeKey: String
    /// Whether a document read as keys draws a key with a scalar value as one leaf `key: value`
    /// (`YAMLReader.joinsScalarValues`); off, as a node above its value (layout tests whose
    /// fixtures were drawn so keep their trees).
    var joinsScalarValues = true

    /// Creates a JSON reader.
    public init(nameKey: String = "name", childrenKey: String = "children", typeKey: String = "type") {
        self.nameKey = nameKey
        self.childrenKey = childrenKey
        self.typeKey = typeKey
    }

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        if let trees = YarnList.treesOnly(source.bytes) {
            let yarnSource = try SourceText(bytes: trees, file: file)
            return try yarnSource.bytes.withUnsafeBufferPointer { bytes throws(ReadError) in
                var parser = JSONTreeParser(source: yarnSource, bytes: bytes, nameKey: nameKey, childrenKey: childrenKey, typeKey: typeKey)
                parser.skippedKeys = YarnList.terminalKeys
                return try parser.parse()
            }
        }
        let shape = JSONDocumentShape.shape(source.bytes, nameKey: nameKey, childrenKey: childrenKey, typeKey: typeKey)
        if !shape.holdsNodeObjects {
            var keys = YAMLReader(nameKey: nameKey, childrenKey: childrenKey, typeKey: typeKey,
                                  deepNestingAdvice: "keys are read so deep at most; node objects with \"\(childrenKey)\" may nest deeper")
            let document = JSONDocumentShape.decodingSurrogatePairs(source.bytes)
            if PipDependencyTree.mayBeOne(document) {
                // pipdeptree's packages are told by their unnamed items' keys: read as they are.
                keys.labelsItemsByNameLikeKeys = false
                keys.joinsScalarValues = false
                let tree = try keys.read(document, file: file)
                if let packages = PipDependencyTree.packageTree(from: tree) { return packages }
                keys.labelsItemsByNameLikeKeys = true
                keys.joinsScalarValues = true
            }
            if PackageListTree.mayBeOne(document) {
                // npm's packages are told by their keys' values (`version`): read as they are.
                keys.joinsScalarValues = false
                if let packages = PackageListTree.packageTree(from: try keys.read(document, file: file), file: file) { return packages }
                keys.joinsScalarValues = true
            }
            keys.joinsScalarValues = joinsScalarValues
            var tree = try keys.read(document, file: file)
            if let key = shape.listOfObjectsKey {
                // Newick converted to JSON names its children `branchset`: a hint, as the keys are drawn.
                tree.warnings.append("\(file):1:1: the first object has no \"\(nameKey)\" and no \"\(childrenKey)\": read as keys; "
                                     + "if \"\(key)\" holds the children, say --children-key \(key)")
            }
            return tree
        }
        return try source.bytes.withUnsafeBufferPointer { bytes throws(ReadError) in
            var parser = JSONTreeParser(source: source, bytes: bytes, nameKey: nameKey, childrenKey: childrenKey, typeKey: typeKey)
            return try parser.parse()
        }
    }
}
