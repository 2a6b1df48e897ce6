import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// How the command line reads input it has to recognise, and what readers warn about.
@Suite struct InputReadingCommandTests {
    @Test func tablesOnStandardInputAreReadAsTablesOrRefused() throws {
        let csv = try Executable.run(["-", "--format", "json"], stdin: "id,parent,name\nr,,Root\na,r,A\n")
        #expect(csv.status == 0)
        #expect(csv.stdout.contains(#""label":"Root""#) && csv.stdout.contains(#""label":"A""#))
        let named = try Executable.run(["-", "--format", "json", "--id-column", "node", "--parent-column", "up"], stdin: "node\tup\nr\t\na\tr\n")
        #expect(named.status == 0 && named.stdout.contains(#""label":"a""#))
        let unknown = try Executable.run(["-", "--format", "json"], stdin: "node,up,size\nr,,1\na,r,2\n")
        #expect(unknown.status == 65 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("<stdin>:1: every line has 3 comma-separated fields, as in a table, but the first line names no 'id' and 'parent' columns; say --from csv"))
        let forced = try Executable.run(["-", "--format", "json", "--from", "outline"], stdin: "node,up,size\nr,,1\n")
        #expect(forced.status == 0 && forced.stdout.contains(#""label":"node,up,size""#))
    }

    /// A table saved as `.txt` is read as the table its header names (a trial's org chart
    /// export was drawn as 201 roots of raw rows); `.tree`, `--from outline`, and a `.txt`
    /// whose first line names no columns stay outlines.
    @Test func aTableSavedAsTextIsReadAsATable() throws {
        let directory = try makeScratchDirectory("schematic-txt-table")
        let table = "id,name,title,manager_id\n1,Ann Lee,CEO,\n2,Bo Chen,CTO,1\n3,Cy Diaz,Engineer,2\n"
        try writeText(table, to: directory + "/org.txt")
        try writeText(table, to: directory + "/org.tree")
        try writeText("Managers: Ann, Bo\n  Ann\n  Bo\n", to: directory + "/notes.txt")
        let read = try Executable.run(["org.txt", "--format", "json"], in: directory)
        #expect(read.status == 0 && read.stderr.isEmpty, "\(read.stderr)")
        #expect(read.stdout.contains(#""label":"Ann Lee""#) && read.stdout.contains(#""indexPath":[2,0]"#), "three levels")
        for outline in [["org.tree"], ["org.txt", "--from", "outline"]] {
            let lines = try Executable.run(outline + ["--format", "json"], in: directory)
            #expect(lines.status == 0 && lines.stdout.contains(#""label":"1,Ann Lee,CEO,""#), "\(outline)")
        }
        let notes = try Executable.run(["notes.txt", "--format", "json"], in: directory)
        #expect(notes.status == 0 && notes.stdout.contains(#""label":"Managers: Ann, Bo""#))
        // A header naming columns over lines that are not rows: an outline still.
        try writeText("Manager, Employee\n  Ann\n    Bob\n", to: directory + "/staff.txt")
        let staff = try Executable.run(["staff.txt", "--format", "json"], in: directory)
        #expect(staff.status == 0 && staff.stdout.contains(#""label":"Manager, Employee""#), "\(staff.stderr)")
    }

