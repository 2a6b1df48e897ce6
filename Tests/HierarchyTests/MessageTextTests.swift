import Hierarchy
import Testing

@Suite struct MessageTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect("a\u{1B}[31mred\u{7}".escapingControlCharacters == "a\\e[31mred\\u{7}")
        #expect("line\nnext\ttab\r".escapingControlCharacters == "line\\nnext\\ttab\\r")
        #expect("c1\u{9B}2J del\u{7F}".escapingControlCharacters == "c1\\u{9B}2J del\\u{7F}")
        #expect("bidi\u{202E}txt".escapingControlCharacters == "bidi\\u{202E}txt")
    }

    @Test func printableTextIsKept() {
        let text = "Ünïcödé 漢字 🙂 \\e plain"
        #expect(text.escapingControlCharacters == text)
    }
}
