import CMicroHTTPD

/// What a request head must pass at the first access-handler call, before any of its body is
/// read; a refusal is queued at once (MHD then closes the connection rather than read the body).
package enum HeadChecks {
    /// The refusal for this head, or nil; notes on `state` whether its body comes chunked.
    static func check(connection: OpaquePointer, state: RequestState, context: ServerContext) -> HTTPResponse? {
        let headers = connectionValues(connection, kind: .HEADER_KIND)
        func values(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name }.map { $0.1.trimmingWhitespace() }
        }
        let closing = [("Connection", "close")]
        if let problem = framingProblem(lengths: values("content-length"), codings: values("transfer-encoding")) {
            return .error(status: problem.status, message: problem.message, ["allowed": .string(problem.allowed)],
                          headers: closing)
        }
        state.isChunked = !values("transfer-encoding").isEmpty
        let hosts = values("host")
        if hosts.count > 1 {
            return .error(status: 400, message: "more than one Host header", ["allowed": .string("one Host header")],
                          headers: closing)
        }
        let configuration = context.configuration
        if !configuration.allowedHosts.allows(host: hosts.first) {
            context.counters.hostRefusals.add(1, ordering: .relaxed)
            var message = "Host '\(hosts.first ?? "")' is not a name this server answers to (DNS-rebinding guard)"
            if let hint = configuration.hostRefusalHint { message += "; \(hint)" }
            return .error(status: 403, message: message, [
                "host": .string(hosts.first ?? ""),
                "allowed": .array(configuration.allowedHosts.rule.map { .string($0) }),
            ])
        }
        // Refuse an oversized declared body before reading any of it.
        let declared = values("content-length").first.map(declaredLength)
        if let declared, declared > state.maxBodyBytes {
            context.counters.uploadsRefused.add(1, ordering: .relaxed)
            return Responder.payloadTooLarge(state)
        }
        // A large body is memory held until the request completes: the application may refuse it now.
        let expected = state.isChunked ? state.maxBodyBytes : declared ?? 0
        if expected > configuration.maxBodyBytes, let admission = configuration.bodyAdmission {
            switch admission(expected) {
            case .admit(let held): if let held { state.held.append(held) }
            case .refuse(let response): return response
            }
        }
        if state.isChunked {
            guard let record = state.record,
                  context.tracker.claimChunkedUpload(record, limit: state.maxBodyBytes) else {
                return .error(status: 503, message: "another chunked upload is in progress",
                              ["allowed": .string("one chunked upload at a time; or send a Content-Length")],
                              headers: [("Retry-After", "1")] + closing)
            }
        }
        guard values("expect").contains(where: { $0.lowercased() == "100-continue" }) else { return nil }
        return beforeContinue(connection: connection, state: state)
    }

    /// A client that sent `Expect: 100-continue` waits for the go-ahead before it sends its body
    /// (RFC 9110 §10.1.1): what the route can decide from the head goes out instead of it, so a
    /// refused client never sends the body. MHD sends `100 Continue` only when the first call
    /// queued no answer.
    private static func beforeContinue(connection: OpaquePointer, state: RequestState) -> HTTPResponse? {
        switch state.match {
        case .notFound: Router.notFoundResponse(path: state.path)
        case .methodNotAllowed(let allowed):
            Router.methodNotAllowedResponse(method: state.method, path: state.path, allowed: allowed)
        case .options: nil
        case .route(let route): route.headCheck?(Responder.makeRequest(state: state, connection: connection))
        }
    }

    package struct FramingProblem {
        let status: Int
        let message: String
        let allowed: String
    }

    /// Two different Content-Lengths, or a Content-Length beside Transfer-Encoding, let a proxy in
    /// front and this server disagree on where a request ends (request smuggling): RFC 9112 §6.3
    /// requires refusing the first and allows refusing the second; libmicrohttpd silently picks
    /// one. It also decodes only `chunked`, alone: any other coding would leave the body without
    /// an end, so it gets 501 (RFC 9112 §6.1).
    package static func framingProblem(lengths: [String], codings: [String]) -> FramingProblem? {
        let allowed = "one Content-Length, or Transfer-Encoding: chunked alone"
        if Set(lengths).count > 1 { return FramingProblem(status: 400, message: "conflicting Content-Length headers", allowed: allowed) }
        guard !codings.isEmpty else { return nil }
        if !lengths.isEmpty {
            return FramingProblem(status: 400, message: "both Content-Length and Transfer-Encoding", allowed: allowed)
        }
        if codings.count > 1 || codings[0].lowercased() != "chunked" {
            return FramingProblem(status: 501, message: "unsupported Transfer-Encoding '\(codings.joined(separator: ", "))'",
                                  allowed: allowed)
        }
        return nil
    }

    /// MHD has already parsed the length (a malformed one never reaches us: see `LibraryPages`).
    private static func declaredLength(_ text: String) -> Int {
        Int(text) ?? Int.max
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return String(s)
    }
}
