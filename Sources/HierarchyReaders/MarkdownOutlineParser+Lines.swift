import Hierarchy

/// Lines: which open containers a line continues, what block it starts, and the lines the open leaf takes.
extension MarkdownOutlineParser {
    mutating func processLine(_ startingLine: MarkdownLine) throws(ReadError) {
        var line = startingLine

        // Which open containers the line continues.
        var matched = 0
        matching: while matched < containers.count {
            line.findNextNonspace(bytes)
            switch containers[matched] {
            case .quote:
                guard line.indent <= 3, line.peekNonspace(bytes) == UInt8(ascii: ">") else { break matching }
                line.advanceToNextNonspace()
                line.advance(bytes, by: 1, columns: true)
                if let next = line.peek(bytes), next == 0x20 || next == 0x09 { line.advance(bytes, by: 1, columns: true) }
            case .item(let offset, _, let hasContent):
                if line.indent >= offset {
                    line.advance(bytes, by: offset, columns: true)
                } else if line.blank && hasContent {
                    line.advanceToNextNonspace()
                    // Every item up to the next stop continues the same way.
                    matched = firstBlankStop(after: matched) ?? containers.count
                    continue matching
                } else {
                    break matching
                }
            }
            matched += 1
        }
        let allMatched = matched == containers.count
        line.findNextNonspace(bytes)

        // Code and HTML blocks take their lines as they are.
        if allMatched {
            switch leaf {
            case .fencedCode(let marker, let count):
                if line.indent <= 3, !line.blank,
                   MarkdownBlockStart.isClosingFence(bytes, at: line.nextNonspace, end: line.end, marker: marker, count: count) {
                    leaf = .none
                }
                return
            case .html(let kind):
                if kind >= 6 {
                    if line.blank { try closeLeaf() } else { addLeafLine(line) }
                } else {
                    addLeafLine(line)
                    if MarkdownHTML.blockEnds(kind: kind, bytes, from: line.offset, to: line.end) { try closeLeaf() }
                }
                return
            case .indentedCode:
                if line.indent >= 4 || line.blank { return }
                leaf = .none
            default:
                break
            }
        }

        // New blocks.
        var continuesParagraph = allMatched && leaf == .paragraph && !line.blank
        var maybeLazy = leaf == .paragraph
        var opened = false
        var thematicBreakRuledOut: (marker: UInt8, before: Int)? = nil
        newBlocks: while true {
            line.findNextNonspace(bytes)
            guard !line.blank else { break }
            let indented = line.indent >= 4
            let first = bytes[line.nextNonspace]
            let position = line.nextNonspace
            if !indented && first == UInt8(ascii: ">") {
                try startBlock(.quote, closingFrom: matched, at: position)
                line.advanceToNextNonspace()
                line.advance(bytes, by: 1, columns: true)
                if let next = line.peek(bytes), next == 0x20 || next == 0x09 { line.advance(bytes, by: 1, columns: true) }
                blankStops.append(containers.count)
                if outermostQuote == nil { outermostQuote = containers.count }
                containers.append(.quote(warned: false))
                quoteDepth += 1
                matched = containers.count
                opened = true
                continuesParagraph = false
                maybeLazy = false
                continue newBlocks
            }
            if !indented, let heading = MarkdownBlockStart.atxHeading(bytes, at: position, end: line.end) {
                try startBlock(.heading, closingFrom: matched, at: position, announce: false)
                try addHeading(level: heading.level, lines: [heading.text], at: position)
                return
            }
            if !indented, let fence = MarkdownBlockStart.openingFence(bytes, at: position, end: line.end) {
                try startBlock(.code, closingFrom: matched, at: position)
                leaf = .fencedCode(marker: fence.marker, count: fence.count)
                return
            }
            if !indented, let kind = MarkdownHTML.blockStart(bytes, at: position, end: line.end, interruptsParagraph: continuesParagraph) {
                labelTarget = try startBlock(.html, closingFrom: matched, at: position)
                leaf = .html(kind: kind)
                addLeafLine(line)
                if kind <= 5 && MarkdownHTML.blockEnds(kind: kind, bytes, from: position, to: line.end) { try closeLeaf() }
                return
            }
            let insideItem: Bool
            if case .item = containers.last { insideItem = true } else { insideItem = false }
            if !indented && continuesParagraph, let underline = MarkdownBlockStart.setextUnderline(bytes, at: position, end: line.end),
               !(insideItem && underline.length == 1 && first == UInt8(ascii: "-")) {
                try setextHeading(level: underline.level, at: position)
                return
            }
            if !indented && isThematicBreak(at: position, end: line.end, cache: &thematicBreakRuledOut) {
                try startBlock(.thematicBreak, closingFrom: matched, at: position)
                return
            }
            if !indented, let marker = MarkdownBlockStart.listMarker(bytes, at: position, end: line.end) {
                let rest = bytes[(position + marker.width)..<line.end]
                let empty = rest.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                // To interrupt a paragraph, an item must hold text and a numbered one start at 1;
                // inside a list item, an empty item may (see the type's comment).
                let allowed = !continuesParagraph || (empty ? insideItem : (!marker.ordered || marker.startsAtOne))
                if allowed {
                    try startBlock(.list, closingFrom: matched, at: position)
                    let markerIndent = line.indent
                    line.advanceToNextNonspace()
                    line.advance(bytes, by: marker.width, columns: false)
                    // Spaces after the marker: 1 to 4 belong to it; 5 or more start indented code.
                    let saved = line
                    var spaces = 0
                    while spaces <= 5, let next = line.peek(bytes), next == 0x20 || next == 0x09 {
                        line.advance(bytes, by: 1, columns: true)
                        spaces += 1
                    }
                    line.findNextNonspace(bytes)
                    var padding = marker.width + spaces
                    if spaces >= 5 || spaces < 1 || line.blank {
                        padding = marker.width + 1
                        line = saved
                        if spaces > 0 { line.advance(bytes, by: 1, columns: true) }
                    }
                    let node = try addItemNode(at: position)
                    blankStops.append(containers.count)
                    containers.append(.item(offset: markerIndent + padding, node: node, hasContent: false))
                    matched = containers.count
                    opened = true
                    continuesParagraph = false
                    maybeLazy = false
                    continue newBlocks
                }
            }
            if indented && !maybeLazy && leaf != .table {
                try startBlock(.code, closingFrom: matched, at: position)
                leaf = .indentedCode
                return
            }
            if !indented && continuesParagraph, let cells = MarkdownBlockStart.tableDelimiterCells(bytes, at: position, end: line.end),
               let header = leafLines.last, MarkdownBlockStart.tableCells(bytes, from: header.lowerBound, to: header.upperBound).count == cells {
                try startTable(at: position)
                return
            }
            break
        }

        // The rest of the line is text.
        if !allMatched && !opened && !line.blank && leaf == .paragraph {
            addLeafLine(line)  // a lazy continuation line
            return
        }
        try closeContainers(downTo: matched)
        if line.blank {
            if leaf == .paragraph || leaf == .table { try closeLeaf() }
            return
        }
        switch leaf {
        case .paragraph:
            addLeafLine(line)
        case .table:
            break  // a row
        default:
            try closeLeaf()
            labelTarget = try startBlock(.paragraph, closingFrom: matched, at: line.nextNonspace, closeLeaf: false)
            leaf = .paragraph
            addLeafLine(line)
        }
    }

    func isThematicBreak(at position: Int, end: Int, cache: inout (marker: UInt8, before: Int)?) -> Bool {
        if let ruledOut = cache, ruledOut.marker == bytes[position], position < ruledOut.before { return false }
        guard let failure = MarkdownBlockStart.thematicBreakFailure(bytes, at: position, end: end) else { return true }
        cache = (bytes[position], failure)
        return false
    }

    mutating func addLeafLine(_ line: MarkdownLine) {
        guard leaf == .paragraph || labelTarget != nil else { return }
        leafLines.append(line.nextNonspace..<line.end)
    }
}
