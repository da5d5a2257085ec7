@testable import HTTPServer
import Synchronization

/// A stream producer fed from outside: parts are queued, sent in order, `.wait` when empty.
final class QueueProducer: StreamProducer {
    private struct State {
        var queue: [[UInt8]] = []
        var current: [UInt8] = []
        var offset = 0
        var finished = false
        var waker: StreamWaker?
    }

    private let state = Mutex(State())
    let closedCount = Atomic<Int>(0)
    let readCalls = Atomic<Int>(0)

    init(initial: [[UInt8]] = []) {
        state.withLock { $0.queue = initial }
    }

    func push(_ part: [UInt8]) {
        let waker = state.withLock { s -> StreamWaker? in
            s.queue.append(part)
            return s.waker
        }
        waker?.wake()
    }

    func finish() {
        let waker = state.withLock { s -> StreamWaker? in
            s.finished = true
            return s.waker
        }
        waker?.wake()
    }

    var hasWaker: Bool { state.withLock { $0.waker != nil } }

    /// Whether the server has taken every byte pushed so far.
    var isDrained: Bool { state.withLock { $0.queue.isEmpty && $0.offset >= $0.current.count } }

    func wakeOnly() {
        state.withLock { $0.waker }?.wake()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, waker: StreamWaker) -> StreamReadResult {
        readCalls.add(1, ordering: .relaxed)
        return state.withLock { s in
            s.waker = waker
            if s.offset >= s.current.count {
                if s.queue.isEmpty { return s.finished ? .end : .wait }
                s.current = s.queue.removeFirst()
                s.offset = 0
            }
            let n = min(buffer.count, s.current.count - s.offset)
            s.current.withUnsafeBytes { source in
                if let from = source.baseAddress, n > 0 {
                    buffer.baseAddress?.copyMemory(from: from + s.offset, byteCount: n)
                }
            }
            s.offset += n
            return .bytes(n)
        }
    }

    func closed() {
        closedCount.add(1, ordering: .relaxed)
    }
}

/// Hands out one producer per stream request and broadcasts to all of them.
final class StreamHub: Sendable {
    private let producers = Mutex<[QueueProducer]>([])
    let initialPart: [UInt8]

    init(initialPart: [UInt8] = []) {
        self.initialPart = initialPart
    }

    func makeProducer() -> QueueProducer {
        let producer = QueueProducer(initial: initialPart.isEmpty ? [] : [initialPart])
        producers.withLock { $0.append(producer) }
        return producer
    }

    var all: [QueueProducer] { producers.withLock { $0 } }

    func broadcast(_ part: [UInt8]) {
        for p in all { p.push(part) }
    }

    func finishAll() {
        for p in all { p.finish() }
    }
}

func part(_ i: Int) -> [UInt8] {
    let payload = "frame-\(i)"
    return Array("--frame\r\nContent-Type: text/plain\r\nContent-Length: \(payload.utf8.count)\r\n\r\n\(payload)\r\n".utf8)
}

func getRequest(_ path: String, method: String = "GET", extra: String = "") -> String {
    "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n"
}
