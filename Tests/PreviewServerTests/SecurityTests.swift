import Foundation
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// Who may drive the server: no web page elsewhere, curl and the page itself yes, `--allow-origin`
/// on purpose, `--token` when set; and CORS stays off.
@Suite(.ioTimeLimit) struct SecurityTests {

    static func spinnerAnimating(_ server: TestServer) throws -> Bool {
        let spinner = try #require(try jsonObject(server.get("/state"))["spinner"] as? [String: Any])
        return try #require(spinner["animating"] as? Bool)
    }

    /// A POST from a page elsewhere is refused before it changes anything.
    @Test func crossSiteCommandsAre403() throws {
        let server = try hostileServer()
        let before = try Self.spinnerAnimating(server)
        let command = before ? "/spinner/stop" : "/spinner/start"
        for origin in ["http://evil.example", "null", "http://\(server.host).evil.example", "http://127.0.0.1:1",
                       "https://evil.example:443", "http://127.0.0.1:\(server.port)@evil.example"] {
            let r = try server.request("POST", command, headers: [("Origin", origin)])
            #expect(r.status == 403, "\(origin)")
            let body = try jsonObject(r)
            #expect((body["error"] as? String)?.contains("cross-origin") == true)
            #expect(body["allowed"] is String)
        }
        // Every kind of command, with a form body as a cross-site <form> would send it.
        for (method, path) in [("POST", "/clock"), ("PUT", "/play-button/theme"), ("PUT", "/meter/config"), ("POST", "/player/seek")] {
            let r = try server.request(method, path, headers: [("Origin", "http://evil.example"),
                                                                ("Content-Type", "application/x-www-form-urlencoded")],
                                       body: Array("paused=true&theme=sample&duration=10&progress=50".utf8))
            #expect(r.status == 403, "\(method) \(path)")
        }
        #expect(try Self.spinnerAnimating(server) == before)
    }

