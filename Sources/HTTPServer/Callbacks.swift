import CMicroHTTPD
import Glibc
import Logging

// The C callbacks handed to MHD. They are plain global functions (not closures, not in main.swift)
// so Swift 6 never infers an actor isolation for them; MHD calls them on its own thread.

/// MHD access handler. The first call only records the request (answering here would make MHD drop
/// keep-alive); body chunks arrive in the middle calls; the last call (no data) answers.
func accessHandlerCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?,
    conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let conCls, let uploadDataSize else { return .NO }
    let context = ServerContext.from(cls)

    guard let existing = conCls.pointee else {
        let record = ConnectionTracker.record(of: connection)
        // Already answered by us (cut at the head deadline as the head completed): just close.
        if let record, !record.beginRequest() { return .NO }
        let state = RequestState(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            version: version.map { String(cString: $0) } ?? "HTTP/1.1",
            router: context.router,
            defaultMaxBody: context.configuration.maxBodyBytes,
            record: record)
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        context.counters.totalRequests.add(1, ordering: .relaxed)
        if let refusal = HeadChecks.check(connection: connection, state: state, context: context) {
            return Responder.queue(refusal, state: state, connection: connection, context: context)
        }
        return .YES
    }

    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        let count = uploadDataSize.pointee
        uploadDataSize.pointee = 0
        return state.receive(uploadData, count: count, counters: context.counters) ? .YES : .NO
    }
    return Responder.respond(state: state, connection: connection, context: context)
}

/// MHD_OPTION_URI_LOG_CALLBACK: the request line is read (`LibraryPages` then knows which
/// connections are reading header lines). Returns nil, so the access handler's first call still
/// finds no request state.
func requestLineCallback(cls: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?,
                         connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    if let connection { ConnectionTracker.record(of: connection)?.readRequestLine() }
    return nil
}

/// MHD_OPTION_NOTIFY_COMPLETED: releases the request state and reports metrics.
func requestCompletedCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_RequestTerminationCode
) {
    guard let cls, let conCls, let raw = conCls.pointee else { return }
    conCls.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
    let context = ServerContext.from(cls)
    state.offloadGate?.markGone()
    state.offloadGate = nil
    for held in state.held { held.release() }
    state.held = []
    // After this the connection is being torn down: a late wake must not resume it.
    state.stream?.gate.markGone()
    if let record = state.record {
        record.endRequest(now: .now)
        context.tracker.releaseChunkedUpload(record)
    }
    if let hook = context.configuration.onRequestCompleted {
        let streamed = state.stream?.bytesSent.load(ordering: .relaxed) ?? 0
        hook(RequestRecord(
            method: state.method,
            route: state.routePattern ?? "unmatched",
            status: state.status,
            bytesSent: state.bytesSent + streamed,
            duration: ContinuousClock.now - state.start))
    }
}

/// MHD_OPTION_NOTIFY_CONNECTION: keeps the open-connection counter, and each connection's
/// `ConnectionRecord` in its socket context (retained until MHD reports it closed, which MHD does
/// before it closes the descriptor).
func connectionNotifyCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let cls else { return }
    let context = ServerContext.from(cls)
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        context.counters.openConnections.add(1, ordering: .relaxed)
        if let connection, let socketContext {
            let record = context.tracker.opened(connection: connection, fd: lc_mhd_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
        }
    case .CONNECTION_NOTIFY_CLOSED:
        context.counters.openConnections.subtract(1, ordering: .relaxed)
        if let socketContext, let raw = socketContext.pointee {
            socketContext.pointee = nil
            context.tracker.closed(Unmanaged<ConnectionRecord>.fromOpaque(raw).takeRetainedValue())
        }
    }
}

