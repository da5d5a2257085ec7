import Foundation
import LayercastTesting
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// Artwork uploads that must not get in: each gets a 4xx, and the artwork before it stays.
@Suite(.ioTimeLimit) struct HostileUploadTests {

    static let png = [("Content-Type", "image/png")]

    /// Small images get a colour; big ones stay transparent black, which costs no loop to fill.
    static func encodedPNG(width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if width * height <= 1 << 16 {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = 0x40; pixels[i + 1] = 0x80; pixels[i + 2] = 0xC0; pixels[i + 3] = 0xFF
            }
        }
        return try PNGEncoder.encode(RenderedImage(width: width, height: height, stride: width * 4, pixels: pixels))
    }

    /// A valid PNG whose IHDR is rewritten to declare other dimensions: tiny on the wire, huge
    /// if anyone believed it and allocated first.
    static func declaring(width: Int, height: Int, from small: [UInt8]) -> [UInt8] {
        var bytes = small
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        return bytes
    }

    /// A server with a known uploaded artwork, for checking that refusals leave it in place.
    static func serverWithArtwork() throws -> (TestServer, UInt64) {
        let server = try hostileServer()
        let ok = try server.request("PUT", "/player/artwork", headers: png, body: try encodedPNG(width: 64, height: 48))
        #expect(ok.status == 200)
        let id = try server.artworkID()
        let player = try #require(try jsonObject(server.get("/state"))["player"] as? [String: Any])
        let artwork = try #require(player["artwork"] as? [String: Any])
        #expect(artwork["width"] as? Int == 64 && artwork["height"] as? Int == 48 && artwork["isDefault"] as? Bool == false)
        return (server, id)
    }

    @Test func decompressionBombsAreRefusedFromTheHeader() throws {
        let (server, id) = try Self.serverWithArtwork()
        let small = try Self.encodedPNG(width: 8, height: 8)
        for (w, h) in [(20_000, 20_000), (4097, 4097), (4097, 1), (1, 4097), (Int(Int32.max), Int(Int32.max))] {
            let r = try server.request("PUT", "/player/artwork", headers: Self.png, body: Self.declaring(width: w, height: h, from: small))
            // Decoding first would have failed on the 8×8 data as a corrupt file (400); 413 and the
            // declared size in the message show it was refused from the header.
            #expect(r.status == 413, "\(w)×\(h) → \(r.status) \(r.text)")
            #expect((try jsonObject(r)["error"] as? String)?.contains("\(w)×\(h)") == true)
            #expect(try server.artworkID() == id)
        }
        // A real bomb: 4097×4097 transparent pixels, 64 MiB of them in a few hundred KiB of PNG.
        let bomb = try Self.encodedPNG(width: 4097, height: 4097)
        #expect(bomb.count < ArtworkLibrary.maxUploadBytes)
        let r = try server.request("PUT", "/player/artwork", headers: Self.png, body: bomb)
        #expect(r.status == 413)
        #expect(try server.artworkID() == id)
        // The limit itself is allowed.
        let edge = try server.request("PUT", "/player/artwork", headers: Self.png, body: try Self.encodedPNG(width: 4096, height: 2))
        #expect(edge.status == 200)
        #expect(try server.artworkID() != id)
    }

    @Test func brokenAndForeignFilesAre4xx() throws {
        let (server, id) = try Self.serverWithArtwork()
        let valid = try Self.encodedPNG(width: 32, height: 32)
        let cases: [([(String, String)], [UInt8], Int)] = [
            (Self.png, Array(valid.prefix(valid.count / 2)), 400),                         // truncated
            (Self.png, Array(valid.prefix(40)), 400),                                      // the header and nothing else
            (Self.png, Array(valid.prefix(20)), 400),                                      // cut inside the header
            (Self.png, Self.declaring(width: 0, height: 32, from: valid), 400),            // zero width
            (Self.png, [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 100), 400),  // a JPEG
            (Self.png, Array("GIF89a".utf8) + Array(repeating: 0, count: 100), 400),
            (Self.png, Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), 400),
            (Self.png, [], 400),                                                           // empty
            ([("Content-Type", "image/jpeg")], valid, 415),
            ([("Content-Type", "application/octet-stream")], valid, 415),
            ([], valid, 415),
        ]
        for (headers, body, status) in cases {
            let r = try server.request("PUT", "/player/artwork", headers: headers, body: body)
            #expect(r.status == status, "\(body.count) bytes, \(headers) → \(r.status) \(r.text)")
            // The API's own refusals name what was wrong and what is accepted.
            let error = try jsonObject(r)
            #expect(error["error"] is String && error["parameter"] is String && error["allowed"] is String, "\(r.text)")
            #expect(try server.artworkID() == id)
        }
        // Corrupt data after a valid header: flip bytes inside IDAT.
        var corrupt = valid
        for i in 60..<min(corrupt.count - 12, 90) { corrupt[i] ^= 0x5A }
        let r = try server.request("PUT", "/player/artwork", headers: Self.png, body: corrupt)
        #expect(r.status == 400)
        #expect(try server.artworkID() == id)
        #expect(server.isHealthy)
    }

    /// Over 8 MiB is refused from Content-Length before any of it is read, or while reading a
    /// chunked body that never said how long it is.
    @Test func oversizedUploadsAre413() throws {
        let (server, id) = try Self.serverWithArtwork()
        let limit = ArtworkLibrary.maxUploadBytes
        #expect(limit == 8 << 20)
        // Declared too large: the answer comes back with none of the body sent.
        let head = "PUT /player/artwork HTTP/1.1\r\nHost: \(server.host)\r\nContent-Type: image/png\r\nContent-Length: \(limit + 1)\r\n\r\n"
        let declared = try #require(try server.raw(Array(head.utf8)))
        #expect(declared.status == 413)
        #expect(try jsonObject(declared)["limit"] as? Int == limit)
        // Chunked, with no length given: refused once the body passes the limit.
        let piece = Array("100000\r\n".utf8) + [UInt8](repeating: 0x41, count: 0x100000) + Array("\r\n".utf8)
        let chunked = "PUT /player/artwork HTTP/1.1\r\nHost: \(server.host)\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n"
        // Built by appending whole arrays: a joined() sequence walks 9 MiB a byte at a time, which
        // takes seconds in a debug build and far longer under a sanitizer.
        var nine = Array(chunked.utf8)
        for _ in 0..<9 { nine += piece }
        nine += Array("0\r\n\r\n".utf8)
        #expect(try server.raw(nine)?.status == 413)
        // Just over the limit with the bytes really sent: the 413 goes out at once and the
        // connection closes under the sender, which may then see a reset instead of the answer.
        let over = try server.raw(Array(head.utf8) + [UInt8](repeating: 0, count: limit + 1))
        #expect(over == nil || over?.status == 413)
        #expect(try server.artworkID() == id)
        #expect(server.isHealthy)
    }
}
