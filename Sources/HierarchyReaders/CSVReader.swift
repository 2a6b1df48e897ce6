import Hierarchy

/// Reads a parent–child table with a header row (d3-hierarchy's `stratify` convention): each
/// row is a node with an id and the id of its parent; an empty parent makes a root, and so does
/// a database's null ("NULL", "None", "\\N", and in a table of nodes with integer ids 0 or -1)
/// that is no row's id. Ids are compared without the spaces around them. Rows may come in any
/// order; children keep the order of their rows. A first line separated by semicolons or tabs
/// rather than commas (a spreadsheet's export where the comma is the decimal mark) sets the
/// separator.
///
/// Columns are found by name (`--id-column`, `--parent-column`, `--label-column`,
/// `--type-column`; by default the first of `idColumns`, of `parentColumns` and of
/// `labelColumns(idColumn:)` (else the id), `type`, matched by their letters and digits in any
/// case, so that `parent_id`, `Parent ID` and `parentId` are one name; failing those, a parent column named
/// `parent…` or `manager…` and an id column named `…id`, as in `category_id,parent_category_id`),
/// and columns named `url`, `tooltip`, `class`, `color`, `fill` become node attributes. Labels
/// lose surrounding whitespace; an empty label is an unnamed node.
///
/// A table with no root row (no empty parent) is an *edge list* (`parent,child`, `from,to`,
/// `manager,employee` with the columns named): a parent that is no row's id is a root, in the
/// order the rows first name it. Where the table has a root row, such a parent is an error
/// (most likely a misspelt id).
///
/// An id on several rows with different parents is one node with several parents: the first
/// row's parent is its parent in the tree, the others are additional parents (drawn as DOT's
/// are). Such rows may leave the label, type and attribute cells empty; cells they fill must
/// agree with the first row. A row that repeats an earlier one (the same id and parent, no cell
/// that disagrees; a table of several levels written as an edge list repeats its upper rows) is
/// read once, with a warning; unknown parents and cycles are errors that name the rows (a
/// cycle no root reaches is drawn from its first row's node with `breaksCycles`).
///
/// The tokenizer is RFC 4180 (quoted fields with `""`, commas and line breaks inside quotes,
/// CRLF) written here rather than taken from a CSV package, because those report no line and
/// column for malformed input and would bring in Foundation, which costs every run start-up time.
public struct CSVReader: HierarchyReader {
    /// The field separator: `,` for CSV, a tab for TSV.
    public var separator: UInt8
    public var idColumn: String?
    public var parentColumn: String?
    public var labelColumn: String?
    public var typeColumn: String?
    /// A cycle of first parents no root reaches is drawn from its first row's node, with a
    /// warning, instead of refused (`ReaderOptions.breaksCycles`).
    public var breaksCycles: Bool

    public init(separator: UInt8 = UInt8(ascii: ","), idColumn: String? = nil, parentColumn: String? = nil,
                labelColumn: String? = nil, typeColumn: String? = nil, breaksCycles: Bool = false) {
        self.separator = separator
        self.idColumn = idColumn
        self.parentColumn = parentColumn
        self.labelColumn = labelColumn
        self.typeColumn = typeColumn
        self.breaksCycles = breaksCycles
    }

    /// Which of two columns holds the parents where the first row is no header but data, as
    /// the rest (an edge list written without one): nil unless every row has two fields and a
    /// value of the first row comes again below it (a header's names do not). The parents'
    /// column is the one whose values repeat (a parent has several children; a child one
    /// parent), the first where neither or both do.
    static func headerlessParentColumn(source: SourceText, separator: UInt8, first: [Field]) throws(ReadError) -> Int? {
        guard first.count == 2, !first[0].text.isEmpty, !first[1].text.isEmpty else { return nil }
        var rows = CSVRows(source: source, separator: separator)
        _ = try rows.next()
        var seen: [Set<String>] = [[first[0].text], [first[1].text]]
        var repeats = [0, 0], firstComesAgain = false
        while let row = try rows.next() {
            if row.fields.count == 1 && row.fields[0].text.isEmpty { continue }
            guard row.fields.count == 2 else { return nil }
            for column in 0..<2 {
                let text = row.fields[column].text
                if text == first[0].text || text == first[1].text { firstComesAgain = true }
                if !seen[column].insert(text).inserted { repeats[column] += 1 }
            }
        }
        guard firstComesAgain else { return nil }
        return repeats[1] > repeats[0] ? 1 : 0
    }

