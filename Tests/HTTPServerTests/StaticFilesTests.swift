import Foundation
import HTTPClient
@testable import HTTPServer
import LayercastTesting
import Testing

/// A temporary web root with a few files, a subdirectory and symlinks pointing outside.
private final class WebRoot {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "layercast-static-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: path + "/noindex", withIntermediateDirectories: true)
        let files: [String: String] = [
            "index.html": "<h1>hi</h1>", "style.css": "body{}", "app.js": "let a=1", "mod.mjs": "export{}",
            "data.json": "{}", "img.png": "png", "photo.jpg": "jpg", "logo.svg": "<svg/>", "pic.webp": "w",
            "anim.gif": "g", "favicon.ico": "i", "notes.txt": "t", "font.woff2": "f", "sub/index.html": "sub",
            "noindex/file.txt": "x", "blob.bin": "b",
        ]
        for (name, content) in files {
            try content.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
        }
        try fm.createSymbolicLink(atPath: path + "/etc", withDestinationPath: "/etc")
        try fm.createSymbolicLink(atPath: path + "/passwd-link", withDestinationPath: "/etc/passwd")
        try fm.createSymbolicLink(atPath: path + "/inside-link.txt", withDestinationPath: path + "/notes.txt")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

private func staticRouter(_ files: StaticFiles) -> Router {
    var router = Router()
    router.get("/api/ping") { _ in .text("pong") }
    router.get("/*") { request in files.response(for: request) }
    return router
}

@Suite(.ioTimeLimit) struct StaticFilesTests {
    @Test func servesFilesWithContentTypesAndHeaders() throws {
        let root = try WebRoot()
        try withHTTPServer(staticRouter(StaticFiles(root: root.path))) { server in
            let expected: [(String, String)] = [
                ("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
                ("/style.css", "text/css; charset=utf-8"), ("/app.js", "text/javascript; charset=utf-8"),
                ("/mod.mjs", "text/javascript; charset=utf-8"), ("/data.json", "application/json; charset=utf-8"),
                ("/img.png", "image/png"), ("/photo.jpg", "image/jpeg"), ("/logo.svg", "image/svg+xml"),
                ("/pic.webp", "image/webp"), ("/anim.gif", "image/gif"), ("/favicon.ico", "image/x-icon"),
                ("/notes.txt", "text/plain; charset=utf-8"), ("/font.woff2", "font/woff2"),
                ("/blob.bin", "application/octet-stream"), ("/sub/", "text/html; charset=utf-8"),
                ("/inside-link.txt", "text/plain; charset=utf-8"),
            ]
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            for (path, type) in expected {
                let r = try client.request("GET", path)
                #expect(r.status == 200, "\(path)")
                #expect(r.header("Content-Type") == type, "\(path)")
                #expect(r.header("X-Content-Type-Options") == "nosniff")
                #expect(r.header("Cache-Control") == "no-cache")
                #expect(r.header("ETag") != nil)
                #expect(r.header("Last-Modified")?.hasSuffix(" GMT") == true)
            }
            #expect(try client.request("GET", "/").text == "<h1>hi</h1>")
            #expect(try client.request("GET", "/sub/").text == "sub")
            let head = try client.request("HEAD", "/style.css")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == "6")
            #expect(try client.request("GET", "/api/ping").text == "pong")
        }
    }

    @Test func conditionalRequestGets304() throws {
        let root = try WebRoot()
        try withHTTPServer(staticRouter(StaticFiles(root: root.path))) { server in
            let client = SimpleHTTPClient(host: "127.0.0.1", port: server.port)
            let first = try client.request("GET", "/app.js")
            let etag = try #require(first.header("ETag"))
            let again = try client.request("GET", "/app.js", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            let weak = try client.request("GET", "/app.js", headers: [("If-None-Match", "\"x\", W/\(etag)")])
            #expect(weak.status == 304)
            let other = try client.request("GET", "/app.js", headers: [("If-None-Match", "\"nope\"")])
            #expect(other.status == 200)
            #expect(other.text == "let a=1")
            let since = try client.request("GET", "/app.js",
                                           headers: [("If-Modified-Since", first.header("Last-Modified") ?? "")])
            #expect(since.status == 304)
        }
    }

    @Test func traversalAndDirectoriesAre404() throws {
        let root = try WebRoot()
        try withHTTPServer(staticRouter(StaticFiles(root: root.path))) { server in
            let attempts = [
                "/../etc/passwd", "/%2e%2e/etc/passwd", "/..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                "/sub/../../etc/passwd", "/..\\etc\\passwd", "/%5c..%5cetc%5cpasswd", "//etc/passwd",
                "/etc/passwd", "/passwd-link", "/etc/", "/sub", "/noindex/", "/noindex", "/missing.html",
                "/index.html%00.txt",
            ]
            for target in attempts {
                let socket = try BlockingSocket.connect(port: server.port)
                try socket.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let r = try socket.readResponse()
                #expect(r.status == 404, "\(target) gave \(r.status) \(r.reason)")
                #expect(!r.text.contains("root:"), "\(target)")
                #expect(r.header("Content-Type") == HTTPResponse.jsonContentType, "\(target)")
            }
        }
    }

    @Test func resolvesOnlyInsideRealRoot() throws {
        let root = try WebRoot()
        let files = StaticFiles(root: root.path)
        #expect(files.resolve(urlPath: "/notes.txt") != nil)
        #expect(files.resolve(urlPath: "/../" + root.path + "/notes.txt") == nil)
        #expect(files.resolve(urlPath: root.path + "/notes.txt") == nil)
        #expect(files.resolve(urlPath: "/etc/hostname") == nil)
        #expect(StaticFiles(root: "/does/not/exist").resolve(urlPath: "/") == nil)
        let mounted = StaticFiles(root: root.path, mountPath: "/assets/")
        #expect(mounted.resolve(urlPath: "/assets/notes.txt") != nil)
        #expect(mounted.resolve(urlPath: "/notes.txt") == nil)
        #expect(mounted.resolve(urlPath: "/assetsnotes.txt") == nil)
    }

    @Test func mimeTypesAndDates() {
        #expect(MIMETypes.contentType(forPath: "/a/B.PNG") == "image/png")
        #expect(MIMETypes.contentType(forPath: "/.hidden") == "application/octet-stream")
        #expect(MIMETypes.contentType(forPath: "/noext") == "application/octet-stream")
        #expect(HTTPDate.format(epochSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