    /// With `--extra-parents keep`, an additional parent that cannot be drawn is told at the
    /// line (and column) that links it.
    /// A directory that cannot be listed is no input (exit 66); one below it is a warning, its
    /// box kept (a trial's unreadable directory drew one box and exited 0). As root, run as
    /// nobody, for whom the permissions hold.
    @Test func anUnlistableDirectoryIsNoInput() throws {
        let directory = try makeScratchDirectory("schematic-locked")
        try FileManager.default.createDirectory(atPath: directory + "/top/locked", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/alone", withIntermediateDirectories: true)
        for path in [directory, directory + "/top", directory + "/alone"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        for path in ["/top/locked", "/alone"] {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: directory + path)
        }
        defer {
            for path in ["/top/locked", "/alone"] {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory + path)
            }
        }
        func render(_ path: String) throws -> Executable.Result {
            let arguments = ["render", directory + path, "-o", "/dev/null"]
            guard getuid() == 0 else { return try Executable.run(arguments) }
            return try Executable.run(program: "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Executable.path] + arguments)
        }
        let alone = try render("/alone")
        #expect(alone.status == 66 && alone.stderr.contains("/alone: cannot list: Permission denied"), "\(alone.stderr)")
        let top = try render("/top")
        #expect(top.status == 0 && top.stderr.contains("/top/locked: cannot list: Permission denied"), "\(top.stderr)")
    }

    @Test func aMisplacedSecondParentIsLocated() throws {
        let keep = ["--extra-parents", "keep"]
        // (Every other edge of a DAG runs down once its nodes hang by their deepest parents: an
        // edge closing a cycle is what cannot be drawn.)
        let csv = try Executable.run(["-", "--from", "csv", "-o", "/dev/null"] + keep, stdin: "id,parent\nr,\na,r\na,b\nb,a\n")
        #expect(csv.status == 65 && csv.stderr.hasPrefix("<stdin>:4: 'b' cannot be a parent of 'a'"), "\(csv.stderr)")
        let dot = try Executable.run(["-", "-o", "/dev/null"] + keep, stdin: "digraph {\n  a -> b; b -> c;\n  c -> b\n}\n")
        #expect(dot.status == 65 && dot.stderr.hasPrefix("<stdin>:3:5: the graph has a cycle, which a tree cannot hold: 'b' -> 'c' -> 'b'"),
                "\(dot.stderr)")
        let cycle = try Executable.run(["-", "--from", "csv", "-o", "/dev/null"] + keep, stdin: "id,parent\nA,\nB,A\nC,B\nB,C\n")
        #expect(cycle.status == 65 && cycle.stderr.hasPrefix("<stdin>:5: 'C' cannot be a parent of 'B'"), "\(cycle.stderr)")
    }

