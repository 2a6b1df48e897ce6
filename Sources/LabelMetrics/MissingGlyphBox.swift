/// The room a character no installed font has takes when drawn. Browsers draw the font's
/// missing-glyph box; Pango (Graphviz's PNG and PDF) draws a box of the code point's hex
/// digits in two rows, wider: at 14 px, 14.4 px against DejaVu Sans's 8.4, so a label of such
/// characters ran past its box in PNG (a review: Devanagari and Thai labels on a machine
/// without their fonts). Labels are measured at the wider of the two.
enum MissingGlyphBox {
    /// An upper bound of Pango's hex box width (Pango 1.50: digits of a monospace font at
    /// size / 2.2, at least 6 px, in two rows of two or three columns, padded on every side).
    /// Checked against `dot -Txdot` text widths at 10, 14, 20 and 28 px: 12.9, 14.4, 17.4 and
    /// 25.6 px for four digits, 20 px for six at 14 px.
    static func hexBoxWidth(of scalar: UInt32, fontSize: Double) -> Double {
        let miniSize = max(fontSize / 2.2, 6)
        let digitWidth = 0.602 * miniSize
        let padding = max(1.45, 0.165 * miniSize)
        let columns = scalar > 0xFFFF ? 3.0 : 2.0
        return columns * digitWidth + (columns + 3) * padding
    }
}