/// MHD_OPTION_EXTERNAL_LOGGER: MHD's own messages go to swift-log. Its error pages that
/// `LibraryPages` replaces are answered here; lines that come once per connection under attack
/// (abandoned requests, per-IP refusals) are counted and summarised (`LogSummary`); the ones
/// every departing client causes are demoted to debug.
func mhdLogCallback(cls: UnsafeMutableRawPointer?, format: UnsafePointer<CChar>?, arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    let written = buffer.withUnsafeMutableBufferPointer { out in
        vsnprintf(out.baseAddress, out.count, format, arguments)
    }
    guard written > 0 else { return }
    let message = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .trimmingTrailingNewlines()
    let context = ServerContext.from(cls)
    let logger = context.logger
    if LibraryPages.intercept(message, tracker: context.tracker, counters: context.counters) {
        logger.debug("libmicrohttpd: \(message.prefix(80))… (answered in JSON instead)")
        return
    }
    switch MHDLogLine.classify(message) {
    case .abandoned:
        context.counters.abandonedConnections.add(1, ordering: .relaxed)
        context.tracker.summary.note(.abandoned)
        logger.debug("libmicrohttpd: \(message)")
    case .refusedAtAccept:
        let counters = context.counters
        if context.configuration.maxConnectionsPerIP > 0,
           counters.openConnections.load(ordering: .relaxed) < context.configuration.connectionLimit {
            counters.perIPRefusals.add(1, ordering: .relaxed)
            context.tracker.summary.note(.perIPRefused)
        }
        logger.debug("libmicrohttpd: \(message)")
    case .routine:
        logger.debug("libmicrohttpd: \(message)")
    case .other:
        logger.warning("libmicrohttpd: \(message)")
    }
}

/// What one of MHD's log lines is about, from its text (libmicrohttpd 0.9.75's wording).
enum MHDLogLine: Equatable {
    /// A connection closed with its request incomplete.
    case abandoned
    /// A connection closed at accept, over the per-IP (or the total) connection limit.
    case refusedAtAccept
    /// What every departing client, timeout or refusal of ours causes.
    case routine
    case other

    static func classify(_ message: String) -> MHDLogLine {
        let lowered = message.lowercased()
        if lowered.contains("incomplete request") || lowered.contains("disconnected when reading request")
            || lowered.contains("closed when reading request") {
            return .abandoned
        }
        if lowered.contains("reached connection limit") { return .refusedAtAccept }
        let routine = ["failed to send", "connection reset", "timed out", "failed to receive", "closed by peer",
                       "broken pipe", "application reported internal error", "error processing request"]
        return routine.contains(where: { lowered.contains($0) }) ? .routine : .other
    }
}

/// Collects MHD key/value pairs (headers or query arguments) in the order MHD stored them.
final class KeyValueCollector {
    var pairs: [(String, String)] = []
}

func keyValueIteratorCallback(
    cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let collector = Unmanaged<KeyValueCollector>.fromOpaque(cls).takeUnretainedValue()
    collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}

func connectionValues(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(String, String)] {
    let collector = KeyValueCollector()
    withExtendedLifetime(collector) {
        _ = MHD_get_connection_values(connection, kind, keyValueIteratorCallback,
                                      Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.pairs
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while let last = s.last, last.isNewline { s.removeLast() }
        return String(s)
    }
}

/// MHD_OPTION_UNESCAPE_CALLBACK: percent-decodes in place like MHD's default, except that "%00"
/// stays literal. The path reaches us as a C string, so a decoded NUL would silently cut it
/// ("/index.html%00.txt" would be served as "/index.html").
func unescapeCallback(cls: UnsafeMutableRawPointer?, connection: OpaquePointer?, text: UnsafeMutablePointer<CChar>?) -> Int {
    guard let text else { return 0 }
    // One byte is never a fullwidth digit, the only other hex digits Character knows.
    func hexValue(_ c: CChar) -> UInt8? { Character(Unicode.Scalar(UInt8(bitPattern: c))).hexDigitValue.map(UInt8.init) }
    var read = 0
    var write = 0
    while text[read] != 0 {
        if text[read] == CChar(UInt8(ascii: "%")), text[read + 1] != 0, text[read + 2] != 0,
           let high = hexValue(text[read + 1]), let low = hexValue(text[read + 2]), high != 0 || low != 0 {
            text[write] = CChar(bitPattern: high << 4 | low)
            read += 3
        } else {
            text[write] = text[read]
            read += 1
        }
        write += 1
    }
    text[write] = 0
    return write
}
