import Hierarchy

/// Reads an indented outline: one node per line, children indented deeper than their parent.
///
/// Indentation is spaces or tabs (not both), or the prefixes the `tree` command draws
/// (`├── `, `└── `, `│   `, and their ASCII forms `|-- `, `` `-- ``, `|   `, with other tools'
/// `+-- `; the shorter `|-`, `` `- ``, `| ` of `pstree -a` and systemd, whose
/// `systemctl list-dependencies` puts a unit's state mark `●` before them), the `\_ ` that
/// `ps --forest` draws before a child process, Windows' `tree /F` (`├───`, `└───`, `│   `, or
/// with `/A` `+---`, `\---` right before the name and `|   `; a folder's files stand under it
/// without a branch; its two header lines, in English or above a drive root such as `C:.`,
/// and a last "No subfolders exist" are left out), or the dependency trees of Gradle (`+--- `,
/// `\--- `, `|    `; a whole report as `GradleReport` reads it) and Maven (`+- `, `\- `, `|  `);
/// `cargo tree`'s `[dev-dependencies]` heads its package's dependencies of that kind.
/// `pstree`'s compact drawing is read by `ProcessTreeReader`. A line's depth is
/// decided by comparing its indentation with the lines above, so any consistent step works.
/// A label may end with markers, separated by a space: `!` (important), `!!` (critical),
/// `[normal]`, `[important]`, `[critical]`, and `{#id}`. `\!` keeps a literal `!`.
/// A label written `""` is empty (an unnamed node; `\""` keeps the two quotes), and so is a
/// `tree` branch (`├── `) with no name after it. Labels are trimmed of surrounding whitespace,
/// and of a list's bullet before them (`- `, `* `, `+ `).
/// Blank lines are ignored, and so are lines of `tree` drawing with no branch (`│`, `|`) and the
/// "N directories, M files" line that ends `tree` output (after a blank line, unindented).
/// An id given twice is an error naming both places. Terminal colour codes and links (`tree -C`)
/// are left out (`TerminalEscapes`). A text of unindented paths sharing
/// their folders (`find`, `dpkg -L`, `git ls-files`, `tar tf`) is read as paths
/// (`PathListReader`): each folder a node. An Org document, a text whose lines at the first
/// column are Org headings (`* `, `** `), not all as deep, or that opens with `#+TITLE:` or
/// another keyword, is read as Org (`OrgReader.looksLikeDocument`); a table of
/// contents, every line (but a title above) starting with a section number (`1`, `1.2`,
/// `2.1.3`), as its numbers nest (`NumberedOutlineReader`); `ls -R`'s blocks, a folder's path
/// and colon above its entries, as the folders they list (`RecursiveListingReader`).
/// A first line of column names is left out (`ListingHeader`): `lsblk`'s, whose rows keep one
/// space where their columns were padded, and `ps`'s whose last column is the command
/// (`ps -e --forest -o pid,cmd`, `ps axjf`), whose rows are read from that column, the columns
/// before it becoming each node's tooltip.
public struct OutlineReader: HierarchyReader {
    /// Creates an outline reader.
    public init() {}

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        // (A listing made for a terminal keeps its names without their colours: columns after
        // a removed sequence are counted without it.)
        let source = try SourceText(bytes: TerminalEscapes.stripped(input) ?? input, file: file)
        return try source.bytes.withUnsafeBufferPointer { bytes throws(ReadError) in
            // Org headings would keep their stars but the first.
            if OrgReader.looksLikeDocument(bytes) { return try OrgReader().read(source, bytes) }
            // A table of contents' sections ("1.2 Terms") would be one flat column.
            if NumberedOutlineReader.looksLikeNumberedOutline(bytes) { return try NumberedOutlineReader().read(source, bytes) }
            // `ls -R`'s blocks would be one flat column, their headers among the names.
            if let listing = try RecursiveListingReader.read(source, bytes) { return listing }
            // Unindented paths (`find`, `dpkg -L`, `git ls-files`) would be one flat column.
            if PathListReader.looksLikePathList(bytes) { return try PathListReader().read(source, bytes) }
            // `pstree`'s several processes to a line would be one label and misplaced lines.
            if ProcessTreeReader.looksLikeProcessTree(bytes) { return try ProcessTreeReader().read(source, bytes) }
            return try read(source, bytes)
        }
    }

    /// Reads the lines of `source`, whose bytes `bytes` points to.
    private func read(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) -> Tree {
        let file = source.file
        var tree = Tree()
        // A node per line (blank lines aside): exact for most files, which then need no trimming.
        tree.reserveCapacity(source.occurrences(of: 0x0A) + (bytes.last == 0x0A ? 0 : 1))

        // Open ancestors of the next line: indentation width, node number, and whether it is a
        // `cargo tree` section (`[dev-dependencies]`), level with the package it belongs to.
        var stack: [(width: Int, node: Int, isSection: Bool)] = []
        var rootWidth: Int? = nil
        var usesTabs: Bool? = nil
        var sawTreeDrawing = false
        var sawGradleDrawing = false, inGradleLegend = false
        var previousLineBlank = false
        var idPlaces: [String: Int] = [:]
        // Windows `tree` heads its listing with two lines of its own, `ps` and `lsblk` with one.
        let windowsListing = Self.windowsTreeStart(bytes)
        let listingHeader = ListingHeader.find(bytes)
        var lineStart = listingHeader?.bodyStart ?? windowsListing.offset
        let end = bytes.count
        let logPrefix = mavenLogPrefixLength(bytes)
        var gradleReport = GradleReport.looksLikeReport(bytes) ? GradleReport() : nil

        while lineStart < end {
            let lineEnd = bytes.endOfLine(from: lineStart)
            let next = lineEnd + 1
            var contentEnd = lineEnd
            while contentEnd > lineStart && isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            var contentStart = lineStart + min(logPrefix, contentEnd - lineStart)
            // `ps`'s columns before the command are no part of the outline's drawing.
            var processColumnsEnd = lineStart
            if let listingHeader, listingHeader.kind == .processes {
                (contentStart, processColumnsEnd) = listingHeader.commandStart(bytes, lineStart: lineStart, contentEnd: contentEnd)
            }
            if contentEnd == contentStart {
                previousLineBlank = true
                lineStart = next
                continue
            }
            defer { previousLineBlank = false }
            // `lsblk`'s further mount point of the row above, on a line of its own: that row's.
            if let listingHeader, !tree.isEmpty,
               let mountPoint = listingHeader.mountPointContinuation(bytes, lineStart: lineStart, contentEnd: contentEnd) {
                let last = tree.count - 1
                tree.setLabel(tree.labels[last] + " " + String(decoding: UnsafeBufferPointer(rebasing: bytes[mountPoint..<contentEnd]), as: UTF8.self),
                              of: last)
                lineStart = next
                continue
            }

            // Indentation: whitespace, then tree-drawing units.
            var position = contentStart
            var width = 0
            var sawSpace = false
            var sawTab = false
            var drawing: DrawingUnit? = nil
            // `systemctl list-dependencies` marks each unit's state before its drawing (● active,
            // ○ inactive, × failed; `*` in ASCII): two columns of indentation like the spaces
            // it prints where the state is unknown.
            if let mark = Self.statusMarkLength(bytes, at: position, end: contentEnd) {
                var after = position + mark
                while after < contentEnd && bytes[after] == 0x20 { after += 1 }
                if treeDrawingUnit(bytes, at: after, end: contentEnd) != nil {
                    sawSpace = true; width += 2; position += mark
                }
            }
            // Runs of spaces, the usual indentation, eight at a time.
            if let base = bytes.baseAddress {
                while position + 8 <= contentEnd && UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                    sawSpace = true; width += 8; position += 8
                }
            }
            while position < contentEnd {
                let byte = bytes[position]
                if byte == 0x20 { sawSpace = true; width += 1; position += 1 }
                else if byte == 0x09 { sawTab = true; width += 1; position += 1 }
                else if byte == 0xC2 && position + 1 < contentEnd && bytes[position + 1] == 0xA0 {
                    sawSpace = true; width += 1; position += 2  // no-break space, as `tree` pads with
                } else if let unit = treeDrawingUnit(bytes, at: position, end: contentEnd) {
                    sawTreeDrawing = true; width += unit.columns; position = unit.end; drawing = unit
                    if unit.columns == 5 { sawGradleDrawing = true }  // (only Gradle's are 5 wide)
                    // The name follows a branch: a space there is the name's (`tree`'s "├──  x"
                    // for a file named " x" was refused as misindented).
                    if unit.isBranch { break }
                } else { break }
            }
            if sawSpace && sawTab {
                throw source.error(at: position, "indentation mixes tabs and spaces")
            }
            if sawSpace || sawTab {
                if let tabs = usesTabs, tabs != sawTab {
                    throw source.error(at: position, tabs
                        ? "indented with spaces, but earlier lines use tabs"
                        : "indented with tabs, but earlier lines use spaces")
                }
                usesTabs = sawTab
            }
            // A list's bullet ("- item", as old `pipdeptree` and notes write) is not the label's.
            if drawing == nil && position + 2 < contentEnd && bytes[position + 1] == 0x20
                && (bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "*") || bytes[position] == UInt8(ascii: "+")) {
                position += 2
                while bytes[position] == 0x20 { position += 1 }  // (content ends in no blank)
            }

            // (`tree --du` indents it: "  16K used in 4 directories, 5 files". An empty folder's
            // listing has no drawing: one line, then "0 directories, 0 files".)
            if previousLineBlank && (sawTreeDrawing || tree.count == 1) && stack.count > 0
                && Self.isTreeSummary(bytes, from: position, to: contentEnd)
                && (sawTreeDrawing || String(decoding: bytes[position..<contentEnd], as: UTF8.self).contains(" director"))
                && isLastContent(bytes, after: next) {
                break
            }
            // Windows `tree` ends a folder's listing without subfolders so (after its files).
            if (sawTreeDrawing || windowsListing.startsAtDriveRoot) && width == 0 && stack.count > 0
                && UnsafeBufferPointer(rebasing: bytes[position..<contentEnd]).elementsEqual("No subfolders exist".utf8)
                && isLastContent(bytes, after: next) {
                break
            }
            // A whole Gradle report: its project a root above its configurations, one column
            // further left than their unindented lines (so messages give the file's widths).
            var gradleConfiguration: (name: String, description: String?)? = nil
            if gradleReport != nil {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<contentEnd]), as: UTF8.self)
                switch gradleReport!.classify(Substring(text), indented: width > 0) {
                case .skipped:
                    lineStart = next
                    continue
                case .project: width = -1
                case .configuration(let name, let description): gradleConfiguration = (name, description)
                case .dependency: break
                case .failed:
                    let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
                    let reason = GradleReport.failureReason(rest.split(separator: "\n", maxSplits: 40).dropFirst())
                    throw source.error(at: position, "the Gradle build failed, so its report may be incomplete"
                                       + (reason.map { " (what went wrong: \($0))" } ?? "")
                                       + "; fix the build, or draw the trees above this line alone")
                }
            } else if width == 0 && Self.holdsSpacedDash(bytes, from: position, to: contentEnd)
                        && Self.nextLineStartsGradleBranch(bytes, after: next) {
                // One configuration's tree, copied from a report ("name - description"; a name
                // alone stays as written: the next line is looked at only for a line like that).
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<contentEnd]), as: UTF8.self)
                if case .configuration(let name, let description) = GradleReport.configuration(Substring(text)) {
                    gradleConfiguration = (name, description)
                }
            }
            // Gradle's legend after its trees ("(*) - Indicates repeated occurrences…").
            if (previousLineBlank || inGradleLegend) && sawGradleDrawing && width == 0
                && Self.isGradleLegend(bytes, from: position, to: contentEnd) {
                inGradleLegend = true
                lineStart = next
                continue
            }
            // A line of `tree` drawing with no branch on it (`│`) only spaces the entries out.
            if let drawing, !drawing.isBranch, position == contentEnd {
                lineStart = next
                continue
            }

            // `tree -h`, `-s`, `-p`, `-D`…: the file's details in brackets before its name, its
            // root's too (`[4.0K]  actions`), are the tooltip, not part of the label.
            var details: String? = nil
            if position < contentEnd, bytes[position] == UInt8(ascii: "["), drawing != nil || nextLineDrawsBranch(bytes, after: next),
               let close = UnsafeBufferPointer(rebasing: bytes[position..<contentEnd]).firstIndex(of: UInt8(ascii: "]")).map({ position + $0 }),
               close + 2 < contentEnd, bytes[close + 1] == 0x20, bytes[close + 2] == 0x20 {
                let inside = String(decoding: UnsafeBufferPointer(rebasing: bytes[position + 1..<close]), as: UTF8.self)
                let words = inside.split(separator: " ").joined(separator: " ")
                details = words.isEmpty ? nil : words
                position = close + 3
            }
            // Most lines are a plain label; the rest are parsed in full (and may fail) here,
            // before the indentation is checked, as messages have always been ordered.
            var plainText = gradleConfiguration?.name ?? plainLabel(bytes, from: position, to: contentEnd)
            var parsed: Label? = nil
            if plainText == nil {
                parsed = position < contentEnd
                    ? try parseLabel(source, bytes, from: position, to: contentEnd)
                    : Label(text: "", type: .normal, id: nil)  // a `tree` branch with no name after it
            }
            if listingHeader?.collapsesColumnPadding == true {
                plainText = plainText.map(ListingHeader.collapsingColumnPadding)
                if let text = parsed?.text { parsed?.text = ListingHeader.collapsingColumnPadding(text) }
            }
            if let label = parsed, let id = label.id {
                if let first = idPlaces[id] {
                    let place = source.location(of: first)
                    throw source.error(at: label.idOffset, "duplicate id '\(id)' (first at \(file):\(place.line):\(place.column))")
                }
                idPlaces[id] = label.idOffset
            }

            let parent: Int?
            if rootWidth == nil { rootWidth = width }
            if width < rootWidth! {
                throw source.error(at: position, "indented less than the first line")
            }
            var popped = false, nearestDeeper = 0
            while let top = stack.last, top.width > width { nearestDeeper = stack.removeLast().width; popped = true }
            // A section ends at the next line as far left as it (its package's next sibling, or
            // the package's next section).
            if let top = stack.last, top.width == width, top.isSection { stack.removeLast() }
            // (Only where `tree` drawing is read: above, or on the next line, as under a root
            // package with dev-dependencies alone.)
            let isSection = drawing?.isBranch != true && (plainText ?? parsed?.text).map(Self.isCargoSection) == true
                && stack.last?.width == width && (sawTreeDrawing || nextLineDrawsBranch(bytes, after: next))
            if isSection {
                parent = stack.last?.node  // under its package, whose dependencies follow in it
            } else if let top = stack.last, top.width == width {
                stack.removeLast()
                parent = stack.last?.node
            } else if popped || stack.isEmpty && width != rootWidth {
                throw source.error(at: position,
                    "inconsistent indentation: this line is indented \(width), which matches no enclosing line"
                    + (stack.last.map { ": indent it \($0.width), as the enclosing line, or \(nearestDeeper), as its children" } ?? ""))
            } else {
                parent = stack.last?.node
            }
            let node: Int
            if let label = parsed {
                node = tree.addNode(label: label.text, type: label.type, id: label.id, parent: parent)
                if !label.attributes.isEmpty { tree.setAttributes(label.attributes, of: node) }
            } else {
                node = tree.addNode(label: plainText ?? "", parent: parent)  // not parsed: plain
            }
            if drawing?.marksLinks == true { Self.markSymbolicLink(node, in: &tree) }
            if let description = gradleConfiguration?.description ?? details {
                var attributes = tree.attributes(of: node) ?? NodeAttributes()
                if attributes.tooltip == nil { attributes.tooltip = description }
                tree.setAttributes(attributes, of: node)
            }
            if processColumnsEnd > lineStart, let columns = listingHeader?.tooltip(bytes, from: lineStart, to: processColumnsEnd) {
                var attributes = tree.attributes(of: node) ?? NodeAttributes()
                if attributes.tooltip == nil { attributes.tooltip = columns }
                tree.setAttributes(attributes, of: node)
            }
            stack.append((width, node, isSection))
            lineStart = next
        }
        if tree.isEmpty {
            throw ReadError(file: file, line: 0, column: 0, message: "no nodes: the input is empty")
        }
        return tree
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// The label of a line's content when it is its own text: it starts and ends with printable
    /// ASCII (nothing to trim), ends in no marker (`]`, `}`, `!`) and no quote (`""` is
    /// special), and holds no control character. Nil for any other (non-empty) content, which
    /// `parseLabel` then reads, and for empty content.
    private func plainLabel(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        guard start < end else { return nil }
        let first = bytes[start], last = bytes[end - 1]
        guard first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F else { return nil }
        switch last {
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "!"), UInt8(ascii: "\""): return nil
        default: break
        }
        var index = start + 1
        while index < end - 1 {
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { return nil }
            index += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private struct DrawingUnit {
        var end: Int
        /// `├──`, `└──` and their ASCII forms (an entry), not `│` (a line passing by).
        var isBranch: Bool
        /// How many columns it takes: 4 (`tree`'s), or 2 for `npm ls`'s `│ ` beside a dependency.
        var columns = 4
        /// Whether an entry "name -> target" after it is a symbolic link (`tree`'s, not Gradle's
        /// "group:name:1.0 -> 2.0", a version conflict resolved).
        var linksAreSymbolic = true

        /// `tree`'s entry, the only one whose "->" is a symbolic link.
        var marksLinks: Bool { isBranch && linksAreSymbolic }
    }

    /// 7 where every line that is not blank starts with Maven's "[INFO] " (a dependency tree
    /// copied from its console; "[INFO]" alone is a blank line), else 0.
    private func mavenLogPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let prefix = Array("[INFO]".utf8)
        guard bytes.starts(with: prefix) else { return 0 }
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes.endOfLine(from: lineStart)
            var contentEnd = lineEnd
            while contentEnd > lineStart && isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            if contentEnd > lineStart {
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
                guard line.starts(with: prefix), line.count == prefix.count || line[prefix.count] == 0x20 else { return 0 }
            }
            lineStart = lineEnd + 1
        }
        return prefix.count + 1
    }

    /// Whether the line's content holds " - " (a Gradle configuration's "name - description").
    private static func holdsSpacedDash(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start + 1
        while index + 1 < end {
            if bytes[index] == 0x2D && bytes[index - 1] == 0x20 && bytes[index + 1] == 0x20 { return true }
            index += 1
        }
        return false
    }

    /// Whether the next line that is not blank starts with a branch of Gradle's drawing
    /// ("+--- ", "\--- "), unindented.
    private static func nextLineStartsGradleBranch(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Bool {
        var lineStart = offset
        while lineStart < bytes.count {
            let lineEnd = bytes.endOfLine(from: lineStart)
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { lineStart = lineEnd + 1; continue }
            return line.count > 5 && (line[0] == 0x2B || line[0] == 0x5C) && line[1] == 0x2D && line[2] == 0x2D
                && line[3] == 0x2D && line[4] == 0x20
        }
        return false
    }

    /// Whether a line, unindented after a blank one below Gradle's trees, is its legend: "(*) - …",
    /// "(c) - …", "(n) - …", or "A web-based, searchable dependency report is available…".
    private static func isGradleLegend(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        GradleReport.startsLegend(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
    }

    /// Whether a line of `cargo tree` heads the package's dependencies of a kind: its lines
    /// follow as the section's children, one level deeper.
    private static func isCargoSection(_ label: String) -> Bool {
        label == "[dev-dependencies]" || label == "[build-dependencies]" || label == "[dependencies]"
    }

    /// A `tree` entry "name -> target" is a symbolic link: drawn "name → target" with the
    /// class `symlink`, as a directory read directly draws one.
    private static func markSymbolicLink(_ node: Int, in tree: inout Tree) {
        let label = tree.labels[node]
        guard let arrow = label.firstRange(of: " -> ") else { return }
        let labels = SymbolicLinkLabel.labels(name: label[..<arrow.lowerBound], target: label[arrow.upperBound...])
        tree.setLabel(labels.label, of: node)
        var attributes = tree.attributes(of: node) ?? NodeAttributes()
        // The whole target stays in the tooltip when the label shortens it.
        if attributes.tooltip == nil { attributes.tooltip = labels.whole }
        if attributes.cssClass == nil { attributes.cssClass = "symlink" }
        tree.setAttributes(attributes, of: node)
    }

    /// The `tree` drawing unit that starts at `position`, if any.
    private func treeDrawingUnit(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> DrawingUnit? {
        // Unicode: │ (E2 94 82), ├ (E2 94 9C), └ (E2 94 94), then ── (E2 94 80 twice) or padding;
        // `npm ls` marks a package with dependencies ├─┬ (┬: E2 94 AC).
        if position + 2 < end && bytes[position] == 0xE2 && bytes[position + 1] == 0x94 {
            let mark = bytes[position + 2]
            guard mark == 0x82 || mark == 0x9C || mark == 0x94 else { return nil }
            var cursor = position + 3
            var columns = 1
            while columns < 4 && cursor < end {
                if bytes[cursor] == 0x20 { cursor += 1 }
                else if cursor + 1 < end && bytes[cursor] == 0xC2 && bytes[cursor + 1] == 0xA0 { cursor += 2 }
                else if cursor + 2 < end && bytes[cursor] == 0xE2 && bytes[cursor + 1] == 0x94
                            && (bytes[cursor + 2] == 0x80 || (bytes[cursor + 2] == 0xAC && mark != 0x82)) { cursor += 3 }
                else { break }
                columns += 1
            }
            // (A branch counts 4 even at a line's end, its padding trimmed: `tree`'s empty name.)
            return DrawingUnit(end: cursor, isBranch: mark != 0x82, columns: mark != 0x82 ? 4 : columns)
        }
        // `ps --forest` (`ps -e --forest -o comm=`, `ps axjf`'s command column): "\_ ".
        if position + 2 < end && bytes[position] == 0x5C && bytes[position + 1] == 0x5F && bytes[position + 2] == 0x20 {
            return DrawingUnit(end: position + 3, isBranch: true)
        }
        // Gradle's `dependencies` ("+--- ", "\--- ", "|    ") and Maven's `dependency:tree`
        // ("+- ", "\- ", "|  "); Windows' `tree /A` has no space before the name ("+---docs").
        if position + 2 < end && (bytes[position] == 0x2B || bytes[position] == 0x5C) && bytes[position + 1] == 0x2D {
            if position + 4 < end && bytes[position + 2] == 0x2D && bytes[position + 3] == 0x2D {
                let after = bytes[position + 4]
                if after == 0x20 { return DrawingUnit(end: position + 5, isBranch: true, columns: 5, linksAreSymbolic: false) }
                if after != 0x2D && after != 0x09 { return DrawingUnit(end: position + 4, isBranch: true) }
            }
            if bytes[position + 2] == 0x20 { return DrawingUnit(end: position + 3, isBranch: true, columns: 3, linksAreSymbolic: false) }
        }
        // ASCII (`tree --charset ascii`, and other tools' "+-- "): "|-- ", "`-- ", "|   ".
        if position + 3 < end {
            let a = bytes[position], b = bytes[position + 1], c = bytes[position + 2], d = bytes[position + 3]
            if (a == 0x7C || a == 0x60 || a == 0x2B) && b == 0x2D && c == 0x2D && d == 0x20 { return DrawingUnit(end: position + 4, isBranch: true) }
            if a == 0x7C && b == 0x20 && c == 0x20 && d == 0x20 { return DrawingUnit(end: position + 4, isBranch: false) }
        }
        // A line's last `|` (Windows `tree` spaces folders apart with lines of it, as `tree` with `│`).
        if position + 1 == end && bytes[position] == 0x7C { return DrawingUnit(end: end, isBranch: false, columns: 1) }
        // The shorter ASCII of `pstree -a` and systemd (`systemctl list-dependencies`): "|-name",
        // "`-name", and "| " or "|   " before another unit (Maven's "|  " before its own).
        if position + 2 < end {
            let a = bytes[position], b = bytes[position + 1], c = bytes[position + 2]
            if (a == 0x7C || a == 0x60) && b == 0x2D && c != 0x2D && c != 0x20 { return DrawingUnit(end: position + 2, isBranch: true) }
            if a == 0x7C && b == 0x20 {
                var cursor = position + 1
                while cursor < end && cursor < position + 4 && bytes[cursor] == 0x20 { cursor += 1 }
                if cursor < end && (bytes[cursor] == 0x7C || bytes[cursor] == 0x60
                                    || cursor + 1 < end && (bytes[cursor] == 0x2B || bytes[cursor] == 0x5C) && bytes[cursor + 1] == 0x2D) {
                    return DrawingUnit(end: cursor, isBranch: false, columns: cursor - position)
                }
            }
        }
        return nil
    }

    /// Where Windows `tree`'s listing starts: after its two header lines, "Folder PATH listing
    /// for volume OS" and "Volume serial number is 5A3C-91F2", or a translation of them above a
    /// drive root ("C:.", "C:\PATH") whose second line ends in the serial number; else 0. And
    /// whether the listing starts with a drive root.
    private static func windowsTreeStart(_ bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, startsAtDriveRoot: Bool) {
        // The first three lines, trimmed (the header's are the first: no blank line comes before).
        var lines: [(start: Int, text: Substring)] = []
        var lineStart = 0
        while lineStart < bytes.count && lines.count < 3 {
            let lineEnd = bytes.endOfLine(from: lineStart)
            var text = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self))
            while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
            lines.append((lineStart, text))
            lineStart = lineEnd + 1
        }
        func isDriveRoot(_ line: Substring) -> Bool {
            let characters = Array(line.prefix(3))
            return characters.count >= 3 && characters[0].isASCII && characters[0].isLetter && characters[1] == ":"
                && (line.count == 3 && characters[2] == "." || characters[2] == "\\")
        }
        func endsInSerialNumber(_ line: Substring) -> Bool {
            let serial = Array(line.suffix(10))
            return serial.count == 10 && (serial[0] == " " || serial[0] == ":") && serial[5] == "-"
                && serial.enumerated().allSatisfy { $0.offset == 0 || $0.offset == 5 || $0.element.isHexDigit }
        }
        guard lines.count == 3 else { return (0, lines.first.map { isDriveRoot($0.text) } ?? false) }
        let english = lines[0].text.hasPrefix("Folder PATH listing") && lines[1].text.hasPrefix("Volume serial number is ")
        let translated = isDriveRoot(lines[2].text) && endsInSerialNumber(lines[1].text)
            && !lines[0].text.hasPrefix(" ") && !lines[1].text.hasPrefix(" ")
        if english || translated { return (lines[2].start, isDriveRoot(lines[2].text)) }
        return (0, isDriveRoot(lines[0].text))
    }

    /// The length of a unit state mark and the space after it at `position` (●, ○, ×, ↻, `*`,
    /// `x`), if one is there.
    private static func statusMarkLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Int? {
        let first = bytes[position]
        if (first == UInt8(ascii: "*") || first == UInt8(ascii: "x")) && position + 1 < end && bytes[position + 1] == 0x20 { return 2 }
        if first == 0xC3 && position + 2 < end && bytes[position + 1] == 0x97 && bytes[position + 2] == 0x20 { return 3 }  // ×
        guard position + 3 < end, first == 0xE2, bytes[position + 3] == 0x20 else { return nil }
        let second = bytes[position + 1], third = bytes[position + 2]
        // ● U+25CF, ○ U+25CB, ↻ U+21BB.
        return second == 0x97 && (third == 0x8F || third == 0x8B) || second == 0x86 && third == 0xBB ? 4 : nil
    }

    /// Whether a line reads "N directories" or "N directories, M files" (as `tree` ends), or
    /// with `--du` "SIZE used in N directories, M files".
    static func isTreeSummary(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var text = Substring(String(decoding: bytes[start..<end], as: UTF8.self))
        // ("12K used in", or without -h "12294 bytes used in".)
        if let used = text.firstRange(of: " used in "), text[..<used.lowerBound].split(separator: " ").count <= 2 {
            text = text[used.upperBound...]
        }
        let parts = text.split(separator: ",").map { $0.trimmingPrefix(" ") }
        guard (1...2).contains(parts.count) else { return false }
        for (index, part) in parts.enumerated() {
            let words = part.split(separator: " ")
            guard words.count == 2, Int(words[0]) != nil else { return false }
            let noun = words[1]
            let ok = index == 0 ? (noun == "directories" || noun == "directory" || noun == "files" || noun == "file")
                                : (noun == "files" || noun == "file")
            if !ok { return false }
        }
        return true
    }

    /// Whether the line at `offset` starts, after spaces and lines passing by, with a `tree` entry.
    private func nextLineDrawsBranch(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Bool {
        let end = bytes.endOfLine(from: min(offset, bytes.count))
        var position = offset
        while position < end {
            if bytes[position] == 0x20 { position += 1; continue }
            guard let unit = treeDrawingUnit(bytes, at: position, end: end) else { return false }
            if unit.isBranch { return true }
            position = unit.end
        }
        return false
    }

    private func isLastContent(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Bool {
        var index = offset
        while index < bytes.count {
            if !isBlank(bytes[index]) && bytes[index] != 0x0A { return false }
            index += 1
        }
        return true
    }

    /// A label and the markers read from its line (`OrgReader` reads its labels so too).
    struct Label {
        var text: String
        var type: NodeType
        var id: String?
        var attributes = NodeAttributes()
        /// Where the attribute block giving the id starts.
        var idOffset = 0
    }

    /// Adds a node for the label from `start` to `end`, its markers read, under `parent`: the
    /// Org and numbered outlines' nodes, as this reader's. An id given before (`idPlaces`, where
    /// each id was) is an error naming both places.
    func addLabelledNode(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, parent: Int?,
                         to tree: inout Tree, idPlaces: inout [String: Int]) throws(ReadError) -> Int {
        let label = try parseLabel(source, bytes, from: start, to: end)
        if let id = label.id {
            if let first = idPlaces[id] {
                let place = source.location(of: first)
                throw source.error(at: label.idOffset, "duplicate id '\(id)' (first at \(source.file):\(place.line):\(place.column))")
            }
            idPlaces[id] = label.idOffset
        }
        let node = tree.addNode(label: label.text, type: label.type, id: label.id, parent: parent)
        if !label.attributes.isEmpty { tree.setAttributes(label.attributes, of: node) }
        return node
    }

    /// Splits trailing markers off a label.
    func parseLabel(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        throws(ReadError) -> Label {
        if let control = source.firstControlCharacter(in: start..<end) {
            throw source.error(at: control, controlCharacterMessage(bytes[control], in: "a label"))
        }
        var textEnd = end
        var type = NodeType.normal
        var id: String? = nil
        var idOffset = 0
        var attributes = NodeAttributes()
        var attributed = false
        var typed = false
        var marked = true
        while marked && textEnd > start {
            marked = false
            // [type]
            if !typed, textEnd - start >= 3, bytes[textEnd - 1] == 0x5D,
               let open = lastIndex(of: 0x5B, in: bytes, from: start, before: textEnd - 1),
               open == start || isBlank(bytes[open - 1]),
               let tagged = NodeType(name: source.string(open + 1..<textEnd - 1)) {
                type = tagged; typed = true; textEnd = trimEnd(bytes, start, open); marked = true
                continue
            }
            // {#id .class key=value key="value with spaces"}
            if !attributed, textEnd - start >= 3, bytes[textEnd - 1] == 0x7D,
               let open = lastIndex(of: 0x7B, in: bytes, from: start, before: textEnd - 1),
               open == start || isBlank(bytes[open - 1]),
               let block = try parseAttributeBlock(source, from: open + 1, to: textEnd - 1) {
                if let blockID = block.id { id = blockID; idOffset = open }
                if let blockType = block.type { type = blockType; typed = true }
                attributes = block.attributes
                attributed = true
                textEnd = trimEnd(bytes, start, open)
                marked = true
                continue
            }
            // ! and !! (after a space, so "Yahoo!" stays a label)
            if !typed, bytes[textEnd - 1] == 0x21 {
                var bangs = 0
                var cursor = textEnd
                while cursor > start && bytes[cursor - 1] == 0x21 { bangs += 1; cursor -= 1 }
                if (bangs == 1 || bangs == 2) && cursor > start && isBlank(bytes[cursor - 1]) {
                    type = bangs == 2 ? .critical : .important
                    typed = true; textEnd = trimEnd(bytes, start, cursor); marked = true
                }
            }
        }
        guard textEnd > start else {
            throw source.error(at: start, "a line has markers but no label")
        }
        var text = source.string(start..<textEnd)
        if text.hasSuffix("\\!") {
            text.removeLast(2)
            text.append("!")
        }
        text = text.trimmingLabelWhitespace()
        if text == "\"\"" {
            text = ""
        } else if text == "\\\"\"" {
            text = "\"\""
        }
        return Label(text: text, type: type, id: id, attributes: attributes, idOffset: idOffset)
    }

    /// An attribute block's contents, or nil if the braces hold no such block (then they are
    /// part of the label); errors are located at the block.
    private func parseAttributeBlock(_ source: SourceText, from start: Int, to end: Int)
        throws(ReadError) -> AttributeBlock? {
        do {
            return try AttributeBlock(source.string(start..<end))
        } catch {
            throw source.error(at: start, error.message)
        }
    }

    private func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        var index = end - 1
        while index >= start {
            if bytes[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    private func trimEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = end
        while index > start && isBlank(bytes[index - 1]) { index -= 1 }
        return index
    }
}

/// The message for a control character in a line of text; an escape (of a terminal sequence
/// other than the colour codes and links `TerminalEscapes` leaves out) says how to do without.
func controlCharacterMessage(_ byte: UInt8, in place: String) -> String {
    "control character U+\(hex(byte)) in \(place)"
        + (byte == 0x1B ? " (a terminal escape sequence: list it as for a file, as `tree -n` or `ls --color=never` do)" : "")
}

func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
}
