/// Which key labels a list item read as keys that has no `name`: the key a reader would read as
/// its name (an API's `Name`, `title`, `label`, ip's `ifname`, `hostname`, `package_name`,
/// `displayName`), so an array of records is drawn as named records, not as unnamed dots.
enum ItemLabelKey {
    /// The best of `keys` (each an event index and its text, in document order) to label an
    /// item: `name` in any case first, then `title`, then `label`, then the first key ending in
    /// "name" (`ifname`, `full_name`, `displayName`); nil where none is.
    static func best(in keys: some Sequence<(Int, String)>) -> Int? {
        var best: (rank: Int, index: Int)?
        for (index, text) in keys {
            guard let rank = rank(of: text) else { continue }
            if best == nil || rank < best!.rank { best = (rank, index) }
            if rank == 0 { break }
        }
        return best?.index
    }

    /// 0 for `name` in any case, 1 `title`, 2 `label`, 3 a key ending in "name"; nil for others.
    static func rank(of key: String) -> Int? {
        let lower = key.lowercased()
        switch lower {
        case "name": return 0
        case "title": return 1
        case "label": return 2
        default: return lower.count > 4 && lower.hasSuffix("name") ? 3 : nil
        }
    }
}
