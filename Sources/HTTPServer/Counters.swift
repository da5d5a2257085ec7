import Synchronization

/// Live counters, readable from any thread (for metrics and for leak checks in tests).
public final class HTTPServerCounters: Sendable {
    let openConnections = Atomic<Int>(0)
    let openStreams = Atomic<Int>(0)
    let suspendedStreams = Atomic<Int>(0)
    let totalRequests = Atomic<Int>(0)

    init() {}

    public struct Snapshot: Sendable, Equatable {
        public let openConnections: Int
        public let openStreams: Int
        public let suspendedStreams: Int
        public let totalRequests: Int
    }

    public var snapshot: Snapshot {
        Snapshot(
            openConnections: openConnections.load(ordering: .relaxed),
            openStreams: openStreams.load(ordering: .relaxed),
            suspendedStreams: suspendedStreams.load(ordering: .relaxed),
            totalRequests: totalRequests.load(ordering: .relaxed))
    }
}
