/// Cross-origin reads (the Fetch standard's CORS protocol) for the routes that allow them
/// (`Route.crossOriginReads`): any origin's page may read their GET and HEAD answers, errors
/// included, without credentials, and a preflight for such a read is answered. Other methods on
/// the same path get none of it, so a command stays same-origin.
enum CrossOrigin {
    /// Response headers a page reads without their being exposed: the CORS-safelisted ones.
    static let safelistedResponseHeaders: Set<String> = [
        "cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma",
    ]
    /// Request headers a player may send beyond the safelisted ones: byte ranges and revalidation.
    static let allowedRequestHeaders = "Range, If-None-Match, If-Modified-Since"
    static let readMethods: Set<String> = ["GET", "HEAD"]
    /// How long a browser may keep a preflight's answer, in seconds.
    static let preflightMaxAge = 600

    /// `response` readable from any origin: it exposes every header it carries that a page could
    /// not otherwise read (`ETag`, `X-Scene-Time`, `Retry-After`, …), so the list never falls behind.
    static func readable(_ response: HTTPResponse) -> HTTPResponse {
        var answer = response
        answer.headers.removeAll { $0.0.lowercased().hasPrefix("access-control-") }
        let exposed = answer.headers.map(\.0).filter { !safelistedResponseHeaders.contains($0.lowercased()) }
        answer.headers.append(("Access-Control-Allow-Origin", "*"))
        if !exposed.isEmpty { answer.headers.append(("Access-Control-Expose-Headers", exposed.joined(separator: ", "))) }
        return answer
    }

    /// The OPTIONS answer, with the preflight's grant when it asks for a read.
    static func preflight(_ response: HTTPResponse, requestedMethod: String?) -> HTTPResponse {
        guard let method = requestedMethod?.uppercased(), readMethods.contains(method) else { return response }
        var answer = response
        answer.headers += [("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Methods", "GET, HEAD"),
                           ("Access-Control-Allow-Headers", allowedRequestHeaders),
                           ("Access-Control-Max-Age", String(preflightMaxAge))]
        return answer
    }
}
