import HTTPServer
import Rendering
import Synchronization

/// A live MP4 feed's bytes as its viewers need them (`GET /stream.mp4`): the init segment, and the
/// fragments from the newest key frame on, numbered. A viewer that joins starts at that key frame;
/// one that falls behind what is kept skips to it. Older fragments are let go, so a feed holds at
/// most one key interval of them whatever its viewers do.
final class VideoFragments: Sendable {
    struct Item: Sendable {
        let sequence: UInt64
        let fragment: LiveVideoEncoder.Fragment
    }

    private struct State {
        var initSegment: [UInt8] = []
        /// From the newest key frame on.
        var kept: [Item] = []
        var lastSequence: UInt64 = 0
        var waiters: [StreamWaker] = []
        var keyInterval: Int?
    }

    private let state = Mutex(State())

    var initSegment: [UInt8] { state.withLock { $0.initSegment } }

    /// The bytes of the fragments kept: what the feed holds for its viewers, however slow.
    var keptBytes: Int { state.withLock { $0.kept.reduce(0) { $0 + $1.fragment.bytes.count } } }

    /// The frames from the next-to-last key frame to the last, nil before the second: the interval
    /// as the encoder made it, shorter than its `keyInterval` when a key frame was asked for.
    var keyInterval: Int? { state.withLock { $0.keyInterval } }

    /// The encoder's init segment, before its first fragment.
    func start(initSegment: [UInt8]) {
        state.withLock { $0.initSegment = initSegment }
    }

    /// Keeps `fragment` (a key frame lets go of everything before it) and wakes the viewers waiting.
    func publish(_ fragment: LiveVideoEncoder.Fragment) {
        let waiters = state.withLock { s -> [StreamWaker] in
            s.lastSequence += 1
            let item = Item(sequence: s.lastSequence, fragment: fragment)
            if fragment.isKey {
                // What is kept starts at the previous key frame, so it is the one to count from.
                if let previous = s.kept.first { s.keyInterval = fragment.index - previous.fragment.index }
                s.kept = [item]
            } else if !s.kept.isEmpty {
                s.kept.append(item)
            }
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.wake() }
    }

    /// The fragment after `sequence` (0 for a viewer that has none yet: the newest key frame's);
    /// when that one is no longer kept, the newest key frame's, `skipped` saying so. Nil, with
    /// `waker` registered for the next publish, when there is nothing newer.
    func next(after sequence: UInt64, orWake waker: StreamWaker) -> (item: Item, skipped: Bool)? {
        state.withLock { s in
            if let first = s.kept.first {
                if sequence == 0 { return (first, false) }
                if sequence + 1 < first.sequence { return (first, true) }
                if let item = s.kept.first(where: { $0.sequence == sequence + 1 }) { return (item, false) }
            }
            s.waiters.append(waker)
            return nil
        }
    }

    /// Wakes every waiting viewer without a fragment, at shutdown.
    func wakeAll() {
        let waiters = state.withLock { s in
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.wake() }
    }
}
