import FlyingFox
import Foundation

/// The page, the latest drawing and status, and the connected pages, which get every new message.
actor LiveHub: WSMessageHandler {
    private(set) var page: Data
    private var drawing: String?
    private var status: String?
    private var clients: [Int: AsyncStream<WSMessage>.Continuation] = [:]
    private var nextClient = 0

    init(page: Data) {
        self.page = page
    }

    func receive(_ frame: ParentChannel.Frame) {
        let text = String(decoding: frame.payload, as: UTF8.self)
        switch frame.kind {
        case .page: page = frame.payload
        case .drawing: drawing = text
        case .status: status = text
        }
        guard frame.kind != .page else { return }
        for client in clients.values { client.yield(.text(text)) }
    }

    /// A new page gets the drawing shown now, then whether the file is good.
    nonisolated func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (messages, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .unbounded)
        let id = await register(continuation)
        continuation.onTermination = { @Sendable _ in Task { await self.unregister(id) } }
        // The page sends nothing; its stream ends when it goes away.
        Task {
            for await _ in client {}
            continuation.finish()
        }
        return messages
    }

    private func register(_ continuation: AsyncStream<WSMessage>.Continuation) -> Int {
        if let drawing { continuation.yield(.text(drawing)) }
        if let status { continuation.yield(.text(status)) }
        nextClient += 1
        clients[nextClient] = continuation
        return nextClient
    }

    private func unregister(_ id: Int) {
        clients[id] = nil
    }

    func closeAll() {
        for client in clients.values {
            client.yield(.close(.goingAway))
            client.finish()
        }
        clients = [:]
    }
}