    @Test func curlAndThePageItselfMayCommand() throws {
        let server = try hostileServer()
        #expect(try server.request("POST", "/spinner/start").status == 200)
        for origin in ["http://\(server.host)", "http://localhost:\(server.port)"] {
            let host = origin.replacingOccurrences(of: "http://", with: "")
            let r = try server.raw(Array("POST /spinner/stop HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(origin)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            #expect(r?.status == 200, "\(origin)")
        }
        // IPv6 literal and *.localhost names are same-origin too.
        for host in ["[::1]:\(server.port)", "studio.localhost:\(server.port)"] {
            let r = try server.raw(Array("POST /spinner/start HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            #expect(r?.status == 200, "\(host)")
        }
    }

    /// DNS rebinding: evil.example resolves to this machine, so its page is "same origin" with a
    /// server reached as evil.example — and must still be refused, commands and reads alike.
    @Test func dnsRebindingIsRefused() throws {
        let server = try hostileServer()
        let host = "evil.example:\(server.port)"
        let command = try server.raw(Array("POST /spinner/start HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        #expect(command?.status == 403)
        let read = try server.raw(Array("GET /state HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
        #expect(read?.status == 403)
        // A name allowed on purpose (--allowed-host) is this server's own: its page may command.
        let allowed = try hostileServer { $0.allowedHosts = ["studio.example"] }
        let named = try allowed.raw(Array("POST /spinner/start HTTP/1.1\r\nHost: studio.example\r\nOrigin: http://studio.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        #expect(named?.status == 200)
    }

    @Test func allowedOriginsOpenCommandsOnPurpose() throws {
        let server = try hostileServer { $0.allowedOrigins = ["http://dashboard.example:3000"] }
        #expect(try server.request("POST", "/spinner/start", headers: [("Origin", "http://dashboard.example:3000")]).status == 200)
        #expect(try server.request("POST", "/spinner/start", headers: [("Origin", "http://dashboard.example:3001")]).status == 403)
        #expect(try server.request("POST", "/spinner/start", headers: [("Origin", "http://evil.example")]).status == 403)
        let any = try hostileServer { $0.allowedOrigins = ["*"] }
        #expect(try any.request("POST", "/spinner/start", headers: [("Origin", "http://evil.example")]).status == 200)
    }

    /// Frames, clips, streams and the state are readable from any origin (issue 34: an embedded
    /// player on a docs site), errors included, with the headers a player reads exposed; nothing
    /// else is, and a command's preflight is never granted, so commands stay same-origin.
    @Test func readsOfFramesClipsStreamsAndStateAreCrossOriginAndNothingElse() throws {
        let server = try hostileServer()
        let evil = [("Origin", "http://docs.example")]
        for target in ["/state", "/frame.png?size=32", "/frame.jpg?size=32", "/frame.png?size=1"] {
            let r = try server.request("GET", target, headers: evil)
            #expect(r.header("Access-Control-Allow-Origin") == "*", "\(target) \(r.status)")
            #expect(r.header("Access-Control-Allow-Credentials") == nil)
        }
        let frame = try server.request("GET", "/frame.png?size=32", headers: evil)
        let exposed = Set((frame.header("Access-Control-Expose-Headers") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        #expect(exposed.isSuperset(of: ["x-scene-time", "x-timestamp"]), "\(exposed)")
        #expect(!exposed.contains("content-type") && !exposed.contains("cache-control"), "safelisted headers are readable anyway")
        let refused = try server.request("GET", "/frame.png?size=1", headers: evil)
        #expect(refused.status == 400 && refused.header("Access-Control-Allow-Origin") == "*", "a player can read why")
        let head = try server.request("HEAD", "/stream.mjpg?size=32", headers: evil)
        #expect(head.header("Access-Control-Allow-Origin") == "*")

        for target in ["/healthz", "/openapi.json", "/metrics", "/index.html", "/clock", "/scenarios"] {
            let r = try server.request("GET", target, headers: evil)
            #expect(r.status == 200, "\(target)")
            #expect(r.headers.allSatisfy { !$0.0.lowercased().hasPrefix("access-control-") }, "\(target)")
        }
        let read = try server.request("OPTIONS", "/frame.png", headers: evil + [("Access-Control-Request-Method", "GET"),
                                                                              ("Access-Control-Request-Headers", "range")])
        #expect(read.status == 204)
        #expect(read.header("Access-Control-Allow-Origin") == "*")
        #expect(read.header("Access-Control-Allow-Methods") == "GET, HEAD")
        #expect(read.header("Access-Control-Allow-Headers")?.contains("Range") == true)
        let command = try server.request("OPTIONS", "/player/seek", headers: evil + [("Access-Control-Request-Method", "POST"),
                                                                                    ("Access-Control-Request-Headers", "content-type")])
        #expect(command.status == 204)
        #expect(command.header("Allow") == "POST, OPTIONS")
        #expect(command.headers.allSatisfy { !$0.0.lowercased().hasPrefix("access-control-") })
        let posted = try server.request("POST", "/spinner/start", headers: evil)
        #expect(posted.status == 403 && posted.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func tokenGuardsCommandsButNotReads() throws {
        let server = try hostileServer { $0.token = "s3cret-token" }
        let before = try Self.spinnerAnimating(server)
        let path = before ? "/spinner/stop" : "/spinner/start"
        for auth in [nil, "Bearer wrong", "Bearer s3cret-toke", "Bearer s3cret-token2", "s3cret-token", "Basic czNjcmV0LXRva2Vu"] {
            let r = try server.request("POST", path, headers: auth.map { [("Authorization", $0)] } ?? [])
            #expect(r.status == 401, "\(auth ?? "no header")")
            #expect(r.header("WWW-Authenticate") == "Bearer")
            #expect(try jsonObject(r)["error"] is String)
        }
        #expect(try Self.spinnerAnimating(server) == before)
        let artwork = try server.artworkID()
        let upload = try server.request("PUT", "/player/artwork", headers: [("Content-Type", "image/png")], body: [0x89, 0x50])
        #expect(upload.status == 401)
        #expect(try server.artworkID() == artwork)

        #expect(try server.request("POST", path, headers: [("Authorization", "Bearer s3cret-token")]).status == 200)
        #expect(try Self.spinnerAnimating(server) == !before)
        for target in ["/state", "/clock", "/frame.jpg?size=32", "/metrics", "/openapi.json", "/play-button/paths?shape=bar", "/"] {
            #expect(try server.get(target).status == 200, "\(target)")
        }
        // The origin rule still applies with the right token.
        let crossSite = try server.request("POST", path, headers: [("Authorization", "Bearer s3cret-token"), ("Origin", "http://evil.example")])
        #expect(crossSite.status == 403)
    }

    @Test func bindingBeyondLoopbackIsWarnedAbout() {
        var configuration = PreviewServerConfiguration.seeds
        #expect(configuration.host == "127.0.0.1")
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1"] {
            configuration.host = host
            #expect(configuration.exposureWarning == nil, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.20", "10.0.0.5"] {
            configuration.host = host
            let warning = configuration.exposureWarning
            #expect(warning?.contains("listening on \(host): the API is open to the network") == true, "\(host)")
            #expect(warning?.contains("--token") == true)
            #expect(warning?.contains("\n") == false)
        }
        configuration.token = "t"
        #expect(configuration.exposureWarning?.contains("commands require the token") == true)
    }
}
