/// One part of a multipart stream as it came off the wire.
public struct MJPEGPart: Sendable {
    /// Lower-cased names.
    public var headers: [String: String]
    /// The part's bytes (a JPEG); empty when the parser does not keep bodies.
    public var body: [UInt8]
    /// The part's Content-Length.
    public var length: Int

    public var sceneTime: Double? { headers["x-scene-time"].flatMap(Double.init) }
    public var timestamp: Double? { headers["x-timestamp"].flatMap(Double.init) }
}

/// The head of an HTTP response.
public struct ResponseHead: Sendable {
    public var statusLine: String
    public var status: Int?
    /// Lower-cased names.
    public var headers: [String: String]
}

/// A strict, incremental parser of a `multipart/x-mixed-replace` (MJPEG) stream: feed it bytes as
/// they arrive, in any split, and it reports the response head, each part's head, each complete
/// part and the first framing fault. A `video/mp4` answer (`GET /stream.mp4`) is read as its boxes:
/// each fragment (its `emsg`, `moof` and `mdat`) is a part, headed by the emsg's scene time as
/// `x-scene-time`, so one client counts frames of either transport. The framing it accepts is the server's: the boundary first,
/// then per part its headers with a Content-Length, the body, and at once CRLF, boundary, CRLF
/// (the boundary following each part at once is what lets a browser show the part).
public struct MJPEGParser {
    public enum Event {
        case response(ResponseHead)
        case partHead([String: String])
        case part(MJPEGPart)
        /// Bytes of a response that is not a stream (an error answer, say).
        case body([UInt8])
        /// The stream broke the framing; the parser reads nothing after it.
        case framingError(String)
    }

    private enum State: Equatable {
        case responseHead, preamble, partHead, body(remaining: Int), trailer, plainBody, failed
        /// A video stream: a box's 8-byte header, then its body.
        case boxHead, boxBody(type: String, remaining: Int)
    }

    /// Whether parts carry their bytes (a benchmark that only counts them does not copy them).
    public let keepsBodies: Bool
    private var state: State
    /// "--" and the boundary's name.
    private var boundary: [UInt8]
    /// Head, preamble or trailer bytes collected so far.
    private var pending: [UInt8] = []
    private var partHeaders: [String: String] = [:]
    private var partBody: [UInt8] = []
    private var partLength = 0
    private var partCount = 0
    /// Where the box being read starts in `partBody` (a video stream's emsg is kept to be read).
    private var emsgStart = 0

    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    private static let crlf: [UInt8] = Array("\r\n".utf8)
    private static let maxHeadBytes = 16 * 1024

    /// Parses a whole response, head first, taking the boundary from its Content-Type.
    public init(keepsBodies: Bool = true) {
        self.keepsBodies = keepsBodies
        state = .responseHead
        boundary = []
    }

    /// Parses the stream as its producer writes it after the response head.
    public init(boundary: String, keepsBodies: Bool = true) {
        self.keepsBodies = keepsBodies
        state = .preamble
        self.boundary = Array("--\(boundary)".utf8)
    }

    /// True when the bytes so far end exactly between two parts (or before the first).
    public var isBetweenParts: Bool { pending.isEmpty && (state == .partHead || state == .preamble) }

    public mutating func feed(_ bytes: [UInt8]) -> [Event] {
        var events: [Event] = []
        bytes.withUnsafeBytes { feed($0) { events.append($0) } }
        return events
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ handle: (Event) -> Void) {
        var i = 0
        while i < bytes.count {
            switch state {
            case .responseHead, .partHead:
                guard collectHead(bytes, &i) else {
                    if pending.count > Self.maxHeadBytes { fail("a head longer than \(Self.maxHeadBytes) bytes", handle) }
                    return
                }
                if state == .responseHead { responseHeadComplete(handle) } else { partHeadComplete(handle) }
            case .body(let remaining):
                let take = min(remaining, bytes.count - i)
                if keepsBodies { partBody += bytes[i..<(i + take)] }
                i += take
                state = .body(remaining: remaining - take)
                if remaining == take { partComplete(handle) }
            case .preamble, .trailer:
                // The boundary line: first, and at once after each part's bytes.
                let expected = (state == .trailer ? Self.crlf : []) + boundary + Self.crlf
                guard collect(bytes, &i, upTo: expected.count) else { return }
                guard pending == expected else {
                    return fail(state == .preamble ? "the stream does not start with the boundary"
                                : "part \(partCount - 1): the boundary does not follow its \(partLength) bytes at once", handle)
                }
                state = .partHead
                pending = []
            case .boxHead:
                guard collect(bytes, &i, upTo: 8) else { return }
                let size = pending[0..<4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: pending[4..<8], as: UTF8.self)
                guard size >= 8 else { return fail("a \(type) box of \(size) bytes", handle) }
                if keepsBodies || type == "emsg" { partBody += pending } else { partLength += 8 }
                pending = []
                state = .boxBody(type: type, remaining: size - 8)
                if size == 8 { boxComplete(type, handle) }
            case .boxBody(let type, let remaining):
                let take = min(remaining, bytes.count - i)
                if keepsBodies || type == "emsg" { partBody += bytes[i..<(i + take)] } else { partLength += take }
                i += take
                state = .boxBody(type: type, remaining: remaining - take)
                if remaining == take { boxComplete(type, handle) }
            case .plainBody:
                handle(.body(Array(bytes[i...])))
                return
            case .failed:
                return
            }
        }
    }

