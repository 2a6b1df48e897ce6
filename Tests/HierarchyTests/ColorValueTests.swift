import Testing
import Hierarchy

/// Colours resolve to `#rrggbb`(`aa`), so every renderer (Graphviz's PNG and PDF too) draws the
/// colour the SVG does, and what is no colour is refused.
@Suite struct ColorValueTests {
    func color(_ text: String) -> String? { try? NodeAttributes.checkedColor(text) }

    @Test func hexDigits() {
        #expect(color("#ABC") == "#aabbcc")
        #expect(color("#abcd") == "#aabbccdd")
        #expect(color("#abcf") == "#aabbcc")
        #expect(color(" #FF0000 ") == "#ff0000")
        #expect(color("#ff000080") == "#ff000080")
        #expect(color("#ff0000ff") == "#ff0000")
        for bad in ["#", "#12", "#12345", "#1234567", "#ggg", "#１２３"] { #expect(color(bad) == nil, "\(bad)") }
    }

    /// CSS's names, with CSS's values (Graphviz's X11 `green` is #00ff00, CSS's #008000).
    @Test func names() {
        #expect(color("green") == "#008000")
        #expect(color("SteelBlue") == "#4682b4")
        #expect(color("rebeccapurple") == "#663399")
        #expect(color("grey") == color("gray"))
        #expect(color("transparent") == "#00000000")
        for bad in ["bold", "dim", "gren", "dark red", ""] { #expect(color(bad) == nil, "\(bad)") }
    }

    @Test func functions() {
        #expect(color("rgb(200, 0, 0)") == "#c80000")
        #expect(color("rgb(200 0 0 / 50%)") == "#c8000080")
        #expect(color("RGBA(255,255,255,0.5)") == "#ffffff80")
        #expect(color("rgb(100%, 50%, 0%)") == "#ff8000")
        #expect(color("rgb(300, -5, 0)") == "#ff0000")  // clamped, as CSS clamps
        #expect(color("hsl(120, 100%, 25%)") == "#008000")
        #expect(color("hsl(0deg 100% 50%)") == "#ff0000")
        #expect(color("hsla(240, 100%, 50%, 0.25)") == "#0000ff40")
        #expect(color("hsl(-120, 100%, 50%)") == "#0000ff")
        for bad in ["rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(a,b,c)", "rgb(1,2,3", "rgb(nan,0,0)", "hsl(x,1%,1%)", "rgb()"] {
            #expect(color(bad) == nil, "\(bad)")
        }
    }
}
