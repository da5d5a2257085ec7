import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// The project's blocking client keeps one connection alive between requests; the server closes
/// such a connection once it has been idle past the head deadline (or the idle timeout). A test
/// that pauses longer than that between two requests (a slow step, a sanitizer run) must still
/// get its answer, not "connection closed".
@Suite(.ioTimeLimit) struct KeepAliveClientTests {
    @Test func aKeptAliveConnectionTheServerCutIsReplaced() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.headDeadline = .milliseconds(200) }) { server throws in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port, timeout: .seconds(10))
            defer { client.close() }
            #expect(try client.request("GET", "/healthz").status == 200)
            // The idle connection is cut at its head deadline…
            #expect(eventually { server.counters.snapshot.headDeadlineCloses == 1 })
            // …and the next request goes out on a new one.
            #expect(try client.request("GET", "/healthz").status == 200)
            #expect(server.counters.snapshot.headDeadlineCloses == 1)
        }
    }
}
