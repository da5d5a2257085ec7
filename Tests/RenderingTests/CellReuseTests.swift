import Animation
import Controls
@testable import Rendering
import Testing
import SeedControls

/// A stream draws each frame into the previous one's pixels, only where the snapshot changed
/// (`Damage`). Those frames must be the very pixels a full render gives.
@Suite struct CellReuseTests {

    static let side = 480
    /// Opaque ones need no clearing first; a transparent one has the damaged pixels cleared.
    static let backgrounds: [Background] = [
        .color(.white), .color(Color(red: 0.1, green: 0.2, blue: 0.3)),
        .checkerboard(light: Color(white: 0.9), dark: Color(white: 0.6), cell: 8), .transparent,
    ]

    /// Frames of `subject` at 30 fps from t = 1 s; `change` runs on the scene before frame `at`.
    static func check(_ subject: FrameSubject, _ scene: Scene, background: Background, frames: Int = 30,
                      change: (at: Int, apply: (inout Scene, Double) -> Void)? = nil) {
        var scene = scene
        let reusing = Renderer(), fresh = Renderer()
        var kept: (tree: LayerSnapshot, pixels: [UInt8])?
        for i in 0..<frames {
            let t = 1 + Double(i) / 30
            if let change, change.at == i { change.apply(&scene, t) }
            scene.advance(to: t)
            let tree = scene.frame(subject, at: t, width: Double(side), height: Double(side))
            let previous = kept.take()
            let reused = reusing.render(tree, width: side, height: side, background: background,
                                        recycling: previous?.pixels, previous: previous?.tree)
            let full = fresh.render(tree, width: side, height: side, background: background)
            let same = reused.pixels == full.pixels
            #expect(same, "\(subject) frame \(i) over \(background): \(same ? 0 : differing(reused, full)) pixels differ")
            kept = (tree, reused.pixels)
        }
    }

    static func differing(_ a: RenderedImage, _ b: RenderedImage) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.word(x: x, y: y) != b.word(x: x, y: y) { n += 1 }
        }
        return n
    }

    @Test(arguments: backgrounds.indices)
    func aFreshSceneReusesEveryCellButTheSpinnersAndGivesTheSamePixels(_ b: Int) throws {
        let scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        Self.check(.all, scene, background: Self.backgrounds[b])

        // Only the spinner moves, so only the box of its turning square is drawn again: the
        // bottom-right quarter, up to √2 wider while turned, never the whole frame.
        for i in 0..<30 {
            let t = 1 + Double(i) / 30
            let a = scene.frame(.all, at: t, width: Double(Self.side), height: Double(Self.side))
            let next = scene.frame(.all, at: t + 1.0 / 30, width: Double(Self.side), height: Double(Self.side))
            let boxes = try #require(Damage.boxes(from: a, to: next, width: Self.side, height: Self.side))
            #expect(!boxes.isEmpty)
            #expect(boxes.allSatisfy { $0.x0 >= Self.side / 2 - 80 && $0.y0 >= Self.side / 2 - 80 }, "\(boxes)")
            #expect(Damage.boxes(from: a, to: a, width: Self.side, height: Self.side) == [])
        }
    }

    @Test func everyControlAnimatingGivesTheSamePixels() {
        var scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        scene.spinner.start(at: 0)
        try? scene.meter.press(at: 0)
        scene.player.play(at: 0)
        scene.playButton.setMode(.buffering, at: 0)
        for subject in [FrameSubject.all, .player, .meter] {
            Self.check(subject, scene, background: .color(.white))
        }
    }

    @Test(arguments: backgrounds.indices)
    func aCommandBetweenFramesGivesTheSamePixels(_ b: Int) {
        let scene = Scene(configuration: SceneConfiguration.seeds, time: 0)
        Self.check(.all, scene, background: Self.backgrounds[b], change: (at: 5, apply: { scene, t in
            scene.player.play(at: t)
            scene.playButton.setMode(.buffering, at: t)
            try? scene.meter.press(at: t)
        }))
    }

    /// A miter join reaches up to the miter limit out only at a corner; the damage boxes of a
    /// turning arc stay tight because a smooth path has none.
    @Test func cornersAreFoundWhereThePathTurnsAndOnlyThere() {
        #expect(hasCorners(Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))))
        #expect(!hasCorners(Path.circle(center: Point(5, 5), radius: 5)))
        #expect(!hasCorners(Path([.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(10, 0))])))
        #expect(hasCorners(Path([.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(5, 5))])))
        // A closed triangle turns at its start too, where the closing side meets the first.
        #expect(hasCorners(Path([.move(Point(0, 0)), .line(Point(10, 0)), .close])))
    }
}
