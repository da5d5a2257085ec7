import HTTPServer
import Scenes

/// A non-2xx answer an operation can give, as /openapi.json documents it: a JSON `Error` object,
/// or nothing at all (304).
struct Answer: Sendable {
    var status: Int
    /// The name of a shared description in `components/responses`; nil for one written in place.
    var component: String?
    var description: String
    var headers: [ResponseHeader] = []
    var hasBody = true

    /// Any operation: a parameter is unknown, repeated, missing or out of range.
    static let badParameter = Answer(
        status: 400, component: "BadParameter",
        description: "A parameter is unknown, given twice, missing or out of range, or the body is malformed; "
            + "`parameter` and `allowed` say which and what.")

    /// A priced operation (a frame, clip, stream or upload): a bad parameter, or a request that
    /// costs more than a whole budget.
    static let badParameterOrOverBudget = Answer(
        status: 400, component: "BadParameterOrOverBudget",
        description: badParameter.description + " Or the request costs more than a whole budget allows, even on an idle "
            + "server: `budget` names it, with its `unit`, the request's `cost` and the budget's `limit`.")

    /// A priced operation when other requests hold the budget it needs.
    static let budgetInUse = Answer(
        status: 503, component: "BudgetInUse",
        description: "Other requests hold the budget this one needs; it would fit once some of them end. `budget` names "
            + "it, with its `unit`, the request's `cost`, what is `inUse` and the `limit`; Retry-After says when to ask again.",
        headers: [ResponseHeader(name: "Retry-After", description: "Seconds to wait before asking again.", pattern: "^[0-9]+$")])

    /// An answer that offers byte ranges (`Accept-Ranges: bytes`, HTTPServer's ByteRanges).
    static let rangeNotSatisfiable = Answer(
        status: 416, component: nil,
        description: "The `Range` header starts past the end; `Content-Range` gives the length.",
        headers: [ResponseHeader(name: "Content-Range", description: "`bytes */LENGTH`.", pattern: "^bytes \\*/[0-9]+$")])

    static let unauthorized = Answer(
        status: 401, component: "Unauthorized",
        description: "The server runs with --token and the request did not carry `Authorization: Bearer <token>`.",
        headers: [.constant("WWW-Authenticate", "Bearer")])

    static let crossOrigin = Answer(
        status: 403, component: "CrossOrigin",
        description: "The request carries an Origin header that is not this server (scheme://host:port matching "
            + "the Host header) nor one given with --allow-origin. Browsers send Origin; curl and scripts do not.")

    /// A command on a replica whose shared log cannot be reached (docs/design/replication.md §Faults).
    static let replicationUnavailable = Answer(
        status: 503, component: "ReplicationUnavailable",
        description: "Only on a replica (--replicate): the shared command log cannot be reached, so the command was "
            + "not taken; frames, streams and state still answer. Retry-After says when to send it again.",
        headers: [ResponseHeader(name: "Retry-After", description: "Seconds to wait before sending it again.",
                                 pattern: "^[0-9]+$")])

    /// A stored scenario a replica does not hold, while Redis cannot be reached to fetch it.
    static let scenarioUnreachable = Answer(
        status: 503, component: nil,
        description: "Only on a replica (--replicate): the scenario is not held here and Redis, which keeps every "
            + "replica's stored scenarios, cannot be reached. Retry-After says when to ask again.",
        headers: [ResponseHeader(name: "Retry-After", description: "Seconds to wait before asking again.",
                                 pattern: "^[0-9]+$")])

    static let tooLarge = Answer(
        status: 413, component: "TooLarge",
        description: "The body is larger than the route accepts; it is refused before it is read.")

    static let unsupportedMediaType = Answer(
        status: 415, component: "UnsupportedMediaType",
        description: "The body's Content-Type is not one the route reads.")

    /// The command does not apply in the current state.
    static func conflict(_ description: String) -> Answer {
        Answer(status: 409, component: nil, description: description)
    }

    static func notFound(_ description: String) -> Answer {
        Answer(status: 404, component: nil, description: description)
    }

    static let notModified = Answer(status: 304, component: nil,
                                    description: "Not modified (If-None-Match or If-Modified-Since).", hasBody: false)

    /// An answer of another status, described in place.
    static func other(_ status: Int, _ description: String) -> Answer {
        Answer(status: status, component: nil, description: description)
    }
}
