import Foundation
import HTTPServer
import LayercastTesting
@testable import PreviewServer
import Testing
import SeedControls

/// The page's files through the whole app: nothing outside the public folder, no listings, and
/// the right headers on what is served.
@Suite(.ioTimeLimit) struct HostileStaticFileTests {

    @Test func nothingOutsideThePublicFolder() throws {
        let server = try hostileServer()
        let outside = server.outside
        let targets = [
            "/../outside/secret.txt", "/%2e%2e/outside/secret.txt", "/%2E%2E/outside/secret.txt", "/..%2foutside%2fsecret.txt",
            "/%2e%2e%2foutside%2fsecret.txt", "/js/../../outside/secret.txt", "/js/%2e%2e/%2e%2e/outside/secret.txt",
            "/..\\outside\\secret.txt", "/%5c..%5coutside%5csecret.txt", "/js\\..\\..\\outside\\secret.txt",
            "/\(outside)/secret.txt", "//\(outside)/secret.txt", "/%2F\(outside.dropFirst())/secret.txt", "/etc/passwd", "//etc/passwd",
            "/secret-link.txt", "/outside-dir/secret.txt", "/outside-dir/", "/outside-dir", "/index.html%00.txt",
            "/.%2e/outside/secret.txt", "/./../outside/secret.txt", "/%252e%252e/outside/secret.txt",
        ]
        for target in targets {
            let r = try server.get(target)
            #expect(r.status == 404, "\(target) → \(r.status)")
            #expect(!r.text.contains("TOP SECRET") && !r.text.contains("root:"), "\(target)")
            #expect(r.header("Content-Type") == HTTPResponse.jsonContentType, "\(target)")
        }
        // Absolute-form targets and a raw NUL (which libmicrohttpd cuts the path at).
        for request in ["GET http://\(server.host)/../outside/secret.txt HTTP/1.1\r\nHost: \(server.host)\r\nConnection: close\r\n\r\n",
                        "GET /notes.txt\u{0}/../../outside/secret.txt HTTP/1.1\r\nHost: \(server.host)\r\nConnection: close\r\n\r\n"] {
            let r = try server.raw(Array(request.utf8))
            #expect(r?.status == 404 || r?.text == "notes", "\(request.debugDescription) → \(r?.status ?? 0)")
            #expect(!(r?.text.contains("TOP SECRET") ?? false))
        }
        // A symlink that stays inside is served as what it points to.
        #expect(try server.get("/notes-link.txt").text == "notes")
        #expect(server.isHealthy)
    }

    @Test func noDirectoryListings() throws {
        let server = try hostileServer()
        for target in ["/js", "/js/", "/js/.", "/.", "/outside-dir/"] {
            let r = try server.get(target)
            #expect(r.status == 404, "\(target) → \(r.status)")
            #expect(!r.text.contains("main.js"), "\(target)")
        }
        // "/" is the page, not a listing.
        let root = try server.get("/")
        #expect(root.status == 200)
        #expect(root.text == "<!doctype html><title>studio</title>")
        // The API paths win over files of the same name, and unknown API-like paths are 404, not files.
        try "fake".write(toFile: server.publicDirectory + "/state", atomically: true, encoding: .utf8)
        #expect(try server.get("/state").header("Content-Type") == HTTPResponse.jsonContentType)
    }

    @Test func servedFilesCarryTypeNosniffAndCacheHeaders() throws {
        let server = try hostileServer()
        let expected = [
            "/": "text/html; charset=utf-8", "/index.html": "text/html; charset=utf-8", "/js/main.js": "text/javascript; charset=utf-8",
            "/style.css": "text/css; charset=utf-8", "/notes.txt": "text/plain; charset=utf-8", "/data.bin": "application/octet-stream",
        ]
        for (target, type) in expected {
            let r = try server.get(target)
            #expect(r.status == 200, "\(target)")
            #expect(r.header("Content-Type") == type, "\(target)")
            #expect(r.header("X-Content-Type-Options") == "nosniff", "\(target)")
            #expect(r.header("Cache-Control") == "no-cache", "\(target)")
            let etag = try #require(r.header("ETag"), "\(target)")
            let again = try server.request("GET", target, headers: [("If-None-Match", etag)])
            #expect(again.status == 304, "\(target)")
            #expect(again.body.isEmpty)
        }
        // API answers are not cacheable at all.
        for target in ["/state", "/frame.png?size=32", "/metrics"] {
            #expect(try server.get(target).header("Cache-Control") == "no-store", "\(target)")
        }
    }
}
