import Controls
import Foundation
import HTTPClient
import LayercastTesting
import Testing
import SeedControls

/// The music player's routes on a manual clock, and an artwork upload.
@Suite(.ioTimeLimit) struct PlayerTests {

    static func reply(_ response: HTTPProbeResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandReply<MusicPlayer.State> {
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try decode(CommandReply<MusicPlayer.State>.self, from: response)
    }

    @Test func playPauseToggleRestart() throws {
        try withTestServer(.router) { s in
            s.at(1)
            var r = try Self.reply(s.post("/player/play"))
            #expect(r.sceneTime == 1 && r.state.playing && r.state.nextTick == 1.5)
            // Play: the mask shrinks to the disc in 0.2 s, then the disc spins at 60°/s.
            s.at(1.1)
            #expect(abs(try s.state().player.maskScale.presentation - 1.25) < 1e-9)
            s.at(4.2)
            var state = try s.state().player
            #expect(state.maskScale.presentation == 1)
            #expect(abs(state.rotation.degrees - 180) < 1e-9)
            #expect(abs(state.ringStrokeEnd.presentation - PlayerClosedForm.strokeEnd(secondsSincePlay: 3.2)) < 1e-9)

            r = try Self.reply(s.post("/player/pause"))
            #expect(!r.state.playing && r.state.nextTick == nil)
            // The spin snaps back; the running tick still finishes, then the ring freezes.
            #expect(r.state.rotation.degrees == 0)
            s.at(10)
            state = try s.state().player
            #expect(state.progress.model == 6)
            #expect(abs(state.ringStrokeEnd.presentation - 0.06) < 1e-9)
            #expect(state.maskScale.presentation == 1.5 && state.blurOpacity.presentation == 0)

            r = try Self.reply(s.post("/player/toggle"))
            #expect(r.state.playing)
            // Resumes from 6 %, one tick 0.5 s later.
            s.at(11)
            #expect(abs(try s.state().player.ringStrokeEnd.presentation - 0.07) < 1e-9)
            r = try Self.reply(s.post("/player/toggle"))
            #expect(!r.state.playing)

            s.at(20)
            r = try Self.reply(s.post("/player/restart"))
            #expect(r.state.playing && r.state.progress.model == 0)
            s.at(20.5)
            #expect(try s.state().player.ringStrokeEnd.presentation == 0)
            s.at(21)
            #expect(abs(try s.state().player.ringStrokeEnd.presentation - 0.01) < 1e-9)
            // Play while playing is a no-op (the tick due at 21 has fired: 2 %).
            r = try Self.reply(s.post("/player/play"))
            #expect(r.state.playing && r.state.progress.model == 2 && r.state.nextTick == 21.5)
        }
    }

    @Test func seekJumpsAnimatedOverHalfASecond() throws {
        try withTestServer(.router) { s in
            s.at(2)
            var r = try Self.reply(s.post("/player/seek?progress=40"))
            #expect(r.state.progress.model == 40 && !r.state.playing)
            s.at(2.25)
            #expect(abs(try s.state().player.ringStrokeEnd.presentation - 0.2) < 1e-9)
            s.at(3)
            #expect(abs(try s.state().player.ringStrokeEnd.presentation - 0.4) < 1e-9)
            // Fractions round to whole percent, as the ticker counts.
            r = try Self.reply(s.post("/player/seek?progress=12.6"))
            #expect(r.state.progress.model == 13)
        }
    }

    static func upload(_ s: TestServer, _ body: [UInt8], contentType: String? = "image/png") throws -> HTTPProbeResponse {
        try s.put("/player/artwork", body: body, contentType: contentType)
    }

    @Test func aValidPNGReplacesTheArtwork() throws {
        try withTestServer(.router) { s in
            let before = try s.state().player.artwork
            #expect(before.isDefault)
            let r = try Self.reply(Self.upload(s, makeTestPNG(width: 64, height: 48)))
            #expect(r.state.artwork.width == 64 && r.state.artwork.height == 48 && !r.state.artwork.isDefault)
            #expect(r.state.artwork.id != before.id)
            let after = try s.state().player.artwork
            #expect(after == r.state.artwork)
            // The paused square shows it scaled to fill: the four quadrants' colours.
            let image = try RGBAImage.png(s.get("/frame.png?control=player&size=240").body)
            let red = image.pixel(20, 20), blue = image.pixel(20, 220), yellow = image.pixel(220, 220)
            #expect(red.r > 230 && red.g < 80, "\(red)")
            #expect(blue.b > 230 && blue.r < 30, "\(blue)")
            #expect(yellow.r > 230 && yellow.g > 180 && yellow.b < 30, "\(yellow)")
        }
    }

    /// 8 MiB exactly passes the size cap and then fails as an image, not as a size. (The refusals,
    /// and that each leaves the artwork as it was: HostileUploadTests.)
    @Test func aBodyOf8MiBIsReadAndJudgedAsAPNG() throws {
        try withTestServer(.router) { s in
            let response = try Self.upload(s, [UInt8](repeating: 0, count: 8 * 1024 * 1024))
            #expect(response.status == 400)
        }
    }
}
