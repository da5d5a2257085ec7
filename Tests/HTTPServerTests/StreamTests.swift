import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Synchronization
import Testing

private func streamRouter(_ hub: StreamHub) -> Router {
    var router = Router()
    router.get("/stream") { _ in
        .stream(hub.makeProducer(), contentType: "multipart/x-mixed-replace;boundary=frame")
    }
    router.get("/hello") { _ in .text("hello") }
    return router
}

@Suite(.ioTimeLimit) struct StreamTests {
    @Test func streamIsPlainBytesWithConnectionClose() throws {
        let hub = StreamHub()
        try withHTTPServer(streamRouter(hub)) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/stream"))
            let response = try socket.readResponse(isHead: true)
            #expect(response.status == 200)
            #expect(response.version == "HTTP/1.0")
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(response.header("Transfer-Encoding") == nil)
            #expect(response.header("Content-Length") == nil)
            #expect(response.header("Content-Type") == "multipart/x-mixed-replace;boundary=frame")

            // Nothing queued: the connection must be suspended, not polled. The server's one thread
            // answers other requests meanwhile; a polled connection would be asked for bytes on those
            // turns of its loop (a later event that would show polling, rather than a pause).
            #expect(eventually { server.counters.snapshot.suspendedStreams == 1 })
            let producer = try #require(hub.all.first)
            let callsWhileIdle = producer.readCalls.load(ordering: .relaxed)
            let other = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            for _ in 0..<5 { #expect(try other.request("GET", "/hello").text == "hello") }
            other.close()
            #expect(producer.readCalls.load(ordering: .relaxed) == callsWhileIdle)

            var expected: [UInt8] = []
            for i in 0..<3 {
                hub.broadcast(part(i))
                expected += part(i)
                // Each part arrives on its own, as raw bytes (no chunk-size lines).
                #expect(try socket.read(count: part(i).count) == part(i))
            }
            hub.finishAll()
            #expect(try socket.readToEnd().isEmpty)
            #expect(eventually { producer.closedCount.load(ordering: .relaxed) == 1 })
            #expect(eventually { server.counters.snapshot.openStreams == 0 })
            #expect(server.counters.snapshot.suspendedStreams == 0)
        }
    }

    @Test func twentyConcurrentReadersGetEveryPart() throws {
        let hub = StreamHub()
        try withHTTPServer(streamRouter(hub)) { server in
            let sockets = try (0..<20).map { _ in try BlockingSocket.connect(port: server.port) }
            for s in sockets { try s.send(getRequest("/stream")) }
            #expect(eventually { server.counters.snapshot.suspendedStreams == 20 })
            var expected: [UInt8] = []
            for i in 0..<10 {
                hub.broadcast(part(i))
                expected += part(i)
            }
            hub.finishAll()
            for s in sockets {
                let all = try s.readToEnd()
                let bodyStart = try #require(all.firstRange(of: Array("\r\n\r\n".utf8))).upperBound
                #expect(Array(all[bodyStart...]) == expected)
            }
            #expect(eventually { hub.all.allSatisfy { $0.closedCount.load(ordering: .relaxed) == 1 } })
            #expect(eventually { server.counters.snapshot.openStreams == 0 })
        }
    }

