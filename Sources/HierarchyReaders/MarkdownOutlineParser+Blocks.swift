import Hierarchy

/// Blocks: opening and closing containers and leaves, and the outline's nodes (list items, headings) with their warnings.
extension MarkdownOutlineParser {
    /// Closes what a new block ends (unmatched containers and the open leaf) and notes the block
    /// in the innermost container. Returns the item whose label the block gives, if any.
    @discardableResult
    mutating func startBlock(_ kind: BlockKind, closingFrom matched: Int, at offset: Int,
                                     announce: Bool = true, closeLeaf closesLeaf: Bool = true) throws(ReadError) -> Int? {
        try closeContainers(downTo: matched)
        if closesLeaf { try closeLeaf() }
        if containers.isEmpty && kind != .list {
            // Any other block at the top ends a caption's list, or the wait for one.
            caption = nil
            captionNode = nil
        }
        guard announce, case .item(let itemOffset, let node, false) = containers.last else { return nil }
        markLastItemFilled(offset: itemOffset, node: node)
        guard let node else { return nil }
        switch kind {
        case .paragraph, .heading, .html:
            return node
        case .list:
            return nil
        case .quote, .code, .table, .thematicBreak:
            warn(at: offset, "this list item starts with a \(kind.rawValue), not text: its node has an empty label")
            return nil
        }
    }

    /// The innermost container, a list item, now holds a block.
    mutating func markLastItemFilled(offset: Int, node: Int?) {
        containers[containers.count - 1] = .item(offset: offset, node: node, hasContent: true)
        if blankStops.last == containers.count - 1 { blankStops.removeLast() }
    }

    /// The first blank stop after container `index`.
    func firstBlankStop(after index: Int) -> Int? {
        var low = 0
        var high = blankStops.count
        while low < high {
            let middle = (low + high) / 2
            if blankStops[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low < blankStops.count ? blankStops[low] : nil
    }

    mutating func closeContainers(downTo count: Int) throws(ReadError) {
        guard containers.count > count else { return }
        try closeLeaf()
        for container in containers[count...] {
            if case .quote = container { quoteDepth -= 1 }
        }
        containers.removeSubrange(count...)
        while let last = blankStops.last, last >= count { blankStops.removeLast() }
        if let quote = outermostQuote, quote >= count { outermostQuote = nil }
    }

    mutating func closeLeaf() throws(ReadError) {
        if let node = labelTarget, leaf == .paragraph || leaf.isHTML {
            try applyLabel(to: node, lines: leafLines, isHeading: false)
        } else if leaf == .paragraph && labelTarget == nil && containers.isEmpty && leafLines.count == 1 {
            caption = captionText(leafLines[0])
        }
        labelTarget = nil
        leafLines.removeAll(keepingCapacity: true)
        leaf = .none
    }

    /// A caption's text (without its colon) if the line is one: at most `longestCaption`
    /// bytes ending in ":" (`Fixes:`, `Requirements:`), or emphasised text ending in one
    /// (`**Fixes:**`, `_Note:_`; the caption is the text inside).
    func captionText(_ line: Range<Int>) -> Range<Int>? {
        var start = line.lowerBound
        var end = line.upperBound
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        guard end - start <= Self.longestCaption else { return nil }
        // `**Fixes:**`: the same run of `*` or `_` (up to three) at both ends, the colon inside.
        if end - start > 2, let marker = [UInt8(ascii: "*"), UInt8(ascii: "_")].first(where: { $0 == bytes[end - 1] }) {
            var run = 0
            while run < 3 && end - run > start && bytes[end - 1 - run] == marker { run += 1 }
            let opening = (0..<run).allSatisfy { start + $0 < end - run && bytes[start + $0] == marker }
            guard opening, start + run < end - run, bytes[start + run] != marker, bytes[start + run] != 0x20 else { return nil }
            start += run
            end -= run
            // `**a** and **b:**` is two emphases, not one caption.
            var inner = start
            while inner + run <= end {
                if (0..<run).allSatisfy({ bytes[inner + $0] == marker }) { return nil }
                inner += 1
            }
        }
        guard end > start + 1, bytes[end - 1] == UInt8(ascii: ":"), bytes[end - 2] != UInt8(ascii: "\\") else { return nil }
        end -= 1
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return end > start ? start..<end : nil
    }

    /// The longest line read as a caption.
    static let longestCaption = 100

    mutating func addItemNode(at offset: Int) throws(ReadError) -> Int? {
        guard quoteDepth == 0 else {
            warnInsideQuote(at: offset, "list item")
            return nil
        }
        if containers.isEmpty, let line = caption {
            // The caption's list begins: its node goes above the items.
            let node = tree.addNode(label: "", parent: headings.last?.node)
            try applyLabel(to: node, lines: [line], isHeading: false)
            captionNode = node
            caption = nil
        }
        // Outside block quotes every container is an outlined list item.
        var parent = containers.isEmpty ? captionNode ?? headings.last?.node : headings.last?.node
        if case .item(_, let node?, _) = containers.last { parent = node }
        return tree.addNode(label: "", parent: parent)
    }

    mutating func addHeading(level: Int, lines: [Range<Int>], at offset: Int) throws(ReadError) {
        if containers.isEmpty {
            caption = nil
            captionNode = nil
            while let last = headings.last, last.level >= level { headings.removeLast() }
            let node = tree.addNode(label: "", parent: headings.last?.node)
            try applyLabel(to: node, lines: lines, isHeading: true)
            headings.append((level, node))
        } else if case .item(let itemOffset, let node?, false) = containers.last {
            // The item's first block: its label.
            markLastItemFilled(offset: itemOffset, node: node)
            try applyLabel(to: node, lines: lines, isHeading: true)
        } else if quoteDepth > 0 {
            warnInsideQuote(at: offset, "heading")
        } else {
            if case .item(let itemOffset, let node, _) = containers.last {
                markLastItemFilled(offset: itemOffset, node: node)
            }
            warn(at: offset, "a heading inside a list item is not part of the outline")
        }
    }

    /// The open paragraph, underlined, becomes a heading.
    mutating func setextHeading(level: Int, at offset: Int) throws(ReadError) {
        let lines = leafLines
        let target = labelTarget
        labelTarget = nil
        try closeLeaf()
        if let target {
            try applyLabel(to: target, lines: lines, isHeading: true)
        } else {
            try addHeading(level: level, lines: lines, at: lines.first?.lowerBound ?? offset)
        }
    }

    /// The open paragraph's last line is a table's header row; the lines before it stay a paragraph.
    mutating func startTable(at offset: Int) throws(ReadError) {
        leafLines.removeLast()
        if leafLines.isEmpty {
            if labelTarget != nil {
                warn(at: offset, "this list item starts with a table, not text: its node has an empty label")
            }
            labelTarget = nil
        }
        try closeLeaf()
        if containers.isEmpty {
            // A table ends a caption's list, or the wait for one (its paragraph is no caption).
            caption = nil
            captionNode = nil
        }
        leaf = .table
    }

    mutating func warn(at offset: Int, _ message: String) {
        tree.warnings.append(source.error(at: offset, message).description)
    }

    /// Warns once per block quote that outline elements in it are left out.
    mutating func warnInsideQuote(at offset: Int, _ what: String) {
        guard let index = outermostQuote, case .quote(false) = containers[index] else { return }
        containers[index] = .quote(warned: true)
        warn(at: offset, "a \(what) inside a block quote is not part of the outline (nor is the rest of the quote)")
    }
}
