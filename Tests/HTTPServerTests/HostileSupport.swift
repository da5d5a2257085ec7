import Controls
import HTTPClient
@testable import HTTPServer
import LayercastTesting

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

    /// The rule for garbage: a 4xx, or a clean close; never a 5xx, never a hang.
    var isRefusal: Bool {
        switch self {
        case .status(let s): (400..<500).contains(s)
        case .closed: true
        }
    }
}

/// Sends `bytes` on a fresh connection and reports the answer, or the close without one.
func hostileExchange(_ bytes: [UInt8], port: Int, timeout: Duration = .seconds(10)) throws -> (HostileOutcome, HTTPProbeResponse?) {
    guard let response = try exchange(port: port, bytes, timeout: timeout) else { return (.closed, nil) }
    return (.status(response.status), response)
}

func hostileExchange(_ text: String, port: Int) throws -> (HostileOutcome, HTTPProbeResponse?) {
    try hostileExchange(Array(text.utf8), port: port)
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
