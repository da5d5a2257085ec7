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
/// The history spans `historySpan` seconds before the clock's time, within its byte budget: older
/// copies, command records and animation records are dropped as time goes on, so a scene under a
/// storm of commands keeps a bounded history (docs/design/engine.md §Timeline).
///
/// Every command, on the scene or on its clock, gets the next revision, under the same lock as the
/// change itself, so a copy and its revision always agree. Clients order states by revision, not by
/// scene time, which steps backwards when the clock is stepped back.
///
/// Commands may also be scheduled for later scene times (a scenario playing): whoever next looks
/// at the scene at or after such a time applies it first, at its own time, with its own revision.
///
/// A command applies at an effect time: a host time of the clock's, now unless stated (a replica
/// states each log entry's), so the scene time it applies at is the clock's at that host time.
public final class LiveScene: Sendable {
    public let clock: any ControllableClock
    /// Seconds of scene time before the clock's that the history keeps.
    public var historySpan: Double { state.withLock { $0.span } }
    private let state: Mutex<SceneHistory>

    public static let defaultHistorySpan = 60.0

    /// `historyBytes`: what the copies kept for stepping back may hold besides the live scene
    /// (the server passes its history budget; unbounded by default); `historySpan`: the seconds it
    /// reaches back.
    /// `startHost`: the host time the scene is made at (now unless stated).
    public init(clock: any ControllableClock, configuration: SceneConfiguration,
                historyBytes: Int = .max, historySpan: Double = LiveScene.defaultHistorySpan, startHost: Double? = nil) {
        self.clock = clock
        let initial = Scene(configuration: configuration, time: clock.sceneTime(at: startHost ?? clock.hostNow))
        state = Mutex(SceneHistory(live: initial, budget: historyBytes, span: historySpan))
    }

    /// Replaces the scene with a restored one (a snapshot's) and its revision; the history starts
    /// again from it, and scheduled commands are dropped. The clock is the caller's to set.
    public func restore(_ scene: Scene, revision: UInt64) {
        state.withLock { h in
            h = SceneHistory(live: scene, budget: h.budget, span: h.span)
            h.revision = revision
        }
    }

    /// Bytes the history holds besides the live scene.
    public var historyBytes: Int { state.withLock { $0.bytes } }

    /// Drops what has fallen out of the span by the clock's time now, as the next command would;
    /// returns the bytes the history gave up. Without it, the copies of a storm that ended stay
    /// until the next command comes (`CacheSweeper` calls it).
    @discardableResult
    public func forgetOutsideSpan() -> Int {
        state.withLock { h in
            let now = catchUp(&h, host: clock.hostNow), before = h.bytes
            h.forget(before: now - h.span)
            return before - h.bytes
        }
    }

    /// What the copies weigh without artwork (`Scene.estimatedBytes` each).
    public var historyCopyBytes: Int { state.withLock { $0.copyBytes } }

    /// How many copies the history holds (the newest is the live scene after the last command).
    public var historyCount: Int { state.withLock { $0.checkpoints.count } }

    /// Runs `change` on the scene at the clock's time at host time `host` (now when nil), after
    /// every earlier completion has fired. Returns its result, the scene time it was applied at, its
    /// revision and the warnings it left on `control`. A change that throws (a refused command) takes
    /// no revision. `command` is what a timeline names as its cause, on `control` (nil for a change
    /// no command made, or one on every control).
    public func apply<R, E: Error>(
        _ command: Command? = nil, on control: FrameSubject? = nil, at host: Double? = nil,
        _ change: (inout Scene, Double) throws(E) -> R
    ) throws(E) -> Applied<R> {
        try state.withLock { (h: inout SceneHistory) throws(E) -> Applied<R> in
            let t = catchUp(&h, host: host ?? clock.hostNow)
            if t < h.live.time { h.rewind(to: t) }
            h.live.advance(to: t)
            let result = try change(&h.live, t)
            let warnings = control.flatMap { h.live.control($0)?.warnings } ?? []
            h.checkpoint(command, on: control, at: t, warnings: warnings)
            return Applied(result: result, time: t, revision: h.revision, warnings: warnings)
        }
    }

