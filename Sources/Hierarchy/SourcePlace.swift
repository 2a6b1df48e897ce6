/// Where something is written in a hierarchy's source file: its line, and its column where the
/// reader knows it (both from 1).
public struct SourcePlace: Hashable, Sendable {
    public var line: Int
    public var column: Int?

    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, or `LINE`.
    public var description: String { column.map { "\(line):\($0)" } ?? "\(line)" }
}
