import Foundation
import Testing
@testable import HTTPServer

/// What the server did with a hostile request: answered with a status, or closed without a word.
enum HostileOutcome: Equatable, CustomStringConvertible {
    case status(Int)
    case closed

    var description: String {
        switch self {
        case .status(let s): "HTTP \(s)"
        case .closed: "closed"
        }
    }

    /// The issue's rule for garbage: a 4xx, or a clean close; never a 5xx, never a hang.
    var isRefusal: Bool {
        switch self {
        case .status(let s): (400..<500).contains(s)
        case .closed: true
        }
    }
}

/// Sends `bytes` on a fresh connection and reports the first answer (status line and head only).
/// A server that resets the connection mid-send has closed it, which is a clean refusal too.
func hostileExchange(_ bytes: [UInt8], port: Int, timeout: Double = 5) throws -> (HostileOutcome, RawResponse?) {
    let socket = try RawSocket(port: port)
    defer { socket.close() }
    try? socket.send(bytes)
    var received: [UInt8] = []
    while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
        guard let some = try socket.receiveSome(timeout: timeout) else { break }
        received += some
    }
    guard !received.isEmpty else { return (.closed, nil) }
    guard let end = received.firstRange(of: Array("\r\n\r\n".utf8)) else {
        Issue.record("half an answer: \(String(decoding: received.prefix(200), as: UTF8.self))")
        return (.closed, nil)
    }
    let head = RawResponse(head: String(decoding: received[..<end.upperBound], as: UTF8.self), body: [])
    var body = Array(received[end.upperBound...])
    let length = Int(head.header("Content-Length") ?? "") ?? 0
    while body.count < length, let some = try socket.receiveSome(timeout: timeout) { body += some }
    return (.status(head.status), RawResponse(head: head.head, body: body))
}

func hostileExchange(_ text: String, port: Int, timeout: Double = 5) throws -> (HostileOutcome, RawResponse?) {
    try hostileExchange(Array(text.utf8), port: port, timeout: timeout)
}

/// The server still answers an ordinary request on a new connection.
func isHealthy(_ server: HTTPServer) -> Bool {
    (try? HTTPProbe.get("http://127.0.0.1:\(server.port)/healthz", timeout: .seconds(5)).status) == 200
}

/// A router shaped like the app's: a health check, a query echo, a command with a body, files.
func hostileRouter(publicRoot: String = "/nonexistent-layercast-root") -> Router {
    var router = Router()
    router.get("/healthz") { _ in .text("ok\n") }
    router.get("/echo") { request in
        .json(.object([("path", .string(request.path)),
                       ("query", .array(request.query.map { .array([.string($0.name), .string($0.value)]) }))]))
    }
    router.post("/submit") { request in .json(.object([("bytes", .int(request.body.count))])) }
    let files = StaticFiles(root: publicRoot)
    router.get("/*") { files.response(for: $0) }
    return router
}
