import Foundation
import Testing

/// Golden files: outputs committed beside their inputs (the samples), which `make samples`
/// regenerates after an intended change.
public enum Golden {
    /// The committed text at `path` (absolute, or relative to the samples folder).
    public static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path.hasPrefix("/") ? path : RepositoryPaths.samples + "/" + path, encoding: .utf8)
    }

    /// Expects `output` to be the golden file at `path` byte for byte; a drift says how to
    /// regenerate the goldens.
    public static func expect(_ output: String, matches path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = try text(path)
        #expect(output == golden, "\(path) drifted: run `make samples` and review the diff", sourceLocation: sourceLocation)
    }

    /// Expects the file written at `written` to be the golden file at `path`.
    public static func expect(fileAt written: String, matches path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expect(String(contentsOfFile: written, encoding: .utf8), matches: path, sourceLocation: sourceLocation)
    }
}
