import CMicroHTTPD
import Dispatch
import Glibc
import Logging
import Synchronization

/// Every open connection's `ConnectionRecord`, the head deadline, and the one chunked upload
/// allowed in flight.
///
/// The head deadline is the server's own: MHD's connection timeout is an idle timeout that each
/// received byte resets, so a client dripping one header byte every few seconds would keep its
/// connection forever. A timer on a queue of its own checks the records a few times per
/// deadline. A connection still in its head at the deadline has both halves of its socket shut,
/// without an answer (it may be an idle keep-alive connection that sent nothing, which a browser
/// expects to see closed, not answered). Shut, not closed: the descriptor stays MHD's (see
/// `ConnectionRecord`), and MHD's next
/// read then sees the end of the stream and closes the connection on its own thread, through its
/// own cleanup. Nothing here ever closes a descriptor or calls into MHD from the timer, so a
/// reused descriptor number cannot be hit and MHD's lists are never touched from outside.
final class ConnectionTracker: Sendable {
    let headDeadline: Duration?
    let summary: LogSummary
    private let counters: HTTPServerCounters
    private let records = Mutex<[ObjectIdentifier: ConnectionRecord]>([:])
    private let chunkedUpload = Mutex<ChunkedUpload?>(nil)
    /// Connections whose error page MHD is still building after we answered in its place.
    private let pagesInFlight = Mutex<Set<ObjectIdentifier>>([])
    private let queue = DispatchQueue(label: "layercast.http.deadlines", qos: .utility)
    private let timer: TimerSource

    init(headDeadline: Duration?, counters: HTTPServerCounters, logger: Logger) {
        self.headDeadline = headDeadline
        self.counters = counters
        summary = LogSummary(logger: logger)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        // Late by at most a quarter of the deadline; never more often than 20 times a second.
        let tick = headDeadline.map { max(.milliseconds(50), min(.seconds(1), $0 / 4)) } ?? .seconds(1)
        let interval = DispatchTimeInterval.milliseconds(Int(tick.components.seconds * 1000
            + tick.components.attoseconds / 1_000_000_000_000_000))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
        self.timer = TimerSource(source: timer)
        // Cancelling in `stop()` releases the handler, and with it this tracker.
        timer.setEventHandler { [self] in
            let now = ContinuousClock.now
            expire(now: now)
            summary.flushIfDue(now: now)
        }
        timer.activate()
    }

    /// MHD's "started" notification: the record, retained for the connection's socket context.
    func opened(connection: OpaquePointer, fd: Int32) -> ConnectionRecord {
        let record = ConnectionRecord(connection: connection, fd: fd, now: .now)
        records.withLock { $0[ObjectIdentifier(record)] = record }
        return record
    }

    /// MHD's "closed" notification, before MHD closes the descriptor.
    func closed(_ record: ConnectionRecord) {
        record.markGone()
        releaseChunkedUpload(record)
        pageFinished(record)
        records.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(record)) }
    }

    // MARK: Error pages answered in JSON

    /// `LibraryPages` answered for MHD: the client may have its answer before MHD has finished
    /// the page it then fails to send. libmicrohttpd 0.9.75 crashes if the daemon starts stopping
    /// inside that window (`MHD_queue_response` returns "yes" without queuing anything once
    /// stopping, and the page's header is then built from no response), so `stop()` waits for
    /// these connections to close first; it is a matter of microseconds.
    func pageAnswered(_ record: ConnectionRecord) {
        pagesInFlight.withLock { _ = $0.insert(ObjectIdentifier(record)) }
    }

    func pageFinished(_ record: ConnectionRecord) {
        pagesInFlight.withLock { _ = $0.remove(ObjectIdentifier(record)) }
    }

    func waitForAnsweredPages(upTo limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while pagesInFlight.withLock({ !$0.isEmpty }), ContinuousClock.now < deadline {
            usleep(1000)
        }
    }

    var openRecords: [ConnectionRecord] { records.withLock { Array($0.values) } }

    /// The record MHD keeps in the connection's socket context (MHD thread).
    static func record(of connection: OpaquePointer) -> ConnectionRecord? {
        lc_mhd_socket_context(connection).map { Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: Chunked uploads

    /// MHD decodes chunked bodies itself and reports a broken one only by writing its own error
    /// page, through a log line that names no connection (`LibraryPages`). With one chunked upload
    /// in flight at a time, such a line can only be about that one, so it is answered in JSON.
    struct ChunkedUpload: Sendable {
        let record: ConnectionRecord
        /// The route's body limit, for the 413 that replaces MHD's.
        let limit: Int
    }

    func claimChunkedUpload(_ record: ConnectionRecord, limit: Int) -> Bool {
        chunkedUpload.withLock { holder in
            if let holder, holder.record !== record { return false }
            holder = ChunkedUpload(record: record, limit: limit)
            return true
        }
    }

    func releaseChunkedUpload(_ record: ConnectionRecord) {
        chunkedUpload.withLock { holder in
            if holder?.record === record { holder = nil }
        }
    }

    var chunkedUploadInFlight: ChunkedUpload? { chunkedUpload.withLock { $0 } }

    // MARK: Head deadline, and answered connections that linger

    /// How long a connection we answered ourselves may go on sending (what it sends is read and
    /// dropped, so the client can read the answer before the close) before it is cut. MHD may
    /// otherwise miss the client's close and hold it, and the chunked-upload slot, until its idle
    /// timeout (see docs/design/http-server.md).
    static let lingerAfterAnswer: Duration = .seconds(1)

    func expire(now: ContinuousClock.Instant) {
        for record in openRecords {
            _ = record.cut { phase in
                switch phase {
                case .head(let since):
                    guard let deadline = headDeadline, now - since >= deadline else { return false }
                    // Counted before the socket is shut: a client that sees the close, and the
                    // server's count of open connections, never run ahead of this count.
                    counters.headDeadlineCloses.add(1, ordering: .relaxed)
                    summary.note(.headDeadline)
                    return true
                case .answered(let at):
                    return now - at >= Self.lingerAfterAnswer
                case .request, .cut, .gone:
                    return false
                }
            }
        }
    }

    /// Stops the timer and writes the last summary; call after MHD has stopped.
    func stop() {
        timer.source.cancel()
        // A tick already running finishes before the last summary is written.
        queue.sync {}
        summary.flushIfDue(now: .now, force: true)
    }
}

/// DispatchSource is thread-safe; Swift only lacks a Sendable annotation for it.
private struct TimerSource: @unchecked Sendable {
    let source: any DispatchSourceTimer
}
