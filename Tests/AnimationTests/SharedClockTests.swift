import Animation
import Testing

/// The replicas' clock: scene time from host time since the epoch, changes at stated host times.
@Suite struct SharedClockTests {
    @Test func changesTakeEffectAtTheirHostTimeAndNotBefore() {
        let clock = SharedClock()
        #expect(clock.sceneTime(host: 10) == 10, "speed 1 from scene time 0 at the epoch")
        SharedClock.$changeTime.withValue(20) { clock.setSpeed(0.5) }
        #expect(clock.sceneTime(host: 15) == 15, "before the change, as before")
        #expect(clock.sceneTime(host: 24) == 22)
        SharedClock.$changeTime.withValue(30) { clock.pause() }
        #expect(clock.sceneTime(host: 29) == 24.5)
        #expect(clock.sceneTime(host: 100) == 25, "paused at the scene time of host 30")
        SharedClock.$changeTime.withValue(40) {
            clock.step(by: -2)
            #expect(clock.isPaused && clock.speed == 0.5)
        }
        #expect(clock.sceneTime(host: 50) == 23)
        SharedClock.$changeTime.withValue(60) { clock.resume() }
        #expect(clock.sceneTime(host: 64) == 25)
    }

    @Test func twoClocksGivenTheSameChangesReadTheSame() {
        let a = SharedClock(), b = SharedClock()
        for clock in [a, b] {
            SharedClock.$changeTime.withValue(3.25) { clock.setSpeed(2) }
            SharedClock.$changeTime.withValue(7.125) { clock.pause() }
        }
        for host in stride(from: 0.0, through: 10, by: 0.37) {
            #expect(a.sceneTime(host: host) == b.sceneTime(host: host))
        }
    }
}
