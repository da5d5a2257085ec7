import Foundation
import HTTPClient
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Scenes
import Testing
import SeedControls

/// Issue 16's protocol attacks on the app, as they were measured: each is now refused with one
/// JSON answer, and the scene is intact afterwards. (The thousand-connection attack is in
/// HeavyAttackTests, which the sanitizer runs skip.)
@Suite(.ioTimeLimit) struct AttackReproductionTests {

    /// What must not change under an attack: every control's discrete state.
    /// Read on a fresh connection, so an attack that outlasts a kept-alive one cannot break it.
    static func discreteState(_ server: TestServer) throws -> [String] {
        let s = try decode(StateReply.self, from: HTTPProbe.get(server.baseURL + "/state", timeout: .seconds(30)))
        return [String(s.spinner.animating), s.playButton.mode.rawValue, String(s.meter.segmentCount),
                String(s.meter.recording), String(s.player.playing), String(s.player.artwork.id)]
    }

    static func everything(_ server: TestServer, _ bytes: [UInt8]) throws -> String {
        let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
        defer { socket.close() }
        try? socket.send(bytes)
        return String(decoding: (try? socket.readToEnd()) ?? [], as: UTF8.self)
    }

    /// `Content-Length: -1`, `1e3`, `3, 5` and `18446744073709551617` once got a status line and
    /// headers twice.
    @Test func badContentLengthsGetOneJSONAnswer() throws {
        let server = try hostileServer()
        let before = try Self.discreteState(server)
        for (value, status) in [("-1", 400), ("1e3", 400), ("3, 5", 400), ("18446744073709551617", 413)] {
            let reply = try Self.everything(server, Array("POST /meter/release HTTP/1.1\r\nHost: \(server.host)\r\nContent-Length: \(value)\r\n\r\n".utf8))
            #expect(reply.components(separatedBy: "HTTP/1.1 ").count == 2, "\(value): \(reply.debugDescription)")
            #expect(reply.hasPrefix("HTTP/1.1 \(status) "), "\(value)")
            #expect(reply.contains("Content-Type: application/json"), "\(value)")
            #expect(reply.hasSuffix("}"), "\(value)")
        }
        #expect(try Self.discreteState(server) == before)
    }

    /// `POST /meter/release` with a chunk `5;` and 50,000 × `x` once got libmicrohttpd's HTML 500.
    @Test func overlongChunkLineIsA400NotA500() throws {
        let server = try hostileServer()
        let before = try Self.discreteState(server)
        let head = "POST /meter/release HTTP/1.1\r\nHost: \(server.host)\r\nTransfer-Encoding: chunked\r\n\r\n"
        let reply = try Self.everything(server, Array(head.utf8) + Array("5;".utf8) + [UInt8](repeating: 0x78, count: 50_000))
        #expect(reply.hasPrefix("HTTP/1.1 400 "), "\(reply.prefix(200).debugDescription)")
        #expect(reply.components(separatedBy: "HTTP/1.1 ").count == 2)
        #expect(reply.contains("Content-Type: application/json"))
        #expect(reply.contains(#""error":"malformed chunked body""#))
        #expect(try Self.discreteState(server) == before)
        #expect(server.isHealthy)
    }

    /// 50 × 1 MiB chunked to `PUT /player/artwork` was read up to 40.5 MiB, then closed without a
    /// status: now a JSON 413 arrives while the sender is still sending, and the artwork stays.
    @Test func chunkedArtworkFloodIsRefusedAtTheLimit() throws {
        let server = try hostileServer()
        let before = try Self.discreteState(server)
        let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
        defer { socket.close() }
        try socket.send("PUT /player/artwork HTTP/1.1\r\nHost: \(server.host)\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n")
        let sent = socket.dripChunks(50)
        let response = try socket.readResponse()
        #expect(response.status == 413)
        #expect(try jsonObject(response)["limit"] as? Int == ArtworkLibrary.maxUploadBytes)
        #expect(sent < 50)
        #expect(try Self.discreteState(server) == before)
        #expect(server.server.httpCounters.uploadsRefused == 1)
        #expect(server.isHealthy)
    }
}
