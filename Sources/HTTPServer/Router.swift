public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// What a route can decide from a request's head alone, its body not yet read (`Route.headCheck`):
/// a refusal, or nil when the body may still make the request good.
public typealias HeadCheck = @Sendable (HTTPRequest) -> HTTPResponse?

/// One registered route.
public struct Route: Sendable {
    public let method: String
    /// An exact path, or a prefix ending in "/*" ("/*" alone matches every path); a "*" segment
    /// before the end matches exactly one segment ("/scenarios/*/play").
    public let pattern: String
    /// Overrides the server's body cap for this route.
    public let maxBodyBytes: Int?
    public let handler: HTTPHandler
    /// Asked before the body of a request that sent `Expect: 100-continue` is read
    /// (`HeadChecks.beforeContinue`); the request it gets has an empty body.
    public let headCheck: HeadCheck?
    /// Any origin's page may read its GET and HEAD answers (`CrossOrigin`).
    public let crossOriginReads: Bool
    /// The segments of a pattern with a "*" segment before its end; nil for any other pattern.
    let segmentPattern: [Substring]?

    init(method: String, pattern: String, maxBodyBytes: Int?, headCheck: HeadCheck?, crossOriginReads: Bool,
         handler: @escaping HTTPHandler) {
        self.method = method
        self.pattern = pattern
        self.maxBodyBytes = maxBodyBytes
        self.headCheck = headCheck
        self.crossOriginReads = crossOriginReads
        self.handler = handler
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        segmentPattern = segments.dropLast().contains("*") ? segments : nil
    }

    /// Exact patterns beat the others, then more literal characters beat fewer: "/scenarios/*/play"
    /// beats the prefix "/scenarios/*", and longer prefixes beat shorter ones.
    var specificity: Int {
        if let segments = segmentPattern { return segments.reduce(0) { $0 + ($1 == "*" ? 0 : $1.utf8.count + 1) } }
        guard let prefix = prefixPath else { return Int.max }
        return prefix.utf8.count
    }

    /// "/static/*" → "/static"; nil for an exact pattern or one with a "*" segment before its end.
    var prefixPath: String? {
        guard pattern.hasSuffix("/*"), segmentPattern == nil else { return nil }
        return String(pattern.dropLast(2))
    }

    func matches(path: String) -> Bool {
        if let segments = segmentPattern {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == segments.count
                && zip(parts, segments).allSatisfy { part, segment in segment == "*" ? !part.isEmpty : part == segment }
        }
        guard let prefix = prefixPath else { return path == pattern }
        return prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/")
    }
}

/// Method + pattern, for checking API docs against what is really served.
public struct RouteDescription: Sendable, Hashable, CustomStringConvertible {
    public let method: String
    public let pattern: String
    public var description: String { "\(method) \(pattern)" }
}

/// The route table. A value type: build it, then hand it to `HTTPServer`.
public struct Router: Sendable {
    public typealias Handler = HTTPHandler

    public private(set) var routes: [Route] = []

    public init() {}

    public mutating func add(
        _ method: String, _ pattern: String, maxBodyBytes: Int? = nil, headCheck: HeadCheck? = nil,
        crossOriginReads: Bool = false, _ handler: @escaping Handler
    ) {
        routes.append(Route(method: method.uppercased(), pattern: pattern, maxBodyBytes: maxBodyBytes,
                            headCheck: headCheck, crossOriginReads: crossOriginReads, handler: handler))
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) {
        add("GET", pattern, handler)
    }

    public mutating func post(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add("POST", pattern, maxBodyBytes: maxBodyBytes, handler)
    }

    public mutating func put(_ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        add("PUT", pattern, maxBodyBytes: maxBodyBytes, handler)
    }

    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) {
        add("DELETE", pattern, handler)
    }

    /// Registered routes in registration order (implicit HEAD and OPTIONS are not listed).
    public var registeredRoutes: [RouteDescription] {
        routes.map { RouteDescription(method: $0.method, pattern: $0.pattern) }
    }

    public enum Match: Sendable {
        case route(Route)
        case notFound
        case methodNotAllowed(allowed: [String])
        /// OPTIONS on a known path without an explicit OPTIONS route; `crossOriginReads` when its
        /// GET route allows them (a preflight for a read is then granted).
        case options(allowed: [String], crossOriginReads: Bool)
    }

    /// The most specific pattern that matches the path decides; its methods are what is allowed.
    /// So a POST-only API path is never shadowed by a GET catch-all for static files.
    public func match(method rawMethod: String, path: String) -> Match {
        let method = rawMethod.uppercased()
        var best: [Route] = []
        var bestSpecificity = -1
        for route in routes where route.matches(path: path) {
            let s = route.specificity
            if s > bestSpecificity {
                best = [route]
                bestSpecificity = s
            } else if s == bestSpecificity, best.first?.pattern == route.pattern {
                best.append(route)
            }
        }
        if best.isEmpty { return .notFound }
        if let exact = best.first(where: { $0.method == method }) { return .route(exact) }
        if method == "HEAD", let get = best.first(where: { $0.method == "GET" }) { return .route(get) }
        let allowed = Router.allowedMethods(best)
        if method == "OPTIONS" {
            return .options(allowed: allowed, crossOriginReads: best.contains { $0.method == "GET" && $0.crossOriginReads })
        }
        return .methodNotAllowed(allowed: allowed)
    }

    private static func allowedMethods(_ routes: [Route]) -> [String] {
        var allowed: [String] = []
        func add(_ m: String) { if !allowed.contains(m) { allowed.append(m) } }
        for route in routes {
            add(route.method)
            if route.method == "GET" { add("HEAD") }
        }
        add("OPTIONS")
        return allowed
    }

    /// The answer the server gives when no handler runs.
    static func notFoundResponse(path: String) -> HTTPResponse {
        .error(status: 404, message: "not found", ["path": .string(path)])
    }

    static func methodNotAllowedResponse(method: String, path: String, allowed: [String]) -> HTTPResponse {
        .error(status: 405, message: "method not allowed",
               ["method": .string(method), "path": .string(path), "allowed": .array(allowed.map { .string($0) })],
               headers: [("Allow", allowed.joined(separator: ", "))])
    }

    static func optionsResponse(allowed: [String]) -> HTTPResponse {
        HTTPResponse(status: 204, headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// Runs the whole routing decision without a server (deferred work inline); handy in tests.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let match = match(method: request.method, path: request.path)
        switch match {
        case .route(let route):
            return Router.finished(route.handler(request).resolved, match: match, method: request.method, header: request.header)
        case .notFound: return Router.notFoundResponse(path: request.path)
        case .methodNotAllowed(let allowed):
            return Router.methodNotAllowedResponse(method: request.method, path: request.path, allowed: allowed)
        case .options(let allowed, let crossOrigin):
            let answer = Router.optionsResponse(allowed: allowed)
            return crossOrigin ? CrossOrigin.preflight(answer, requestedMethod: request.header("Access-Control-Request-Method")) : answer
        }
    }

    /// A route's answer as it goes out: the byte range asked for when it offers ranges, and
    /// readable from any origin when the route allows it. `header` reads the request's headers.
    static func finished(_ response: HTTPResponse, match: Match, method: String,
                         header: (String) -> String?) -> HTTPResponse {
        guard case .route(let route) = match else { return response }
        let answer = ByteRanges.serve(response, method: method, header: header)
        return route.crossOriginReads && CrossOrigin.readMethods.contains(method) ? CrossOrigin.readable(answer) : answer
    }
}
