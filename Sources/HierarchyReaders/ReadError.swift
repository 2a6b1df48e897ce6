/// A problem in an input file, located by line and column (both 1-based; 0 when unknown).
public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as the user gave it (`-` or `<stdin>` for standard input).
    public var file: String
    /// 1-based line, or 0 when the problem concerns the whole input.
    public var line: Int
    /// 1-based column in characters, or 0 when the problem concerns the whole line or input.
    public var column: Int
    /// What is wrong, in a few words.
    public var message: String

    /// Creates an error at a position.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the format compilers use, so editors can jump to it.
    public var description: String {
        switch (line, column) {
        case (0, _): "\(file): \(message)"
        case (_, 0): "\(file):\(line): \(message)"
        default: "\(file):\(line):\(column): \(message)"
        }
    }
}