    /// By default (`--extra-parents auto`) a DAG is drawn whole: each node hangs by its deepest
    /// parent, so every edge runs down the columns (dashed where it is no tree edge); an edge
    /// closing a cycle is left out with one warning; a cycle of first parents is drawn from its
    /// first node, with a warning (it was refused: Debian's dependencies hold such cycles).
    @Test func aDAGIsDrawnByDefaultLeavingOutWhatTheColumnsCannotDraw() throws {
        let dot = try Executable.run(["-", "--format", "json"], stdin: "digraph {\n  a -> b; a -> e; b -> c;\n  c -> e; b -> d; e -> d; a -> d\n}\n")
        #expect(dot.status == 0 && dot.stderr.isEmpty, "\(dot.stderr)")
        // e hangs under c (a level below it), d under e; all seven edges are drawn.
        #expect(dot.stdout.components(separatedBy: #""kind":"connector""#).count - 1 == 7, "\(dot.stdout)")
        #expect(dot.stdout.contains(#""label":"d""#) && dot.stdout.contains(#""indexPath":[4,0,2]"#), "\(dot.stdout)")
        let cyclic = try Executable.run(["-", "--format", "json"], stdin: "digraph { a -> b; b -> c; c -> b }\n")
        #expect(cyclic.stderr == "schematic: warning: <stdin>: left out 1 parent edge whose parent is not above its child: "
                + "c → b (--extra-parents keep refuses it)\n", "\(cyclic.stderr)")
        // A parent whose every edge was left out stands alone: named (the Unix history's TS 1.0,
        // whose one edge skips levels, with --extra-parents drop).
        let alone = try Executable.run(["-", "--format", "json", "--extra-parents", "drop"], stdin: "digraph { a -> b; b -> c; t -> c }\n")
        #expect(alone.status == 0 && alone.stderr.contains("t → c") && alone.stderr.contains("; 't' is drawn alone, none of its edges drawn"), "\(alone.stderr)")
        let cycle = try Executable.run(["-", "--from", "csv", "--format", "json"], stdin: "id,parent\nA,B\nB,A\n")
        #expect(cycle.status == 0 && cycle.stderr.contains("a cycle of parents, 'A' -> 'B' -> 'A', is drawn from 'A'"), "\(cycle.stderr)")
        #expect(cycle.stderr.split(separator: "\n").count == 1, "named once: \(cycle.stderr)")
        #expect(cycle.stdout.contains(#""label":"A""#) && cycle.stdout.contains(#""label":"B""#))
        // A state machine's loops are left out, named once.
        let loops = try Executable.run(["-", "--format", "json"], stdin: "digraph {\n  a -> a; a -> b; b -> b\n}\n")
        #expect(loops.status == 0 && loops.stderr == "schematic: warning: <stdin>:2:5: node 'a' has an edge to itself, left out "
                + "(2 edges to themselves in all); --extra-parents keep refuses it\n", "\(loops.stderr)")
        #expect(loops.stdout.contains(#""label":"b""#))
        // A loop written twice is one loop, written again.
        let twice = try Executable.run(["-", "-o", "/dev/null"], stdin: "digraph { a -> a; a -> a; a -> b }")
        #expect(twice.status == 0 && twice.stderr.contains("is written again") && twice.stderr.contains("itself, left out;"), "\(twice.stderr)")
        let keptLoop = try Executable.run(["-", "--extra-parents", "keep", "-o", "/dev/null"], stdin: "digraph { a -> a }")
        #expect(keptLoop.status == 65 && keptLoop.stderr.contains("node 'a' has an edge to itself"), "\(keptLoop.stderr)")
    }

    /// An empty -o, or standard input given twice to diff, is a usage error that says so.
    @Test func emptyOutputPathsAndTwoStandardInputsAreRefused() throws {
        for arguments in [["render", "-", "-o", ""], ["markdown", "-", "-o", ""], ["diff", "a.txt", "b.txt", "-o", ""], ["compare", "-", "-o", ""]] {
            let result = try Executable.run(arguments, stdin: "root\n  a\n")
            #expect(result.status == 64 && result.stderr.contains("-o needs a path"), "\(arguments): \(result.stderr)")
        }
        let twice = try Executable.run(["diff", "-", "-"], stdin: "root\n")
        #expect(twice.status == 64 && twice.stderr.contains("standard input can be read once"), "\(twice.stderr)")
    }

    /// compare's side-by-side drawing is SVG: under another format's name it is refused, not
    /// written as SVG; an engine Graphviz lacks is a usage error naming those it has; a format
    /// given twice says so.
    @Test func compareRefusesOtherFormatsAndUnknownEnginesAndFormatsAreNotRepeated() throws {
        let dir = try makeScratchDirectory("schematic-cli")
        for name in ["cmp.png", "cmp.PDF", "cmp.json", "cmp.jpg"] {
            let result = try Executable.run(["compare", "-", "-o", name], stdin: "root\n  a\n", in: dir)
            #expect(result.status == 64 && result.stderr.contains("compare writes its side-by-side drawing as SVG"), "\(name): \(result.stderr)")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).isEmpty, "nothing written")
        let svg = try Executable.run(["compare", "-", "-o", "cmp.svg"], stdin: "root\n  a\n", in: dir)
        #expect(svg.status == 0, "\(svg.stderr)")
        let engine = try Executable.run(["compare", "-", "--engine", "nosuch"], stdin: "root\n  a\n")
        #expect(engine.status == 64 && engine.stderr.contains("Graphviz has no layout engine 'nosuch' (it has ") && engine.stderr.contains("dot"), "\(engine.stderr)")
        let twice = try Executable.run(["-", "--format", "svg", "-T", "svg", "-o", "x.svg"], stdin: "root\n", in: dir)
        #expect(twice.status == 64 && twice.stderr.contains("--format svg is given twice"), "\(twice.stderr)")
    }

    /// A stream that is no text (`/dev/zero`, binary data on a pipe) is refused at its first
    /// NUL byte, not read on until memory runs out.
    @Test func aStreamOfNULBytesIsRefusedAtOnce() throws {
        let zeros = try Executable.run(["/dev/zero", "-o", "/dev/null"])
        #expect(zeros.status == 65 && zeros.stderr.contains("/dev/zero:1:1: NUL byte: not text"), "\(zeros.status) \(zeros.stderr)")
        let piped = try Executable.run(["-", "-o", "/dev/null"], input: Data("root\n  a".utf8) + Data(count: 100_000))
        #expect(piped.status == 65 && piped.stderr.contains("<stdin>:2:4: NUL byte: not text"), "\(piped.status) \(piped.stderr)")
    }

    /// Labels with characters XML cannot carry (U+FFFE, U+FFFF) still make a well-formed SVG.
    @Test func noncharactersInLabelsMakeWellFormedXML() throws {
        let result = try Executable.run(["-", "--format", "svg"], stdin: "root \u{FFFF}\n  a\u{FFFE}b\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{FFFF}") && !result.stdout.contains("\u{FFFE}") && result.stdout.contains("a\u{FFFD}b"))
        #expect(XMLParser(data: Data(result.stdout.utf8)).parse())
    }

    /// Spacing and sizes beyond any drawing are refused, not a crash (an integer overflow).
    @Test(arguments: [["--item-padding", "1e30"], ["--section-padding", "1e308"], ["--section-margin", "200000"],
                      ["--node-padding", "1e30"], ["--node-size", "1e30x20"], ["--item-padding", "1e30", "--layout", "circle"]])
    func hugeSpacingIsRefused(options: [String]) throws {
        let result = try Executable.run(["-", "-o", "/dev/null"] + options, stdin: "root\n  a\n")
        #expect(result.status == 64 && (result.stderr.contains("points") || result.stderr.contains("pixels") || result.stderr.contains("at most")),
                "\(options): \(result.status) \(result.stderr)")
    }

    /// Graphviz's window devices open no file (they crashed without a display): refused.
    @Test(arguments: ["gv:x11", "gv:xlib", "gv:gtk"])
    func graphvizWindowDevicesAreRefused(format: String) throws {
        let result = try Executable.run(["-", "-T", format, "-o", "/dev/null"], stdin: "root\n  a\n")
        #expect(result.status == 64 && result.stderr.contains(format), "\(result.status) \(result.stderr)")
    }

    /// Markup in a file whose extension says outline (`.txt`) is refused as sniffed content
    /// is, with nothing written; `--from outline` still draws its lines.
    @Test func markupInATextFileIsRefused() throws {
        let directory = try makeScratchDirectory("schematic-markup")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "<?xml version=\"1.0\"?><a><b/></a>\n".write(toFile: directory + "/data.txt", atomically: true, encoding: .utf8)
        let result = try Executable.run(["render", "data.txt", "-o", "data.svg"], in: directory)
        #expect(result.status == 65)
        #expect(result.stderr.contains("data.txt:1:1: this is XML, not a hierarchy"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/data.svg"))
        let forced = try Executable.run(["render", "--from", "outline", "data.txt", "--format", "json"], in: directory)
        #expect(forced.status == 0 && forced.stdout.contains("<?xml"))
    }

    @Test func readerWarningsAreShownUnlessQuiet() throws {
        let treeJSON = #"[{"type":"directory","name":"d","contents":[{"type":"fifo","name":"pipe"}]},{"type":"report","directories":1,"files":1}]"#
        let loud = try Executable.run(["-", "--format", "json"], stdin: treeJSON)
        #expect(loud.status == 0)
        #expect(loud.stderr == "schematic: warning: <stdin>:1:53: type \"fifo\" is not normal, important or critical; drawn as a normal node with CSS class 'fifo'\n")
        let quiet = try Executable.run(["-", "--format", "json", "--quiet"], stdin: treeJSON)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout == loud.stdout)
    }

    @Test func typeKeyRenamesTheTypeKey() throws {
        let result = try Executable.run(["-", "--format", "json", "--type-key", "kind"], stdin: #"{"name": "a", "kind": "critical", "children": [{"name": "b", "type": "x y"}]}"#)
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout.contains(#""type":"critical""#))
        #expect(try Executable.run(["-", "--type-key", ""], stdin: "a").status == 64)
    }
}
