import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// A body is counted as it arrives, chunked or not, and refused with a JSON 413 the moment it
/// passes the limit: a chunked upload once read 40.5 MiB of a 50 MiB body before it was closed
/// without a word.
@Suite(.ioTimeLimit) struct UploadLimitTests {
    static let chunkedHead = "POST /submit HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"

    @Test func chunkedBodyIsRefusedTheMomentItPassesTheLimit() throws {
        try withHTTPServer(hostileRouter()) { server in
            let limit = server.configuration.maxBodyBytes
            #expect(limit == 64 * 1024)
            let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
            defer { socket.close() }
            // Five 16 KiB chunks: the fifth passes 64 KiB. The body never ends (no last chunk),
            // so an answer can only come from counting.
            try socket.send(Array(Self.chunkedHead.utf8) + Array([[UInt8]](repeating: BlockingSocket.chunk(16 * 1024), count: 5).joined()))
            let response = try socket.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == HTTPResponse.jsonContentType)
            #expect(response.header("Connection")?.lowercased() == "close")
            let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(body?["error"] as? String == "request body too large")
            #expect(body?["limit"] as? Int == limit)
            #expect(socket.closes(within: .seconds(10)))
            #expect(server.counters.snapshot.uploadsRefused == 1)
            #expect(isHealthy(server))
        }
    }

    /// 50 × 1 MiB against an 8 MiB route: the sender stops as soon as the answer is there, long
    /// before the 50 MiB are out.
    @Test func bigChunkedUploadGets413BeforeMostOfItIsSent() throws {
        var router = hostileRouter()
        router.put("/upload", maxBodyBytes: 8 << 20) { request in .json(.object([("bytes", .int(request.body.count))])) }
        try withHTTPServer(router) { server in
            let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
            defer { socket.close() }
            try socket.send("PUT /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            let sent = socket.dripChunks(50)
            let response = try socket.readResponse()
            #expect(response.status == 413)
            let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(body?["limit"] as? Int == 8 << 20)
            #expect(sent < 50, "the whole 50 MiB went out before the answer")
        }
    }

    @Test func smallChunkedUploadsWorkOneAtATime() throws {
        try withHTTPServer(hostileRouter()) { server in
            let whole = Self.chunkedHead + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
            let first = try #require(try exchange(port: server.port, whole))
            #expect(first.status == 200)
            #expect(first.text == #"{"bytes":11}"#)
            // A chunked upload in flight: a second one is told to come back, in JSON.
            let slow = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
            defer { slow.close() }
            try slow.send(Self.chunkedHead + "5\r\nhel")
            #expect(eventually { server.counters.snapshot.totalRequests >= 2 })
            let second = try #require(try exchange(port: server.port, whole))
            #expect(second.status == 503)
            #expect(second.header("Retry-After") == "1")
            #expect(second.header("Content-Type") == HTTPResponse.jsonContentType)
            // Once it ends, the next one goes through.
            try slow.send("lo\r\n0\r\n\r\n")
            #expect(try slow.readResponse().text == #"{"bytes":5}"#)
            #expect(try exchange(port: server.port, whole)?.status == 200)
        }
    }

    @Test func transferCodingsOtherThanChunkedAre501() throws {
        try withHTTPServer(hostileRouter()) { server in
            for codings in [["gzip"], ["gzip, chunked"], ["chunked", "chunked"], ["identity"]] {
                let headers = codings.map { "Transfer-Encoding: \($0)\r\n" }.joined()
                let response = try #require(try exchange(port: server.port, "POST /submit HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n0\r\n\r\n"))
                #expect(response.status == 501, "\(codings)")
                #expect(response.header("Content-Type") == HTTPResponse.jsonContentType)
            }
        }
    }
}
