import Dispatch
import HTTPServer
import Scenes
import Synchronization

/// Server-Sent Events on `GET /events`: the scene's state each time something a person would
/// notice changes (a mode, an animation state, a segment, progress, the clock), plus a comment
/// line every 15 s so proxies keep the connection. Like frames, each subscriber holds only the
/// newest event: a state snapshot supersedes the one before.
final class EventHub: Sendable {
    private struct State {
        var lastKey: String?
        var subscribers = 0
        var timer: RepeatingTimer?
        var lastSentHost = 0.0
    }

    /// Produces the comparison key (what must change for a new event) and a way to make the event's
    /// JSON: polled ten times a second, the state is encoded only when the key has changed.
    typealias Source = @Sendable () -> (key: String, json: () -> [UInt8])

    static let pollInterval = 0.1
    static let heartbeatInterval = 15.0

    /// Whole SSE events (a state or a heartbeat comment), ready to send.
    let events = Broadcast<[UInt8]>()
    private let state = Mutex(State())
    private let open = Mutex<[ObjectIdentifier: EventSubscriber]>([:])
    private let source: Source
    private let queue = DispatchQueue(label: "layercast.events")
    private let now: @Sendable () -> Double

    init(source: @escaping Source, now: @escaping @Sendable () -> Double) {
        self.source = source
        self.now = now
    }

    var subscriberCount: Int { state.withLock { $0.subscribers } }

    func subscribe() -> EventSubscriber {
        let start = state.withLock { s -> Bool in
            s.subscribers += 1
            return s.subscribers == 1
        }
        if start {
            let timer = RepeatingTimer(interval: Self.pollInterval, queue: queue) { [weak self] in self?.poll() }
            state.withLock { $0.timer = timer }
            timer.start()
        }
        let subscriber = EventSubscriber(hub: self)
        open.withLock { $0[ObjectIdentifier(subscriber)] = subscriber }
        return subscriber
    }

    /// Ends every subscription now (shutdown) and lets go of them: a subscriber holds its hub, so
    /// one whose connection has not closed yet would otherwise keep both alive after the server.
    func finishAll() {
        let ended = open.withLock { open in
            defer { open.removeAll() }
            return Array(open.values)
        }
        for s in ended { s.finish() }
        let timer: RepeatingTimer? = state.withLock { s in
            defer { s = State() }
            return s.timer
        }
        timer?.cancel()
        events.wakeAll()
    }

    func unsubscribe(_ subscriber: EventSubscriber) {
        guard open.withLock({ $0.removeValue(forKey: ObjectIdentifier(subscriber)) }) != nil else { return }
        let timer: RepeatingTimer? = state.withLock { s in
            s.subscribers -= 1
            guard s.subscribers <= 0 else { return nil }
            // The next subscriber starts from a fresh state event, not from this one's last event.
            // Cleared under this lock, so a subscriber that comes at once keeps its first event.
            events.clear()
            defer { s.timer = nil; s.lastKey = nil }
            return s.timer
        }
        timer?.cancel()
    }

    private func poll() {
        let (key, json) = source()
        let host = now()
        enum Due { case state, heartbeat }
        let due: Due? = state.withLock { s in
            if s.lastKey != key {
                s.lastKey = key
                return .state
            }
            return host - s.lastSentHost >= Self.heartbeatInterval ? .heartbeat : nil
        }
        let bytes: [UInt8]? = switch due {
        case .state: Array("event: state\ndata: ".utf8) + json() + Array("\n\n".utf8)
        case .heartbeat: Array(": heartbeat\n\n".utf8)
        case nil: nil
        }
        guard let bytes else { return }
        state.withLock { $0.lastSentHost = host }
        events.publish(bytes)
    }
}

/// One `/events` connection.
final class EventSubscriber: StreamProducer {
    private struct State {
        var cursor = PartCursor(preamble: Array("retry: 2000\n\n".utf8))
        var finished = false
    }

    private let hub: EventHub
    private let state = Mutex(State())

    init(hub: EventHub) {
        self.hub = hub
    }

    func finish() { state.withLock { $0.finished = true } }

    func read(into buffer: UnsafeMutableRawBufferPointer, waker: StreamWaker) -> StreamReadResult {
        state.withLock { s in
            if s.finished { return .end }
            if s.cursor.isDrained {
                guard let event = hub.events.value(after: s.cursor.sequence, orWake: waker) else { return .wait }
                s.cursor.replace(with: event)
            }
            return .bytes(s.cursor.copy(into: buffer))
        }
    }

    func closed() { hub.unsubscribe(self) }
}
