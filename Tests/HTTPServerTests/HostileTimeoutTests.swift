import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// Clients that start a request and never finish it: the connection timeout closes each of them,
/// and nobody else waits meanwhile.
@Suite(.ioTimeLimit) struct HostileTimeoutTests {
    @Test func stalledHeadersAndBodiesAreClosedWithoutBlockingOthers() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.connectionTimeout = .seconds(1) }) { server in
            var stalled: [BlockingSocket] = []
            for i in 0..<20 {
                let socket = try BlockingSocket.connect(port: server.port)
                switch i % 4 {
                case 0: try socket.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")   // headers never end
                case 1: try socket.send("GET /heal")                                       // request line never ends
                case 2: try socket.send("POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n0123456789")
                default: try socket.send("POST /submit HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc")
                }
                stalled.append(socket)
            }
            // One chunked upload at a time (see UploadLimitTests): the other four get 503 at once.
            #expect(eventually { server.counters.snapshot.openConnections >= 16 })
            // Meanwhile everyone else is served at once, on new connections and on a kept-alive one.
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            defer { client.close() }
            for _ in 0..<20 {
                #expect(try client.request("GET", "/healthz").text == "ok\n")
                #expect(try client.request("POST", "/submit", body: Array("abc".utf8)).text == #"{"bytes":3}"#)
            }
            client.close()
            for (i, socket) in stalled.enumerated() {
                #expect(socket.closes(within: .seconds(8)), "stalled connection \(i) still open")
            }
            #expect(eventually(timeout: .seconds(5)) { server.counters.snapshot.openConnections == 0 })
            #expect(isHealthy(server))
        }
    }

    /// An idle keep-alive connection is closed too, so parked sockets cannot pile up.
    @Test func idleKeepAliveConnectionsAreClosed() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.connectionTimeout = .seconds(1) }) { server in
            let sockets = try (0..<10).map { _ in try BlockingSocket.connect(port: server.port) }
            for socket in sockets {
                try socket.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(try socket.readResponse().status == 200)
            }
            for socket in sockets { #expect(socket.closes(within: .seconds(8))) }
            #expect(eventually(timeout: .seconds(5)) { server.counters.snapshot.openConnections == 0 })
        }
    }
}
