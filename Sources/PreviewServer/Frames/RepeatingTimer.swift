import Dispatch

/// A repeating Dispatch timer that may be started and cancelled from any thread.
/// DispatchSource is thread-safe; Swift only lacks a Sendable annotation for it.
final class RepeatingTimer: @unchecked Sendable {
    private let source: DispatchSourceTimer

    init(interval: Double, queue: DispatchQueue, strict: Bool = false, handler: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(flags: strict ? .strict : [], queue: queue)
        let leeway: DispatchTimeInterval = strict ? .milliseconds(1) : .milliseconds(10)
        source.schedule(deadline: .now(), repeating: interval, leeway: leeway)
        source.setEventHandler(handler: handler)
    }

    func start() { source.resume() }
    func cancel() { source.cancel() }
}