    /// What `apply` did: the change's result, when and as which revision, and what it asked of its
    /// control that the control ignored (`Control.warnings`).
    public struct Applied<R> {
        public let result: R
        public let time: Double
        public let revision: UInt64
        public let warnings: [String]
    }

    /// Runs `change` on the clock at host time `host` (now when nil) as a command, under the lock
    /// every other command takes, so what it checks of the clock still holds when it changes it:
    /// it takes the next revision unless it throws, and then nothing changed. Returns the clock's
    /// timebase and scene time after the change, and that revision.
    public func adjustClock<E: Error>(
        at host: Double? = nil, _ change: (_ clock: any ControllableClock, _ host: Double) throws(E) -> Void
    ) throws(E) -> (timebase: Timebase, time: Double, revision: UInt64) {
        try state.withLock { (h: inout SceneHistory) throws(E) -> (timebase: Timebase, time: Double, revision: UInt64) in
            let host = host ?? clock.hostNow
            _ = catchUp(&h, host: host)
            try change(clock, host)
            h.revision += 1
            return (clock.timebase(at: host), clock.sceneTime(at: host), h.revision)
        }
    }

    /// Schedules what `commands` makes of a copy of the scene at the clock's time at host time
    /// `host` (now when nil) and that time, in place of any commands scheduled before, and returns
    /// the time. Nothing changes when it throws.
    public func schedule<E: Error>(
        at host: Double? = nil, _ commands: (Scene, Double) throws(E) -> [ScheduledCommand]
    ) throws(E) -> Double {
        try state.withLock { (h: inout SceneHistory) throws(E) -> Double in
            let now = catchUp(&h, host: host ?? clock.hostNow)
            let scene = h.scene(at: now)
            h.pending = ScheduledScene(scene, pending: try commands(scene, now)).pending
            return now
        }
    }

    /// How many scheduled commands have not come by host time `host` (now when nil).
    public func pendingCount(at host: Double? = nil) -> Int {
        state.withLock { h in
            _ = catchUp(&h, host: host ?? clock.hostNow)
            return h.pending.count
        }
    }

    /// Applies every scheduled command due by the clock's time at host time `host`, each at its own
    /// time, and returns the clock's time after them: a scheduled pause stops the clock at the
    /// pause's own time, so the commands after it wait (docs/design/scenarios.md §Playing on the
    /// live scene).
    private func catchUp(_ h: inout SceneHistory, host: Double) -> Double {
        var t = clock.sceneTime(at: host)
        while let next = h.pending.first, next.time <= t {
            h.pending.removeFirst()
            let at = max(next.time, h.live.time)
            h.live.advance(to: at)
            next.change?(&h.live, at)
            for change in next.clock {
                clock.change(change, at: host)
                if change == .pause { clock.change(.step(at - clock.sceneTime(at: host)), at: host) }
            }
            h.checkpoint(next.command, on: next.control, at: at)
            t = clock.sceneTime(at: host)
        }
        return t
    }

    /// A copy of the scene at the clock's time, and that time.
    public func snapshot() -> (scene: Scene, time: Double) {
        let s = snapshotWithRevision()
        return (s.scene, s.time)
    }

    /// A copy of the scene at the clock's time at host time `host` (now when nil), that time, and
    /// the revision of the newest command in it.
    public func snapshotWithRevision(at host: Double? = nil) -> (scene: Scene, time: Double, revision: UInt64) {
        state.withLock { h in
            let t = catchUp(&h, host: host ?? clock.hostNow)
            let scene = h.scene(at: t)
            h.live.forgetAnimationRecords(endedBefore: t - h.span)
            return (scene, t, h.revision)
        }
    }

