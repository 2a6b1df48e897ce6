import Hierarchy

/// Labels: a node's text from its lines.
extension MarkdownOutlineParser {
    /// Gives `node` the label the lines hold: a trailing attribute block split off, inline
    /// markup reduced, the id checked against those seen before.
    mutating func applyLabel(to node: Int, lines: [Range<Int>], isHeading: Bool) throws(ReadError) {
        var raw: [UInt8] = []
        var pieces: [(rawStart: Int, sourceStart: Int)] = []
        for (index, line) in lines.enumerated() {
            if let control = source.firstControlCharacter(in: line) {
                throw source.error(at: control, controlCharacterMessage(bytes[control], in: "a label"))
            }
            if index > 0 { raw.append(0x0A) }
            pieces.append((raw.count, line.lowerBound))
            raw.append(contentsOf: bytes[line])
        }
        func sourceOffset(_ rawOffset: Int) -> Int {
            let piece = pieces.last { $0.rawStart <= rawOffset } ?? (0, lines.first?.lowerBound ?? 0)
            return piece.sourceStart + rawOffset - piece.rawStart
        }
        while let last = raw.last, last == 0x20 || last == 0x09 { raw.removeLast() }

        // A trailing {#id .class key=value} block, as Pandoc writes it.
        var block: AttributeBlock? = nil
        var blockOffset = 0
        if raw.last == UInt8(ascii: "}"), let open = raw.lastIndex(of: UInt8(ascii: "{")),
           open == 0 || raw[open - 1] == 0x20 || raw[open - 1] == 0x09 {
            do {
                block = try AttributeBlock(String(decoding: raw[(open + 1)..<(raw.count - 1)], as: UTF8.self))
            } catch {
                throw source.error(at: sourceOffset(open), error.message)
            }
            if block != nil {
                blockOffset = sourceOffset(open)
                raw.removeSubrange(open...)
                while let last = raw.last, last == 0x20 || last == 0x09 { raw.removeLast() }
            }
        }
        let inline: MarkdownInline.Reduced
        do {
            inline = try MarkdownInline.reduce(raw, references: references)
        } catch {
            throw source.error(at: sourceOffset(error.offset), error.message)
        }
        tree.setLabel(inline.text, of: node)
        tree.setType(block?.type ?? .normal, of: node)
        if let id = block?.id {
            if let first = idPlaces[id] {
                let place = source.location(of: first)
                throw source.error(at: blockOffset, "duplicate id '\(id)' (first at \(source.file):\(place.line):\(place.column))")
            }
            idPlaces[id] = blockOffset
            tree.setID(id, of: node)
        }
        var attributes = block?.attributes ?? NodeAttributes()
        if attributes.url == nil, let url = inline.url, let checked = try? NodeAttributes.checkedURL(url) {
            attributes.url = checked
        }
        tree.setAttributes(attributes, of: node)
    }
}
