import ArgumentParser
import Schematic

/// Reading a hierarchy file and laying it out, shared by the subcommands; failures become
/// one-line messages and sysexits statuses.
struct DiagramLoading {
    var inputOptions: InputOptions
    var layoutOptions: LayoutOptions
    var labelOptions: LabelOptions
    /// Leave warnings out.
    var quiet = false

    /// Reads and parses a file (`-` for standard input), or walks a directory; prints the
    /// reader's warnings unless quiet.
    func readTree(_ path: String) throws -> Tree {
        let tree = try parseTree(path)
        if !quiet {
            for warning in tree.warnings { FileIO.writeMessage("schematic: warning: \(warning)") }
        }
        return tree
    }

    private func parseTree(_ path: String) throws -> Tree {
        if path != "-" && DirectoryReader.isDirectory(path) {
            do {
                return try inputOptions.directoryReader.read(path: path)
            } catch {
                throw fail(error.description, ExitStatus.noInput)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw fail("schematic: \(error.message)", error.isMissingInput ? ExitStatus.noInput : ExitStatus.ioError)
        }
        let known = inputOptions.from ?? fileExtension(path).flatMap(InputFormat.init(pathExtension:))
        do throws(ReadError) {
            let format: InputFormat
            if let known { format = known } else { format = try InputFormat.sniff(bytes, file: displayName(path), options: inputOptions.readerOptions) }
            return try format.reader(inputOptions.readerOptions).read(bytes, file: displayName(path))
        } catch {
            throw fail(error.description, ExitStatus.dataError)
        }
    }

    /// Lays a tree out with the command's options.
    func diagram(_ tree: Tree, file: String) throws -> Diagram {
        var options = DiagramOptions()
        options.configuration = layoutOptions.configuration
        options.sizing = labelOptions.nodeSizing
        options.viewport = labelOptions.viewport?.size
        options.misplacedParents = layoutOptions.extraParents == .drop ? .drop : .reject
        options.layout = layoutOptions.diagramLayout
        options.effects = layoutOptions.effects
        do {
            let diagram = try Diagram(tree: tree, options: options)
            let dropped = diagram.dataController.droppedParentCount
            if dropped > 0 && !quiet {
                FileIO.writeMessage("schematic: warning: \(displayName(file)): left out \(dropped) parent edge\(dropped == 1 ? "" : "s") that skip levels (--extra-parents drop)")
            }
            if !quiet {
                for warning in diagram.warnings { FileIO.writeMessage("schematic: warning: \(displayName(file)): \(warning)") }
            }
            return diagram
        } catch {
            switch error {
            case .hierarchy, .duplicateID: throw fail("\(displayName(file)): \(error.description)", ExitStatus.dataError)
            case .font, .graphviz: throw fail("schematic: \(error.description)", ExitStatus.unavailable)
            case .unknownNode: throw fail("schematic: --focus: \(error.description) in \(displayName(file))", ExitStatus.usage)
            }
        }
    }

    func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}

/// The extension of a path's last component, if it has one.
func fileExtension(_ path: String) -> String? {
    guard path != "-", let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    return String(path[path.index(after: dot)...])
}

/// Writes through a temporary file, so a failure leaves nothing behind.
func writeAtomically(to path: String, _ produce: (FileIO.AtomicOutput) throws -> Void) throws {
    let destination: FileIO.AtomicOutput
    do {
        destination = try FileIO.AtomicOutput(path: path)
    } catch {
        throw fail("schematic: \(error.message)", ExitStatus.cannotCreate)
    }
    do {
        try produce(destination)
    } catch {
        destination.abandon()
        throw error
    }
    do {
        try destination.commit()
    } catch {
        throw fail("schematic: \(error.message)", ExitStatus.ioError)
    }
}
