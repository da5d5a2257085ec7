import Controls
import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// Garbage on the wire: every request below gets a 4xx or a clean close, never a 5xx (one
/// documented exception) or a crash, and the server answers /healthz after each.
@Suite(.ioTimeLimit) struct HostileRequestTests {
    @Test func malformedRequestLinesAreRefused() throws {
        // A line that never ends is closed by the timeout, which counts as a clean close here.
        try withHTTPServer(hostileRouter(), configure: { $0.connectionTimeout = .seconds(1) }) { server in
            let lines = [
                "GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET  HTTP/1.1\r\nHost: localhost\r\n\r\n", " / HTTP/1.1\r\nHost: localhost\r\n\r\n",
                "GET / HTTP/1.1 trailing\r\nHost: localhost\r\n\r\n", "\r\n\r\n\r\n\r\n", "GET /healthz HTTP/\r\n\r\n",
                "GET /healthz FTP/1.1\r\nHost: localhost\r\n\r\n", "GET /healthz HTTP/1.1\r\nBroken header line\r\n\r\n",
                "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}",
            ]
            for line in lines {
                let (outcome, _) = try hostileExchange(line, port: server.port)
                #expect(outcome.isRefusal, "\(line.debugDescription) → \(outcome)")
                #expect(isHealthy(server), "after \(line.debugDescription)")
            }
        }
    }

    /// A header line without a colon, and one with a NUL in its name, once got libmicrohttpd's HTML
    /// page (issue 30, finding 4): now one JSON 400, and the connection closes.
    @Test func malformedHeaderLinesGetOneJSONAnswer() throws {
        try withHTTPServer(hostileRouter()) { server in
            for line in ["NoColonHere", "X-Bad\u{0}Name: 1"] {
                let bytes = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\(line)\r\n\r\n".utf8)
                let (outcome, response) = try hostileExchange(bytes, port: server.port)
                #expect(outcome == .status(400), "\(line.debugDescription) → \(outcome)")
                #expect(response?.header("Content-Type") == HTTPResponse.jsonContentType, "\(line.debugDescription)")
                #expect(response?.text.contains(#""error":"malformed header line""#) == true, "\(response?.text ?? "")")
                #expect(isHealthy(server))
            }
        }
    }

