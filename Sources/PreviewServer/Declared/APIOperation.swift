import APIModel
import Controls
import HTTPServer
import Scenes

/// One operation of the API, declared once: the router, the decoder, /openapi.json, the README
/// tables, the boundary tests and the cost of a request are all read from it.
package struct APIOperation: Sendable {
    package enum Method: String, Sendable, CaseIterable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// A command's method.
        init(_ method: CommandRoute.Method) {
            switch method {
            case .post: self = .post
            case .put: self = .put
            case .patch: self = .patch
            case .delete: self = .delete
            }
        }
    }

    enum Body: Sendable {
        /// Nothing is read from the body.
        case none
        /// Parameters as a form or a JSON body, as well as in the query.
        case parameters
        /// Raw bytes of one of these media types, at most `maxBytes` (refused before it is read).
        case binary(types: [String], maxBytes: Int, description: String)
        /// A JSON document of one of these media types, which the handler reads; `schema` describes it.
        /// At most `maxBytes` when given (refused before it is read), else the server's body limit.
        case document(types: [String], description: String, schema: SchemaSource, maxBytes: Int? = nil)
    }

    package var method: Method
    /// The path as OpenAPI writes it. A `{name}` segment is a path parameter: the last segment
    /// stands for the router's prefix `/*` (the rest of the path), any other for one segment.
    package var path: String
    var id: String
    var tag: String
    var summary: String
    var description: String?
    var parameters: [any DeclaredParameter]
    var body: Body
    /// A state-changing command: it passes the origin and token checks before anything else.
    var isCommand: Bool
    /// A read any origin's page may make (frames, clips, streams, the state): its answers, errors
    /// included, carry `Access-Control-Allow-Origin: *` without credentials, and a preflight for it
    /// is granted (`HTTPServer`'s `CrossOrigin`). Never a command.
    var readableCrossOrigin: Bool
    /// When a request's answer is fixed by its URL and the server's version (a stored scenario's
    /// frame: its id is the hash of its text), so it gets an `ETag` and may be cached, and a
    /// matching `If-None-Match` gets 304 before any work (`Revalidation`); nil: never.
    var pinnedWhen: (@Sendable (Input) -> Bool)?
    /// On a replica, a command goes through the shared log as its value (docs/design/replication.md
    /// §Commands), unless this is false: it changes no scene, and its handler keeps what it stores
    /// in Redis itself (a stored scenario, §Stored scenarios).
    var goesThroughLog: Bool
    /// Answers beyond the ones every operation of its kind gives (see `allAnswers`).
    var answers: [Answer]
    var rules: [ParameterRule]
    /// Where its work runs while the connection is suspended (rendering, decoding), after its
    /// parameters are decoded and its cost admitted on the server's thread; nil: on that thread.
    var offload: DeferredWork.Lane?
    /// The 2xx answer; set by `Endpoint` from the handler's reply type.
    var success: Success
    /// What a request costs, from its decoded parameters, before any work starts.
    var cost: (@Sendable (Input) throws(Refusal) -> RequestCost)?
    /// Cache-busting queries (`?v=…`) are fine on static files; everywhere else an unknown
    /// parameter is refused.
    var ignoresUnknownQuery: Bool
    /// A form body that is one bare word is this parameter's value (`curl -X PUT -d sample`).
    var bareWord: String?
    /// Query parameters named by a prefix, which the handler checks (`props.NAME`).
    var families: [ParameterFamily]
    /// How many bytes its answer can have, whatever the scene holds.
    var answerSize: AnswerSize

    /// The bound every operation's answer is held to (issue 30): the generated boundary tests
    /// call each operation at the ends of its parameters, and after a storm of commands, and
    /// check it.
    enum AnswerSize: Sendable {
        case atMost(Int)
        /// What its price reserves of the memory budget, which holds the answer until it is sent
        /// (frames and clips: `BudgetAdmission`).
        case priced
        /// Endless by nature (a stream, priced per viewer), or a file sent from disk.
        case unbounded
    }

    /// A JSON reply of a control's state or the clock's: the largest a seed control's state grows
    /// to is about 90 KiB (docs/security.md).
    static let defaultAnswerBytes = 256 << 10

    init(
        _ method: Method, _ path: String, id: String, tag: String, summary: String, description: String? = nil,
        parameters: [any DeclaredParameter] = [], command: Bool = false, throughLog: Bool = true,
        crossOrigin: Bool = false, pinnedWhen: (@Sendable (Input) -> Bool)? = nil, body: Body? = nil,
        answers: [Answer] = [],
        rules: [ParameterRule] = [], offload: DeferredWork.Lane? = nil, ignoresUnknownQuery: Bool = false,
        bareWord: String? = nil, families: [ParameterFamily] = [], answerSize: AnswerSize = .atMost(defaultAnswerBytes),
        cost: (@Sendable (Input) throws(Refusal) -> RequestCost)? = nil
    ) {
        self.method = method
        self.path = path
        self.id = id
        self.tag = tag
        self.summary = summary
        self.description = description
        self.parameters = parameters
        isCommand = command
        readableCrossOrigin = crossOrigin && !command && method == .get
        self.pinnedWhen = command || method != .get ? nil : pinnedWhen
        goesThroughLog = command && throughLog
        self.body = body ?? (command ? .parameters : .none)
        self.answers = answers
        self.rules = rules
        self.offload = offload
        self.ignoresUnknownQuery = ignoresUnknownQuery
        self.bareWord = bareWord
        self.families = families
        self.answerSize = answerSize
        self.cost = cost
        success = Success(description: "", content: .none)
    }

    /// How /openapi.json documents `readableCrossOrigin`.
    static let crossOriginHeader = ResponseHeader.constant(
        "Access-Control-Allow-Origin", "*", "Any origin's page may read this answer, without credentials; errors too.")

    /// The router's pattern: `/{file}` → `/*`, `/scenarios/{id}/play` → `/scenarios/*/play`.
    var routePattern: String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { Self.isParameter($0) ? "*" : $0 }.joined(separator: "/")
    }

    private static func isParameter(_ segment: Substring) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}")
    }

    /// The values of the path's parameters in a request's path, by name; nil when the path does
    /// not fit the template.
    func pathValues(_ requestPath: String) -> [(name: String, value: String)]? {
        let template = path.split(separator: "/", omittingEmptySubsequences: false)
        let parts = requestPath.split(separator: "/", omittingEmptySubsequences: false)
        var values: [(name: String, value: String)] = []
        for (i, segment) in template.enumerated() {
            guard i < parts.count else { return nil }
            if Self.isParameter(segment) {
                let last = i == template.count - 1
                values.append((String(segment.dropFirst().dropLast()),
                               last ? parts[i...].joined(separator: "/") : String(parts[i])))
                if last { return values }
            } else if parts[i] != segment {
                return nil
            }
        }
        return parts.count == template.count ? values : nil
    }

    /// The byte limit of the body, when the route sets its own.
    var maxBodyBytes: Int? {
        switch body {
        case .binary(_, let maxBytes, _): maxBytes
        case .document(_, _, _, let maxBytes): maxBytes
        case .none, .parameters: nil
        }
    }

    /// Its parameters as the decoder reads them.
    var parameterSet: ParameterSet {
        var takesBody = false
        if case .parameters = body { takesBody = true }
        return ParameterSet(name: routeName, parameters: parameters, rules: rules, families: families,
                            ignoresUnknown: ignoresUnknownQuery, takesBody: takesBody)
    }

    func parameter(named name: String) -> (any DeclaredParameter)? { parameterSet.parameter(named: name) }

    /// Every non-2xx answer, in status order: the declared ones and the ones its kind implies.
    var allAnswers: [Answer] {
        var all = answers
        func add(_ a: Answer) { if !all.contains(where: { $0.status == a.status }) { all.append(a) } }
        let decoded = parameters.contains { $0.spec.locations != .path }
        // A priced operation's 400 also covers a request no budget could ever hold.
        if cost != nil {
            add(.badParameterOrOverBudget)
            add(.budgetInUse)
        }
        if decoded || !ignoresUnknownQuery || isCommand { add(.badParameter) }
        if pinnedWhen != nil { add(.notModified) }
        if isCommand {
            add(.unauthorized)
            add(.crossOrigin)
            add(.replicationUnavailable)
        }

        if case .none = body {} else {
            add(.tooLarge)
            add(.unsupportedMediaType)
        }
        return all.sorted { $0.status < $1.status }
    }
}

/// The 2xx answer of an operation.
struct Success: Sendable {
    enum Content: Sendable {
        case none
        /// JSON whose schema is derived from the handler's reply type.
        case json(SchemaSource)
        /// Bytes of these media types (images, streams, text).
        case media([String], binary: Bool)
    }

    var status = 200
    var description: String
    var content: Content
    var headers: [ResponseHeader] = []
}

/// A response header: documented, and for JSON replies also set by the router when it has a
/// constant value.
struct ResponseHeader: Sendable {
    var name: String
    var description: String?
    /// The value every response carries; nil when it varies.
    var value: String?
    /// A pattern the varying values match.
    var pattern: String?

    static func constant(_ name: String, _ value: String, _ description: String? = nil) -> ResponseHeader {
        ResponseHeader(name: name, description: description, value: value)
    }

    static let noStore = constant("Cache-Control", "no-store")
}
