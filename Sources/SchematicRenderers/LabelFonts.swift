/// The font that measured the labels, as the JSON output records it.
public struct FontDescription: Hashable, Sendable {
    public var family: String
    public var file: String
    public var size: Double
    public var lineHeight: Double
    public init(family: String, file: String, size: Double, lineHeight: Double) {
        self.family = family
        self.file = file
        self.size = size
        self.lineHeight = lineHeight
    }
}

/// A font subset to embed in SVG output, as TrueType/OpenType bytes.
public struct EmbeddedFont: Hashable, Sendable {
    /// The CSS family name the subset is declared under.
    public var name: String
    /// The font file's bytes.
    public var data: [UInt8]
    public init(name: String, data: [UInt8]) {
        self.name = name
        self.data = data
    }
}
