import Animation
import Synchronization

/// The live scene shared by every request and stream: the model behind a lock, on one clock.
/// Commands apply at the clock's time; readers take a copy at a time, then work unlocked.
///
/// The clock may be stepped back while paused. The scene cannot run backwards (completions have
/// fired), so it keeps a copy after every command: the scene at an earlier time t is the last
/// copy taken at or before t, advanced to t, which is exact since no command came in between.
/// A command issued at such an earlier time rewrites the history from there.
///
/// Every command, on the scene or on its clock, gets the next revision, under the same lock as the
/// change itself, so a copy and its revision always agree. Clients order states by revision, not by
/// scene time, which steps backwards when the clock is stepped back.
///
/// Commands may also be scheduled for later scene times (a scenario playing): whoever next looks
/// at the scene at or after such a time applies it first, at its own time, with its own revision.
public final class LiveScene: Sendable {
    public let clock: any ControllableClock
    private let state: Mutex<SceneHistory>

    /// What one command's copy of the scene is taken to weigh in the history's budget (a scene
    /// with every control busy measured 4.5 KiB a copy; artwork is counted on its own).
    public static let checkpointBytes = 8 << 10

    /// `historyBytes`: what the copies kept for stepping back may hold besides the live scene
    /// (the server passes its history budget; unbounded by default).
    public init(clock: any ControllableClock, configuration: SceneConfiguration = SceneConfiguration(),
                historyBytes: Int = .max) {
        self.clock = clock
        let initial = Scene(configuration: configuration, time: clock.now)
        state = Mutex(SceneHistory(live: initial, budget: historyBytes))
    }

    /// Bytes the history holds besides the live scene.
    public var historyBytes: Int { state.withLock { $0.bytes } }

    /// How many copies the history holds (the newest is the live scene after the last command).
    public var historyCount: Int { state.withLock { $0.checkpoints.count } }

    /// Runs `command` on the scene at the clock's current time, after every earlier completion has
    /// fired. Returns the command's result, the scene time it was applied at and its revision.
    /// A command that throws (a refused one) takes no revision.
    public func apply<R, E: Error>(_ command: (inout Scene, Double) throws(E) -> R) throws(E) -> (result: R, time: Double, revision: UInt64) {
        try state.withLock { (h: inout SceneHistory) throws(E) -> (result: R, time: Double, revision: UInt64) in
            let t = catchUp(&h)
            if t < h.live.time { h.rewind(to: t) }
            h.live.advance(to: t)
            let result = try command(&h.live, t)
            h.checkpoint()
            return (result, t, h.revision)
        }
    }

    /// Runs `change` on the clock (pause, speed, step) as a command: it takes the next revision.
    /// Returns the scene time after the change and that revision.
    public func adjustClock(_ change: (any ControllableClock) -> Void) -> (time: Double, revision: UInt64) {
        state.withLock { h in
            _ = catchUp(&h)
            change(clock)
            h.revision += 1
            return (clock.now, h.revision)
        }
    }

    /// Schedules what `commands` makes of a copy of the scene at the clock's time and that time, in
    /// place of any commands scheduled before, and returns the time. Nothing changes when it throws.
    public func schedule<E: Error>(_ commands: (Scene, Double) throws(E) -> [ScheduledCommand]) throws(E) -> Double {
        try state.withLock { (h: inout SceneHistory) throws(E) -> Double in
            let now = catchUp(&h)
            let scene = h.scene(at: now)
            h.pending = ScheduledScene(scene, pending: try commands(scene, now)).pending
            return now
        }
    }

    /// How many scheduled commands have not come yet.
    public var pendingCount: Int {
        state.withLock { h in
            _ = catchUp(&h)
            return h.pending.count
        }
    }

    /// Applies every scheduled command due by the clock's time, each at its own time, and returns the
    /// clock's time after them: a scheduled pause stops the clock at the pause's own time, so the
    /// commands after it wait (docs/design/scenarios.md §Playing on the live scene).
    private func catchUp(_ h: inout SceneHistory) -> Double {
        var t = clock.now
        while let next = h.pending.first, next.time <= t {
            h.pending.removeFirst()
            let at = max(next.time, h.live.time)
            h.live.advance(to: at)
            next.change?(&h.live, at)
            for change in next.clock {
                switch change {
                case .pause:
                    clock.pause()
                    clock.step(by: at - clock.now)
                case .resume: clock.resume()
                case .speed(let speed): clock.setSpeed(speed)
                }
            }
            h.checkpoint()
            t = clock.now
        }
        return t
    }

    /// A copy of the scene at the clock's time, and that time.
    public func snapshot() -> (scene: Scene, time: Double) {
        let s = snapshotWithRevision()
        return (s.scene, s.time)
    }

    /// A copy of the scene at the clock's time, that time, and the revision of the newest command in it.
    public func snapshotWithRevision() -> (scene: Scene, time: Double, revision: UInt64) {
        state.withLock { h in
            let t = catchUp(&h)
            return (h.scene(at: t), t, h.revision)
        }
    }

    /// A copy of the scene at the clock's time with the commands still scheduled on it, so that
    /// frames of the future show them; and that time.
    public func scheduledSnapshot() -> (scene: ScheduledScene, time: Double) {
        state.withLock { h in
            let t = catchUp(&h)
            return (ScheduledScene(h.scene(at: t), pending: h.pending), t)
        }
    }
}
