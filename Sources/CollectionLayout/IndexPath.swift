/// The position of an element: a section and an item within it, as in UIKit.
///
/// Supplementary elements may need a third component to tell apart several elements that
/// belong to one item, e.g. the connectors from each of an item's parents: `subitem` is 0 for
/// the first and counts up from there.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
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
