import Animation
@testable import Controls
import Foundation
import LayercastTesting
import Testing
@testable import SeedControls

/// The progress ring (docs/design/music-player.md §Progress ticks, §Pause and replay): 0.5 s ticks modelled
/// in time order in `advance(to:)`.
@Suite struct MusicPlayerProgressTests {

    @Test func startsPausedAtZeroAsASquare() {
        var p = MusicPlayer(artwork: nil, at: 0)
        let s = MP.state(&p, 3)
        #expect(!s.playing)
        #expect(s.progress.model == 0 && abs(s.ringStrokeEnd.presentation - 0) < 1e-12)
        #expect(s.blurOpacity.presentation == 0 && s.maskScale.presentation == 1.5)
        #expect(s.rotation.radians == 0 && s.nextTick == nil)
    }

    @Test func ringFollowsTheClosedFormInSmallSteps() {
        var p = MP.playing()
        for i in 0...1200 {
            let t = Double(i) / 20
            let s = MP.state(&p, t)
            #expect(abs(s.ringStrokeEnd.presentation - PlayerClosedForm.strokeEnd(secondsSincePlay: t)) < 1e-9, "strokeEnd at \(t)")
            #expect(abs(s.progress.presentation - 100 * PlayerClosedForm.strokeEnd(secondsSincePlay: t)) < 1e-7, "progress at \(t)")
            // The model integer is the number of ticks fired so far: ⌊t / 0.5⌋, up to 100.
            #expect(s.progress.model == min(Int(t / 0.5), 100), "model progress at \(t)")
            #expect(s.playing)
        }
    }

    @Test func ringFollowsTheClosedFormAfterOneBigAdvance() {
        for i in 0...160 {
            let t = Double(i) * 0.377
            var p = MP.playing()
            #expect(abs(MP.ring(&p, t) - PlayerClosedForm.strokeEnd(secondsSincePlay: t)) < 1e-9, "strokeEnd at \(t)")
        }
    }

    @Test func fullAt50Point5AndStillPlaying() {
        var p = MP.playing()
        var s = MP.state(&p, 50.25)
        #expect(s.progress.model == 100 && abs(s.ringStrokeEnd.presentation - 0.995) < 1e-9)
        s = MP.state(&p, 50.5)
        #expect(abs(s.ringStrokeEnd.presentation - 1) < 1e-12 && s.ringStrokeEnd.model == 1)
        #expect(s.playing && s.nextTick == nil)
        s = MP.state(&p, 500)
        #expect(abs(s.ringStrokeEnd.presentation - 1) < 1e-12 && s.progress.model == 100 && s.playing)
        // The disc keeps spinning: (500 − 0.2) · 60° mod 360°.
        let expected = ((500 - 0.2) * 60).truncatingRemainder(dividingBy: 360)
        #expect(abs(s.rotation.degrees - expected) < 1e-7)
    }

    @Test func pauseMidTickLetsTheTickFinishThenFreezes() {
        var p = MP.playing()
        p.pause(at: 10.25)
        var s = p.state(at: 10.25)
        #expect(!s.playing && s.nextTick == nil)
        #expect(s.progress.model == 20 && abs(s.progress.presentation - 19.5) < 1e-7)
        for t in [10.3, 10.4, 10.49] {
            #expect(abs(MP.ring(&p, t) - PlayerClosedForm.strokeEnd(secondsSincePlay: t)) < 1e-9, "still growing at \(t)")
        }
        for t in [10.5, 10.75, 11, 20, 100] {
            s = MP.state(&p, t)
            #expect(abs(s.ringStrokeEnd.presentation - 0.2) < 1e-12, "frozen at \(t)")
            #expect(s.progress.model == 20)
        }
        // Resume at 120: the first tick at 120.5, then the same growth, shifted by the pause.
        p.play(at: 120)
        s = p.state(at: 120)
        #expect(s.playing && s.nextTick == 120.5 && s.progress.model == 20)
        for i in 0...200 {
            let t = 120 + Double(i) / 4
            #expect(abs(MP.ring(&p, t) - min(0.2 + max(t - 120.5, 0) / 50, 1)) < 1e-9, "resumed at \(t)")
        }
        s = MP.state(&p, 160.5)
        #expect(s.progress.model == 100 && abs(s.ringStrokeEnd.presentation - 1) < 1e-12)
    }

