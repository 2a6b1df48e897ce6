import Foundation
import Testing
import TestSupport

/// `--layout` and the options of the other layouts, as users type them.
@Suite struct OtherLayoutCommandTests {
    static let taxonomy = RepositoryPaths.samples + "/taxonomy.txt"

    @Test(arguments: ["flow", "grid", "circle", "masonry"])
    func everyLayoutRendersEveryFormat(layout: String) throws {
        for format in ["svg", "dot", "json", "html"] {
            let result = try Executable.run(["render", Self.taxonomy, "--layout", layout, "--format", format])
            #expect(result.status == 0, "\(layout) \(format): \(result.stderr)")
            #expect(result.stdout.contains("Primates"), "\(layout) \(format) lost a label")
        }
    }

    /// PNG through Graphviz draws our pinned layout, section bars and effects included.
    @Test(arguments: ["flow", "grid", "circle", "masonry"])
    func everyLayoutRendersToPNGThroughGraphviz(layout: String) throws {
        let dir = try makeScratchDirectory("schematic-png")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try Executable.run(["render", Self.taxonomy, "--layout", layout, "--focus", "Aves", "-o", dir + "/x.png"])
        #expect(png.status == 0, "\(png.stderr)")
        // Only our own note that a circle keeps its labels upright there, no Graphviz warning.
        let others = png.stderr.split(separator: "\n").filter { !$0.contains("Graphviz cannot turn labels") }
        #expect(others.isEmpty, "Graphviz warned: \(png.stderr)")
        #expect(png.stderr.contains("Graphviz cannot turn labels") == (layout == "circle"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let dot = try Executable.run(["render", Self.taxonomy, "--layout", layout, "--focus", "Aves", "--format", "dot"])
        #expect(dot.stdout.contains("bar_header_1") == (layout == "flow" || layout == "masonry"), "bars are pinned nodes")
        #expect(dot.stdout.contains(", fontsize=21"), "the focused node's label is scaled with it")
    }

    @Test func optionsOfAnotherLayoutAreRefused() throws {
        for (arguments, message) in [
            (["--layout", "flow", "--columns", "3"], "--columns applies to --layout masonry, not flow"),
            (["--rotation", "30"], "--rotation applies to --layout circle, not schematic"),
            (["--layout", "masonry", "--connectors", "curved"], "--layout masonry draws no connectors"),
            (["--layout", "circle", "--connectors", "elbow"], "--layout circle draws straight or curved connectors"),
            (["--layout", "masonry", "--columns", "0"], "the number of columns must be from 1 to 10000"),
            (["--layout", "flow", "--section-inset", "1,2"], "section-inset"),
            (["--focus-scale", "2"], "--focus-scale needs --focus"),
            (["--layout", "flow", "--align", "tidy"], "--align applies to --layout schematic, not flow"),
            (["--layout", "grid", "--item-padding", "5"], "--item-padding applies to --layout schematic, circle, not grid"),
            (["--layout", "masonry", "--bands"], "--bands applies to --layout schematic, not masonry"),
            (["--layout", "circle", "--no-nest"], "--no-nest applies to --layout schematic, not circle"),
            (["--layout", "flow", "--width", "1e300"], "--width must be a number of at most 10000000"),
            (["--layout", "masonry", "--columns", "-1"], "the number of columns must be from 1 to 10000"),
            (["--focus", "Primates", "--focus-scale", "1e308"], "--focus-scale must be from 0.01 to 100"),
            (["--fisheye", "1,2,-3"], "fisheye"),
        ] {
            let result = try Executable.run(["render", Self.taxonomy] + arguments)
            #expect(result.status == 64, "\(arguments) gave \(result.status)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test(arguments: ["schematic", "grid", "circle"])
    func connectorsFromAdditionalParentsAreDashed(layout: String) throws {
        let result = try Executable.run(["render", "-", "--from", "dot", "--layout", layout],
                                        stdin: "digraph { A -> B; A -> C; B -> D; C -> D }")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "class=\"connector extra\"").count == 2, "one dashed connector, C to D")
        #expect(result.stdout.contains(".schematic .connector.extra{stroke-dasharray:6 5}"))
        let dot = try Executable.run(["render", "-", "--from", "dot", "--layout", layout, "--format", "dot"],
                                     stdin: "digraph { A -> B; A -> C; B -> D; C -> D }")
        #expect(dot.stdout.components(separatedBy: "style=dashed").count == 2)
    }

