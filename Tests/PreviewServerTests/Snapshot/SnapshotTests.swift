import Animation
import Controls
import Foundation
import JSON
import LayercastTesting
@testable import PreviewServer
import Rendering
import Scenes
import Testing
import SeedControls

/// A snapshot document (docs/design/replication.md §Snapshots) rebuilds a scene that shows, at
/// every later time, the very frames the original shows.
@Suite(.ioTimeLimit) struct SnapshotTests {

    /// Mid-morph of the play button, mid-record of the meter, the player playing an uploaded artwork.
    static func busyScene(artworks: ArtworkLibrary, png: [UInt8]) throws -> Scene {
        var scene = Scene.seeds()
        let artwork = try artworks.upload(png).bitmap
        scene.advance(to: 0.3)
        scene.player.setArtwork(artwork, at: 0.3)
        scene.advance(to: 0.5)
        scene.player.play(at: 0.5)
        scene.advance(to: 0.6)
        try scene.meter.press(at: 0.6)
        scene.advance(to: 1.0)
        scene.playButton.setMode(.pause, at: 1.0)
        scene.advance(to: 1.05)
        return scene
    }

    static func artworkPNG() throws -> [UInt8] {
        var seed: UInt32 = 0x1234_5678
        let side = 64
        let pixels = (0..<side * side * 4).map { i -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return i % 4 == 3 ? 0xFF : UInt8(truncatingIfNeeded: seed >> 24)
        }
        return try PNGEncoder.encode(RenderedImage(width: side, height: side, stride: side * 4, pixels: pixels))
    }

    static func png(_ scene: Scene, at t: Double, renderer: FrameRenderer, spec: FrameSpec) throws -> [UInt8] {
        var copy = scene
        copy.advance(to: t)
        return try renderer.png(renderer.image(of: renderer.tree(of: copy, at: t, spec: spec), spec: spec))
    }

    @Test func aRestoredSceneShowsByteIdenticalFramesAtEveryLaterTime() throws {
        let png = try Self.artworkPNG()
        let here = ArtworkLibrary(controls: .seeds)
        let original = try Self.busyScene(artworks: here, png: png)
        let t = original.time
        #expect(original.playButton.animationState != .barToPause(.pause), "the morph is under way")
        #expect(original.meter.isRecording)
        #expect(original.player.isPlaying)

        let bytes = try Self.document(original, revision: 7,
                                      references: ArtworkReferences(configuration: original.configuration, library: here))

        // Another process: its own library, holding the same PNG (as a replica fetches it from Redis).
        let there = ArtworkLibrary(controls: .seeds)
        there.add(png)
        let read = try SceneSnapshot.decode(bytes, references: ArtworkReferences(configuration: SceneConfiguration.seeds,
                                                                                   library: there))
        #expect(read.sceneTime == t)
        #expect(read.revision == 7)
        #expect(read.lastEntry == "1700000000000-3")
        #expect(read.artwork == SHA256.hex(png))
        let running = Set(read.animations.map(\.control))
        #expect(running.isSuperset(of: [.playButton, .meter, .player, .spinner]), "\(running)")
        let restored = read.scene.scene
        #expect(restored.time == t)

        let renderer = FrameRenderer()
        let spec = try hubSpec(["size": "240"])
        var frames: [[UInt8]] = []
        // Within the morph's next steps, the meter's segment growing, the disc turning, and long after.
        for later in [t, t + 0.05, t + 0.13, t + 0.31, t + 0.7, t + 2.4, t + 9.9] {
            let mine = try Self.png(original, at: later, renderer: renderer, spec: spec)
            let theirs = try Self.png(restored, at: later, renderer: renderer, spec: spec)
            #expect(mine == theirs, "frames at scene time \(later)")
            frames.append(mine)
        }
        #expect(Set(frames).count == frames.count, "every frame differs from the others: the scene is moving")

        // Written again and read again on the other side, the document is the same (its artwork's
        // bitmap id is the one the other process gave it; nothing else differs from the original's).
        let there1 = try Self.document(restored, revision: 7, references: ArtworkReferences(configuration: SceneConfiguration.seeds,
                                                                                             library: there))
        let there2 = try Self.document(SceneSnapshot.decode(there1, references: ArtworkReferences(
            configuration: SceneConfiguration.seeds, library: there)).scene.scene, revision: 7,
            references: ArtworkReferences(configuration: SceneConfiguration.seeds, library: there))
        #expect(there1 == there2)
        let hereID = "\"id\":\(original.player.artwork.id),", thereID = "\"id\":\(restored.player.artwork.id),"
        #expect(String(decoding: there1, as: UTF8.self) == String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: hereID, with: thereID))
    }