    @Test func commandsInterleavedGiveTheSameStateStepwiseAndInOneJump() {
        typealias Command = (Double, (inout MusicPlayer, Double) -> Void)
        let commands: [Command] = [
            (0, { $0.play(at: $1) }),
            (10.25, { $0.pause(at: $1) }),
            (10.6, { $0.play(at: $1) }),
            (10.7, { $0.seek(to: 70, at: $1) }),
            (14.5, { $0.toggle(at: $1) }),
            (15.1, { $0.toggle(at: $1) }),
            (20.05, { $0.restart(at: $1) }),
            (31, { $0.pause(at: $1) }),
            (31.1, { $0.restart(at: $1) }),
        ]
        let checkpoints = [0.1, 0.2, 3.3, 10.5, 10.75, 14.6, 15.3, 21, 31.05, 31.3, 40, 90]

        var stepped = MusicPlayer(artwork: nil, at: 0)
        var next = 0
        var steppedStates: [MusicPlayer.State] = []
        var checkpoint = 0
        for i in 0...9000 {
            let t = Double(i) / 100
            while next < commands.count && commands[next].0 <= t {
                commands[next].1(&stepped, commands[next].0)
                next += 1
            }
            stepped.advance(to: t)
            while checkpoint < checkpoints.count && checkpoints[checkpoint] <= t {
                steppedStates.append(stepped.state(at: checkpoints[checkpoint]))
                checkpoint += 1
            }
        }

        // The same commands, advancing only to the checkpoints (commands advance themselves).
        var jumped = MusicPlayer(artwork: nil, at: 0)
        next = 0
        for (k, c) in checkpoints.enumerated() {
            while next < commands.count && commands[next].0 <= c {
                commands[next].1(&jumped, commands[next].0)
                next += 1
            }
            jumped.advance(to: c)
            #expect(jumped.state(at: c) == steppedStates[k], "state at \(c)")
        }
    }

    @Test func restartWhilePlaying() {
        var p = MP.playing()
        #expect(abs(MP.ring(&p, 20) - 0.39) < 1e-9)
        p.restart(at: 20)
        var s = p.state(at: 20)
        #expect(s.playing && s.progress.model == 0 && s.ringStrokeEnd.model == 0 && s.nextTick == 20.5)
        // The ring runs back to 0 over 0.5 s, then grows again as from a play at 20.
        #expect(abs(MP.ring(&p, 20.25) - 0.195) < 1e-9)
        for i in 0...100 {
            let t = 20.5 + Double(i) * 0.5
            s = MP.state(&p, t)
            #expect(abs(s.ringStrokeEnd.presentation - PlayerClosedForm.strokeEnd(secondsSincePlay: t - 20)) < 1e-9, "at \(t)")
        }
        // The spin was not interrupted.
        let expected = ((70.5 - 0.2) * 60).truncatingRemainder(dividingBy: 360)
        #expect(abs(s.rotation.degrees - expected) < 1e-7)
    }

    @Test func restartWhilePausedStartsPlaying() {
        var p = MP.playing()
        p.pause(at: 5)
        p.restart(at: 8)
        let s = p.state(at: 8)
        #expect(s.playing && s.progress.model == 0 && s.nextTick == 8.5)
        #expect(abs(MP.ring(&p, 8.5)) < 1e-12)
        #expect(abs(MP.ring(&p, 9) - 0.01) < 1e-9)
        #expect(abs(MP.state(&p, 9.2).rotation.degrees - 60) < 1e-9)
    }

    @Test func seekWhilePlayingAnimatesThenContinuesFromTheNewProgress() {
        var p = MP.playing()
        p.seek(to: 70, at: 10.25)
        var s = p.state(at: 10.25)
        #expect(s.progress.model == 70 && s.ringStrokeEnd.model == 0.7 && s.nextTick == 10.75)
        #expect(abs(s.ringStrokeEnd.presentation - 0.195) < 1e-9)
        // From what was on screen (0.195) to 0.7 over 0.5 s, linearly.
        #expect(abs(MP.ring(&p, 10.5) - (0.195 + 0.505 / 2)) < 1e-9)
        #expect(abs(MP.ring(&p, 10.75) - 0.7) < 1e-9)
        for i in 0...80 {
            let t = 10.75 + Double(i) / 4
            #expect(abs(MP.ring(&p, t) - min(0.7 + (t - 10.75) / 50, 1)) < 1e-9, "at \(t)")
        }
        s = MP.state(&p, 25.75)
        #expect(s.progress.model == 100 && abs(s.ringStrokeEnd.presentation - 1) < 1e-12 && s.playing)
    }

