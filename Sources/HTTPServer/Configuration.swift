/// Options for one `HTTPServer`. Defaults suit a local preview server.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: an IPv4 literal ("127.0.0.1", "0.0.0.0"), "localhost", or an IPv6 literal ("::1", "::").
    public var host: String
    /// 0 picks a free port; read the real one from `HTTPServer.port` after `start()`.
    public var port: UInt16
    /// Idle time after which MHD closes a connection. Suspended streams are exempt (MHD does not time them out).
    public var connectionTimeout: Duration
    /// Past this, MHD leaves new connections waiting in the listen backlog.
    public var connectionLimit: Int
    /// Default request-body cap; a route may raise it.
    public var maxBodyBytes: Int
    /// When set, `TCP_NOTSENT_LOWAT` for the socket of every stream response, so a slow viewer
    /// cannot build a deep kernel send queue of stale frames.
    public var streamSendLowWatermark: Int?
    /// Called on the server thread once per finished request (keep it cheap).
    public var onRequestCompleted: (@Sendable (RequestRecord) -> Void)?

    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        connectionTimeout: Duration = .seconds(10),
        connectionLimit: Int = 1024,
        maxBodyBytes: Int = 64 * 1024,
        streamSendLowWatermark: Int? = nil,
        onRequestCompleted: (@Sendable (RequestRecord) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.maxBodyBytes = maxBodyBytes
        self.streamSendLowWatermark = streamSendLowWatermark
        self.onRequestCompleted = onRequestCompleted
    }
}

/// One finished request, for metrics.
public struct RequestRecord: Sendable {
    public let method: String
    /// The matched route pattern, or "unmatched" (404, 405, 413 before routing, …).
    public let route: String
    public let status: Int
    /// Body bytes handed to MHD (headers not counted; 0 for HEAD).
    public let bytesSent: Int
    public let duration: Duration
}