    static func document(_ scene: Scene, revision: UInt64, references: ArtworkReferences) throws -> [UInt8] {
        try SceneSnapshot(scene: scene, time: scene.time, revision: revision, lastEntry: "1700000000000-3",
                          clock: ClockState(sceneTime: scene.time, paused: false, speed: 1, fps: 30),
                          references: references).encoded()
    }

    @Test func aRestoredSceneReportsTheSameStateAtEveryLaterTime() throws {
        var original = Scene.seeds()
        original.advance(to: 0.4)
        original.player.play(at: 0.4)
        try original.meter.press(at: 0.4)
        original.advance(to: 0.9)
        original.playButton.setMode(.stop, at: 0.9)
        original.advance(to: 1.0)
        let references = ArtworkReferences(configuration: original.configuration, library: ArtworkLibrary(controls: .seeds))
        let bytes = try Self.document(original, revision: 3, references: references)
        let read = try SceneSnapshot.decode(bytes, references: references)
        #expect(read.artwork == nil, "the default artwork is the server's own")
        let restored = read.scene.scene
        let clock = ClockState(sceneTime: 0, paused: false, speed: 1, fps: 30)
        for later in [1.0, 1.1, 1.45, 3.0] {
            var mine = original, theirs = restored
            mine.advance(to: later)
            theirs.advance(to: later)
            let state = { (scene: Scene) in
                try SceneStateEncoding.encoder.encode(SceneState(scene: scene, time: later, revision: 3, clock: clock))
            }
            #expect(try state(mine) == state(theirs), "the state at scene time \(later)")
        }
        #expect(restored.player.state(at: 1).artwork.isDefault)
    }

    @Test func aSnapshotNamingAnArtworkTheServerDoesNotHaveIsRefused() throws {
        let png = try Self.artworkPNG()
        let here = ArtworkLibrary(controls: .seeds)
        let scene = try Self.busyScene(artworks: here, png: png)
        let bytes = try SceneSnapshot(scene: scene, time: scene.time, revision: 1, lastEntry: nil,
                                      clock: ClockState(sceneTime: scene.time, paused: false, speed: 1, fps: 30),
                                      references: ArtworkReferences(configuration: scene.configuration, library: here))
            .encoded()
        #expect(throws: (any Error).self) {
            try SceneSnapshot.decode(bytes, references: ArtworkReferences(configuration: SceneConfiguration.seeds,
                                                                          library: ArtworkLibrary(controls: .seeds)))
        }
    }

    @Test func getSnapshotAnswersTheDocumentOfTheLiveScene() throws {
        let server = try TestServer()
        defer { server.stop() }
        #expect(try server.post("/play-button/mode?mode=stop").status == 200)
        let reply = try server.get("/snapshot")
        #expect(reply.status == 200, "\(reply.text)")
        let read = try SceneSnapshot.decode(reply.body, references: server.services.stage.artworkReferences(Scene.seeds()))
        #expect(read.artwork == nil, "the server's own artwork")
        #expect(read.lastEntry == nil, "not a replica")
        #expect(read.revision >= 1)
        #expect(read.scene.scene.playButton.mode == .stop)
        let button = read.state.controls.first { $0.key == "playButton" }?.state as? JSONValue
        guard case .object(let members)? = button else { Issue.record("no playButton state"); return }
        #expect(members.first { $0.0 == "mode" }?.1 == .string("stop"))
    }
}
