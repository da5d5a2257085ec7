import APIModel
import Controls
import Glibc
import HTTPServer
import Scenes

/// Everything the command line decides about a running server.
public struct PreviewServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    /// What the scene and its frames are made with: the controls and their defaults, the default
    /// fps and size, the budgets and the history's span.
    public var settings: SceneSettings
    public var publicDirectory = "Public"
    /// Seconds a connection may stay idle (a stalled viewer, a half-sent request) before it is closed.
    public var connectionTimeout = 10
    /// Seconds a connection has to send a whole request head, however slowly it drips; 0: none.
    public var headDeadline = Int(HTTPServerConfiguration.defaultHeadDeadline.components.seconds)
    /// Connections one client address may hold; 0: no limit (behind a proxy, where every client
    /// has the proxy's address).
    public var maxConnectionsPerIP = HTTPServerConfiguration.defaultMaxConnectionsPerIP
    /// Host names answered besides localhost, *.localhost and IP addresses (".example.com" for a
    /// domain and its subdomains, "*" for any); other Host headers get 403.
    public var allowedHosts: [String] = []
    /// Origins (scheme://host[:port]) allowed to send commands besides the server's own; "*" allows all.
    public var allowedOrigins: [String] = []
    /// The server's address as the world reaches it (behind a proxy or a CDN), without a trailing
    /// slash: absolute URLs in embed code and oEmbed answers use it; nil, the request's Host.
    public var publicURL: String?
    /// When set, state-changing routes require `Authorization: Bearer <token>`.
    public var token: String?
    /// When set, the server is a replica of a scene whose commands go through a log on Redis
    /// (docs/design/replication.md); nil: one process, its own scene.
    public var replication: ReplicationSettings?
    /// The folder the server saves stored scenarios, recordings and uploaded artwork in, so they
    /// survive a restart (`--data`, docs/security.md §Saved work); nil keeps them in memory only,
    /// the default for tests and embedders. A replica keeps them in Redis and ignores it.
    public var dataDirectory: String?

    /// A server of `controls`, with every other setting at its default.
    public init(controls: ControlList) {
        settings = SceneSettings(controls)
    }

    /// The controls it serves.
    public var controls: ControlList { settings.controls }

    /// The environment variable that sets the option `--name` of `layercast serve`: LAYERCAST_
    /// and the name in capitals, dashes as underscores.
    public static func environmentVariable(_ option: String) -> String { SceneSettings.environmentVariable(option) }

    /// The one-line warning `start()` logs when `host` lets other machines reach the API (such
    /// as 0.0.0.0 in a container); nil for loopback addresses.
    public var exposureWarning: String? {
        var v4 = in_addr()
        if host == "localhost" || host == "::1" { return nil }
        if inet_pton(AF_INET, host, &v4) == 1, UInt32(bigEndian: v4.s_addr) >> 24 == 127 { return nil }
        let guardText = token == nil ? "use --token to require a token for commands" : "commands require the token"
        return "listening on \(host): the API is open to the network, anyone who can reach this address can watch and drive it (\(guardText))"
    }
}
