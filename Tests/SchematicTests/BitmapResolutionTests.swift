import Schematic
import Testing

/// Bitmaps at a resolution other than 72 dpi fit cairo's limits in pixels, not points.
@Suite struct BitmapResolutionTests {
    @Test func pixelsPerPointScaleTheFit() {
        let plain = BitmapFit(width: 20_000, height: 100)
        #expect(!plain.isScaled && plain.pixelsPerPoint == 1)
        let double = BitmapFit(width: 20_000, height: 100, pixelsPerPoint: 2)
        #expect(double.width == 40_000 && double.height == 200)
        #expect(double.isScaled && abs(double.scale - 0.8) < 1e-9)
        #expect(!double.isTooLarge)
    }

    /// The warning names the limit that scaled the drawing: a side, or the pixels of a square
    /// drawing whose sides are both allowed (a review's 23,099 × 23,170 px was said to pass
    /// 32,767 px a side).
    @Test func theLimitNamedIsTheOneThatScales() {
        #expect(BitmapFit(width: 40_000, height: 100).limit == "32,000 px a side")
        let square = BitmapFit(width: 23_099, height: 23_170)
        #expect(square.isScaled && square.limit == "268 million pixels (1 GiB of colour)")
    }

    @Test func tooLargeMeansUnderASixteenthOfAPixelPerPoint() {
        // 600,000 points at 8 px per point is scaled to 32,000 px: 1/150 of the request,
        // but still 0.053 px per point, under the 1/16 limit.
        #expect(BitmapFit(width: 600_000, height: 10, pixelsPerPoint: 8).isTooLarge)
        // 400,000 points: 0.08 px per point, drawn.
        #expect(!BitmapFit(width: 400_000, height: 10, pixelsPerPoint: 8).isTooLarge)
    }

    @Test func renderedPNGDoublesAtTwoPixelsPerPoint() throws {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        _ = tree.addNode(label: "Child", parent: root)
        let diagram = try Diagram(tree: tree, options: DiagramOptions())
        var options = Diagram.RenderOptions(format: .graphviz("png"))
        let one = try diagram.rendered(options)
        options.bitmapScale = 2
        let two = try diagram.rendered(options)
        func width(_ png: [UInt8]) -> Int { png[16..<20].reduce(0) { $0 << 8 | Int($1) } }
        #expect(abs(width(two) - 2 * width(one)) <= 2)
        #expect(diagram.bitmapFit(format: "png", scale: 2)?.pixelsPerPoint == 2)
        #expect(diagram.bitmapFit(format: "svg", scale: 2) == nil)
    }

    /// A PDF page is the drawing's size, as the SVG and the PNG are (Graphviz's half-inch page
    /// margin made it 72 pt broader and taller).
    @Test func aPDFPageIsTheDrawingsSize() throws {
        var tree = Tree()
        let root = tree.addNode(label: "Root")
        _ = tree.addNode(label: "Child", parent: root)
        let diagram = try Diagram(tree: tree, options: DiagramOptions())
        let pdf = String(decoding: try diagram.rendered(Diagram.RenderOptions(format: .graphviz("pdf"))), as: UTF8.self)
        let svg = String(decoding: try diagram.rendered(Diagram.RenderOptions(format: .svg)), as: UTF8.self)
        let box = try #require(pdf.firstMatch(of: /MediaBox \[ 0 0 (\d+) (\d+) \]/))
        let size = try #require(svg.firstMatch(of: /width="([\d.]+)" height="([\d.]+)"/))
        #expect(abs(Double(box.1)! - Double(size.1)!) <= 1 && abs(Double(box.2)! - Double(size.2)!) <= 1)
    }
}
