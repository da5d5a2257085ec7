import Controls
import Foundation
import Glibc
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// Clients that hold connections without finishing a request: the head deadline cuts a head that
/// drips forever (each byte resets the idle timeout, not the deadline), and one address cannot
/// hold more than its share of the connections.
@Suite(.ioTimeLimit) struct SlowClientTests {
    @Test func aDrippingHeadIsCutAtTheDeadline() throws {
        try withHTTPServer(hostileRouter(), configure: {
            $0.headDeadline = .seconds(1)
            $0.connectionTimeout = .seconds(60)
        }) { server in
            let dripper = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
            defer { dripper.close() }
            try dripper.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Drip: ")
            var cut = false
            // Bounded: a byte every 100 ms for at most 10 s, far past the 1 s deadline and far
            // short of the 60 s idle timeout.
            for _ in 0..<100 where !cut {
                if (try? dripper.send("a")) == nil { cut = true; break }
                cut = dripper.closes(within: .milliseconds(100))
            }
            #expect(cut, "a head dripping for 10 s was not cut")
            #expect(eventually { server.counters.snapshot.headDeadlineCloses == 1 })
            #expect(eventually { server.counters.snapshot.openConnections == 0 })
            #expect(isHealthy(server))
        }
    }

    @Test func aSlowButCompleteHeadIsServed() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.headDeadline = .seconds(5) }) { server in
            let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
            defer { socket.close() }
            // Each piece is read by the server on its own before the next is sent: a head in pieces,
            // waited for rather than paused between.
            for piece in ["GET /heal", "thz HTTP/1.1\r\n", "Host: localhost\r\n", "\r\n"] {
                try socket.send(piece)
                #expect(eventually { LoopbackTCP.serverHasRead(from: socket.descriptor, serverPort: server.port) })
            }
            #expect(try socket.readResponse().text == "ok\n")
            // Kept alive: the next request on it starts its own deadline.
            try socket.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try socket.readResponse().status == 200)
            #expect(server.counters.snapshot.headDeadlineCloses == 0)
        }
    }

    @Test func oneAddressCannotHoldMoreThanItsShare() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.maxConnectionsPerIP = 3 }) { server in
            let held = try (0..<3).map { _ in
                try BlockingSocket.connect(port: server.port, timeout: .seconds(10), sourceAddress: "127.0.0.2")
            }
            defer { held.forEach { $0.close() } }
            for socket in held { try socket.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n") }
            #expect(eventually { server.counters.snapshot.openConnections == 3 })
            // A fourth from the same address is closed at once, without an answer.
            let extra = try BlockingSocket.connect(port: server.port, timeout: .seconds(10), sourceAddress: "127.0.0.2")
            defer { extra.close() }
            try? extra.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(extra.closes(within: .seconds(10)))
            #expect(eventually { server.counters.snapshot.perIPRefusals == 1 })
            // Everyone else is served.
            let other = try BlockingSocket.connect(port: server.port, timeout: .seconds(10), sourceAddress: "127.0.0.3")
            defer { other.close() }
            try other.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try other.readResponse().text == "ok\n")
            #expect(isHealthy(server))
            // The held ones finish their requests and are answered.
            for socket in held {
                try socket.send("\r\n")
                #expect(try socket.readResponse().status == 200)
            }
        }
    }

    @Test func zeroTurnsThePerIPLimitOff() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.maxConnectionsPerIP = 0 }) { server in
            let sockets = try (0..<20).map { _ in
                try BlockingSocket.connect(port: server.port, timeout: .seconds(10), sourceAddress: "127.0.0.2")
            }
            defer { sockets.forEach { $0.close() } }
            for socket in sockets { try socket.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n") }
            #expect(eventually { server.counters.snapshot.openConnections == 20 })
            for socket in sockets {
                try socket.send("\r\n")
                #expect(try socket.readResponse().status == 200)
            }
            #expect(server.counters.snapshot.perIPRefusals == 0)
        }
    }

    /// Forty heads cut at the deadline: counted, and summarised in one line instead of forty
    /// warnings (a slowloris run once logged one line per connection).
    @Test func cutConnectionsAreSummarisedNotLoggedEach() throws {
        let log = CapturedLog()
        try withHTTPServer(hostileRouter(), logger: log.logger, configure: {
            $0.headDeadline = .seconds(1)
            $0.connectionTimeout = .seconds(60)
        }) { server in
            let sockets = try (0..<40).map { _ in try BlockingSocket.connect(port: server.port, timeout: .seconds(10)) }
            defer { sockets.forEach { $0.close() } }
            for socket in sockets { try socket.send("GET /healthz HTTP/1.1\r\nHost: loc") }
            for socket in sockets { #expect(socket.closes(within: .seconds(10))) }
            #expect(eventually { server.counters.snapshot.openConnections == 0 })
            let counts = server.counters.snapshot
            #expect(counts.headDeadlineCloses == 40)
            #expect(counts.abandonedConnections == 40)
        }
        #expect(log.lines(atLeast: .warning).isEmpty, "\(log.lines(atLeast: .warning).prefix(3))")
        // At most one line per 10 s while running, and the rest when the server stops.
        let summaries = log.lines(atLeast: .notice).filter { $0.hasPrefix("connections ") }
        #expect((1...2).contains(summaries.count), "\(summaries)")
        func total(_ phrase: String) -> Int {
            summaries.flatMap { $0.components(separatedBy: ", ") }.filter { $0.hasSuffix(phrase) }
                .compactMap { $0.split(separator: " ").last(where: { Int($0) != nil }).flatMap { Int($0) } }.reduce(0, +)
        }
        #expect(total("cut at the head deadline") == 40, "\(summaries)")
        #expect(total("closed with a request incomplete") == 40, "\(summaries)")
    }
}
