/// Which key labels a list item read as keys that has no `name`: the key a reader would read as
/// its name (an API's `Name`, `title`, `label`, ip's `ifname`, `hostname`, `package_name`,
/// `displayName`), else its identifier (`id`, `key`, `slug`, `code`), so an array of records is
/// drawn as named records, not as unnamed dots.
enum ItemLabelKey {
    /// The best of `keys` (each an event index and its text, in document order) to label an
    /// item: `name` in any case first, then `title`, then `label`, then a key that names the
    /// whole thing (`username`, `hostname`, `ifname`, `display_name`…), then the first other key
    /// ending in "name" (`first_name`, `package_name`), then an identifier (a CI file's pipelines
    /// `- id: build`, tolerations' `key`) that is not a number; nil where none is.
    static func best(in keys: some Sequence<(Int, String, value: String)>) -> Int? {
        var best: (rank: Int, index: Int)?
        for (index, text, value) in keys {
            guard let rank = rank(of: text) else { continue }
            // A number says nothing of which record it is (`id: 3`); a word does (`id: build`),
            // not a text (an SSH public key under `key:`, a `code: |` block).
            if rank >= 5 && (value.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." }) || value.count > 64
                             || value.contains(where: \.isWhitespace)) { continue }
            if best == nil || rank < best!.rank { best = (rank, index) }
            if rank == 0 { break }
        }
        return best?.index
    }

    /// Keys that name the whole record, before other keys ending in "name".
    private static let wholeNames: Set<String> = ["username", "user_name", "hostname", "host_name", "ifname", "displayname",
                                                  "display_name", "fullname", "full_name", "filename", "file_name", "nickname"]

    /// 0 for `name` in any case, 1 `title`, 2 `label`, 3 a whole name, 4 another key ending in
    /// "name", 5 to 8 `id`, `key`, `slug`, `code`; nil for others, and for a type's name (GraphQL's `__typename`, the same in every
    /// record) or a private key (`_name`).
    static func rank(of key: String) -> Int? {
        let lower = key.lowercased()
        switch lower {
        case "name": return 0
        case "title": return 1
        case "label": return 2
        case "id": return 5
        case "key": return 6
        case "slug": return 7
        case "code": return 8
        default:
            if wholeNames.contains(lower) { return 3 }
            guard lower.count > 4, lower.hasSuffix("name"), !lower.hasPrefix("_"), !lower.hasSuffix("typename") else { return nil }
            return 4
        }
    }
}
