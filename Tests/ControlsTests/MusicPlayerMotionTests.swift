import Foundation
import Testing
import Animation
@testable import Controls
@testable import SeedControls

/// Blur, mask and spin (docs/design/music-player.md §Disc motion) through play → pause → play, against closed
/// forms.
@Suite struct MusicPlayerMotionTests {

    /// Play at 0, pause at 10.25, play at 11; sampled every 0.05 s to 20 s.
    @Test func playPausePlayCurves() {
        let e = MP.e
        // On screen when the second play starts: the fade-out is halfway through its 1.5 s.
        let b0 = 1 - e.solve(0.75 / 1.5)
        func blur(_ t: Double) -> Double {
            switch t {
            case ..<1.5: e.solve(t / 1.5)
            case ..<10.25: 1
            case ..<11: 1 - e.solve((t - 10.25) / 1.5)
            case ..<12.5: b0 + (1 - b0) * e.solve((t - 11) / 1.5)
            default: 1
            }
        }
        func mask(_ t: Double) -> Double {
            switch t {
            case ..<0.2: 1.5 - 0.5 * t / 0.2
            case ..<10.25: 1
            case ..<10.75: 1 + 0.5 * (t - 10.25) / 0.5
            case ..<11: 1.5
            case ..<11.2: 1.5 - 0.5 * (t - 11) / 0.2
            default: 1
            }
        }
        /// Degrees: 60°/s from 0.2 s after each play; 0 before and while paused.
        func rotation(_ t: Double) -> Double {
            switch t {
            case ..<0.2: 0
            case ..<10.25: ((t - 0.2) * 60).truncatingRemainder(dividingBy: 360)
            case ..<11.2: 0
            default: ((t - 11.2) * 60).truncatingRemainder(dividingBy: 360)
            }
        }

        var p = MP.playing()
        for i in 0...400 {
            let t = Double(i) / 20
            if t == 10.25 { p.pause(at: t) }
            if t == 11 { p.play(at: t) }
            let s = MP.state(&p, t)
            #expect(abs(s.blurOpacity.presentation - blur(t)) < 1e-9, "blur at \(t)")
            #expect(abs(s.maskScale.presentation - mask(t)) < 1e-9, "mask at \(t)")
            let d = MP.angleDifference(s.rotation.degrees * .pi / 180, rotation(t) * .pi / 180)
            #expect(abs(d) < 1e-9, "rotation at \(t): \(s.rotation.degrees) vs \(rotation(t))")
            #expect(abs(s.rotation.radians - s.rotation.degrees * .pi / 180) < 1e-12)
        }
        #expect(abs(b0 - 0.5) < 1e-6, "ease-in-out is symmetric about its midpoint")
    }

    @Test func modelValuesAreTheTargets() {
        var p = MP.playing()
        var s = p.state(at: 0)
        #expect(s.blurOpacity.model == 1 && s.maskScale.model == 1)
        p.pause(at: 5)
        s = p.state(at: 5)
        #expect(s.blurOpacity.model == 0 && s.maskScale.model == 1.5)
        #expect(p.layer[MusicPlayerLayers.disc]?.rotation == 0)
    }

    @Test func spinStartsExactlyWhenTheMaskAnimationCompletes() throws {
        var p = MP.playing()
        p.advance(to: 0.19999)
        #expect(p.layer[MusicPlayerLayers.disc]?.animation(forKey: "rotation") == nil)
        p.advance(to: 0.2)
        let spin = try #require(p.layer[MusicPlayerLayers.disc]?.animation(forKey: "rotation"))
        #expect(spin.animation.timing.beginTime == 0.2)
        #expect(spin.animation.timing.repeatCount == .infinity)
        #expect(p.state(at: 0.2).rotation.radians == 0)
        #expect(abs(p.state(at: 0.2 + 1.0 / 60).rotation.degrees - 1) < 1e-9)

        // The same after one big jump, from a play at an arbitrary time.
        var q = MP.playing(since: 7.3)
        q.advance(to: 100)
        let qSpin = try #require(q.layer[MusicPlayerLayers.disc]?.animation(forKey: "rotation"))
        #expect(qSpin.animation.timing.beginTime == 7.3 + 0.2)
        #expect(abs(MP.angleDifference(q.state(at: 100).rotation.radians,
                                       (100 - 7.5) / 6 * 2 * .pi)) < 1e-9)
    }

    @Test func pauseBeforeTheMaskCompletesNeverSpins() throws {
        var p = MP.playing()
        p.pause(at: 0.1)
        var s = MP.state(&p, 1)
        #expect(s.rotation.radians == 0 && p.layer[MusicPlayerLayers.disc]?.animation(forKey: "rotation") == nil)
        #expect(s.maskScale.presentation == 1.5)
        // Play again while the mask grows back: it shrinks from what is on screen, then spins.
        p.pause(at: 1)
        p.play(at: 1.1)
        p.pause(at: 1.15)
        p.play(at: 1.2)
        // The mask animation of the play at 1.1 was replaced at 1.15 (finished = false): no spin.
        s = MP.state(&p, 1.3)
        #expect(s.rotation.radians == 0 && p.layer[MusicPlayerLayers.disc]?.animation(forKey: "rotation") == nil)
        p.advance(to: 1.4)
        let spin = try #require(p.layer[MusicPlayerLayers.disc]?.animation(forKey: "rotation"))
        #expect(spin.animation.timing.beginTime == 1.2 + 0.2)
    }

    @Test func buttonDoesNotRotate() throws {
        var p = MP.playing()
        p.advance(to: 1.7)
        let tree = p.snapshot(at: 1.7)
        let (button, toRoot) = try #require(MP.find("button", in: tree))
        #expect(button.transform == .translation(72, 72) && toRoot == .translation(72, 72))
        let (_, discTransform) = try #require(MP.find("disc", in: tree))
        // A quarter turn clockwise: 12 o'clock on the cover is now at 3 o'clock.
        #expect(MP.close(discTransform.apply(Point(120, 0)), Point(240, 120), 1e-9))
    }
}
