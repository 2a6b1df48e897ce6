import CLibYAML
import Hierarchy

/// Reads YAML. Mappings nest: each key is a node, its value gives the children (a mapping: one
/// child per key; a list: one child per item; empty or `null`: none), but a key with a scalar value
/// is one leaf, `key: value` (`image: nginx`: a key above a value, repeated per record, drew
/// `alpha_3 → AFG` for every country of a code list).
/// A mapping with a `name` key is a node object as in JSON (`name`, `children`, `type`, `id`,
/// `url`, `tooltip`, `class`, `color`, `fill`), if it has a `children` key, stands in a node
/// object's children, or is a list item or document with no key but those; else (under a key,
/// which already names it) it is read as keys like any mapping, so nothing is dropped. A list is a forest, a scalar in it a leaf; a list item read as several keys
/// (a Kubernetes container, an Ansible task) is one node above them, labelled by its `name`, else
/// by a name-like key (`ItemLabelKey`), else unnamed (and so is an item of one key in a list that
/// has such items, so the records' keys line up, unless it is one leaf `key: value`), and a list item that is a list one unnamed node above its items, so items stay apart.
/// Several documents make one forest, each document an item (a list, or several keys without a
/// name, under a node "document N"); the only document's keys are roots,
/// gathered under its `name` if it has one (a CI workflow's `name: CI` above its `on:` and
/// `jobs:`), else its `title` or `label`, else, where some key would be a lone leaf beside
/// the others (`version: 2.0`), under its file's name. Order is kept everywhere. Labels lose surrounding
/// whitespace; an empty one (`"":`, `name: ""`) is an unnamed node, an empty string in a list `""`. A `type` that is not one of
/// ours becomes a CSS class, with a warning; ids must be unique. An alias stands for a copy of
/// its anchored value (a list or mapping too), and a merge key (`<<: *base`, `<<: [*a, *b]`)
/// brings in the keys of the mappings it names that the mapping does not have itself (YAML 1.1's
/// merge, as CI and compose files use it). What aliases repeat is capped (`maximumAliasValues`
/// values, `maximumAliasBytes` of text), so no document can multiply itself.
///
/// Built on libyaml's event parser (Debian's libyaml), iteratively: the events go into flat
/// arrays, then a loop with an explicit stack makes the tree. Yams, the Swift YAML package at
/// hand, composes documents recursively (one stack frame per nesting level) and brings in
/// Foundation and ICU, which cost every run of the tool several milliseconds to start.
/// libyaml's scanner slows down quadratically with nesting depth in flow style, so nesting is
/// limited to `maximumDepth` levels, with a clear message; JSON takes deeper trees.
public struct YAMLReader: HierarchyReader {
    public var nameKey: String
    public var childrenKey: String
    public var typeKey: String
    /// The byte at a libyaml mark, whose line and column count characters (so does its index,
    /// which is no byte offset once a line holds an accented letter), if it is in `buffer`.
    static func byteOffset(line: Int, column: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        for _ in 0..<line {
            let end = buffer.endOfLine(from: offset)
            guard end < buffer.count else { return nil }
            offset = end + 1
        }
        for _ in 0..<column {
            guard offset < buffer.count, buffer[offset] != 0x0A else { return nil }
            let lead = buffer[offset]
            offset += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        return offset < buffer.count ? offset : nil
    }

    /// The deepest nesting of lists and mappings accepted (a `name`/`children` object nests
    /// two per tree level, so that is 5,000 levels of such objects); parsing that deep takes
    /// about a second.
    public static let maximumDepth = 10_000
    /// The most label text aliases may repeat in all (64 MiB): each alias repeats its anchor's
    /// text in the drawing, so a few kilobytes of aliases could otherwise make gigabytes of output.
    public static let maximumAliasBytes = 64 << 20
    /// The most values (scalars, lists and mappings) aliases may repeat in all: an alias of a
    /// list of aliases of lists… would otherwise nest exponentially ("billion laughs").
    public static let maximumAliasValues = 1_000_000

    /// What the message about too deep a nesting advises.
    let deepNestingAdvice: String

    /// Whether a list item of several keys without a `name` is labelled by a name-like key
    /// (`ItemLabelKey`: `Name`, `title`, `ifname`, `package_name`…), as `name` labels it; off
    /// for readers that recognise a known document by its unnamed items' keys (pipdeptree's).
    var labelsItemsByNameLikeKeys = true

    /// Whether a key with a scalar value is one leaf, `key: value` (`image: nginx`), rather than
    /// a node above its value; off for readers that recognise a known document by its keys'
    /// values (npm's and pipdeptree's package lists).
    var joinsScalarValues = true

    public init(nameKey: String = "name", childrenKey: String = "children", typeKey: String = "type") {
        self.init(nameKey: nameKey, childrenKey: childrenKey, typeKey: typeKey,
                  deepNestingAdvice: "libyaml slows down quadratically with depth; use JSON for deeper trees")
    }

    /// A reader whose message about deep nesting advises as given (JSON read as keys comes here).
    init(nameKey: String, childrenKey: String, typeKey: String, deepNestingAdvice: String) {
        self.nameKey = nameKey
        self.childrenKey = childrenKey
        self.typeKey = typeKey
        self.deepNestingAdvice = deepNestingAdvice
    }

    /// The label of a node standing for the whole document: the file's name where `file` names a
    /// JSON or YAML file (`logging-gapic.json`), else none (standard input, a Markdown block,
    /// whose file is not this document): an unnamed node.
    static func documentName(_ file: String) -> String {
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        let lowered = name.lowercased()
        return [".json", ".yaml", ".yml"].contains { lowered.hasSuffix($0) && lowered.count > $0.count } ? name : ""
    }

    /// The document as flat arrays, one entry per node event.
    private struct Events {
        enum Kind: UInt8 { case scalar, sequence, mapping }
        var kinds: [Kind] = []
        /// Scalar text (nil for collections).
        var texts: [String?] = []
        /// Whether a scalar is plain (only plain scalars can be null).
        var plain: [Bool] = []
        /// Whether a scalar is a literal block (`|`), whose line breaks are its own.
        var literal: [Bool] = []
        /// For a collection, the index just past its last descendant.
        var ends: [Int32] = []
        var lines: [Int32] = []
        var columns: [Int32] = []
        /// The index of each document's root.
        var documents: [Int] = []
    }

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        for index in source.bytes.indices where source.bytes[index] == 0 {
            throw source.error(at: index, "NUL byte in YAML")
        }
        let events = try parse(source, file: file)
        return try build(events, file: file)
    }

