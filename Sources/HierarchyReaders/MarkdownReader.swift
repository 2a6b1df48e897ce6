import Hierarchy

/// Reads the outline of a Markdown document: headings (`#` to `######`, and underlined
/// `===`/`---` ones) nest by level, and list items nest as their lists do, under the heading
/// before them. Every list item is a node, an empty one too (with an empty label); its label is
/// its first paragraph (or heading, or HTML block). Paragraphs, tables, code, HTML blocks and
/// block quotes are not part of the outline; headings and list items inside a block quote or
/// further down a list item are left out with a warning, never moved elsewhere.
///
/// Block structure follows CommonMark's algorithm (containers matched line by line, lazy
/// continuation lines, indented and fenced code, the seven kinds of HTML block, GitHub tables),
/// with one difference: inside a list item, a line holding only a list marker is an empty item,
/// even right under a line of text (CommonMark would read a lone `-` there as a heading
/// underline, and a lone `*` as text), because tree exports write unnamed nodes that way.
/// A YAML front matter block at the top is skipped. Inline markup is reduced as `MarkdownInline`
/// describes; a trailing `{#id .class key=value}` block gives the node's id and attributes.
///
/// Ink, the Markdown package at hand, renders HTML and exposes no tree to take the outline from.
public struct MarkdownReader: HierarchyReader {
    public init() {}

    public func read(_ input: [UInt8], file: String) throws(ReadError) -> Tree {
        var parser = MarkdownOutlineParser(source: try SourceText(bytes: input, file: file))
        return try parser.parse()
    }
}
