import Controls
import Dispatch
import Foundation
import HTTPClient
import LayercastTesting
@testable import PreviewServer
import Synchronization
import Testing
import SeedControls

/// Stopping under load: every viewer is told, counted and let go, commands in flight finish or
/// fail cleanly, and nothing stays open. (The binary's SIGTERM path, with its 1 s bound and exit
/// status, is checked by scripts/test-api-fuzz.sh; the suite only prints the time.)
@Suite(.ioTimeLimit) struct ShutdownTests {

    final class ClientFlags: Sendable {
        let running = Atomic<Bool>(true)
        /// Set just before the stop: from then on a failed request means the server is going away.
        let stopping = Atomic<Bool>(false)
        let answered = Atomic<Int>(0)
    }

    /// Opens a stream and waits for its head, so it is attached.
    static func openStream(_ server: TestServer, control: String) throws -> BlockingSocket {
        let stream = try StreamClient(port: server.port, target: "/stream.mjpg?control=\(control)&size=48&fps=10")
        #expect(try stream.readHead(timeout: .seconds(20)).statusLine.hasPrefix("HTTP/1.0 200"), "stream \(control)")
        return stream.socket
    }

    @Test func stopWithHundredStreamsAndCommandsInFlight() throws {
        let server = try hostileServer()
        let controls = ["spinner", "meter", "player", "play-button", "all"]
        let streams = try (0..<100).map { try Self.openStream(server, control: controls[$0 % controls.count]) }
        #expect(eventually { server.server.services.hub.openStreams == 100 })
        #expect(server.server.httpCounters.openStreams == 100)

        let flags = ClientFlags()
        let port = server.port
        let group = DispatchGroup()
        let commands = ["/player/toggle", "/spinner/start", "/meter/press", "/meter/release", "/play-button/mode?mode=pause"]
        for worker in 0..<4 {
            hostileThread(group) {
                let client = SimpleHTTPClient(host: "127.0.0.1", port: port, timeout: .seconds(5))
                var i = worker
                while flags.running.load(ordering: .relaxed) {
                    // Frame renders (offloaded) mixed with commands, so some are mid-render at the stop.
                    let target = i % 3 == 0 ? "/frame.png?size=256" : commands[i % commands.count]
                    if (try? client.request(i % 3 == 0 ? "GET" : "POST", target)) != nil {
                        flags.answered.add(1, ordering: .relaxed)
                    } else {
                        client.close()
                        // Once the stop has begun the server refuses at once: this client is done,
                        // rather than spinning on refusals beside the stop. Before it, retry at once.
                        if flags.stopping.load(ordering: .relaxed) { break }
                    }
                    i += 1
                }
                client.close()
            }
        }
        #expect(eventually { flags.answered.load(ordering: .relaxed) >= 20 })

        let started = ContinuousClock.now
        flags.stopping.store(true, ordering: .relaxed)
        let disconnected = server.server.stop()
        let took = ContinuousClock.now - started
        flags.running.store(false, ordering: .relaxed)
        group.wait()
        print("ShutdownTests: stop() with 100 streams and 4 busy clients took \(took), disconnected \(disconnected) viewers")

        #expect(disconnected == 100)
        for (i, socket) in streams.enumerated() {
            #expect(socket.closes(within: .seconds(5)), "stream \(i) was not closed")
        }
        #expect(eventually { server.server.services.hub.openStreams == 0 })
        #expect(server.server.services.hub.watchedFeeds == 0)
        #expect(server.server.services.hub.counters.snapshot.openStreams == 0)
        #expect(server.server.httpCounters.openStreams == 0)
        #expect(server.server.httpCounters.suspendedStreams == 0)
        #expect(server.server.services.eventHub.subscriberCount == 0)
        // Stopped means stopped: no one is listening any more, and a second stop is harmless.
        #expect(throws: (any Error).self) { try HTTPProbe.get("http://\(server.host)/healthz", timeout: .seconds(1)) }
        #expect(server.server.stop() == 0)
    }

    /// Event-stream subscribers are ended by stop() too.
    @Test func stopEndsEventStreams() throws {
        let server = try hostileServer()
        let subscribers = try (0..<10).map { _ -> BlockingSocket in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send("GET /events HTTP/1.1\r\nHost: \(server.host)\r\n\r\n")
            #expect(try socket.receive(timeout: .seconds(10))?.isEmpty == false)
            return socket
        }
        #expect(eventually { server.server.services.eventHub.subscriberCount == 10 })
        #expect(server.server.stop() == 0)
        for socket in subscribers { #expect(socket.closes(within: .seconds(5))) }
        #expect(eventually { server.server.services.eventHub.subscriberCount == 0 })
    }
    /// Once stopped and dropped, a server is freed with its scene: nothing it made (routes, metrics
    /// readers, an /events subscriber whose connection outlived the stop) keeps it alive. Router mode
    /// is what the boundary and error tables build by the hundred; live mode leaves a subscriber open.
    @Test(arguments: [TestServer.Mode.router, .live])
    func aStoppedServerIsFreed(mode: TestServer.Mode) throws {
        weak var server: PreviewServer?
        weak var scene: LiveScene?
        var subscriber: BlockingSocket?
        do {
            let test = try TestServer(mode)
            #expect(try test.post("/player/toggle").status == 200)
            #expect(try test.get("/metrics").status == 200)
            #expect(try test.get("/frame.png?size=48").status == 200)
            if mode == .live {
                let socket = try BlockingSocket.connect(port: test.port)
                try socket.send("GET /events HTTP/1.1\r\nHost: \(test.host)\r\n\r\n")
                #expect(try socket.receive(timeout: .seconds(10))?.isEmpty == false)
                subscriber = socket
            }
            server = test.server
            scene = test.server.scene
            test.stop()
        }
        #expect(eventually { server == nil && scene == nil })
        subscriber?.close()
    }
}