    /// Moves bytes into `pending` up to the end of a head; true when it is complete (the blank
    /// line is dropped).
    private mutating func collectHead(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        while i < bytes.count {
            pending.append(bytes[i])
            i += 1
            if pending.last == 0x0A, pending.count >= 4, pending.suffix(4).elementsEqual(Self.headEnd) {
                pending.removeLast(4)
                return true
            }
        }
        return false
    }

    private mutating func collect(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, upTo count: Int) -> Bool {
        let take = min(count - pending.count, bytes.count - i)
        pending += bytes[i..<(i + take)]
        i += take
        return pending.count == count
    }

    private mutating func fail(_ why: String, _ handle: (Event) -> Void) {
        state = .failed
        pending = []
        handle(.framingError(why))
    }

    /// "Name: value" lines into lower-cased names; nil when a line is not a header.
    private static func headers<S: Sequence<Substring>>(_ lines: S) -> [String: String]? {
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        }
        return headers
    }

    private mutating func responseHeadComplete(_ handle: (Event) -> Void) {
        let lines = String(decoding: pending, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        pending = []
        let statusLine = String(lines.first ?? "")
        guard let headers = Self.headers(lines.dropFirst()) else { return fail("a response header without a colon", handle) }
        let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        handle(.response(ResponseHead(statusLine: statusLine, status: status, headers: headers)))
        guard status == 200 else {
            state = .plainBody
            return
        }
        let type = headers["content-type"] ?? ""
        if type.hasPrefix("video/mp4") {
            state = .boxHead
            return
        }
        guard let range = type.firstRange(of: "boundary=") else { return fail("no boundary in Content-Type '\(type)'", handle) }
        boundary = Array(("--" + type[range.upperBound...].prefix { $0 != ";" }).utf8)
        state = .preamble
    }

    private mutating func partHeadComplete(_ handle: (Event) -> Void) {
        let text = String(decoding: pending, as: UTF8.self)
        pending = []
        guard let headers = Self.headers(text.split(separator: "\r\n")) else {
            return fail("part \(partCount): a header line without a colon in \(text)", handle)
        }
        guard let length = headers["content-length"].flatMap({ Int($0) }), length >= 0 else {
            return fail("part \(partCount) without Content-Length: \(headers)", handle)
        }
        partHeaders = headers
        partLength = length
        partBody = []
        handle(.partHead(headers))
        state = .body(remaining: length)
        if length == 0 { partComplete(handle) }
    }

    /// A video box read: an emsg heads the next part, an mdat ends it; the init segment (ftyp, moov)
    /// before the first fragment is the first part's.
    private mutating func boxComplete(_ type: String, _ handle: (Event) -> Void) {
        state = .boxHead
        switch type {
        case "emsg":
            // Version 0: the header, version and flags, scheme and value, four 32-bit fields, the text.
            let body = partBody[emsgStart...]
            if let scheme = body.dropFirst(12).firstIndex(of: 0), let value = body[(scheme + 1)...].firstIndex(of: 0) {
                partHeaders = ["x-scene-time": String(decoding: body[(value + 17)...], as: UTF8.self)]
            }
            if !keepsBodies {
                partLength += partBody.count - emsgStart
                partBody.removeSubrange(emsgStart...)
            }
            handle(.partHead(partHeaders))
        case "mdat":
            partCount += 1
            let length = keepsBodies ? partBody.count : partLength
            handle(.part(MJPEGPart(headers: partHeaders, body: keepsBodies ? partBody : [], length: length)))
            partBody = []
            partLength = 0
            partHeaders = [:]
        default:
            break
        }
        emsgStart = partBody.count
    }

    private mutating func partComplete(_ handle: (Event) -> Void) {
        partCount += 1
        state = .trailer
        handle(.part(MJPEGPart(headers: partHeaders, body: partBody, length: partLength)))
        partBody = []
    }
}
