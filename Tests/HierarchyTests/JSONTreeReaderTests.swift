import Foundation
import Hierarchy
@testable import HierarchyReaders
import Testing
import TestSupport

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

    /// Names among the children are leaves (a trial's `"children": ["a", "b"]` was refused,
    /// though the same list under another key was drawn).
    @Test func namesAmongTheChildrenAreLeaves() throws {
        let tree = try read(#"{"name": "root", "children": ["a", " b ", {"name": "c", "children": [1, -2.5]}]}"#)
        #expect(tree.labels == ["root", "a", "b", "c", "1", "-2.5"])
        #expect(tree.parents == [-1, 0, 0, 0, 3, 3])
        #expect(try read(#"["x", {"name": "y"}]"#).labels == ["x", "y"])
    }

    @Test func escapesAreDecoded() throws {
        let tree = try read(#"{"name": "a\"b\\c\u00e9\ud83d\ude00 \u003c/script>\nline"}"#)
        #expect(tree.labels == ["a\"b\\cé😀 </script>\nline"])
    }

    @Test func badInputIsLocated() throws {
        #expect(error(#"{"name": "a", "children": [{"type": "normal"}]}"#)
                == #"in.json:1:28: node has no "name" (its keys: "type"; say which key holds the label with --name-key)"#)
        #expect(error("{\"name\": \"a\",\n \"children\": [}") == "in.json:2:15: expected a node object or a name in the children")
        #expect(error(#"{"name": "a", "children": [true]}"#) == "in.json:1:28: expected a node object or a name in the children")
        #expect(error(#"{"name": "a"} x"#) == "in.json:1:15: unexpected content after the end of the JSON value")
        // A repeated key is refused, as YAML refuses it (the last "name" won, both "children" joined).
        #expect(error(#"{"name": "a", "name": "b"}"#) == #"in.json:1:15: duplicate key "name" in an object"#)
        #expect(error(#"{"name": "a", "children": [{"name": "c", "children": [], "children": []}]}"#)
                == #"in.json:1:58: duplicate key "children" in an object"#)
        #expect(error("{\"name\": \"a\", \"children\": [{\"name\": \"c\"}],\n \"children\": [{\"name\": \"d\"}]}")
                == #"in.json:2:2: duplicate key "children" in an object"#)
        #expect(error(#"{"name": "a""#) == "in.json:1:13: unexpected end of input: the '{' at in.json:1:1 is not closed")
        // What is left open is named: the innermost bracket, or a string.
        #expect(error("{\"name\": \"a\", \"children\": [\n  {\"name\": \"b\"},\n  {\"name\": \"c\"\n")
                == "in.json:4:1: unexpected end of input: the '{' at in.json:3:3 is not closed (nor the '[' at in.json:1:27 or the '{' at in.json:1:1 around it)")
        #expect(error(#"{"name": "r", "children": [{"name": "a", "children": [{"name": "b"}"#)
                == "in.json:1:68: unexpected end of input: the '[' at in.json:1:54 is not closed (nor 3 brackets around it, the '{' at in.json:1:28 the nearest)")
        #expect(error("[{\"name\": \"a\"}, {\"name\": \"b\\\"") == "in.json:1:30: unterminated string (it starts at 1:26)")
        #expect(error("") == "in.json:1:1: no nodes: the input is empty")
        #expect(error("// settings\n{\"name\": \"a\"}") == "in.json:1:1: a comment, which JSON does not have: leave the comments out")
        #expect(error("\n  /* a */ []") == "in.json:2:3: a comment, which JSON does not have: leave the comments out")
        #expect(error("[]") == "in.json:1:1: no nodes: the array is empty")
        #expect(error(#"{"name": "a", "children": [{"name": "b"},]}"#) == "in.json:1:42: trailing ',' before ']'")
        #expect(error(#"{"name": "a\q"}"#) == "in.json:1:12: invalid escape '\\q'")
        #expect(error(#"{"name": "a", "x": [1, 2}"#) == "in.json:1:25: expected ',' or ']'")
        #expect(error("{\"name\": \"a\u{1}\"}") == "in.json:1:12: unescaped control character in a string")
        #expect(error(#"{"name": true}"#) == "in.json:1:10: \"name\" must be a string or a number")
        // A stray bracket in a list the shape scan looks into is an error, not a loop (fuzzing found one).
        #expect(error(#"{"x": [{"name": "a"}, }]}"#) == "in.json:1:23: invalid JSON value")
        // An escaped control character (valid JSON) is drawn as its escape, with a warning.
        let bell = try read(#"{"name": "a\u0007b"}"#)
        #expect(bell.labels == ["a\\u0007b"] && bell.warnings == ["in.json:1:10: a label holds a control character (U+0007), drawn as its escape"])
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
        // `tree -h` output starts with "[size]" too, but its next line with a branch.
        #expect(InputFormat.sniff(Array("[4.0K]  email\n├── [1.7K]  __init__.py\n└── [4.0K]  mime\n".utf8)) == .outline)
        #expect(InputFormat.sniff(Array("[drwxr-xr-x]  .\n`-- [-rw-r--r--]  a\n".utf8)) == .outline)
        #expect(InputFormat.sniff(Array("[\n  {\"name\": \"a\"}\n]".utf8)) == .json)
        // An empty folder's `tree -h` has no branch; an outline may start with a bracketed tag.
        #expect(InputFormat.sniff(Array("[4.0K]  emptyd\n\n0 directories, 0 files\n".utf8)) == .outline)
        #expect(InputFormat.sniff(Array("[TODO] plan\n  [x] step\n".utf8)) == .outline)
        for json in ["[1, 2]", "[-1.5e3]", "[true]", "[null, 1]", "[\"a\"]", "[[]]", "[ ]"] {
            #expect(InputFormat.sniff(Array(json.utf8)) == .json, "\(json)")
        }
    }

    /// DOT starts `[strict] graph|digraph [ID] {`; an outline titled "Graph theory" does not.
    @Test func sniffingPicksDOTForAGraphsOpeningOnly() {
        for dot in ["digraph G {", "graph {\n a -- b }", "strict digraph \"my graph\" {", "STRICT GRAPH g1\n{", "digraph\n{",
                    "digraph G /* main */ {", "digraph G // main\n{", "/* made by hand */\ndigraph {"] {
            #expect(InputFormat.sniff(Array(dot.utf8)) == .dot, "\(dot)")
        }
        for outline in ["Graph Theory\n  Trees\n", "digraphs\n  a\n", "strict rules\n  one\n", "graph\n  node\n"] {
            #expect(InputFormat.sniff(Array(outline.utf8)) == .outline, "\(outline)")
        }
    }

    /// A Markdown page with front matter starts `---` as YAML does: a `#` heading after the
    /// closing fence tells it apart (a review's systemd page on standard input was read as
    /// YAML); a YAML stream's next document stays YAML.
    @Test func sniffingTellsFrontMatterFromYAML() {
        for markdown in ["---\ntitle: Porting\ncategory: docs\n---\n\n# Porting\n\n- a\n", "--- \nlayout: page\n...\n## Guide\n",
                         "---\n---\n# Empty front matter\n"] {
            #expect(InputFormat.sniff(Array(markdown.utf8)) == .markdown, "\(markdown)")
        }
        for yaml in ["---\nname: a\nchildren: []\n", "---\nname: a\n---\nname: b\n", "---\n# a comment\nname: a\n",
                     "--- # a comment\nname: a\n", "---\nname: a\n---\n#comment\n"] {
            #expect(InputFormat.sniff(Array(yaml.utf8)) == .yaml, "\(yaml)")
        }
    }

    /// YAML without `---` (a manifest or a workflow on standard input) is YAML where its keys
    /// nest; outlines whose lines have colons stay outlines.
    @Test func sniffingFindsMappingsWithoutTheirMarker() {
        let manifest = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web}\nspec:\n  containers:\n"
            + "    - name: web\n      image: nginx:1.25\n      args: [\"-v\"]\n    - name: \"side car\"\n---\nkind: Service\n"
        let workflow = "name: CI\non:\n  push:\n    branches: [ main ]\njobs:\n  build:\n    steps:\n      - run: |\n"
            + "          make all\n          echo done: yes\n      - uses: actions/checkout@v4\n"
        for yaml in [manifest, workflow, "'quoted key':\n  - a\n  - b\n", "# Deployment of web\n# (staging)\n" + manifest] {
            #expect(InputFormat.sniff(Array(yaml.utf8)) == .yaml, "\(yaml)")
        }
        for outline in ["Fruits:\n  Apple\n  Pear\n", "Note: text\n  Detail: more\n", "Title: a\nAuthor: b\n",
                        "Plan:\n  Step one: cut\n  then glue\n", "http://example.org/a\n  b\n", "  Indented: x\n    y: z\n"] {
            #expect(InputFormat.sniff(Array(outline.utf8)) == .outline, "\(outline)")
        }
        #expect(InputFormat.sniff(Array("# Title\n\nSome text.\n\n- a\n".utf8)) == .markdown)
    }

    @Test func emptyNamesAreUnnamedNodesAndLabelsAreTrimmed() throws {
        let tree = try read(#"{"name": "", "children": [{"name": " A "}, {"name": "\t\n"}, {"name": 7}]}"#)
        #expect(tree.labels == ["", "A", "", "7"])
        #expect(tree.parents == [-1, 0, 0, 0])
    }

    /// Newick converted to JSON (newick.js, as d3's phylogeny examples read it) writes an unnamed
    /// internal node with no name key at all: such a parent is an unnamed node, silently when it
    /// has no text under another key; a leaf without a name stays an error.
    @Test func parentsWithoutNameAreUnnamedNodes() throws {
        let tree = try read(#"{"children": [{"children": [{"name": "A", "length": 0.1}, {"name": "B"}], "length": 0.2}, {"name": "C"}]}"#)
        #expect(tree.labels == ["", "", "A", "B", "C"])
        #expect(tree.parents == [-1, 0, 1, 1, 0])
        #expect(tree.warnings.isEmpty)
        #expect(error(#"{"children": [{"name": "A"}, {"length": 0.1}]}"#) == #"in.json:1:30: node has no "name" (its keys: "length"; say which key holds the label with --name-key)"#)
        // newick.js names the children `branchset` (d3's Tree of Life reads it so): drawn as
        // keys, and said so.
        let branchset = try read(#"{"branchset": [{"name": "A"}, {"name": "B"}], "length": 0}"#)
        #expect(branchset.labels == ["in.json", "branchset", "A", "B", "length: 0"])
        #expect(branchset.warnings == [#"in.json:1:1: the first object has no "name" and no "children": read as keys; if "branchset" holds the children, say --children-key branchset"#])
        #expect(try JSONTreeReader(childrenKey: "branchset").read(Array(#"{"branchset": [{"name": "A"}, {"name": "B"}]}"#.utf8), file: "b").labels == ["", "A", "B"])
        let nested = try read(#"{"branchset": [{"name": "A"}, {"name": "B", "branchset": [{"name": "C"}]}]}"#)
        #expect(nested.warnings.count == 1)
        // iso-codes' lists: one key over flat named items, read whole; no hint to drop their codes.
        let codes = try read(#"{"639-5": [{"alpha_3": "aav", "name": "Austro-Asiatic languages"}]}"#)
        #expect(codes.labels == ["639-5", "Austro-Asiatic languages", "alpha_3: aav"])
        #expect(codes.warnings.isEmpty)
        #expect(error(#"{"children": []}"#) == #"in.json:1:1: node has no "name" (its keys: "children"; say which key holds the label with --name-key)"#)
        // Text under another key may be the label the user meant: said once, with the first place.
        let labelled = try read("{\"name\": \"r\", \"children\": [\n {\"label\": \"x\", \"children\": [{\"name\": \"a\"}]},\n {\"label\": \"y\", \"children\": [{\"name\": \"b\"}]}]}")
        #expect(labelled.labels == ["r", "", "a", "", "b"])
        #expect(labelled.warnings == [#"in.json:2:2: 2 parent nodes have no "name" but text under another key (its keys: "label", "children"; say which key holds the label with --name-key): drawn unnamed"#])
    }

    /// A document that is no node object (a package.json: a name beside other keys) is read
    /// as keys, as YAML reads them; in a node object's children, an object or array under a
    /// key that is not read is structure the drawing leaves out: said once, with the first place.
    @Test func structureUnderOtherKeysIsNamedInAWarning() throws {
        let package = try read("{\"name\": \"pkg\", \"tags\": [], \"meta\": { },\n \"dependencies\": {\"a\": \"1\"}, \"files\": [\"x\"]}")
        #expect(package.labels == ["pkg", "tags", "meta", "dependencies", "a: 1", "files", "x"])
        #expect(package.parents == [-1, 0, 0, 0, 3, 0, 5] && package.warnings.isEmpty)
        let one = try read(#"{"name": "a", "children": [{"name": "b", "x": [{"name": "c"}]}]}"#)
        #expect(one.warnings == [#"in.json:1:42: an object or array under a key that is not read ("x") is not drawn: only "children" holds a node's children (--children-key)"#])
        #expect(try read(#"{"name": "a", "size": 3, "children": [{"name": "b"}]}"#).warnings.isEmpty)
    }

    /// Any JSON draws: a configuration or an API's answer is read as keys, as YAML reads them
    /// (a list item of several keys one node, labelled by its name), escapes decoded.
    @Test func documentsThatAreNoNodeObjectsAreReadAsKeys() throws {
        let config = try read("{\n\t\"server\": {\"port\": 80, \"hosts\": [\"a\", \"b\"]},\n\t\"debug\": false, \"empty\": null}")
        // (`debug` and `empty` would float as lone leaves beside `server`: the file gathers them.)
        #expect(config.labels == ["in.json", "server", "port: 80", "hosts", "a", "b", "debug: false", "empty"])
        #expect(config.parents == [-1, 0, 1, 1, 3, 3, 0, 0])
        let items = try read(#"{"users": [{"name": "ann", "role": "admin"}, {"id": 7, "tags": ["x"]}]}"#)
        #expect(items.labels == ["users", "ann", "role: admin", "", "id: 7", "tags", "x"])
        // A record without "name" is labelled by a name-like key (ip -j addr's "ifname").
        let links = try read(#"[{"ifindex": 1, "ifname": "lo", "addr_info": [{"family": "inet", "local": "127.0.0.1"}]}]"#)
        #expect(links.labels == ["lo", "ifindex: 1", "addr_info", "", "family: inet", "local: 127.0.0.1"])
        // No hint to read "addr_info" as children: its objects have no name, so it would fail.
        #expect(links.warnings.isEmpty)
        #expect(try read(#"["a", "b\u00e9", "\ud83d\ude00 \"\\ud83d\"", 3]"#).labels == ["a", "bé", "😀 \"\\ud83d\"", "3"])
        // Node objects keep d3's reading: the first object decides.
        #expect(try read(#"[{"name": "a", "url": "https://x.org"}, {"name": "b", "size": 1}]"#).labels == ["a", "b"])
        #expect(error(#"{"a": 1, "a": 2}"#) == "in.json:1:10: duplicate key 'a' in a mapping")
        #expect(error(#"{"a": [1, }"#)?.hasPrefix("in.json:1:") == true)
        #expect(error(String(repeating: #"{"a": "#, count: 10_001) + "1" + String(repeating: "}", count: 10_001))
                == #"in.json:1:60001: lists and mappings nested deeper than 10000 levels (keys are read so deep at most; node objects with "children" may nest deeper)"#)
    }

    @Test func nodesWithoutNameListTheirKeys() throws {
        #expect(error(#"[{"title": "x", "size": 3, "children": []}]"#)
                == #"in.json:1:2: node has no "name" (its keys: "title", "size", "children"; say which key holds the label with --name-key)"#)
        #expect(error(#"{"name": "a", "children": [{}]}"#) == #"in.json:1:28: node has no "name" (the object is empty)"#)
        let keys = (0..<10).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(error("[{\"children\": [{\(keys)}]}]")?.hasSuffix(#""k6", "k7", and 2 more; say which key holds the label with --name-key)"#) == true)
        #expect(try JSONTreeReader(nameKey: "title").read(Array(#"{"title": "x"}"#.utf8), file: "k").labels == ["x"])
    }

    /// `tree -J` output (tree 2.1 on a folder with a file, two symbolic links, a FIFO and a subfolder).
    static let treeJSON = """
        [
          {"type":"directory","name":"tj/d","contents":[
            {"type":"file","name":"a.txt"},
            {"type":"link","name":"alink","target":"a.txt"},
            {"type":"fifo","name":"fifo"},
            {"type":"link","name":"loop","target":".."},
            {"type":"directory","name":"sub","contents":[
              {"type":"file","name":"b"}
            ]}
          ]}
        ,
          {"type":"report","directories":3,"files":4}
        ]
        """

    @Test func treeCommandJSONIsReadAsIs() throws {
        let tree = try read(Self.treeJSON)
        #expect(preorderOutline(tree) == ["tj/d", ".a.txt", ".alink → a.txt", ".fifo", ".loop → ..", ".sub/", "..b"])
        #expect((0..<tree.count).map { tree.attributes(of: $0)?.cssClass ?? "-" } == ["directory", "file", "symlink", "fifo", "symlink", "directory", "file"])
        #expect(tree.types.allSatisfy { $0 == .normal })
        #expect(tree.warnings == ["in.json:5:13: type \"fifo\" is not normal, important or critical; drawn as a normal node with CSS class 'fifo'"])
    }

    @Test func treeCommandLongLinkTargetsShowTheirLastComponents() throws {
        let tree = try read("""
            [{"type":"directory","name":"man7","contents":[
              {"type":"link","name":"DROP_TABLE.7.gz","target":"/usr/share/postgresql/15/man/man7/DROP_TABLE.7.gz"}
            ]}]
            """)
        #expect(tree.labels == ["man7", "DROP_TABLE.7.gz → …/man/man7/DROP_TABLE.7.gz"])
        #expect(tree.attributes(of: 1)?.tooltip == "DROP_TABLE.7.gz → /usr/share/postgresql/15/man/man7/DROP_TABLE.7.gz")
    }

    @Test func treeCommandErrorsAreWarningsNotNodes() throws {
        // tree -J run by a user who cannot list "locked".
        let text = """
            [
              {"type":"directory","name":"/tmp/tjp","contents":[
                {"type":"directory","name":"locked","contents":[{"error": "error opening dir"}
              ]}
              ]}
            ,
              {"type":"report","directories":2,"files":0}
            ]
            """
        let tree = try read(text)
        #expect(preorderOutline(tree) == ["/tmp/tjp", ".locked/"])
        #expect(tree.attributes(of: 1)?.cssClass == "directory unreadable")
        #expect(tree.warnings == ["in.json:3:53: tree -J could not list the directory above (error opening dir); drawn with CSS class 'unreadable'"])
        // An error object is no node, but a node with no name still is an error.
        #expect(error(#"{"name": "a", "children": [{"error": "x", "size": 1, "name": "b"}]}"#) == nil)
    }

    /// The same folder read by the directory reader and from `tree -J` gives the same tree.
    @Test func treeCommandJSONMatchesTheDirectoryReader() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tree") else { return }
        let root = try makeScratchDirectory("schematic-treej")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["b/inner", "a"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        for file in ["b/inner/deep.txt", "a/x.swift", "readme"] { _ = FileManager.default.createFile(atPath: root + "/" + file, contents: Data()) }
        try FileManager.default.createSymbolicLink(atPath: root + "/b/up", withDestinationPath: "..")
        let output = try Executable.run(program: "/usr/bin/tree", ["-J", root]).output
        let fromJSON = try JSONTreeReader().read(Array(output), file: "tree.json")
        let fromFolder = try DirectoryReader().read(path: root)
        func classified(_ tree: Tree) -> [String] {
            var relabelled = tree
            for node in 0..<tree.count { relabelled.setLabel(tree.labels[node] + " " + (tree.attributes(of: node)?.cssClass ?? "-"), of: node) }
            return preorderOutline(relabelled)
        }
        #expect(classified(fromJSON) == classified(fromFolder))
        #expect(fromJSON.count == 8)
        #expect(fromJSON.warnings.isEmpty)
    }

    @Test func contentsAreChildrenOnlyOfDirectories() throws {
        // Elsewhere `contents` is data like any other key…
        #expect(try read(#"{"name": "a", "contents": [1, {"x": 2}]}"#).labels == ["a"])
        // …and before the type says "directory" it cannot be read as children: an error, not a loss.
        #expect(error(#"{"name": "a", "contents": [{"name": "b"}], "type": "directory"}"#)
                == #"in.json:1:15: "contents" comes before "type": "directory", so it was not read as children; put "type" first (as tree -J does) or say --children-key contents"#)
        // A report is no node only at the top level.
        #expect(error(#"{"name": "a", "children": [{"type": "report"}]}"#)?.hasPrefix(#"in.json:1:28: node has no "name""#) == true)
    }

    @Test func unknownTypesBecomeClassesWithOneWarning() throws {
        let tree = try read(#"[{"name": "a", "type": "service", "class": "x"}, {"name": "b", "type": "service"}, {"name": "c", "type": "Critical"}]"#)
        #expect(tree.attributes(of: 0)?.cssClass == "service x" && tree.attributes(of: 1)?.cssClass == "service")
        #expect(tree.types == [.normal, .normal, .critical])
        #expect(tree.warnings == ["in.json:1:24: type \"service\" is not normal, important or critical; drawn as a normal node with CSS class 'service' (2 nodes)"])
        let many = "[" + (0..<25).map { #"{"name": "n", "type": "t\#($0)"}"# }.joined(separator: ",") + "]"
        let warnings = try read(many).warnings
        // One line however many (a data column of categories printed a line each).
        #expect(warnings == [#"in.json:1:24: 25 type values are not normal, important or critical: "t0" (1 node), "t1" (1 node), "#
                             + #""t2" (1 node), "t3" (1 node), "t4" (1 node) and 20 more (20 nodes); drawn as normal nodes with CSS classes made of them"#])
    }

    /// A type named as an element the drawings draw themselves takes `type-` before it: a
    /// folder of type `Panel` is not filled as a nesting panel's card, nor a `Band` as a band.
    @Test func typesNamedAsDrawnElementsKeepTheirOwnLook() throws {
        let tree = try read(#"{"name": "r", "type": "Panel", "children": [{"name": "a", "type": "band"}, {"name": "b", "type": "connector"}]}"#)
        #expect(tree.attributes(of: 0)?.cssClass == "type-Panel")
        #expect(tree.attributes(of: 1)?.cssClass == "type-band" && tree.attributes(of: 2)?.cssClass == "type-connector")
    }

    /// A data column named `type` (ISO 3166-2's "Council area") does not refuse the file: a
    /// value that is no class name is made one, or drawn without one, and the warnings name the
    /// values first met in the file first.
    @Test func anyTypeValueIsDrawnWithAClassMadeOfIt() throws {
        let tree = try read(#"{"name": "GB", "type": "Country", "children": [{"name": "Fife", "type": "Council area"}, {"name": "?", "type": "!!"}]}"#)
        #expect(tree.types == [.normal, .normal, .normal])
        #expect(tree.attributes(of: 0)?.cssClass == "Country" && tree.attributes(of: 1)?.cssClass == "Council-area")
        #expect(tree.attributes(of: 2)?.cssClass == nil)
        // A value is named where it is first written, though JSON reads a parent's after its
        // children's; a class never takes one the drawings give nodes themselves (`critical!`
        // drew red in SVG alone), and the whitespace around a type is not part of it.
        let nested = try read(#"{"name": "r", "type": "x", "children": [{"name": "a", "type": "y"}, {"name": "b", "type": "x"}, {"name": "c", "type": "critical!"}, {"name": "d", "type": " critical "}, {"name": "e", "type": "Région de Québec"}]}"#)
        #expect(nested.warnings.map { $0.prefix(31) } == ["in.json:1:23: 4 type values are"])
        #expect(nested.attributes(of: 3)?.cssClass == "type-critical" && nested.types[4] == .critical)
        #expect(nested.attributes(of: 5)?.cssClass == "Région-de-Québec")
        #expect(tree.warnings == [#"in.json:1:24: 3 type values are not normal, important or critical: "Country" (1 node), "#
                                  + #""Council area" (1 node), "!!" (1 node); drawn as normal nodes with CSS classes made of them; "#
                                  + "those that make no class name, none"])
    }

    @Test func typeKeyRenamesTheKey() throws {
        let reader = JSONTreeReader(typeKey: "kind")
        let tree = try reader.read(Array(#"{"name": "a", "kind": "important", "children": [{"name": "b", "type": "anything at all"}]}"#.utf8), file: "k")
        #expect(tree.types == [.important, .normal] && tree.warnings.isEmpty)
        var options = ReaderOptions()
        options.typeKey = "kind"
        #expect(try InputFormat.json.reader(options).read(Array(#"{"name": "a", "kind": "critical"}"#.utf8), file: "k").types == [.critical])
    }

    @Test func duplicateIDsNameBothPlaces() {
        #expect(error("[{\"name\": \"a\", \"id\": \"x\"},\n {\"name\": \"b\", \"id\": \"x\"}]")
                == "in.json:2:22: duplicate id 'x' (first at in.json:1:22)")
        #expect(error(#"{"name": "a", "id": 1, "children": [{"name": "b", "id": "1"}]}"#) == "in.json:1:57: duplicate id '1' (first at in.json:1:21)")
    }
}

/// `npm ls --json` and `pnpm list --json`: the package tree `npm ls` prints, not its keys.
/// `yarn list --json`: the trees under Yarn's wrapper, a forest; Yarn's terminal fields
/// (`"color": "bold"`, `shadow`, `hint`, `depth`) are not read; its other event lines are not
/// nodes; places in errors stay the file's.
@Suite struct YarnListTests {
    func read(_ text: String) throws(ReadError) -> Tree {
        try JSONTreeReader().read(Array(text.utf8), file: "yarn.json")
    }

    @Test func treesAreAForest() throws {
        let text = #"""
            {"type":"warning","data":"package.json: No license field"}
            {"type":"tree","data":{"type":"list","trees":[{"name":"ansi-regex@2.1.1","children":[],"hint":null,"color":"bold","depth":0},{"name":"chalk@1.1.3","children":[{"name":"has-ansi@2.0.0","children":[{"name":"ansi-regex@^2.0.0","children":[],"hint":null,"color":"dim","depth":1,"shadow":true}],"hint":null,"color":null,"depth":0}],"hint":null,"color":"bold","depth":0}]}}

            """#
        let tree = try read(text)
        #expect(tree.labels == ["ansi-regex@2.1.1", "chalk@1.1.3", "has-ansi@2.0.0", "ansi-regex@^2.0.0"])
        #expect(tree.parents == [-1, -1, 1, 2])
        #expect((0..<tree.count).allSatisfy { tree.attributes(of: $0)?.color == nil })
        // A mistake inside is placed in the file as written.
        do {
            _ = try read(#"{"type":"tree","data":{"type":"list","trees":[{"name":"a","children":[}]}}"#)
            Issue.record("read")
        } catch {
            #expect(error.line == 1 && error.column == 71)
        }
        // A document with the same keys otherwise is not Yarn's: read as keys.
        #expect(try read(#"{"type":"tree","data":{"type":"list"}}"#).labels.contains("data"))
        // Outside Yarn's output, "color": "bold" is no colour.
        #expect(throws: ReadError.self) { try read(#"{"name":"a","color":"bold"}"#) }
    }
}

/// `pipdeptree --json-tree`: packages drawn as `pipdeptree` prints them, not as their keys.
@Suite struct PipDependencyTreeTests {
    func read(_ text: String) throws(ReadError) -> Tree {
        try JSONTreeReader().read(Array(text.utf8), file: "deps.json")
    }

    @Test func packagesWithTheirDependencies() throws {
        let text = #"""
            [{"key": "flask", "package_name": "Flask", "installed_version": "2.0.1", "required_version": "2.0.1",
              "dependencies": [
                {"key": "click", "package_name": "click", "installed_version": "8.0.1", "required_version": ">=7.1.2", "dependencies": []},
                {"key": "jinja2", "package_name": "Jinja2", "installed_version": "?", "required_version": ">=3.0", "dependencies": []}]},
             {"key": "pip", "package_name": "pip", "installed_version": "23.0", "required_version": "23.0", "dependencies": []}]
            """#
        let tree = try read(text)
        #expect(tree.labels == ["Flask==2.0.1", "click==8.0.1", "Jinja2", "pip==23.0"])
        #expect(tree.parents == [-1, 0, 0, -1])
        #expect(tree.types[2] == .critical)
        #expect(tree.attributes(of: 1)?.tooltip == "required: >=7.1.2, installed: 8.0.1")
        #expect(tree.warnings.isEmpty)
        // An object that is not a package among them: read as keys (each record labelled by
        // its name-like key, as any array of records).
        let mixed = try read(#"[{"package_name": "a", "dependencies": [{"other": 1}]}]"#)
        #expect(mixed.labels == ["a", "dependencies", "other: 1"])
    }
}

@Suite struct PackageListTreeTests {
    func read(_ text: String) throws(ReadError) -> Tree {
        try JSONTreeReader().read(Array(text.utf8), file: "deps.json")
    }

    @Test func npmListIsDrawnAsPackages() throws {
        let tree = try read("""
            {"version": "1.0.0", "name": "demo",
             "problems": ["missing: left-pad@^1.3.0, required by demo@1.0.0"],
             "dependencies": {
               "express": {"version": "4.18.2", "resolved": "https://r/e.tgz", "overridden": false,
                           "dependencies": {"accepts": {"version": "1.3.8"},
                                            "body-parser": {"version": "1.20.1", "dependencies": {"bytes": {"version": "3.1.2"}}}}},
               "left-pad": {"required": "^1.3.0", "missing": true},
               "lodash": {"version": "4.17.21", "extraneous": true}}}
            """)
        #expect(tree.labels == ["demo@1.0.0", "express@4.18.2", "accepts@1.3.8", "body-parser@1.20.1", "bytes@3.1.2",
                                "left-pad@^1.3.0 (missing)", "lodash@4.17.21 (extraneous)"])
        #expect(tree.parents == [-1, 0, 1, 1, 3, 0, 0])
        #expect(tree.types == [.normal, .normal, .normal, .normal, .normal, .critical, .important])
        #expect(tree.warnings == ["deps.json: npm ls: missing: left-pad@^1.3.0, required by demo@1.0.0"])
    }

    @Test func pnpmProjectsAreAForestWithDevDependencies() throws {
        let tree = try read("""
            [{"name": "a", "version": "1.0.0", "path": "/p/a",
              "dependencies": {"x": {"from": "x", "version": "2.0.0"}}, "devDependencies": {"y": {"version": "3.0.0"}}},
             {"name": "b", "version": "0.1.0", "dependencies": {"z": {"version": "1.1.0"}}}]
            """)
        #expect(tree.labels == ["a@1.0.0", "x@2.0.0", "y@3.0.0", "b@0.1.0", "z@1.1.0"])
        #expect(tree.parents == [-1, 0, 0, -1, 3])
    }

    /// A package.json names versions, not package objects: its keys are drawn as they are.
    @Test func packageJSONStaysKeys() throws {
        let tree = try read(#"{"name": "x", "dependencies": {"express": "^4.18.2"}}"#)
        #expect(tree.labels == ["x", "dependencies", "express: ^4.18.2"])
    }

    /// Only a dependencies key whose first entry is an object sends a document through the
    /// package reading first (a package.json is read once).
    @Test func onlyObjectEntriesMayBeAPackageList() {
        func mayBe(_ text: String) -> Bool { PackageListTree.mayBeOne(Array(text.utf8)) }
        #expect(mayBe(#"{"dependencies": {"express": {"version": "4"}}}"#))
        #expect(mayBe(#"{"a": {"dependencies": "x"}, "devDependencies" :{ "q\"x" : {}}}"#))
        #expect(!mayBe(#"{"name": "x", "dependencies": {"express": "^4.18.2"}}"#))
        #expect(!mayBe(#"{"dependencies": {}}"#))
        #expect(!mayBe(#"{"dependencies": ["a"]}"#))
        #expect(!mayBe(#"{"dependencies": {"unterminated"#))
        #expect(!mayBe(#"{"other": 1}"#))
    }
}
