import Glibc

/// Which names a request's `Host` header may carry: the guard against DNS rebinding, where a
/// page points its own domain at this machine and then reads replies as if it were same-origin.
/// Rebinding needs a domain name the attacker controls, so by default only names that cannot be
/// rebound are answered (Vite's `server.allowedHosts` rule): `localhost`, names under
/// `.localhost` (browsers resolve both to loopback themselves), and IP-address literals (IPv4,
/// and IPv6 in brackets), each with or without a port. A LAN user who browses to the machine's
/// address still gets in.
public struct AllowedHosts: Sendable, Equatable {
    /// Further names answered: `studio.lan` allows that name only, `.example.com` allows
    /// `example.com` and every name under it, `*` allows any host (the check is off).
    public var names: [String]

    public init(_ names: [String] = []) {
        self.names = names.map { $0.lowercased() }
    }

    public var allowsAnyHost: Bool { names.contains("*") }

    /// The rule in words, for the refusal's `allowed` field.
    public var rule: [String] {
        ["localhost", "*.localhost", "an IPv4 address", "[an IPv6 address]"] + names
    }

    /// A request without a Host header (HTTP/1.0 tools) names nothing that could be rebound.
    public func allows(host: String?) -> Bool {
        guard let host else { return true }
        if allowsAnyHost { return true }
        guard let name = Self.name(ofAuthority: host) else { return false }
        if Self.cannotBeRebound(name: name) { return true }
        let bare = name.hasSuffix(".") ? String(name.dropLast()) : name
        return names.contains { allowed in
            if allowed.hasPrefix(".") { return bare == allowed.dropFirst() || bare.hasSuffix(allowed) }
            return bare == allowed
        }
    }

    /// An IP literal or a localhost name: what a browser reaches without asking anyone's DNS.
    private static func cannotBeRebound(name: String) -> Bool {
        if name.hasPrefix("[") {
            var address = in6_addr()
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
        }
        let bare = name.hasSuffix(".") ? String(name.dropLast()) : name
        if bare == "localhost" || bare.hasSuffix(".localhost") { return true }
        var address = in_addr()
        return inet_pton(AF_INET, bare, &address) == 1
    }

    /// "Name:port" → lower-cased "name" ("[v6]" keeps its brackets); nil when the authority is
    /// malformed (an empty name, a port that is not 1–5 digits, characters no host name has).
    static func name(ofAuthority authority: String) -> String? {
        let lowered = authority.lowercased()
        var name = Substring(lowered)
        var port: Substring?
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return nil }
            name = lowered[...close]
            let rest = lowered[lowered.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = lowered.firstIndex(of: ":") {
            name = lowered[..<colon]
            port = lowered[lowered.index(after: colon)...]
        }
        if let port, port.isEmpty || port.count > 5 || !port.allSatisfy(\.isASCIIDigit) { return nil }
        let allowed = name.hasPrefix("[")
            ? name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
            : name.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "." || $0 == "_" }
        guard !name.isEmpty, allowed else { return nil }
        return String(name)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
