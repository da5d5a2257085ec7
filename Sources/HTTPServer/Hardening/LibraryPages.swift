import Logging

/// libmicrohttpd answers some broken requests itself, with short HTML pages, before (or instead
/// of) calling the access handler. Two of its paths are wrong in 0.9.75, and this file answers
/// them in JSON instead, from the log line MHD writes just before it builds its page:
///
/// - A `Content-Length` it cannot parse (`-1`, `1e3`, `3, 5`) or that overflows 64 bits: MHD's
///   header parser queues its 400 or 413 page and builds the page's header block, but the state
///   machine in `MHD_connection_handle_idle` then overwrites the connection's state with
///   "headers processed", walks on to "start reply" and builds the header block a second time
///   into the same write buffer. The client gets a status line and headers twice, and the first
///   response's "body" is the second header block. Every error raised from
///   `parse_connection_headers` does this.
/// - A chunked body whose chunk-size line does not fit MHD's 32 KiB connection buffer
///   (`5;` and 50,000 × `x`): MHD cannot grow the buffer and answers `500 Internal Server Error`.
///   Its other chunk errors (a size that is not hex, or overflows) get HTML 400 and 413 pages.
///
/// MHD's log line names no connection, so the connection is found by what only it can be at
/// that moment: for a header error, the one connection whose head MHD has parsed but not handed
/// to us (MHD's thread is inside that connection's header parser); for a chunk error, the one
/// chunked upload in flight (`ConnectionTracker.claimChunkedUpload`). The JSON answer goes out
/// directly (`DirectAnswer`) and half-closes the socket, so the page MHD then tries to send
/// fails and MHD closes the connection.
///
/// - A header line MHD cannot read (no colon, a NUL in its name) gets its "Request malformed"
///   page: answered for the one connection between its request line (MHD's URI callback) and the
///   end of its head.
///
/// The pages MHD still writes itself are for heads whose connection cannot be told apart: a
/// malformed request line (no connection has told MHD anything yet), an oversized head (431, 414),
/// an unknown HTTP version (505), and any of the above while several connections are in the same
/// state (a slow client dripping its head beside the broken one). docs/security.md says more.
enum LibraryPages {
    static let errorPrefix = "Error processing request (HTTP response code is "

    /// Called with each MHD log line, on MHD's thread. True when the line was about a page this
    /// file answered instead.
    static func intercept(_ message: String, tracker: ConnectionTracker, counters: HTTPServerCounters) -> Bool {
        guard message.hasPrefix(errorPrefix) else { return false }
        let afterPrefix = message.dropFirst(errorPrefix.count)
        guard let status = Int(afterPrefix.prefix(while: \.isNumber)) else { return false }
        let upload = tracker.chunkedUploadInFlight
        guard let (response, target) = replacement(status: status, page: String(afterPrefix),
                                                   chunkedLimit: upload?.limit ?? 0)
        else { return false }
        let records: [ConnectionRecord]
        switch target {
        case .parsedHead: records = tracker.openRecords.filter(\.headParsedButNotHandedOver)
        case .headerLines: records = tracker.openRecords.filter(\.betweenRequestLineAndHeadEnd)
        case .chunkedUpload: records = upload.map { [$0.record] } ?? []
        }
        // Zero or several candidates: not sure which connection it is, so MHD's page goes out.
        guard records.count == 1, let record = records.first else { return false }
        if response.status == 413 { counters.uploadsRefused.add(1, ordering: .relaxed) }
        // Marked before the answer goes out: the client may stop the server as soon as it has it.
        tracker.pageAnswered(record)
        if !record.answer(response, if: { _ in true }) { tracker.pageFinished(record) }
        return true
    }

    enum Target { case parsedHead, headerLines, chunkedUpload }

    /// The JSON answer for one of MHD's pages (recognised by its text), and where to find its
    /// connection; nil for the pages MHD keeps.
    static func replacement(status: Int, page: String, chunkedLimit: Int) -> (HTTPResponse, Target)? {
        let closing = [("Connection", "close")]
        if page.contains("Content-Length") {
            if status == 413 {
                return (.error(status: 413, message: "request body too large",
                               ["allowed": .string("a Content-Length below 2^64")], headers: closing), .parsedHead)
            }
            return (.error(status: 400, message: "malformed Content-Length",
                           ["allowed": .string("one decimal number of bytes")], headers: closing), .parsedHead)
        }
        // The chunked body's page has the same title ("Request malformed"), so "chunk" decides.
        if status == 400, page.contains("Request malformed"), !page.contains("chunk") {
            return (.error(status: 400, message: "malformed header line",
                           ["allowed": .string("header lines 'Name: value', the name a token (no NUL, space or colon)")],
                           headers: closing), .headerLines)
        }
        if page.contains("chunk") || status == 500 {
            if status == 413 {
                return (.error(status: 413, message: "request body too large", ["limit": .int(chunkedLimit)],
                               headers: closing), .chunkedUpload)
            }
            return (.error(status: 400, message: "malformed chunked body",
                           ["allowed": .string("chunk-size lines of hex digits that fit the 32 KiB connection buffer")],
                           headers: closing), .chunkedUpload)
        }
        return nil
    }
}
