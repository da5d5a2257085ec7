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
        let state = RequestState(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            version: version.map { String(cString: $0) } ?? "HTTP/1.1",
            router: context.router,
            defaultMaxBody: context.configuration.maxBodyBytes)
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        context.counters.totalRequests.add(1, ordering: .relaxed)
        if let problem = ambiguousBodyFraming(connection) {
            return Responder.queue(.error(status: 400, message: problem,
                                          ["allowed": .string("one Content-Length, or Transfer-Encoding: chunked alone")],
                                          headers: [("Connection", "close")]),
                                   state: state, connection: connection, context: context)
        }
        // Refuse an oversized declared body before reading any of it; MHD then closes the connection.
        if let declared = declaredContentLength(connection), declared > state.maxBodyBytes {
            state.bodyTooLarge = true
            return Responder.queue(Responder.payloadTooLarge(state), state: state, connection: connection,
                                   context: context)
        }
        return .YES
    }

    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        let count = uploadDataSize.pointee
        uploadDataSize.pointee = 0
        if state.answered { return .YES }
        return state.receive(uploadData, count: count) ? .YES : .NO
    }
    return Responder.respond(state: state, connection: connection, context: context)
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
    // After this the connection is being torn down: a late wake must not resume it.
    state.stream?.gate.markGone()
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

/// MHD_OPTION_NOTIFY_CONNECTION: keeps the open-connection counter.
func connectionNotifyCallback(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let cls else { return }
    let counters = ServerContext.from(cls).counters
    switch code {
    case .CONNECTION_NOTIFY_STARTED: counters.openConnections.add(1, ordering: .relaxed)
    case .CONNECTION_NOTIFY_CLOSED: counters.openConnections.subtract(1, ordering: .relaxed)
    }
}

/// MHD_OPTION_EXTERNAL_LOGGER: MHD's own messages go to swift-log. Client disconnects make MHD
/// log on every closed stream, so those are demoted to debug.
func mhdLogCallback(cls: UnsafeMutableRawPointer?, format: UnsafePointer<CChar>?, arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    let written = buffer.withUnsafeMutableBufferPointer { out in
        vsnprintf(out.baseAddress, out.count, format, arguments)
    }
    guard written > 0 else { return }
    let message = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .trimmingTrailingNewlines()
    let logger = ServerContext.from(cls).logger
    let noisy = ["failed to send", "connection reset", "timed out", "failed to receive", "closed by peer", "broken pipe"]
    let lowered = message.lowercased()
    if noisy.contains(where: { lowered.contains($0) }) {
        logger.debug("libmicrohttpd: \(message)")
    } else {
        logger.warning("libmicrohttpd: \(message)")
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

func declaredContentLength(_ connection: OpaquePointer) -> Int? {
    guard let raw = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return nil }
    let text = String(cString: raw).filter { !$0.isWhitespace }
    // A value too big for Int is certainly over any limit.
    if let value = Int(text) { return value }
    return text.allSatisfy(\.isNumber) && !text.isEmpty ? Int.max : nil
}

/// Two different Content-Lengths, or a Content-Length beside Transfer-Encoding, let a proxy in
/// front and this server disagree on where a request ends (request smuggling). RFC 9112 §6.3
/// requires refusing the first and allows refusing the second; libmicrohttpd silently picks one.
func ambiguousBodyFraming(_ connection: OpaquePointer) -> String? {
    guard MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") != nil else { return nil }
    let headers = connectionValues(connection, kind: .HEADER_KIND)
    let lengths = Set(headers.filter { $0.0.lowercased() == "content-length" }.map { $0.1.filter { !$0.isWhitespace } })
    if lengths.count > 1 { return "conflicting Content-Length headers" }
    if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
        return "both Content-Length and Transfer-Encoding"
    }
    return nil
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
    func hexValue(_ c: CChar) -> UInt8? {
        switch UInt8(bitPattern: c) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(bitPattern: c) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(bitPattern: c) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(bitPattern: c) - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
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
