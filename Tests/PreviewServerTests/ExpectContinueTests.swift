import HTTPClient
import LayercastTesting
import Testing
import SeedControls

/// `Expect: 100-continue` (issue 30, finding 3): a head the server can refuse as it stands gets its
/// refusal instead of `100 Continue`, so the client never sends the body; a head its body may still
/// make good gets `100 Continue` and its answer after the body.
@Suite(.ioTimeLimit) struct ExpectContinueTests {

    /// The head's first answer, and after it (when that was `100 Continue`) the answer to `body`.
    static func exchange(_ server: TestServer, _ head: String, body: String) throws -> (first: String, final: String?) {
        let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
        defer { socket.close() }
        try socket.send(head.replacingOccurrences(of: "HOST", with: server.host)
            + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
        let first = String(decoding: try socket.read(until: Array("\r\n\r\n".utf8), timeout: .seconds(10)), as: UTF8.self)
        guard first.hasPrefix("HTTP/1.1 100 ") else { return (first, nil) }
        try socket.send(body)
        let answer = try socket.readResponse()
        return (first, "HTTP/1.1 \(answer.status)")
    }

    @Test(arguments: [
        ("POST /meter/hold?seconds=2&bogus=1 HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer t\r\n", "400"),
        ("POST /meter/hold?seconds=601 HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer t\r\n", "400"),
        ("POST /meter/hold HTTP/1.1\r\nHost: HOST\r\n", "401"),
        ("POST /meter/hold HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer t\r\nOrigin: http://evil.example\r\n", "403"),
        ("POST /meter/hold HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer t\r\nContent-Type: text/plain\r\n", "415"),
        ("PUT /player/artwork HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer t\r\nContent-Type: image/gif\r\n", "415"),
        ("POST /state HTTP/1.1\r\nHost: HOST\r\n", "405"),
    ])
    func aRefusedHeadGetsItsRefusalInsteadOfContinue(head: String, status: String) throws {
        try withTestServer(.live, configure: { $0.token = "t" }) { s in
            let (first, _) = try Self.exchange(s, head, body: "seconds=2")
            #expect(first.hasPrefix("HTTP/1.1 \(status) "), "\(first)")
            #expect(first.contains("Content-Type: application/json"), "\(first)")
            let state = try jsonObject(try s.get("/state"))
            #expect((state["meter"] as? [String: Any])?["segmentCount"] as? Int == 0, "the command was not applied")
        }
    }

    /// `seconds` is missing from the query, but the body brings it: the head cannot be refused.
    @Test func aHeadItsBodyMayCompleteGetsContinue() throws {
        try withTestServer(.live, configure: { $0.token = "t" }) { s in
            let (first, final) = try Self.exchange(
                s, "POST /meter/hold HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer t\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\n", body: "seconds=2")
            #expect(first.hasPrefix("HTTP/1.1 100 "), "\(first)")
            #expect(final?.hasPrefix("HTTP/1.1 200") == true, "\(final ?? "")")
        }
    }
}
