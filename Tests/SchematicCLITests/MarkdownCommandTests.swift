import Foundation
import Testing
import TestSupport

/// `schematic markdown`: asset links, scoped styles, fence settings, alt and caption, `src` (read
/// as `render` reads its input), warnings as `render` gives them, and
/// `--html` with and without `--safe`.
@Suite struct MarkdownCommandTests {
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The root `<svg>` tags' ids and each drawing's style rules, in document order.
    func drawings(_ page: String) -> [(id: String?, rules: [String])] {
        page.components(separatedBy: "<svg xmlns").dropFirst().map { drawing in
            let tag = drawing.prefix { $0 != ">" }
            let id = tag.range(of: " id=\"").map { String(tag[$0.upperBound...].prefix { $0 != "\"" }) }
            let style = drawing.components(separatedBy: "<style>\n").dropFirst().first?.components(separatedBy: "</style>").first ?? ""
            return (id, style.split(separator: "\n").map(String.init))
        }
    }

    static let tree = "Root\n  Alpha\n  Beta\n"

    @Test func assetLinksAreRelativeToTheOutputFile() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("# Guide\n\n```schematic\n\(Self.tree)```\n", to: dir + "/docs/guide.md")
        let site = try Executable.run(["markdown", "docs/guide.md", "--assets", "site/img", "-o", "site/guide.md"], in: dir)
        #expect(site.status == 0, "\(site.stderr)")
        #expect(try read(dir + "/site/guide.md").contains("(img/guide-1.svg)"), "a link that works from site/")
        #expect(FileManager.default.fileExists(atPath: dir + "/site/img/guide-1.svg"))
        try FileManager.default.createDirectory(atPath: dir + "/out/deep", withIntermediateDirectories: true)
        let deep = try Executable.run(["markdown", "docs/guide.md", "--assets", "img/", "-o", "out/deep/guide.md"], in: dir)
        #expect(deep.status == 0, "\(deep.stderr)")
        #expect(try read(dir + "/out/deep/guide.md").contains("(../../img/guide-1.svg)"))
        let html = try Executable.run(["markdown", "docs/guide.md", "--assets", "site/img", "--html", "-o", "site/guide.html"], in: dir)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(try read(dir + "/site/guide.html").contains("<img src=\"img/guide-1.svg\""))
    }

    /// A block's `name` names its asset file, so that a block added before it leaves its file
    /// and link as they were (numbers shift); unnamed blocks keep their numbers.
    @Test func aNamedBlocksAssetKeepsItsNameWhenBlocksAreAddedBeforeIt() throws {
        let dir = try makeScratchDirectory("schematic-md")
        let named = "```schematic name=services caption=\"Ours\"\n\(Self.tree)```\n"
        try writeText(named + "\n```schematic\n\(Self.tree)```\n", to: dir + "/doc.md")
        let first = try Executable.run(["markdown", "doc.md", "--assets", "img", "-o", "out.md"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/img").sorted() == ["doc-2.svg", "doc.services.svg"])
        let services = try read(dir + "/img/doc.services.svg")
        try writeText("```schematic\nNew\n  Block\n```\n\n" + named, to: dir + "/doc.md")
        let again = try Executable.run(["markdown", "doc.md", "--assets", "img", "--html", "-o", "out.html"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try read(dir + "/out.html").contains("<img src=\"img/doc.services.svg\""))
        #expect(try read(dir + "/img/doc.services.svg") == services)
        #expect(FileManager.default.fileExists(atPath: dir + "/img/doc-1.svg"))
        // The first run's doc-2.svg is no block's now: kept, and named (it would go on being published).
        #expect(again.stderr == "schematic: warning: img/doc-2.svg: left from an earlier run, for blocks doc.md no longer has; "
                + "remove them if nothing links them\n", "\(again.stderr)")
    }

    /// Two documents sharing an assets folder never write the same file: a named file is
    /// `FILE.NAME.svg` and a document's name holds no `.` (`guide.md`'s `b-1` and `guide-b.md`'s
    /// first block were both `guide-b-1.svg`).
    @Test func namedAndNumberedFilesOfTwoDocumentsDiffer() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("```schematic name=b-1\n\(Self.tree)```\n", to: dir + "/guide.md")
        try writeText("```schematic\nOther\n  Tree\n```\n", to: dir + "/guide-b.md")
        for page in ["guide", "guide-b"] {
            let result = try Executable.run(["markdown", page + ".md", "--assets", "shared", "-o", "shared/" + page + ".md"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/shared").sorted()
                == ["guide-b-1.svg", "guide-b.md", "guide.b-1.svg", "guide.md"])
        #expect(try read(dir + "/shared/guide.b-1.svg").contains(">Alpha<"))
    }

    /// A document named with more dots (`index.fr.md`, as translated pages are) has files of its
    /// own: cut at its first dot, it wrote `index-1.svg` over `index.md`'s drawing.
    @Test func translatedPagesHaveTheirOwnFiles() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("```schematic\n\(Self.tree)```\n", to: dir + "/index.md")
        try writeText("```schematic\nRacine\n  Feuille\n```\n", to: dir + "/index.fr.md")
        for page in ["index", "index.fr"] {
            let result = try Executable.run(["markdown", page + ".md", "--assets", "img", "-o", page + ".out.md"], in: dir)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/img").sorted() == ["index-1.svg", "index-fr-1.svg"])
        #expect(try read(dir + "/img/index-1.svg").contains(">Alpha<") && read(dir + "/img/index-fr-1.svg").contains(">Feuille<"))
    }

    /// Text right above or below a fence is its own paragraph: the drawing gets blank lines
    /// around it (else the `<svg>` is no HTML block, or swallows the paragraph after it), also
    /// in a quote; a label's blank line leaves no blank line in it; CRLF files are read and kept.
    @Test func drawingsStandApartFromTheTextAroundThem() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("Here is the tree:\n```schematic\n\(Self.tree)```\nThis *paragraph* follows.\n\n"
                      + "> Quoted:\n> ```schematic\n> A\n>   B\n> ```\n> After.\n\n"
                      + "```schematic format=json\n{\"name\": \"Root\\n\\nsecond\", \"children\": [{\"name\": \"x\\n \\ny\"}]}\n```\n",
                      to: dir + "/touch.md")
        let result = try Executable.run(["markdown", "touch.md"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let page = result.stdout
        #expect(page.hasPrefix("Here is the tree:\n\n<svg"))
        #expect(page.contains("</svg>\n\nThis *paragraph* follows.\n"))
        #expect(page.contains("> Quoted:\n>\n> <svg") && page.contains("</svg>\n>\n> After.\n"))
        // From each `<svg` to its `</svg>`, no blank or white-space line (quote markers aside).
        var drawn = 0, inDrawing = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("<svg") { inDrawing = true; drawn += 1 }
            if inDrawing { #expect(!line.allSatisfy { $0 == " " || $0 == ">" }, "a blank line inside a drawing") }
            if line.contains("</svg>") { inDrawing = false }
        }
        #expect(drawn == 3 && page.contains("Root&#10;"))
        // CRLF: drawn, its line ends kept.
        try writeText("# Doc\r\n\r\n```schematic\r\nR\r\n  S\r\n```\r\nEnd.\r\n", to: dir + "/crlf.md")
        let crlf = try Executable.run(["markdown", "crlf.md"], in: dir)
        #expect(crlf.status == 0, "\(crlf.stderr)")
        #expect(crlf.stdout.hasPrefix("# Doc\r\n\r\n<svg") && crlf.stdout.hasSuffix("</svg>\r\n\r\nEnd.\r\n"), "\(crlf.stdout.suffix(40))")
    }

    /// In a list item or a quote, a message's columns are the file's (the block's lines lost the
    /// item's indentation or the quote's markers); a quote after a list is drawn in it.
    @Test func placesInListItemsAndQuotesAreTheFiles() throws {
        let listed = try Executable.run(["markdown", "-"], stdin: "- item\n\n  ```schematic\n  Root\n      A\n    B\n  ```\n")
        #expect(listed.status == 65 && listed.stderr.hasPrefix("<stdin>:6:5: inconsistent indentation"), "\(listed.stderr)")
        let quoted = try Executable.run(["markdown", "-"], stdin: "> ```schematic format=newick\n> ((A,B),C\n> ```\n")
        #expect(quoted.status == 65 && quoted.stderr.hasPrefix("<stdin>:2:11: the input ends before the '(' at <stdin>:2:3 is closed"),
                "\(quoted.stderr)")
        // A setting's message quotes that setting, not the line's others.
        let setting = try Executable.run(["markdown", "-"], stdin: "```schematic theme=dark width=600\nA\n```\n")
        #expect(setting.status == 65 && setting.stderr.hasPrefix("<stdin>:1: 'width=600': width applies to layout"), "\(setting.stderr)")
        let afterList = try Executable.run(["markdown", "-"], stdin: "- item\n\n> ```schematic\n> A\n> ```\n")
        #expect(afterList.status == 0 && afterList.stdout.hasPrefix("- item\n\n> <svg"), "\(afterList.stdout.prefix(80))")
    }

    /// A name that is no file name, is digits only (another block's number), is too long or
    /// names two blocks (in any case: one file where case is not told apart) is refused at its
    /// block's line, and nothing is written.
    @Test(arguments: [("name=a/b", "a name is letters, digits, '-', '_' and '.' (not first)"),
                      ("name=.hidden", "a name is letters"), ("name=12", "digits only"),
                      ("name=" + String(repeating: "x", count: 101), "at most 100 characters"),
                      ("name=first", "name=\"first\" is already the name of the block at line 1"),
                      ("name=First", "name=\"First\" is already the name of the block at line 1")])
    func aBadBlockNameIsRefusedAtItsLine(setting: String, message: String) throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("```schematic name=first\n\(Self.tree)```\n\n```schematic \(setting)\n\(Self.tree)```\n", to: dir + "/doc.md")
        let result = try Executable.run(["markdown", "doc.md", "--assets", "img", "-o", "out.md"], in: dir)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("schematic: doc.md:") || result.stderr.hasPrefix("doc.md:"), "\(result.stderr)")
        #expect(result.stderr.contains(":7: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir + "/img")) ?? []).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.md"))
    }

    /// A run that fails (a later block's tree is bad) writes none of the drawings' files.
    @Test func aFailedRunWritesNoAssets() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("```schematic\n\(Self.tree)```\n\n```schematic\n\(Self.tree)```\n\n```schematic\nbad\n    x\n  y\n```\n", to: dir + "/doc.md")
        let result = try Executable.run(["markdown", "doc.md", "--assets", "img", "-o", "doc.out.md"], in: dir)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/img"), "the folder made for the drawings is taken back")
        #expect(!FileManager.default.fileExists(atPath: dir + "/doc.out.md"))
        // Nor when the output's folder is missing (an empty assets folder stayed); a folder
        // that was there stays.
        try writeText("```schematic\n\(Self.tree)```\n", to: dir + "/good.md")
        let missing = try Executable.run(["markdown", "good.md", "--assets", "a/b", "-o", "out/good.md"], in: dir)
        #expect(missing.status == 73 && !FileManager.default.fileExists(atPath: dir + "/a"), "\(missing.stderr)")
        try FileManager.default.createDirectory(atPath: dir + "/kept", withIntermediateDirectories: true)
        _ = try Executable.run(["markdown", "good.md", "--assets", "kept", "-o", "out/good.md"], in: dir)
        #expect(FileManager.default.fileExists(atPath: dir + "/kept"))
    }

    /// Every bad block is told in one run, each at its own line, as `render` lists every
    /// failing input (a review: only the first was, the next one after fixing it).
    @Test func everyBadBlockIsListed() throws {
        let page = "```schematic\nbad\n    x\n  y\n```\n\n```schematic\n\(Self.tree)```\n\n```schematic layout=bogus\nRoot\n```\n"
        let result = try Executable.run(["markdown", "-"], stdin: page)
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("<stdin>:4:3: inconsistent indentation") == true, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("<stdin>:") == true && lines.last?.contains("'layout=bogus'") == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func inlineDrawingsCarryStylesScopedToThemselves() throws {
        let page = "```schematic theme=dark\n\(Self.tree)```\n\nText.\n\n```schematic\n\(Self.tree)```\n\n```schematic\n\(Self.tree)```\n"
        let result = try Executable.run(["markdown", "-"], stdin: page)
        #expect(result.status == 0, "\(result.stderr)")
        let found = drawings(result.stdout)
        #expect(found.count == 3)
        let ids = found.compactMap(\.id)
        #expect(ids.count == 3 && Set(ids).count == 3, "a distinct id on every root, even for identical blocks: \(ids)")
        for (id, rules) in found {
            guard let id else { continue }
            #expect(!rules.isEmpty)
            // (An at-rule's lines, and the line closing its block, are no rules of their own.)
            for rule in rules where !rule.hasPrefix("@") && rule != "}" {
                #expect(rule.hasPrefix(".schematic:where(#\(id))"), "every rule under its own drawing: \(rule)")
                #expect(!rule.contains(",.schematic ") && !rule.contains(",.schematic{"))
            }
        }
        #expect(found[0].rules.contains { $0.contains("--schematic-background:#1e1f22") })
        #expect(!found[1].rules.contains { $0.contains("#1e1f22") }, "the light drawing keeps its light colours")
        let again = try Executable.run(["markdown", "-"], stdin: page)
        #expect(again.stdout == result.stdout, "ids are derived from the blocks, not random")
        // A standalone file stays unscoped.
        let svg = try Executable.run(["render", "-"], stdin: Self.tree)
        #expect(drawings(svg.stdout).first?.id == nil)
    }

    @Test func fenceSettingsTakeTheRenderOptions() throws {
        func svg(_ settings: String, _ body: String = Self.tree, arguments: [String] = []) throws -> String {
            let result = try Executable.run(["markdown", "-"] + arguments, stdin: "```schematic \(settings)\n\(body)```\n")
            #expect(result.status == 0, "\(settings): \(result.stderr)")
            return result.stdout
        }
        func width(_ text: String) -> Double? {
            text.range(of: " width=\"").flatMap { Double(text[$0.upperBound...].prefix { $0 != "\"" }) }
        }
        #expect(width(try svg("layout=masonry width=500")) == 500)
        #expect(width(try svg("layout=masonry width=300")) == 300)
        #expect(!(try svg("")).contains("<line class=\"connector\""), "elbows, the default, are paths")
        #expect(try svg("connectors=straight").contains("<line class=\"connector\""))
        #expect(try svg("bands").contains("class=\"band even\""), "a flag as its bare name")
        #expect(try svg("sizing=fixed node-size=200x50").contains("width=\"200\" height=\"50\""))
        #expect(try svg("font-size=20").contains("font-size:20px"))
        #expect(try svg("format=yaml", "Top: [x, y]\n").contains(">Top</text>"))
        #expect(try svg("depth-labels=\"First level,Second level\"").contains(">Second level</text>"), "quoted values keep their spaces")
        // The command line gives the defaults; a block overrides them.
        let dark = try svg("", arguments: ["--theme", "dark"])
        #expect(dark.contains("#1e1f22"))
        #expect(!(try svg("theme=light", arguments: ["--theme", "dark"])).contains("#1e1f22"))
        // Refusals are located at the fence line.
        for (settings, message) in [("colour=red", "'colour=red': Unknown setting 'colour'"),
                                    // The writer's own words stay as written ('options' was quoted 'settings').
                                    ("options=1", "'options=1': Unknown setting 'options'"),
                                    ("nosuchoption=3", "Unknown setting 'nosuchoption'"),
                                    ("output=/tmp/x", "unknown setting 'output=/tmp/x'"),
                                    ("width=300", "width applies to layout flow, circle, masonry, not schematic"),
                                    ("theme=dark theme=light", "'theme' is set twice"),
                                    ("alt=\"open", "the value of 'alt' has no closing \""),
                                    // Only the setting at fault is quoted, and the allowed values are on the line.
                                    ("theme=auto layout=spiral", "<stdin>:3: 'layout=spiral': The value 'spiral' is invalid"),
                                    ("focus=a focus-scale=zz", "<stdin>:3: 'focus-scale=zz': The value 'zz' is invalid"),
                                    ("format=yamll", "'format=yamll': The value 'yamll' is invalid for 'format <format>'. "
                                        + "Please provide one of outline, json, yaml, csv, tsv, markdown, org, dot, newick.")] {
            let result = try Executable.run(["markdown", "-"], stdin: "Intro\n\n```schematic \(settings)\nRoot\n```\n")
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("<stdin>:3: ") && result.stderr.contains(message), "\(settings): \(result.stderr)")
        }
        // A reader's second place (where YAML's unclosed list opened) is a place in the file too.
        let yaml = try Executable.run(["markdown", "-"], stdin: "Intro\n\n```schematic format=yaml\nA: [B\nC: d\n```\n")
        #expect(yaml.status == 65 && yaml.stderr.contains("(while parsing a flow sequence started at <stdin>:4:4)"), "\(yaml.stderr)")
    }

    @Test func altTextAndCaptionComeFromTheFence() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("```schematic alt=\"Our <services> & \\\"teams\\\"\" caption=\"Figure 1: the services\"\n\(Self.tree)```\n\n```schematic\n\(Self.tree)```\n", to: dir + "/a.md")
        let inline = try Executable.run(["markdown", "a.md"], in: dir)
        #expect(inline.status == 0, "\(inline.stderr)")
        #expect(inline.stdout.contains("-title\">Our &lt;services&gt; &amp; &quot;teams&quot;</title>"))
        #expect(inline.stdout.hasPrefix("<figure class=\"schematic-figure\">\n<svg"))
        #expect(inline.stdout.contains("</svg>\n<figcaption>Figure 1: the services</figcaption>\n</figure>"))
        #expect(inline.stdout.contains("-title\">Root</title>"), "without alt, the tree's title")
        let linked = try Executable.run(["markdown", "a.md", "--assets", "img", "-o", "out.md"], in: dir)
        #expect(linked.status == 0, "\(linked.stderr)")
        let markdown = try read(dir + "/out.md")
        #expect(markdown.contains("<img src=\"img/a-1.svg\" alt=\"Our &lt;services&gt; &amp; &quot;teams&quot;\"><figcaption>Figure 1: the services</figcaption>"))
        #expect(markdown.contains("![Root](img/a-2.svg)"), "not \"diagram 2\"")
        #expect(!markdown.contains("diagram 1") && !markdown.contains("diagram 2"))
    }

    @Test func srcDrawsAFileBesideTheMarkdown() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("Services: [api, web]\n", to: dir + "/docs/trees/services.yaml")
        try writeText("Root\n    A\n  B\n", to: dir + "/docs/trees/bad.txt")
        try writeText("x\n", to: dir + "/docs/tree/a/b/c/deep.txt")
        try writeText("# Guide\n\n```schematic src=\"trees/services.yaml\"\n```\n\n```schematic src=tree max-depth=1\n```\n", to: dir + "/docs/guide.md")
        let result = try Executable.run(["markdown", "docs/guide.md"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(">Services</text>") && result.stdout.contains(">web</text>"))
        #expect(result.stdout.contains(">a/</tspan>") && result.stdout.contains(">+1 more</tspan>") && !result.stdout.contains(">b/"), "a directory, to max-depth")
        try writeText("```schematic max-depth=1\nRoot\n  Kept\n    Cut\n```\n", to: dir + "/docs/inline.md")
        let inline = try Executable.run(["markdown", "docs/inline.md"], in: dir)
        #expect(inline.status == 0 && inline.stdout.contains(">Kept</tspan>") && !inline.stdout.contains(">Cut</"), "a block's own tree, to max-depth")
        try writeText("Intro\n\n```schematic src=trees/bad.txt\n```\n", to: dir + "/docs/bad.md")
        let bad = try Executable.run(["markdown", "docs/bad.md", "-o", "out.md"], in: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("docs/bad.md:3: docs/trees/bad.txt:3:3: "), "\(bad.stderr)")
        try writeText("```schematic src=nothing.yaml\n```\n", to: dir + "/docs/missing.md")
        let missing = try Executable.run(["markdown", "docs/missing.md"], in: dir)
        // (A missing src is a missing input, exit 66, as render's.)
        #expect(missing.status == 66 && missing.stderr.hasPrefix("docs/missing.md:1: src: docs/nothing.yaml: cannot open"), "\(missing.stderr)")
        try writeText("```schematic src=trees/services.yaml\nRoot\n```\n", to: dir + "/docs/both.md")
        let both = try Executable.run(["markdown", "docs/both.md"], in: dir)
        #expect(both.status == 65 && both.stderr.contains("its own lines must be empty"))
    }

    @Test func blocksAreReadAsRenderReadsItsInput() throws {
        let dir = try makeScratchDirectory("schematic-md")
        // Gzip (the format from the extension before .gz), and a table sniffed from its content.
        try writeGzipped("Services: [api, web]\n", to: dir + "/trees/services.yaml.gz")
        try writeText("id,parent,name\n1,,Root\n2,1,Child\n", to: dir + "/trees/table")
        try writeText("```schematic src=trees/services.yaml.gz\n```\n\n```schematic src=trees/table\n```\n", to: dir + "/guide.md")
        let result = try Executable.run(["markdown", "guide.md"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(">Services</text>") && result.stdout.contains(">web</text>"))
        #expect(result.stdout.contains(">Child</text>") && !result.stdout.contains(">id,parent,name</text>"))
        let lines = try Executable.run(["markdown", "-"], stdin: "```schematic\nid,parent,name\n1,,Root\n2,1,Child\n```\n")
        #expect(lines.status == 0 && lines.stdout.contains(">Child</text>"), "a block's own lines are sniffed alike: \(lines.stderr)")
    }

    /// `--deps-file`: make rules of the page and its drawings' files on the Markdown file and
    /// what their blocks drew (a src folder's every entry), with empty rules for those.
    @Test func dependencyRulesNameTheSrcFilesAndFolders() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("A\n  B\n", to: dir + "/docs/tree.txt")
        try writeText("x\n", to: dir + "/docs/folder/a.txt")
        try writeText("# T\n\n```schematic src=\"tree.txt\"\n```\n\n```schematic src=\"folder\"\n```\n", to: dir + "/docs/page.md")
        let result = try Executable.run(["markdown", "docs/page.md", "-o", "page.out.md", "--assets", "img", "--deps-file", "page.d"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        // Each drawing's file on its own block's src (a review: every drawing on every src file
        // drew them all again when one changed); the page on all.
        let prerequisites = "docs/page.md docs/tree.txt docs/folder docs/folder/a.txt"
        #expect(try String(contentsOfFile: dir + "/page.d", encoding: .utf8) == """
            img/page-1.svg: docs/page.md docs/tree.txt
            img/page-2.svg: docs/page.md docs/folder docs/folder/a.txt
            page.out.md: \(prerequisites)
            docs/tree.txt:
            docs/folder:
            docs/folder/a.txt:

            """)
        let toStandardOutput = try Executable.run(["markdown", "docs/page.md", "--deps-file", "page.d"], in: dir)
        #expect(toStandardOutput.status == 64 && toStandardOutput.stderr.contains("--deps-file needs an output file (-o)"))
        // Never over the page, a src file or the Markdown file (a review: `./page.out.md` and
        // `docs/tree.txt` were overwritten with the rules), nothing written then.
        let tree = try String(contentsOfFile: dir + "/docs/tree.txt", encoding: .utf8)
        let page = try String(contentsOfFile: dir + "/page.out.md", encoding: .utf8)
        for (arguments, message) in [(["-o", "page.out.md", "--deps-file", "./page.out.md"], "--deps-file names the file the drawing writes"),
                                     (["-o", "page.out.md", "--deps-file", "docs/tree.txt"], "would overwrite its input docs/tree.txt; choose another --deps-file"),
                                     (["-o", "page.out.md", "--deps-file", "docs/page.md"], "would overwrite its input docs/page.md; choose another --deps-file"),
                                     (["-o", "docs/tree.txt"], "would overwrite its input docs/tree.txt; choose another -o")] {
            let refused = try Executable.run(["markdown", "docs/page.md"] + arguments, in: dir)
            #expect(refused.status == 64 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(try String(contentsOfFile: dir + "/docs/tree.txt", encoding: .utf8) == tree)
        #expect(try String(contentsOfFile: dir + "/page.out.md", encoding: .utf8) == page)
        // A drawing's file that is an input (through a link) is --assets' doing, and named so.
        try FileManager.default.createDirectory(atPath: dir + "/linked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/linked/page-1.svg", withDestinationPath: "../docs/page.md")
        let asset = try Executable.run(["markdown", "docs/page.md", "--assets", "linked", "-o", "page.out.md"], in: dir)
        #expect(asset.status == 64 && asset.stderr.contains("linked/page-1.svg: would overwrite its input docs/page.md; choose another --assets"),
                "\(asset.stderr)")
    }

    /// A folder drawn by `src` is labelled with its name, its entries' tooltips start there: the
    /// path resolved against the Markdown file was the build machine's, and the page changed
    /// with the folder the build ran in.
    @Test func aFolderBySrcIsNamedAsInThePage() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("x\n", to: dir + "/docs/trees/a.txt")
        try writeText("# T\n\n```schematic src=\"trees\"\n```\n", to: dir + "/docs/page.md")
        let inside = try Executable.run(["markdown", "page.md"], in: dir + "/docs")
        let outside = try Executable.run(["markdown", dir + "/docs/page.md"], in: "/")
        #expect(inside.status == 0 && outside.status == 0, "\(inside.stderr) \(outside.stderr)")
        #expect(inside.stdout == outside.stdout, "the same page from any folder")
        #expect(outside.stdout.contains(">trees</text>") && outside.stdout.contains("<title>trees/a.txt</title>"))
        #expect(!outside.stdout.contains(dir), "no path of the build machine")
    }

    /// One tree drawn twice in a page: each drawing's title and description ids are its own, so
    /// each is announced by its own `alt` (the second was announced by the first's).
    @Test func drawingsOfOneTreeHaveTheirOwnTitles() throws {
        let page = "```schematic alt=\"First\"\nA\n  B\n```\n\n```schematic alt=\"Second\"\nA\n  B\n```\n"
        let result = try Executable.run(["markdown", "-"], stdin: page)
        #expect(result.status == 0, "\(result.stderr)")
        let labelled = result.stdout.matches(of: #/aria-labelledby="([^ "]+) /#).map { String($0.1) }
        let titles = result.stdout.matches(of: /<title id="([^"]+)">([^<]*)/).map { (String($0.1), String($0.2)) }
        #expect(labelled.count == 2 && titles.count == 2 && Set(labelled).count == 2)
        #expect(titles.map(\.0) == labelled && titles.map(\.1) == ["First", "Second"], "\(titles) \(labelled)")
        #expect(result.stdout.contains("style=\"max-width:100%;height:auto\""), "inline drawings keep to their column")
    }

    @Test func droppedParentEdgesWarnAsRenderWarns() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try writeText("digraph { a -> b; b -> c; c -> b; }\n", to: dir + "/dag.gv")
        let rendered = try Executable.run(["render", "dag.gv", "--extra-parents", "drop", "-o", "dag.svg"], in: dir)
        let warning = "left out 1 additional parent edge, each node drawn under its first parent only: c → b "
            + "(--extra-parents auto draws any above its child, dashed)"
        #expect(rendered.status == 0 && rendered.stderr.contains("schematic: warning: dag.gv: " + warning), "\(rendered.stderr)")
        try writeText("Intro\n\n```schematic src=dag.gv extra-parents=drop\n```\n\n" + Self.dag, to: dir + "/doc.md")
        let embedded = try Executable.run(["markdown", "doc.md", "--extra-parents", "drop", "-o", "doc.out.md"], in: dir)
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(embedded.stderr.contains("doc.md:3: warning: " + warning), "a src block: \(embedded.stderr)")
        #expect(embedded.stderr.contains("doc.md:6: warning: " + warning), "a block's own lines: \(embedded.stderr)")
    }

    @Test func blocksInsideOtherFencesAreLeftAlone() throws {
        let example = "````markdown\n```schematic\nRoot\n```\n````\n"
        let result = try Executable.run(["markdown", "-"], stdin: example + "\n```schematic\nReal\n```\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(example), "an example of the syntax stays an example")
        #expect(result.stdout.components(separatedBy: "<svg xmlns").count == 2)
    }

    /// A block in a block quote (a note, a callout) is drawn in the quote, its drawing's lines
    /// quoted as its fence (a trial's was left as code); another fence in a quote is left
    /// alone up to its close, and a block the quote ends before its fence closes is refused.
    @Test func blocksInBlockQuotesAreDrawnInTheQuote() throws {
        let dir = try makeScratchDirectory("schematic-md")
        let example = "> ```text\n> ```schematic\n> Not drawn\n> ```\n"
        try writeText("> **Note**\n>\n> ```schematic alt=\"Quoted\"\n> A\n>   B\n> ```\n> after\n\n" + example
                      + "\n> > ```schematic alt=\"Deep\"\n> > X\n> > ```\n", to: dir + "/doc.md")
        let linked = try Executable.run(["markdown", "doc.md", "--assets", "img", "-o", "out.md"], in: dir)
        #expect(linked.status == 0, "\(linked.stderr)")
        let text = try String(contentsOfFile: dir + "/out.md", encoding: .utf8)
        #expect(text.contains("> **Note**\n>\n> ![Quoted](img/doc-1.svg)\n>\n> after\n"), "\(text)")
        #expect(text.contains(example), "the example in a quote stays an example")
        #expect(text.contains("> > ![Deep](img/doc-2.svg)\n"), "\(text)")
        let inline = try Executable.run(["markdown", "doc.md"], in: dir)
        #expect(inline.status == 0 && inline.stdout.contains("> <svg xmlns") && !inline.stdout.contains("\n<svg xmlns"))
        let unclosed = try Executable.run(["markdown", "-"], stdin: "> ```schematic\n> A\n\nText\n")
        #expect(unclosed.status == 65 && unclosed.stderr.contains("<stdin>:1: a schematic block is not closed"), "\(unclosed.stderr)")
        // Told with the bad blocks before it (only it was told, with their exit status).
        let both = try Executable.run(["markdown", "-"], stdin: "```schematic src=\"missing.yaml\"\n```\n\n```schematic\nroot\n")
        #expect(both.status == 66 && both.stderr.contains("missing.yaml") && both.stderr.contains("<stdin>:4: a schematic block is not closed"),
                "\(both.stderr)")
    }

    /// A block in an HTML comment is commented out: left as written, not drawn (a trial's was
    /// drawn); a comment closed on its own line ends there, and blocks after it are drawn.
    @Test func blocksInHTMLCommentsAreLeftAlone() throws {
        let commented = "<!-- an old drawing:\n```schematic\nOld\n```\n-->\n"
        let result = try Executable.run(["markdown", "-"], stdin: commented + "<!-- note --> text\n\n```schematic\nReal\n```\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(commented), "the commented block stays as written")
        #expect(result.stdout.components(separatedBy: "<svg xmlns").count == 2, "the block after the comments is drawn")
        // CommonMark's empty comments close where they open (a review: the rest was taken for a comment).
        let empty = try Executable.run(["markdown", "-"], stdin: "<!-->\n<!--->\n\n```schematic\nReal\n```\n")
        #expect(empty.status == 0 && empty.stdout.contains("<svg xmlns"), "\(empty.stdout)")
    }

    /// CommonMark's indented code blocks: four spaces past the list item's content, after a
    /// blank line. A fence there is an example; in a list item, indented as its content, a block.
    @Test func blocksInIndentedCodeAreLeftAloneAndBlocksInListItemsDrawn() throws {
        let indented = "Write a drawing so:\n\n    ```schematic\n    Root\n    ```\n\n"
        let continued = "A paragraph\n    ```schematic\n    Root\n    ```\n\n"
        let tabbed = "\t```schematic\n\tRoot\n\t```\n\n"
        let listed = "1. Step one:\n\n   ```schematic\n   Root\n     A\n   ```\n\n- Bullet:\n\n    ```schematic\n    Root\n    ```\n\n"
        let codeInList = "- Bullet:\n\n      ```schematic\n      Root\n      ```\n"
        let result = try Executable.run(["markdown", "-"], stdin: indented + continued + tabbed + listed + codeInList)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(indented + continued + tabbed), "examples in indented code stay examples")
        #expect(result.stdout.hasSuffix(codeInList), "indented code inside a list item stays code")
        #expect(result.stdout.components(separatedBy: "<svg xmlns").count == 3, "the two blocks in list items are drawn")
    }

    /// Where CommonMark ends a list item, or starts one, for the indentation a fence needs.
    @Test(arguments: [
        ("* * *\n\n    ```schematic\n    Root\n    ```\n", false),  // a thematic break is no list item
        ("- - -\n\n    ```schematic\n    Root\n    ```\n", false),
        ("- item\n# Heading\n\n    ```schematic\n    Root\n    ```\n", false),  // a heading ends the list
        ("- item\n<div>x</div>\n\n    ```schematic\n    Root\n    ```\n", false),
        ("-\tItem\n\n    ```schematic\n    Root\n    ```\n", true),  // a tab after the marker
        ("- a\n  - b\n\n  para\n\n    ```schematic\n    Root\n    ```\n", true),  // back in the outer item
        ("- Item\n\n\t```schematic\n\tRoot\n\t```\n", true),  // a tab-indented fence in an item
    ])
    func listItemsEndAndStartAsCommonMarkReadsThem(document: String, drawn: Bool) throws {
        let result = try Executable.run(["markdown", "-"], stdin: document)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<svg xmlns") == drawn, "\(document.debugDescription)")
    }

    /// A drawing in a list item is indented as its fence, so the item goes on around it.
    @Test func aDrawingInAListItemStaysInTheItem() throws {
        let result = try Executable.run(["markdown", "-"], stdin: "1. Step one:\n\n   ```schematic\n   Root\n   ```\n\n2. Step two\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let drawing = lines.drop { !$0.contains("<svg xmlns") }.prefix { !$0.hasPrefix("2.") }.filter { !$0.isEmpty }
        #expect(drawing.count > 3 && drawing.allSatisfy { $0.hasPrefix("   ") }, "\(drawing.prefix(3))")
        #expect(result.stdout.hasSuffix("\n2. Step two\n"))
    }

    /// With --html a drawing in a block quote is in the page's quote, between its paragraphs
    /// (Ink read a quote starting with a bare `>` as text, `&gt;` and all, and one drawn after
    /// text put the `<div>` inside the quote's `<p>`).
    @Test(arguments: [[], ["--safe"]])
    func htmlKeepsADrawingInItsBlockQuote(extra: [String]) throws {
        let first = try Executable.run(["markdown", "-", "--html"] + extra, stdin: "# Doc\n\n> ```schematic\n> X\n>   Y\n> ```\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("<blockquote><div class=\"schematic-drawing\"><svg") && !first.stdout.contains("&gt;"), "\(first.stdout.prefix(600))")
        #expect(first.stdout.contains("</svg></div></blockquote>"))
        let between = try Executable.run(["markdown", "-", "--html"] + extra,
                                         stdin: "> **Note**\n>\n> ```schematic\n> A\n>   B\n> ```\n> after\n\nPara\n")
        #expect(between.status == 0, "\(between.stderr)")
        #expect(between.stdout.contains("<blockquote><p><strong>Note</strong> </p><div class=\"schematic-drawing\"><svg"), "\(between.stdout.prefix(600))")
        #expect(between.stdout.contains("</svg></div><p> after</p></blockquote><p>Para</p>"))
    }

    /// A block's reader settings for another format are said, as render says its options'.
    @Test func aBlocksSettingsForAnotherFormatAreSaid() throws {
        let result = try Executable.run(["markdown", "-"], stdin: "Text\n\n```schematic name-key=title id-column=key\nRoot\n  A\n```\n")
        #expect(result.status == 0 && result.stdout.contains("<svg"))
        #expect(result.stderr == "<stdin>:3: warning: name-key names keys of JSON and YAML nodes; this block is read as outline (from=json or yaml reads it so)\n"
                + "<stdin>:3: warning: id-column names columns of CSV and TSV tables; this block is read as outline (from=csv or tsv reads it so)\n",
                "\(result.stderr)")
        let json = try Executable.run(["markdown", "-"], stdin: "```schematic name-key=title\n{\"title\": \"Root\"}\n```\n")
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
    }

    /// With --safe (an untrusted document) a block's src is a file in the document's folder:
    /// not any file the reader may read (`/etc/passwd`, `../secret`, a link out of the folder).
    @Test func safeBlocksReadOnlyFilesInTheDocumentsFolder() throws {
        let dir = try makeScratchDirectory("schematic-md")
        try FileManager.default.createDirectory(atPath: dir + "/docs/sub", withIntermediateDirectories: true)
        try "Root\n  A\n".write(toFile: dir + "/docs/sub/t.txt", atomically: false, encoding: .utf8)
        try "Secret\n  B\n".write(toFile: dir + "/secret.txt", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/docs/link.txt", withDestinationPath: "../secret.txt")
        for src in ["/etc/passwd", "../secret.txt", "link.txt"] {
            try "```schematic src=\"\(src)\"\n```\n".write(toFile: dir + "/docs/doc.md", atomically: false, encoding: .utf8)
            let safe = try Executable.run(["markdown", "docs/doc.md", "--html", "--safe", "-o", "out.html"], in: dir)
            #expect(safe.status == 65 && safe.stderr.contains("is outside the document's folder"), "\(src): \(safe.stderr)")
            let open = try Executable.run(["markdown", "docs/doc.md", "--html", "-o", "out.html"], in: dir)
            #expect(!open.stderr.contains("outside the document's folder"), "without --safe any file is read: \(open.stderr)")
        }
        try "```schematic src=\"sub/t.txt\"\n```\n".write(toFile: dir + "/docs/doc.md", atomically: false, encoding: .utf8)
        let inside = try Executable.run(["markdown", "docs/doc.md", "--html", "--safe", "-o", "out.html"], in: dir)
        let page = try String(contentsOfFile: dir + "/out.html", encoding: .utf8)
        #expect(inside.status == 0 && page.contains("aria-label=\"Root\""), "\(inside.stderr)")
    }

    static let hostile = """
        # Notes

        <script>alert('script')</script>

        <div onclick="alert('div')">Raw <em>block</em></div>

        A [javascript link](javascript:alert('link')), an [entity one](JaVa&#115;cript:alert('entity')), \
        a [quote](" onmouseover="alert('quote')), an ![image" onerror="alert('alt')](pic.png), \
        a <b onmouseover="alert('inline')">bold</b> word and a [good link](https://example.com/?a=1&b=2).

        ```schematic
        Root
          A
        ```

        After.

        """

    @Test func htmlKeepsTheDocumentsHTMLAndSafeDropsIt() throws {
        let open = try Executable.run(["markdown", "-", "--html"], stdin: Self.hostile)
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stdout.contains("<script>alert('script')</script>"), "--html passes the document's raw HTML through")
        #expect(open.stdout.components(separatedBy: "<svg xmlns").count == 2)

        let safe = try Executable.run(["markdown", "-", "--html", "--safe"], stdin: Self.hostile)
        #expect(safe.status == 0, "\(safe.stderr)")
        let page = safe.stdout
        #expect(!page.lowercased().contains("<script"))
        #expect(!page.contains("alert("), "no handler, script or javascript: URL survives")
        #expect(!page.lowercased().contains("javascript:") && page.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil)
        #expect(page.contains("<a href=\"https://example.com/?a=1&amp;b=2\">good link</a>"))
        #expect(page.contains("<img src=\"pic.png\""))
        #expect(page.contains("<em>block</em>") || page.contains("Raw"), "text of raw HTML stays as text")
        #expect(page.components(separatedBy: "<svg xmlns").count == 2, "the drawing is kept")
        #expect(page.contains("<p>After.</p>"))

        let misuse = try Executable.run(["markdown", "-", "--safe"], stdin: "x\n")
        #expect(misuse.status == 64 && misuse.stderr.contains("--safe applies to --html"))
        let help = try Executable.run(["markdown", "--help"])
        #expect(help.stdout.contains("raw HTML") && help.stdout.contains("--safe"))
    }

    /// A graph whose edge c -> b closes a cycle (b's first parent is a).
    static let dag = "```schematic format=dot\ndigraph { a -> b; b -> c; c -> b; }\n```\n"

    /// Every place a reader names in a block's message is the page's, the brackets a JSON
    /// block leaves open too (they were counted from the block's first line).
    @Test func aBlocksMessageNamesPlacesOfThePage() throws {
        let page = "intro\n\nmore\n\n```schematic format=json\n{\"name\":\"r\",\n \"children\":[\n  {\"name\":\"a\"}\n```\n"
        let result = try Executable.run(["markdown", "-"], stdin: page)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(":8:15: unexpected end of input: the '[' at <stdin>:7:13 is not closed (nor the '{' at <stdin>:6:1 around it)"),
                "\(result.stderr)")
    }

    @Test func extraParentsReachesTheBlocks() throws {
        let refused = try Executable.run(["markdown", "-", "--extra-parents", "keep"], stdin: Self.dag)
        #expect(refused.status == 65 && refused.stderr.contains("--extra-parents auto"), "\(refused.stderr)")
        let dropped = try Executable.run(["markdown", "-"], stdin: Self.dag)
        #expect(dropped.status == 0 && dropped.stderr.contains("left out 1 parent edge"), "\(dropped.stderr)")
        #expect(dropped.stdout.components(separatedBy: "<svg xmlns").count == 2)
        let setting = try Executable.run(["markdown", "-"], stdin: Self.dag.replacing("format=dot", with: "format=dot extra-parents=keep"))
        #expect(setting.status == 65 && setting.stderr.contains("has a cycle"), "\(setting.stderr)")
    }

    /// The drawing's size, from the first `<svg` tag.
    func size(_ svg: String) -> String {
        let tag = svg.components(separatedBy: "<svg xmlns").dropFirst().first?.prefix { $0 != ">" } ?? ""
        return String(tag.split(separator: " ").filter { $0.hasPrefix("width=") || $0.hasPrefix("height=") }.joined(separator: " "))
    }

    /// Every command builds its drawing options one way (`DiagramLoading`): a block drawn by
    /// `markdown` has the size `render` gives the same tree with the same options.
    @Test(arguments: [[], ["--align", "stacked"], ["--align", "tidy", "--orientation", "tb"], ["--wrap", "2"], ["--viewport", "100x60"],
                      ["--item-padding", "5", "--section-padding", "8", "--section-margin", "3"], ["--layout", "grid"],
                      ["--sizing", "fixed", "--node-size", "50x20"], ["--focus", "b", "--focus-scale", "3"]])
    func blocksAreDrawnAsRenderDrawsThem(arguments: [String]) throws {
        let tree = "a\n  b\n    c\n    d\n    e\n  f\n"
        let rendered = try Executable.run(["render", "-"] + arguments, stdin: tree)
        let block = try Executable.run(["markdown", "-"] + arguments, stdin: "```schematic\n\(tree)```\n")
        #expect(rendered.status == 0 && block.status == 0, "\(rendered.stderr) \(block.stderr)")
        #expect(!size(rendered.stdout).isEmpty && size(block.stdout) == size(rendered.stdout))
    }
}
