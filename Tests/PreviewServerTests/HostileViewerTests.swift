import Foundation
import HTTPServer
import Testing
@testable import PreviewServer

/// Viewers that vanish: closing mid-frame, resetting the connection, going half-open, or leaving
/// in the middle of a render. Every one is detached, and the counters return to where they were.
@Suite struct HostileViewerTests {
    static func streamRequest(_ server: HostileServer, _ query: String) -> [UInt8] {
        Array("GET /stream.mjpg?\(query) HTTP/1.1\r\nHost: \(server.host)\r\n\r\n".utf8)
    }

    static func metric(_ server: HostileServer, _ name: String) throws -> Double? {
        let text = try server.get("/metrics").text
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    static func settled(_ server: HostileServer) -> Bool {
        let http = server.server.httpCounters
        return server.server.context.hub.openStreams == 0 && server.server.context.hub.watchedFeeds == 0
            && http.openStreams == 0 && http.suspendedStreams == 0 && http.openConnections == 0
    }

    /// Sets SO_LINGER {on, 0}: close() then sends RST instead of FIN.
    static func reset(_ socket: HostileSocket) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        socket.close()
    }

    @Test func closedAndResetViewersLeaveNothingOpen() throws {
        let server = try HostileServer()
        for round in 0..<3 {
            var sockets: [HostileSocket] = []
            for i in 0..<30 {
                let socket = try HostileSocket(port: server.port)
                // Big frames, so a read of a few KiB stops mid-part.
                socket.send(Self.streamRequest(server, "control=\(["all", "player", "meter"][i % 3])&size=\(320 + 32 * (i % 4))&fps=30"))
                sockets.append(socket)
            }
            for socket in sockets { _ = socket.receive(timeout: 10) }
            #expect(hostileEventually(timeout: 10) { server.server.context.hub.openStreams == 30 }, "round \(round)")
            for (i, socket) in sockets.enumerated() {
                if i % 2 == 0 { Self.reset(socket) } else { socket.close() }
            }
            #expect(hostileEventually(timeout: 10) { Self.settled(server) }, "round \(round): \(server.server.httpCounters)")
        }
        #expect(try Self.metric(server, "layercast_open_streams") == 0)
        let totals = server.server.context.hub.counters.snapshot
        #expect(totals.streamsOpened == 90 && totals.streamsClosed == 90)
        #expect(server.isHealthy)
    }

    /// A viewer that stops reading (a peer gone without FIN or RST looks the same from here):
    /// its socket fills, the send stalls, and the connection timeout closes it. A viewer that
    /// half-closes right after its request is let go as well. Readers alongside are unaffected.
    @Test func viewersThatStopReadingAreClosedByTheTimeout() throws {
        let server = try HostileServer { $0.connectionTimeout = 1 }
        var stalled: [HostileSocket] = []
        for _ in 0..<4 {
            let socket = try HostileSocket(port: server.port)
            var small: Int32 = 4096
            _ = setsockopt(socket.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            socket.send(Self.streamRequest(server, "control=all&size=480&fps=30&quality=100"))
            stalled.append(socket)
        }
        #expect(hostileEventually(timeout: 10) { server.server.context.hub.openStreams == 4 })
        let halfClosed = try HostileSocket(port: server.port)
        halfClosed.send(Self.streamRequest(server, "control=spinner&size=64&fps=10"))
        shutdown(halfClosed.fd, Int32(SHUT_WR))
        let reader = try HostileSocket(port: server.port)
        reader.send(Self.streamRequest(server, "control=spinner&size=64&fps=10"))
        // The stalled four (and the half-closed one) go; the reader stays.
        let deadline = Date().addingTimeInterval(30)
        var received = 0
        while Date() < deadline, server.server.context.hub.openStreams > 1 {
            received += reader.receive(timeout: 0.2)?.count ?? 0
        }
        #expect(server.server.context.hub.openStreams == 1, "\(server.server.context.hub.openStreams) streams still open")
        for _ in 0..<10 { received += reader.receive(timeout: 0.2)?.count ?? 0 }
        #expect(received > 0)
        for socket in stalled + [halfClosed, reader] { socket.close() }
        #expect(hostileEventually(timeout: 10) { Self.settled(server) }, "\(server.server.httpCounters)")
    }

    /// Clients that leave while their frame is being rendered (offloaded) or their command runs.
    @Test func clientsLeavingMidRequest() throws {
        let server = try HostileServer()
        for i in 0..<40 {
            let socket = try HostileSocket(port: server.port)
            let target = ["/frame.png?size=1024&control=all", "/frame.jpg?size=2048&scale=1", "/state", "/openapi.json"][i % 4]
            socket.send(Array("GET \(target) HTTP/1.1\r\nHost: \(server.host)\r\n\r\n".utf8))
            if i % 2 == 0 { Self.reset(socket) } else { socket.close() }
        }
        let upload = try HostileSocket(port: server.port)
        upload.send(Array("PUT /player/artwork HTTP/1.1\r\nHost: \(server.host)\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n".utf8)
                    + [UInt8](repeating: 0, count: 50_000))
        Self.reset(upload)
        #expect(hostileEventually(timeout: 30) { Self.settled(server) }, "\(server.server.httpCounters)")
        #expect(server.isHealthy)
    }
}
