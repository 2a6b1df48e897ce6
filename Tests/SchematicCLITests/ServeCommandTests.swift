import Foundation
import Testing
import TestSupport

/// `schematic serve`: a real server on a loopback port, a real page in headless Chromium.
@Suite(.serialized) struct ServeCommandTests {
    /// Replaces the file as editors do: a new file renamed over the old one.
    private func edit(_ path: String, _ text: String) throws {
        try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        #expect(rename(path + ".tmp", path) == 0)
    }

    /// The frame `schematic render --format json` gives the node with this label.
    private func cliFrame(of label: String, in path: String) throws -> [Double] {
        let result = try Executable.run(["render", path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let elements = json?["elements"] as? [[String: Any]] ?? []
        let frame = try #require(elements.first { $0["label"] as? String == label }?["frame"] as? [String: Double])
        return [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!]
    }

    /// The rectangle the page draws for the node with this label, once no animation runs and
    /// the page shows `version`.
    private func pageFrame(of label: String, version: Int, in page: BrowserSession, timeout: Double) throws -> (frame: [Double], elapsed: Double) {
        let answer = try page.evaluate("""
            (function () {
              if (document.body.dataset.version !== '\(version)' || document.body.dataset.state !== 'idle') return null;
              var node = Array.from(document.querySelectorAll('g.node')).find(function (g) { return g.getAttribute('aria-label') === '\(label)'; });
              if (!node) return null;
              var rect = node.querySelector('rect');
              return ['x', 'y', 'width', 'height'].map(function (name) { return +rect.getAttribute(name); });
            })()
            """, until: true, timeout: timeout)
        #expect(answer.ok, "the page did not show \(label) (version \(version)) within \(timeout) s: \(answer.error ?? "")")
        return ((answer.value as? [Double]) ?? [], answer.elapsed)
    }

    @Test(.enabled(if: BrowserSession.isAvailable), .timeLimit(.minutes(2)))
    func thePageFollowsEditsAnimatesAndShowsErrors() throws {
        let directory = try makeScratchDirectory("schematic-serve")
        let file = directory + "/tree.txt"
        try "Root\n  Alpha\n  Beta\n".write(toFile: file, atomically: true, encoding: .utf8)
        let server = try RunningProcess.schematic(["serve", file, "--port", "0"])
        let address = try server.line(within: 30, what: "the server's address")
        #expect(address.hasPrefix("http://127.0.0.1:") && address.hasSuffix("/"))
        let page = try BrowserSession(url: address)
        #expect(try page.evaluate("document.body.dataset.version === '0' && document.querySelectorAll('g.node').length", until: true, timeout: 10).value as? Int == 3)

        // A new node: on the page within 1 s, where the command line puts it.
        try edit(file, "Root\n  Alpha\n  Beta\n    Gamma\n")
        let watched = try page.evaluate("document.body.dataset.state === 'animating' && !!document.querySelector('g.node[aria-label=\"Gamma\"][transform]')",
                                        until: true, timeout: 1)
        #expect(watched.ok, "the new node is animated in")
        let gamma = try pageFrame(of: "Gamma", version: 1, in: page, timeout: 1)
        #expect(gamma.elapsed < 1)
        #expect(gamma.frame == (try cliFrame(of: "Gamma", in: file)))
        try server.standardError(within: 5) { $0.contains("4 nodes (1 added, 0 removed), laid out again") }

        // A relabel goes through the layout's targeted invalidation; the page still matches.
        try edit(file, "Root\n  Alphabet soup\n  Beta\n    Gamma\n")
        let relabelled = try pageFrame(of: "Alphabet soup", version: 2, in: page, timeout: 1)
        #expect(relabelled.frame == (try cliFrame(of: "Alphabet soup", in: file)))
        #expect(try pageFrame(of: "Gamma", version: 2, in: page, timeout: 1).frame == (try cliFrame(of: "Gamma", in: file)))
        try server.standardError(within: 5) { $0.contains("1 label changed in place") }

        // A broken file: its message above the last good drawing.
        try edit(file, "Root\n  Alphabet soup\n Beta\n")
        let message = try page.evaluate("!document.getElementById('schematic-status').hidden && document.getElementById('schematic-status').textContent",
                                        until: true, timeout: 1)
        #expect((message.value as? String)?.hasPrefix(file + ":3:2: ") == true, "\(String(describing: message.value))")
        #expect(try page.evaluate("document.querySelectorAll('g.node').length").value as? Int == 4)
        // Fixed again: the message goes.
        try edit(file, "Root\n  Alphabet soup\n")
        #expect(try page.evaluate("document.getElementById('schematic-status').hidden && document.body.dataset.version === '3'", until: true, timeout: 2).ok)

        // SIGINT stops the server and its helper cleanly.
        server.signal(SIGINT)
        #expect(try server.exitStatus(within: 10) == 0)
        let port = String(address.dropFirst("http://127.0.0.1:".count).dropLast())
        #expect(try !listeningPorts().contains(Int(port)!), "nothing listens on the port any more")
    }

    /// Ports in LISTEN state on IPv4, with their addresses (/proc/net/tcp).
    private func listeningSockets() throws -> [(address: String, port: Int)] {
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            let local = fields[1].split(separator: ":")
            return (String(local[0]), Int(local[1], radix: 16) ?? -1)
        }
    }

    private func listeningPorts() throws -> [Int] { try listeningSockets().map(\.port) }

    @Test(.timeLimit(.minutes(1)))
    func listensOnLoopbackOnlyAndAnswersLoopbackNamesOnly() throws {
        let directory = try makeScratchDirectory("schematic-serve")
        try "Root\n  Alpha\n".write(toFile: directory + "/tree.txt", atomically: true, encoding: .utf8)
        let server = try RunningProcess.schematic(["serve", directory + "/tree.txt"])
        let address = try server.line(within: 30, what: "the server's address")
        let port = Int(address.dropFirst("http://127.0.0.1:".count).dropLast())!
        // 0100007F is 127.0.0.1 as /proc writes it.
        #expect(try listeningSockets().filter { $0.port == port }.map(\.address) == ["0100007F"])
        // A page reached through another name (DNS rebinding) or from another origin is refused.
        let probe = """
            import sys, urllib.request, urllib.error
            def status(headers):
                try: return urllib.request.urlopen(urllib.request.Request(sys.argv[1], headers=headers), timeout=5).status
                except urllib.error.HTTPError as error: return error.code
            print(status({}), status({'Host': 'attacker.example'}), status({'Origin': 'http://attacker.example'}))
            """
        let answer = try RunningProcess("/usr/bin/env", ["python3", "-c", probe, address])
        #expect(try answer.line(within: 20) == "200 403 403")
        server.signal(SIGTERM)
        #expect(try server.exitStatus(within: 10) == 0)
    }

    @Test func refusesOtherInterfacesBadPortsAndStandardInput() throws {
        let host = try Executable.run(["serve", "x.txt", "--host", "0.0.0.0"])
        #expect(host.status == 64 && host.stderr.contains("Unknown option '--host'"))
        let port = try Executable.run(["serve", "x.txt", "--port", "70000"])
        #expect(port.status == 64 && port.stderr.contains("--port must be from 0 to 65535"))
        let standardInput = try Executable.run(["serve", "-"])
        #expect(standardInput.status == 64 && standardInput.stderr.contains("not standard input"))
        let missing = try Executable.run(["serve", "/nonexistent/tree.txt"])
        #expect(missing.status == 66)
    }

    @Test(.timeLimit(.minutes(1)))
    func aPortInUseIsReported() throws {
        let directory = try makeScratchDirectory("schematic-serve")
        try "Root\n".write(toFile: directory + "/tree.txt", atomically: true, encoding: .utf8)
        let first = try RunningProcess.schematic(["serve", directory + "/tree.txt"])
        let address = try first.line(within: 30, what: "the server's address")
        let port = String(address.dropFirst("http://127.0.0.1:".count).dropLast())
        let second = try Executable.run(["serve", directory + "/tree.txt", "--port", port])
        #expect(second.status == 69)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(port): the port is in use"), "\(second.stderr)")
        first.signal(SIGINT)
        #expect(try first.exitStatus(within: 10) == 0)
    }
}