    /// One field: its text and where it starts (a byte offset, for messages).
    struct Field {
        var text: String
        var offset: Int
    }

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        let source = try SourceText(bytes: input, file: file)
        let separator = CSVReader.separator(ofFirstLine: source.bytes, else: self.separator)
        var rows = CSVRows(source: source, separator: separator)
        guard let header = try rows.next() else {
            throw ReadError(file: file, line: 0, column: 0, message: "no nodes: the input is empty")
        }
        var names = header.fields.map { $0.text.filter { !$0.isWhitespace } }
        // Two columns under no header (`WORLD,FR`): read as parent and child, the first row too.
        var headerlessParent: Int? = nil
        if idColumn == nil && parentColumn == nil && labelColumn == nil && typeColumn == nil && CSVReader.parentColumn(among: names) == nil,
           let parent = try CSVReader.headerlessParentColumn(source: source, separator: separator, first: header.fields) {
            headerlessParent = parent
            names = parent == 0 ? ["parent", "child"] : ["child", "parent"]
            rows = CSVRows(source: source, separator: separator)
        }
        /// The column named `requested` (which must be there), else the first of `defaults`.
        func column(_ requested: String?, _ defaults: [String], what: String) throws(ReadError) -> Int? {
            guard let requested else { return CSVReader.column(among: names, named: defaults) }
            guard let index = names.firstIndex(of: requested) else {
                throw source.error(at: header.fields[0].offset, "no column named '\(requested)' for the \(what) (columns: \(names.joined(separator: ", ")))")
            }
            return index
        }
        /// The error of a header naming none of a required column's usual names.
        func missingColumn(_ what: String, _ defaults: [String]) -> ReadError {
            // A header with tabs in it is a table of tab-separated values: its columns are named as such.
            let tabs = separator != 0x09 && header.fields.contains { $0.text.contains("\t") }
            let shown = tabs ? header.fields.flatMap { $0.text.split(separator: "\t").map { $0.filter { !$0.isWhitespace } } } : names
            return source.error(at: header.fields[0].offset,
                                "no \(what) column: name one \(defaults.map { "'\($0)'" }.joined(separator: " or ")) "
                                + "(in any case, with or without '_' or spaces), "
                                + "or say which with --\(what)-column (columns: \(shown.joined(separator: ", ")))"
                                + (tabs ? "; the header is separated by tabs: read it as TSV (--from tsv)" : ""))
        }
        // Columns given by name must be there (the id's first, as asked); else the usual names
        // are looked for, the parent's first (the id is another column).
        var idIndex: Int? = nil, parentIndex: Int? = nil
        if let idColumn { idIndex = try column(idColumn, [], what: "id") }
        if let parentColumn { parentIndex = try column(parentColumn, [], what: "parent") }
        if parentIndex == nil { parentIndex = CSVReader.parentColumn(among: names) }
        if idIndex == nil { idIndex = CSVReader.idColumn(among: names, besides: parentIndex) }
        // Two columns, one the parent: the other is the id (`package,dependency` with
        // --parent-column package needed a second run to say --id-column dependency).
        // (Not in a header of tab-separated names read as CSV: that is said instead.)
        let tabbedHeader = separator != 0x09 && header.fields.contains { $0.text.contains("\t") }
        if idIndex == nil, let parentIndex, names.count == 2, !tabbedHeader { idIndex = 1 - parentIndex }
        guard let parentIndex else {
            var error = missingColumn("parent", CSVReader.parentColumns)
            // Both missing: said at once, not one run at a time.
            if names.count == 2 && idIndex == nil && !tabbedHeader {
                error.message += "; the other column is then the id"
            } else if idIndex == nil && !tabbedHeader {
                error.message += "; there is no id column either: name it with --id-column"
            }
            throw error
        }
        guard let idIndex else { throw missingColumn("id", CSVReader.idColumns) }
        guard idIndex != parentIndex else {
            throw source.error(at: header.fields[idIndex].offset, "the id and the parent are both column '\(names[idIndex])': name another with --id-column or --parent-column")
        }
        let labelIndex = try column(labelColumn, CSVReader.labelColumns(idColumn: names[idIndex]), what: "label") ?? idIndex
        let typeIndex = try column(typeColumn, ["type"], what: "type")
        let attributeColumns = ["url", "tooltip", "class", "color", "fill"].compactMap { name in
            CSVReader.column(among: names, named: [name]).map { (name, $0) }
        }

