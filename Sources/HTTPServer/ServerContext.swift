import Dispatch
import Logging
import Synchronization

/// Everything the C callbacks need, passed to MHD as `void *cls` (retained for the daemon's life).
final class ServerContext: Sendable {
    let router: Router
    let configuration: HTTPServerConfiguration
    let logger: Logger
    let counters: HTTPServerCounters
    /// Deferred work on the shared lane. Concurrent, so one slow render does not queue the next
    /// behind it; utility QoS, so that libdispatch runs it in a thread pool of its own (it sizes
    /// each QoS class's pool to the cores on Linux), whose threads run it at
    /// `DedicatedThread.sharedWorkNiceness`.
    let offloadQueue = DispatchQueue(label: "layercast.http.offload", qos: .utility, attributes: .concurrent)
    /// Wakes suspended streams whose client left; stopped by `HTTPServer.stop()` after MHD.
    let hangups = HangupWatcher()
    /// Every connection's record, the head deadline and the chunked-upload slot; stopped after MHD.
    let tracker: ConnectionTracker

    private let stopping = Atomic<Bool>(false)
    /// Every live gate, so `stop()` can resume all suspended connections.
    private let gates = Mutex<[ObjectIdentifier: SuspendGate]>([:])

    init(router: Router, configuration: HTTPServerConfiguration, logger: Logger, counters: HTTPServerCounters) {
        self.router = router
        self.configuration = configuration
        self.logger = logger
        self.counters = counters
        tracker = ConnectionTracker(headDeadline: configuration.headDeadline, counters: counters, logger: logger)
    }

    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    func beginStopping() { stopping.store(true, ordering: .sequentiallyConsistent) }

    func register(_ gate: SuspendGate) {
        gates.withLock { _ = $0.updateValue(gate, forKey: ObjectIdentifier(gate)) }
    }

    func unregister(_ gate: SuspendGate) {
        gates.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(gate)) }
    }

    var liveGates: [SuspendGate] { gates.withLock { Array($0.values) } }

    var unmanagedPointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer) -> ServerContext {
        Unmanaged<ServerContext>.fromOpaque(pointer).takeUnretainedValue()
    }
}
