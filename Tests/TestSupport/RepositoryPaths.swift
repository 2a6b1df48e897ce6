/// Where the repository's files are, for golden-file tests.
public enum RepositoryPaths {
    /// The package root, found from this source file's path.
    public static var root: String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }

    /// The samples folder.
    public static var samples: String { root + "/samples" }
}
