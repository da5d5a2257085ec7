import Foundation
@testable import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

@Suite(.ioTimeLimit) struct TimeoutTests {
    @Test func slowlorisIsClosedWhileOthersAreServed() throws {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        try withHTTPServer(router, configure: { $0.connectionTimeout = .seconds(1) }) { server in
            let slow = try BlockingSocket.connect(port: server.port)
            // Headers are never finished.
            try slow.send("GET /hello HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            let r = try HTTPProbe.get("http://127.0.0.1:\(server.port)/hello")
            #expect(r.text == "hello")
            let started = Date()
            #expect(slow.closes(within: .seconds(6)))
            #expect(Date().timeIntervalSince(started) < 6)
            #expect(eventually { server.counters.snapshot.openConnections == 0 })
        }
    }

    @Test func probeReportsConnectionRefused() throws {
        var router = Router()
        router.get("/x") { _ in .text("x") }
        let port = try withHTTPServer(router) { $0.port }
        #expect(throws: HTTPProbeError.self) { try HTTPProbe.get("http://127.0.0.1:\(port)/x", timeout: .seconds(1)) }
        #expect(throws: HTTPProbeError.self) { try HTTPProbe.get("ftp://nope") }
    }

    @Test func probeParsesURLs() throws {
        let (h1, p1, t1) = try HTTPProbe.parse("http://127.0.0.1:8080/api/health?x=1")
        #expect(h1 == "127.0.0.1" && p1 == 8080 && t1 == "/api/health?x=1")
        let (h2, p2, t2) = try HTTPProbe.parse("http://localhost")
        #expect(h2 == "localhost" && p2 == 80 && t2 == "/")
        let (h3, p3, t3) = try HTTPProbe.parse("http://[::1]:9000?q")
        #expect(h3 == "::1" && p3 == 9000 && t3 == "/?q")
    }
}