        var tree = Tree()
        var nodeOfID: [String: Int] = [:]
        var parentIDs: [Field?] = []
        var rowLines: [Int32] = []
        /// Rows after a node's first: further parents, checked and added once every id is known.
        var extraParents: [(node: Int, parent: Field)] = []
        /// The line of the row that gave a node each of its additional parents.
        var parentLines: [ParentKey: Int32] = [:]
        /// The first row that repeats an earlier one, and how many do.
        var firstRepeat: ReadError?, repeatCount = 0
        var unknownTypes = UnknownTypes()
        /// The type a node's first row names, as written (a repeated row must agree: compared
        /// as written, not as the class made of it); few nodes have one.
        var typeTextOfNode: [Int: String] = [:]
        while let row = try rows.next() {
            let fields = row.fields
            if fields.count == 1 && fields[0].text.isEmpty { continue }  // a blank line
            guard fields.count == names.count else {
                throw source.error(at: row.offset, "row \(rows.rowNumber) has \(fields.count) fields; the header has \(names.count)")
            }
            // Ids without the spaces around them ("Alice, Bob" and "Dave,Alice " name Alice).
            let id = CSVReader.trimmed(fields[idIndex].text)
            guard !id.isEmpty else { throw source.error(at: fields[idIndex].offset, "row \(rows.rowNumber): empty id") }
            let label = NodeFields.trimmedLabel(fields[labelIndex].text)
            if let bad = NodeFields.undrawableCharacter(in: label) {
                throw source.error(at: fields[labelIndex].offset, "row \(rows.rowNumber): control character U+\(hex(UInt8(bad.value))) in a label")
            }
            var type: NodeType?, typeClass: String?, unknownType: String?, typeText: String?
            if let typeIndex, case let written = NodeFields.trimmedLabel(fields[typeIndex].text), !written.isEmpty {
                // As in JSON and YAML: another value is kept as a CSS class, with a warning.
                switch NodeFields.typeValue(written) {
                case .type(let named): type = named; typeText = named.description
                case .knownClass(let name): typeClass = name; typeText = written
                case .unknownClass(let value, let className):
                    typeClass = className
                    unknownType = value
                    typeText = value
                }
            }
            var attributes = NodeAttributes()
            for (name, index) in attributeColumns where !fields[index].text.isEmpty {
                do throws(AttributeError) {
                    _ = try attributes.set(name, to: fields[index].text)
                } catch {
                    throw source.error(at: fields[index].offset, "row \(rows.rowNumber): \(error.message)")
                }
            }
            if let typeClass { NodeFields.addTypeClass(typeClass, to: &attributes) }
            var parent = fields[parentIndex]
            parent.text = CSVReader.trimmed(parent.text)
            if let node = nodeOfID[id] {
                // A further row for a known id: one more parent, and nothing that contradicts the first row.
                let firstLine = rowLines[node]
                // (Another label first: most likely an id given twice, not a second parent.)
                if labelIndex != idIndex, !label.isEmpty, label != tree.labels[node] {
                    let first = tree.labels[node].isEmpty ? "unnamed" : "'\(tree.labels[node])'"
                    throw source.error(at: fields[labelIndex].offset, "row \(rows.rowNumber): id '\(id)' is labelled '\(label)' here but \(first) on line \(firstLine): "
                                       + "give each node an id of its own (a node's further rows name its further parents)")
                }
                let sameAsFirst = parent.text == (parentIDs[node]?.text ?? "")
                let repeated = sameAsFirst ? firstLine : parentLines[ParentKey(node: node, parent: parent.text)]
                if repeated == nil, parent.text.isEmpty || parentIDs[node] == nil {
                    let (rootLine, parentLine) = parent.text.isEmpty ? (Int32(row.line), firstLine) : (firstLine, Int32(row.line))
                    throw source.error(at: fields[idIndex].offset, "row \(rows.rowNumber): '\(id)' is a root on line \(rootLine) but has a parent on line \(parentLine); "
                                       + "a node with several parents names one in each of its rows")
                }
                if let typeIndex, let here = typeText {
                    let first = typeTextOfNode[node] ?? "\(tree.types[node])"
                    if here != first {
                        throw source.error(at: fields[typeIndex].offset, "row \(rows.rowNumber): '\(id)' has type \(here) here but \(first) on line \(firstLine)")
                    }
                }
                let known = tree.attributes(of: node) ?? NodeAttributes()
                for (name, index) in attributeColumns where !fields[index].text.isEmpty {
                    let value = CSVReader.attribute(name, of: attributes)
                    if value != CSVReader.attribute(name, of: known) {
                        throw source.error(at: fields[index].offset, "row \(rows.rowNumber): '\(id)' has \(name) '\(value ?? "")' here but "
                                           + (CSVReader.attribute(name, of: known).map { "'\($0)'" } ?? "none") + " on line \(firstLine)")
                    }
                }
                if let repeated {
                    repeatCount += 1
                    if firstRepeat == nil {
                        let what = parent.text.isEmpty ? " (a root)" : " with parent '\(parent.text)'"
                        firstRepeat = source.error(at: fields[idIndex].offset,
                                                   "row \(rows.rowNumber): '\(id)'\(what) repeats line \(repeated); a repeated row is read once")
                    }
                    continue
                }
                parentLines[ParentKey(node: node, parent: parent.text)] = Int32(row.line)
                extraParents.append((node, parent))
                continue
            }
            let node = tree.addNode(label: labelIndex == idIndex ? NodeFields.trimmedLabel(id) : label, type: type ?? .normal, id: id)
            tree.setAttributes(attributes, of: node)
            if let typeText { typeTextOfNode[node] = typeText }
            if let unknownType, let typeIndex {
                unknownTypes.note(unknownType, className: typeClass, at: fields[typeIndex].offset)
            }
            nodeOfID[id] = node
            parentIDs.append(parent.text.isEmpty ? nil : parent)
            rowLines.append(Int32(row.line))
        }
        guard !tree.isEmpty else { throw ReadError(file: file, line: 0, column: 0, message: "no nodes: the table has no rows") }
        tree.warnings = unknownTypes.warnings(places: source.places(of: unknownTypes.positions))
        if let headerlessParent {
            tree.warnings.append("\(file):1: no header: read as a parent, child table, the parents in column \(headerlessParent + 1) "
                                 + "(a first row naming the columns says otherwise)")
        }
        if var firstRepeat {
            if repeatCount > 1 { firstRepeat.message += " (\(repeatCount) repeated rows in all)" }
            tree.warnings.append(firstRepeat.description)
        }

