import Foundation
import Testing
import TestSupport

@Suite struct WatchAndDiffPageTests {
    private func contents(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Waits up to `seconds` for `condition`.
    private func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test(.timeLimit(.minutes(1)))
    func watchRendersAgainOnEveryChangeAndGoesOnAfterAnError() throws {
        let directory = try makeScratchDirectory("schematic-watch")
        let input = directory + "/tree.txt", output = directory + "/tree.svg"
        try "Root\n  Alpha\n".write(toFile: input, atomically: true, encoding: .utf8)
        let watcher = try RunningProcess.schematic(["render", input, "-o", output, "--watch"])
        var log = try watcher.standardError(within: 20) { $0.contains("wrote \(output): 2 nodes") }
        #expect(log.contains("wrote \(output): 2 nodes"), "\(log)")
        #expect(contents(output).contains(">Alpha<"))

        try "Root\n  Alpha\n  Beta\n".write(toFile: input, atomically: false, encoding: .utf8)
        #expect(eventually(within: 5) { contents(output).contains(">Beta<") })
        log = try watcher.standardError(within: 5) { $0.contains("wrote \(output): 3 nodes") }
        #expect(log.contains("wrote \(output): 3 nodes"))

        // A broken file: its message, one line, and the last drawing stays.
        try "Root\n  Alpha\n Beta\n".write(toFile: input + ".new", atomically: false, encoding: .utf8)
        #expect(rename(input + ".new", input) == 0)
        log = try watcher.standardError(within: 5) { $0.contains("\(input):3:2: ") }
        #expect(log.split(separator: "\n").contains { $0.hasSuffix("\(input):3:2: inconsistent indentation: this line is indented 1, which matches no enclosing line: indent it 0, as the enclosing line, or 2, as its children") })
        #expect(contents(output).contains(">Beta<"))

        // And it goes on.
        try "Root\n  Gamma\n".write(toFile: input, atomically: false, encoding: .utf8)
        #expect(eventually(within: 5) { contents(output).contains(">Gamma<") })
        #expect(contents(output) == (try Executable.run(["render", input])).stdout, "the same drawing as a plain render")
        watcher.signal(SIGTERM)
        #expect(try watcher.exitStatus(within: 10) == 0)
    }

    /// A watched file removed is told once (nothing was said), and drawn again when it is back.
    @Test(.timeLimit(.minutes(1)))
    func watchTellsWhenTheFileIsGoneAndGoesOnWhenItIsBack() throws {
        let directory = try makeScratchDirectory("schematic-watch")
        let input = directory + "/tree.txt", output = directory + "/tree.svg"
        try "Root\n  Alpha\n".write(toFile: input, atomically: true, encoding: .utf8)
        let watcher = try RunningProcess.schematic(["render", input, "-o", output, "--watch"])
        _ = try watcher.standardError(within: 20) { $0.contains("wrote \(output): 2 nodes") }
        #expect(unlink(input) == 0)
        let gone = try watcher.standardError(within: 5) { $0.contains("no longer there") }
        #expect(gone.contains("\(input): no longer there (removed or renamed); waiting for it to come back"), "\(gone)")
        try "Root\n  Alpha\n  Beta\n".write(toFile: input, atomically: true, encoding: .utf8)
        let back = try watcher.standardError(within: 5) { $0.contains("wrote \(output): 3 nodes") }
        #expect(back.contains("wrote \(output): 3 nodes"))
        #expect(back.components(separatedBy: "no longer there").count == 2, "told once: \(back)")
        watcher.signal(SIGTERM)
        #expect(try watcher.exitStatus(within: 10) == 0)
    }

    @Test func watchNeedsOneFileAndAnOutputFile() throws {
        let standardInput = try Executable.run(["render", "-", "-o", "/tmp/x.svg", "--watch"])
        #expect(standardInput.status == 64 && standardInput.stderr.contains("--watch needs one input file"))
        let standardOutput = try Executable.run(["render", "a.txt", "--watch"])
        #expect(standardOutput.status == 64 && standardOutput.stderr.contains("--watch needs an output file"))
    }

    @Test func diffWritesAPageThatPlaysTheTransition() throws {
        let directory = try makeScratchDirectory("schematic-diff-page")
        try "Root\n  A\n    A1\n  B\n".write(toFile: directory + "/old.txt", atomically: true, encoding: .utf8)
        try "Root\n  A\n    A1\n    A2\n".write(toFile: directory + "/new.txt", atomically: true, encoding: .utf8)
        let result = try Executable.run(["diff", directory + "/old.txt", directory + "/new.txt", "-o", directory + "/change.html"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = contents(directory + "/change.html")
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("var SchematicTransitions"))
        #expect(page.contains("\"change\":\"inserted\",\"label\":\"A2\"") && page.contains("\"change\":\"deleted\",\"label\":\"B\""))
        let explicit = try Executable.run(["diff", directory + "/old.txt", directory + "/new.txt", "--format", "html"])
        #expect(explicit.stdout == page, "byte-identical, by extension or by --format")
        let refused = try Executable.run(["diff", directory + "/old.txt", directory + "/new.txt", "-o", directory + "/change.svg"])
        #expect(refused.status == 64 && refused.stderr.contains("diff writes JSON or HTML, not .svg"))
    }

    /// The page's keys work as it opens, before the drawing is clicked (they listened on the
    /// view alone, which had no focus), and not while typing in the search box.
    @Test(.enabled(if: BrowserSession.isAvailable), .timeLimit(.minutes(1)))
    func thePagesKeysWorkWithoutClickingTheDrawing() throws {
        let directory = try makeScratchDirectory("schematic-diff-page")
        #expect(try Executable.run(["render", RepositoryPaths.samples + "/org-chart.json", "-o", directory + "/page.html"]).status == 0)
        let page = try BrowserSession(url: "file://" + directory + "/page.html")
        #expect(try page.evaluate("!!window.schematic", until: true, timeout: 10).ok)
        func key(_ name: String, on target: String) -> String {
            "(function(){var s=window.schematic.camera.scale;\(target).dispatchEvent(new KeyboardEvent('keydown',{key:'\(name)',bubbles:true}));"
                + "return window.schematic.camera.scale/s;})()"
        }
        let zoomed = try page.evaluate(key("+", on: "document.body"))
        #expect(abs((zoomed.value as? Double ?? 0) - 1.25) < 1e-9, "'+' on the page zooms in: \(String(describing: zoomed.value))")
        let typed = try page.evaluate(key("+", on: "document.getElementById('schematic-search')"))
        #expect(typed.value as? Double == 1, "'+' typed in the search box is text: \(String(describing: typed.value))")
    }

    @Test(.enabled(if: BrowserSession.isAvailable), .timeLimit(.minutes(1)))
    func theDiffPageAnimatesFromTheOldDrawingToTheNew() throws {
        let directory = try makeScratchDirectory("schematic-diff-page")
        try "Root\n  A\n    A1\n  B\n".write(toFile: directory + "/old.txt", atomically: true, encoding: .utf8)
        try "Root\n  A\n    A1\n    A2\n".write(toFile: directory + "/new.txt", atomically: true, encoding: .utf8)
        #expect(try Executable.run(["diff", directory + "/old.txt", directory + "/new.txt", "-o", directory + "/change.html"]).status == 0)
        let page = try BrowserSession(url: "file://" + directory + "/change.html")
        // While it plays, the deleted node is there (leaving), the new one growing.
        let playing = try page.evaluate("""
            document.body.dataset.state === 'animating' &&
              document.querySelectorAll('.schematic-leaving g.node[aria-label="B"]').length === 1 &&
              !!document.querySelector('g.node[aria-label="A2"][transform]')
            """, until: true, timeout: 5)
        #expect(playing.ok)
        // It ends on the new drawing exactly as `schematic render` writes it.
        let ended = try page.evaluate("""
            document.body.dataset.state === 'idle' && !document.querySelector('.schematic-leaving') &&
              Array.from(document.querySelectorAll('g.node')).map(function (g) { return g.getAttribute('aria-label'); }).join(',')
            """, until: true, timeout: 5)
        #expect(ended.value as? String == "Root,A,A1,A2")
        let rendered = try Executable.run(["render", directory + "/new.txt", "--format", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any]
        let a2 = ((json?["elements"] as? [[String: Any]]) ?? []).first { $0["label"] as? String == "A2" }?["frame"] as? [String: Double]
        let drawn = try page.evaluate("['x','y','width','height'].map(function (n) { return +document.querySelector('g.node[aria-label=\"A2\"] rect').getAttribute(n); })")
        #expect(drawn.value as? [Double] == [a2?["x"], a2?["y"], a2?["width"], a2?["height"]].compactMap { $0 })
    }
}
