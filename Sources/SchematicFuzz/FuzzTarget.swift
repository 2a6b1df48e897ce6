import Hierarchy
import HierarchyReaders
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer targets, one per reader, chosen with `SCHEMATIC_FUZZ_READER` (outline, json, yaml,
/// csv, tsv, markdown, dot). Every input must either read into a forest that sections, or be
/// refused with a `ReadError`/`HierarchyError`; a crash, a hang or a trap is a bug.
///
/// Built with `-sanitize=fuzzer -D FUZZING` by `make fuzz`; built normally, the same file is a
/// replay tool: `schematic-fuzz READER FILE...` feeds files to a reader (regressions).
enum FuzzTarget {
    static let format: InputFormat = {
        let name = getenv("SCHEMATIC_FUZZ_READER").map { String(cString: $0) } ?? "outline"
        return InputFormat(rawValue: name) ?? .outline
    }()

    static func run(_ bytes: [UInt8], format: InputFormat) {
        do {
            let tree = try format.reader.read(bytes, file: "fuzz")
            _ = try SectionedTree(tree, misplacedParents: .drop)
        } catch {
            // Refusing input with a message is the expected outcome for most mutations.
        }
    }
}

#if FUZZING
/// libFuzzer's entry point; `make fuzz` links this object with libFuzzer's own `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [], format: FuzzTarget.format)
    return 0
}
#else
@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3, let format = InputFormat(rawValue: arguments[1]) else {
            print("usage: SchematicFuzz READER FILE...   (readers: \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(64)
        }
        for path in arguments.dropFirst(2) {
            guard let file = fopen(path, "rb") else { continue }
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
        print("replayed \(arguments.count - 2) inputs through the \(format.rawValue) reader")
    }
}
#endif
