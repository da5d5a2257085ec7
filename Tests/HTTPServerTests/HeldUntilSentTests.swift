import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Synchronization
import Testing

/// What a request holds (an answer's `heldUntilSent`, an admitted body's reservation) is
/// released by the server as the request completes: not before the answer has left, however
/// slowly the client reads, and exactly once, also when the client goes away.
@Suite(.ioTimeLimit) struct HeldUntilSentTests {
    final class Probe: HeldUntilSent {
        let releases = Atomic<Int>(0)
        func release() { releases.add(1, ordering: .relaxed) }
        var count: Int { releases.load(ordering: .relaxed) }
    }

    /// 8 MiB: more than the kernel's socket buffers on both ends hold.
    static let big = [UInt8](repeating: 0x61, count: 8 << 20)

    static func router(_ probe: Probe, deferred: Bool) -> Router {
        var router = Router()
        router.get("/big") { _ in
            let answer = HTTPResponse(headers: [("Content-Type", "application/octet-stream")], body: .bytes(big),
                                      heldUntilSent: probe)
            return deferred ? .deferred { answer } : answer
        }
        return router
    }

    @Test(arguments: [false, true])
    func anAnswerIsHeldUntilItHasBeenRead(deferred: Bool) throws {
        let probe = Probe()
        try withHTTPServer(Self.router(probe, deferred: deferred)) { server throws in
            let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(30), receiveBuffer: 4096)
            defer { socket.close() }
            try socket.send("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // Mid-answer: 1 MiB read, 7 MiB still to come, more than the kernel's buffers hold, so
            // the server is still sending it (an event, where a pause only hoped for one): still held.
            let head = String(decoding: try socket.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 200") && head.lowercased().contains("content-length: \(Self.big.count)"), "\(head)")
            let first = try socket.read(count: 1 << 20)
            #expect(probe.count == 0)
            let rest = try socket.read(count: Self.big.count - first.count)
            #expect(first + rest == Self.big)
            #expect(eventually { probe.count == 1 })
        }
    }

    @Test func aClientThatLeavesReleasesItOnce() throws {
        let probe = Probe()
        try withHTTPServer(Self.router(probe, deferred: true)) { server throws in
            let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(30), receiveBuffer: 4096)
            try socket.send("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try socket.waitForBytes(timeout: .seconds(30)))
            socket.close()
            #expect(eventually { probe.count == 1 })
            // Once the server has let the connection go, no release can come later: still once.
            #expect(eventually { server.counters.snapshot.openConnections == 0 })
            #expect(probe.count == 1)
        }
    }

    /// A large body is asked about from its declared length before any of it is read: refused,
    /// the refusal is the answer; admitted, the reservation is released with the request.
    @Test func largeBodiesAreAdmittedFromTheirLength() throws {
        let probe = Probe()
        let admitted = Atomic<Int>(0)
        var router = Router()
        router.put("/upload", maxBodyBytes: 1 << 20) { request in .text("\(request.body.count)") }
        try withHTTPServer(router, configure: { configuration in
            configuration.bodyAdmission = { bytes in
                admitted.store(bytes, ordering: .relaxed)
                return bytes > 512 << 10 ? .refuse(.error(status: 503, message: "busy", headers: [("Retry-After", "1")]))
                    : .admit(held: probe)
            }
        }) { server throws in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port, timeout: .seconds(10))
            defer { client.close() }
            // Small bodies are not asked about.
            #expect(try client.request("PUT", "/upload", body: [1, 2, 3]).text == "3")
            #expect(admitted.load(ordering: .relaxed) == 0)
            #expect(try client.request("PUT", "/upload", body: [UInt8](repeating: 1, count: 100_000)).text == "100000")
            #expect(admitted.load(ordering: .relaxed) == 100_000)
            #expect(eventually { probe.count == 1 })
            let head = "PUT /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(600 << 10)\r\n\r\n"
            let refused = try #require(try exchange(port: server.port, head))
            #expect(refused.status == 503 && refused.header("Retry-After") == "1")
            #expect(probe.count == 1)
        }
    }
}
