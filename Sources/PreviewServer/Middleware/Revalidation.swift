import APIModel
import HTTPServer
import Scenes

/// Answers whose bytes the URL fixes (`APIOperation.pinnedWhen`: a stored scenario's frames and
/// clips) are cacheable, by browsers and by a CDN in front (issue 34). Their `ETag` is the hash of
/// the canonical request (the operation and the parameters given, sorted) and the server's version,
/// so it is known before any work: a matching `If-None-Match` gets 304 here, ahead of the budgets,
/// with no render; and an upgrade, which may change pixels, changes every tag. With `v=` naming
/// this server's version the URL itself pins the renderer, and the answer is immutable for a year;
/// without, a browser or CDN keeps it `maxAge` seconds and then revalidates. Live answers (no
/// scenario) keep their `no-store`. The server keeps such answers too, under their tag, in a render
/// cache of `1/cacheShare` of the memory budget: a repeat from a client without them is sent as kept.
struct Revalidation: EndpointMiddleware {
    let version: String
    let cache: RenderCache<CachedAnswer>

    static let maxAge = 600
    /// The render cache's part of the memory budget, as a divisor: small enough that renders keep
    /// most of the budget, large enough for a docs page's stills and clips.
    static let cacheShare = 8
    static let immutable = "public, max-age=31536000, immutable"
    static var revalidated: String { "public, max-age=\(maxAge)" }

    /// The renderer version a URL pins with, as embed code writes it.
    static let pinnedVersion = Param.text(
        "v", maxLength: 32, pattern: "^[0-9A-Za-z.+-]+$", in: .query,
        "The server version the URL was written for (`info.version` of /openapi.json). With `scenario=` and `v` equal to "
            + "the server's version, the answer is cached as immutable for a year; with another, it is still answered, "
            + "cached for \(maxAge) s.")

    /// How /openapi.json documents the caching of a pinnable answer.
    static let cacheControlHeader = ResponseHeader(
        name: "Cache-Control", description: "`no-store` for the live scene; with `scenario=`, `\(revalidated)`, or "
            + "`\(immutable)` when `v` is the server's version.")

    /// How /openapi.json documents the tag.
    static let entityTagHeader = ResponseHeader(
        name: "ETag", description: "Only with `scenario=`: a strong tag of the request and the server's version; "
            + "`If-None-Match` with it gets 304 without a render.", pattern: "^\"[0-9a-f]{32}\"$")

    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse {
        guard let pinned = call.operation.pinnedWhen, pinned(call.input) else { return try next(call) }
        let tag = entityTag(call)
        let headers = [("ETag", tag),
                       ("Cache-Control", call.input.givenTexts[Self.pinnedVersion.spec.name] == version ? Self.immutable : Self.revalidated)]
        if let request = call.input.origin as? HTTPRequest, let wanted = request.header("If-None-Match"),
           StaticFiles.etagListMatches(wanted, tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        if let kept = cache.value(for: tag) {
            return HTTPResponse(headers: kept.headers + headers, body: .bytes(kept.body))
        }
        let cache = self.cache
        return try next(call).finishing { answer in
            guard answer.status == 200 else { return }
            answer.headers.removeAll { ["etag", "cache-control", "pragma"].contains($0.0.lowercased()) }
            if let body = answer.bodyBytes {
                // Its timings describe this render only: a kept answer is sent without any.
                let kept = CachedAnswer(headers: answer.headers.filter { $0.0.lowercased() != "server-timing" }, body: body)
                cache.keep(kept, bytes: kept.bytes, for: tag)
            }
            answer.headers += headers
        }
    }

    /// The operation, every parameter given as its accepted text (the version a URL pins with
    /// left out: it changes no byte), sorted, and this server's version.
    func entityTag(_ call: EndpointCall) -> String {
        let versionName = Self.pinnedVersion.spec.name
        let given = call.input.givenTexts.filter { $0.key != versionName }.map { ($0.key, $0.value) }
            + call.operation.families.flatMap { call.input.entries(of: $0) }.map { ($0.name, $0.value) }
        let canonical = ([call.operation.id] + given.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" } + [version])
            .joined(separator: "\n")
        return "\"" + SHA256.hex(Array(canonical.utf8)).prefix(32) + "\""
    }
}

/// An answer as the render cache keeps it: its bytes and the headers that describe them.
struct CachedAnswer: Sendable {
    let headers: [(String, String)]
    let body: [UInt8]

    /// What it counts against the cache and the memory budget.
    var bytes: Int { body.count + headers.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 } }
}
