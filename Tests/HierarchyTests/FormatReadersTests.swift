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

    /// A literal block under a key that names prose has its lines joined, paragraphs running on
    /// (its editor wrapped it; wrapped again in the box, every continuation hung indented);
    /// list items and indented lines keep their own line; a script's (`run: |`) keeps
    /// every line, and so does prose in a folded or quoted scalar (YAML folds those itself).
    @Test func proseLiteralBlocksAreJoinedScriptsAreNot() throws {
        let tree = try read("""
            job:
              description: |-
                Name of a TLS Inspection Policy resource that defines how TLS inspection
                will be performed for any rule(s) which enables it.

                Second paragraph,
                on two lines:
                - first item
                - second item
                  continued
                1. numbered
              run: |
                npm ci
                npm test
              summary: "one\\ntwo"
            """)
        #expect(tree.labels.contains("description: Name of a TLS Inspection Policy resource that defines how TLS inspection "
                                     + "will be performed for any rule(s) which enables it. Second paragraph, on two lines:\n"
                                     + "- first item\n- second item\n  continued\n1. numbered"))
        #expect(tree.labels.contains("run: npm ci\nnpm test"))
        #expect(tree.labels.contains("summary: one\ntwo"))
    }

    /// Documentation in HTML (AWS's API models, JSON read as YAML) is drawn as its text: tags
    /// dropped, paragraphs running on, list items on their own lines, references decoded; a
    /// `<` that opens no known tag is text, and so is HTML under a key that does not name prose.
    @Test func htmlDocumentationIsDrawnAsItsText() throws {
        let tree = try read(#"""
            {"op": {"documentation": "<p>Creates a <code>Function</code> &amp; its alias.</p> <p>Next:</p><ul><li><p>one</p></li><li>two</li></ul>",
                    "description": "a < b and c > d",
                    "html": "<b>kept</b>"}}
            """#)
        #expect(tree.labels.contains("documentation: Creates a Function & its alias. Next:\n• one\n• two"))
        #expect(tree.labels.contains("description: a < b and c > d"))
        #expect(tree.labels.contains("html: <b>kept</b>"))
    }

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
        // (`Other`, empty, would float as a lone leaf beside Root: the file gathers them.)
        #expect(outline(tree) == ["in.yaml", ".Root", "..B", "...x", "...y", "....deep", "..A: leaf", "..C", ".Other"])
    }

    /// A list or mapping as a key (YAML's complex key, as in the YAML spec's examples) is
    /// labelled with it in flow style: the whole file was refused for one such key.
    @Test func complexKeysAreLabelledInFlowStyle() throws {
        let tree = try read("""
            ? - Detroit Tigers
              - Chicago cubs
            :
              - 2001-07-23
            ? { team: Yankees, city: [New York, NY] }
            : [2001-07-02]
            """)
        #expect(outline(tree) == ["[Detroit Tigers, Chicago cubs]", ".2001-07-23", "{team: Yankees, city: [New York, NY]}", ".2001-07-02"])
    }

    @Test func nameObjectsWithAttributesAndCustomKeys() throws {
        let tree = try read("{name: R, type: critical, id: r, url: 'https://x.org', children: [{name: 1}, {name: two}]}")
        #expect(outline(tree) == ["R", ".1", ".two"])
        #expect(tree.types[0] == .critical && tree.id(of: 0) == "r" && tree.attributes(of: 0)?.url == "https://x.org")
        let renamed = try YAMLReader(nameKey: "title", childrenKey: "kids").read(Array("{title: T, kids: [{title: K}]}".utf8), file: "k")
        #expect(outline(renamed) == ["T", ".K"])
    }

    @Test func errorsAreLocated() throws {
        #expect(readError(YAMLReader(), "a: [1, 2\nb: 3\n", file: "in.yaml")?.hasPrefix("in.yaml:2:") == true)
        // Where the unclosed bracket or quote opened, which is often the place to fix.
        #expect(readError(YAMLReader(), "a: [1, 2\nb: 3\n", file: "in.yaml")?.hasSuffix("(while parsing a flow sequence started at in.yaml:1:4)") == true)
        #expect(readError(YAMLReader(), "a: \"abc\n", file: "in.yaml")
            == "in.yaml:2:1: found unexpected end of stream (while scanning a quoted scalar started at in.yaml:1:4)")
        #expect(readError(YAMLReader(), "a: 1\na: 2\n", file: "in.yaml")?.contains("duplicate") == true)
        // A tab where a token was looked for is named as one.
        #expect(readError(YAMLReader(), "root:\n\t- a\n", file: "in.yaml")?
                    .hasPrefix("in.yaml:2:1: found character that cannot start any token: a tab (YAML indents with spaces only)") == true)
        // (Found by line and column: libyaml counts characters, and accents take two bytes.)
        #expect(readError(YAMLReader(), "título: é\nñame:\n\tb: 1\n", file: "in.yaml")?.contains(": a tab (YAML indents") == true)
        // A control character (from a YAML escape: valid YAML) is drawn as its escape, with a
        // warning naming its code point where the first stands.
        let escaped = try YAMLReader().read(Array("a:\n  b: \"x\\by\"\n  c: [\"\\x01\", \"\\e[0m\"]\n".utf8), file: "in.yaml")
        #expect(escaped.labels == ["a", "b: x\\by", "c", "\\u0001", "\\e[0m"])
        #expect(escaped.warnings == ["in.yaml:2:6: 3 labels hold control characters (the first U+0008), drawn as their escapes"])
        #expect(try YAMLReader().read(Array("{name: x, type: very urgent}".utf8), file: "in.yaml").warnings
                == ["in.yaml:1:17: type \"very urgent\" is not normal, important or critical; drawn as a normal node with CSS class 'very-urgent'"])
        #expect(readError(YAMLReader(), "", file: "in.yaml") == "in.yaml: no nodes: the input is empty")
        // An empty mapping or sequence (JSON's `{}` reads as keys) is not an empty input.
        #expect(readError(YAMLReader(), "{}\n", file: "in.yaml") == "in.yaml: no nodes: the document holds no keys or items")
        #expect(readError(YAMLReader(), "[]", file: "in.yaml") == "in.yaml: no nodes: the document holds no keys or items")
        #expect(readError(JSONTreeReader(), "{}", file: "in.json") == "in.json: no nodes: the document holds no keys or items")
        #expect(readError(YAMLReader(), "{name: x, url: 'javascript:alert(1)'}", file: "in.yaml")?.contains("not an allowed link") == true)
    }

    @Test func aliasesRepeatTheirValuesSoNothingExplodes() throws {
        #expect(outline(try read("a: &x shared\nb: *x\n")) == ["in.yaml", ".a: shared", ".b: shared"])
        #expect(outline(try read("a: &l [x, {y: z}]\nb: *l\n")) == ["a", ".x", ".y: z", "b", ".x", ".y: z"])
        // Nine levels of ten aliases each would be a billion nodes: stopped at a million values.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(readError(YAMLReader(), text, file: "b.yaml")
                == "b.yaml:6:45: aliases repeat more than 1000000 values in all (*a4 repeats 111111); the drawing would be too large")
        #expect(readError(YAMLReader(), "a: &m [1, *m]\n", file: "in.yaml")
                == "in.yaml:1:11: *m is inside the list or mapping it names, so it would repeat itself forever")
    }

    /// YAML 1.1's merge key, as GitLab CI and compose files use it: the named mappings' keys come
    /// in where `<<` stands, except those the mapping has itself or an earlier one gave.
    @Test func mergeKeysBringInTheKeysAMappingLacks() throws {
        let text = """
            .defaults: &defaults {image: debian, retry: 2}
            .extra: &extra {retry: 5, when: manual}
            test:
              <<: *defaults
              retry: 0
            deploy:
              <<: [*defaults, *extra]
              script: go
            """
        #expect(outline(try read(text)) == [".defaults", ".image: debian", ".retry: 2",
                                             ".extra", ".retry: 5", ".when: manual",
                                             "test", ".image: debian", ".retry: 0",
                                             "deploy", ".image: debian", ".retry: 2", ".when: manual", ".script: go"])
        // Merges nest: a merged mapping's own merge comes with it.
        #expect(outline(try read("a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b}\n")).suffix(3) == ["c", ".x: 1", ".y: 2"])
        // A quoted "<<" is an ordinary key.
        #expect(outline(try read("a: {\"<<\": 1}\n")) == ["a", ".<<: 1"])
        #expect(readError(YAMLReader(), "a: {<<: 3}\n", file: "in.yaml") == "in.yaml:1:9: a merge key '<<' takes a mapping or a list of mappings")
        #expect(readError(YAMLReader(), "m: &m {x: 1}\na: {<<: *m, x: 2, x: 3}\n", file: "in.yaml")?.contains("duplicate key 'x'") == true)
    }

    @Test func aNameBesideStructureIsReadAsKeysSoNothingIsDropped() throws {
        // A CI workflow: `name` beside `jobs` is no node object (that would draw one node); it
        // gathers the only document's keys.
        let workflow = try read("name: CI\non: push\njobs:\n  build:\n    steps:\n      - name: Checkout\n        uses: actions/checkout\n")
        #expect(outline(workflow) == ["CI", ".on: push", ".jobs", "..build", "...steps", "....Checkout", ".....uses: actions/checkout"])
        // Without a name, the only document's `title` (a JSON Schema's) or `label` gathers them;
        // a key merely ending in "name", or an identifier, does not.
        #expect(outline(try read("$schema: s\ntitle: BackendService\ntype: object\nproperties:\n  port: {type: integer}\n"))
                == ["BackendService", ".$schema: s", ".type: object", ".properties", "..port", "...type: integer"])
        #expect(outline(try read("label: Board\nname: Org\nteam: [a]\n")) == ["Org", ".label: Board", ".team", "..a"])
        #expect(outline(try read("site_name: Docs\nnav: [a]\n")) == ["in.yaml", ".site_name: Docs", ".nav", "..a"])
        #expect(outline(try read("id: build\nsteps: [a]\n")) == ["in.yaml", ".id: build", ".steps", "..a"])
        #expect(outline(try read("title:\n  en: T\nbody: b\n")) == ["in.yaml", ".title", "..en: T", ".body: b"], "a title that is no scalar stays a key")
        // Under a key, the key gathers them: `name` is a key like the others.
        #expect(outline(try read("metadata:\n  name: web\n  labels: {app: web}\n"))
                == ["metadata", ".name: web", ".labels", "..app: web"])
        #expect(workflow.warnings.isEmpty)
        // With a children key it is a node object; what another key holds is named in a warning.
        let object = try read("name: root\nchildren: [a]\nmeta: {x: 1}\n")
        #expect(outline(object) == ["root", ".a"])
        #expect(object.warnings == ["in.yaml:3:1: a node object has a list or mapping under a key that is not read (the first 'meta'), "
                                    + "not drawn: only 'children' holds a node's children (--children-key)"])
        // Node fields beside a name make a node object; any other key is drawn (an Ansible
        // module's `state:`), unless the d3 convention is plain (in a node object's children).
        #expect(outline(try read("- {name: leaf, class: x, url: 'https://x.org'}\n")) == ["leaf"])
        #expect(outline(try read("- name: leaf\n  size: 3\n")) == ["leaf", ".size: 3"])
        #expect(outline(try read("apt: {name: nginx, state: present}\n")) == ["apt", ".name: nginx", ".state: present"])
        // Under a key a name alone is a key too, as beside others (metadata → web was drawn
        // for one Kubernetes object, metadata → name → web for the next).
        #expect(outline(try read("metadata: {name: web}\n")) == ["metadata", ".name: web"])
        #expect(outline(try read("- {name: web}\n")) == ["web"], "a list item's name labels it")
        #expect(outline(try read("name: r\nchildren: [{name: leaf, size: 3}]\n")) == ["r", ".leaf"])
        // In a node object's children every mapping with a name is one (noted once); an empty
        // list is nothing dropped.
        let leaves = try read("name: root\nchildren:\n  - name: a\n    tags: []\n  - name: b\n    tags: [x, y]\n  - name: c\n")
        #expect(outline(leaves) == ["root", ".a", ".b", ".c"])
        #expect(leaves.warnings.count == 1 && leaves.warnings[0].hasPrefix("in.yaml:6:5: a node object has"))
        #expect(outline(try read("name: t\ntags: []\n")) == ["t"])
    }

    @Test func listItemsOfSeveralKeysStayApart() throws {
        // Kubernetes containers: each item is one node, labelled by its name.
        let pod = try read("""
            containers:
              - name: web
                image: nginx
                ports: [{containerPort: 80}]
              - name: log
                image: fluentd
            """)
        #expect(outline(pod) == ["containers", ".web", "..image: nginx", "..ports", "...containerPort: 80", ".log", "..image: fluentd"])
        // Without a name an item of several keys is unnamed; an item of one key with a scalar
        // value is its leaf (a workflow's `- uses: checkout` hung from a dot); one of a key with
        // a list or mapping beside records is unnamed too, so the records' keys line up; in a
        // list of one-key items alone (MkDocs' nav) each is that key.
        let steps = try read("steps:\n  - uses: checkout\n  - uses: setup\n    with: {version: 3}\n")
        #expect(outline(steps) == ["steps", ".uses: checkout", ".", "..uses: setup", "..with", "...version: 3"])
        let matrix = try read("include:\n  - {python: '3.8', os: linux}\n  - experimental: false\n  - exclude: [a]\n")
        #expect(outline(matrix) == ["include", ".", "..python: 3.8", "..os: linux", ".experimental: false", ".", "..exclude", "...a"])
        #expect(outline(try read("nav:\n  - Home: index.md\n  - Guide: [guide.md]\n")) == ["nav", ".Home: index.md", ".Guide", "..guide.md"])
        // Several documents are items: each Kubernetes object keeps its keys.
        let objects = try read("kind: Service\nspec: {port: 80}\n---\nkind: Deployment\nspec: {replicas: 2}\n")
        // (Named by their place in the stream: a dot told not which document a tree is.)
        #expect(outline(objects) == ["document 1", ".kind: Service", ".spec", "..port: 80",
                                     "document 2", ".kind: Deployment", ".spec", "..replicas: 2"])
        // A list among several documents, or in a list, is one node above its items: a table's
        // rows keep apart, and so do the documents (they were spliced into one list).
        #expect(outline(try read("---\n- a\n- b\n---\n- c\n")) == ["document 1", ".a", ".b", "document 2", ".c"])
        #expect(outline(try read("- [name, hr]\n- [Mark, 65]\n- []\n")) == ["", ".name", ".hr", "", ".Mark", ".65"])
        #expect(outline(try read("rows:\n  - [1, 2]\n")) == ["rows", ".", "..1", "..2"])
        // The only document without a name keeps its keys as roots (a compose file's).
        #expect(outline(try read("services: {web: {image: nginx}}\nvolumes: {data: ~}\n"))
                == ["services", ".web", "..image: nginx", "volumes", ".data"])
    }

    /// The only document's keys, where one would be a lone leaf beside the others (a gapic
    /// file's `comment:` and `language:` beside its `services:`, a compose file's `version:`),
    /// are gathered under the file's name, so no box floats unconnected; under an unnamed node
    /// where the input is no JSON or YAML file (standard input, a Markdown block).
    @Test func loneLeavesOfTheOnlyDocumentAreGatheredUnderItsFile() throws {
        let compose = "version: '3'\nservices: {web: {image: nginx}}\n"
        #expect(RandomTrees.outline(try YAMLReader().read(Array(compose.utf8), file: "deploy/compose.yml"))
                == ["compose.yml", ".version: 3", ".services", "..web", "...image: nginx"])
        #expect(RandomTrees.outline(try YAMLReader().read(Array(compose.utf8), file: "<stdin>")).first == "")
        #expect(RandomTrees.outline(try YAMLReader().read(Array(compose.utf8), file: "README.md")).first == "")
        let gapic = #"{"comment": "maps", "schema": "1.0", "services": {"Config": {"methods": ["copy"]}}}"#
        let tree = try JSONTreeReader().read(Array(gapic.utf8), file: "logging_gapic.json")
        #expect(tree.labels == ["logging_gapic.json", "comment: maps", "schema: 1.0", "services", "Config", "methods", "copy"])
        #expect(tree.parents.filter { $0 < 0 }.count == 1)
        // A key of its own, or keys that all hold structure, stay as they were.
        #expect(outline(try read("version: '3'\n")) == ["version: 3"])
        #expect(outline(try read("a: {x: 1}\nb: [y]\n")) == ["a", ".x: 1", "b", ".y"])
    }

    /// An empty string in a list is drawn as `""` (a CI matrix's `nox-session: ['']` was an
    /// unnamed dot, like a mapping without a name); a null item is left out, an empty key or
    /// name is an unnamed node as before.
    @Test func anEmptyStringInAListIsDrawnAsQuotes() throws {
        #expect(outline(try read("matrix:\n  nox-session: ['']\n  python: ['3.9', \"\", ~]\n"))
                == ["matrix", ".nox-session", "..\"\"", ".python", "..3.9", "..\"\""])
        #expect(outline(try read("- ''\n- a\n")) == ["\"\"", "a"])
        #expect(outline(try read("\"\": {x: 1}\n")) == ["", ".x: 1"])
    }

    /// An array of records without `name` (ip -j addr's interfaces, Docker's containers) is
    /// drawn as named records: a name-like key labels each item, as `name` would.
    @Test func listItemsWithoutANameAreLabelledByANameLikeKey() throws {
        let links = try read("- ifindex: 1\n  ifname: lo\n  mtu: 65536\n- ifindex: 2\n  ifname: eth0\n")
        #expect(outline(links) == ["lo", ".ifindex: 1", ".mtu: 65536", "eth0", ".ifindex: 2"])
        // `name` in any case first, then title, then label, then a key ending in "name".
        #expect(outline(try read("- {hostname: h, Name: n}\n- {label: l, title: t}\n- {display_name: d, id: 3}\n"))
                == ["n", ".hostname: h", "t", ".label: l", "d", ".id: 3"])
        // Not a key holding a list or mapping, nor a null, nor an id; an item of one key among
        // records is labelled so too, one among items of one key is that key.
        #expect(outline(try read("- {rename: [a], id: 1}\n- {fullname: ~, id: 2}\n- {ifname: solo}\n"))
                == ["", ".rename", "..a", ".id: 1", "", ".fullname", ".id: 2", "solo"])
        #expect(outline(try read("- {ifname: a}\n- {ifname: b}\n")) == ["ifname: a", "ifname: b"])
        // Else an identifier that is a word (a CI file's pipelines), after any name; not a number.
        #expect(outline(try read("- {id: build, steps: [a]}\n- {key: node-role, effect: NoSchedule}\n- {id: 7, code: x1}\n"))
                == ["build", ".steps", "..a", "node-role", ".effect: NoSchedule", "x1", ".id: 7"])
        // Not a text: an SSH key under `key:` stays a key, the item unnamed.
        #expect(outline(try read("- {key: ssh-ed25519 AAAAC3Nza user@host, state: present}\n- {state: absent, name: b}\n")).first == "")
        // A whole name before a part of one; never GraphQL's __typename, the same in every record.
        #expect(outline(try read("- {first_name: A, username: u, id: 1}\n- {__typename: Repo, id: 2}\n"))
                == ["u", ".first_name: A", ".id: 1", "", ".__typename: Repo", ".id: 2"])
        // Only list items: a document's or a key's mapping keeps its keys (mkdocs.yml's site_name).
        #expect(outline(try read("site_name: Docs\nnav: [a]\n")) == ["in.yaml", ".site_name: Docs", ".nav", "..a"])
    }

    @Test func emptyKeysAndNamesAreUnnamedNodesAndLabelsAreTrimmed() throws {
        let tree = try read("""
            "":
              - " A "
              - name: ""
                children: [leaf]
              - ''
            "  B": ~
            """)
        // (The empty string item is a value, drawn as `""`: `anEmptyStringInAListIsDrawnAsQuotes`.)
        #expect(outline(tree) == ["in.yaml", ".", "..A", "..", "...leaf", "..\"\"", ".B"])
        // A null (`name:` with nothing, or an empty list item) is still no label and no node.
        #expect(outline(try read("- a\n-\n- b\n")) == ["a", "b"])
    }

    @Test func aliasesCannotMultiplyTheText() throws {
        let anchor = String(repeating: "x", count: 1 << 20)
        let fine = "a: &big \(anchor)\nb: [" + Array(repeating: "*big", count: 63).joined(separator: ", ") + "]\n"
        #expect(try read(fine).count == 66)
        let tooMuch = "a: &big \(anchor)\nb: [" + Array(repeating: "*big", count: 65).joined(separator: ", ") + "]\n"
        #expect(readError(YAMLReader(), tooMuch, file: "in.yaml")
                == "in.yaml:2:389: aliases repeat more than 64 MB of text in all (*big repeats 1048576 bytes); the drawing would be too large")
    }

    @Test func unknownTypesBecomeClassesAndIDsAreUnique() throws {
        let tree = try read("- {name: a, type: service, class: x}\n- {name: b, kind: critical}\n")
        #expect(tree.attributes(of: 0)?.cssClass == "service x")
        #expect(tree.warnings == ["in.yaml:1:19: type \"service\" is not normal, important or critical; drawn as a normal node with CSS class 'service'"])
        let renamed = try YAMLReader(typeKey: "kind").read(Array("- {name: a, type: y z}\n- {name: b, kind: critical}\n".utf8), file: "k")
        // With the type key renamed, `type` is a key like any other, and drawn.
        #expect(outline(renamed) == ["a", ".type: y z", "b"] && renamed.types == [.normal, .normal, .critical])
        #expect(readError(YAMLReader(), "- {name: a, id: x}\n- {name: b, id: x}\n", file: "in.yaml")
                == "in.yaml:2:17: duplicate id 'x' (first at in.yaml:1:17)")
    }

    /// A null field is no value, as JSON's null is: `type: ~` is a normal node with no class and
    /// no warning (it was read as a type named "~"), `id: null` no id.
    @Test func nullFieldsAreNoValues() throws {
        let tree = try read("- {name: a, type: ~, id: null, color: ~}\n- {name: b, type: Null}\n- {name: c, type: '~'}\n")
        #expect(outline(tree) == ["a", "b", "c"] && tree.types == [.normal, .normal, .normal])
        #expect(tree.attributes(of: 0)?.cssClass == nil && tree.id(of: 0) == nil && tree.attributes(of: 1)?.cssClass == nil)
        // A quoted "~" is text, not null: a type of that name, kept as no class with its warning.
        #expect(tree.warnings.count == 1 && tree.warnings[0].hasPrefix("in.yaml:3:19: type \"~\""))
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

    /// Two columns under no header, the first row data as the rest: parent, child, the parents
    /// the column whose values repeat, with a warning; a header of other names is still refused.
    @Test func headerlessEdgeLists() throws {
        let tree = try CSVReader().read(Array("WORLD,FR\nWORLD,ES\nES,ES-A\n\nES,ES-B\n".utf8), file: "t.csv")
        #expect(outline(tree) == [".FR", ".ES", "..ES-A", "..ES-B", "WORLD"])  // (the parent no row names: added last)
        #expect(tree.warnings == ["t.csv:1: no header: read as a parent, child table, the parents in column 1 (a first row naming the columns says otherwise)"])
        let reversed = try CSVReader().read(Array("FR-A,FR\nFR-B,FR\nFR,WORLD\n".utf8), file: "t.csv")
        #expect(outline(reversed) == ["..FR-A", "..FR-B", ".FR", "WORLD"])
        #expect(readError(CSVReader(), "name,boss\nann,\nbob,ann\n", file: "t.csv")?.hasPrefix("t.csv:1:1: no parent column") == true)
        // Of two columns, naming the parent is enough: the other is the id, as the message says.
        #expect(readError(CSVReader(), "who,boss\nann,\nbob,ann\n", file: "t.csv")?.hasSuffix("; the other column is then the id") == true)
        #expect(outline(try CSVReader(parentColumn: "boss").read(Array("name,boss\nann,\nbob,ann\n".utf8), file: "t.csv")) == ["ann", ".bob"])
        #expect(readError(CSVReader(), "who,boss,age\nann,,3\n", file: "t.csv")?.hasSuffix("; there is no id column either: name it with --id-column") == true)
        // A row of three fields: no edge list.
        #expect(readError(CSVReader(), "a,b\nb,c,d\na,b\n", file: "t.csv")?.hasPrefix("t.csv:1:1: no parent column") == true)
    }

    @Test func tabsCRLFAndNamedColumns() throws {
        let text = "key\tup\ttitle\r\nk1\t\tOne\r\nk2\tk1\tTwo\r\n"
        let tree = try CSVReader(separator: 9, idColumn: "key", parentColumn: "up", labelColumn: "title").read(Array(text.utf8), file: "t.tsv")
        #expect(outline(tree) == ["One", ".Two"])
    }

    /// A table of several levels written as an edge list repeats its upper rows: each repeat
    /// is read once, with one warning that names the first and counts them.
    @Test func repeatedRowsAreReadOnceWithAWarning() throws {
        let levels = "parent,child\nWorld,Africa\nAfrica,Kenya\nWorld,Africa\nAfrica,Ghana\nWorld,Africa\nAfrica,Kenya\n"
        let tree = try CSVReader().read(Array(levels.utf8), file: "t.csv")
        #expect(outline(tree) == [".Africa", "..Kenya", "..Ghana", "World"], "nodes in the order of their rows, the root where first named")
        #expect(tree.warnings == ["t.csv:4:7: row 4: 'Africa' with parent 'World' repeats line 2; a repeated row is read once (3 repeated rows in all)"])
        let root = try CSVReader().read(Array("id,parentId\na,\nb,a\na,\n".utf8), file: "t.csv")
        #expect(outline(root) == ["a", ".b"])
        #expect(root.warnings == ["t.csv:4:1: row 4: 'a' (a root) repeats line 2; a repeated row is read once"])
        // A repeat of a node's second parent, not its first.
        let dag = try CSVReader().read(Array("id,parentId\nr,\nb,r\na,r\na,b\na,b\n".utf8), file: "t.csv")
        #expect(dag.count == 3 && dag.additionalParents[2] == [1], "b stays a's second parent, once")
        #expect(dag.warnings == ["t.csv:6:1: row 6: 'a' with parent 'b' repeats line 5; a repeated row is read once"])
    }

    /// As in JSON and YAML, a type that is not ours is kept as a CSS class with one warning per
    /// value; one that cannot be a class name is refused.
    @Test func otherTypesAreClassesWithAWarning() throws {
        let tree = try CSVReader().read(Array("id,parentId,type,class\nr,,,\na,r,deprecated,\nb,r,deprecated,x\nc,r,file,\n".utf8), file: "t.csv")
        #expect(tree.attributes(of: 1)?.cssClass == "deprecated" && tree.attributes(of: 2)?.cssClass == "deprecated x")
        #expect(tree.attributes(of: 3)?.cssClass == "file" && tree.types[1] == .normal)
        #expect(tree.warnings == [#"t.csv:3:5: type "deprecated" is not normal, important or critical; drawn as a normal node with CSS class 'deprecated' (2 nodes)"#])
        // A further row of a node names the same class type or none; the warning counts nodes.
        let repeated = try CSVReader().read(Array("id,parentId,type\nr,,\nq,,\na,r,deprecated\na,q,deprecated\na,r,\n".utf8), file: "t.csv")
        #expect(repeated.warnings.first?.contains("CSS class 'deprecated'") == true && repeated.warnings.first?.contains("nodes") == false)
        #expect(readError(CSVReader(), "id,parentId,type\nr,,\nq,,\na,r,deprecated\na,q,obsolete\n", file: "t.csv")
                == "t.csv:5:5: row 5: 'a' has type obsolete here but deprecated on line 4")
        #expect(readError(CSVReader(), "id,parentId,type\nr,,\nq,,\na,r,deprecated\na,q,critical\n", file: "t.csv")
                == "t.csv:5:5: row 5: 'a' has type critical here but deprecated on line 4")
        // Repeated rows agree on the type as written, not on the class made of it.
        #expect(readError(CSVReader(), "id,parentId,type\nr,,\nq,,\na,r,critical!\na,q,critical\n", file: "t.csv")
                == "t.csv:5:5: row 5: 'a' has type critical here but critical! on line 4")
        let urgent = try CSVReader().read(Array("id,parentId,type\nr,,very urgent\n".utf8), file: "t.csv")
        #expect(urgent.attributes(of: 0)?.cssClass == "very-urgent" && urgent.warnings
                == [#"t.csv:2:4: type "very urgent" is not normal, important or critical; drawn as a normal node with CSS class 'very-urgent'"#])
    }

    @Test func badTablesNameTheRow() throws {
        let reader = CSVReader()
        #expect(readError(reader, "id,parentId,name\nr,,R\na,r,A\na,r,B\n", file: "t.csv")
                == "t.csv:4:5: row 4: id 'a' is labelled 'B' here but 'A' on line 3: give each node an id of its own (a node's further rows name its further parents)")
        #expect(readError(reader, "id,parentId\nr,\na,r\na,\n", file: "t.csv")
                == "t.csv:4:1: row 4: 'a' is a root on line 4 but has a parent on line 3; a node with several parents names one in each of its rows")
        #expect(readError(reader, "id,parentId\na,\nb,zz\n", file: "t.csv") == "t.csv:3:3: parent 'zz' is not the id of any row")
        #expect(readError(reader, "id,parentId\nr,\na,b\nb,a\n", file: "t.csv") == "t.csv:3: the table has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'a' (each the parent of the next; leave out one of its rows, or draw it from its first node: --extra-parents auto)")
        // In the rows' own direction, parent to child, ending with the row pointed at (line 3: a's parent c).
        #expect(readError(reader, "id,parentId\nr,\na,c\nb,a\nc,b\n", file: "t.csv")
                == "t.csv:3: the table has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'c' -> 'a' (each the parent of the next; leave out one of its rows, or draw it from its first node: --extra-parents auto)")
        #expect(readError(reader, "id,parentId\na,a\n", file: "t.csv") == "t.csv:2:3: 'a' is its own parent: where one name stands for two nodes, give each row an id of its own and the names in a label column (name, label, title or --label-column)")
        #expect(readError(reader, "id,parentId\na,,extra\n", file: "t.csv") == "t.csv:2:1: row 2 has 3 fields; the header has 2")
        #expect(readError(reader, "id,parentId\n\"a,\n", file: "t.csv") == "t.csv:2:1: unterminated quoted field")
        #expect(readError(reader, "key,parent,x\na,,\n", file: "t.csv")
                == "t.csv:1:1: no id column: name one 'id' or 'child' or 'target' or 'to' or 'employee' or 'node' or 'name' or 'label' "
                + "or 'childid' or 'employeeid' or 'nodeid' (in any case, with or without '_' or spaces), "
                + "or say which with --id-column (columns: key, parent, x)")
        // Of two columns, the one that is not the parent is the id.
        #expect(outline(try reader.read(Array("key,parent\na,\nb,a\n".utf8), file: "t.csv")) == ["a", ".b"])
        #expect(readError(CSVReader(idColumn: "parent"), "key,parent\na,\n", file: "t.csv")
                == "t.csv:1:5: the id and the parent are both column 'parent': name another with --id-column or --parent-column")
        // A header of tab-separated names in a .csv, some names with commas: the way to read it is named.
        #expect(readError(reader, "id\tparent,x\na\t\n", file: "t.csv")?
                    .hasSuffix("(columns: id, parent, x); the header is separated by tabs: read it as TSV (--from tsv)") == true)
        // An id given twice, with another label: named so, before its parent is looked at.
        #expect(readError(reader, "id,parent,name\n1,,root\n1,1,dup\n", file: "t.csv")
                == "t.csv:3:5: row 3: id '1' is labelled 'dup' here but 'root' on line 2: give each node an id of its own (a node's further rows name its further parents)")
        #expect(readError(reader, "id,parentId\n", file: "t.csv") == "t.csv: no nodes: the table has no rows")
        #expect(readError(CSVReader(idColumn: "key"), "id,parentId\na,\n", file: "t.csv")?.contains("no column named 'key'") == true)
    }

    /// A database's null for "no parent" makes a root, not a node named "NULL" above it (a
    /// trial's SQL export); so do 0 and -1 in a table of nodes with integer ids. An unknown
    /// parent beside such a root is then an error, as beside an empty one.
    @Test func nullParentsAreRoots() throws {
        for null in ["NULL", "None", "\\N", "nan"] {
            let tree = try CSVReader().read(Array("id,parent_id,name\n1,\(null),root\n2,1,a\n3,1,b\n".utf8), file: "t.csv")
            #expect(outline(tree) == ["root", ".a", ".b"], "\(null)")
        }
        let zero = try CSVReader().read(Array("id,parent_id,name\n1,0,root\n2,1,a\n3,1,b\n".utf8), file: "t.csv")
        #expect(outline(zero) == ["root", ".a", ".b"])
        let minusOne = try CSVReader().read(Array("id,parent_id,name\n1,-1,root\n2,1,a\n".utf8), file: "t.csv")
        #expect(outline(minusOne) == ["root", ".a"])
        // An edge list's 0 is a node (graphs number their nodes from 0), and so is a row's id "NULL".
        let edges = try CSVReader().read(Array("parent,child\n0,1\n0,2\n1,3\n".utf8), file: "t.csv")
        #expect(outline(edges) == [".1", ".2", "..3", "0"])
        let named = try CSVReader().read(Array("id,parent\nNULL,\na,NULL\n".utf8), file: "t.csv")
        #expect(outline(named) == ["NULL", ".a"])
        #expect(readError(CSVReader(), "id,parent_id,name\n1,NULL,root\n2,1,a\n4,99,orphan\n", file: "t.csv")
                == "t.csv:4:3: parent '99' is not the id of any row")
        // A null in a node's further row is a root row too, which its parent elsewhere contradicts
        // (a review: one order drew a root and a dropped edge, the other called NULL unknown).
        for rows in ["a,,A\nb,NULL,B\nb,a,B\n", "a,,A\nb,a,B\nb,NULL,B\n"] {
            let message = readError(CSVReader(), "id,parent,name\n" + rows, file: "t.csv")
            #expect(message?.contains("'b' is a root on line 3") == true || message?.contains("'b' is a root on line 4") == true, "\(message ?? "")")
            #expect(message?.hasSuffix("a node with several parents names one in each of its rows") == true)
        }
    }

    /// Ids match without the spaces around them; a first line of semicolons (a spreadsheet's
    /// export where the comma is the decimal mark) or tabs sets the separator.
    @Test func spacesAroundIdsAndOtherSeparators() throws {
        let spaced = try CSVReader().read(Array("Employee,Manager\nAlice,\nBob, Alice\nDave,Alice \n".utf8), file: "t.csv")
        #expect(outline(spaced) == ["Alice", ".Bob", ".Dave"])
        let semicolons = try CSVReader().read(Array("id;parent;name\n1;;Vorstand\n2;1;Einkauf\n3;1;\"Vertrieb Süd; Österreich\"\n".utf8), file: "t.csv")
        #expect(outline(semicolons) == ["Vorstand", ".Einkauf", ".Vertrieb Süd; Österreich"])
        let tabs = try CSVReader().read(Array("id\tparent\na\t\nb\ta\n".utf8), file: "t.csv")
        #expect(outline(tabs) == ["a", ".b"])
        // A comma anywhere in the first line (outside quotes) keeps it CSV.
        let commas = try CSVReader().read(Array("id,parent,name\n1,,\"a;b\"\n".utf8), file: "t.csv")
        #expect(outline(commas) == ["a;b"])
    }

    @Test func columnsAreFoundByTheirLettersAndDigitsInAnyCase() throws {
        // An HR export: ids and managers as numbers, the label in `name`.
        let org = try CSVReader().read(Array("employee_id,name,title,manager_id\n1,Ada,CEO,\n2,Grace,CTO,1\n3,Alan,Scientist,2\n".utf8), file: "o.csv")
        #expect(org.labels == ["Ada", "Grace", "Alan"] && org.parents == [-1, 0, 1])
        let spaced = try CSVReader().read(Array("Node ID,Parent ID,Display Name\nr,,Root\nc,r,Child\n".utf8), file: "s.csv")
        #expect(spaced.labels == ["Root", "Child"] && spaced.parents == [-1, 0])
        // No usual name: the parent column begins as a parent's, the id ends in `id`, and a
        // `title` labels the rows.
        let categories = try CSVReader().read(Array("category_id,parent_category_id,title\n10,,Books\n11,10,Poetry\n".utf8), file: "c.csv")
        #expect(categories.labels == ["Books", "Poetry"] && categories.parents == [-1, 0])
        // Beside a parent column of names, the names key the rows (not an `employee_id`), and
        // an org chart keyed by names keeps them as labels (its `title` is a job's).
        let byName = try CSVReader().read(Array("employee_id,name,manager\n1,Ada,\n2,Grace,Ada\n".utf8), file: "n.csv")
        #expect(byName.labels == ["Ada", "Grace"] && byName.parents == [-1, 0])
        let titled = try CSVReader().read(Array("employee,manager,title\nGrace,Ada,CTO\nAlan,Grace,Scientist\n".utf8), file: "t.csv")
        #expect(titled.labels == ["Grace", "Alan", "Ada"])
        // An outline whose first line has a comma and words that begin or end as column names do
        // stays an outline: the looser names count only where the next line has as many fields.
        #expect(try InputFormat.sniff(Array("Managers: Ann, David\n  Ann\n  David\n".utf8), file: "-", options: ReaderOptions()) == .outline)
        // Read from standard input, such headers are found as tables too.
        #expect(try InputFormat.sniff(Array("category_id,parent_category_id\n1,\n".utf8), file: "-", options: ReaderOptions()) == .csv)
        #expect(try InputFormat.sniff(Array("EmployeeID\tManagerID\n1\t\n".utf8), file: "-", options: ReaderOptions()) == .tsv)
    }

    /// A carriage return in a label is a line break, as a line feed, in every structured format.
    @Test func carriageReturnsInLabelsAreLineBreaks() throws {
        let csv = try CSVReader().read(Array("id,parent,name\r\nr,,\"Root\r\nline two\"\r\na,r,A\r\n".utf8), file: "w.csv")
        #expect(csv.labels == ["Root\nline two", "A"])
        let json = try JSONTreeReader().read(Array(#"{"name": "one\r\ntwo\rthree", "children": [{"name": "a"}]}"#.utf8), file: "w.json")
        #expect(json.labels == ["one\ntwo\nthree", "a"])
        let yaml = try YAMLReader().read(Array("root:\r\n  - \"x\\r\\ny\"\r\n".utf8), file: "w.yaml")
        #expect(yaml.labels == ["root", "x\ny"])
        let dot = try DOTReader().read(Array("digraph { a [label=\"x\r\ny\"]; a -> b }".utf8), file: "w.gv")
        #expect(dot.labels == ["x\ny", "b"])
    }

    @Test func emptyLabelsAreUnnamedNodesAndLabelsAreTrimmed() throws {
        let tree = try CSVReader().read(Array("id,parentId,name\nr,,\" Root \"\nn1,r,\nn2,n1,\t\n".utf8), file: "t.csv")
        #expect(tree.labels == ["Root", "", ""] && tree.id(of: 1) == "n1")
        // With no label column the id is the label, trimmed like any label.
        #expect(try CSVReader().read(Array("id,parentId\n\" r \",\n".utf8), file: "t.csv").labels == ["r"])
    }

    @Test func rowsRepeatingAnIdGiveSeveralParents() throws {
        let text = "id,parentId,name,type\nr,,R,\na,r,A,\nb,r,B,\ns,a,S,important\ns,b,,\ns,b2,S,important\nb2,r,B2,\n"
        let tree = try CSVReader().read(Array(text.utf8), file: "t.csv")
        #expect(preorderOutline(tree) == ["R", ".A", "..S", ".B", ".B2"])
        #expect(tree.additionalParents == [3: [2, 4]])
        #expect(tree.types[3] == .important)
        let sections = try SectionedTree(tree)
        #expect(sections.additionalParentsOfItem.values.map(\.count) == [2])
    }

    @Test func repeatedRowsMustAgree() {
        let reader = CSVReader()
        #expect(readError(reader, "id,parentId,name\nr,,R\nq,,Q\na,r,A\na,q,B\n", file: "t.csv")
                == "t.csv:5:5: row 5: id 'a' is labelled 'B' here but 'A' on line 4: give each node an id of its own (a node's further rows name its further parents)")
        #expect(readError(reader, "id,parentId,name\nr,,R\nq,,Q\na,r,\na,q,B\n", file: "t.csv")
                == "t.csv:5:5: row 5: id 'a' is labelled 'B' here but unnamed on line 4: give each node an id of its own (a node's further rows name its further parents)")
        #expect(readError(reader, "id,parentId,type\nr,,\nq,,\na,r,critical\na,q,important\n", file: "t.csv")
                == "t.csv:5:5: row 5: 'a' has type important here but critical on line 4")
        #expect(readError(reader, "id,parentId,url\nr,,\nq,,\na,r,https://a.org\na,q,https://b.org\n", file: "t.csv")
                == "t.csv:5:5: row 5: 'a' has url 'https://b.org' here but 'https://a.org' on line 4")
        #expect(readError(reader, "id,parentId\nr,\na,r\na,zz\n", file: "t.csv") == "t.csv:4:3: parent 'zz' is not the id of any row")
        #expect(readError(reader, "id,parentId\nr,\na,r\na,a\n", file: "t.csv") == "t.csv:4:3: 'a' is its own parent: where one name stands for two nodes, give each row an id of its own and the names in a label column (name, label, title or --label-column)")
    }

    /// An edge list (`parent,child`, no root row) names its roots only as parents: they are
    /// made where first named; column names in any letter case, a table keyed by its names.
    @Test func edgeListsMakeTheirRootsFromTheirParents() throws {
        let edges = try CSVReader().read(Array("Parent,Child\nEU,FR\nEU,DE\nFR,FR-IDF\nAS,JP\nDE,DE-BY\n".utf8), file: "e.csv")
        #expect(preorderOutline(edges) == ["EU", ".FR", "..FR-IDF", ".DE", "..DE-BY", "AS", ".JP"])
        #expect(edges.id(of: 5) == "EU" && edges.id(of: 6) == "AS")
        // Attribute columns too, in any letter case.
        let linked = try CSVReader().read(Array("Parent,Child,URL\nr,a,https://x.org\n".utf8), file: "e.csv")
        #expect(linked.attributes(of: 0)?.url == "https://x.org")
        let fromTo = try CSVReader().read(Array("from,to\na,b\nb,c\n".utf8), file: "e.csv")
        #expect(preorderOutline(fromTo) == ["a", ".b", "..c"])
        let named = try CSVReader().read(Array("name,parent\nCEO,\nCTO,CEO\n".utf8), file: "n.csv")
        #expect(preorderOutline(named) == ["CEO", ".CTO"])
        let managers = try CSVReader(idColumn: "employee", parentColumn: "manager").read(Array("employee,manager\nAda,Grace\nLin,Grace\n".utf8), file: "m.csv")
        #expect(preorderOutline(managers) == ["Grace", ".Ada", ".Lin"])
        // An org chart's columns are known by name (`employee,manager`, `Name,Reports_To`).
        let org = try CSVReader().read(Array("Employee,Manager\nAda,Grace\nLin,Grace\n".utf8), file: "m.csv")
        #expect(preorderOutline(org) == ["Grace", ".Ada", ".Lin"])
        let reports = try CSVReader().read(Array("Name,Reports_To\nGrace,\nAda,Grace\n".utf8), file: "r.csv")
        #expect(preorderOutline(reports) == ["Grace", ".Ada"])
        // An edge list's repeated child is one node with several parents, as in any table.
        let shared = try CSVReader().read(Array("parent,child\nr,a\nr,b\na,s\nb,s\n".utf8), file: "s.csv")
        #expect(shared.additionalParents.count == 1)
        // With a root row, a parent no row has is an error (a misspelt id), not a new root.
        #expect(readError(CSVReader(), "parent,child\n,r\nr,a\nq,b\n", file: "t.csv") == "t.csv:4:1: parent 'q' is not the id of any row")
        #expect(readError(CSVReader(), "parent,child\na\u{7},b\n", file: "t.csv") == "t.csv:2:1: control character U+0007 in a label")
        #expect(readError(CSVReader(), "parent,child\na,b\nb,a\n", file: "t.csv")?.contains("the table has a cycle") == true)
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

/// Tables on standard input: recognised by their header, or refused rather than drawn as an outline.
@Suite struct TableSniffingTests {
    func sniff(_ text: String, options: ReaderOptions = ReaderOptions()) throws(ReadError) -> InputFormat {
        try InputFormat.sniff(Array(text.utf8), file: "<stdin>", options: options)
    }

    @Test func headersNamingIdAndParentAreTables() throws {
        #expect(try sniff("id,parentId,name\nr,,Root\n") == .csv)
        #expect(try sniff("\u{FEFF}\"id\", \"parent\"\r\nr,\r\n") == .csv)
        #expect(try sniff("name\tparent_id\tid\nRoot\t\tr\n") == .tsv)
        #expect(InputFormat.sniff(Array("id,parent\na,\n".utf8)) == .csv)
        #expect(try sniff("Parent,Child\na,b\n") == .csv)
        #expect(try sniff("source\ttarget\na\tb\n") == .tsv)
        var options = ReaderOptions()
        options.idColumn = "key"
        options.parentColumn = "up"
        #expect(try sniff("key,up\na,\n", options: options) == .csv)
        #expect(try sniff("key,up\na,\n") == .outline)
    }

    @Test func tablesWithoutSuchHeaderAreRefused() {
        let message = "<stdin>:1: every line has 3 comma-separated fields, as in a table, but the first line names no 'id' and 'parent' columns; "
            + "say --from csv (with --id-column and --parent-column) to read it as a table, or --from outline to draw each line as a node"
        #expect(throws: ReadError.self) { try sniff("node,up,size\na,,1\nb,a,2\n") }
        do { _ = try sniff("node,up,size\na,,1\n\nb,a,\"2,5\"\n"); Issue.record("read") } catch { #expect(error.description == message) }
        do { _ = try sniff("node\tup\na\t\n"); Issue.record("read") } catch { #expect(error.description.hasPrefix("<stdin>:1: every line has 2 tab-separated fields")) }
    }

    /// A drawing's own SVG, an HTML page or XML given as input is refused, not drawn as lines.
    @Test func markupIsRefused() throws {
        for (text, kind) in [("<?xml version=\"1.0\"?>\n<svg>\n", "SVG"), ("<?xml version=\"1.0\"?>\n<a/>\n", "XML"), ("\u{FEFF}\n <svg xmlns=\"x\">\n</svg>\n", "SVG"),
                             ("<!DOCTYPE html>\n<html>\n", "HTML"), ("<HTML>\n", "HTML")] {
            do { _ = try sniff(text); Issue.record("read \(kind)") } catch {
                #expect(error.description.hasPrefix("<stdin>:1:1: this is \(kind), not a hierarchy"), "\(error.description)")
            }
        }
        #expect(try sniff("<root>\n  <child>\n") == .outline)
        #expect(try sniff("<svgs>\n  a.svg\n") == .outline)  // the tag's whole name, not a word starting so
        #expect(try sniff("<htmlish>\n") == .outline)
        // TOML and INI (a pyproject.toml, a systemd unit, a .desktop file) were one level of raw lines.
        for text in ["[project]\nname = 'x'\n\n[project.scripts]\nrun = 'x:main'\n", "# unit\n[Unit]\nDescription=a\n[Install]\nWantedBy=b\n",
                     "[Desktop Entry]\nName[de]=Rechner\n", "[[package]]\nname = \"a\"\n", "[core]\nbare: false\n"] {
            do { _ = try sniff(text); Issue.record("read \(text)") } catch {
                #expect(error.description.hasPrefix("<stdin>:1:1: this is TOML or INI"), "\(error.description)")
            }
        }
        #expect(throws: ReadError.self) { try InputFormat.refuseMarkup(Array("a\n  b\n".utf8), file: "pyproject.toml") }
        // Keys under their sections (git's config), or lines that are no keys, stay an outline.
        #expect(try sniff("[core]\n\tbare = false\n") == .outline)
        #expect(try sniff("[Draft]\n- point one\n") == .outline)
        #expect(try sniff("[TODO] plan\nwrite = tests\n") == .outline)
        #expect(try sniff("a = 1\n[b]\n") == .outline)
        // Cargo.lock: keys before the first section, arrays over several lines; a BOM.
        let lock = "# This file is automatically @generated by Cargo.\nversion = 3\n\n[[package]]\nname = \"a\"\ndependencies = [\n \"memchr\",\n \"b\",\n]\n\n[[package]]\nname = \"b\"\n"
        for text in [lock, "\u{FEFF}[Unit]\nDescription=x\n", "[tool]\ndoc = \"\"\"\n  indented\n\"\"\"\nx = 1\n"] {
            do { _ = try sniff(text); Issue.record("read \(text)") } catch {
                #expect(error.description.hasPrefix("<stdin>:1:1: this is TOML or INI"), "\(error.description)")
            }
        }
        #expect(throws: ReadError.self) { try InputFormat.refuseMarkup(Array("a\n  b\n".utf8), file: "rust/Cargo.lock") }
    }

    @Test func outlinesWithCommasAreStillOutlines() throws {
        #expect(try sniff("Smith, John\nDoe, Jane\n") == .outline)                   // one comma a line
        #expect(try sniff("a, b, c\n  d, e, f\n") == .outline)                        // two levels
        #expect(try sniff("a, b, c\nd, e\n") == .outline)                              // unequal
        #expect(try sniff("only, one, line\n") == .outline)
        #expect(try sniff("{\"name\": \"a,b,c\"}") == .json)
    }
}

/// One tree with unnamed inner nodes (a phylogeny's shape) and padded labels, written in each
/// structured format, reads to the same tree.
@Suite struct UnnamedNodesInEveryFormatTests {
    @Test func everyStructuredFormatAgrees() throws {
        let files: [(InputFormat, String)] = [
            (.json, #"{"name": "", "children": [{"name": "", "children": [{"name": " A "}, {"name": "B"}]}, {"name": "C "}]}"#),
            (.yaml, "\"\":\n  \"\":\n    - \" A \"\n    - B\n  \"C \": ~\n"),
            (.csv, "id,parent,label\n1,,\n2,1,\n3,2, A \n4,2,B\n5,1,C \n"),
            (.tsv, "id\tparent\tlabel\n1\t\t\n2\t1\t\n3\t2\t A \n4\t2\tB\n5\t1\tC \n"),
            (.dot, "digraph { n1 [label=\"\"]; n2 [label=\"\"]; n3 [label=\" A \"]; B; n5 [label=\"C \"]; n1 -> n2 -> n3; n2 -> B; n1 -> n5 }"),
        ]
        for (format, text) in files {
            let tree = try format.reader.read(Array(text.utf8), file: "t")
            #expect(preorderOutline(tree) == ["", ".", "..A", "..B", ".C"], "\(format)")
        }
    }
}
