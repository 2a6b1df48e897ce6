import Graphviz

/// How a drawing fits a Graphviz bitmap (PNG, JPEG, GIF, …). Cairo's image surfaces hold at
/// most 32,767 pixels a side (and 2^31 bytes), and Graphviz writes an empty file past that; so a
/// larger drawing is scaled down to fit, or refused when it would shrink below
/// `minimumScale`, where nodes become specks and only SVG or PDF can show it.
public struct BitmapFit: Equatable, Sendable {
    /// The drawing's size in pixels at the requested resolution (72 dpi, 1 px per point, unless
    /// `pixelsPerPoint` says otherwise), its padding included.
    public var width: Double, height: Double
    /// The factor that fits it: 1 when it fits as it is.
    public var scale: Double
    /// The requested resolution: pixels per point (Graphviz's dpi / 72).
    public var pixelsPerPoint: Double = 1

    /// The longest side written (a little under cairo's 32,767, for Graphviz's rounding).
    public static let maximumSide = 32_000.0
    /// The most pixels written: 2^28 (1 GiB of RGBA), well within cairo's 2^31-byte surfaces.
    public static let maximumPixels = Double(1 << 28)
    /// The smallest scale drawn: 1/16, where a 14-point label is under 1 px high.
    public static let minimumScale = 1.0 / 16

    /// The fit of a drawing of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        scale = min(1, Self.maximumSide / max(width, 1), Self.maximumSide / max(height, 1),
                    (Self.maximumPixels / max(width * height, 1)).squareRoot())
    }

    /// The fit of a drawing of `width` × `height` points drawn at `pixelsPerPoint`.
    public init(width: Double, height: Double, pixelsPerPoint: Double) {
        self.init(width: width * pixelsPerPoint, height: height * pixelsPerPoint)
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// Whether the drawing is scaled down.
    public var isScaled: Bool { scale < 1 }

    /// The limit that scales it: a side over `maximumSide`, else the pixels over `maximumPixels`
    /// (a drawing 23,099 px square has no side too long but 2^29 pixels).
    public var limit: String {
        let bySide = min(Self.maximumSide / max(width, 1), Self.maximumSide / max(height, 1))
        return bySide <= (Self.maximumPixels / max(width * height, 1)).squareRoot()
            ? "32,000 px a side" : "268 million pixels (1 GiB of colour)"
    }
    /// Whether the drawing is too large to draw even scaled: under 1/16 of a pixel per point,
    /// whatever resolution was asked for.
    public var isTooLarge: Bool { scale * pixelsPerPoint < Self.minimumScale }

    /// The Graphviz formats that are bitmaps.
    static let bitmapFormats: Set<String> = ["png", "jpg", "jpeg", "jpe", "gif", "bmp", "ico", "tif", "tiff", "webp", "tga", "wbmp", "gd", "gd2"]

    /// Whether a Graphviz format (`png`, `jpg:cairo`, …) is a bitmap.
    static func isBitmap(_ format: String) -> Bool {
        bitmapFormats.contains(String(format.prefix { $0 != ":" }).lowercased())
    }

    /// Graphviz's `size` attribute (inches) that scales the drawing to this fit.
    var sizeAttribute: String {
        "\(width * scale / (72 * pixelsPerPoint)),\(height * scale / (72 * pixelsPerPoint))"
    }

    /// Graphviz's `dpi` attribute for the requested resolution, nil at 72 dpi.
    var dpiAttribute: String? {
        pixelsPerPoint == 1 ? nil : "\(72 * pixelsPerPoint)"
    }

    /// The message for a drawing too large even scaled.
    func refusal(format: String) -> GraphvizError {
        GraphvizError("the drawing is \(Int(width)) × \(Int(height)) px, too large for \(format.uppercased()): bitmaps "
            + "have at most \(limit), and scaled to fit it would be under 1/16 of its size; write SVG or PDF instead")
    }
}

/// The side limit of Graphviz's cairo vector formats (PDF, PostScript): cairo's fixed-point
/// coordinates reach 8,388,607 units, and a larger page aborts inside cairo.
public enum VectorPageLimit {
    /// The longest side drawn, in points.
    public static let maximumSide = 8_000_000.0
    static let formats: Set<String> = ["pdf", "ps", "eps", "ps2"]

    /// The longest side of a PDF page most viewers show (PDF 1.x's 200 inches; Acrobat's limit):
    /// a longer one is drawn, with a warning (`viewerWarning`).
    public static let viewerSide = 14_400.0

    /// The warning for a PDF page beyond `viewerSide` a side, or nil.
    static func viewerWarning(width: Double, height: Double, format: String) -> String? {
        guard String(format.prefix { $0 != ":" }).lowercased() == "pdf", max(width, height) > viewerSide else { return nil }
        return "the page is \(Int(width.rounded())) × \(Int(height.rounded())) pt, beyond the 14,400 pt a side many PDF viewers "
            + "show (Acrobat among them); SVG or the HTML page shows it whole"
    }

    /// The refusal for a page of `width` × `height` points in `format`, or nil when it fits.
    static func refusal(width: Double, height: Double, format: String) -> GraphvizError? {
        guard formats.contains(String(format.prefix { $0 != ":" }).lowercased()), max(width, height) > maximumSide else { return nil }
        return GraphvizError("the drawing is \(Int(width)) × \(Int(height)) pt, too large for \(format.uppercased()): cairo draws "
            + "at most 8,000,000 pt a side; write SVG instead")
    }
}

extension Diagram {
    /// How the drawing fits a Graphviz bitmap format (`png`, `gv:jpg`, …); nil for other
    /// formats (SVG, PDF and PostScript are vector formats with no such limit).
    /// `scale` is the requested pixels per point (`RenderOptions.bitmapScale`).
    public func bitmapFit(format: String, scale: Double = 1) -> BitmapFit? {
        guard BitmapFit.isBitmap(format) else { return nil }
        let size = paddedSize
        return BitmapFit(width: size.width, height: size.height, pixelsPerPoint: scale)
    }

    /// Why Graphviz cannot draw this diagram in a vector format (PDF, PostScript), if it cannot.
    func vectorPageRefusal(format: String) -> GraphvizError? {
        let size = paddedSize
        return VectorPageLimit.refusal(width: size.width, height: size.height, format: format)
    }

    /// The warning for a PDF page larger than many viewers show (`VectorPageLimit.viewerSide`).
    public func vectorPageWarning(format: String) -> String? {
        let size = paddedSize
        return VectorPageLimit.viewerWarning(width: size.width, height: size.height, format: format)
    }

    /// The drawing's size with the padding Graphviz adds around it, in points.
    private var paddedSize: Size {
        let size = layout.collectionViewContentSize
        let pad = dotRenderer(mode: .pinned).pad
        return Size(width: size.width + 2 * pad.width, height: size.height + 2 * pad.height)
    }
}

/// The range of `RenderOptions.bitmapScale`: from 1/4 up to 8 pixels per point (18 to 576 dpi).
public enum BitmapScale {
    public static let minimum = 0.25
    public static let maximum = 8.0
}

extension OutputFormat {
    /// Whether this format is a bitmap drawn by Graphviz (PNG, JPEG, GIF, …).
    public var isBitmap: Bool {
        if case .graphviz(let name) = self { return BitmapFit.isBitmap(name) }
        return false
    }
}
