import Hierarchy
import Yams

/// Reads YAML with Yams. Mappings nest: each key is a node, its value gives the children (a
/// mapping: one child per key; a list: one child per item; a scalar: one leaf child; empty or
/// `null`: none). A mapping with a `name` key is a node object as in JSON (`name`, `children`,
/// `type`, `id`, `url`, `tooltip`, `class`, `color`, `fill`). A list is a forest, a scalar in it a
/// leaf. Several documents make one forest. Order is kept everywhere.
///
/// Yams composes and frees documents recursively, so it runs on a thread whose stack grows with
/// the input; the conversion to a tree is iterative. Aliases are expanded, up to a limit that
/// stops "billion laughs" documents.
public struct YAMLReader: HierarchyReader {
    public var nameKey: String
    public var childrenKey: String

    public init(nameKey: String = "name", childrenKey: String = "children") {
        self.nameKey = nameKey
        self.childrenKey = childrenKey
    }

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        if let control = source.firstControlCharacter(in: 0..<source.bytes.count),
           source.bytes[control] != 0x0A && source.bytes[control] != 0x0D {
            throw source.error(at: control, "control character U+\(hex(source.bytes[control])) in YAML")
        }
        let text = String(decoding: source.bytes, as: UTF8.self)
        // Deep enough for any nesting the text can hold, at about a kilobyte of stack a level.
        let stack = min(max(64 << 20, source.bytes.count * 2048), 4 << 30)
        let result: Result<Tree, ReadError> = withLargeStack(bytes: stack) {
            do {
                let documents = try Array(Yams.compose_all(yaml: text))
                return Result { () throws(ReadError) -> Tree in try build(documents, file: file, limit: 64 * max(source.bytes.count, 1024)) }
            } catch let error as YamlError {
                return .failure(readError(error, file: file))
            } catch let error as ReadError {
                return .failure(error)
            } catch {
                return .failure(ReadError(file: file, line: 0, column: 0, message: "\(error)"))
            }
        }
        return try result.get()
    }

    private func readError(_ error: YamlError, file: String) -> ReadError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ReadError(file: file, line: mark.line, column: mark.column, message: problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            return ReadError(file: file, line: context.mark.line, column: context.mark.column,
                             message: "duplicate keys in a mapping: " + duplicates.joined(separator: ", "))
        case let .reader(problem, _, _, _):
            return ReadError(file: file, line: 0, column: 0, message: problem)
        default:
            return ReadError(file: file, line: 0, column: 0, message: "\(error)")
        }
    }

    /// What one pending value adds under a parent.
    private enum Work {
        case value(Node, parent: Int?)
        case keyed(key: Node, value: Node, parent: Int?)
    }

    private func build(_ documents: [Node], file: String, limit: Int) throws(ReadError) -> Tree {
        var tree = Tree()
        var work: [Work] = documents.reversed().map { .value($0, parent: nil) }
        func error(_ node: Node, _ message: String) -> ReadError {
            ReadError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message)
        }
        func add(_ label: String, at node: Node, parent: Int?) throws(ReadError) -> Int {
            guard tree.count < limit else { throw error(node, "the document expands to too many nodes (aliases?)") }
            guard !label.isEmpty else { throw error(node, "empty label") }
            if label.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }) {
                throw error(node, "control character in a label")
            }
            return tree.addNode(label: label, parent: parent)
        }
        /// A `name`/`children` object.
        func addObject(_ mapping: Node.Mapping, name: Node, parent: Int?) throws(ReadError) {
            guard case .scalar(let label) = name else { throw error(name, "\"\(nameKey)\" must be a plain value") }
            let node = try add(label.string, at: name, parent: parent)
            var attributes = NodeAttributes()
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else { continue }
                switch keyScalar.string {
                case nameKey: continue
                case childrenKey:
                    if !isNull(value) { work.append(.value(value, parent: node)) }
                case "type":
                    guard case .scalar(let text) = value, let type = NodeType(name: text.string) else {
                        throw error(value, "unknown type (expected normal, important or critical)")
                    }
                    tree.setType(type, of: node)
                case "id":
                    guard case .scalar(let text) = value else { throw error(value, "\"id\" must be a plain value") }
                    tree.setID(text.string, of: node)
                case let other:
                    guard case .scalar(let text) = value else { continue }
                    do {
                        _ = try attributes.set(other, to: text.string)
                    } catch let problem {
                        throw error(value, problem.message)
                    }
                }
            }
            tree.setAttributes(attributes, of: node)
        }
        while let next = work.popLast() {
            switch next {
            case let .keyed(key, value, parent):
                guard case .scalar(let scalar) = key else { throw error(key, "a mapping key must be a plain value to be a label") }
                let node = try add(scalar.string, at: key, parent: parent)
                if !isNull(value) { work.append(.value(value, parent: node)) }
            case let .value(node, parent):
                switch node {
                case .scalar(let scalar):
                    if !isNull(node) { _ = try add(scalar.string, at: node, parent: parent) }
                case .sequence(let sequence):
                    for element in sequence.reversed() { work.append(.value(element, parent: parent)) }
                case .mapping(let mapping):
                    if let name = mapping[nameKey] {
                        try addObject(mapping, name: name, parent: parent)
                    } else {
                        for (key, value) in mapping.reversed() { work.append(.keyed(key: key, value: value, parent: parent)) }
                    }
                case .alias:
                    throw error(node, "unresolved alias")
                }
            }
        }
        if tree.isEmpty { throw ReadError(file: file, line: 0, column: 0, message: "no nodes: the input is empty") }
        return tree
    }

    private func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }
}
