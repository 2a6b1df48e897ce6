import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

@Suite struct OutlineReaderTests {
    func read(_ text: String) throws(ReadError) -> Tree {
        try OutlineReader().read(Array(text.utf8), file: "in.txt")
    }

    func shape(_ tree: Tree) -> [String] { RandomTrees.outline(tree) }

    func error(_ text: String) -> ReadError? {
        do { _ = try read(text); return nil } catch { return error }
    }

    @Test func spacesAndTypeMarkers() throws {
        let tree = try read("Root\n  A !\n    B !!\n  C [critical]\n  D {#d} [important]\n  Yahoo!\n  Bang \\!\n")
        #expect(shape(tree) == ["Root", ".A", "..B", ".C", ".D", ".Yahoo!", ".Bang !"])
        #expect(tree.types == [.normal, .important, .critical, .critical, .important, .normal, .normal])
        #expect(tree.id(of: 4) == "d")
    }

    @Test func tabsBlankLinesCRLFAndBOM() throws {
        let tree = try read("\u{FEFF}Root\r\n\tA\r\n\r\n\t\tB\r\n\tC\r\n")
        #expect(shape(tree) == ["Root", ".A", "..B", ".C"])
    }

    @Test func anyConsistentStepWorks() throws {
        let tree = try read("R\n   a\n      b\n   c\n         d\n")
        #expect(shape(tree) == ["R", ".a", "..b", ".c", "..d"])
    }

    @Test func forestOfSeveralRoots() throws {
        let tree = try read("A\n  a1\nB\n  b1\n")
        #expect(shape(tree) == ["A", ".a1", "B", ".b1"])
        #expect(tree.parents.filter { $0 < 0 }.count == 2)
    }

    /// `ps -e --forest -o comm=`: each child's `\\_ ` is drawing, not part of its name.
    @Test func psForestOutput() throws {
        let tree = try read("systemd\n \\_ systemd-journal\n \\_ sshd\n     \\_ sshd\n         \\_ bash\n \\_ cron\nkthreadd\n \\_ kworker/0:1\n")
        #expect(tree.labels == ["systemd", "systemd-journal", "sshd", "sshd", "bash", "cron", "kthreadd", "kworker/0:1"])
        #expect(tree.parents == [-1, 0, 0, 2, 3, 0, -1, 6])
    }

    /// `npm ls`: a package with dependencies is drawn `├─┬`, its dependencies two columns in.
    @Test func npmListOutput() throws {
        let tree = try read("app@1.0.0 /home/u/app\n├─┬ express@4.18.2\n│ ├── accepts@1.3.8\n│ └─┬ body-parser@1.20.1\n│   └── bytes@3.1.2\n└── lodash@4.17.21\n")
        #expect(tree.labels == ["app@1.0.0 /home/u/app", "express@4.18.2", "accepts@1.3.8", "body-parser@1.20.1", "bytes@3.1.2", "lodash@4.17.21"])
        #expect(tree.parents == [-1, 0, 1, 1, 3, 0])
    }