    @Test func unknownMethodsGet405WithTheAllowedOnes() throws {
        try withHTTPServer(hostileRouter()) { server in
            for method in ["BREW", "PROPFIND", "TRACE", "DELETE", "PATCH"] {
                let (outcome, response) = try hostileExchange("\(method) /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                                                              port: server.port)
                #expect(outcome == .status(405), "\(method) → \(outcome)")
                #expect(response?.header("Allow") == "GET, HEAD, OPTIONS")
                #expect(response?.header("Content-Type") == HTTPResponse.jsonContentType)
            }
            // A method no server could know, and one longer than any buffer it might be copied to.
            for method in ["G\u{7F}T", String(repeating: "M", count: 40_000)] {
                let (outcome, _) = try hostileExchange("\(method) /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n", port: server.port)
                #expect(outcome.isRefusal, "\(method.prefix(8))… → \(outcome)")
            }
            #expect(isHealthy(server))
        }
    }

    @Test func http09AndUnknownVersions() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.connectionTimeout = .seconds(1) }) { server in
            // HTTP/0.9 has no version token: a bare request line, with or without the blank line.
            for request in ["GET /healthz\r\n", "GET /healthz\r\n\r\n", "GET /healthz HTTP/1.x\r\n\r\n"] {
                let (outcome, _) = try hostileExchange(request, port: server.port)
                #expect(outcome.isRefusal, "\(request.debugDescription) → \(outcome)")
            }
            // The one 5xx: a well-formed request line naming a version libmicrohttpd does not
            // speak gets 505 HTTP Version Not Supported, which is what RFC 9110 §15.6.6 asks for.
            for version in ["HTTP/0.9", "HTTP/2.0", "HTTP/3.0"] {
                let (outcome, _) = try hostileExchange("GET /healthz \(version)\r\nHost: localhost\r\n\r\n", port: server.port)
                #expect(outcome == .status(505), "\(version) → \(outcome)")
            }
            #expect(isHealthy(server))
        }
    }

    @Test func oversizedHeadersAndTargets() throws {
        try withHTTPServer(hostileRouter()) { server in
            let big = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n"
            let bigOutcome = try hostileExchange(big, port: server.port).0
            #expect(bigOutcome == .status(431))
            var many = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n"
            for i in 0..<10_000 { many += "X-H\(i): v\r\n" }
            let manyOutcome = try hostileExchange(many + "\r\n", port: server.port).0
            #expect(manyOutcome == .status(431))
            let long = "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let longOutcome = try hostileExchange(long, port: server.port).0
            #expect(longOutcome == .status(414))
            #expect(isHealthy(server))
            #expect(eventually { server.counters.snapshot.openConnections == 0 })
        }
    }

    @Test func invalidPercentEncodingAndUTF8ReachHandlersAsText() throws {
        try withHTTPServer(hostileRouter()) { server in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            defer { client.close() }
            let echo = try client.request("GET", "/echo?a=%zz&b=%g1&c=%")
            #expect(echo.status == 200)
            #expect(echo.text == #"{"path":"/echo","query":[["a","%zz"],["b","%g1"],["c","%"]]}"#)
            // Invalid UTF-8, percent-encoded or raw, arrives repaired (U+FFFD) and replies stay valid JSON.
            for target: [UInt8] in [Array("/echo?x=%ff%fe".utf8), Array("/echo?x=".utf8) + [0xFF, 0xFE]] {
                let (outcome, response) = try hostileExchange(Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8),
                                                              port: server.port)
                #expect(outcome == .status(200))
                let object = try JSONSerialization.jsonObject(with: Data(response?.body ?? [])) as? [String: Any]
                #expect((object?["query"] as? [[String]])?.first == ["x", "\u{FFFD}\u{FFFD}"])
            }
            for target: [UInt8] in [Array("/%ff%fe".utf8), Array("/%zz%2".utf8), [0x2F, 0xFF, 0xFE], [0x2F, 0xC3, 0x28]] {
                let (outcome, response) = try hostileExchange(Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8),
                                                              port: server.port)
                #expect(outcome == .status(404), "\(target) → \(outcome)")
                #expect((try? JSONSerialization.jsonObject(with: Data(response?.body ?? []))) != nil)
            }
            #expect(isHealthy(server))
        }
    }

    @Test func nulBytesNeverCutAPathShort() throws {
        try withHTTPServer(hostileRouter()) { server in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            defer { client.close() }
            // Encoded NULs stay literal, so "/healthz%00.txt" is not "/healthz".
            #expect(try client.request("GET", "/healthz%00.txt").status == 404)
            #expect(try client.request("GET", "/echo?a=%00b").text == #"{"path":"/echo","query":[["a","%00b"]]}"#)
            // A raw NUL in a header value: the request is still answered, and nothing breaks.
            let header = try hostileExchange(Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-A: a".utf8) + [0]
                                             + Array("b\r\nConnection: close\r\n\r\n".utf8), port: server.port)
            #expect(header.0 == .status(200))
            // A raw NUL in the target: libmicrohttpd hands over the path up to the NUL, so the
            // router and the file check see one and the same (shorter) path.
            let raw = try hostileExchange(Array("GET /echo".utf8) + [0] + Array("/../../etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8),
                                          port: server.port)
            #expect(raw.0 == .status(200))
            #expect(!(raw.1?.text.contains("passwd") ?? false))
            #expect(isHealthy(server))
        }
    }

    /// Two lengths, or a length and chunking, let a proxy in front and this server disagree on
    /// where a request ends (request smuggling): both are refused, and the connection closed.
    @Test func ambiguousBodyLengthsAreRefused() throws {
        try withHTTPServer(hostileRouter()) { server in
            let twoLengths = "POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabcde"
            let (first, response) = try hostileExchange(twoLengths, port: server.port)
            #expect(first == .status(400))
            #expect(response?.header("Content-Type") == HTTPResponse.jsonContentType)
            #expect(response?.header("Connection")?.lowercased() == "close")
            let lengthAndChunked = "POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            #expect(try hostileExchange(lengthAndChunked, port: server.port).0 == .status(400))
            // The same length twice is one length (RFC 9112 §6.3 allows merging it).
            let same = "POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"
            let (outcome, _) = try hostileExchange(same, port: server.port)
            #expect(outcome == .status(200))
            #expect(isHealthy(server))
        }
    }

    @Test func brokenBodyFramingIsRefused() throws {
        try withHTTPServer(hostileRouter()) { server in
            let requests: [(String, Int)] = [
                ("POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\n\r\n", 400),
                ("POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
                ("POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1e3\r\n\r\n", 400),
                ("POST /submit HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n", 400),
                ("POST /submit HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\nabc\r\n", 413),
                ("POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabcGARBAGE\r\n\r\n", 200),
            ]
            for (request, expected) in requests {
                let (outcome, _) = try hostileExchange(request, port: server.port)
                #expect(outcome == .status(expected), "\(request.debugDescription) → \(outcome)")
            }
            #expect(isHealthy(server))
        }
    }

    /// Random bytes with a fixed seed: whatever they parse as, the answer is a refusal or a
    /// harmless 2xx/404, and the server survives every one.
    @Test func randomGarbageNeverCrashesTheServer() throws {
        try withHTTPServer(hostileRouter(), configure: { $0.connectionTimeout = .seconds(1) }) { server in
            var state: UInt64 = 0x5EED_F00D
            func next() -> UInt8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let prefixes = ["", "GET /", "POST /submit HTTP/1.1\r\n", "GET /echo?", "GET /healthz HTTP/1.1\r\nHost: "]
            for i in 0..<60 {
                let garbage = (0..<(8 + Int(next()) * 4)).map { _ in next() }
                let bytes = Array(prefixes[i % prefixes.count].utf8) + garbage + Array("\r\n\r\n".utf8)
                let (outcome, _) = try hostileExchange(bytes, port: server.port, timeout: .seconds(3))
                if case .status(let s) = outcome { #expect(s < 500, "garbage #\(i) → \(s)") }
            }
            #expect(isHealthy(server))
        }
    }
}
