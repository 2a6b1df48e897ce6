/// Which key labels a list item read as keys that has no `name`: the key a reader would read as
/// its name (an API's `Name`, `title`, `label`, ip's `ifname`, `hostname`, `package_name`,
/// `displayName`), so an array of records is drawn as named records, not as unnamed dots.
enum ItemLabelKey {
    /// The best of `keys` (each an event index and its text, in document order) to label an
    /// item: `name` in any case first, then `title`, then `label`, then a key that names the
    /// whole thing (`username`, `hostname`, `ifname`, `display_name`…), then the first other key
    /// ending in "name" (`first_name`, `package_name`); nil where none is.
    static func best(in keys: some Sequence<(Int, String)>) -> Int? {
        var best: (rank: Int, index: Int)?
        for (index, text) in keys {
            guard let rank = rank(of: text) else { continue }
            if best == nil || rank < best!.rank { best = (rank, index) }
            if rank == 0 { break }
        }
        return best?.index
    }

    /// Keys that name the whole record, before other keys ending in "name".
    private static let wholeNames: Set<String> = ["username", "user_name", "hostname", "host_name", "ifname", "displayname",
                                                  "display_name", "fullname", "full_name", "filename", "file_name", "nickname"]

    /// 0 for `name` in any case, 1 `title`, 2 `label`, 3 a whole name, 4 another key ending in
    /// "name"; nil for others, and for a type's name (GraphQL's `__typename`, the same in every
    /// record) or a private key (`_name`).
    static func rank(of key: String) -> Int? {
        let lower = key.lowercased()
        switch lower {
        case "name": return 0
        case "title": return 1
        case "label": return 2
        default:
            if wholeNames.contains(lower) { return 3 }
            guard lower.count > 4, lower.hasSuffix("name"), !lower.hasPrefix("_"), !lower.hasSuffix("typename") else { return nil }
            return 4
        }
    }
}
