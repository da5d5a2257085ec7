import HTTPServer
import Scenes

/// Keeps other web pages from driving a local server: a state-changing request that carries an
/// `Origin` other than the server's own is refused, unless that origin was allowed on purpose.
/// Clients that send no Origin (curl, scripts) are not affected. With a token configured,
/// state-changing requests must also carry it. Reads and the page's files pass.
///
/// "The server's own" means an http or https origin naming the host the request was sent to.
/// That is safe to trust because the HTTP layer refuses every request whose Host is not an
/// allowed name (`AllowedHosts`: localhost names, IP addresses, `--allowed-host`): a page that
/// rebinds its own domain to this machine (DNS rebinding) sends its domain as the Host and never
/// gets this far.
struct RequestGuard: EndpointMiddleware {
    let allowedOrigins: [String]
    let token: String?

    func check(_ request: HTTPRequest, for operation: APIOperation) -> HTTPResponse? {
        guard operation.isCommand else { return nil }
        if let origin = request.header("origin"), !isAllowed(origin: origin, host: request.header("host")) {
            return .error(status: 403, message: "cross-origin request refused: Origin '\(origin)' is not this server",
                          ["allowed": .string("requests from this server's own page, clients that send no Origin, or origins given with --allow-origin")])
        }
        if let token {
            let expected = "Bearer \(token)"
            guard let given = request.header("authorization"), constantTimeEquals(given, expected) else {
                return .error(status: 401, message: "this server requires a token for commands",
                              ["allowed": .string("an 'Authorization: Bearer <token>' header")],
                              headers: [("WWW-Authenticate", "Bearer")])
            }
        }
        return nil
    }

    static let sameOriginSchemes = ["http", "https"]

    private func isAllowed(origin: String, host: String?) -> Bool {
        if allowedOrigins.contains("*") || allowedOrigins.contains(origin) { return true }
        // "null" (sandboxed frames, file: pages) never matches a host; nor does a scheme a page
        // of this server cannot have (`evil://127.0.0.1:8080`).
        guard let host, let schemeEnd = origin.firstRange(of: "://"),
              Self.sameOriginSchemes.contains(origin[..<schemeEnd.lowerBound].lowercased()) else { return false }
        return origin[schemeEnd.upperBound...].lowercased() == host.lowercased()
    }

    private func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = x.count ^ y.count
        for i in 0..<min(x.count, y.count) { diff |= Int(x[i] ^ y[i]) }
        return diff == 0
    }
}
