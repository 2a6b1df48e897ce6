import Hierarchy

/// Reads `ls -R`'s output, one name a line (as `ls` prints it into a pipe or file):
///
///     demo:
///     a
///     top.md
///
///     demo/a:
///     x.txt
///
/// Each block, after a blank line, is headed by a folder's path and a colon, and lists the
/// folder's entries in their order. `ls -lR`'s long format is read too (`LongListingLine`): each
/// block's `total` line left out, each entry its name (a folder's with `/`, a link's `name →
/// target`), its size the tooltip; and so is `ls -l`'s one block with no header, a forest. The first block's folder is a root, labelled with its
/// path as written (`demo`, `.`), and so is each folder named on the command line after it
/// (`ls -R a b`: a forest); a later header names an entry of an earlier block (`demo/a`,
/// or `./a` under `.`), whose entries become its children. Names are kept as written, without
/// markers. One pass over the lines and a hash of (folder, name), so it is linear.
struct RecursiveListingReader {
    /// The listing's tree, or nil where the text is no such listing: its first line must be a
    /// path and a colon, and each later block, after a blank line, be headed by a path naming an
    /// entry of a block above, or a folder outside those read (another tree); at least two blocks, and no entry
    /// indented (a text of `key:` and lines under it stays an outline's).
    static func read(_ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) -> Tree? {
        struct Entry: Hashable {
            let folder: Int
            let name: Substring
        }
        var tree = Tree()
        var entries: [Entry: Int] = [:]
        // The folders whose headers were read, by path (the root also by its path without a
        // trailing `/`, as `ls -R demo/` heads its subfolders "demo/a:").
        var folders: [Substring: Int] = [:]
        var roots = 0
        // Each root's path with one `/` after it: a folder inside a tree read already starts so.
        var rootPrefixes: [Substring] = []
        var folder: Int? = nil
        var expectingHeader = true
        var headers = 0
        var firstControlCharacter: Int? = nil
        // Whether entries are in the long format (decided by the first), and whether the text is
        // `ls -l`'s one block, headed by its `total` line alone.
        var long: Bool? = nil
        var headerless = false
        var entryCount = 0
        var pendingTotal: Substring? = nil
        /// Adds an entry of the current folder; false where a long listing's line is no entry.
        func add(_ text: Substring) -> Bool {
            var name = text, label = String(text), attributes: NodeAttributes?
            if long == true {
                guard let entry = LongListingLine(text) else { return false }
                name = entry.name
                label = String(entry.name)
                var cssClass = "file"
                switch entry.kind {
                case "d": label += "/"; cssClass = "directory"
                case "l":
                    cssClass = "symlink"
                    if let target = entry.target { label = SymbolicLinkLabel.label(name: entry.name, target: target) }
                case "c", "b": cssClass = "device"
                case "p": cssClass = "fifo"
                case "s": cssClass = "socket"
                default: break
                }
                let size = entry.size.allSatisfy { $0.isASCII && $0.isNumber } ? "\(entry.size) bytes" : String(entry.size)
                attributes = NodeAttributes(tooltip: "\(entry.name): \(size)", cssClass: cssClass)
            }
            // `ls -a`'s `.` and `..` are the folder and its parent, not entries of it.
            if name == "." || name == ".." { return true }
            entryCount += 1
            let node = tree.addNode(label: label, parent: folder)
            if let attributes { tree.setAttributes(attributes, of: node) }
            if let folder, entries[Entry(folder: folder, name: name)] == nil { entries[Entry(folder: folder, name: name)] = node }
            return true
        }
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes.endOfLine(from: lineStart)
            var contentEnd = lineEnd
            while contentEnd > lineStart && (bytes[contentEnd - 1] == 0x20 || bytes[contentEnd - 1] == 0x09 || bytes[contentEnd - 1] == 0x0D) {
                contentEnd -= 1
            }
            defer { lineStart = lineEnd + 1 }
            guard contentEnd > lineStart else {
                if folder != nil { expectingHeader = true }
                continue
            }
            guard bytes[lineStart] != 0x20 && bytes[lineStart] != 0x09 else { return nil }
            if firstControlCharacter == nil { firstControlCharacter = source.firstControlCharacter(in: lineStart..<contentEnd) }
            let text = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd]), as: UTF8.self))
            if headers == 0 && !headerless && LongListingLine.isTotal(text) {
                headerless = true
                expectingHeader = false
                long = true
                continue
            }
            if expectingHeader {
                guard text.count > 1, text.last == ":" else { return nil }
                if let total = pendingTotal {
                    // The block's one line was total-like: a name.
                    pendingTotal = nil
                    long = false
                    guard add(total) else { return nil }
                }
                let path = text.dropLast()
                guard folders[path] == nil else { return nil }
                if let slash = path.lastIndex(of: "/"), let parent = folders[path[..<slash]] {
                    // A subfolder, listed as an entry of its parent's block.
                    guard let node = entries[Entry(folder: parent, name: path[path.index(after: slash)...])] else { return nil }
                    folders[path] = node
                    folder = node
                } else {
                    // A folder named on the command line (`ls -R a b`): a tree of its own, unless
                    // it lies inside one read already (then its parent's block should have named it).
                    // (Against the roots' paths, not each ancestor's: hashing every ancestor of a
                    // long path was quadratic in its length.)
                    if rootPrefixes.contains(where: { path.hasPrefix($0) }) { return nil }
                    let node = tree.addNode(label: String(path))
                    let prefix = path.last == "/" ? path : Substring(path + "/")
                    rootPrefixes.append(prefix)
                    folders[path] = node
                    folders[prefix.dropLast()] = node
                    folder = node
                    roots += 1
                }
                headers += 1
                expectingHeader = false
                continue
            }
            // A long listing's block opens with its total (`total 8`, `insgesamt 8`): the first
            // such line is one only where a long entry follows it (else it was a name).
            if long == true && LongListingLine.isTotal(text) { continue }
            if long == nil && LongListingLine.isTotal(text) && pendingTotal == nil && entryCount == 0 {
                pendingTotal = text
                continue
            }
            if long == nil { long = LongListingLine(text) != nil }
            if let total = pendingTotal {
                pendingTotal = nil
                if long == false { guard add(total) else { return nil } }
            }
            guard add(text) else { return nil }
        }
        if let total = pendingTotal {
            // A listing of one line, a total-like name: a name.
            long = false
            guard add(total) else { return nil }
        }
        // Several blocks; or, in the long format, which tells a listing by itself, one.
        // Several trees (`ls -R a b`) only where the long format or a subfolder's block tells a
        // listing: blocks of `Fruits:` and `Vegetables:` over their lines stay an outline's.
        guard headers >= 2 || (long == true && headers == 1) || (headerless && entryCount > 0) else { return nil }
        guard roots <= 1 || long == true || headers > roots else { return nil }
        if let control = firstControlCharacter {
            throw source.error(at: control, controlCharacterMessage(bytes[control], in: "a name"))
        }
        return tree
    }
}