    @Test func seekWhilePausedStaysThereAndClamps() {
        var p = MusicPlayer(artwork: nil, at: 0)
        p.seek(to: 40, at: 1)
        var s = MP.state(&p, 1.25)
        #expect(!s.playing && s.nextTick == nil && abs(s.ringStrokeEnd.presentation - 0.2) < 1e-9)
        s = MP.state(&p, 30)
        #expect(abs(s.ringStrokeEnd.presentation - 0.4) < 1e-12 && s.progress.model == 40)
        p.seek(to: 150, at: 31)
        #expect(p.progress == 100 && abs(MP.ring(&p, 32) - 1) < 1e-12)
        p.seek(to: -3, at: 33)
        #expect(p.progress == 0 && abs(MP.ring(&p, 34) - 0) < 1e-12)
        // Playing from the sought position: first tick 0.5 s after play.
        p.seek(to: 50, at: 40)
        p.play(at: 41)
        #expect(abs(MP.ring(&p, 41.5) - 0.5) < 1e-12)
        #expect(abs(MP.ring(&p, 42) - 0.51) < 1e-9)
    }

    @Test func seekToTheEndWhilePlayingStopsTheTicksButKeepsPlaying() {
        var p = MP.playing()
        p.seek(to: 100, at: 3)
        var s = MP.state(&p, 3.5)
        #expect(s.playing && s.nextTick == nil && abs(s.ringStrokeEnd.presentation - 1) < 1e-12)
        p.seek(to: 10, at: 4)
        s = MP.state(&p, 4)
        #expect(s.nextTick == 4.5)
        #expect(abs(MP.ring(&p, 5) - 0.11) < 1e-9)
    }

    @Test func toggleSwitchesStateAndIcon() {
        var p = MusicPlayer(artwork: nil, at: 0)
        #expect(p.layer[MusicPlayerLayers.iconGlyph]?.path == PlayerIcons.play)
        p.toggle(at: 1)
        #expect(p.isPlaying && p.layer[MusicPlayerLayers.iconGlyph]?.path == PlayerIcons.pause && p.ticker.nextTick == 1.5)
        p.toggle(at: 3.1)
        #expect(!p.isPlaying && p.layer[MusicPlayerLayers.iconGlyph]?.path == PlayerIcons.play && p.progress == 4)
        p.toggle(at: 4)
        #expect(p.isPlaying && p.progress == 4 && p.ticker.nextTick == 4.5)
        // Repeated commands in the same direction are no-ops.
        let before = p.state(at: 4)
        p.play(at: 4)
        #expect(p.state(at: 4) == before)
    }

    @Test func playingAFinishedTrackReplaysFromZero() {
        var p = MP.playing()
        p.pause(at: 60)
        p.play(at: 61)
        var s = p.state(at: 61)
        #expect(s.progress.model == 0 && s.nextTick == 61.5 && s.playing)
        #expect(abs(MP.ring(&p, 61.25) - 0.5) < 1e-9)
        s = MP.state(&p, 71.5)
        #expect(abs(s.ringStrokeEnd.presentation - PlayerClosedForm.strokeEnd(secondsSincePlay: 71.5 - 61)) < 1e-9)
    }

    @Test func stateEncodesAsJSON() throws {
        var p = MP.playing()
        let s = MP.state(&p, 1.7)
        let data = try JSONEncoder().encode(s)
        let back = try JSONDecoder().decode(MusicPlayer.State.self, from: data)
        #expect(back == s)
        #expect(abs(s.rotation.degrees - 90) < 1e-9 && abs(s.rotation.radians - .pi / 2) < 1e-9)
        #expect(s.artwork.id == DefaultArtwork.id && s.artwork.width == 480 && s.artwork.isDefault)
    }
}