        // A parent written as a database's null ("NULL", "None", "\\N"), or in a table of nodes
        // with integer ids as 0 or -1, that is no row's id, is no parent: the row is a root (it
        // was drawn below an invented node "NULL").
        let integerIDs = labelIndex != idIndex && nodeOfID.keys.allSatisfy { Int($0) != nil }
        func meansNoParent(_ parentID: Field) -> Bool {
            nodeOfID[parentID.text] == nil
                && (CSVReader.noParentValues.contains(parentID.text) || integerIDs && (parentID.text == "0" || parentID.text == "-1"))
        }
        var nulledRoots = Set<Int>()
        for node in parentIDs.indices {
            guard let parentID = parentIDs[node], meansNoParent(parentID) else { continue }
            parentIDs[node] = nil
            nulledRoots.insert(node)
        }
        // A node's further rows name further parents: one written as a null makes it a root
        // too, which its parent in another row contradicts, as an empty parent would.
        for (node, parentID) in extraParents where nulledRoots.contains(node) || meansNoParent(parentID) {
            let extraLine = parentLines[ParentKey(node: node, parent: parentID.text)] ?? rowLines[node]
            let (rootLine, parentLine) = nulledRoots.contains(node) ? (rowLines[node], extraLine) : (extraLine, rowLines[node])
            throw source.error(at: parentID.offset, "'\(tree.ids[Int32(node)] ?? "")' is a root on line \(rootLine) (its parent a null) but has a parent "
                               + "on line \(parentLine); a node with several parents names one in each of its rows")
        }
        // An edge list names its roots only as parents: each becomes a node where first named.
        let isEdgeList = !parentIDs.contains { $0 == nil }
        func parentNode(_ parentID: Field, line: Int32) throws(ReadError) -> Int {
            if let parent = nodeOfID[parentID.text] { return parent }
            guard isEdgeList else { throw source.error(at: parentID.offset, "parent '\(parentID.text)' is not the id of any row") }
            let label = NodeFields.trimmedLabel(parentID.text)
            if let bad = NodeFields.undrawableCharacter(in: label) {
                throw source.error(at: parentID.offset, "control character U+\(hex(UInt8(bad.value))) in a label")
            }
            let root = tree.addNode(label: label, type: .normal, id: parentID.text)
            nodeOfID[parentID.text] = root
            rowLines.append(line)
            return root
        }
        // (A name that stands for two nodes, a section and a package both `perl`, reads so.)
        func ownParent(_ id: String) -> String {
            "'\(id)' is its own parent: where one name stands for two nodes, give each row an id of its own "
                + "and the names in a label column (name, label, title or --label-column)"
        }
        // Where cycles are broken, a row naming its own id as parent (an org chart's head who
        // reports to themselves) is left out as DOT's loops are, its node a root unless another
        // row gives it a parent; said once, with the first such row.
        var firstOwnParent: (node: Int, field: Field)?, ownParentCount = 0
        func isOwnParent(_ parent: Int, _ node: Int, _ parentID: Field) throws(ReadError) -> Bool {
            guard parent == node else { return false }
            guard breaksCycles else { throw source.error(at: parentID.offset, ownParent(parentID.text)) }
            if firstOwnParent == nil { firstOwnParent = (node, parentID) }
            ownParentCount += 1
            return true
        }
        for node in 0..<parentIDs.count {
            guard let parentID = parentIDs[node] else { continue }
            let parent = try parentNode(parentID, line: rowLines[node])
            if try isOwnParent(parent, node, parentID) { continue }
            tree.setParent(parent, of: node)
        }
        for (node, parentID) in extraParents {
            let line = parentLines[ParentKey(node: node, parent: parentID.text)] ?? rowLines[node]
            let parent = try parentNode(parentID, line: line)
            if try isOwnParent(parent, node, parentID) { continue }
            // A node whose first row named itself takes its first other parent as its own.
            if tree.parents[node] < 0 && firstOwnParent != nil && parentIDs[node].map({ nodeOfID[$0.text] == node }) == true {
                tree.setParent(parent, of: node)
                continue
            }
            tree.addAdditionalParent(parent, to: node, at: SourcePlace(line: Int(line)))
        }
        if let (node, field) = firstOwnParent {
            let others = ownParentCount > 1 ? " (\(ownParentCount) rows in all)" : ""
            tree.warnings.append(source.error(at: field.offset, "'\(tree.ids[Int32(node)] ?? "")' is its own parent: that link is left out\(others); "
                                              + "where one name stands for two nodes, give each row an id of its own and the names in a label "
                                              + "column; --extra-parents keep refuses it").description)
        }
        // A node that no root reaches is on a cycle or hangs from one: walk up to a repeat.
        var reached = [Bool](repeating: false, count: tree.count)
        var children = [[Int32]](repeating: [], count: tree.count)
        var stack: [Int] = []
        for node in 0..<tree.count {
            if tree.parents[node] < 0 { stack.append(node) } else { children[Int(tree.parents[node])].append(Int32(node)) }
        }
        while let node = stack.popLast() {
            reached[node] = true
            for child in children[node] { stack.append(Int(child)) }
        }
        if breaksCycles && reached.contains(false) {
            let roots = CycleBreaking.roots(count: tree.count, parent: { Int(tree.parents[$0]) }, children: { children[$0].map(Int.init) },
                                            reached: reached)
            for root in roots {
                let message = CycleBreaking.warning(root: root, parent: { Int(tree.parents[$0]) }, name: { tree.ids[Int32($0)]! })
                tree.warnings.append("\(file):\(rowLines[root]): \(message)")
            }
            // The link is left out, not kept as an extra parent: its parent is the root's own
            // descendant, never one level above it, and the layout would warn of it again.
            for root in roots { tree.setParent(nil, of: root) }
        } else if let stranded = reached.firstIndex(of: false) {
            var node = stranded
            var seen = Set<Int>()
            while seen.insert(node).inserted { node = Int(tree.parents[node]) }
            // Spelled out from parent to child, as the rows link them (and DOT's message reads),
            // ending with the edge of the row the message points at (long ones shortened).
            var ancestors: [String] = []
            var step = Int(tree.parents[node])
            while step != node {
                ancestors.append("'\(tree.ids[Int32(step)]!)'")
                step = Int(tree.parents[step])
            }
            let own = "'\(tree.ids[Int32(node)]!)'"
            var names = [own] + ancestors.reversed()
            if names.count > 6 { names = names.prefix(3) + ["…"] + names.suffix(2) }
            throw ReadError(file: file, line: Int(rowLines[node]), column: 0,
                            message: "the table has a cycle, which a tree cannot hold: \((names + [own]).joined(separator: " -> ")) "
                                + "(each the parent of the next; leave out one of its rows, or draw it from its first node: --extra-parents auto)")
        }
        return tree
    }

    /// Parent values that mean "none" where no row has them as its id (databases' and data
    /// frames' nulls).
    static let noParentValues: Set<String> = ["NULL", "null", "Null", "None", "none", "nil", "NaN", "nan", "\\N", "N/A", "n/a", "#N/A", "undefined"]

    /// A field's text without the spaces and tabs around it.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last,
              first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return text }
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(text[start...end])
    }

    /// The separator of a table whose first line holds none of `expected` but semicolons (a
    /// spreadsheet's CSV where the comma is the decimal mark) or tabs, outside quotes; else
    /// `expected`.
    static func separator(ofFirstLine bytes: [UInt8], else expected: UInt8) -> UInt8 {
        var quoted = false, semicolons = 0, tabs = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle(); continue }
            guard !quoted else { continue }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == expected { return expected }
            if byte == UInt8(ascii: ";") { semicolons += 1 } else if byte == 0x09 { tabs += 1 }
        }
        return semicolons > 0 ? UInt8(ascii: ";") : tabs > 0 ? 0x09 : expected
    }

    /// The id column names looked for when none is given, in order (as `matchingKey`s): a table
    /// of nodes, an edge list's child (`parent,child`, `source,target`, `from,to`), an org
    /// chart's (`employee,manager`), a table keyed by its labels. Beside a parent column of ids
    /// (`manager_id`), the `…id` names come first (`idColumnsBesideIDs`): a plain `manager`
    /// holds names, whose rows the `name` column keys, not an `employee_id`.
    static let idColumns = ["id", "child", "target", "to", "employee", "node", "name", "label", "childid", "employeeid", "nodeid"]
    /// The id column names looked for beside a parent column whose name ends in `id`.
    static let idColumnsBesideIDs = ["id", "childid", "employeeid", "nodeid", "child", "target", "to", "employee", "node", "name", "label"]
    /// The parent column names looked for when none is given, in order (as `matchingKey`s).
    static let parentColumns = ["parentid", "parent", "source", "from", "manager", "managerid", "reportsto", "supervisor",
                                "supervisorid", "parentnode", "parentnodeid"]
    /// How a parent column's name may begin when none of `parentColumns` is in the header
    /// (`parent_category_id`, `manager_employee_id`, `reports_to_id`).
    static let parentColumnPrefixes = ["parent", "manager", "reportsto", "supervisor"]

    /// A column name as names are matched: its letters and digits, lower-cased (`Parent ID`,
    /// `parent_id` and `parentId` are all `parentid`).
    static func matchingKey(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }).lowercased()
    }

    /// The first of `names` among the header's `columns`, by the order of `names`, compared as
    /// `matchingKey`s.
    static func column(among columns: [String], named names: [String]) -> Int? {
        let keys = columns.map(matchingKey)
        for name in names { if let index = keys.firstIndex(of: matchingKey(name)) { return index } }
        return nil
    }

    /// The label column names looked for when none is given, in order (as `matchingKey`s); where
    /// the id column is one of ids (`id`, `…id`), also a full or display name or a title (a
    /// table of pages, `id,parent_id,title`). An org chart keyed by names keeps them as labels:
    /// its `title` is a job's.
    static func labelColumns(idColumn: String) -> [String] {
        let key = matchingKey(idColumn)
        return key.hasSuffix("id") ? ["name", "label", "fullname", "displayname", "title"] : ["name", "label"]
    }

    /// The parent column a header names, where none is given: the first of `parentColumns`,
    /// else, unless `exactly`, the first whose name begins as a parent's does
    /// (`parentColumnPrefixes`).
    static func parentColumn(among columns: [String], exactly: Bool = false) -> Int? {
        column(among: columns, named: parentColumns)
            ?? (exactly ? nil : columns.firstIndex { column in parentColumnPrefixes.contains { matchingKey(column).hasPrefix($0) } })
    }

    /// The id column a header names, where none is given, other than the parent's: the first of
    /// `idColumns` (`idColumnsBesideIDs` beside a parent column of ids), else, unless `exactly`,
    /// the first whose name ends in `id` (a table of categories, `category_id,parent_category_id`).
    static func idColumn(among columns: [String], besides parent: Int?, exactly: Bool = false) -> Int? {
        let keys = columns.map(matchingKey)
        let names = parent.map { keys[$0].hasSuffix("id") } == true ? idColumnsBesideIDs : idColumns
        return names.lazy.compactMap { name in keys.indices.first { keys[$0] == name && $0 != parent } }.first
            ?? (exactly ? nil : keys.indices.first { $0 != parent && keys[$0].hasSuffix("id") })
    }

    /// A node and one of its parents' ids (empty for a root), to find a repeated row.
    private struct ParentKey: Hashable {
        var node: Int
        var parent: String
    }

    /// An attribute by its column name.
    private static func attribute(_ name: String, of attributes: NodeAttributes) -> String? {
        switch name {
        case "url": attributes.url
        case "tooltip": attributes.tooltip
        case "class": attributes.cssClass
        case "color": attributes.color
        case "fill": attributes.fill
        default: nil
        }
    }
}

