import CMicroHTTPD
import Synchronization

/// Owns the suspend/resume decisions for one suspended-capable request (a stream, or deferred
/// work), so that resume never targets a connection MHD has freed and no wake is lost.
///
/// `MHD_resume_connection` is called with the gate's lock held: that is what makes "suspended" and
/// "alive" one atomic fact. MHD takes its own cleanup mutex inside resume and never calls back into
/// us while holding it, so the lock order (gate → MHD) cannot invert.
final class SuspendGate: Sendable {
    enum Kind: Sendable { case stream, offload }

    enum SuspendOutcome { case suspended, retry, stopping }

    /// MHD's connection pointer. Sendable because only MHD dereferences it, and we hand it to MHD
    /// only under the gate's lock while `gone` is false (i.e. while MHD still owns the connection).
    struct ConnectionHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private struct State: ~Copyable {
        var connection: ConnectionHandle?
        var suspended = false
        var pendingWake = false
        var gone = false
        var result: HTTPResponse?
    }

    let kind: Kind
    private let context: ServerContext
    private let state: Mutex<State>
    private let hungUp = Atomic<Bool>(false)

    /// Whether `HangupWatcher` saw the client hang up (or the socket fail).
    var peerHungUp: Bool { hungUp.load(ordering: .acquiring) }

    init(connection: OpaquePointer, kind: Kind, context: ServerContext) {
        self.kind = kind
        self.context = context
        self.state = Mutex(State(connection: ConnectionHandle(pointer: connection)))
    }

    /// Called on the MHD thread (content reader or access handler). A pending wake is consumed and
    /// reported as `.retry` instead of suspending, which closes the wake-vs-suspend race.
    func suspendUnlessWoken() -> SuspendOutcome {
        state.withLock { s in
            if s.gone || context.isStopping { return .stopping }
            if s.pendingWake {
                s.pendingWake = false
                return .retry
            }
            guard let connection = s.connection else { return .stopping }
            MHD_suspend_connection(connection.pointer)
            s.suspended = true
            if kind == .stream { context.counters.suspendedStreams.add(1, ordering: .relaxed) }
            return .suspended
        }
    }

    /// The client hung up: remembered for `peerHungUp`, then woken so the stream ends.
    func hangUp() {
        hungUp.store(true, ordering: .releasing)
        wake()
    }

    func wake() {
        state.withLock { s in
            if s.gone { return }
            if !resumeLocked(&s) { s.pendingWake = true }
        }
    }

    /// Stores the answer of deferred work and lets MHD pick it up.
    func deliver(_ response: HTTPResponse) {
        state.withLock { s in
            if s.gone { return }
            s.result = response
            _ = resumeLocked(&s)
        }
    }

    func takeResult() -> HTTPResponse? {
        state.withLock { s in
            let r = s.result
            s.result = nil
            return r
        }
    }

    /// Used by `stop()`: MHD requires every suspended connection to be resumed before MHD_stop_daemon.
    func resumeForShutdown() {
        state.withLock { s in
            if s.gone { return }
            _ = resumeLocked(&s)
        }
    }

    /// Called by the content reader just before it ends the response. After a resume, libmicrohttpd
    /// 0.9.75 makes the first read from MHD_connection_handle_idle, and a connection closed there is
    /// not put on MHD's cleanup list: only the timeout sweep reaps it, and that sweep starts at the
    /// oldest connection and stops at the first one still open. Its socket then outlives the stream
    /// by up to the connection timeout. Suspending and resuming at once hands the closed connection
    /// to MHD's resume list: the resume wakes MHD's loop, whose next turn reaps it.
    func reapAfterEnd() {
        state.withLock { s in
            guard !s.gone, !s.suspended, let connection = s.connection else { return }
            MHD_suspend_connection(connection.pointer)
            MHD_resume_connection(connection.pointer)
        }
    }

    /// The connection is finished (or being freed); later wakes become no-ops.
    func markGone() {
        state.withLock { s in
            if s.suspended, kind == .stream {
                context.counters.suspendedStreams.subtract(1, ordering: .relaxed)
            }
            s.suspended = false
            s.gone = true
            s.connection = nil
            s.result = nil
        }
        context.unregister(self)
    }

    private func resumeLocked(_ s: inout State) -> Bool {
        guard s.suspended, let connection = s.connection else { return false }
        s.suspended = false
        if kind == .stream { context.counters.suspendedStreams.subtract(1, ordering: .relaxed) }
        MHD_resume_connection(connection.pointer)
        return true
    }
}