    private func parse(_ source: SourceText, file: String) throws(ReadError) -> Events {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw ReadError(file: file, line: 0, column: 0, message: "libyaml could not start") }
        defer { yaml_parser_delete(&parser) }
        var events = Events()
        var anchors: [String: Int] = [:]
        var open: [Int] = []
        var aliasBytes = 0, aliasValues = 0
        return try source.bytes.withUnsafeBufferPointer { buffer throws(ReadError) -> Events in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    let mark = parser.problem_mark
                    var problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    // A tab where libyaml scans for a token: YAML indents with spaces only, which
                    // its message does not say.
                    if let offset = Self.byteOffset(line: Int(mark.line), column: Int(mark.column), in: buffer), buffer[offset] == 0x09 {
                        problem += ": a tab (YAML indents with spaces only)"
                    }
                    // What was open where (libyaml's context: "while parsing a flow sequence"
                    // at the '[' that is never closed): the place to fix is often there.
                    if let context = parser.context.map({ String(cString: $0) }) {
                        let opened = parser.context_mark
                        // (Named with the file, as other readers name a second place: an embedding
                        // that moves the block's places, `schematic markdown`, moves it too.)
                        problem += " (\(context) started at \(file):\(opened.line + 1):\(opened.column + 1))"
                    }
                    throw ReadError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: problem)
                }
                defer { yaml_event_delete(&event) }
                let line = Int32(event.start_mark.line + 1), column = Int32(event.start_mark.column + 1)
                func anchor(_ pointer: UnsafeMutablePointer<yaml_char_t>?) {
                    if let pointer { anchors[String(cString: pointer)] = events.kinds.count }
                }
                func append(_ kind: Events.Kind, _ text: String?, plain: Bool, literal: Bool = false) {
                    if open.isEmpty { events.documents.append(events.kinds.count) }
                    events.kinds.append(kind)
                    events.texts.append(text)
                    events.plain.append(plain)
                    events.literal.append(literal)
                    events.ends.append(Int32(events.kinds.count))
                    events.lines.append(line)
                    events.columns.append(column)
                }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return events
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    anchor(scalar.anchor)
                    let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    append(.scalar, text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, literal: scalar.style == YAML_LITERAL_SCALAR_STYLE)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    anchor(event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor)
                    guard open.count < YAMLReader.maximumDepth else {
                        throw ReadError(file: file, line: Int(line), column: Int(column), message:
                            "lists and mappings nested deeper than \(YAMLReader.maximumDepth) levels (\(deepNestingAdvice))")
                    }
                    let index = events.kinds.count
                    append(event.type == YAML_SEQUENCE_START_EVENT ? .sequence : .mapping, nil, plain: false)
                    open.append(index)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    let start = open.removeLast()
                    events.ends[start] = Int32(events.kinds.count)
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard let target = anchors[name] else {
                        throw ReadError(file: file, line: Int(line), column: Int(column), message: "unknown alias *\(name)")
                    }
                    // `open` holds the open collections' indices in increasing order.
                    if open.last.map({ $0 >= target }) == true, Self.holds(open, target) {
                        throw ReadError(file: file, line: Int(line), column: Int(column),
                                        message: "*\(name) is inside the list or mapping it names, so it would repeat itself forever")
                    }
                    let copied = target..<Int(events.ends[target])
                    var bytes = 0
                    for index in copied { bytes += events.texts[index]?.utf8.count ?? 0 }
                    aliasBytes += bytes
                    aliasValues += copied.count
                    guard aliasBytes <= YAMLReader.maximumAliasBytes else {
                        throw ReadError(file: file, line: Int(line), column: Int(column), message:
                            "aliases repeat more than \(YAMLReader.maximumAliasBytes >> 20) MB of text in all (*\(name) repeats \(bytes) bytes); the drawing would be too large")
                    }
                    guard aliasValues <= YAMLReader.maximumAliasValues else {
                        throw ReadError(file: file, line: Int(line), column: Int(column), message:
                            "aliases repeat more than \(YAMLReader.maximumAliasValues) values in all (*\(name) repeats \(copied.count)); the drawing would be too large")
                    }
                    // A copy of the anchored events, their places kept (an error in the copy
                    // points at the anchored text), their ends moved with them.
                    if open.isEmpty { events.documents.append(events.kinds.count) }
                    let shift = Int32(events.kinds.count - target)
                    for index in copied {
                        events.kinds.append(events.kinds[index])
                        events.texts.append(events.texts[index])
                        events.plain.append(events.plain[index])
                        events.literal.append(events.literal[index])
                        events.ends.append(events.ends[index] + shift)
                        events.lines.append(events.lines[index])
                        events.columns.append(events.columns[index])
                    }
                default:
                    continue
                }
            }
        }
    }

    /// Whether the sorted indices `open` hold `index` (binary search).
    private static func holds(_ open: [Int], _ index: Int) -> Bool {
        var low = 0, high = open.count
        while low < high {
            let middle = (low + high) / 2
            if open[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < open.count && open[low] == index
    }

    /// What one pending value adds under a parent.
    private enum Work {
        /// A value to read; `inChildren` where it is (in) a node object's children, where
        /// mappings follow the `name`/`children` convention whatever else they hold.
        case value(Int, parent: Int?, inChildren: Bool, slot: Slot)
        case keyed(key: Int, value: Int, parent: Int?)
    }

    /// Where a value stands, which decides whether a mapping read as keys keeps them together.
    private enum Slot {
        /// Under a key, which already gathers the mapping's keys.
        case keyed
        /// An item of a list or of a stream of several documents: a mapping of several keys is
        /// one node (its `name`, else unnamed), so items stay apart.
        case item
        /// An item of a list that holds a mapping of several keys (records): a mapping of one key
        /// is one node too, so the records' keys line up (a CI matrix's `- include: […]` stood a
        /// level higher than its siblings' keys), unless its value is a scalar (one leaf).
        case record
        /// The only document: its keys are the roots, unless it has a `name` (else a `title` or
        /// `label`) to gather them.
        case soleDocument
        /// A document of a stream of several: as an item, but named "document N" where it has no name.
        case streamDocument
    }

    private func build(_ events: Events, file: String) throws(ReadError) -> Tree {
        /// A mapping's key and value pairs, in order; a merge key (`<<`, plain) gives way to the
        /// pairs of the mappings it names (merged themselves), but for keys the mapping has
        /// itself or an earlier merged mapping gave. Iterative: merges may nest deeply.
        func mergedPairs(of mapping: Int) throws(ReadError) -> [(Int, Int)] {
            struct Frame {
                var pairs: [(Int, Int)]
                var cursor = 0
                /// The mapping's own keys, which merged ones never override.
                var own: Set<String> = []
                var given: Set<String> = []
                var result: [(Int, Int)] = []
                /// The mappings the merge key being read names, still to merge.
                var sources: [Int] = []
            }
            func frame(_ mapping: Int) throws(ReadError) -> Frame {
                let members = entries(mapping)
                var frame = Frame(pairs: stride(from: 0, to: members.count - 1, by: 2).map { (members[$0], members[$0 + 1]) })
                for (key, _) in frame.pairs where events.kinds[key] == .scalar && !isMergeKey(key) {
                    guard frame.own.insert(events.texts[key]!).inserted else {
                        throw error(key, "duplicate key '\(events.texts[key]!)' in a mapping")
                    }
                }
                if frame.pairs.count(where: { isMergeKey($0.0) }) > 1, let second = frame.pairs.filter({ isMergeKey($0.0) }).dropFirst().first {
                    throw error(second.0, "duplicate key '<<' in a mapping (merge several with <<: [*a, *b])")
                }
                return frame
            }
            var stack = [try frame(mapping)]
            while true {
                let top = stack.count - 1
                if !stack[top].sources.isEmpty {
                    stack.append(try frame(stack[top].sources.removeFirst()))
                    continue
                }
                if stack[top].cursor == stack[top].pairs.count {
                    let done = stack.removeLast()
                    guard !stack.isEmpty else { return done.result }
                    let parent = stack.count - 1
                    for pair in done.result {
                        if events.kinds[pair.0] == .scalar {
                            let key = events.texts[pair.0]!
                            guard !stack[parent].own.contains(key), stack[parent].given.insert(key).inserted else { continue }
                        }
                        stack[parent].result.append(pair)
                    }
                    continue
                }
                let pair = stack[top].pairs[stack[top].cursor]
                stack[top].cursor += 1
                guard isMergeKey(pair.0) else {
                    stack[top].result.append(pair)
                    continue
                }
                let value = pair.1
                switch events.kinds[value] {
                case .mapping:
                    stack[top].sources = [value]
                case .sequence where entries(value).allSatisfy({ events.kinds[$0] == .mapping }):
                    stack[top].sources = entries(value)
                default:
                    if isNull(value) { continue }
                    throw error(value, "a merge key '<<' takes a mapping or a list of mappings")
                }
            }
        }
        func isMergeKey(_ index: Int) -> Bool {
            events.kinds[index] == .scalar && events.plain[index] && events.texts[index] == "<<"
        }
        var tree = Tree()
        var idEvents: [String: Int] = [:]
        var unknownTypes = UnknownTypes()
        /// Node objects with a list or mapping under a key other than the children key: how
        /// many, and the first such key.
        var unreadStructure = (count: 0, first: 0)
        func error(_ index: Int, _ message: String) -> ReadError {
            ReadError(file: file, line: Int(events.lines[index]), column: Int(events.columns[index]), message: message)
        }
        func place(_ index: Int) -> String { "\(file):\(events.lines[index]):\(events.columns[index])" }
        func isNull(_ index: Int) -> Bool {
            events.kinds[index] == .scalar && events.plain[index] && ["", "~", "null", "Null", "NULL"].contains(events.texts[index]!)
        }
        /// The direct children of a collection: each entry's index (keys and values alternate in mappings).
        func entries(_ index: Int) -> [Int] {
            var result: [Int] = []
            var child = index + 1
            while child < Int(events.ends[index]) {
                result.append(child)
                child = Int(events.ends[child])
            }
            return result
        }
        /// A list or mapping as a label (a complex key, `? [a, b]`), in flow style: `[a, b]`,
        /// `{k: v}`. One pass over its events.
        func flowText(_ index: Int) -> String {
            var text = "", open: [(end: Int, isMapping: Bool, count: Int)] = []
            var at = index
            while at < Int(events.ends[index]) {
                while let last = open.last, at >= last.end { text += last.isMapping ? "}" : "]"; open.removeLast() }
                if let last = open.indices.last {
                    if open[last].count > 0 { text += open[last].isMapping && open[last].count % 2 == 1 ? ": " : ", " }
                    open[last].count += 1
                }
                switch events.kinds[at] {
                case .scalar: text += events.texts[at] ?? ""
                case .sequence: text += "["; open.append((Int(events.ends[at]), false, 0))
                case .mapping: text += "{"; open.append((Int(events.ends[at]), true, 0))
                }
                at += 1
            }
            for last in open.reversed() { text += last.isMapping ? "}" : "]" }
            return text
        }
        /// The trimmed label of the event at `index`, its control characters (only escapes
        /// give them: libyaml refuses them raw) escaped. A key that is a list or mapping is
        /// labelled with it in flow style.
        var escapedLabels = EscapedLabels()
        func drawableLabel(_ index: Int) -> String {
            let text = events.kinds[index] == .scalar ? events.texts[index] ?? "" : flowText(index)
            return escapedLabels.drawable(NodeFields.trimmedLabel(text), at: index)
        }
        func add(_ index: Int, parent: Int?) -> Int {
            tree.addNode(label: drawableLabel(index), parent: parent)
        }
        /// A key and its scalar value as one leaf, `key: value` (either alone where the other is
        /// empty).
        func add(_ key: Int, value: Int, parent: Int?) -> Int {
            let keyText = drawableLabel(key)
            var valueText = drawableLabel(value)
            if ProseLabelText.namesProse(keyText) {
                // Documentation in HTML (AWS's API models) is drawn as its text.
                if let text = HTMLLabelText.plainText(of: valueText) { valueText = text }
                else if events.literal[value] { valueText = ProseLabelText.reflowed(valueText) }
            }
            let label = keyText.isEmpty ? valueText : valueText.isEmpty ? keyText : keyText + ": " + valueText
            return tree.addNode(label: label, parent: parent)
        }
        /// "document N" for the document whose first event is `index`, by bisection.
        func documentLabel(_ index: Int) -> String {
            var low = 0, high = events.documents.count
            while low < high {
                let middle = (low + high) / 2
                if events.documents[middle] < index { low = middle + 1 } else { high = middle }
            }
            return "document \(low + 1)"
        }
        let documentSlot: Slot = events.documents.count > 1 ? .streamDocument : .soleDocument
        var work: [Work] = events.documents.reversed().map { .value($0, parent: nil, inChildren: false, slot: documentSlot) }
        while let next = work.popLast() {
            switch next {
            case let .keyed(key, value, parent):
                if joinsScalarValues && events.kinds[value] == .scalar && !isNull(value) {
                    _ = add(key, value: value, parent: parent)
                    continue
                }
                let node = add(key, parent: parent)
                if !isNull(value) { work.append(.value(value, parent: node, inChildren: false, slot: .keyed)) }
            case let .value(index, parent, inChildren, slot):
                switch events.kinds[index] {
                case .scalar:
                    // An empty string in a list is a value (a CI matrix's `nox-session: ['']`):
                    // drawn as `""`, not as an unnamed node's dot.
                    if !isNull(index) {
                        let label = drawableLabel(index)
                        _ = tree.addNode(label: label.isEmpty ? "\"\"" : label, parent: parent)
                    }
                case .sequence:
                    // A list that is an item (of a list, or a document among several) is one
                    // unnamed node above its items, so items stay apart (a table's rows were
                    // spliced into one list of cells).
                    let elements = entries(index)
                    let above = (slot == .item || slot == .record || slot == .streamDocument) && !elements.isEmpty
                        ? tree.addNode(label: slot == .streamDocument ? documentLabel(index) : "", parent: parent) : parent
                    let holdsRecords = elements.contains { events.kinds[$0] == .mapping && entries($0).count > 2 }
                    for element in elements.reversed() {
                        work.append(.value(element, parent: above, inChildren: inChildren, slot: holdsRecords ? .record : .item))
                    }
                case .mapping:
                    let pairs = try mergedPairs(of: index)
                    func isKey(_ key: Int, _ text: String) -> Bool { events.kinds[key] == .scalar && events.texts[key] == text }
                    let name = pairs.first(where: { isKey($0.0, nameKey) })
                    let hasChildren = pairs.contains { isKey($0.0, childrenKey) }
                    // A list or mapping (not empty) under another key is structure a node object
                    // would drop: outside a node object's children and without a children key,
                    // the mapping is read as keys (a workflow's `name: CI` beside its `jobs:`);
                    // else it is a node object, and the key is noted.
                    let nested = pairs.first { key, value in
                        events.kinds[key] == .scalar && !isKey(key, nameKey) && !isKey(key, childrenKey)
                            && events.kinds[value] != .scalar && Int(events.ends[value]) > value + 1
                    }
                    // A scalar under a key that is no node field (an Ansible module's `state:`,
                    // a workflow step's `run:`) would be dropped too, unless the d3 convention is
                    // plain (a children key, or in one).
                    let foreignScalar = pairs.contains { key, value in
                        guard events.kinds[key] == .scalar, events.kinds[value] == .scalar, let text = events.texts[key] else { return false }
                        return text != nameKey && text != childrenKey && !NodeFields.isNodeField(text, typeKey: typeKey)
                    }
                    // Under a key, a mapping of a name alone is keys too (`metadata: {name: web}`
                    // drew metadata → web, but metadata → name → web beside `labels:`).
                    let isNodeObject = name != nil && (hasChildren || inChildren || (slot != .keyed && nested == nil && !foreignScalar))
                    if let nested, isNodeObject {
                        if unreadStructure.count == 0 { unreadStructure.first = nested.0 }
                        unreadStructure.count += 1
                    }
                    if let name, isNodeObject {
                        let node = add(name.1, parent: parent)
                        var attributes = NodeAttributes()
                        var typeClass: String?
                        for (key, value) in pairs where events.kinds[key] == .scalar && key != name.0 {
                            let keyText = events.texts[key]!
                            if keyText == childrenKey {
                                if !isNull(value) { work.append(.value(value, parent: node, inChildren: true, slot: .keyed)) }
                                continue
                            }
                            // A null field (`type: ~`, `id: null`) is no value, as in JSON.
                            guard events.kinds[value] == .scalar, !isNull(value), let text = events.texts[value] else { continue }
                            switch keyText {
                            case typeKey:
                                switch NodeFields.typeValue(text) {
                                case .type(let type): tree.setType(type, of: node)
                                case .knownClass(let name): typeClass = name
                                case .unknownClass(let text, let className):
                                    typeClass = className
                                    unknownTypes.note(text, className: className, at: value)
                                }
                            case "id":
                                if let first = idEvents[text] { throw error(value, duplicateIDMessage(text, first: place(first))) }
                                idEvents[text] = value
                                tree.setID(text, of: node)
                            default:
                                do {
                                    _ = try attributes.set(keyText, to: text)
                                } catch let problem {
                                    throw error(value, problem.message)
                                }
                            }
                        }
                        if let typeClass { NodeFields.addTypeClass(typeClass, to: &attributes) }
                        tree.setAttributes(attributes, of: node)
                        // Children pushed above come out after this node's other work: fine, as
                        // they are the only work this node adds.
                    } else {
                        // A list item of several keys (a Kubernetes container, an Ansible task,
                        // a workflow step's `uses:` and `with:`) is one node, so its keys are not
                        // mixed with the next item's; its `name` labels it, else it is unnamed.
                        var labelKey = name
                        if labelKey == nil && labelsItemsByNameLikeKeys && (slot == .item || slot == .record) {
                            // Without `name`, a name-like key labels the item (ip -j's `ifname`,
                            // Docker's `Name`): a column of unnamed dots said nothing of which
                            // interface or container each was.
                            labelKey = ItemLabelKey.best(in: pairs.lazy.compactMap { key, value in
                                events.kinds[key] == .scalar && events.kinds[value] == .scalar && !isNull(value)
                                    ? (key, events.texts[key] ?? "", value: events.texts[value] ?? "") : nil
                            }).flatMap { key in pairs.first { $0.0 == key } }
                        } else if labelKey == nil && labelsItemsByNameLikeKeys && slot == .soleDocument {
                            // The only document's `title` (a JSON Schema's) or `label` gathers its
                            // keys as `name` does: as roots, its scalar keys floated apart from
                            // the tree of its `properties`.
                            labelKey = ItemLabelKey.best(in: pairs.lazy.compactMap { key, value in
                                guard events.kinds[key] == .scalar, events.kinds[value] == .scalar, !isNull(value),
                                      let rank = ItemLabelKey.rank(of: events.texts[key] ?? ""), (1...2).contains(rank) else { return nil }
                                return (key, events.texts[key] ?? "", value: events.texts[value] ?? "")
                            }).flatMap { key in pairs.first { $0.0 == key } }
                        }
                        let label = labelKey.flatMap { events.kinds[$0.1] == .scalar && !isNull($0.1) ? $0.1 : nil }
                        // The only document's keys stay roots where each holds structure (a
                        // compose file's `services:` and `volumes:`); a key that would be a lone
                        // leaf (`version: 2.0`, `comment: …`) floated unconnected beside them, so
                        // then the document's file gathers them.
                        let leavesFloat = slot == .soleDocument && label == nil && pairs.count > 1 && pairs.contains { key, value in
                            events.kinds[key] == .scalar
                                && (events.kinds[value] == .scalar ? joinsScalarValues || isNull(value) : Int(events.ends[value]) <= value + 1)
                        }
                        let gathers = switch slot {
                        case .keyed: false
                        case .item, .streamDocument: pairs.count > 1
                        case .record: !pairs.isEmpty
                        case .soleDocument: label != nil || leavesFloat
                        }
                        var owner = parent
                        var keys = pairs
                        // An item of one key with a scalar value is its one leaf (`- uses: x`),
                        // no unnamed node above it: the leaf already keeps it apart.
                        let isOneLeaf = joinsScalarValues && label == nil && pairs.count == 1
                            && events.kinds[pairs[0].1] == .scalar && !isNull(pairs[0].1)
                        if gathers && !isOneLeaf {
                            if let label {
                                owner = add(label, parent: parent)
                                keys.removeAll { $0.0 == labelKey!.0 }
                            } else if slot == .streamDocument {
                                // A document of a stream (a Kubernetes manifest's): a dot said
                                // nothing of which of its documents a tree is.
                                owner = tree.addNode(label: documentLabel(index), parent: parent)
                            } else if slot == .soleDocument {
                                owner = tree.addNode(label: Self.documentName(file), parent: parent)
                            } else {
                                owner = tree.addNode(label: "", parent: parent)
                            }
                        }
                        for (key, value) in keys.reversed() { work.append(.keyed(key: key, value: value, parent: owner)) }
                    }
                }
            }
        }
        if tree.isEmpty {
            // A document of an empty mapping or sequence (`{}`, `[]`) is not an empty input.
            let holdsCollection = events.kinds.contains { $0 != .scalar }
            throw ReadError(file: file, line: 0, column: 0,
                            message: holdsCollection ? "no nodes: the document holds no keys or items" : "no nodes: the input is empty")
        }
        tree.warnings = unknownTypes.warnings(places: unknownTypes.positions.map(place))
        if let escaped = escapedLabels.warning(place: place) { tree.warnings.append(escaped) }
        if unreadStructure.count > 0 {
            let key = events.texts[unreadStructure.first] ?? ""
            let count = unreadStructure.count
            tree.warnings.append("\(place(unreadStructure.first)): \(count == 1 ? "a node object has" : "\(count) node objects have") "
                                 + "a list or mapping under a key that is not read (the first '\(key)'), not drawn: "
                                 + "only '\(childrenKey)' holds a node's children (--children-key)")
        }
        return tree
    }
}
