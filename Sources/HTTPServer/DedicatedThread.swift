import CMicroHTTPD
import Glibc

/// A thread of its own for work the kernel should schedule on its own, rather than queue in one
/// of libdispatch's pools: those are as wide as the machine has cores, so a few long work items
/// hold every other item on the pool back for as long as they run. Used for work of seconds (a
/// clip, at `longWorkNiceness`) and for each stream feed's ticks, which must come on time
/// whatever else renders.
public enum DedicatedThread {
    /// At nice 10 the kernel gives a thread at the default 0 (the server's own thread, the feeds'
    /// ticks, quick requests) about ten times its share of a busy core, so long work takes what
    /// the rest leaves.
    public static let longWorkNiceness: Int32 = 10
    /// The shared offload lane's work (a frame, an upload's decoding) yields to the streams'
    /// ticks too, less than long work does: at nice 5 a thread gets about a third of the share of
    /// one at 0.
    public static let sharedWorkNiceness: Int32 = 5

    /// Lowers the calling thread to `niceness` if it runs higher; never raises it (an
    /// unprivileged process cannot, so a pool thread lowered once stays lowered).
    static func lowerCurrentThread(to niceness: Int32) {
        let thread = id_t(lc_gettid())
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        if errno == 0 && current < niceness {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, niceness)
        }
    }

    private final class Work {
        let niceness: Int32
        let body: @Sendable () -> Void

        init(niceness: Int32, body: @escaping @Sendable () -> Void) {
            self.niceness = niceness
            self.body = body
        }

        /// On the new thread. On Linux a thread's nice value is its own: this lowers only it.
        func run() {
            if niceness != 0 { DedicatedThread.lowerCurrentThread(to: niceness) }
            body()
        }
    }

    /// Starts `body` on a new detached thread at `niceness` (0: the default priority); false when
    /// no thread could be made (the caller runs the work elsewhere).
    @discardableResult
    public static func start(niceness: Int32 = 0, _ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(niceness: niceness, body: body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, work.toOpaque())
        if started != 0 {
            work.release()
            return false
        }
        return true
    }
}
