import Foundation
import Testing
@testable import Animation

/// ManualClock: exact arithmetic with binary fractions, so every expectation is an equality.
/// MonotonicClock: only monotonicity and equality while frozen (no wall-time assertions).
@Suite struct ManualClockTests {
    @Test func startsWhereToldAndAdvancesAtSpeedOne() {
        let clock = ManualClock(startingAt: 5)
        #expect(clock.now == 5)
        #expect(clock.speed == 1)
        #expect(!clock.isPaused)
        clock.advance(by: 2)
        #expect(clock.now == 7)
        clock.advance(by: 0.25)
        #expect(clock.now == 7.25)
    }

    @Test func setJumpsAndKeepsRunningFromThere() {
        let clock = ManualClock()
        clock.advance(by: 10)
        clock.set(3)
        #expect(clock.now == 3)
        clock.advance(by: 1.5)
        #expect(clock.now == 4.5)
    }

    @Test func speedChangesDoNotJump() {
        let clock = ManualClock()
        clock.advance(by: 7)
        clock.setSpeed(2)
        #expect(clock.now == 7, "changing speed must not move scene time")
        #expect(clock.speed == 2)
        clock.advance(by: 1)
        #expect(clock.now == 9)
        clock.setSpeed(0.5)
        #expect(clock.now == 9)
        clock.advance(by: 2)
        #expect(clock.now == 10)
        clock.setSpeed(0)
        clock.advance(by: 100)
        #expect(clock.now == 10, "speed 0 freezes scene time")
        clock.setSpeed(4)
        clock.advance(by: 0.5)
        #expect(clock.now == 12)
    }

    @Test func pauseFreezesAndResumeContinuesWithoutAJump() {
        let clock = ManualClock()
        clock.setSpeed(0.5)
        clock.advance(by: 4)
        #expect(clock.now == 2)
        clock.pause()
        #expect(clock.isPaused)
        clock.advance(by: 5)
        #expect(clock.now == 2)
        clock.pause() // idempotent
        clock.advance(by: 1)
        #expect(clock.now == 2)
        clock.resume()
        #expect(!clock.isPaused)
        #expect(clock.now == 2, "resume must not count the paused host time")
        clock.advance(by: 1)
        #expect(clock.now == 2.5)
        clock.resume() // idempotent
        clock.advance(by: 1)
        #expect(clock.now == 3)
    }

    @Test func stepsOnlyWhilePaused() {
        let clock = ManualClock(startingAt: 1)
        clock.step(by: 1)
        #expect(clock.now == 1, "step is ignored while running")
        clock.pause()
        clock.step(by: 0.25)
        #expect(clock.now == 1.25)
        clock.step(by: -0.5)
        #expect(clock.now == 0.75)
        clock.resume()
        clock.advance(by: 0.25)
        #expect(clock.now == 1)
    }

    @Test func speedSetWhilePausedAppliesAfterResume() {
        let clock = ManualClock()
        clock.advance(by: 1)
        clock.pause()
        clock.setSpeed(4)
        #expect(clock.now == 1)
        clock.advance(by: 3)
        #expect(clock.now == 1)
        clock.resume()
        clock.advance(by: 0.5)
        #expect(clock.now == 3)
    }

    @Test func setWhilePausedStaysPaused() {
        let clock = ManualClock()
        clock.pause()
        clock.set(20)
        #expect(clock.now == 20)
        clock.advance(by: 3)
        #expect(clock.now == 20)
        clock.resume()
        clock.advance(by: 2)
        #expect(clock.now == 22)
    }
}

@Suite struct MonotonicClockTests {
    @Test func isNonDecreasing() {
        let clock = MonotonicClock()
        var last = clock.now
        #expect(last >= 0)
        for _ in 0..<10_000 {
            let t = clock.now
            #expect(t >= last)
            last = t
        }
    }

    @Test func startsAtTheGivenSceneTime() {
        let clock = MonotonicClock(startingAt: 100)
        #expect(clock.now >= 100)
    }

    @Test func pauseFreezesStepMovesExactlyAndResumeContinuesMonotonically() {
        let clock = MonotonicClock(startingAt: 3)
        clock.pause()
        #expect(clock.isPaused)
        let frozen = clock.now
        usleep(2_000)
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
        usleep(1_000)
        #expect(clock.now == a, "speed 0 freezes; step is ignored while running")
    }
}
