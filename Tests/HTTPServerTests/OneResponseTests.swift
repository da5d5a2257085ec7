import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// One request, at most one response, and never a 500 for a broken request. libmicrohttpd 0.9.75
/// sent the status line and headers twice for a Content-Length it could not parse (its state
/// machine builds its error page's head a second time), and a 500 page for a chunk-size line too
/// long for its buffer; both are now a single JSON answer (`LibraryPages`).
@Suite(.ioTimeLimit) struct OneResponseTests {
    /// Everything the server sends on a fresh connection until it closes it.
    static func wholeReply(_ bytes: [UInt8], port: Int) throws -> [UInt8] {
        let socket = try BlockingSocket.connect(port: port, timeout: .seconds(10))
        defer { socket.close() }
        try? socket.send(bytes)
        return (try? socket.readToEnd()) ?? []
    }

    /// The reply split into one head and a body, checking there is nothing after the body.
    static func single(_ reply: [UInt8], _ context: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> (status: Int, headers: [String: String], body: [UInt8])? {
        let text = String(decoding: reply, as: UTF8.self)
        let statusLines = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.") }
        #expect(statusLines.count == 1, "\(context): \(statusLines.count) status lines in \(text.prefix(400).debugDescription)",
                sourceLocation: sourceLocation)
        guard let end = reply.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: reply[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = head.first.flatMap({ Int($0.split(separator: " ")[1]) }) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = Array(reply[end.upperBound...])
        #expect(headers["content-length"].flatMap(Int.init) == body.count,
                "\(context): Content-Length \(headers["content-length"] ?? "none"), \(body.count) bytes follow",
                sourceLocation: sourceLocation)
        return (status, headers, body)
    }

    static func expectJSONError(_ reply: [UInt8], status: Int, _ context: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answer = try #require(single(reply, context, sourceLocation: sourceLocation), "\(context): no reply",
                                  sourceLocation: sourceLocation)
        #expect(answer.status == status, "\(context)", sourceLocation: sourceLocation)
        #expect(answer.headers["content-type"] == HTTPResponse.jsonContentType, "\(context)", sourceLocation: sourceLocation)
        #expect(answer.headers["connection"] == "close", "\(context)", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        #expect(object?["error"] is String, "\(context): \(String(decoding: answer.body, as: UTF8.self))",
                sourceLocation: sourceLocation)
    }

    @Test func unparsableContentLengthsGetOneJSONAnswer() throws {
        try withHTTPServer(hostileRouter()) { server in
            for (value, status) in [("-1", 400), ("1e3", 400), ("3, 5", 400), ("0x10", 400), ("", 400),
                                    ("18446744073709551617", 413), ("99999999999999999999999", 413)] {
                let request = "POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(value)\r\n\r\nabc"
                try Self.expectJSONError(try Self.wholeReply(Array(request.utf8), port: server.port), status: status,
                                         "Content-Length: \(value)")
            }
            #expect(isHealthy(server))
        }
    }

    @Test func brokenChunkFramingIsJSONAndNever500() throws {
        try withHTTPServer(hostileRouter()) { server in
            let head = "POST /submit HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
            let cases: [(String, [UInt8], Int)] = [
                ("a chunk-size line longer than the connection's buffer", Array("5;".utf8) + [UInt8](repeating: 0x78, count: 50_000), 400),
                ("a chunk size that is not hex", Array("zz\r\nabc\r\n".utf8), 400),
                ("a chunk size past 64 bits", Array("FFFFFFFFFFFFFFFFFF\r\nabc\r\n".utf8), 413),
                ("chunk data without its CRLF", Array("3\r\nabcXY0\r\n\r\n".utf8), 400),
            ]
            for (what, body, status) in cases {
                try Self.expectJSONError(try Self.wholeReply(Array(head.utf8) + body, port: server.port), status: status, what)
                #expect(isHealthy(server), "after \(what)")
            }
        }
    }

    /// The same request on /meter/release-like routes of the app is in the PreviewServer tests;
    /// here: what the server answers itself, it answers in JSON, for a route and for no route.
    @Test func refusalsBeforeRoutingAreJSONToo() throws {
        try withHTTPServer(hostileRouter()) { server in
            for target in ["/submit", "/no/such/route"] {
                let request = "POST \(target) HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n"
                try Self.expectJSONError(try Self.wholeReply(Array(request.utf8), port: server.port), status: 400, target)
            }
        }
    }
}
