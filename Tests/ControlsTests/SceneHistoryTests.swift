import Animation
import Controls
import Testing
import SeedControls

/// The history's copies of the scene, priced by what they hold (issue 30, finding 2).
@Suite struct SceneHistoryTests {

    /// A command storm's copies each hold the records and segments the commands before them added:
    /// they weigh more than a resting scene, and the history drops the oldest to stay in its budget.
    @Test func copiesArePricedByWhatTheyHold() {
        let clock = ManualClock(startingAt: 0)
        let live = LiveScene(clock: clock, configuration: .seeds, historyBytes: 1 << 20)
        let resting = live.snapshot().scene.estimatedBytes
        for i in 0..<400 {
            clock.set(Double(i) * 0.01)
            _ = live.apply { scene, t in
                scene.playButton.setMode(i % 2 == 0 ? .pause : .play, animated: true, at: t)
                if i % 4 == 0 { try? scene.meter.press(at: t) } else if i % 4 == 2 { scene.meter.release(at: t) }
            }
        }
        let stormed = live.snapshot().scene.estimatedBytes
        #expect(stormed > 4 * resting, "\(stormed) bytes against \(resting) at rest")
        #expect(live.historyBytes <= 1 << 20 && live.historyCopyBytes <= 1 << 20)
        #expect(live.historyCount < 400, "the oldest copies went")
    }

    /// Once the span has passed, the copies of a storm that ended are given up without another
    /// command coming.
    @Test func copiesOutsideTheSpanAreForgottenWithoutAnotherCommand() {
        let clock = ManualClock(startingAt: 0)
        let live = LiveScene(clock: clock, configuration: .seeds, historySpan: 5)
        for i in 0..<100 {
            clock.set(Double(i) * 0.01)
            _ = live.apply { scene, t in scene.playButton.setMode(i % 2 == 0 ? .pause : .play, animated: true, at: t) }
        }
        let stormBytes = live.historyBytes
        #expect(live.historyCount == 101)
        #expect(live.forgetOutsideSpan() == 0, "all within the span")
        clock.set(20)
        let freed = live.forgetOutsideSpan()
        #expect(live.historyCount == 1, "the last copy before the span's start stays")
        #expect(freed == stormBytes - live.historyBytes && freed > 0)
    }
}
