import Synchronization

/// The newest of a series of values, for any number of readers that each go at their own pace
/// (stream connections). Publishing replaces the value and wakes every reader waiting for one; a
/// reader that fell behind gets the newest value, never a queue of the ones it missed.
///
/// Values are numbered 1, 2, 3… in publish order. A reader keeps the number of the last value it
/// took and asks for one after it; the numbering never restarts, not even after `clear()`, so a
/// number always tells which of two values is newer.
public final class Broadcast<Value: Sendable>: Sendable {
    public struct Item: Sendable {
        public let sequence: UInt64
        public let value: Value
    }

    private struct State {
        var latest: Item?
        var lastSequence: UInt64 = 0
        var waiters: [StreamWaker] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The newest value, if there is one.
    public var latest: Item? { state.withLock { $0.latest } }

    /// Makes `value` the newest and wakes every waiting reader; returns its sequence number.
    @discardableResult
    public func publish(_ value: Value) -> UInt64 {
        let (sequence, waiters) = state.withLock { s in
            s.lastSequence += 1
            s.latest = Item(sequence: s.lastSequence, value: value)
            defer { s.waiters = [] }
            return (s.lastSequence, s.waiters)
        }
        for w in waiters { w.wake() }
        return sequence
    }

    /// The newest value if it is newer than `sequence`; otherwise nil, with `waker` registered to
    /// be woken by the next publish. One lock covers both, so no value can be published between
    /// the check and the registration and go unnoticed.
    public func value(after sequence: UInt64, orWake waker: StreamWaker) -> Item? {
        state.withLock { s in
            if let item = s.latest, item.sequence > sequence { return item }
            s.waiters.append(waker)
            return nil
        }
    }

    /// Registers `waker` to be woken by the next publish, whatever is newest now: for a reader
    /// that has something else to wait for first.
    public func wakeOnNext(_ waker: StreamWaker) {
        state.withLock { $0.waiters.append(waker) }
    }

    /// Wakes every waiting reader without a new value, e.g. at shutdown so they can end.
    public func wakeAll() {
        let waiters = state.withLock { s in
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.wake() }
    }

    /// Forgets the newest value (when nobody reads any more); numbering goes on where it was.
    public func clear() {
        state.withLock { $0.latest = nil }
    }
}
