import Foundation
import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// Shape of a forest as indented labels, for compact expectations.
func outline(_ tree: Tree) -> [String] { RandomTrees.outline(tree) }

/// The same, in preorder (children in order), whatever order the reader numbered nodes in.
func preorderOutline(_ tree: Tree) -> [String] {
    var children = [[Int]](repeating: [], count: tree.count)
    var stack: [(Int, Int)] = []
    for node in 0..<tree.count {
        if tree.parents[node] < 0 { stack.append((node, 0)) } else { children[Int(tree.parents[node])].append(node) }
    }
    stack.reverse()
    var result: [String] = []
    while let (node, depth) = stack.popLast() {
        result.append(String(repeating: ".", count: depth) + tree.labels[node])
        for child in children[node].reversed() { stack.append((child, depth + 1)) }
    }
    return result
}

func readError(_ reader: any HierarchyReader, _ text: String, file: String = "in") -> String? {
    do { _ = try reader.read(Array(text.utf8), file: file); return nil } catch { return error.description }
}

@Suite struct YAMLReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try YAMLReader().read(Array(text.utf8), file: "in.yaml") }

    @Test func nestedMappingsListsAndScalars() throws {
        let tree = try read("""
            Root:
              B:
                - x
                - y: [deep]
              A: leaf
              C: ~
            Other: []
            """)
        #expect(outline(tree) == ["Root", ".B", "..x", "..y", "...deep", ".A", "..leaf", ".C", "Other"])
    }

    @Test func nameObjectsWithAttributesAndCustomKeys() throws {
        let tree = try read("{name: R, type: critical, id: r, url: 'https://x.org', children: [{name: 1}, {name: two}]}")
        #expect(outline(tree) == ["R", ".1", ".two"])
        #expect(tree.types[0] == .critical && tree.id(of: 0) == "r" && tree.attributes(of: 0)?.url == "https://x.org")
        let renamed = try YAMLReader(nameKey: "title", childrenKey: "kids").read(Array("{title: T, kids: [{title: K}]}".utf8), file: "k")
        #expect(outline(renamed) == ["T", ".K"])
    }

    @Test func errorsAreLocated() {
        #expect(readError(YAMLReader(), "a: [1, 2\nb: 3\n", file: "in.yaml")?.hasPrefix("in.yaml:2:") == true)
        #expect(readError(YAMLReader(), "a: 1\na: 2\n", file: "in.yaml")?.contains("duplicate") == true)
        #expect(readError(YAMLReader(), "{name: x, type: urgent}", file: "in.yaml") == "in.yaml:1:17: unknown type \"urgent\" (expected normal, important or critical)")
        #expect(readError(YAMLReader(), "", file: "in.yaml") == "in.yaml: no nodes: the input is empty")
        #expect(readError(YAMLReader(), "{name: x, url: 'javascript:alert(1)'}", file: "in.yaml")?.contains("not an allowed link") == true)
    }

    @Test func aliasesOfValuesOnlySoNothingExplodes() throws {
        #expect(outline(try read("a: &x shared\nb: *x\n")) == ["a", ".shared", "b", ".shared"])
        // Nine levels of ten aliases each would be a billion nodes: lists are not repeated.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(readError(YAMLReader(), text, file: "b.yaml") == "b.yaml:2:10: *a0 repeats a list or mapping; only aliases of plain values are read")
    }

    @Test func deepNestingIsReadIterativelyUpToTheGuard() throws {
        let depth = 4_000
        let text = String(repeating: "{name: n, children: [", count: depth) + "{name: leaf}" + String(repeating: "]}", count: depth)
        #expect(try read(text).count == depth + 1)
        let tooDeep = String(repeating: "[", count: 10_001) + String(repeating: "]", count: 10_001)
        #expect(readError(YAMLReader(), tooDeep, file: "d.yaml")?.contains("nested deeper than 10000 levels") == true)
    }
}

