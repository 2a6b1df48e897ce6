import Foundation
import Testing
import TestSupport

@Suite struct RenderCommandTests {
    @Test func rendersTheTalkSampleToEachFormatByExtension() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        for (name, golden) in [("talk.svg", "talk.svg"), ("talk.dot", "talk.dot"), ("talk.json", "talk.layout.json")] {
            let result = try Executable.run(["render", RepositoryPaths.samples + "/talk.txt", "-o", dir + "/" + name])
            #expect(result.status == 0, "\(result.stderr)")
            try Golden.expect(fileAt: dir + "/" + name, matches: golden)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["talk.dot", "talk.json", "talk.svg"])
    }

    @Test func readsStandardInputAndSniffsJSON() throws {
        let result = try Executable.run(["-", "--format", "json"], stdin: #"{"name": "only"}"#)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""label":"only""#))
        #expect(result.stdout.hasPrefix(#"{"contentSize":{"#))
        #expect(result.stdout.contains(#""font":{"family":"DejaVu Sans","file":""#))
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let first = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json"])
        let second = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json"])
        #expect(first.status == 0 && first.stdout == second.stdout && !first.stdout.isEmpty)
    }

    @Test func layoutOptionsChangeTheGeometry() throws {
        let result = try Executable.run(["-", "--format", "json", "--sizing", "fixed", "--node-size", "100x30", "--item-padding", "10",
                                         "--section-padding", "50", "--section-margin", "5"], stdin: "a\n  b\n  c\n")
        #expect(result.status == 0)
        // Columns at 5 and 5 + 100 + 50 = 155; items at 5 and 5 + 30 + 10 = 45.
        #expect(result.stdout.contains(#""indexPath":[1,1],"category":"cell","kind":null,"frame":{"x":155,"y":45,"width":100,"height":30}"#))
        #expect(result.stdout.hasPrefix(#"{"contentSize":{"width":260,"height":80}"#))
    }

    @Test func nodesFitTheirLabelsWithPaddingAndMinimumSize() throws {
        // "Root" is 31.72 px wide in DejaVu Sans 14 px; one line is 16.30 px high.
        // Box: 31.72 + 2 * 12 = 55.72 → 56 wide (rounded up), 16.30 + 2 * 8 = 32.30 → 33 high;
        // at the section margin (20) and half the item padding (8).
        let fitted = try Executable.run(["-", "--format", "json"], stdin: "Root\n")
        #expect(fitted.stdout.contains(#""frame":{"x":20,"y":8,"width":56,"height":33}"#))
        // Padding 0 and a 100x50 minimum: the minimum wins.
        let minimum = try Executable.run(["-", "--format", "json", "--node-padding", "0", "--min-node-size", "100x50"], stdin: "Root\n")
        #expect(minimum.stdout.contains(#""frame":{"x":20,"y":8,"width":100,"height":50}"#))
        let wrapped = try Executable.run(["-", "--format", "json", "--max-label-width", "60"], stdin: "one two three four\n")
        #expect(wrapped.stdout.contains(#""lines":["#))
    }

    @Test func viewportPassesGiveTheSameDrawing() throws {
        let whole = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json", "--format", "json"])
        let scrolled = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json", "--format", "json", "--viewport", "200x150"])
        #expect(whole.status == 0 && scrolled.status == 0)
        #expect(whole.stdout == scrolled.stdout)
    }

    @Test func embeddedFontIsASubset() throws {
        let plain = try Executable.run(["-"], stdin: "Root\n  日本\n")
        let embedded = try Executable.run(["-", "--embed-font"], stdin: "Root\n  日本\n")
        #expect(embedded.status == 0)
        #expect(embedded.stdout.components(separatedBy: "@font-face").count == 3, "DejaVu Sans and a CJK fallback")
        // A subset of a few glyphs, not the whole 700 kB DejaVu Sans.
        #expect(embedded.stdout.utf8.count - plain.stdout.utf8.count < 60_000)
        #expect(embedded.stdout.contains("font-family:'Schematic 0 DejaVu Sans','Schematic 1 "))
        // Each is standard, padded base64 of a TrueType file (Foundation decodes it here).
        for payload in embedded.stdout.components(separatedBy: "base64,").dropFirst() {
            let encoded = String(payload.prefix { $0 != ")" })
            let font = try #require(Data(base64Encoded: encoded), "not base64: \(encoded.prefix(40))")
            #expect(Array(font.prefix(4)) == [0, 1, 0, 0], "not a TrueType file")
        }
    }

    @Test(arguments: [
        ("bad.txt", "Root\n    A\n  B\n", "bad.txt:3:3: inconsistent indentation: this line is indented 2, which matches no enclosing line: indent it 0, as the enclosing line, or 4, as its children"),
        ("bad.json", "{\"name\": \"a\", \"children\": [{\"id\": 1}]}", "bad.json:1:28: node has no \"name\" (its keys: \"id\"; say which key holds the label with --name-key)"),
        ("bad.json", "{\"name\": \"a\",, }", "bad.json:1:14: expected a key after ','"),
        ("empty.txt", "", "empty.txt: no nodes: the input is empty"),
        ("mixed.txt", "R\n\tA\n    B\n", "mixed.txt:3:5: indented with spaces, but earlier lines use tabs"),
    ])
    func badInputFailsWithLocationAndWritesNothing(name: String, content: String, message: String) throws {
        let dir = try makeScratchDirectory("schematic-cli")
        try writeText(content, to: dir + "/" + name)
        try writeText("previous", to: dir + "/out.svg")
        let result = try Executable.run(["render", name, "-o", "out.svg"], in: dir)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: dir + "/out.svg", encoding: .utf8) == "previous", "output untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [name, "out.svg"].sorted(), "no temporary file left")
    }

    @Test func missingInputIsStatus66AndBadUsage64() throws {
        let missing = try Executable.run(["render", "/nonexistent/tree.txt"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "schematic: /nonexistent/tree.txt: cannot open: No such file or directory\n")
        // --wrap's N is told as a number, not listed as a literal 'N' among the choices.
        let wrapZero = try Executable.run(["-", "--wrap", "0"], stdin: "a\n")
        #expect(wrapZero.status == 64 && wrapZero.stderr.contains("'0' is invalid for '--wrap <auto|off|N>': give auto, off, or N")
                && wrapZero.stderr.contains("a whole number of 1 or more") && !wrapZero.stderr.contains("'N'"), "\(wrapZero.stderr)")
        for arguments in [["-", "--node-size", "0x40"], ["-", "--format", "nonsense"], ["-", "--item-padding", "-1"], []] {
            let usage = try Executable.run(arguments, stdin: "a\n")
            #expect(usage.status == 64, "\(arguments)")
        }
    }

    @Test func diffDescribesTheAnimationBetweenTwoFiles() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        try writeText("Root\n  A\n  B\n", to: dir + "/old.txt")
        try writeText("Root\n  A\n  A2\n", to: dir + "/new.txt")
        let result = try Executable.run(["diff", "old.txt", "new.txt", "-o", "diff.json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/diff.json"))) as? [String: Any]
        let summary = try #require(json?["summary"] as? [String: Int])
        // A moves (its column widens for A2), B becomes A2 (relabelled); Root stays.
        #expect(summary["unchanged"] == 1 && summary["updated"] == 2 && summary["inserted"] == 0 && summary["relabelled"] == 1)
        let broken = try Executable.run(["diff", "old.txt", "missing.txt"], in: dir)
        #expect(broken.status == 66)
    }

    @Test func graphvizRendersOurLayoutToPNGAndPDF() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        let png = try Executable.run(["render", RepositoryPaths.samples + "/talk.txt", "-o", "talk.png"], in: dir)
        #expect(png.status == 0, "\(png.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/talk.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // 72 dpi: one layout unit is one pixel, so the PNG has the SVG's size.
        let svg = try String(contentsOfFile: RepositoryPaths.samples + "/talk.svg", encoding: .utf8)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(svg.contains("width=\"\(width)\" height=\"\(height)\""))
        let pdf = try Executable.run(["render", RepositoryPaths.samples + "/talk.txt", "--format", "pdf"])
        #expect(pdf.status == 0 && pdf.stdout.hasPrefix("%PDF"))
        let unknown = try Executable.run(["render", RepositoryPaths.samples + "/talk.txt", "--format", "gv:nope", "-o", "x.bin"], in: dir)
        #expect(unknown.status == 69 && unknown.stderr.contains("cannot render 'nope'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["talk.png"])
    }

    @Test func readsDOT() throws {
        let result = try Executable.run(["-", "--format", "json", "--sizing", "fixed"],
                                        stdin: "digraph { r [label=\"Root\", type=critical]; r -> b; r -> a; }")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""label":"Root","type":"critical""#))
        let labels = result.stdout.components(separatedBy: #""label":""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(labels == ["Root", "b", "a"], "children in edge order")
        let cycle = try Executable.run(["-", "--extra-parents", "keep"], stdin: "digraph { a -> b; b -> c; c -> a; x -> a }")
        #expect(cycle.status == 65 && cycle.stderr == "<stdin>:1:29: the graph has a cycle, which a tree cannot hold: 'a' -> 'b' -> 'c' -> 'a' (leave out one of its edges, or draw it from its first node: --extra-parents auto)\n")
        let syntax = try Executable.run(["-", "--from", "dot"], stdin: "digraph {\n a -> b\n ] }")
        #expect(syntax.status == 65 && syntax.stderr == "<stdin>:3:2: syntax error near ']'\n")
    }

    @Test func everyInputFormatFromTheCommandLine() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        try writeText("id;up;title\n", to: dir + "/unused.txt")
        try writeText("key,up,title\nr,,Root\nc,r,Child\n", to: dir + "/table.csv")
        let csv = try Executable.run(["table.csv", "--id-column", "key", "--parent-column", "up", "--label-column", "title",
                                      "--format", "json", "--sizing", "fixed"], in: dir)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains(#""label":"Child""#))
        let badColumn = try Executable.run(["table.csv", "--id-column", "nope"], in: dir)
        #expect(badColumn.status == 65 && badColumn.stderr.hasPrefix("table.csv:1:1: no column named 'nope'"))

        let json = try Executable.run(["-", "--from", "json", "--name-key", "title", "--children-key", "items", "--format", "json"],
                                      stdin: #"{"title": "T", "items": [{"title": "U"}]}"#)
        #expect(json.status == 0 && json.stdout.contains(#""label":"U""#))

        let yaml = try Executable.run(["-", "--from", "yaml", "--format", "json"], stdin: "Root:\n  - a\n  - b\n")
        #expect(yaml.status == 0 && yaml.stdout.contains(#""label":"b""#))

        let markdown = try Executable.run(["-", "--format", "json"], stdin: "# Title\n- item\n")
        #expect(markdown.status == 0 && markdown.stdout.contains(#""label":"item""#), "sniffed as Markdown")

        try FileManager.default.createDirectory(atPath: dir + "/tree/sub", withIntermediateDirectories: true)
        try writeText("x", to: dir + "/tree/sub/file.txt")
        try writeText("x", to: dir + "/tree/.hidden")
        let walked = try Executable.run(["tree", "--format", "json", "--max-depth", "1"], in: dir)
        #expect(walked.status == 0 && walked.stdout.contains(#""label":"sub/""#) && !walked.stdout.contains("file.txt") && !walked.stdout.contains(".hidden"))
        let hidden = try Executable.run(["tree", "--format", "json", "--hidden", "--exclude", "sub"], in: dir)
        #expect(hidden.stdout.contains(".hidden") && !hidden.stdout.contains(#""label":"sub/""#))
        // Any other input is cut at --max-depth too; --exclude and --hidden say they choose a directory's entries.
        let cut = try Executable.run(["-", "--format", "json", "--max-depth", "1", "--exclude", "b*"], stdin: "a\n  b\n    c\n")
        #expect(cut.status == 0 && cut.stdout.contains(#""label":"b""#) && !cut.stdout.contains(#""label":"c""#))
        #expect(cut.stderr.contains("<stdin>: --exclude and --hidden choose a directory's entries; this input is a file, read whole"))
    }

    /// A long label (a JSON description of 3,000 characters) is drawn in at most 12 lines, the
    /// last ending with "…", keeps its whole text as the node's tooltip, and is warned of.
    @Test func aLongLabelIsShortenedWithItsTextAsTooltip() throws {
        let long = (0..<300).map { "word\($0)" }.joined(separator: " ")
        let result = try Executable.run(["-", "--from", "json", "-o", "-"], stdin: #"{"name": "root", "children": [{"name": "\#(long)"}]}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<title>\(long)</title>"))
        let height = try #require(result.stdout.firstMatch(of: #/viewBox="0 0 [0-9.]+ ([0-9.]+)"/#).flatMap { Double($0.output.1) })
        #expect(height < 300, "height \(height)")
        #expect(result.stdout.contains("…</tspan>") || result.stdout.contains("…</text>"))
        // Said once, with the label's beginning.
        #expect(result.stderr.contains("a label longer than 12 lines drawn shortened with \"…\" (the first: \"word0 word1 word2"), "\(result.stderr)")
        let short = try Executable.run(["-", "-o", "-"], stdin: "root\n  child\n")
        #expect(!short.stdout.contains("<title>") && short.stderr.isEmpty)
        // Twelve lines of its own that end in "…" are not cut.
        let twelve = (1...11).map { "line \($0)" }.joined(separator: "\\n") + "\\nand so on…"
        let whole = try Executable.run(["-", "--from", "json", "-o", "-"], stdin: #"{"name": "root", "children": [{"name": "\#(twelve)"}]}"#)
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
    }

    /// A drawing too large to follow is warned of, with the page as a tip; not where the page
    /// alone is written (it pans and zooms).
    @Test func aLargeDrawingIsWarnedOfWithTipsThatApply() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        let fan = "root\n" + (0..<800).map { "  leaf \($0)\n" }.joined()
        let svg = try Executable.run(["-", "--wrap", "off", "-o", "fan.svg"], stdin: fan, in: dir)
        #expect(svg.status == 0 && svg.stderr.contains("more than 20000 px tall: show fewer levels (--max-depth N) or wrap wide fans (--wrap auto) or write the HTML page"))
        // Wrapping is no tip where it is on: a chain of 600 levels has no fan to wrap.
        let chain = (0..<600).map { String(repeating: " ", count: $0) + "n\($0)\n" }.joined()
        let deep = try Executable.run(["-", "--orientation", "tb", "-o", "chain.svg"], stdin: chain, in: dir)
        #expect(deep.status == 0 && deep.stderr.contains("more than 20000 px tall: show fewer levels (--max-depth N) or write the HTML page"), "\(deep.stderr)")
        let page = try Executable.run(["-", "--wrap", "off", "-o", "fan.html"], stdin: fan, in: dir)
        #expect(page.status == 0 && !page.stderr.contains("more than 20000"), "\(page.stderr)")
        // Written beside another format, the warning stands, without the page as a tip.
        try writeText(fan, to: dir + "/fan.txt")
        let both = try Executable.run(["fan.txt", "--wrap", "off", "--format", "html", "--format", "svg", "-o", "out/"], in: dir)
        #expect(both.status == 0 && both.stderr.contains("show fewer levels (--max-depth N) or wrap wide fans (--wrap auto)\n") && !both.stderr.contains("HTML page"), "\(both.stderr)")
        // A PDF page beyond what viewers show is written, with a warning; a small one is not.
        let pdf = try Executable.run(["-", "--wrap", "off", "-q", "-o", "fan.pdf"], stdin: fan, in: dir)
        #expect(pdf.status == 0 && pdf.stderr.isEmpty, "quiet: \(pdf.stderr)")
        let loudPDF = try Executable.run(["-", "--wrap", "off", "-o", "fan.pdf"], stdin: fan, in: dir)
        #expect(loudPDF.status == 0 && loudPDF.stderr.contains("fan.pdf: the page is ") && loudPDF.stderr.contains("beyond the 14,400 pt"), "\(loudPDF.stderr)")
        let smallPDF = try Executable.run(["-", "-o", "small.pdf"], stdin: "root\n  a\n", in: dir)
        #expect(smallPDF.status == 0 && smallPDF.stderr.isEmpty, "\(smallPDF.stderr)")
        // A page that opens collapsed shows the folded drawing first: no warning of its full size.
        let folded = try Executable.run(["-", "--wrap", "off", "--collapse-depth", "0", "-o", "fan.html"], stdin: fan, in: dir)
        #expect(folded.status == 0 && !folded.stderr.contains("more than 20000"), "\(folded.stderr)")
        // A flat list of lines wraps as a fan does; unwrapped it has no level to cut, and wrapping as the tip.
        let lines = (0..<800).map { "line \($0)\n" }.joined()
        let list = try Executable.run(["-", "-o", "list.svg"], stdin: lines, in: dir)
        #expect(list.status == 0 && list.stderr.isEmpty)
        let column = try Executable.run(["-", "--wrap", "off", "-o", "list.svg"], stdin: lines, in: dir)
        #expect(column.status == 0 && column.stderr.hasSuffix("px, more than 20000 px tall: wrap wide fans (--wrap auto)\n"), "\(column.stderr)")
    }

    /// A drawing far wider than tall (a deep chain left to right) is warned of, with the other
    /// orientation as a tip; a tall one (it scrolls) and a small one (it fits) are not.
    @Test func anElongatedDrawingIsWarnedOf() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        let chain = (0..<40).map { String(repeating: " ", count: $0 * 2) + "level \($0)\n" }.joined()
        let wide = try Executable.run(["-", "-o", "chain.svg"], stdin: chain, in: dir)
        #expect(wide.status == 0 && wide.stderr.contains(":1); fitted to a page 1000 px wide its labels are ")
                && wide.stderr.hasSuffix("px; try --orientation tb\n"), "\(wide.stderr)")
        let tall = try Executable.run(["-", "--orientation", "tb", "-o", "chain.svg"], stdin: chain, in: dir)
        // Tall, it scrolls down a page: no warning.
        #expect(tall.status == 0 && tall.stderr.isEmpty, "\(tall.stderr)")
        let short = (0..<5).map { String(repeating: " ", count: $0 * 2) + "level \($0)\n" }.joined()
        let small = try Executable.run(["-", "-o", "short.svg"], stdin: short, in: dir)
        #expect(small.status == 0 && small.stderr.isEmpty, "\(small.stderr)")
    }

    @Test func batchRendersManyInputsAndFormatsListingEveryFailure() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        try writeText("a\n  b\n", to: dir + "/one.txt")
        try writeText("{\"name\": \"x\"}", to: dir + "/two.json")
        try writeText("bad\n    x\n  y\n", to: dir + "/bad.txt")
        let result = try Executable.run(["render", "one.txt", "two.json", "bad.txt", "missing.txt", "-o", "out/",
                                         "--format", "svg", "--format", "json"], in: dir)
        #expect(result.status == 65, "the first failure in input order")
        #expect(result.stderr.contains("bad.txt:3:3: inconsistent indentation"))
        #expect(result.stderr.contains("missing.txt: cannot open"))
        #expect(result.stderr.hasSuffix("schematic: 2 of 4 inputs failed\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["one.json", "one.svg", "two.json", "two.svg"])
        // Byte-identical on a second run.
        let first = try String(contentsOfFile: dir + "/out/one.svg", encoding: .utf8)
        _ = try Executable.run(["render", "one.txt", "-o", "out/"], in: dir)
        #expect(try String(contentsOfFile: dir + "/out/one.svg", encoding: .utf8) == first)
        let deps = try Executable.run(["render", "one.txt", "two.json", "-o", "out/", "-M"], in: dir)
        #expect(deps.stdout == "out/one.svg: one.txt\nout/two.svg: two.json\n")
        // Printed to the terminal, a drawing has no file for a rule to name.
        let noTarget = try Executable.run(["render", "one.txt", "-M"], in: dir)
        #expect(noTarget.status == 64 && noTarget.stderr.contains("-M needs an output file (-o)"), "\(noTarget.stderr)")
        let clobber = try Executable.run(["render", "two.json", "-o", "./", "--format", "json"], in: dir)
        #expect(clobber.status == 64 && clobber.stderr.contains("would overwrite its input"))
        let depsOnInput = try Executable.run(["render", "one.txt", "-o", "one.svg", "--deps-file", "one.txt"], in: dir)
        #expect(depsOnInput.status == 64 && depsOnInput.stderr.hasSuffix("would overwrite its input one.txt; choose another --deps-file\n"),
                "\(depsOnInput.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/one.svg"), "nothing written")
        let usage = try Executable.run(["render", "one.txt", "two.json", "-o", "single.svg"], in: dir)
        #expect(usage.status == 64)
    }

    @Test func markdownBlocksBecomeDrawings() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        try writeText("# Guide\n\nText.\n\n```schematic align=tidy\nRoot\n  A\n```\n\n~~~schematic format=yaml\nX: [y]\n~~~\n\n```swift\nlet x = 1\n```\n", to: dir + "/guide.md")
        let inline = try Executable.run(["markdown", "guide.md"], in: dir)
        #expect(inline.status == 0, "\(inline.stderr)")
        #expect(inline.stdout.components(separatedBy: "<svg xmlns").count == 3)
        #expect(inline.stdout.hasPrefix("# Guide\n\nText.\n\n<svg"))
        #expect(inline.stdout.contains("```swift\nlet x = 1\n```"), "other blocks untouched")
        let linked = try Executable.run(["markdown", "guide.md", "--assets", "img", "-o", "out.md"], in: dir)
        #expect(linked.status == 0)
        #expect(try String(contentsOfFile: dir + "/out.md", encoding: .utf8).contains("![X](img/guide-2.svg)"), "alt text: the tree's title")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/img").sorted() == ["guide-1.svg", "guide-2.svg"])
        try writeText("Intro\n\n```schematic\nRoot\n    A\n  B\n```\n", to: dir + "/bad.md")
        let bad = try Executable.run(["markdown", "bad.md", "-o", "bad.out.md"], in: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("bad.md:6:3: inconsistent indentation"), "block lines are Markdown lines")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.out.md"))
        // A place inside the message is a Markdown place too.
        try writeText("# Doc\n\nText.\n\n```schematic format=newick\n((A,B),C\n```\n", to: dir + "/open.md")
        let open = try Executable.run(["markdown", "open.md", "-o", "open.out.md"], in: dir)
        #expect(open.status == 65 && open.stderr.hasPrefix("open.md:6:9: the input ends before the '(' at open.md:6:1 is closed"), "\(open.stderr)")
    }

    /// The harness: a program that exits without reading its input (a usage error) leaves a
    /// megabyte unwritten; the write fails quietly (SIGPIPE ended the whole test run once).
    @Test func aProgramThatReadsNoInputDoesNotEndTheRun() throws {
        let result = try Executable.run(["render", "-", "--no-such-option"], stdin: String(repeating: "node\n", count: 200_000))
        #expect(result.status == 64)
    }

    /// A dependency graph with a cycle is drawn by default and with `drop`, saying so (it was
    /// refused unless asked); `keep` refuses it. `drop` also leaves out the additional parents
    /// `auto` draws dashed.
    @Test func aCycleOfParentsIsDrawnUnlessKeepRefusesIt() throws {
        let graph = "from,to\nperl,perl-modules\nperl-modules,perl\nroot,perl\nroot,tools\ntools,perl\n"
        let refused = try Executable.run(["render", "-", "--from", "csv", "--extra-parents", "keep"], stdin: graph)
        #expect(refused.status == 65 && refused.stderr.contains("the table has a cycle"), "\(refused.stderr)")
        for mode in [[], ["--extra-parents", "drop"]] {
            let drawn = try Executable.run(["render", "-", "--from", "csv", "--format", "json"] + mode, stdin: graph)
            #expect(drawn.status == 0 && drawn.stdout.contains(#""label":"perl""#) && drawn.stdout.contains(#""label":"perl-modules""#))
            #expect(drawn.stderr.contains("a cycle of parents, 'perl-modules' -> 'perl' -> 'perl-modules', is drawn from 'perl-modules'"),
                    "\(drawn.stderr)")
            // auto hangs perl under its deepest parent, tools, and draws its edges from root and
            // perl-modules dashed: four connectors; drop, two.
            let connectors = drawn.stdout.components(separatedBy: #""kind":"connector""#).count - 1
            #expect(mode.isEmpty ? connectors == 4 : connectors == 2 && drawn.stderr.contains("left out 2 additional parent edges"),
                    "\(connectors) \(drawn.stderr)")
            // The cycle is named once, by the reader, not again among the edges left out.
            #expect(!drawn.stderr.contains("perl → perl-modules"), "\(drawn.stderr)")
        }
    }

    @Test func markdownToOneHTMLPageWithInk() throws {
        let result = try Executable.run(["markdown", "-", "--html"], stdin: "# Title\n\nText with *emphasis*.\n\n```schematic\nRoot\n  A\n```\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains("<h1>Title</h1>") && result.stdout.contains("<em>emphasis</em>"))
        #expect(result.stdout.components(separatedBy: "<svg xmlns").count == 2)
    }

    /// Each drawing is a block of its own (adjacent inline `<svg>`s drew side by side), and one
    /// in a list item stays in the item (Ink ended the list there and began another after it).
    @Test func markdownHTMLKeepsDrawingsInTheirBlocks() throws {
        let page = "Intro.\n\n```schematic\nA\n  B\n```\n\n```schematic\nC\n  D\n```\n\n- one\n\n  ```schematic\n  E\n    F\n  ```\n\n- two\n"
        let result = try Executable.run(["markdown", "-", "--html"], stdin: page)
        #expect(result.status == 0, "\(result.stderr)")
        let body = result.stdout.replacing(/<svg.*?<\/svg>/.dotMatchesNewlines(), with: "[SVG]")
        #expect(body.contains("<p>Intro.</p><div class=\"schematic-drawing\">[SVG]</div><div class=\"schematic-drawing\">[SVG]</div>"
                              + "<ul><li>one<div class=\"schematic-drawing\">[SVG]</div></li><li>two</li></ul>"), "\(body)")
    }

    @Test func interactiveHTMLIsOneSelfContainedPage() throws {
        let result = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json", "--format", "html"])
        #expect(result.status == 0)
        let page = result.stdout
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<canvas id=\"schematic-canvas\">") && page.contains("id=\"schematic-data\"") && page.contains("id=\"schematic-search\""))
        #expect(!page.contains("http://") || page.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") },
                "no network: only the SVG namespace")
        #expect(page.components(separatedBy: "tabindex=\"0\"").count - 1 == 1, "the view reachable by keyboard (keys pan, zoom and collapse)")
        // --collapse-depth reaches the page; a negative depth is refused.
        let collapsed = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json", "--format", "html", "--collapse-depth", "1"])
        #expect(collapsed.status == 0 && collapsed.stdout.contains("\"collapseDepth\":1,"))
        let negative = try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json", "--format", "html", "--collapse-depth=-1"])
        #expect(negative.status == 64 && negative.stderr.contains("--collapse-depth must be 0 or more"))
    }

    /// An option that does nothing for the output, or a name that contradicts --format, is said.
    @Test func optionsTheOutputIgnoresAreNamed() throws {
        let dir = try makeScratchDirectory("schematic-warnings")
        let collapse = try Executable.run(["-", "--collapse-depth", "1", "-o", dir + "/a.svg"], stdin: "a\n  b\n")
        #expect(collapse.status == 0 && collapse.stderr == "schematic: warning: --collapse-depth sets how deep the HTML page opens (--format html); svg draws every node\n")
        let page = try Executable.run(["-", "--collapse-depth", "1", "-o", dir + "/a.html"], stdin: "a\n  b\n")
        #expect(page.status == 0 && page.stderr.isEmpty)
        let named = try Executable.run(["-", "-T", "html", "-o", dir + "/b.svg"], stdin: "a\n")
        #expect(named.status == 0 && named.stderr == "schematic: warning: \(dir)/b.svg: writing html as --format says, though the name says svg\n")
        #expect(try Executable.run(["-", "-T", "html", "-o", dir + "/b.svg", "--quiet"], stdin: "a\n").stderr.isEmpty)
        // Graphviz's own writer of the name's format is no contradiction.
        #expect(try Executable.run(["-", "-T", "gv:svg", "-o", dir + "/c.svg"], stdin: "a\n").stderr.isEmpty)
        // Options of another output format, and reader options of another input format.
        let dotMode = try Executable.run(["-", "--dot-mode", "layout", "-o", dir + "/d.svg"], stdin: "a\n")
        #expect(dotMode.status == 0 && dotMode.stderr == "schematic: warning: --dot-mode chooses what DOT output holds (--format dot); svg is not DOT\n")
        #expect(try Executable.run(["-", "--dot-mode", "layout", "-o", dir + "/d.dot"], stdin: "a\n").stderr.isEmpty)
        let embed = try Executable.run(["-", "--embed-font", "-T", "json", "-o", dir + "/e.json"], stdin: "a\n")
        #expect(embed.status == 0 && embed.stderr == "schematic: warning: --embed-font embeds fonts in SVG output; json does not take them\n")
        let keys = try Executable.run(["-", "--name-key", "title", "--type-key", "kind", "-o", dir + "/f.svg"], stdin: "a\n  b\n")
        #expect(keys.status == 0 && keys.stderr == "schematic: warning: <stdin>: --name-key, --type-key name keys of JSON and YAML nodes; "
                + "this input is read as outline (--from json or yaml reads it so)\n", "\(keys.stderr)")
        #expect(try Executable.run(["-", "--name-key", "title", "-o", dir + "/f.svg"], stdin: #"{"title": "a"}"#).stderr.isEmpty)
        try FileManager.default.createDirectory(atPath: dir + "/tree", withIntermediateDirectories: true)
        let columns = try Executable.run(["tree", "--parent-column", "boss", "-o", "g.svg"], in: dir)
        #expect(columns.status == 0 && columns.stderr == "schematic: warning: tree: --parent-column names columns of CSV and TSV tables; this input is a directory\n",
                "\(columns.stderr)")
        #expect(try Executable.run(["-", "--parent-column", "boss", "-o", dir + "/h.svg"], stdin: "id,boss\na,\nb,a\n").stderr.isEmpty)
    }

    @Test func unwritableOutputIsReported() throws {
        let result = try Executable.run(["-", "-o", "/nonexistent-dir/out.svg"], stdin: "a\n")
        #expect(result.status == 73)
        #expect(result.stderr == "schematic: /nonexistent-dir/out.svg: cannot create: no folder /nonexistent-dir\n")
        // A file that exists where no file can be made beside it (procfs) says so, not "no such file".
        let proc = try Executable.run(["-", "-o", "/proc/version"], stdin: "a\n")
        #expect(proc.status == 73 && proc.stderr.hasPrefix("schematic: /proc/version: cannot replace it: no file can be made in /proc ("))
    }
}

@Suite struct MessageEscapingTests {
    @Test func errorMessagesNeverPassEscapeSequencesToTheTerminal() throws {
        let result = try Executable.run(["render", "/nonexistent/\u{1B}]0;pwned\u{7}\u{1B}[2J.txt"])
        #expect(result.status == 66)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.contains("\\e]0;pwned\\u{7}\\e[2J.txt"))
    }

    @Test func readErrorsQuotingInputAreEscapedToo() throws {
        let result = try Executable.run(["render", "-", "--from", "dot"], stdin: "digraph { \"\u{1B}[31m\" -> b -> \"\u{1B}[31m\" }")
        #expect(result.status == 65)
        #expect(!result.stderr.contains("\u{1B}") && result.stderr.contains("\\e[31m"), "\(result.stderr)")
    }
}
