import Hierarchy
import HierarchyReaders
import Testing

@Suite struct JSONTreeReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree {
        try JSONTreeReader().read(Array(text.utf8), file: "in.json")
    }

    func error(_ text: String) -> String? {
        do { _ = try read(text); return nil } catch { return error.description }
    }

    @Test func nestedObjectsKeepOrderTypesAndIDs() throws {
        let tree = try read("""
            {"name": "Root", "id": "r", "children": [
              {"name": "B", "type": "important", "children": [{"name": 42}]},
              {"children": [{"name": "C1"}], "name": "A", "type": "CRITICAL", "extra": {"deep": [1, {"x": null}, "s"]}}
            ]}
            """)
        #expect(tree.labels == ["Root", "B", "42", "A", "C1"])
        #expect(tree.parents == [-1, 0, 1, 0, 3])
        #expect(tree.types == [.normal, .important, .normal, .critical, .normal])
        #expect(tree.id(of: 0) == "r")
    }

    @Test func topLevelArrayIsAForest() throws {
        let tree = try read(#"[{"name": "a"}, {"name": "b", "children": []}]"#)
        #expect(tree.labels == ["a", "b"])
        #expect(tree.parents == [-1, -1])
    }

    @Test func escapesAreDecoded() throws {
        let tree = try read(#"{"name": "a\"b\\c\u00e9\ud83d\ude00 \u003c/script>\nline"}"#)
        #expect(tree.labels == ["a\"b\\cé😀 </script>\nline"])
    }

    @Test func badInputIsLocated() {
        #expect(error(#"{"name": "a", "children": [{"type": "normal"}]}"#) == "in.json:1:28: node has no \"name\"")
        #expect(error("{\"name\": \"a\",\n \"children\": [}") == "in.json:2:15: expected a node object in \"children\"")
        #expect(error(#"{"name": "a"} x"#) == "in.json:1:15: unexpected content after the end of the JSON value")
        #expect(error(#"{"name": "a", "type": "urgent"}"#) == "in.json:1:23: unknown type \"urgent\" (expected normal, important or critical)")
        #expect(error(#"{"name": "a""#) == "in.json:1:13: unexpected end of input")
        #expect(error("") == "in.json:1:1: no nodes: the input is empty")
        #expect(error("[]") == "in.json:1:1: no nodes: the array is empty")
        #expect(error(#"{"name": ""}"#) == "in.json:1:10: \"name\" is empty")
        #expect(error(#"{"name": "a", "children": [{"name": "b"},]}"#) == "in.json:1:42: trailing ',' before ']'")
        #expect(error(#"{"name": "a\q"}"#) == "in.json:1:12: invalid escape '\\q'")
        #expect(error(#"{"name": "a", "x": [1, 2}"#) == "in.json:1:25: expected ',' or ']'")
        #expect(error("{\"name\": \"a\u{1}\"}") == "in.json:1:12: unescaped control character in a string")
        #expect(error(#"{"name": true}"#) == "in.json:1:10: \"name\" must be a string or a number")
        #expect(error(#"{"name": "a\u0007b"}"#) == "in.json:1:10: control character U+0007 in \"name\"")
    }

    @Test func deepNestingNeedsNoStack() throws {
        let depth = 100_000
        var text = ""
        text.reserveCapacity(depth * 30)
        for _ in 0..<depth { text += #"{"name":"n","children":["# }
        text += #"{"name":"leaf"}"#
        for _ in 0..<depth { text += "]}" }
        let tree = try read(text)
        #expect(tree.count == depth + 1)
        #expect(tree.parents.last == Int32(depth - 1))
    }

    @Test func sniffingPicksJSONForBracesOnly() {
        #expect(InputFormat.sniff(Array("  {\"name\": 1}".utf8)) == .json)
        #expect(InputFormat.sniff(Array("\u{FEFF}[".utf8)) == .json)
        #expect(InputFormat.sniff(Array("Root\n  a".utf8)) == .outline)
    }
}
