import Animation
@testable import Controls
import Testing
@testable import SeedControls

/// The music player's props at once (docs/design/props.md §Immediately).
@Suite struct MusicPlayerConfigurationTests {

    static func playing(since t: Double = 0) -> MusicPlayer {
        var p = MusicPlayer(artwork: nil, at: t)
        p.play(at: t)
        return p
    }

    static func with(_ p: MusicPlayer, _ change: (inout MusicPlayer.Configuration) -> Void) -> MusicPlayer.Configuration {
        var c = p.configuration
        change(&c)
        return c
    }

    /// The disc keeps its angle and turns at the new period from now.
    @Test func aNewPeriodKeepsTheAngle() {
        var p = Self.playing()
        let before = MP.state(&p, 3.2).rotation.radians
        p.configure(Self.with(p) { $0.rotationPeriod = 2 }, at: 3.2)
        #expect(abs(p.state(at: 3.2).rotation.radians - before) < 1e-9)
        // 60°/s before, 180°/s now.
        #expect(abs(MP.angleDifference(MP.state(&p, 3.7).rotation.radians, before + .pi / 2)) < 1e-9)
    }

    /// A running tick stretches, and the next tick comes when it ends: the ring grows on without a jump.
    @Test func aNewTickIntervalStretchesTheRunningTick() throws {
        var p = Self.playing()
        let before = MP.state(&p, 2.25)                  // ticks at 0.5, 1, …; 2.25 is half way to the 4th
        #expect(before.progress.model == 4 && before.nextTick == 2.5)
        p.configure(Self.with(p) { $0.tickInterval = 1 }, at: 2.25)
        let after = p.state(at: 2.25)
        #expect(abs(after.progress.presentation - before.progress.presentation) < 1e-9)
        #expect(after.nextTick == 2.75)
        #expect(MP.state(&p, 2.75).progress.model == 5)
        #expect(abs(MP.state(&p, 3.25).progress.presentation - 4.5) < 1e-9)
        #expect(MP.state(&p, 3.75).progress.model == 6)
    }

    @Test func ringAndBlurShowAtOnce() throws {
        var p = Self.playing()
        p.advance(to: 3)
        p.configure(Self.with(p) {
            $0.ringWidth = 12
            $0.ringColor = .black
            $0.blurRadius = 10
            $0.blurSaturation = 1
            $0.blurTint = Color(white: 0, alpha: 0.5)
        }, at: 3)
        let tree = p.snapshot(at: 3)
        let (ringLayer, _) = try #require(MP.find("progress", in: tree))
        let ring = try #require(MP.shape(ringLayer))
        #expect(ring.lineWidth == 12 && ring.strokeColor == .black)
        // Radius 48 − 12 = 36 round the button's centre.
        #expect(MP.points(ring.path).allSatisfy { abs($0.distance(to: Point(48, 48)) - 36) < 1e-9 })
        let (blurred, _) = try #require(MP.find("artwork.blurred", in: tree))
        #expect(MP.image(blurred)?.effect == ImageEffect(blurRadius: 10, saturation: 1, tint: Color(white: 0, alpha: 0.5)))
    }

    /// The original's fake player: play restarts at 0, the ring stays until the first tick runs it
    /// back to 1 %.
    @Test func restartsOnPlayIsTheOriginalsFakePlayer() {
        var c = MusicPlayer.Configuration()
        c.restartsOnPlay = true
        var p = MusicPlayer(artwork: nil, at: 0, configuration: c)
        p.play(at: 0)
        p.pause(at: 10.2)                                  // 20 % shown once the tick running at 10 ends
        p.play(at: 12)
        #expect(MP.state(&p, 12).progress.model == 0)
        #expect(abs(p.state(at: 12).progress.presentation - 20) < 1e-9)
        #expect(abs(MP.state(&p, 12.75).progress.presentation - (20 + (1 - 20) * 0.5)) < 1e-9)
        #expect(abs(MP.state(&p, 13).progress.presentation - 1) < 1e-9)
        // Ours resumes.
        var ours = MusicPlayer(artwork: nil, at: 0)
        ours.play(at: 0)
        ours.pause(at: 10.2)
        ours.play(at: 12)
        #expect(MP.state(&ours, 12).progress.model == 20)
    }

    @Test func curvesTakeOverTheRunningFade() throws {
        var p = Self.playing()
        p.advance(to: 0.75)
        p.configure(Self.with(p) { $0.blurFadeCurve = .linear }, at: 0.75)
        #expect(abs(p.state(at: 1.125).blurOpacity.presentation - 0.75) < 1e-9)
    }
}
