import Foundation
import HTTPClient
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Reads a rebound DNS name could make: `GET /state` and `GET /frame.png` with
/// `Host: evil.example:PORT` used to answer 200, since only commands checked the Origin. Every
/// request now passes the Host check first, and the origin rule compares the scheme too.
@Suite(.ioTimeLimit) struct HostCheckTests {

    static func request(_ server: TestServer, _ target: String, method: String = "GET", host: String,
                        origin: String? = nil) throws -> HTTPProbeResponse? {
        let originLine = origin.map { "Origin: \($0)\r\n" } ?? ""
        return try server.raw(Array("\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n\(originLine)Content-Length: 0\r\nConnection: close\r\n\r\n".utf8))
    }

    @Test func readsUnderAnotherNameAre403() throws {
        let server = try hostileServer()
        let before = try server.state()
        let host = "evil.example:\(server.port)"
        for target in ["/state", "/frame.png?size=32", "/frame.jpg?size=32", "/index.html", "/", "/openapi.json",
                       "/metrics", "/clock", "/stream.mjpg?size=32", "/events", "/nothing-here"] {
            let response = try #require(try Self.request(server, target, host: host), "\(target)")
            #expect(response.status == 403, "\(target)")
            #expect(response.header("Content-Type") == HTTPResponse.jsonContentType, "\(target)")
            let body = try jsonObject(response)
            #expect(body["host"] as? String == host)
            #expect((body["error"] as? String)?.contains("--allowed-host") == true)
            #expect((body["allowed"] as? [String]) == ["localhost", "*.localhost", "an IPv4 address", "[an IPv6 address]"])
        }
        // Nothing it asked for happened: the scene is as it was.
        #expect(try Self.request(server, "/spinner/start", method: "POST", host: host)?.status == 403)
        #expect(try server.state().spinner.animating == before.spinner.animating)
        let metrics = try server.get("/metrics").text
        #expect(metrics.contains("layercast_http_host_refusals_total 12"), "\(metrics.split(separator: "\n").filter { $0.contains("host_refusals") })")
    }

    @Test func localNamesAndAddressesAreAnswered() throws {
        let server = try hostileServer()
        let port = server.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LocalHost:\(port)", "studio.localhost:\(port)", "[::1]:\(port)",
                     "192.168.1.20:\(port)", "127.0.0.1", "localhost"] {
            #expect(try Self.request(server, "/state", host: host)?.status == 200, "\(host)")
        }
        for host in ["127.0.0.1.nip.io:\(port)", "localhost.evil.example", "evil.example", "localhost:\(port):1", "127.0.0.1:"] {
            #expect(try Self.request(server, "/state", host: host)?.status == 403, "\(host)")
        }
    }

    @Test func allowedHostsAddNamesAndDomains() throws {
        let server = try hostileServer { $0.allowedHosts = ["studio.lan", ".example.com"] }
        let port = server.port
        for host in ["studio.lan:\(port)", "example.com", "preview.example.com:\(port)"] {
            #expect(try Self.request(server, "/frame.png?size=32", host: host)?.status == 200, "\(host)")
            // The page under that name is this server's own: it may send commands.
            #expect(try Self.request(server, "/spinner/start", method: "POST", host: host, origin: "http://\(host)")?.status == 200, "\(host)")
        }
        for host in ["evil.lan", "example.com.evil.example", "notexample.com"] {
            #expect(try Self.request(server, "/state", host: host)?.status == 403, "\(host)")
        }
        let any = try hostileServer { $0.allowedHosts = ["*"] }
        #expect(try Self.request(any, "/state", host: "whatever.example")?.status == 200)
    }

    /// An Origin with the right host but a scheme no page of this server can have is another
    /// origin: `evil://127.0.0.1:PORT` does not pass; http and https (behind a TLS proxy) do.
    @Test func originSchemeIsCompared() throws {
        let server = try hostileServer()
        let host = server.host
        for scheme in ["evil", "file", "ws", "chrome-extension", "javascript", "HTTPX"] {
            let response = try #require(try Self.request(server, "/spinner/start", method: "POST", host: host, origin: "\(scheme)://\(host)"))
            #expect(response.status == 403, "\(scheme)")
            #expect((try jsonObject(response)["error"] as? String)?.contains("cross-origin") == true)
        }
        for scheme in ["http", "https", "HTTP"] {
            #expect(try Self.request(server, "/spinner/start", method: "POST", host: host, origin: "\(scheme)://\(host)")?.status == 200, "\(scheme)")
        }
    }
}
