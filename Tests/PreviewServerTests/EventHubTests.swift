import HTTPServer
import LayercastTesting
import Synchronization
import Testing
@testable import PreviewServer
import SeedControls

/// `/events` on the broadcast: a state event when the source's key changes, a heartbeat after 15 s
/// without one, and a subscriber that falls behind gets only the newest event. Driven by a fake
/// source and clock; the hub's own 10 Hz poll moves things on, so the tests wait for it (bounded).
@Suite struct EventHubTests {
    final class FakeSource: Sendable {
        let key = Mutex("a")
        let now = Mutex(0.0)
    }

    let fake = FakeSource()
    let hub: EventHub

    init() {
        let fake = fake
        hub = EventHub(source: {
            let key = fake.key.withLock { $0 }
            return (key, { Array(#"{"k":"\#(key)"}"#.utf8) })
        }, now: { fake.now.withLock { $0 } })
    }

    static let retry = "retry: 2000\n\n"
    static func state(_ key: String) -> String { "event: state\ndata: {\"k\":\"\(key)\"}\n\n" }
    static let heartbeat = ": heartbeat\n\n"

    /// Everything the subscriber has to send now.
    func read(_ subscriber: EventSubscriber) -> String {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        while case .bytes(let n) = buffer.withUnsafeMutableBytes({ subscriber.read(into: $0, waker: StreamWaker()) }), n > 0 {
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return text
    }

    /// Waits until the hub has published past `sequence`.
    func published(after sequence: UInt64) -> Bool {
        eventually { (hub.events.latest?.sequence ?? 0) > sequence }
    }

    /// A subscriber that has read the first event: the retry interval and the state.
    func subscribed() -> EventSubscriber {
        let subscriber = hub.subscribe()
        #expect(published(after: 0))
        #expect(read(subscriber) == Self.retry + Self.state("a"))
        return subscriber
    }

    @Test func aSubscriberGetsTheStateThenEachChange() {
        let subscriber = subscribed()
        defer { subscriber.closed() }
        fake.key.withLock { $0 = "b" }
        #expect(published(after: 1))
        #expect(read(subscriber) == Self.state("b"))
        #expect(read(subscriber) == "")
    }

    @Test func aSubscriberThatFellBehindGetsOnlyTheNewest() {
        let subscriber = subscribed()
        defer { subscriber.closed() }
        for (i, key) in ["b", "c", "d"].enumerated() {
            fake.key.withLock { $0 = key }
            #expect(published(after: UInt64(i + 1)))
        }
        #expect(read(subscriber) == Self.state("d"))
    }

    @Test func aQuietStateSendsAHeartbeat() {
        let subscriber = subscribed()
        defer { subscriber.closed() }
        fake.now.withLock { $0 = EventHub.heartbeatInterval }
        #expect(published(after: 1))
        #expect(read(subscriber) == Self.heartbeat)
    }

    /// Once the last subscriber leaves, the next one starts from a fresh state event, not from
    /// whatever was sent last (here a heartbeat).
    @Test func aNewSubscriberStartsFromTheState() {
        let first = hub.subscribe()
        #expect(published(after: 0))
        fake.now.withLock { $0 = EventHub.heartbeatInterval }
        #expect(published(after: 1))
        first.closed()
        #expect(hub.subscriberCount == 0 && hub.events.latest == nil)
        let second = hub.subscribe()
        defer { second.closed() }
        #expect(published(after: 2))
        #expect(read(second) == Self.retry + Self.state("a"))
    }
}
