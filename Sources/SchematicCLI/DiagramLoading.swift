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
    /// Some output is drawn by Graphviz (DOT, PNG, PDF, gv:…), which cannot turn labels.
    var drawnByGraphviz = false
    /// Some output is the HTML page (which a large drawing's warning need not suggest).
    var writesPage = false
    /// Every output is the HTML page, opened collapsed at this depth (`--collapse-depth`): what a
    /// reader sees first is the folded drawing, so its full size is no warning (where the depth
    /// folds anything away).
    var onlyPageCollapsedAt: Int?
    /// Every output is the HTML page: it pans and zooms (and its overview shows where), so a
    /// drawing too large to read on a page is no warning there.
    var writesOnlyPage = false

    /// Reads and parses a file (`-` for standard input), or walks a directory; prints the
    /// reader's warnings unless quiet. The tree is trimmed: it lives through the layout, where
    /// memory peaks.
    func readTree(_ path: String) throws -> Tree {
        var tree = try parseTree(path)
        tree.trimCapacity()
        if !quiet {
            for warning in tree.warnings { FileIO.writeMessage("schematic: warning: \(warning)") }
        }
        return tree
    }

    private func parseTree(_ path: String) throws -> Tree {
        do {
            var reading = inputOptions.treeReading
            reading.reader.breaksCycles = layoutOptions.extraParents != .keep
            reading.reader.layersByLongestPaths = layoutOptions.extraParents != .drop
            return try reading.read(path)
        } catch {
            throw fail(error.isFileError ? "schematic: \(error.message)" : error.message, error.code)
        }
    }

    /// Whether a circle's labels, radial unless asked otherwise, stay upright because Graphviz
    /// draws some output (it cannot turn them).
    var keepsCircleLabelsUpright: Bool {
        guard drawnByGraphviz, layoutOptions.otherLayoutOptions.labelDirection == nil, case .circle = layoutOptions.diagramLayout else { return false }
        return true
    }

    /// The drawing options the command line gives: the one place every command (and every
    /// Markdown block) turns its layout and label options into `DiagramOptions`.
    var diagramOptions: DiagramOptions {
        var options = DiagramOptions()
        options.configuration = layoutOptions.configuration
        options.sizing = labelOptions.nodeSizing
        options.viewport = labelOptions.viewport?.size
        switch layoutOptions.extraParents {
        case .auto: options.misplacedParents = .drop
        case .keep: options.misplacedParents = .reject
        case .drop: options.misplacedParents = .dropAll
        }
        options.layout = layoutOptions.diagramLayout
        if keepsCircleLabelsUpright, case .circle(var circle) = options.layout {
            // Graphviz cannot turn labels: a circle it draws keeps them upright.
            circle.labelDirection = .horizontal
            options.layout = .circle(circle)
        }
        options.effects = layoutOptions.effects
        return options
    }

    /// Lays a tree out with the command's options.
    func diagram(_ tree: Tree, file: String) throws -> Diagram {
        do {
            let diagram = try Diagram(tree: tree, options: diagramOptions)
            if !quiet {
                if keepsCircleLabelsUpright {
                    FileIO.writeMessage("schematic: warning: \(displayName(file)): Graphviz cannot turn labels, so this circle keeps them upright "
                                        + "and needs many times the room (1.4 to 500 times the columns' area on real trees); "
                                        + "SVG and HTML output turn them along the radii")
                }
                let levels = diagram.dataController.numberOfSections
                let large = diagram.largeDrawingWarning
                let folds = writesOnlyPage || (onlyPageCollapsedAt.map { $0 + 1 < levels } ?? false)
                for warning in diagram.warnings where !(warning == large && folds) {
                    // The page folds a large tree away (one of several levels): a tip unless it is being written.
                    let page = "write the HTML page, which opens collapsed (--format html --collapse-depth N)"
                    let tip = warning != large || writesPage || levels < 2 ? "" : " or " + page
                    FileIO.writeMessage("schematic: warning: \(displayName(file)): \(warning)\(tip)")
                }
            }
            return diagram
        } catch {
            throw failure(error, file: file)
        }
    }

    /// The message and exit status of a drawing that cannot be made.
    func failure(_ error: DiagramError, file: String) -> CommandFailure {
        switch error {
        case .hierarchy(let problem):
            fail("\(displayName(file)):\(problem.place.map { "\($0.description):" } ?? "") \(error.description)", ExitStatus.dataError)
        case .duplicateID: fail("\(displayName(file)): \(error.description)", ExitStatus.dataError)
        case .font, .graphviz: fail("schematic: \(error.description)", ExitStatus.unavailable)
        case .unknownNode: fail("schematic: --focus: \(error.description) in \(displayName(file))", ExitStatus.usage)
        }
    }

    func displayName(_ path: String) -> String { TreeReading.displayName(path) }
}

/// Refuses an output that is one of `inputs` (through soft or hard links), before anything is
/// written; `option` names the option that gave the path.
func refuseOverwritingInput(_ path: String, inputs: [String], option: String = "-o") throws {
    // Identities of existing files only: an output not made yet is no input. An input is
    // followed as reading follows it (`/dev/stdin` redirected from a file is that file).
    guard path != "-", let output = OutputTarget.fileIdentity(path), output.hasPrefix("file ") else { return }
    if let input = inputs.first(where: { OutputTarget.readIdentity($0) == output }) {
        let name = input == "-" ? "(standard input)" : input
        throw fail("schematic: \(path): would overwrite its input \(name); choose another \(option)", ExitStatus.usage)
    }
}

/// The usage error for an empty `-o` (every command that writes checks it in `validate()`).
let emptyOutputPath = ValidationError("-o needs a path, or - for standard output")

/// Writes several outputs so that none is made unless every one can be: each goes to its
/// temporary file (`FileIO.Output`) first, and only then are all committed (a drawing's files
/// and the page that links them).
func writeAllAtomically(_ files: [(path: String, bytes: [UInt8])], inputs: [String] = []) throws {
    for file in files { try refuseOverwritingInput(file.path, inputs: inputs) }
    var outputs: [FileIO.Output] = []
    for file in files {
        do {
            let output = try FileIO.Output(path: file.path)
            outputs.append(output)
            output.write(file.bytes)
        } catch {
            outputs.forEach { $0.abandon() }
            throw fail("schematic: \(error.message)", ExitStatus.cannotCreate)
        }
    }
    if let failure = outputs.lazy.compactMap(\.failure).first {
        outputs.forEach { $0.abandon() }
        throw fail("schematic: \(failure)", ExitStatus.ioError)
    }
    for output in outputs {
        do {
            try output.commit()
        } catch {
            throw fail("schematic: \(error.message)", ExitStatus.ioError)
        }
    }
}

/// Writes an output so that a failure or an interruption leaves nothing behind where a file is
/// replaced, and nothing at the path is ever replaced but a regular file (see `FileIO.Output`).
/// Refuses an output that is one of `inputs` (through links), before writing anything.
func writeAtomically(to path: String, inputs: [String] = [], option: String = "-o", _ produce: (FileIO.Output) throws -> Void) throws {
    try refuseOverwritingInput(path, inputs: inputs, option: option)
    let destination: FileIO.Output
    do {
        destination = try FileIO.Output(path: path)
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
