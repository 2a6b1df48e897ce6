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
/// folder's entries in their order. The first block's folder is the root, labelled with its
/// path as written (`demo`, `.`); a later header names an entry of an earlier block (`demo/a`,
/// or `./a` under `.`), whose entries become its children. Names are kept as written, without
/// markers. One pass over the lines and a hash of (folder, name), so it is linear.
struct RecursiveListingReader {
    /// The listing's tree, or nil where the text is no such listing: its first line must be a
    /// path and a colon, and each later block, after a blank line, be headed by the first path,
    /// `/` and more, naming an entry of a block above; at least two blocks, and no entry
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
        var rootPrefix: Substring = ""
        var folder: Int? = nil
        var expectingHeader = true
        var headers = 0
        var firstControlCharacter: Int? = nil
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
            if expectingHeader {
                guard text.count > 1, text.last == ":" else { return nil }
                let path = text.dropLast()
                if headers == 0 {
                    let node = tree.addNode(label: String(path))
                    rootPrefix = path.last == "/" ? path : Substring(path + "/")
                    folders[path] = node
                    folders[rootPrefix.dropLast()] = node
                    folder = node
                } else {
                    // A subfolder of the root, listed as an entry of its parent's block.
                    guard path.count > rootPrefix.count, path.hasPrefix(rootPrefix), folders[path] == nil,
                          let slash = path.lastIndex(of: "/"), let parent = folders[path[..<slash]],
                          let node = entries[Entry(folder: parent, name: path[path.index(after: slash)...])] else { return nil }
                    folders[path] = node
                    folder = node
                }
                headers += 1
                expectingHeader = false
                continue
            }
            let node = tree.addNode(label: String(text), parent: folder)
            if let folder, entries[Entry(folder: folder, name: text)] == nil { entries[Entry(folder: folder, name: text)] = node }
        }
        guard headers >= 2 else { return nil }
        if let control = firstControlCharacter {
            throw source.error(at: control, controlCharacterMessage(bytes[control], in: "a name"))
        }
        return tree
    }
}
