/// What a handler returns. Header names are sent as given; MHD adds Date and Content-Length itself.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Body

    public enum Body: Sendable {
        case bytes([UInt8])
        /// Served with sendfile where MHD can; a file that cannot be opened becomes a 404.
        case file(path: String, size: Int)
        /// A long-lived body sent as plain bytes with `Connection: close` (never chunked).
        case stream(any StreamProducer)
    }

    public init(status: Int = 200, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Case-insensitive; the first match.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first(where: { $0.0.lowercased() == lowered })?.1
    }

    public var bodyBytes: [UInt8]? {
        if case .bytes(let b) = body { return b }
        return nil
    }
}

extension HTTPResponse {
    public static let jsonContentType = "application/json; charset=utf-8"

    public static func json(status: Int = 200, _ value: JSONValue, headers: [(String, String)] = []) -> HTTPResponse {
        json(status: status, raw: value.serialized, headers: headers)
    }

    /// Bytes that already are JSON.
    public static func json(status: Int = 200, raw: [UInt8], headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", jsonContentType)] + headers, body: .bytes(raw))
    }

    public static func text(
        status: Int = 200, _ text: String, contentType: String = "text/plain; charset=utf-8",
        headers: [(String, String)] = []
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(Array(text.utf8)))
    }

    /// `{"error": message, …extra}`; every error the server itself produces has this shape.
    public static func error(
        status: Int, message: String, _ extra: KeyValuePairs<String, JSONValue> = [:], headers: [(String, String)] = []
    ) -> HTTPResponse {
        json(status: status, .object([("error", .string(message))] + extra.map { ($0.key, $0.value) }), headers: headers)
    }

    public static func stream(
        _ producer: any StreamProducer, contentType: String, headers: [(String, String)] = []
    ) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: .stream(producer))
    }
}
