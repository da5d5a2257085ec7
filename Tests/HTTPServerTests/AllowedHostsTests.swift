import Controls
import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// The Host check (Vite's `server.allowedHosts` rule): localhost names and IP literals by
/// default, more names on purpose, every other Host a JSON 403 on every request.
@Suite(.ioTimeLimit) struct AllowedHostsTests {
    @Test func defaultRuleAllowsNamesThatCannotBeRebound() {
        let rule = AllowedHosts()
        for host in ["localhost", "localhost:8080", "LOCALHOST:8080", "studio.localhost:1", "a.b.localhost",
                     "localhost.", "127.0.0.1", "127.0.0.1:8080", "10.0.0.7:80", "0.0.0.0", "[::1]", "[::1]:8080",
                     "[fe80::1]:8080", "[::ffff:127.0.0.1]:1"] {
            #expect(rule.allows(host: host), "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.evil.example:80",
                     "evillocalhost", "0x7f.0.0.1", "127.1", "2130706433", "[::1", "::1", "[::1]x", "[evil]:80",
                     "localhost:", "localhost:http", "localhost:123456", "", ":8080", "local host", "localhost:80:80",
                     "evil.example\u{0}localhost"] {
            #expect(!rule.allows(host: host), "\(host.debugDescription)")
        }
        // No Host at all (HTTP/1.0 tools) names nothing that could be rebound.
        #expect(rule.allows(host: nil))
    }

    @Test func namesAddedOnPurpose() {
        let rule = AllowedHosts(["Studio.LAN", ".example.com"])
        for host in ["studio.lan", "studio.lan:8080", "example.com", "example.com.", "a.example.com:1", "a.b.example.com"] {
            #expect(rule.allows(host: host), "\(host)")
        }
        for host in ["x.studio.lan", "badexample.com", "example.com.evil", "evil.example"] {
            #expect(!rule.allows(host: host), "\(host)")
        }
        #expect(AllowedHosts(["*"]).allows(host: "anything.example:1"))
    }

    @Test func everyRequestWithAnotherHostIs403() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.hostRefusalHint = "add it with --allowed-host" }) { server in
            var refused = 0
            for (method, target) in [("GET", "/healthz"), ("HEAD", "/healthz"), ("OPTIONS", "/healthz"), ("GET", "/nothing"),
                                     ("POST", "/submit"), ("DELETE", "/healthz")] {
                let host = "evil.example:\(server.port)"
                let socket = try BlockingSocket.connect(port: server.port, timeout: .seconds(10))
                defer { socket.close() }
                try socket.send("\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 0\r\n\r\n")
                let response = try socket.readResponse(isHead: method == "HEAD")
                refused += 1
                #expect(response.status == 403, "\(method) \(target)")
                guard method != "HEAD" else { continue }
                #expect(response.header("Content-Type") == HTTPResponse.jsonContentType)
                let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
                #expect(body["host"] as? String == host)
                #expect((body["error"] as? String)?.contains("add it with --allowed-host") == true)
                #expect((body["allowed"] as? [String])?.first == "localhost")
            }
            #expect(server.counters.snapshot.hostRefusals == refused)
            // Two Host headers are one too many.
            let two = try #require(try exchange(port: server.port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n"))
            #expect(two.status == 400)
            #expect(isHealthy(server))
        }
    }
}
