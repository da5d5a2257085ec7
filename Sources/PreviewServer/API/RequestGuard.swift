import Glibc
import HTTPServer

/// Keeps other web pages from driving a local server: a state-changing request that carries an
/// `Origin` naming another host than the one it was sent to is refused, unless that origin was
/// allowed on purpose. Clients that send no Origin (curl, scripts) are not affected. With a token
/// configured, state-changing requests must also carry it.
///
/// "Same origin" is trusted only under an IP address or a localhost name: under any other name a
/// page can rebind its own domain to this machine (DNS rebinding) and then be same-origin with it.
/// Pages served under such a name are let in with `--allow-origin`.
struct RequestGuard: Sendable {
    let allowedOrigins: [String]
    let token: String?

    func check(_ request: HTTPRequest) -> HTTPResponse? {
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

    private func isAllowed(origin: String, host: String?) -> Bool {
        if allowedOrigins.contains("*") || allowedOrigins.contains(origin) { return true }
        // "null" (sandboxed frames, file: pages) never matches a host.
        guard let host, let schemeEnd = origin.firstRange(of: "://") else { return false }
        let authority = origin[schemeEnd.upperBound...].lowercased()
        return authority == host.lowercased() && Self.cannotBeRebound(authority)
    }

    /// An IP literal or a localhost name (browsers resolve those to loopback themselves), with or
    /// without a port.
    static func cannotBeRebound(_ authority: String) -> Bool {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            var address = in6_addr()
            return inet_pton(AF_INET6, String(authority[authority.index(after: authority.startIndex)..<close]), &address) == 1
        }
        let name = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var address = in_addr()
        return inet_pton(AF_INET, name, &address) == 1
    }

    private func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = x.count ^ y.count
        for i in 0..<min(x.count, y.count) { diff |= Int(x[i] ^ y[i]) }
        return diff == 0
    }
}
