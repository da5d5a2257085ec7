import CMicroHTTPD
import Glibc

/// Writes a whole response straight onto a connection's socket, then half-closes it (FIN after
/// the answer). For the moments libmicrohttpd 0.9.75 will not let us queue a response: in the
/// middle of a request body (`MHD_queue_response` accepts one only before the body or after
/// it), at the head deadline, and in place of one of its own error pages. MHD writes nothing on a
/// connection that is still receiving its request, so these bytes cannot interleave with its
/// own; whatever it tries to send afterwards fails on the half-closed socket and it closes the
/// connection. Callers hold the connection's `ConnectionRecord` lock, which guarantees MHD has
/// not closed the descriptor (see `ConnectionRecord`).
enum DirectAnswer {
    /// `response` must carry its body as bytes. Returns false when the socket took only part of
    /// it (a client that stopped reading: MHD's sockets are non-blocking, so this never waits);
    /// the half-close happens either way.
    @discardableResult
    static func send(_ response: HTTPResponse, fd: Int32) -> Bool {
        let bytes = serialize(response)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        _ = shutdown(fd, Int32(SHUT_WR))
        return offset == bytes.count
    }

    /// The response as HTTP/1.1 bytes with `Connection: close`, in the form MHD would send it.
    static func serialize(_ response: HTTPResponse) -> [UInt8] {
        let body = response.bodyBytes ?? []
        let reason = MHD_get_reason_phrase_for(UInt32(clamping: response.status)).map { String(cString: $0) } ?? ""
        var head = "HTTP/1.1 \(response.status) \(reason.isEmpty ? "Unknown" : reason)\r\n"
        head += "Date: \(httpDate())\r\nConnection: close\r\n"
        for (name, value) in response.headers where !["connection", "content-length"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// RFC 9110 §5.6.7 IMF-fixdate, as MHD writes its Date header.
    static func httpDate(_ time: time_t = time(nil)) -> String {
        var now = time
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        let n = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
