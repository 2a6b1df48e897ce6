import CollectionLayout

/// A node: its group (classes, id, accessibility label, link), its box or junction dot, and its label's lines.
extension SVGRenderer {
    /// What `--max-depth` left out below a node, for its title and accessible label.
    static func hiddenBelowText(_ count: Int) -> String {
        "\(count) more below, not shown (--max-depth)"
    }

    func writeCell(_ attributes: LayoutAttributes, content: any DiagramContent, into output: inout OutputBuffer) {
        let frame = attributes.frame
        let extra = content.attributes(at: attributes.indexPath)
        let isJunction = content.isJunction(at: attributes.indexPath)
        if let url = extra?.url {
            output.append("<a href=\"")
            output.appendXMLEscaped(url)
            output.append("\">")
        }
        output.append(isJunction ? "<g class=\"node junction " : "<g class=\"node ")
        output.append(raw: content.type(at: attributes.indexPath).description)
        if shadesDepths && attributes.indexPath.section % 2 == 1 { output.append(" odd-depth") }
        if extra?.hiddenBelow != nil { output.append(" cut") }
        if let classes = extra?.cssClass {
            output.append(" ")
            output.appendXMLEscaped(classes)
        }
        output.append("\"")
        if let id = content.id(at: attributes.indexPath) {
            output.append(" id=\"")
            output.appendXMLEscaped(Self.elementID(id))
            output.append("\"")
        }
        if interactive {
            output.append(" data-section=\"")
            output.append(attributes.indexPath.section)
            output.append("\" data-item=\"")
            output.append(attributes.indexPath.item)
            output.append("\" tabindex=\"0\"")
        }
        output.append(" role=\"listitem\" aria-label=\"")
        if isJunction {
            output.append("unnamed node")
            // (A phylogeny's support value is what there is to say of an inner node.)
            if let support = extra?.data("support") {
                output.append(", support ")
                output.appendXMLEscaped(support)
            }
        } else {
            output.appendXMLEscaped(content.label(at: attributes.indexPath))
        }
        if content.type(at: attributes.indexPath) != .normal {
            output.append(", ")
            output.append(raw: content.type(at: attributes.indexPath).description)
        }
        let hidden = extra?.hiddenBelow.map(Self.hiddenBelowText)
        if let hidden {
            output.append(", ")
            output.append(raw: hidden)
        }
        output.append("\"")
        writeCommonAttributes(attributes, into: &output)
        output.append(">")
        // A shortened label's whole text is its tooltip, unless the node has one of its own;
        // its data attributes (a phylogeny's support and branch length) and what --max-depth
        // left out below it follow, a line each.
        let tooltip = extra?.tooltip ?? (content.isShortened(at: attributes.indexPath) ? content.label(at: attributes.indexPath) : nil)
        let data = extra?.data ?? []
        if tooltip != nil || hidden != nil || !data.isEmpty {
            output.append("<title>")
            var lines = 0
            if let tooltip { output.appendXMLEscaped(tooltip); lines += 1 }
            for entry in data {
                if lines > 0 { output.append("\n") }
                output.appendXMLEscaped(entry.key)
                output.append(": ")
                output.appendXMLEscaped(entry.value)
                lines += 1
            }
            if let hidden {
                if lines > 0 { output.append("\n") }
                output.append(raw: hidden)
            }
            output.append("</title>")
        }
        output.append("<rect")
        if isJunction {
            // A dot: the largest circle the frame holds (the frame is a square unless a layout
            // fixes one side, as masonry's columns do), so connectors reach it at the frame's edge.
            let side = min(frame.width, frame.height)
            writeGeometry(of: Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side), into: &output)
            output.append(" rx=\"")
            output.append(side / 2)
        } else {
            writeGeometry(of: frame, into: &output)
            output.append(" rx=\"")
            output.append(cornerRadius)
        }
        output.append("\"")
        if let fill = extra?.fill {
            output.append(" style=\"fill:")
            output.appendXMLEscaped(fill)
            output.append("\"")
        }
        if isJunction {
            output.append(extra?.url == nil ? "/></g>\n" : "/></g></a>\n")
            return
        }
        // Lines that keep their indentation start at one left edge, their block centred.
        let blockWidth = content.blockWidth(at: attributes.indexPath)
        let textX = blockWidth.map { frame.midX - $0 / 2 } ?? frame.midX
        output.append("/><text x=\"")
        output.append(textX)
        output.append("\" y=\"")
        output.append(frame.midY)
        output.append("\"")
        if extra?.color != nil || blockWidth != nil {
            output.append(" style=\"")
            if blockWidth != nil { output.append(extra?.color != nil ? "text-anchor:start;" : "text-anchor:start") }
            if let color = extra?.color {
                output.append("fill:")
                output.appendXMLEscaped(color)
            }
            output.append("\"")
        }
        output.append(">")
        let label = content.label(at: attributes.indexPath)
        if let lines = content.wrappedLines(at: attributes.indexPath) ?? (label.utf8.contains(0x0A) ? content.lines(at: attributes.indexPath) : nil) {
            let lineHeight = self.lineHeight ?? fontSize * 1.2
            // The count of what --max-depth left out, drawn under the label as its last line.
            let countLine = content.countLine(at: attributes.indexPath) != nil ? lines.count - 1 : nil
            for (index, line) in lines.enumerated() {
                output.append(index == countLine ? "<tspan class=\"more\" x=\"" : "<tspan x=\"")
                output.append(textX)
                output.append("\" y=\"")
                output.append(frame.midY + (Double(index) - Double(lines.count - 1) / 2) * lineHeight)
                output.append("\">")
                output.appendXMLEscaped(line)
                output.append("</tspan>")
            }
        } else {
            output.appendXMLEscaped(label)
        }
        output.append(extra?.url == nil ? "</text></g>\n" : "</text></g></a>\n")
    }
}