/// Rows of an RFC 4180 table, one at a time.
struct CSVRows {
    let source: SourceText
    let separator: UInt8
    var position = 0
    /// 1-based number of the row last returned, the header being row 1.
    private(set) var rowNumber = 0
    /// 1-based line at `position` (quoted fields may span lines).
    private var line = 1

    init(source: SourceText, separator: UInt8) {
        self.source = source
        self.separator = separator
    }

    mutating func next() throws(ReadError) -> (fields: [CSVReader.Field], offset: Int, line: Int)? {
        let bytes = source.bytes
        guard position < bytes.count else { return nil }
        let rowStart = position
        let rowLine = line
        var fields: [CSVReader.Field] = []
        while true {
            let fieldStart = position
            var text: String
            if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
                position += 1
                var content: [UInt8] = []
                var closed = false
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\"") {
                            content.append(byte)
                            position += 2
                            continue
                        }
                        position += 1
                        closed = true
                        break
                    }
                    if byte == 0x0A { line += 1 }
                    content.append(byte)
                    position += 1
                }
                guard closed else { throw source.error(at: fieldStart, "unterminated quoted field") }
                guard position >= bytes.count || bytes[position] == separator || bytes[position] == 0x0A || bytes[position] == 0x0D else {
                    throw source.error(at: position, "unexpected character after a closing quote")
                }
                text = String(decoding: content, as: UTF8.self)
            } else {
                position = Self.endOfUnquotedField(bytes, from: position, separator: separator)
                if position < bytes.count && bytes[position] == UInt8(ascii: "\"") { throw source.error(at: position, "a quote inside an unquoted field") }
                if position < bytes.count && bytes[position] == 0 { throw source.error(at: position, "NUL byte in a field") }
                text = source.string(fieldStart..<position)
            }
            fields.append(CSVReader.Field(text: text, offset: fieldStart))
            if position < bytes.count && bytes[position] == separator {
                position += 1
                continue
            }
            if position < bytes.count && bytes[position] == 0x0D { position += 1 }
            if position < bytes.count && bytes[position] == 0x0A { position += 1; line += 1 }
            break
        }
        rowNumber += 1
        return (fields, rowStart, rowLine)
    }

    /// The offset of the first separator, line break, quote or NUL from `start` (over a buffer:
    /// a cell may be megabytes long).
    private static func endOfUnquotedField(_ bytes: [UInt8], from start: Int, separator: UInt8) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var position = start
            while position < buffer.count {
                let byte = buffer[position]
                if byte == separator || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "\"") || byte == 0 { break }
                position += 1
            }
            return position
        }
    }
}

