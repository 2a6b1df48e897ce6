import Schematic
#if FUZZING
import CLibFuzzer
#endif
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer targets for the whole pipeline, one per reader, chosen with `SCHEMATIC_FUZZ_READER`
/// (outline, json, yaml, csv, tsv, markdown, org, dot, newick): the reader, labels measured with
/// HarfBuzz, the schematic layout, and SVG. Every input must either be drawn, with every node
/// it read, or be refused with an error; a crash, a trap or a hang (`-timeout`) is a bug.
///
/// Built with `-sanitize=fuzzer -D FUZZING` by `make fuzz`, `main` hands control to libFuzzer;
/// built normally, it is a replay tool: `SchematicFuzz READER FILE...` draws files (regressions).
enum FuzzTarget {
    static let format: InputFormat = {
        let name = getenv("SCHEMATIC_FUZZ_READER").map { String(cString: $0) } ?? "outline"
        guard let format = InputFormat(rawValue: name) else {
            complain("SchematicFuzz: unknown reader '\(name)' in SCHEMATIC_FUZZ_READER")
            exit(64)
        }
        return format
    }()

    /// The command line's defaults (labels fitted in DejaVu Sans, the schematic layout), except
    /// that additional parents skipping levels are left out instead of refused, so more inputs
    /// reach the layout.
    static let options: DiagramOptions = {
        var options = DiagramOptions()
        options.misplacedParents = .drop
        return options
    }()

    static func run(_ bytes: [UInt8], format: InputFormat) {
        let tree: Tree
        do {
            tree = try format.reader.read(bytes, file: "fuzz")
        } catch {
            return  // refusing input with a message is the expected outcome for most mutations
        }
        let diagram: Diagram
        do {
            diagram = try Diagram(tree: tree, options: options)
        } catch {
            return
        }
        precondition(diagram.dataController.numberOfItems == tree.count,
                     "the diagram has \(diagram.dataController.numberOfItems) nodes, the input \(tree.count)")
        var written = 0
        do {
            try diagram.render(.init(format: .svg)) { written += $0.count }
        } catch {
            preconditionFailure("SVG rendering failed: \(error)")
        }
        precondition(written > 0, "the SVG is empty")
    }
}

@main
enum FuzzMain {
    static func main() {
        #if FUZZING
        _ = FuzzTarget.format  // an unknown reader stops here, before libFuzzer starts
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [], format: FuzzTarget.format)
            return 0
        })
        #else
        replay(CommandLine.arguments)
        #endif
    }

    /// Draws each file through one reader's pipeline, as the fuzzer would.
    static func replay(_ arguments: [String]) {
        guard arguments.count >= 3, let format = InputFormat(rawValue: arguments[1]) else {
            print("usage: SchematicFuzz READER FILE...   (readers: \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(64)
        }
        for path in arguments.dropFirst(2) {
            guard let file = fopen(path, "rb") else {
                complain("SchematicFuzz: cannot open \(path)")
                exit(66)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            fclose(file)
            FuzzTarget.run(bytes, format: format)
        }
        print("replayed \(arguments.count - 2) inputs through the \(format.rawValue) pipeline")
    }
}

/// Writes a line to standard error (file descriptor 2, not the C global `stderr`).
private func complain(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
}