    @Test func negativeNumbersNeedNoEqualsSign() throws {
        let rotated = try Executable.run(["render", Self.taxonomy, "--layout", "circle", "--rotation", "-30", "--fisheye", "-10,5"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
    }

    @Test func aCircleTakesTheSchematicSpacing() throws {
        let loose = try Executable.run(["render", Self.taxonomy, "--layout", "circle", "--format", "json", "--section-padding", "200"])
        let tight = try Executable.run(["render", Self.taxonomy, "--layout", "circle", "--format", "json"])
        #expect(loose.status == 0 && tight.status == 0)
        #expect(loose.stdout.count > 0 && loose.stdout.prefix(60) != tight.stdout.prefix(60), "rings further apart widen the content")
    }

    @Test func markdownBlocksTakeALayout() throws {
        let flow = "# Guide\n\n```schematic layout=flow\nRoot\n  A\n  B\n```\n"
        let good = try Executable.run(["markdown", "-"], stdin: flow)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("<rect class=\"section-header\"") && good.stdout.contains(">Depth 1</text>"),
                "a flow draws its section headers")
        let bad = try Executable.run(["markdown", "-"], stdin: flow + "\n```schematic layout=spiral\nRoot\n```\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("'layout=spiral': The value 'spiral' is invalid for 'layout"))
        let mixed = try Executable.run(["markdown", "-"], stdin: "```schematic layout=grid align=tidy\nRoot\n```\n")
        #expect(mixed.status == 65 && mixed.stderr.contains("align applies to layout schematic, not grid"))
        let circle = try Executable.run(["markdown", "-", "--layout", "circle"], stdin: "```schematic\nRoot\n  A\n```\n")
        #expect(circle.status == 0 && circle.stdout.contains("<svg"))
    }

    @Test func focusOnAMissingNodeIsAUsageError() throws {
        let result = try Executable.run(["render", Self.taxonomy, "--focus", "Dinosauria"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no node has the id or label \"Dinosauria\""))
        #expect(result.stdout.isEmpty)
    }

    @Test func effectsShowInSVGAndJSON() throws {
        let svg = try Executable.run(["render", Self.taxonomy, "--focus", "Primates", "--focus-scale", "2"])
        #expect(svg.status == 0)
        // Scaled by 2 and, as it would stick out of the drawing on the right, moved inwards.
        #expect(svg.stdout.contains("matrix(2 0 0 2 -"), "the focused node is scaled by 2")
        #expect(!svg.stdout.contains("opacity=\""))
        // Fisheye from the top-left corner: the root, at the left middle, is scaled by cos(d/400·π/4).
        let fisheye = try Executable.run(["render", Self.taxonomy, "--fisheye", "0,0,400"])
        #expect(fisheye.stdout.contains("aria-label=\"Animalia\" opacity=\"0.95\" transform=\"translate(62.5 147) matrix(0.951217 0 0 0.951217 0 0)"))
        // Drawn last: the focused node comes after every other node.
        let lastNode = svg.stdout.range(of: "aria-label=\"", options: .backwards)!
        #expect(svg.stdout[lastNode.upperBound...].hasPrefix("Primates"))
        let json = try Executable.run(["render", Self.taxonomy, "--focus", "Primates", "--format", "json"])
        let line = json.stdout.split(separator: "\n").first { $0.contains("\"label\":\"Primates\"") }!
        #expect(line.contains("\"zIndex\":1"))
        #expect(line.contains("\"transform\":[1.5,0,0,0,0,1.5,"))
    }

    @Test func diffWritesEachLayoutsAppearingAttributes() throws {
        let dir = try makeScratchDirectory("schematic-diff")
        try "A\n  B\n  C\n    D\n".write(toFile: dir + "/old.txt", atomically: true, encoding: .utf8)
        try "A\n  B\n    E\n  C\n".write(toFile: dir + "/new.txt", atomically: true, encoding: .utf8)
        let result = try Executable.run(["diff", dir + "/old.txt", dir + "/new.txt", "--layout", "circle", "--sizing", "fixed"])
        #expect(result.status == 0, "\(result.stderr)")
        // Recipe 10-6: a deleted item shrinks into the centre (scale 0.1) and fades out.
        let deleted = result.stdout.split(separator: "\n").first { $0.contains("\"change\":\"deleted\"") }!
        #expect(deleted.contains("\"transform\":[0.1,0,0,0,0,0.1,"))
        #expect(deleted.contains("\"alpha\":0,"))
    }
}

/// Self-sizing viewport by viewport gives the drawing the whole document gives, in every
/// layout, also where sizes move cells into viewports already visited (flow lines re-wrap).
@Suite struct ViewportSelfSizingTests {
    @Test(arguments: ["schematic", "flow", "grid", "circle", "masonry"])
    func viewportPassesGiveTheSameDrawing(layout: String) throws {
        let input = RepositoryPaths.root + "/Tests/Fixtures/random-718.txt"
        let whole = try Executable.run(["render", input, "--layout", layout])
        let scrolled = try Executable.run(["render", input, "--layout", layout, "--viewport", "300x150"])
        #expect(whole.status == 0 && scrolled.status == 0)
        #expect(whole.stdout == scrolled.stdout)
    }
}

/// The circle's labels along the radii, from the command line.
@Suite struct CircleLabelDirectionCommandTests {
    /// A circle of a real tree draws its labels along the radii and stays within four and a
    /// half times the area of the left-to-right drawing (upright labels took 6 to 24 times on
    /// these; radial ones took at most 3 times until smaller fans wrapped in the left-to-right
    /// drawing, which made it 1.6–2.6 times smaller on two of them: the circle did not change).
    @Test(arguments: ["python-exceptions.txt", "python-stdlib-modules.txt", "primates.txt", "zoneinfo.tree", "marsupials.txt", "i18n.tree", "graphviz-doc.tree"])
    func aCircleOfARealTreeIsAtMostThreeTimesTheColumns(file: String) throws {
        let path = RepositoryPaths.samples + "/real/" + file
        func area(_ arguments: [String]) throws -> (area: Double, turned: Int) {
            let result = try Executable.run(["render", path, "--format", "json", "-q"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let size = try #require(json["contentSize"] as? [String: Double])
            let elements = try #require(json["elements"] as? [[String: Any]])
            return (size["width"]! * size["height"]!, elements.filter { (($0["transform"] as? [Double])?[1] ?? 0) != 0 }.count)
        }
        let columns = try area([]), circle = try area(["--layout", "circle"])
        #expect(circle.area <= 4.5 * columns.area, "circle \(circle.area) vs columns \(columns.area)")
        #expect(circle.turned > 0, "labels along the radii")
        #expect(try area(["--layout", "circle", "--label-direction", "horizontal"]).turned == 0)
    }

    /// Graphviz cannot turn labels: a circle it draws keeps them upright, and asking for radial
    /// labels there is refused before anything is written.
    @Test func graphvizOutputOfACircleKeepsLabelsUpright() throws {
        let dot = try Executable.run(["render", OtherLayoutCommandTests.taxonomy, "--layout", "circle", "--format", "dot"])
        let upright = try Executable.run(["render", OtherLayoutCommandTests.taxonomy, "--layout", "circle", "--label-direction", "horizontal", "--format", "dot"])
        #expect(dot.status == 0 && dot.stdout == upright.stdout)
        // Said once, with what draws them turned; not when upright labels were asked for.
        #expect(dot.stderr.contains("Graphviz cannot turn labels, so this circle keeps them upright"), "\(dot.stderr)")
        #expect(!upright.stderr.contains("Graphviz cannot turn labels"))
        let refused = try Executable.run(["render", OtherLayoutCommandTests.taxonomy, "--layout", "circle", "--label-direction", "radial", "--format", "png", "-o", "/nonexistent-dir/x.png"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--label-direction radial cannot be drawn as png"), "\(refused.stderr)")
        let other = try Executable.run(["render", OtherLayoutCommandTests.taxonomy, "--label-direction", "radial"])
        #expect(other.status == 64 && other.stderr.contains("--label-direction applies to --layout circle"), "\(other.stderr)")
    }
}
