import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Synchronization
import Testing

private func apiRouter() -> Router {
    var router = Router()
    router.get("/hello") { _ in .text("hello") }
    router.post("/echo") { request in
        HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: .bytes(request.body))
    }
    router.post("/upload", maxBodyBytes: 200_000) { request in .json(["received": .int(request.body.count)]) }
    router.get("/query") { request in
        .json(.object(request.query.map { ($0.name, .string($0.value)) }))
    }
    router.get("/headers") { request in
        .json(["ua": .string(request.header("USER-AGENT") ?? ""), "x": .string(request.headers["x-custom"] ?? "")])
    }
    router.put("/hello") { _ in .text("put") }
    return router
}

@Suite(.ioTimeLimit) struct RoutingTests {
    @Test func getHeadAnd404() throws {
        try withHTTPServer(apiRouter()) { server in
            let url = "http://127.0.0.1:\(server.port)"
            let ok = try HTTPProbe.get(url + "/hello")
            #expect(ok.status == 200)
            #expect(ok.text == "hello")
            #expect(ok.header("Content-Type") == "text/plain; charset=utf-8")

            let head = try HTTPProbe.request("HEAD", url: url + "/hello")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == "5")
            #expect(head.header("Content-Type") == "text/plain; charset=utf-8")

            let missing = try HTTPProbe.get(url + "/nope")
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == HTTPResponse.jsonContentType)
            #expect(missing.text == #"{"error":"not found","path":"/nope"}"#)
        }
    }

    /// A route open to cross-origin reads: its GET and HEAD answers carry `*` and expose their own
    /// non-safelisted headers, a preflight for a read is granted, and the POST on the same path
    /// gets neither.
    @Test func crossOriginReadsAreGrantedOnTheirRouteOnly() throws {
        var router = Router()
        router.add("GET", "/frame", crossOriginReads: true) { _ in
            HTTPResponse(headers: [("Content-Type", "image/png"), ("ETag", "\"a\""), ("X-Scene-Time", "1.5")], body: .bytes([1]))
        }
        router.post("/frame") { _ in .text("done") }
        router.get("/private") { _ in .text("mine") }
        let origin = [("Origin", "http://docs.example")]
        try withHTTPServer(router) { server in
            let url = "http://127.0.0.1:\(server.port)"
            for method in ["GET", "HEAD"] {
                let read = try HTTPProbe.request(method, url: url + "/frame", headers: origin)
                #expect(read.header("Access-Control-Allow-Origin") == "*", "\(method)")
                #expect(read.header("Access-Control-Expose-Headers") == "ETag, X-Scene-Time", "\(method)")
            }
            let preflight = try HTTPProbe.request("OPTIONS", url: url + "/frame",
                                                  headers: origin + [("Access-Control-Request-Method", "GET")])
            #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Methods") == "GET, HEAD")
            #expect(preflight.header("Access-Control-Allow-Origin") == "*")
            #expect(preflight.header("Access-Control-Max-Age") == "600")
            let commandPreflight = try HTTPProbe.request("OPTIONS", url: url + "/frame",
                                                         headers: origin + [("Access-Control-Request-Method", "POST")])
            #expect(commandPreflight.header("Access-Control-Allow-Origin") == nil)
            #expect(try HTTPProbe.request("POST", url: url + "/frame", headers: origin).header("Access-Control-Allow-Origin") == nil)
            #expect(try HTTPProbe.request("GET", url: url + "/private", headers: origin).header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func methodNotAllowedNamesAllowedMethods() throws {
        try withHTTPServer(apiRouter()) { server in
            let response = try HTTPProbe.request("DELETE", url: "http://127.0.0.1:\(server.port)/hello")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, PUT, OPTIONS")
            #expect(response.text
                == #"{"error":"method not allowed","method":"DELETE","path":"/hello","allowed":["GET","HEAD","PUT","OPTIONS"]}"#)

            let options = try HTTPProbe.request("OPTIONS", url: "http://127.0.0.1:\(server.port)/hello")
            #expect(options.status == 204)
            #expect(options.header("Allow") == "GET, HEAD, PUT, OPTIONS")
        }
    }

    @Test func keepAliveAnswersTwoRequestsOnOneSocket() throws {
        try withHTTPServer(apiRouter()) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            try socket.send(getRequest("/hello"))
            let first = try socket.readResponse()
            #expect(first.status == 200)
            #expect(first.text == "hello")
            #expect(first.header("Connection")?.lowercased() != "close")
            try socket.send(getRequest("/query?a=1"))
            let second = try socket.readResponse()
            #expect(second.status == 200)
            #expect(second.text == #"{"a":"1"}"#)
            // Exactly one TCP connection carried both.
            #expect(server.counters.snapshot.openConnections == 1)
        }
    }

    @Test func queryIsParsedInOrderAndDecoded() throws {
        try withHTTPServer(apiRouter()) { server in
            let r = try HTTPProbe.get("http://127.0.0.1:\(server.port)/query?b=2&a=x%20y&flag&a=second")
            #expect(r.status == 200)
            #expect(r.text == #"{"b":"2","a":"x y","flag":"","a":"second"}"#)
        }
    }

    @Test func headersAreCaseInsensitive() throws {
        try withHTTPServer(apiRouter()) { server in
            let r = try HTTPProbe.request("GET", url: "http://127.0.0.1:\(server.port)/headers",
                                          headers: [("User-Agent", "probe/1"), ("X-Custom", "v")])
            #expect(r.text == #"{"ua":"probe/1","x":"v"}"#)
        }
    }

    @Test func postBodyIsEchoed() throws {
        try withHTTPServer(apiRouter()) { server in
            let body = (0..<50_000).map { UInt8($0 % 251) }
            let r = try HTTPProbe.request("POST", url: "http://127.0.0.1:\(server.port)/echo", body: body)
            #expect(r.status == 200)
            #expect(r.body == body)
        }
    }

    @Test func declaredBodyOverLimitIs413() throws {
        try withHTTPServer(apiRouter()) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            // Only the headers are sent: the 413 must come without the server waiting for the body.
            try socket.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n")
            let r = try socket.readResponse()
            #expect(r.status == 413)
            #expect(r.text == #"{"error":"request body too large","limit":65536}"#)
        }
    }

    @Test func sentBodyOverLimitIs413() throws {
        try withHTTPServer(apiRouter()) { server in
            let socket = try BlockingSocket.connect(port: server.port)
            var request = Array("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            for _ in 0..<10 {
                request += Array("2000\r\n".utf8) + [UInt8](repeating: 65, count: 0x2000) + Array("\r\n".utf8)
            }
            request += Array("0\r\n\r\n".utf8)
            try socket.send(request)
            let r = try socket.readResponse()
            #expect(r.status == 413)
            #expect(r.header("Content-Type") == HTTPResponse.jsonContentType)
        }
    }

    @Test func routeCanRaiseBodyLimit() throws {
        try withHTTPServer(apiRouter()) { server in
            let body = [UInt8](repeating: 7, count: 150_000)
            let ok = try HTTPProbe.request("POST", url: "http://127.0.0.1:\(server.port)/upload", body: body)
            #expect(ok.status == 200)
            #expect(ok.text == #"{"received":150000}"#)
            let tooBig = try HTTPProbe.request("POST", url: "http://127.0.0.1:\(server.port)/upload",
                                               body: [UInt8](repeating: 7, count: 250_000))
            #expect(tooBig.status == 413)
        }
    }

    @Test func offloadedHandlerDoesNotBlockOtherRequests() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        var router = apiRouter()
        router.get("/slow") { _ in
            .deferred {
                started.signal()
                _ = release.wait(timeout: .now() + 10)
                return .text("slow done")
            }
        }
        try withHTTPServer(router) { server in
            let slow = try BlockingSocket.connect(port: server.port)
            try slow.send(getRequest("/slow"))
            #expect(started.wait(timeout: .now() + 5) == .success)
            // The slow handler is still running; the event loop must answer this meanwhile.
            let fast = try HTTPProbe.get("http://127.0.0.1:\(server.port)/hello")
            #expect(fast.text == "hello")
            release.signal()
            let r = try slow.readResponse()
            #expect(r.status == 200)
            #expect(r.text == "slow done")
            // Keep-alive survives the suspend/resume round trip.
            try slow.send(getRequest("/slow"))
            release.signal()
            #expect(try slow.readResponse().text == "slow done")
        }
    }

    @Test func stopDuringOffloadedHandlerReturnsWithoutWaitingForIt() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        var router = Router()
        router.get("/slow") { _ in
            .deferred {
                started.signal()
                _ = release.wait(timeout: .now() + 10)
                defer { finished.signal() }
                return .text("too late")
            }
        }
        let server = HTTPServer(configuration: .init(port: 0), router: router)
        try server.start()
        let socket = try BlockingSocket.connect(port: server.port)
        try socket.send(getRequest("/slow"))
        #expect(started.wait(timeout: .now() + 5) == .success)
        server.stop()
        // stop() returned while the handler was still blocked (it is released only below): the
        // order of events, not a duration, shows it did not wait for it.
        #expect(finished.wait(timeout: .now()) == .timedOut, "stop() waited for the handler")
        #expect(socket.closes(within: .seconds(10)))
        // The handler finishing after stop must not touch the freed connection.
        release.signal()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(eventually { server.counters.snapshot.openConnections == 0 })
    }

    @Test func percentEncodedPathIsDecodedButNulStaysLiteral() throws {
        var router = Router()
        router.get("/with space") { _ in .text("spaced") }
        router.get("/*") { request in .text(request.path) }
        try withHTTPServer(router) { server in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            let spaced = try client.request("GET", "/with%20space")
            let nul = try client.request("GET", "/a%00b")
            let letters = try client.request("GET", "/%41%62c")
            #expect(spaced.text == "spaced")
            #expect(nul.text == "/a%00b")
            #expect(letters.text == "/Abc")
        }
    }

    @Test func completionHookReportsRouteStatusAndBytes() throws {
        let records = Mutex<[RequestRecord]>([])
        try withHTTPServer(apiRouter(), configure: { config in
            config.onRequestCompleted = { record in records.withLock { $0.append(record) } }
        }) { server in
            _ = try HTTPProbe.get("http://127.0.0.1:\(server.port)/hello")
            _ = try HTTPProbe.get("http://127.0.0.1:\(server.port)/missing")
            #expect(eventually { records.withLock { $0.count } == 2 })
            let list = records.withLock { $0 }
            #expect(list.first?.route == "/hello")
            #expect(list.first?.status == 200)
            #expect(list.first?.bytesSent == 5)
            #expect(list.first?.method == "GET")
            #expect(list.last?.route == "unmatched")
            #expect(list.last?.status == 404)
            #expect(server.counters.snapshot.totalRequests == 2)
        }
    }

    @Test func routerListsRegisteredRoutes() {
        let routes = apiRouter().registeredRoutes.map(\.description)
        #expect(routes == ["GET /hello", "POST /echo", "POST /upload", "GET /query", "GET /headers", "PUT /hello"])
    }

    @Test func mostSpecificPatternWins() {
        var router = Router()
        router.get("/*") { _ in .text("static") }
        router.get("/assets/*") { _ in .text("assets") }
        router.post("/api/upload") { _ in .text("upload") }
        func body(_ m: String, _ p: String) -> String {
            let r = router.respond(to: HTTPRequest(method: m, path: p))
            return "\(r.status) " + String(decoding: r.bodyBytes ?? [], as: UTF8.self)
        }
        #expect(body("GET", "/index.html") == "200 static")
        #expect(body("GET", "/assets/app.js") == "200 assets")
        #expect(body("GET", "/assetsx") == "200 static")
        #expect(body("GET", "/api/upload").hasPrefix("405 "))
        #expect(body("POST", "/api/upload") == "200 upload")
    }

    /// A "*" segment before the end matches one segment, and beats a shorter prefix.
    @Test func aMiddleWildcardMatchesOneSegment() {
        var router = Router()
        router.get("/*") { _ in .text("static") }
        router.get("/scenarios/*") { _ in .text("one") }
        router.post("/scenarios/*/play") { _ in .text("play") }
        router.post("/scenarios/record") { _ in .text("record") }
        func body(_ m: String, _ p: String) -> String {
            let r = router.respond(to: HTTPRequest(method: m, path: p))
            return "\(r.status) " + String(decoding: r.bodyBytes ?? [], as: UTF8.self)
        }
        #expect(body("POST", "/scenarios/abc/play") == "200 play")
        #expect(body("POST", "/scenarios/record") == "200 record")
        #expect(body("GET", "/scenarios/abc") == "200 one")
        #expect(body("GET", "/scenarios/abc/play").hasPrefix("405 "))
        #expect(body("POST", "/scenarios//play").hasPrefix("405 "), "an empty segment is no segment: the prefix answers")
        #expect(body("GET", "/scenarios/a/b/play") == "200 one")
        #expect(body("POST", "/scenarios/a/b/play").hasPrefix("405 "))
    }

    @Test func portZeroPicksAFreePortAndStopResetsIt() throws {
        let server = HTTPServer(configuration: .init(port: 0), router: apiRouter())
        try server.start()
        #expect(server.port > 0)
        #expect(throws: HTTPServerError.self) { try server.start() }
        server.stop()
        #expect(server.port == 0)
        #expect(server.isRunning == false)
    }

    @Test func badHostIsRejected() {
        let server = HTTPServer(configuration: .init(host: "not-an-ip", port: 0), router: apiRouter())
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    @Test func bindsAllInterfaces() throws {
        let server = HTTPServer(configuration: .init(host: "0.0.0.0", port: 0), router: apiRouter())
        try server.start()
        defer { server.stop() }
        #expect(try HTTPProbe.get("http://127.0.0.1:\(server.port)/hello").status == 200)
    }
}
