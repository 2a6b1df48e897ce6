import CollectionLayout
import Hierarchy

/// Writes a layout's attributes as JSON (the "native attributes"), one element per line:
/// `{"contentSize": {...}, "elements": [...]}`. The schema is documented in the README.
public struct AttributesJSONRenderer: Sendable {
    /// The font that measured the labels, recorded as `font`; nil for fixed-size nodes.
    public var font: FontDescription?
    /// How the elements are handed to threads (tests write with one thread to compare).
    var elementWriter = ParallelElementWriter()

    public init(font: FontDescription? = nil) { self.font = font }

    public func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        let size = layout.collectionViewContentSize
        output.append("{\"contentSize\":{\"width\":")
        output.append(size.width)
        output.append(",\"height\":")
        output.append(size.height)
        output.append("},\n")
        if let font {
            output.append("\"font\":{\"family\":\"")
            output.appendJSONEscaped(font.family)
            output.append("\",\"file\":\"")
            output.appendJSONEscaped(font.file)
            output.append("\",\"size\":")
            output.append(font.size)
            output.append(",\"lineHeight\":")
            output.append(font.lineHeight)
            output.append("},\n")
        }
        output.append("\"elements\":[")
        elementWriter.write(layout.enumerateAllElementsInDrawingOrder, into: &output) { attributes, index, output in
            output.append(index == 0 ? "\n" : ",\n")
            let cell = attributes.representedElementCategory == .cell
                ? CellText(label: content.label(at: attributes.indexPath), type: content.type(at: attributes.indexPath),
                           id: content.id(at: attributes.indexPath), wrappedLines: content.wrappedLines(at: attributes.indexPath),
                           attributes: content.attributes(at: attributes.indexPath), blockWidth: content.blockWidth(at: attributes.indexPath))
                : nil
            Self.writeElement(attributes, cell: cell, into: &output)
        }
        output.append("\n]}\n")
    }

    /// What a cell shows, written beside its attributes.
    struct CellText {
        var label: String
        var type: NodeType
        var id: String?
        var wrappedLines: [String]?
        var attributes: NodeAttributes?
        var blockWidth: Double? = nil
    }

    static func writeIndexPath(_ path: IndexPath, into output: inout OutputBuffer) {
        output.append("[")
        output.append(path.section)
        output.append(",")
        output.append(path.item)
        if path.subitem != 0 {
            output.append(",")
            output.append(path.subitem)
        }
        output.append("]")
    }

    static func writePoint(_ point: Point, into output: inout OutputBuffer) {
        output.append("{\"x\":")
        output.append(point.x)
        output.append(",\"y\":")
        output.append(point.y)
        output.append("}")
    }

    /// One element as a JSON object (the schema in the README).
    static func writeElement(_ attributes: LayoutAttributes, cell: CellText?, into output: inout OutputBuffer) {
        let frame = attributes.frame
        output.append("{\"indexPath\":")
        writeIndexPath(attributes.indexPath, into: &output)
        output.append(",\"category\":\"")
        output.append(raw: attributes.representedElementCategory.description)
        output.append("\",\"kind\":")
        if let kind = attributes.representedElementKind {
            output.append("\"")
            output.appendJSONEscaped(kind.rawValue)
            output.append("\"")
        } else {
            output.append("null")
        }
        output.append(",\"frame\":{\"x\":")
        output.append(frame.minX)
        output.append(",\"y\":")
        output.append(frame.minY)
        output.append(",\"width\":")
        output.append(frame.width)
        output.append(",\"height\":")
        output.append(frame.height)
        output.append("},\"center\":")
        writePoint(attributes.center, into: &output)
        output.append(",\"size\":{\"width\":")
        output.append(frame.width)
        output.append(",\"height\":")
        output.append(frame.height)
        output.append("},\"zIndex\":")
        output.append(attributes.zIndex)
        output.append(",\"alpha\":")
        output.append(attributes.alpha)
        output.append(",\"hidden\":")
        output.append(attributes.isHidden ? "true" : "false")
        if attributes.hasTransform {
            output.append(",\"transform\":[")
            for (index, value) in attributes.transform.entries.enumerated() {
                if index > 0 { output.append(",") }
                // The translation (m41…m43) is a coordinate; the rest are coefficients.
                if (12...14).contains(index) { output.append(value) } else { output.append(coefficient: value) }
            }
            output.append("]")
        } else {
            // Nearly every element: the identity, written without building its 16 entries.
            output.append(",\"transform\":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]")
        }
        if let cell {
            output.append(",\"label\":\"")
            output.appendJSONEscaped(cell.label)
            output.append("\",\"type\":\"")
            output.append(raw: cell.type.description)
            output.append("\"")
            if cell.label.isEmpty { output.append(",\"junction\":true") }
            if let id = cell.id {
                output.append(",\"id\":\"")
                output.appendJSONEscaped(id)
                output.append("\"")
            }
            if let extra = cell.attributes {
                for (key, value) in [("url", extra.url), ("tooltip", extra.tooltip), ("class", extra.cssClass),
                                     ("color", extra.color), ("fill", extra.fill)] {
                    guard let value else { continue }
                    output.append(",\"")
                    output.append(raw: key)
                    output.append("\":\"")
                    output.appendJSONEscaped(value)
                    output.append("\"")
                }
                if !extra.data.isEmpty {
                    output.append(",\"data\":{")
                    for (index, entry) in extra.data.enumerated() {
                        output.append(index == 0 ? "\"" : ",\"")
                        output.appendJSONEscaped(entry.key)
                        output.append("\":\"")
                        output.appendJSONEscaped(entry.value)
                        output.append("\"")
                    }
                    output.append("}")
                }
                if let hidden = extra.hiddenBelow {
                    output.append(",\"hiddenBelow\":")
                    output.append(hidden)
                }
            }
            if let lines = cell.wrappedLines {
                output.append(",\"lines\":[")
                for (index, line) in lines.enumerated() {
                    output.append(index == 0 ? "\"" : ",\"")
                    output.appendJSONEscaped(line)
                    output.append("\"")
                }
                output.append("]")
            }
            if let width = cell.blockWidth {
                output.append(",\"textBlockWidth\":")
                output.append(width)
            }
        }
        if let text = attributes.text {
            output.append(",\"text\":\"")
            output.appendJSONEscaped(text)
            output.append("\"")
        }
        if let connector = attributes.connector {
            output.append(",\"lineStartTop\":")
            output.append(connector.lineStartTop ? "true" : "false")
            output.append(",\"parentIndexPath\":")
            writeIndexPath(connector.parentIndexPath, into: &output)
            output.append(",\"start\":")
            writePoint(connector.start, into: &output)
            output.append(",\"end\":")
            writePoint(connector.end, into: &output)
            output.append(",\"path\":[")
            for (index, point) in connector.path.enumerated() {
                if index > 0 { output.append(",") }
                writePoint(point, into: &output)
            }
            output.append("],\"curved\":")
            output.append(connector.isCurved ? "true" : "false")
        }
        output.append("}")
    }
}
