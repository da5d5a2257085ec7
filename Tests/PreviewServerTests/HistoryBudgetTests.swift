import Animation
import Controls
import Foundation
import LayercastTesting
@testable import PreviewServer
import Rendering
import Testing
import SeedControls

/// The scene's history is bounded in bytes: an artwork is counted (and stored) once however many
/// copies of the scene show it, and one that no copy shows any more is freed.
@Suite(.ioTimeLimit) struct HistoryBudgetTests {

    /// An opaque `side`×`side` PNG whose first pixel is `mark`, so each mark is another image.
    static func png(side: Int, mark: UInt8) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0xFF, count: side * side * 4)
        pixels[0] = mark
        return try PNGEncoder.encode(RenderedImage(width: side, height: side, stride: side * 4, pixels: pixels))
    }

    static func upload(_ server: TestServer, side: Int, mark: UInt8) throws {
        let reply = try server.put("/player/artwork", body: try png(side: side, mark: mark), contentType: "image/png")
        #expect(reply.status == 200, "\(reply.text)")
    }

    static func liveArtwork(_ server: TestServer) -> Bitmap {
        server.server.scene.snapshot().scene.player.artwork
    }

    /// Eight uploads of 64 MiB each were all held, and still were after a small artwork replaced
    /// them: with 4 MiB artworks and a 16 MiB history, the history stays within 16 MiB and the
    /// artworks it dropped are gone from memory.
    @Test func artworkChurnStaysWithinTheHistoryBudget() throws {
        let server = try hostileServer { $0.settings.limits[.history] = 16 }
        let before = try AttackReproductionTests.discreteState(server)
        try Self.upload(server, side: 1024, mark: 1)
        weak let first = Self.liveArtwork(server)
        #expect(first != nil)
        for mark in 2...9 {
            try Self.upload(server, side: 1024, mark: UInt8(mark))
            #expect(server.server.scene.historyBytes <= 16 << 20)
        }
        try Self.upload(server, side: 64, mark: 0)
        #expect(server.server.scene.historyBytes <= 16 << 20)
        // Three earlier 4 MiB artworks fit beside the copies; the first is long gone.
        #expect(server.server.scene.historyBytes >= 3 * 4 << 20)
        #expect(first == nil)
        #expect(try server.artworkID() == Self.liveArtwork(server).id)
        var state = try AttackReproductionTests.discreteState(server)
        state.removeLast()  // the artwork id, which the uploads changed on purpose
        #expect(state == before.dropLast())
    }

    /// A hundred commands after an upload keep a hundred copies that show the artwork, which is
    /// stored and counted once.
    @Test func anArtworkIsCountedOnceHoweverManyCopiesShowIt() throws {
        let server = try hostileServer()
        try Self.upload(server, side: 1024, mark: 1)
        for progress in 0..<100 { #expect(try server.post("/player/seek?progress=\(progress)").status == 200) }
        let scene = server.server.scene
        // The live scene's artwork is the live scene's: the copies count, and the built-in cover
        // the copies from before the upload show, once.
        let cover = DefaultArtwork.bitmap.pixels.count * 4
        #expect(scene.historyCount == 102)
        #expect(scene.historyBytes == scene.historyCopyBytes + cover)
        try Self.upload(server, side: 64, mark: 2)
        #expect(scene.historyBytes == scene.historyCopyBytes + cover + 1024 * 1024 * 4)
    }

    /// An image uploaded again while the first copy is alive becomes that same artwork (its id,
    /// so the renderer's caches of it still apply).
    @Test func anImageUploadedAgainIsTheSameArtwork() throws {
        let server = try hostileServer()
        try Self.upload(server, side: 256, mark: 7)
        let id = try server.artworkID()
        try Self.upload(server, side: 256, mark: 8)
        #expect(try server.artworkID() != id)
        try Self.upload(server, side: 256, mark: 7)
        #expect(try server.artworkID() == id)
    }
}
