import Synchronization

/// Live counters, readable from any thread (for metrics and for leak checks in tests).
public final class HTTPServerCounters: Sendable {
    let openConnections = Atomic<Int>(0)
    let openStreams = Atomic<Int>(0)
    let suspendedStreams = Atomic<Int>(0)
    let totalRequests = Atomic<Int>(0)
    let hostRefusals = Atomic<Int>(0)
    let headDeadlineCloses = Atomic<Int>(0)
    let perIPRefusals = Atomic<Int>(0)
    let abandonedConnections = Atomic<Int>(0)
    let uploadsRefused = Atomic<Int>(0)

    init() {}

    public struct Snapshot: Sendable, Equatable {
        public let openConnections: Int
        public let openStreams: Int
        public let suspendedStreams: Int
        public let totalRequests: Int
        /// Requests refused with 403 because their Host header names no allowed host.
        public let hostRefusals: Int
        /// Connections cut because their request head was not complete at the head deadline.
        public let headDeadlineCloses: Int
        /// Connections closed at accept because their address held the per-IP limit.
        public let perIPRefusals: Int
        /// Connections that closed with a request incomplete (the client left, or a timeout or
        /// the head deadline cut it).
        public let abandonedConnections: Int
        /// Request bodies refused with 413 (declared too large, or counted past the limit).
        public let uploadsRefused: Int

        public static let zero = Snapshot(openConnections: 0, openStreams: 0, suspendedStreams: 0, totalRequests: 0,
                                          hostRefusals: 0, headDeadlineCloses: 0, perIPRefusals: 0,
                                          abandonedConnections: 0, uploadsRefused: 0)
    }

    public var snapshot: Snapshot {
        Snapshot(
            openConnections: openConnections.load(ordering: .relaxed),
            openStreams: openStreams.load(ordering: .relaxed),
            suspendedStreams: suspendedStreams.load(ordering: .relaxed),
            totalRequests: totalRequests.load(ordering: .relaxed),
            hostRefusals: hostRefusals.load(ordering: .relaxed),
            headDeadlineCloses: headDeadlineCloses.load(ordering: .relaxed),
            perIPRefusals: perIPRefusals.load(ordering: .relaxed),
            abandonedConnections: abandonedConnections.load(ordering: .relaxed),
            uploadsRefused: uploadsRefused.load(ordering: .relaxed))
    }
}