    /// The times a copy can show, given the clock's time now: the kept history back to its
    /// start, and as far ahead as it spans back.
    public func showableTimes() -> (from: Double, now: Double, to: Double) {
        state.withLock { h in
            let now = catchUp(&h, host: clock.hostNow)
            return (h.keptFrom(now: now), now, now + h.span)
        }
    }

    /// A copy of the scene as it was at `time`, or as it will be with no further command but the
    /// scheduled ones (which it carries on), and the clock's time; nil when `time` is outside
    /// `showableTimes()`. Neither the clock nor the live scene moves.
    public func copy(at time: Double) -> (scene: ScheduledScene, now: Double)? {
        state.withLock { h in
            let now = catchUp(&h, host: clock.hostNow)
            guard time >= h.keptFrom(now: now), time <= now + h.span else { return nil }
            // Every scheduled command is later than the live scene's time, so none is due in the past.
            var copy = time >= h.live.time ? ScheduledScene(h.live, pending: h.pending) : ScheduledScene(h.copy(at: time))
            copy.advance(to: time)
            return (copy, now)
        }
    }

    /// The scene as each command in the kept history after `time` and up to `end` left it, oldest
    /// first (for commands at one time, as the last left it): a clip from a past time switches to
    /// each at its time, so that every frame, not only the first, shows what was live then. The
    /// newest carries the live scene's pending steps. Neither the clock nor the live scene moves.
    public func copiesAfterCommands(after time: Double, through end: Double) -> [ScheduledScene] {
        state.withLock { h in
            _ = catchUp(&h, host: clock.hostNow)
            let later = h.checkpoints.filter { $0.time > time && $0.time <= end }
            let lastOfEachTime = later.enumerated().filter { i, c in i + 1 == later.count || later[i + 1].time != c.time }
            return lastOfEachTime.map { i, c in
                ScheduledScene(c, pending: c.time == h.checkpoints.last?.time ? h.pending : [])
            }
        }
    }

    /// Calls `body` with a copy of the scene at each of `times` (ascending), each as `copy(at:)`
    /// gives it, under the lock: a copy is advanced on to the next time unless a kept copy lies in
    /// between. Times outside `showableTimes()` are skipped. `body` must be quick.
    public func forEachCopy(at times: [Double], _ body: (Scene, Double) -> Void) {
        state.withLock { h in
            let now = catchUp(&h, host: clock.hostNow)
            let kept = h.keptFrom(now: now)
            var current: Scene?
            for t in times where t >= kept && t <= now + h.span {
                let base = t >= h.live.time ? h.live : h.checkpoints.last { $0.time <= t }
                if var scene = current, scene.time <= t, base.map({ $0.time <= scene.time }) ?? true {
                    scene.advance(to: t)
                    current = scene
                } else {
                    current = h.copy(at: t)
                }
                if let scene = current { body(scene, t) }
            }
        }
    }

    /// The animations overlapping [from, to] and the commands in it; the window is cut to
    /// `showableTimes()`, the kept history and as far ahead: a window further ahead would run the
    /// scene on to its end, and a repeating animation adds records for every cycle until then.
    public func timeline(from: Double, to: Double) -> SceneTimeline {
        state.withLock { h in
            let now = catchUp(&h, host: clock.hostNow)
            let kept = h.keptFrom(now: now), ahead = now + h.span
            return h.timeline(from: min(max(from, kept), ahead), to: min(max(to, kept), ahead), now: now, keptFrom: kept)
        }
    }

    /// A copy of the scene at the clock's time with the commands still scheduled on it, so that
    /// frames of the future show them; and that time.
    public func scheduledSnapshot() -> (scene: ScheduledScene, time: Double) {
        state.withLock { h in
            let t = catchUp(&h, host: clock.hostNow)
            return (ScheduledScene(h.scene(at: t), pending: h.pending), t)
        }
    }
}
