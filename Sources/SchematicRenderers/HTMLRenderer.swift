import CollectionLayout
import Hierarchy

/// One self-contained HTML page (no network) with pan and zoom (wheel, drag, pinch, keys), a
/// fit button, search by label and, for the schematic layout, collapsing.
///
/// A schematic layout's page (`schematic` set) holds the layout as typed arrays and draws only
/// what is visible, on a canvas, as a collection view does: each frame queries the visible rect
/// column by column (a binary search per column) and draws those nodes; zoomed far out, columns
/// become density bands. Collapsing a node places the rest of the tree again with the page's
/// port of the layout's placement (`HTMLPagePlacementScript`), which gives the drawing
/// `schematic render` gives for the tree without that subtree. Other layouts get the SVG inline
/// (`SVGPage`), with pan, zoom and search.
public struct HTMLRenderer: Sendable {
    public var svg = SVGRenderer()
    /// The schematic layout's settings, when the drawing is one: the big-tree page.
    public var schematic: SchematicPageOptions?
    /// The most base64 characters in one `<script>` of the page's arrays (a multiple of 4): the
    /// page decodes and drops one at a time, so that it never holds the whole text at once.
    public var arrayChunkCharacters = 1 << 22

    public init() {}

    public func render(_ layout: any CollectionViewLayout, content: any DiagramContent, into output: inout OutputBuffer) {
        guard let schematic else {
            SVGPage(svg: svg).render(layout, content: content, into: &output)
            return
        }
        let data = HTMLPageData(layout: layout, content: content, options: schematic)
        output.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        output.appendXMLEscaped(content.title)
        output.append("</title>\n<style>\n")
        output.append(HTMLPageStyle.common)
        output.append(HTMLPageStyle.canvasPage)
        output.append(svg.theme == .dark ? HTMLPageStyle.darkColors : svg.theme == .auto ? HTMLPageStyle.autoColors : HTMLPageStyle.lightColors)
        output.append("</style>\n</head>\n<body>\n<div class=\"toolbar\" role=\"toolbar\">")
        output.append("<input id=\"schematic-search\" type=\"search\" placeholder=\"Search labels\" aria-label=\"Search labels\">")
        output.append("<button id=\"schematic-fit\" type=\"button\">Fit</button>")
        output.append("<button id=\"schematic-actual\" type=\"button\" title=\"Actual size (1)\">100%</button>")
        output.append("<button id=\"schematic-map\" type=\"button\" aria-pressed=\"true\" title=\"Show or hide the overview (o)\">Overview</button>")
        output.append("<span id=\"schematic-status\" aria-live=\"polite\"></span></div>\n")
        output.append("<div id=\"schematic-view\" tabindex=\"0\" role=\"img\" aria-roledescription=\"tree diagram\" aria-label=\"")
        output.appendXMLEscaped(content.summary)
        output.append(" Drag to pan, wheel or pinch to zoom, click a node to collapse or expand it.\"><canvas id=\"schematic-canvas\"></canvas></div>\n")
        output.append("<canvas id=\"schematic-overview\" aria-label=\"Overview: click to jump\"></canvas>\n")
        output.append("<script type=\"application/json\" id=\"schematic-data\">")
        data.writeHeader(options: schematic, font: (svg.fontFamily, svg.fontSize, svg.lineHeight ?? svg.fontSize * 1.2), into: &output)
        output.append("</script>\n")
        data.writeBinary(chunkCharacters: arrayChunkCharacters, into: &output) { output, opening in
            output.append(opening ? "<script type=\"application/octet-stream\" class=\"schematic-arrays\">" : "</script>\n")
        }
        output.append("<script>\n")
        for piece in HTMLPagePlacementScript.sources { output.append(piece) }
        for piece in HTMLPageScript.sources { output.append(piece) }
        output.append("</script>\n</body>\n</html>\n")
    }
}
