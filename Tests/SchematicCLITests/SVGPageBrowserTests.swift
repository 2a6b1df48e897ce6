import Foundation
import Testing
import TestSupport

/// The page of the other layouts (the SVG inline), driven in headless Chromium: it opens
/// fitted or readable, `1` and the 100% button show the drawing at actual size, `0` fits it
/// again, a resized window keeps the scale, and search centres each match at 100% at least.
@Suite struct SVGPageBrowserTests {
    @Test(.enabled(if: BrowserSession.isAvailable), .timeLimit(.minutes(1)))
    func actualSizeFitAndSearchZoom() throws {
        let directory = try makeScratchDirectory("schematic-svg-page")
        let tree = (0..<60).map { "Node \($0)\n" + "  Leaf \($0)a\n  Leaf \($0)b\n" }.joined()
        try ("Root\n" + tree.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n")
            .write(toFile: directory + "/tree.txt", atomically: true, encoding: .utf8)
        #expect(try Executable.run(["render", directory + "/tree.txt", "--layout", "circle", "-o", directory + "/page.html"]).status == 0)
        let page = try BrowserSession(url: "file://" + directory + "/page.html")
        #expect(try page.evaluate("!!window.schematic", until: true, timeout: 10).ok)
        // 181 nodes around a circle: fitted, their labels would be too small; it opens readable.
        let opening = try page.evaluate("window.schematic.scale()").value as? Double ?? 0
        let font = try page.evaluate("parseFloat(getComputedStyle(document.querySelector('g.node text')).fontSize)").value as? Double ?? 0
        #expect(opening * font >= 10 - 1e-9 && opening <= 1 + 1e-9, "opens with 10 px labels: \(opening) × \(font) px")
        func key(_ name: String) throws -> Double {
            try page.evaluate("(function(){document.body.dispatchEvent(new KeyboardEvent('keydown',{key:'\(name)',bubbles:true}));"
                              + "return window.schematic.scale();})()").value as? Double ?? 0
        }
        let fitted = try key("0")
        #expect(fitted > 0 && fitted < opening, "0 fits the whole circle: \(fitted)")
        #expect(abs(try key("1") - 1) < 1e-9, "1 shows actual size")
        _ = try key("0")
        let button = try page.evaluate("(function(){document.getElementById('schematic-actual').click();return window.schematic.scale();})()")
        #expect(abs((button.value as? Double ?? 0) - 1) < 1e-9, "the 100% button too")
        #expect(abs(try key("+") - 1.25) < 1e-9)
        // A resized window keeps the view's scale (it zoomed with the window).
        try page.resize(width: 700, height: 500)
        #expect(try page.evaluate("window.innerWidth === 700", until: true, timeout: 3).ok)
        let kept = try page.evaluate("Math.abs(window.schematic.scale() - 1.25) < 1e-9", until: true, timeout: 3)
        #expect(kept.ok, "keeps 125% after the resize")
        try page.resize(width: 1200, height: 900)
        #expect(try page.evaluate("window.innerWidth === 1200", until: true, timeout: 3).ok)
        // (Waited for as after the first resize: the page rescales on its resize event, which a
        // loaded machine may deliver after innerWidth has changed.)
        #expect(try page.evaluate("Math.abs(window.schematic.scale() - 1.25) < 1e-9", until: true, timeout: 3).ok,
                "keeps 125% after the second resize")
        _ = try key("0")
        // Search: the match is centred at 100% (from the fitted view), its node marked.
        let found = try page.evaluate("""
            (function(){var s=document.getElementById('schematic-search');s.value='Leaf 42b';s.dispatchEvent(new Event('input'));
            return document.getElementById('schematic-status').textContent;})()
            """)
        #expect(found.value as? String == "1 of 1: Leaf 42b")
        let centred = try page.evaluate("""
            (function(){var k=window.schematic.scale(),v=window.schematic.viewBox();
            var n=window.schematic.nodes.filter(function(n){return n.label==='Leaf 42b';})[0];
            return Math.abs(k-1)<1e-9 && Math.abs(v.x+v.w/2-n.cx)<0.5 && Math.abs(v.y+v.h/2-n.cy)<0.5
              && n.g.classList.contains('match');})()
            """, until: true, timeout: 3)
        #expect(centred.ok, "the match at the view's centre at 100%")
    }
}
