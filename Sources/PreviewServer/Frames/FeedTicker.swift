import Animation
import Dispatch
import HTTPServer
import Scenes
import Synchronization

/// Calls a feed's tick every `interval` on a thread of the feed's own, until cancelled. Each
/// feed has its own thread so the kernel schedules feeds side by side: on a shared pool of as
/// many threads as cores, the tick of a small stream would wait in line behind the ticks of big
/// ones and miss its time. Ticks missed while a tick ran late are skipped, not made up, so a
/// slow moment costs frames rather than bursting them, and the cadence stays.
final class FeedTicker: Sendable {
    private let interval: Double
    private let cancelled = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    init(interval: Double) {
        self.interval = interval
    }

    /// Starts ticking now; false when no thread could be made. `ended` runs on the thread as it
    /// finishes, after its last tick.
    @discardableResult
    func start(_ tick: @escaping @Sendable () -> Void, ended: @escaping @Sendable () -> Void = {}) -> Bool {
        DedicatedThread.start { [self] in
            defer { ended() }
            var next = MonotonicClock.hostTime()
            while !cancelled.load(ordering: .acquiring) {
                tick()
                let now = MonotonicClock.hostTime()
                next += interval
                // Late by whole intervals: those ticks are skipped, the cadence kept.
                if next < now { next += ((now - next) / interval).rounded(.up) * interval }
                _ = wake.wait(timeout: .now() + .nanoseconds(Int((next - now) * 1e9)))
            }
        }
    }

    /// Stops the ticks; a tick already running finishes.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        wake.signal()
    }
}