    @Test func wakeRaceNeverLosesAPart() throws {
        let hub = StreamHub()
        try withHTTPServer(streamRouter(hub)) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/stream"))
            _ = try socket.read(until: Array("\r\n\r\n".utf8))
            #expect(eventually { hub.all.first?.hasWaker == true })
            let producer = try #require(hub.all.first)

            let count = 3000
            let done = Atomic<Bool>(false)
            // One thread wakes nonstop while another pushes parts and wakes after each one.
            let spammer = Thread {
                while !done.load(ordering: .relaxed) { producer.wakeOnly() }
            }
            spammer.start()
            let pusher = Thread {
                for i in 0..<count {
                    producer.push(part(i))
                    // Now and then the queue drains, so the connection goes idle and the next push
                    // must wake it: waited for, not paused for.
                    if i % 97 == 0 { _ = eventually { producer.isDrained } }
                }
                producer.finish()
            }
            pusher.start()
            var expected: [UInt8] = []
            for i in 0..<count { expected += part(i) }
            let received = try socket.readToEnd(timeout: .seconds(10))
            done.store(true, ordering: .relaxed)
            #expect(received.count == expected.count)
            #expect(received == expected)
            #expect(eventually { producer.closedCount.load(ordering: .relaxed) == 1 })
        }
    }

    @Test func stopWithFiftyOpenStreamsClosesEachOnceWithoutWaitingForThem() throws {
        let hub = StreamHub(initialPart: part(0))
        let server = HTTPServer(configuration: .init(port: 0), router: streamRouter(hub))
        try server.start()
        let sockets = try (0..<50).map { _ in try BlockingSocket.connect(port: server.port) }
        for s in sockets { try s.send(getRequest("/stream")) }
        #expect(eventually { server.counters.snapshot.suspendedStreams == 50 })
        // A few are awake mid-send when stop comes.
        for p in hub.all.prefix(5) { p.push(part(1)) }

        // No client reads, so stop() must not wait on any of them: that it returns at all (within the
        // suite's time limit) is the check. How long it takes is a benchmark's figure, not a test's.
        let closedStreams = server.stop()
        #expect(closedStreams == 50)
        #expect(server.streamsOpenAtLastStop == 50)
        #expect(hub.all.count == 50)
        #expect(hub.all.allSatisfy { $0.closedCount.load(ordering: .relaxed) == 1 })
        let snapshot = server.counters.snapshot
        #expect(snapshot.openStreams == 0)
        #expect(snapshot.suspendedStreams == 0)
        #expect(snapshot.openConnections == 0)
        // Clients see the close.
        #expect(sockets.allSatisfy { $0.closes(within: .seconds(2)) })
        // A wake after stop is a harmless no-op.
        for p in hub.all { p.wakeOnly() }
    }

    @Test func clientDisconnectClosesProducer() throws {
        let hub = StreamHub(initialPart: part(0))
        try withHTTPServer(streamRouter(hub)) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/stream"))
            _ = try socket.read(until: Array("frame-0\r\n".utf8))
            socket.close()
            let producer = try #require(hub.all.first)
            // A suspended connection notices the disconnect at the next send.
            producer.push(part(1))
            #expect(eventually { producer.closedCount.load(ordering: .relaxed) == 1 })
            #expect(eventually { server.counters.snapshot.openStreams == 0 })
            #expect(eventually { server.counters.snapshot.openConnections == 0 })
        }
    }

    /// HangupWatcher: a suspended connection whose client hangs up is closed at once, with no
    /// further part to send, and the reader takes the watcher's word for it instead of peeking.
    @Test func aClientThatHangsUpWhileSuspendedIsClosedWithoutAnotherPart() throws {
        let hub = StreamHub(initialPart: part(0))
        try withHTTPServer(streamRouter(hub)) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/stream"))
            _ = try socket.read(until: Array("frame-0\r\n".utf8))
            let producer = try #require(hub.all.first)
            #expect(eventually { server.counters.snapshot.suspendedStreams == 1 })
            socket.close()
            #expect(eventually { producer.closedCount.load(ordering: .relaxed) == 1 })
            #expect(eventually { server.counters.snapshot.openStreams == 0 })
        }
    }

    @Test func headOnStreamRouteSendsHeadersOnly() throws {
        let hub = StreamHub()
        try withHTTPServer(streamRouter(hub)) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/stream", method: "HEAD"))
            let r = try socket.readResponse(isHead: true)
            #expect(r.status == 200)
            #expect(r.header("Content-Type") == "multipart/x-mixed-replace;boundary=frame")
            #expect(eventually { hub.all.first?.closedCount.load(ordering: .relaxed) == 1 })
        }
    }

    @Test func lowWatermarkOptionKeepsStreamsWorking() throws {
        let hub = StreamHub()
        try withHTTPServer(streamRouter(hub), configure: { $0.streamSendLowWatermark = 16 * 1024 }) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/stream"))
            _ = try socket.read(until: Array("\r\n\r\n".utf8))
            #expect(eventually { hub.all.count == 1 })
            let big = [UInt8](repeating: 0x41, count: 200_000)
            hub.broadcast(big)
            hub.finishAll()
            #expect(try socket.readToEnd() == big)
        }
    }
}
