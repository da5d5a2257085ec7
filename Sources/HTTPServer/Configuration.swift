/// Options for one `HTTPServer`. Defaults suit a local preview server.
public struct HTTPServerConfiguration: Sendable {
    public static let defaultHeadDeadline: Duration = .seconds(10)
    /// An eighth of the connection limit: browsers open at most 6 connections per host, so one
    /// address cannot take the slots everyone else needs, and a bench or tests on one address
    /// still have room for a hundred streams.
    public static let defaultMaxConnectionsPerIP = 128

    /// Address to bind: an IPv4 literal ("127.0.0.1", "0.0.0.0"), "localhost", or an IPv6 literal ("::1", "::").
    public var host: String
    /// 0 picks a free port; read the real one from `HTTPServer.port` after `start()`.
    public var port: UInt16
    /// Idle time after which MHD closes a connection. Suspended streams are exempt (MHD does not time them out).
    public var connectionTimeout: Duration
    /// The whole request head must arrive within this, however slowly it drips (each byte resets
    /// the idle timeout, not this); counted from when the connection opened or its previous
    /// request ended. nil: no deadline.
    public var headDeadline: Duration?
    /// Past this, MHD leaves new connections waiting in the listen backlog.
    public var connectionLimit: Int
    /// Connections one client address may hold at once; more are closed at accept. 0: no limit
    /// (behind a proxy every client has the proxy's address).
    public var maxConnectionsPerIP: Int
    /// The names a request's Host header may carry (the DNS-rebinding guard); others get 403.
    public var allowedHosts: AllowedHosts
    /// Added to the 403 for a refused Host, telling the operator how to allow a name.
    public var hostRefusalHint: String?
    /// Default request-body cap; a route may raise it.
    public var maxBodyBytes: Int
    /// When set, `TCP_NOTSENT_LOWAT` for the socket of every stream response, so a slow viewer
    /// cannot build a deep kernel send queue of stale frames.
    public var streamSendLowWatermark: Int?
    /// Called on the server thread once per finished request (keep it cheap).
    public var onRequestCompleted: (@Sendable (RequestRecord) -> Void)?
    /// Asked, on the server thread before any of it is read, whether a body larger than
    /// `maxBodyBytes` (a route that raised its cap: an upload) may be held now; a chunked body is
    /// asked about at its route's cap. nil: every body within its route's cap is read.
    public var bodyAdmission: (@Sendable (_ bytes: Int) -> BodyAdmission)?

    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        connectionTimeout: Duration = .seconds(10),
        headDeadline: Duration? = defaultHeadDeadline,
        connectionLimit: Int = 1024,
        maxConnectionsPerIP: Int = defaultMaxConnectionsPerIP,
        allowedHosts: AllowedHosts = AllowedHosts(),
        hostRefusalHint: String? = nil,
        maxBodyBytes: Int = 64 * 1024,
        streamSendLowWatermark: Int? = nil,
        onRequestCompleted: (@Sendable (RequestRecord) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.connectionTimeout = connectionTimeout
        self.headDeadline = headDeadline
        self.connectionLimit = connectionLimit
        self.maxConnectionsPerIP = maxConnectionsPerIP
        self.allowedHosts = allowedHosts
        self.hostRefusalHint = hostRefusalHint
        self.maxBodyBytes = maxBodyBytes
        self.streamSendLowWatermark = streamSendLowWatermark
        self.onRequestCompleted = onRequestCompleted
    }
}

/// Whether a large request body may be read now.
public enum BodyAdmission: Sendable {
    /// Read it; `held` is released when the request completes (a budget's reservation for its bytes).
    case admit(held: (any HeldUntilSent)?)
    /// Answer this instead (a 503 with Retry-After, say), before any of the body is read.
    case refuse(HTTPResponse)
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
