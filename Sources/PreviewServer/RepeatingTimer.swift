import Dispatch
import Scenes

/// A repeating Dispatch timer that may be started and cancelled from any thread (the event hub.s
/// poll; feeds tick on threads of their own, `FeedTicker`).
/// DispatchSource is thread-safe; Swift only lacks a Sendable annotation for it.
final class RepeatingTimer: @unchecked Sendable {
    private let source: DispatchSourceTimer

    init(interval: Double, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(10))
        source.setEventHandler(handler: handler)
    }

    func start() { source.resume() }
    func cancel() { source.cancel() }
}
