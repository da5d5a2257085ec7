import Foundation
import LayercastTesting
import Testing
@testable import Animation

/// ManualClock, step by step.
@Suite struct ManualClockTests {
    enum Step: Sendable {
        case advance(Double), set(Double), speed(Double), pause, resume, step(Double)
    }

    /// Steps from a start, each followed by the scene time the clock must then show.
    struct Script: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var start = 0.0
        var steps: [(Step, Double)]
    }

    static let scripts = [
        Script(testDescription: "starts where told and advances at speed one", start: 5,
               steps: [(.advance(2), 7), (.advance(0.25), 7.25)]),
        Script(testDescription: "set jumps and keeps running from there",
               steps: [(.advance(10), 10), (.set(3), 3), (.advance(1.5), 4.5)]),
        Script(testDescription: "speed changes do not jump; speed 0 freezes",
               steps: [(.advance(7), 7), (.speed(2), 7), (.advance(1), 9), (.speed(0.5), 9), (.advance(2), 10),
                       (.speed(0), 10), (.advance(100), 10), (.speed(4), 10), (.advance(0.5), 12)]),
        Script(testDescription: "pause freezes, resume continues without a jump, both idempotent",
               steps: [(.speed(0.5), 0), (.advance(4), 2), (.pause, 2), (.advance(5), 2), (.pause, 2), (.advance(1), 2),
                       (.resume, 2), (.advance(1), 2.5), (.resume, 2.5), (.advance(1), 3)]),
        Script(testDescription: "steps only while paused", start: 1,
               steps: [(.step(1), 1), (.pause, 1), (.step(0.25), 1.25), (.step(-0.5), 0.75), (.resume, 0.75),
                       (.advance(0.25), 1)]),
        Script(testDescription: "a speed set while paused applies after resume",
               steps: [(.advance(1), 1), (.pause, 1), (.speed(4), 1), (.advance(3), 1), (.resume, 1), (.advance(0.5), 3)]),
        Script(testDescription: "set while paused stays paused",
               steps: [(.pause, 0), (.set(20), 20), (.advance(3), 20), (.resume, 20), (.advance(2), 22)]),
    ]

    /// Exact arithmetic with binary fractions, so every expectation is an equality.
    @Test(arguments: scripts)
    func followsTheScript(_ script: Script) {
        let clock = ManualClock(startingAt: script.start)
        #expect(clock.now == script.start && clock.speed == 1 && !clock.isPaused)
        for (i, (step, now)) in script.steps.enumerated() {
            switch step {
            case .advance(let seconds): clock.advance(by: seconds)
            case .set(let time): clock.set(time)
            case .speed(let speed):
                clock.setSpeed(speed)
                #expect(clock.speed == speed)
            case .pause:
                clock.pause()
                #expect(clock.isPaused)
            case .resume:
                clock.resume()
                #expect(!clock.isPaused)
            case .step(let seconds): clock.step(by: seconds)
            }
            #expect(clock.now == now, "after step \(i + 1), \(step)")
        }
    }
}

/// MonotonicClock: only monotonicity and equality while frozen (no wall-time assertions).
@Suite struct MonotonicClockTests {
    @Test func startsAtTheGivenSceneTimeAndNeverGoesBack() {
        let clock = MonotonicClock(startingAt: 100)
        var last = clock.now
        #expect(last >= 100)
        for _ in 0..<10_000 {
            let t = clock.now
            #expect(t >= last)
            last = t
        }
    }

    @Test func pauseFreezesStepMovesExactlyAndResumeContinuesMonotonically() {
        let clock = MonotonicClock(startingAt: 3)
        clock.pause()
        #expect(clock.isPaused)
        let frozen = clock.now
        // Host time moving on, not a pause, is what shows the paused clock stands still.
        let host = clock.hostNow
        #expect(eventually { clock.hostNow > host })
        #expect(clock.now == frozen)
        clock.step(by: 0.5)
        #expect(clock.now == frozen + 0.5)
        clock.setSpeed(3)
        #expect(clock.now == frozen + 0.5, "a speed change while paused does not move time")
        #expect(clock.speed == 3)
        clock.resume()
        #expect(!clock.isPaused)
        var last = frozen + 0.5
        for _ in 0..<1_000 {
            let t = clock.now
            #expect(t >= last)
            last = t
        }
    }

    @Test func stepIsIgnoredWhileRunningAndSpeedZeroFreezes() {
        let clock = MonotonicClock()
        clock.setSpeed(0)
        let a = clock.now
        clock.step(by: 10)
        let host = clock.hostNow
        #expect(eventually { clock.hostNow > host })
        #expect(clock.now == a, "speed 0 freezes; step is ignored while running")
    }
}
