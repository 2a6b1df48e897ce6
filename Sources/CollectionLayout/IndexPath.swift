/// The position of an element: a section and an item within it, as in UIKit.
///
/// Supplementary elements may need a third component to tell apart several elements that
/// belong to one item, e.g. the connectors from each of an item's parents: `subitem` is 0 for
/// the first and counts up from there.
///
/// Foundation has an `IndexPath` of its own: in a file that imports both, name this one
/// `CollectionLayout.IndexPath` (a typealias in the file keeps it short).
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section: in a schematic layout, the depth.
    public var section: Int
    /// The item within its section.
    public var item: Int
    /// Which of an item's several supplementary elements of one kind (0 for the first).
    public var subitem: Int

    /// An index path of an item in a section (`subitem` 0).
    public init(item: Int, section: Int, subitem: Int = 0) {
        self.section = section
        self.item = item
        self.subitem = subitem
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item, lhs.subitem) < (rhs.section, rhs.item, rhs.subitem)
    }

    /// The components, `[section, item]`, with the subitem appended when it is not 0.
    public var components: [Int] { subitem == 0 ? [section, item] : [section, item, subitem] }

    public var description: String { "[" + components.map(String.init).joined(separator: ", ") + "]" }
}
