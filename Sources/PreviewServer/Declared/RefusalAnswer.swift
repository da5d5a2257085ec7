import APIModel
import Controls
import HTTPServer
import JSON
import Scenes

/// A handler throws a `Refusal` and the router answers with it: the one place a refusal's kind
/// becomes an HTTP status.
extension Refusal: HTTPResponseError {
    var status: Int {
        switch kind {
        case .invalid: 400
        case .notFound: 404
        case .conflict: 409
        case .tooLarge: 413
        case .unsupportedType: 415
        case .unavailable: 503
        case .failure: 500
        }
    }

    public var response: HTTPResponse {
        var fields: [(String, JSONValue)] = [("error", .string(message))]
        if let parameter { fields.append(("parameter", .string(parameter))) }
        if let allowed { fields.append(("allowed", .string(allowed))) }
        return .json(status: status, .object(fields + details), headers: retryAfter.map { [("Retry-After", String($0))] } ?? [])
    }
}

/// A request's share of the budgets is held until its answer is sent.
extension BudgetTicket: HeldUntilSent {}
