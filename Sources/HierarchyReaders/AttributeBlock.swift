import Hierarchy

/// The attribute block a label may end with in outlines and Markdown (Pandoc's syntax):
/// `{#id .class key=value key="value with spaces"}`, keys `url`/`href`, `tooltip`/`title`,
/// `class`, `color`, `fill`, `type` and `id`.
struct AttributeBlock {
    var id: String?
    var type: NodeType?
    var attributes = NodeAttributes()

    /// Parses the text between the braces; nil if it is not an attribute block.
    init?(_ text: String) throws(AttributeError) {
        let characters = Array(text)
        var position = 0
        var classes: [String] = []
        var sawToken = false
        while position < characters.count {
            while position < characters.count && characters[position].isWhitespace { position += 1 }
            if position >= characters.count { break }
            let tokenStart = position
            if characters[position] == "#" || characters[position] == "." {
                while position < characters.count && !characters[position].isWhitespace { position += 1 }
                let value = String(characters[(tokenStart + 1)..<position])
                guard !value.isEmpty else { return nil }
                if characters[tokenStart] == "#" { id = value } else { classes.append(value) }
                sawToken = true
                continue
            }
            while position < characters.count && characters[position] != "=" && !characters[position].isWhitespace { position += 1 }
            guard position < characters.count, characters[position] == "=", position > tokenStart else { return nil }
            let key = String(characters[tokenStart..<position])
            position += 1
            var value: String
            if position < characters.count && characters[position] == "\"" {
                let valueStart = position + 1
                position = valueStart
                while position < characters.count && characters[position] != "\"" { position += 1 }
                guard position < characters.count else { throw AttributeError("unterminated quoted value in an attribute block") }
                value = String(characters[valueStart..<position])
                position += 1
            } else {
                let valueStart = position
                while position < characters.count && !characters[position].isWhitespace { position += 1 }
                value = String(characters[valueStart..<position])
            }
            sawToken = true
            switch key {
            case "id": id = value
            case "type":
                guard let named = NodeType(name: value) else {
                    throw AttributeError("unknown type \"\(value)\" (expected normal, important or critical)")
                }
                type = named
            case "class": classes.append(value)
            default:
                guard try attributes.set(key, to: value) else {
                    throw AttributeError("unknown attribute '\(key)' (use url, tooltip, class, color, fill, type or id)")
                }
            }
        }
        guard sawToken else { return nil }
        if !classes.isEmpty { attributes.cssClass = try NodeAttributes.checkedClass(classes.joined(separator: " ")) }
    }
}
