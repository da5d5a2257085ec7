import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Viewers that vanish: closing mid-frame, resetting the connection, going half-open, or leaving
/// in the middle of a render. Every one is detached, and the counters return to where they were.
@Suite(.ioTimeLimit) struct HostileViewerTests {

    static func streamRequest(_ server: TestServer, _ query: String) -> [UInt8] {
        Array("GET /stream.mjpg?\(query) HTTP/1.1\r\nHost: \(server.host)\r\n\r\n".utf8)
    }

    static func settled(_ server: TestServer) -> Bool {
        let http = server.server.httpCounters
        return server.server.services.hub.openStreams == 0 && server.server.services.hub.watchedFeeds == 0
            && http.openStreams == 0 && http.suspendedStreams == 0 && http.openConnections == 0
    }

    /// Sets SO_LINGER {on, 0}: close() then sends RST instead of FIN.
    static func reset(_ socket: BlockingSocket) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        socket.close()
    }

    @Test func closedAndResetViewersLeaveNothingOpen() throws {
        let server = try hostileServer()
        for round in 0..<3 {
            var sockets: [BlockingSocket] = []
            for i in 0..<30 {
                let socket = try BlockingSocket.connect(port: server.port)
                // Big frames, so a read of a few KiB stops mid-part.
                try socket.send(Self.streamRequest(server, "control=\(["all", "player", "meter"][i % 3])&size=\(320 + 32 * (i % 4))&fps=30"))
                sockets.append(socket)
            }
            for socket in sockets { _ = try socket.receive(timeout: .seconds(10)) }
            #expect(eventually(timeout: .seconds(10)) { server.server.services.hub.openStreams == 30 }, "round \(round)")
            for (i, socket) in sockets.enumerated() {
                if i % 2 == 0 { Self.reset(socket) } else { socket.close() }
            }
            #expect(eventually(timeout: .seconds(10)) { Self.settled(server) }, "round \(round): \(server.server.httpCounters)")
        }
        #expect(metric(try server.get("/metrics").text, "layercast_open_streams") == 0)
        let totals = server.server.services.hub.counters.snapshot
        #expect(totals.streamsOpened == 90 && totals.streamsClosed == 90)
        #expect(server.isHealthy)
    }

    /// A viewer that stops reading (a peer gone without FIN or RST looks the same from here):
    /// its socket fills, the send stalls, and the connection timeout closes it. A viewer that
    /// half-closes right after its request is let go as well. Readers alongside are unaffected.
    @Test func viewersThatStopReadingAreClosedByTheTimeout() throws {
        let server = try hostileServer { $0.connectionTimeout = 1 }
        var stalled: [BlockingSocket] = []
        for _ in 0..<4 {
            let socket = try BlockingSocket.connect(port: server.port, receiveBuffer: 4096)
            try socket.send(Self.streamRequest(server, "control=all&size=480&fps=30&quality=100"))
            stalled.append(socket)
        }
        #expect(eventually(timeout: .seconds(10)) { server.server.services.hub.openStreams == 4 })
        let halfClosed = try BlockingSocket.connect(port: server.port)
        try halfClosed.send(Self.streamRequest(server, "control=spinner&size=64&fps=10"))
        shutdown(halfClosed.descriptor, Int32(SHUT_WR))
        let reader = try StreamClient(port: server.port, target: "/stream.mjpg?control=spinner&size=64&fps=10")
        // The stalled four (and the half-closed one) go; the reader, reading meanwhile, stays.
        #expect(eventually(timeout: .seconds(30)) {
            reader.pump(timeout: .milliseconds(200))
            return server.server.services.hub.openStreams == 1
        }, "\(server.server.services.hub.openStreams) streams still open")
        reader.read(for: 2)
        #expect(reader.parts.count > 0 && reader.framingErrors.isEmpty)
        #expect(server.server.services.hub.openStreams == 1)
        reader.close()
        for socket in stalled + [halfClosed] { socket.close() }
        #expect(eventually(timeout: .seconds(10)) { Self.settled(server) }, "\(server.server.httpCounters)")
    }

    /// Clients that leave while their frame is being rendered (offloaded) or their command runs.
    @Test func clientsLeavingMidRequest() throws {
        let server = try hostileServer()
        for i in 0..<40 {
            let socket = try BlockingSocket.connect(port: server.port)
            let target = ["/frame.png?size=1024&control=all", "/frame.jpg?size=2048&scale=1", "/state", "/openapi.json"][i % 4]
            try socket.send("GET \(target) HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
            if i % 2 == 0 { Self.reset(socket) } else { socket.close() }
        }
        let upload = try BlockingSocket.connect(port: server.port)
        try? upload.send(Array("PUT /player/artwork HTTP/1.1\r\nHost: \(server.host)\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n".utf8)
                    + [UInt8](repeating: 0, count: 50_000))
        Self.reset(upload)
        #expect(eventually(timeout: .seconds(30)) { Self.settled(server) }, "\(server.server.httpCounters)")
        #expect(server.isHealthy)
    }
}
