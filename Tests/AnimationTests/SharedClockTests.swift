import Animation
import Testing

/// The replicas' clock: scene time from host time since the epoch, changes at stated host times.
@Suite struct SharedClockTests {
    @Test func changesTakeEffectAtTheirHostTimeAndNotBefore() {
        let clock = SharedClock()
        #expect(clock.sceneTime(at: 10) == 10, "speed 1 from scene time 0 at the epoch")
        clock.change(.speed(0.5), at: 20)
        #expect(clock.sceneTime(at: 15) == 15, "before the change, as before")
        #expect(clock.sceneTime(at: 24) == 22)
        clock.change(.pause, at: 30)
        #expect(clock.sceneTime(at: 29) == 24.5)
        #expect(clock.sceneTime(at: 100) == 25, "paused at the scene time of host 30")
        clock.change(.step(-2), at: 40)
        #expect(clock.timebase(at: 40).isPaused && clock.timebase(at: 40).speed == 0.5)
        #expect(clock.sceneTime(at: 50) == 23)
        clock.change(.resume, at: 60)
        #expect(clock.sceneTime(at: 64) == 25)
    }

    @Test func twoClocksGivenTheSameChangesReadTheSame() {
        let a = SharedClock(), b = SharedClock()
        for clock in [a, b] {
            clock.change(.speed(2), at: 3.25)
            clock.change(.pause, at: 7.125)
        }
        for host in stride(from: 0.0, through: 10, by: 0.37) {
            #expect(a.sceneTime(at: host) == b.sceneTime(at: host))
        }
    }
}