@Suite struct CSVReaderTests {
    @Test func rowsInAnyOrderKeepRowOrderAmongSiblings() throws {
        let text = "id,parentId,name,type,url\nc,r,C,,\nr,,Root,important,https://x.org\na,r,A,,\nb,a,\"B, with \"\"quotes\"\"\nand a line\",critical,\n"
        let tree = try CSVReader().read(Array(text.utf8), file: "t.csv")
        #expect(outline(tree) == [".C", "Root", ".A", "..B, with \"quotes\"\nand a line"])
        #expect(tree.types[1] == .important && tree.types[3] == .critical)
        #expect(tree.attributes(of: 1)?.url == "https://x.org" && tree.id(of: 0) == "c")
    }

    @Test func tabsCRLFAndNamedColumns() throws {
        let text = "key\tup\ttitle\r\nk1\t\tOne\r\nk2\tk1\tTwo\r\n"
        let tree = try CSVReader(separator: 9, idColumn: "key", parentColumn: "up", labelColumn: "title").read(Array(text.utf8), file: "t.tsv")
        #expect(outline(tree) == ["One", ".Two"])
    }

    @Test func badTablesNameTheRow() {
        let reader = CSVReader()
        #expect(readError(reader, "id,parentId\na,\na,\n", file: "t.csv") == "t.csv:3:1: row 3: duplicate id 'a' (first on line 2)")
        #expect(readError(reader, "id,parentId\na,\nb,zz\n", file: "t.csv") == "t.csv:3:3: parent 'zz' is not the id of any row")
        #expect(readError(reader, "id,parentId\nr,\na,b\nb,a\n", file: "t.csv") == "t.csv:3: 'a' is on a cycle of parents")
        #expect(readError(reader, "id,parentId\na,a\n", file: "t.csv") == "t.csv:2:3: 'a' is its own parent")
        #expect(readError(reader, "id,parentId\na,,extra\n", file: "t.csv") == "t.csv:2:1: row 2 has 3 fields; the header has 2")
        #expect(readError(reader, "id,parentId\n\"a,\n", file: "t.csv") == "t.csv:2:1: unterminated quoted field")
        #expect(readError(reader, "name,parent\na,\n", file: "t.csv")?.contains("no id column") == true)
        #expect(readError(reader, "id,parentId\n", file: "t.csv") == "t.csv: no nodes: the table has no rows")
        #expect(readError(CSVReader(idColumn: "key"), "id,parentId\na,\n", file: "t.csv")?.contains("no column named 'key'") == true)
    }

    @Test func millionDeepChainInLinearTime() throws {
        var text = "id,parentId\n0,\n"
        text.reserveCapacity(16_000_000)
        for node in 1..<1_000_000 { text += "\(node),\(node - 1)\n" }
        let tree = try CSVReader().read(Array(text.utf8), file: "chain.csv")
        #expect(tree.count == 1_000_000)
        #expect(try SectionedTree(tree).numberOfSections == 1_000_000)
    }
}

/// The same tree written in every format reads to the same drawing, byte for byte.
@Suite struct OneTreeInEveryFormatTests {
    @Test func everyFormatGivesTheSameTree() throws {
        let folder = RepositoryPaths.samples + "/formats"
        var shapes: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasPrefix("animals.") && !name.hasSuffix(".svg") {
            let ext = String(name.split(separator: ".").last!)
            let format = try #require(InputFormat(pathExtension: ext), "\(name)")
            let tree = try format.reader.read(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))), file: name)
            let described = (0..<tree.count).map { "\(tree.labels[$0]) \(tree.types[$0]) \(tree.id(of: $0) ?? "-") \(tree.attributes(of: $0)?.url ?? "-")" }
            var relabelled = tree
            for node in 0..<tree.count { relabelled.setLabel(described[node], of: node) }
            shapes[name] = preorderOutline(relabelled)
        }
        #expect(shapes.count == 7)
        let reference = shapes["animals.txt"]
        for (name, shape) in shapes { #expect(shape == reference, "\(name)") }
    }
}
