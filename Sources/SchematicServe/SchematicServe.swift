import FlyingFox
import FlyingSocks
import Foundation

/// `schematic-serve --port N`: the HTTP and WebSocket side of `schematic serve`, which runs it.
///
/// It listens on 127.0.0.1 only (port 0 picks a free one), prints its address on standard
/// output once it listens, and serves the page and messages `schematic serve` sends it on
/// standard input (see `ParentChannel`): `GET /` is the page, `/socket` a WebSocket that gets
/// the latest drawing and status at once and every later one. It stops when its standard input
/// closes. Exit status: 0 stopped, 64 bad usage, 69 cannot listen.
@main
struct SchematicServe {
    static func main() async {
        let port: UInt16
        switch parsePort(Array(CommandLine.arguments.dropFirst())) {
        case .success(let value): port = value
        case .failure(let message):
            FileHandle.standardError.write(Data("schematic-serve: \(message)\n".utf8))
            exit(64)
        }
        // Interrupts go to `schematic serve`, which stops this by closing its standard input.
        signal(SIGINT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)

        var frames = ParentChannel.frames().makeAsyncIterator()
        guard let first = await frames.next(), first.kind == .page else {
            FileHandle.standardError.write(Data("schematic-serve: run by schematic serve, which sends the page on standard input\n".utf8))
            exit(64)
        }
        let hub = LiveHub(page: first.payload)
        let address: sockaddr_in
        do {
            address = try .inet(ip4: "127.0.0.1", port: port)
        } catch {
            FileHandle.standardError.write(Data("schematic-serve: \(error)\n".utf8))
            exit(69)
        }
        let server = HTTPServer(address: address, timeout: 60, logger: .disabled)
        await server.appendRoute("GET /socket", to: LoopbackOnly(WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: hub))))
        await server.appendRoute("GET /", to: LoopbackOnly(PageHandler(hub: hub)))
        let running = Task {
            do {
                try await server.run()
            } catch is CancellationError {
            } catch where Task.isCancelled {
                // Stopping: the server's end (FlyingFox may report its socket `disconnected`) is no failure.
            } catch {
                FileHandle.standardError.write(Data("schematic: cannot listen on 127.0.0.1:\(port): \(Self.describe(error))\n".utf8))
                exit(69)
            }
        }
        do {
            try await server.waitUntilListening(timeout: 10)
        } catch {
            FileHandle.standardError.write(Data("schematic: cannot listen on 127.0.0.1:\(port)\n".utf8))
            exit(69)
        }
        guard case .ip4(let host, let boundPort) = await server.listeningAddress else { exit(69) }
        FileHandle.standardOutput.write(Data("http://\(host):\(boundPort)/\n".utf8))

        while let frame = await frames.next() { await hub.receive(frame) }
        await hub.closeAll()
        // Cancelled before the server stops, so that its run's end is not taken for a failure
        // (it printed "cannot listen on 127.0.0.1:0: disconnected" and exited 69 now and then).
        running.cancel()
        await server.stop(timeout: 0.3)
        exit(0)
    }

    enum PortArgument { case success(UInt16), failure(String) }

    static func parsePort(_ arguments: [String]) -> PortArgument {
        guard arguments.count == 2, arguments[0] == "--port" else { return .failure("usage: schematic-serve --port N (run by schematic serve)") }
        guard let port = UInt16(arguments[1]) else { return .failure("--port must be from 0 to 65535, not \(arguments[1])") }
        return .success(port)
    }

    private static func describe(_ error: any Error) -> String {
        if let socketError = error as? SocketError, case .failed(_, let errno, let message) = socketError {
            return errno == EADDRINUSE ? "the port is in use; choose another with --port (0 picks a free one)" : message
        }
        return "\(error)"
    }
}

/// Serves the page.
struct PageHandler: HTTPHandler {
    let hub: LiveHub

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(statusCode: .ok,
                     headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                     body: await hub.page)
    }
}

/// Answers only requests addressed to the loopback server, from its own pages: a web page
/// elsewhere can neither open the WebSocket (browsers let any origin try) nor reach the server
/// through a name that resolves to 127.0.0.1 (DNS rebinding).
struct LoopbackOnly<Base: HTTPHandler>: HTTPHandler {
    let base: Base
    init(_ base: Base) { self.base = base }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = request.headers[.host] ?? ""
        let origin = request.headers[HTTPHeader("Origin")]
        guard Self.isLoopback(authority: host),
              origin.map({ $0.hasPrefix("http://") && Self.isLoopback(authority: String($0.dropFirst(7))) }) ?? true else {
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: Data("schematic serve answers http://127.0.0.1 and http://localhost only\n".utf8))
        }
        return try await base.handleRequest(request)
    }

    static func isLoopback(authority: String) -> Bool {
        let host = authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return host == "127.0.0.1" || host == "localhost"
    }
}
