import ArgumentParser
import Schematic

/// How a path becomes a tree: the one reading path of every command's input and of Markdown
/// blocks' `src` files. A directory is walked; a file is read, gunzipped when it is gzip (by its
/// `.gz` extension or its magic bytes), and parsed in the given format, else the one its
/// extension (before `.gz`) names, else the one its content shows.
struct TreeReading {
    /// The input format; nil takes it from the extension, else sniffs it.
    var format: InputFormat?
    var reader: ReaderOptions
    var directory: DirectoryReader

    /// Why a path could not be read: the file itself (missing, unreadable; its message does not
    /// yet say which command failed), or its content (located where it can be).
    struct Failure: Error {
        var message: String
        var code: ExitCode
        var isFileError: Bool
    }

    /// The tree at a path (`-` for standard input).
    func read(_ path: String) throws(Failure) -> Tree {
        if path != "-" && DirectoryReader.isDirectory(path) {
            do {
                var tree = try directory.read(path: path)
                tree.warnings += Self.unusedOptions(reader, path: path, format: nil)
                return tree
            } catch {
                throw Failure(message: error.description, code: ExitStatus.noInput, isFileError: false)
            }
        }
        var bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw Failure(message: error.message, code: error.isMissingInput ? ExitStatus.noInput : error.isNotText ? ExitStatus.dataError : ExitStatus.ioError, isFileError: true)
        }
        var named = path
        let gzipped = fileExtension(path)?.lowercased() == "gz"
        if gzipped { named = String(path.dropLast(3)) }
        if gzipped || GzipDecoder.isCompressed(bytes) {
            do {
                bytes = try GzipDecoder.decompress(bytes, file: Self.displayName(path))
            } catch {
                throw Failure(message: error.description, code: ExitStatus.dataError, isFileError: false)
            }
        }
        let known = format ?? fileExtension(named).flatMap(InputFormat.init(pathExtension:))
        do throws(ReadError) {
            var format: InputFormat
            if let known { format = known } else { format = try InputFormat.sniff(bytes, file: Self.displayName(path), options: reader) }
            if self.format == nil, format == .outline, ["txt", "text"].contains(fileExtension(named)?.lowercased()),
               let table = InputFormat.tableInPlainText(bytes, options: reader) {
                format = table
            }
            // An outline by its extension alone (not `--from outline`) that is markup: refused.
            if self.format == nil && format == .outline { try InputFormat.refuseMarkup(bytes, file: Self.displayName(path)) }
            var tree = try format.reader(reader).read(bytes, file: Self.displayName(path))
            if reader.layersByLongestPaths { tree.layerByLongestPaths() }
            // A directory's walk stops at --max-depth itself; a file's tree is cut there.
            if let maxDepth = directory.maxDepth { tree = tree.keepingLevels(maxDepth) }
            tree.warnings += Self.unusedOptions(reader, path: path, format: format)
            if !directory.excludes.isEmpty || directory.includeHidden {
                tree.warnings.append("\(Self.displayName(path)): --exclude and --hidden choose a directory's entries; "
                                     + "this input is a file, read whole")
            }
            return tree
        } catch {
            throw Failure(message: error.description, code: ExitStatus.dataError, isFileError: false)
        }
    }

    /// Warnings for the reader options the input's format does not read (`format` nil: a
    /// directory), so that a key or column given for another format is not silently ignored.
    static func unusedOptions(_ options: ReaderOptions, path: String, format: InputFormat?) -> [String] {
        options.unusedSettingWarnings(for: format, input: displayName(path), spelled: { "--" + $0 }, choosing: "--from ")
    }

    /// How messages name a path: standard input as `<stdin>`.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}

/// The extension of a path's last component, if it has one.
func fileExtension(_ path: String) -> String? {
    guard path != "-", let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    return String(path[path.index(after: dot)...])
}