    /// `pstree`: several processes to a line, siblings at the column of their parent's `┬`.
    @Test func pstreeOutput() throws {
        let unicode = """
            systemd─┬─ModemManager───2*[{ModemManager}]
                    ├─sshd───sshd───bash─┬─pstree
                    │                    └─vim
                    └─3*[agetty]
            kthreadd───kworker/0:1

            """
        let tree = try read(unicode)
        #expect(tree.labels == ["systemd", "ModemManager", "2*[{ModemManager}]", "sshd", "sshd", "bash", "pstree", "vim",
                                "3*[agetty]", "kthreadd", "kworker/0:1"])
        #expect(tree.parents == [-1, 0, 1, 0, 3, 4, 5, 5, 0, -1, 9])
        // `pstree -A` (and the default on a terminal that is not UTF-8): dashes inside names stay.
        let ascii = """
            init-+-swift-test---x-ray
                 |-memfd:sealed-91-+-bash
                 |                 `-2*[{memfd:sealed-91}]
                 `-cron

            """
        let asciiTree = try read(ascii)
        #expect(asciiTree.labels == ["init", "swift-test", "x-ray", "memfd:sealed-91", "bash", "2*[{memfd:sealed-91}]", "cron"])
        #expect(asciiTree.parents == [-1, 0, 1, 0, 3, 3, 0])
        // One line of a chain is `pstree`'s too; `pstree -a` is one process a line.
        #expect(try read("init───bash───top\n").parents == [-1, 0, 1])
        let arguments = try read("init\n  |-bash /dev/fd/3\n  |   `-top -d 1\n  `-cron -f\n")
        #expect(arguments.labels == ["init", "bash /dev/fd/3", "top -d 1", "cron -f"])
        #expect(arguments.parents == [-1, 0, 1, 0])
        // A branch under no `┬` is refused where it stands.
        let stray = error("a─┬─b\n  ├─c\n   └─d\n")
        #expect(stray?.line == 3 && stray?.column == 4 && stray?.message == "this branch hangs from no '┬' above it in the same column")
        // Nor is one hung on the tree before another root (that tree's `┬` left open).
        #expect(error("a─┬─b\n  ├─c\nd───e\n  └─f\n")?.line == 4)
        #expect(error("a─┬─b\n  ├─c\n   x\n")?.line == 3)
        #expect(error("a─┬─b\n  └─\n")?.message == "expected a process name after the drawing")
    }

    /// `systemctl list-dependencies`: each unit's state mark (● ○ ×, `*` in ASCII) stands
    /// before its drawing, two columns like the spaces printed where the state is unknown.
    @Test func systemctlListDependenciesOutput() throws {
        let unicode = """
            default.target
            ● ├─display-manager.service
            ● └─multi-user.target
            ○   ├─cron.service
                │ └─missing.service
            ×   └─basic.target
            ●     └─sockets.target

            """
        let tree = try read(unicode)
        #expect(tree.labels == ["default.target", "display-manager.service", "multi-user.target", "cron.service",
                                "missing.service", "basic.target", "sockets.target"])
        #expect(tree.parents == [-1, 0, 0, 2, 3, 2, 5])
        let ascii = "default.target\n* |-display-manager.service\n* `-multi-user.target\n*   |-cron.service\n*   | `-dbus.socket\n*   `-basic.target\n"
        let asciiTree = try read(ascii)
        #expect(asciiTree.labels == ["default.target", "display-manager.service", "multi-user.target", "cron.service", "dbus.socket", "basic.target"])
        #expect(asciiTree.parents == [-1, 0, 0, 2, 3, 2])
    }

    /// Gradle's `dependencies`: "+--- ", "\--- ", "|    "; its "->" is a version resolved, not
    /// a symbolic link; the legend after the trees is not a node.
    @Test func gradleDependencies() throws {
        let text = #"""
            runtimeClasspath - Runtime classpath of source set 'main'.
            +--- org.springframework.boot:spring-boot-starter-web -> 3.1.0
            |    +--- org.springframework.boot:spring-boot-starter:3.1.0
            |    |    \--- org.yaml:snakeyaml:1.33
            |    \--- org.springframework:spring-webmvc:6.0.9 (*)
            \--- com.google.guava:guava:32.0.1-jre
                 \--- com.google.guava:failureaccess:1.0.1

            (c) - A dependency constraint, not a dependency.
            (*) - Indicates repeated occurrences of a transitive dependency subtree.

            A web-based, searchable dependency report is available by adding the --scan option.

            """#
        let tree = try read(text)
        #expect(tree.labels == ["runtimeClasspath",
                                "org.springframework.boot:spring-boot-starter-web -> 3.1.0",
                                "org.springframework.boot:spring-boot-starter:3.1.0", "org.yaml:snakeyaml:1.33",
                                "org.springframework:spring-webmvc:6.0.9 (*)", "com.google.guava:guava:32.0.1-jre",
                                "com.google.guava:failureaccess:1.0.1"])
        #expect(tree.parents == [-1, 0, 1, 2, 1, 0, 5])
        #expect(tree.attributes(of: 1)?.cssClass == nil)
        // The configuration is named; its description is the tooltip.
        #expect(tree.attributes(of: 0)?.tooltip == "Runtime classpath of source set 'main'.")
    }

    /// A whole `gradle dependencies` report, as the console prints it: the project is the root
    /// and its configurations its children; console lines, rules, "No dependencies", the legend
    /// and the build's result are not nodes. Two reports are two trees.
    @Test func gradleReport() throws {
        let report = #"""
            Configuration on demand is an incubating feature.

            > Task :app:dependencies

            ------------------------------------------------------------
            Project ':app'
            ------------------------------------------------------------

            annotationProcessor - Annotation processors and their dependencies for source set 'main'.
            No dependencies

            compileClasspath - Compile classpath for source set 'main'.
            +--- org.jetbrains.kotlin:kotlin-stdlib:1.9.0
            |    \--- org.jetbrains:annotations:13.0
            \--- com.google.guava:guava:32.1.1-jre

            default
            \--- com.google.guava:guava:32.1.1-jre

            (*) - Indicates repeated occurrences of a transitive dependency subtree.

            A web-based, searchable dependency report is available by adding the --scan option.

            > Task :lib:dependencies

            ------------------------------------------------------------
            Project ':lib' - Shared code
            ------------------------------------------------------------

            api - API dependencies for source set 'main'. (n)
            \--- org.slf4j:slf4j-api:2.0.7 (n)

            (n) - A dependency or dependency configuration that cannot be resolved.

            BUILD SUCCESSFUL in 2s
            2 actionable tasks: 2 executed

            """#
        let tree = try read(report)
        #expect(tree.labels == ["Project ':app'", "annotationProcessor", "compileClasspath",
                                "org.jetbrains.kotlin:kotlin-stdlib:1.9.0", "org.jetbrains:annotations:13.0",
                                "com.google.guava:guava:32.1.1-jre", "default", "com.google.guava:guava:32.1.1-jre",
                                "Project ':lib' - Shared code", "api", "org.slf4j:slf4j-api:2.0.7 (n)"])
        #expect(tree.parents == [-1, 0, 0, 2, 3, 2, 0, 6, -1, 8, 9])
        #expect(tree.attributes(of: 2)?.tooltip == "Compile classpath for source set 'main'.")
        #expect(tree.attributes(of: 6)?.tooltip == nil)
        // Printed with -q: no console lines, the report starts with its rule.
        let quiet = try read("\n" + report.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("----") }.joined(separator: "\n"))
        #expect(quiet.labels == tree.labels && quiet.parents == tree.parents)
        // A mistake in a report is told with the file's own widths and place.
        let bad = "------------------------------\nProject ':app'\n------------------------------\n\n"
            + "compileClasspath - Compile classpath.\n+--- a:b:1.0\n|    \\--- c:d:2.0\n  e:f:3.0\n"
        do {
            _ = try read(bad)
            Issue.record("read")
        } catch {
            #expect(error.description == "in.txt:8:3: inconsistent indentation: this line is indented 2, which matches no enclosing line: indent it 0, as the enclosing line, or 5, as its children")
        }
        // A failed build's report may stop short: refused at the failure, with Gradle's reason.
        let failed = report.replacingOccurrences(of: "BUILD SUCCESSFUL in 2s", with: """
            FAILURE: Build failed with an exception.

            * What went wrong:
            Could not resolve all dependencies for configuration ':lib:api'.

            BUILD FAILED in 2s
            """)
        do {
            _ = try read(failed)
            Issue.record("read")
        } catch {
            #expect(error.description == "in.txt:35:1: the Gradle build failed, so its report may be incomplete (what went wrong: Could not resolve all dependencies for configuration ':lib:api'.); fix the build, or draw the trees above this line alone")
        }
        #expect(throws: ReadError.self) { try read(report.replacingOccurrences(of: "BUILD SUCCESSFUL", with: "BUILD FAILED")) }
        // A rule and a header in an ordinary outline make no report.
        #expect(try read("a\n  ------------------------------\n  Project plan\n  ------------------------------\n").count == 4)
    }

    /// A list's bullet before a label is not part of it (old `pipdeptree`, notes); a dash
    /// without a space after it, or a label of a dash alone, stays.
    @Test func listBullets() throws {
        let text = """
            Flask==0.10.1
              - itsdangerous [required: >=0.21, installed: 0.24]
              - Jinja2 [required: >=2.4, installed: 2.7.2]
                * MarkupSafe [required: Any, installed: 0.18]
            + Lookupy==0.1
              -v
              -
              -  spaced

            """
        let tree = try read(text)
        #expect(tree.labels == ["Flask==0.10.1", "itsdangerous [required: >=0.21, installed: 0.24]",
                                "Jinja2 [required: >=2.4, installed: 2.7.2]", "MarkupSafe [required: Any, installed: 0.18]",
                                "Lookupy==0.1", "-v", "-", "spaced"])
        #expect(tree.parents == [-1, 0, 0, 2, -1, 4, 4, 4])
    }

    /// Maven's `dependency:tree`: "+- ", "\- ", "|  ".
    @Test func mavenDependencyTree() throws {
        let text = #"""
            com.example:demo:jar:0.0.1-SNAPSHOT
            +- org.springframework.boot:spring-boot-starter-web:jar:3.1.0:compile
            |  +- org.springframework.boot:spring-boot-starter:jar:3.1.0:compile
            |  |  \- org.yaml:snakeyaml:jar:1.33:compile
            |  \- org.springframework:spring-webmvc:jar:6.0.9:compile
            \- junit:junit:jar:4.13.2:test
               \- org.hamcrest:hamcrest-core:jar:1.3:test

            """#
        let tree = try read(text)
        #expect(tree.labels.allSatisfy { !$0.hasPrefix("|") && !$0.hasPrefix("+") && !$0.hasPrefix("\\") })
        #expect(tree.parents == [-1, 0, 1, 2, 1, 0, 5])
        // Copied from Maven's console, every line "[INFO] …" ("[INFO]" alone a blank line).
        let console = "[INFO]\n" + text.split(separator: "\n").map { "[INFO] " + $0 }.joined(separator: "\n") + "\n[INFO]\n"
        let fromConsole = try read(console)
        #expect(fromConsole.labels == tree.labels && fromConsole.parents == tree.parents)
        // Where some line is not Maven's, "[INFO]" stays in the labels.
        #expect(try read("[INFO] a\n  b\n").labels == ["[INFO] a", "b"])
    }

    /// `cargo tree`: a `[dev-dependencies]` line, level with its package, heads the package's
    /// dependencies of that kind, which follow one level deeper.
    @Test func cargoTreeSections() throws {
        let text = """
            demo v0.1.0 (/home/me/demo)
            ├── serde v1.0.189
            │   └── serde_derive v1.0.189 (proc-macro)
            │       └── quote v1.0.33
            │       [build-dependencies]
            │       └── cc v1.0.83
            └── anyhow v1.0.75
            [build-dependencies]
            └── cc v1.0.83
            [dev-dependencies]
            └── tempfile v3.8.0
                └── fastrand v2.0.1

            """
        let tree = try read(text)
        #expect(tree.labels == ["demo v0.1.0 (/home/me/demo)", "serde v1.0.189", "serde_derive v1.0.189 (proc-macro)",
                                "quote v1.0.33", "[build-dependencies]", "cc v1.0.83", "anyhow v1.0.75",
                                "[build-dependencies]", "cc v1.0.83", "[dev-dependencies]", "tempfile v3.8.0", "fastrand v2.0.1"])
        #expect(tree.parents == [-1, 0, 1, 2, 2, 4, 0, 0, 7, 0, 9, 10])
        // A package with dev-dependencies alone; in a plain outline such a line is as written.
        #expect(try read("demo v0.1.0\n[dev-dependencies]\n└── tempfile v3.8.0\n").parents == [-1, 0, 1])
        #expect(try read("config\n[dependencies]\n  serde\n").parents == [-1, -1, 1])
    }

    @Test func treeCommandOutput() throws {
        let text = """
            .
            ├── Package.swift
            ├── Sources
            │   └── Lib
            │       ├── A.swift
            │       └── B.swift
            └── Tests
                └── LibTests.swift

            3 directories, 4 files

            """
        #expect(shape(try read(text)) == [".", ".Package.swift", ".Sources", "..Lib", "...A.swift", "...B.swift", ".Tests", "..LibTests.swift"])
        // `tree --du -h` ends with an indented "SIZE used in" line.
        let du = "[4.0K]  .\n├── [ 12K]  a\n│   └── [8.0K]  x\n└── [   0]  y\n\n  16K used in 2 directories, 2 files\n"
        // Its sizes in brackets (`-h`, `-s`, `-p`, `-D`…) are each file's tooltip, not its label.
        let sized = try read(du)
        #expect(shape(sized) == [".", ".a", "..x", ".y"])
        #expect((0..<4).map { sized.attributes(of: $0)?.tooltip } == ["4.0K", "12K", "8.0K", "0"])
        let bytes = du.replacing("16K used in", with: "12294 bytes used in")
        #expect(shape(try read(bytes)) == [".", ".a", "..x", ".y"])
        let long = try read("[drwxr-xr-x root     root   4096 Dec  5 06:14]  d\n└── [-rw-r--r-- root  root   0 Dec  5 06:14]  a [b]\n")
        #expect(shape(long) == ["d", ".a [b]"] && long.attributes(of: 1)?.tooltip == "-rw-r--r-- root root 0 Dec 5 06:14")
        // An outline's own bracketed words stay (no tree drawing; one space after the bracket).
        #expect(shape(try read("[x]  a\n  b\n")) == ["[x]  a", ".b"])
        #expect(shape(try read("├── [x] a\n")) == ["[x] a"])
        // An empty folder's listing is its one line; an outline's own "3 files" line stays.
        #expect(shape(try read("[4.0K]  empty\n\n0 directories, 0 files\n")) == ["[4.0K]  empty"])
        #expect(try read("Plan\n\n3 files\n").labels == ["Plan", "3 files"])
        // A name that starts with a space ("├──  leading") is the entry's, not indentation.
        let spaced = try read("d\n├──  leading\n├── b\n└── c\n    └──   x\n")
        #expect(shape(spaced) == ["d", ".leading", ".b", ".c", "..x"])
    }

    /// `tree` writes a symbolic link "name -> target": drawn "name → target", classed
    /// `symlink`, as a directory read directly draws it; an indented outline keeps its text.
    @Test func treeCommandSymbolicLinksReadAsDirectoriesDo() throws {
        let listing = try read("java\n├── a.jar -> ../share/a-1.0.jar\n└── b -> x -> y\n")
        #expect(listing.labels == ["java", "a.jar → ../share/a-1.0.jar", "b → x -> y"])
        #expect(listing.attributes(of: 1)?.cssClass == "symlink")
        #expect(listing.attributes(of: 0) == nil)
        let outline = try read("steps\n  a -> b\n")
        #expect(outline.labels == ["steps", "a -> b"])
        #expect(outline.attributes(of: 1) == nil)
    }

    /// A long target shows its last components ("…/man/man7/DROP_TABLE.7.gz"), whole in the
    /// tooltip: absolute targets made every link a box of three or four lines.
    @Test func longSymbolicLinkTargetsShowTheirLastComponents() throws {
        let listing = try read("""
            man7
            ├── DROP_TABLE.7.gz -> /usr/share/postgresql/15/man/man7/DROP_TABLE.7.gz
            ├── x -> /a-single-component-of-well-over-thirty-two-characters
            ├── d -> /usr/share/postgresql/15/man/a-last-directory-name-of-40-chars/
            └── short -> ../../share/doc/short
            """ + "\n")
        #expect(listing.labels == ["man7", "DROP_TABLE.7.gz → …/man/man7/DROP_TABLE.7.gz",
                                   "x → /a-single-component-of-well-over-thirty-two-characters",
                                   "d → …/a-last-directory-name-of-40-chars/", "short → ../../share/doc/short"])
        #expect(listing.attributes(of: 1)?.tooltip == "DROP_TABLE.7.gz → /usr/share/postgresql/15/man/man7/DROP_TABLE.7.gz")
        #expect(listing.attributes(of: 1)?.cssClass == "symlink")
        #expect(listing.attributes(of: 4)?.tooltip == nil)
    }

    @Test func treeCommandWithNoBreakSpacesAndASCII() throws {
        let unicode = "root\n├── a\n│\u{A0}\u{A0} └── b\n└── c\n"
        #expect(shape(try read(unicode)) == ["root", ".a", "..b", ".c"])
        let ascii = "root\n|-- a\n|   `-- b\n`-- c\n"
        #expect(shape(try read(ascii)) == ["root", ".a", "..b", ".c"])
    }

    /// Windows' `tree /F /A`: `+---` and `\---` right before a name are branches, `|   ` a
    /// line passing by; a folder's files stand under it without a branch, lines of only `|`
    /// space folders apart, and the header's two lines are not nodes (CRLF, as Windows writes).
    @Test func windowsTreeASCII() throws {
        let text = #"""
            Folder PATH listing for volume OS
            Volume serial number is 5A3C-91F2
            C:.
            |   README.md
            |   setup.py
            |
            +---docs
            |   |   conf.py
            |   |   index.rst
            |   |
            |   \---_static
            |           logo.png
            |
            +---src
            |   \---mypkg
            |       |   __init__.py
            |       |   core.py
            |       |
            |       \---utils
            |               io.py
            |
            \---tests
                    test_core.py

            """#
        let expected = ["C:.", ".README.md", ".setup.py", ".docs", "..conf.py", "..index.rst", ".._static", "...logo.png",
                        ".src", "..mypkg", "...__init__.py", "...core.py", "...utils", "....io.py", ".tests", "..test_core.py"]
        #expect(shape(try read(text.replacing("\n", with: "\r\n"))) == expected)
        #expect(shape(try read(text)) == expected)
        // Without the header, and without files (no `|` lines between folders).
        #expect(shape(try read(#"root\#n+---a\#n|   +---a1\#n|   \---a2\#n\---b\#n    \---b1\#n"#))
                == ["root", ".a", "..a1", "..a2", ".b", "..b1"])
        // Messages keep the file's lines: the header's are counted.
        let bad = try #require(error("Folder PATH listing for volume OS\r\nVolume serial number is 5A3C-91F2\r\nC:.\r\n+---a\r\n  b\r\n"))
        #expect(bad.line == 5)
    }

    /// Windows localises `tree`'s header: two lines above a drive root ("C:.", "C:\PATH")
    /// whose second ends in a volume's serial number are left out; other first lines stay.
    /// A folder without subfolders ends its listing with "No subfolders exist".
    @Test func windowsTreeHeadersAndNoSubfolders() throws {
        let german = "Auflistung der Ordnerpfade für Volume OS\r\nVolumeseriennummer : 5A3C-91F2\r\nC:\\USERS\\ME\\PROJECT\r\n+---a\r\n\\---b\r\n"
        #expect(shape(try read(german)) == ["C:\\USERS\\ME\\PROJECT", ".a", ".b"])
        #expect(try read("Folder notes\nSerial 1234-ABCD\nPlan\n  a\n").labels == ["Folder notes", "Serial 1234-ABCD", "Plan", "a"])
        #expect(try read("Notes\nSee below\nC:.\n").labels == ["Notes", "See below", "C:."])
        let files = "Folder PATH listing for volume OS\r\nVolume serial number is 5A3C-91F2\r\nC:.\r\n    a.txt\r\n    b.txt\r\n\r\nNo subfolders exist \r\n\r\n"
        #expect(shape(try read(files)) == ["C:.", ".a.txt", ".b.txt"])
        #expect(shape(try read("Folder PATH listing\nVolume serial number is 0000-0001\nC:.\nNo subfolders exist\n")) == ["C:."])
        // Elsewhere it is a label like any other.
        #expect(try read("Plan\n  No subfolders exist\n").labels == ["Plan", "No subfolders exist"])
        #expect(try read("Plan\nNo subfolders exist\n").labels == ["Plan", "No subfolders exist"])
    }

    /// Windows' `tree /F` in Unicode: `├───`, `└───` (three dashes), `│   `, and `│` alone.
    @Test func windowsTreeUnicode() throws {
        let text = "C:.\r\n│   README.md\r\n│\r\n├───docs\r\n│   │   conf.py\r\n│   │\r\n│   └───_static\r\n│           logo.png\r\n│\r\n└───tests\r\n        test_core.py\r\n\r\n"
        #expect(shape(try read(text)) == ["C:.", ".README.md", ".docs", "..conf.py", ".._static", "...logo.png", ".tests", "..test_core.py"])
    }

    /// Other ASCII trees draw `+-- ` for a branch, as `|-- `, beside `` `-- `` for the last.
    @Test func plusDashDashBranches() throws {
        #expect(shape(try read("root\n+-- a\n|   +-- a1\n|   `-- a2\n`-- b\n    `-- b1\n")) == ["root", ".a", "..a1", "..a2", ".b", "..b1"])
        // Gradle's "+--- " (five columns) and Maven's "+- " (three) stay theirs.
        #expect(shape(try read("r\n+--- a\n|    \\--- a1\n\\--- b\n")) == ["r", ".a", "..a1", ".b"])
        #expect(shape(try read("r\n+- a\n|  \\- a1\n\\- b\n")) == ["r", ".a", "..a1", ".b"])
    }

    @Test func errorsNameLineAndColumn() {
        #expect(error("Root\n\tA\n    B\n")?.description == "in.txt:3:5: indented with spaces, but earlier lines use tabs")
        #expect(error("Root\n \tA\n")?.description == "in.txt:2:3: indentation mixes tabs and spaces")
        #expect(error("Root\n    A\n  B\n")?.description
            == "in.txt:3:3: inconsistent indentation: this line is indented 2, which matches no enclosing line: indent it 0, as the enclosing line, or 4, as its children")
        #expect(error("  Root\nA\n")?.description == "in.txt:2:1: indented less than the first line")
        #expect(error("")?.description == "in.txt: no nodes: the input is empty")
        #expect(error("\n  \n")?.description == "in.txt: no nodes: the input is empty")
        #expect(error("Root\n  a\u{0}b\n")?.description == "in.txt:2:4: control character U+0000 in a label")
        #expect(error("Root\n  [critical]\n")?.description == "in.txt:2:3: a line has markers but no label")
    }

    @Test func invalidUTF8IsAnError() {
        let bytes: [UInt8] = Array("Root\n  ok\n  b".utf8) + [0xFF, 0x0A]
        #expect(throws: ReadError(file: "x", line: 3, column: 4, message: "invalid UTF-8 (byte 0xFF): if the file is in another "
                                  + "encoding, convert it first (iconv -f LATIN1 -t UTF-8)")) {
            try OutlineReader().read(bytes, file: "x")
        }
        // A binary file (an ELF program's header) is named as one.
        let program: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0xD0, 0x0A]
        #expect(throws: ReadError(file: "x", line: 1, column: 11, message: "invalid UTF-8 (byte 0xD0): this looks like a binary "
                                  + "file (it holds NUL bytes), not a hierarchy")) {
            try OutlineReader().read(program, file: "x")
        }
    }

    @Test func unicodeLabelsAndColumnsCountCharacters() throws {
        let tree = try read("Wurzel\n  Käse 🧀\n  日本語\n")
        #expect(tree.labels == ["Wurzel", "Käse 🧀", "日本語"])
        #expect(error("日本\n  a\n b\n")?.column == 2)
    }

    @Test func unnamedNodesAreWrittenAsEmptyQuotes() throws {
        let tree = try read("Life\n  \"\"\n    Felis\n  \"\" {#n2} !\n  \\\"\"\n")
        #expect(shape(tree) == ["Life", ".", "..Felis", ".", ".\"\""])
        #expect(tree.id(of: 3) == "n2" && tree.types[3] == .important)
        #expect(error("Root\n  {#x}\n")?.description == "in.txt:2:3: a line has markers but no label")
    }

    @Test func treeOutputWithEmptyBranchesSpacerLinesAndSummaryLikeNames() throws {
        let text = "root\n├── \n│   └── a\n│\n└── 2 files\n    └── 3 directories\n\n1 directory, 3 files\n"
        #expect(shape(try read(text)) == ["root", ".", "..a", ".2 files", "..3 directories"])
        // Without the blank line before it, a last "N files" line is a node, not dropped.
        #expect(shape(try read("root\n└── a\n2 files\n")) == ["root", ".a", "2 files"])
    }

    @Test func labelsAreTrimmedOfUnicodeWhitespace() throws {
        #expect(try read("Root\u{2003}\n  a\u{A0}\n").labels == ["Root", "a"])
    }

    @Test func duplicateIdsAreRefusedNamingBothPlaces() {
        #expect(error("Root {#r}\n  a {#x}\n  b {#x}\n")?.description == "in.txt:3:5: duplicate id 'x' (first at in.txt:2:5)")
    }
}
