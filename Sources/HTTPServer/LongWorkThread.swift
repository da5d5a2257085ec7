import CMicroHTTPD
import Glibc

/// A thread of its own, at a lower CPU priority, for deferred work that takes seconds (a clip):
/// on the shared offload queue it would hold one of the pool's few threads for as long as it
/// runs, and everything queued behind it would wait. At `niceness` 10 the kernel gives a thread
/// at the default 0 (the server's own thread, the streams' ticks, quick requests) about ten times
/// its share of a busy core, so long work takes what the rest leaves.
enum LongWorkThread {
    static let niceness: Int32 = 10

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; false when no thread could be made (the caller
    /// runs the work elsewhere).
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let work = Unmanaged<Work>.fromOpaque(raw).takeRetainedValue()
            // On Linux a thread's nice value is its own: this lowers only this thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(lc_gettid()), LongWorkThread.niceness)
            work.body()
            return nil
        }, work.toOpaque())
        if started != 0 {
            work.release()
            return false
        }
        return true
    }
}
