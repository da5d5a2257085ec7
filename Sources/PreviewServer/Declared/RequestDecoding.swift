import APIModel
import Controls
import HTTPServer
import JSON
import Scenes

extension Input {
    /// Decodes the path, the query, and for operations that take parameters in the body a form or
    /// JSON body, against the operation's declaration. Strict: a parameter the operation does not
    /// take, one given twice (in one place or in two), one given where it may not come from, or one
    /// of the wrong type or out of range is refused with a 400 that names it.
    package init(decoding request: HTTPRequest, for operation: APIOperation,
         configuration: PreviewServerConfiguration) throws(Refusal) {
        guard let pathValues = operation.pathValues(request.path) else {
            throw Refusal(.notFound, "no \(operation.method.rawValue) \(operation.path) at '\(Refusal.quote(request.path))'")
        }
        var (entries, familyEntries) = try Self.queryEntries(request.query, operation.parameterSet)
        switch operation.body {
        case .parameters where !request.body.isEmpty:
            entries += try Self.bodyEntries(request, bareWord: operation.bareWord)
        case .document(let types, _, _, _):
            try Self.checkMediaType(request, types)
        default: break
        }
        entries += pathValues.map { Entry(name: $0.name, value: .text($0.value), location: .path) }
        try self.init(entries: entries, familyEntries: familyEntries, body: request.body, origin: request,
                      set: operation.parameterSet, settings: configuration.settings, checksLocations: true)
    }

    /// What the head alone refuses (`head` has no body yet: a head that waits for `100 Continue`):
    /// the request decoded without its body, when the refusal names the path, a query parameter
    /// given or the body's media type, which no body can mend; nil when the body may.
    static func headRefusal(_ head: HTTPRequest, for operation: APIOperation,
                            configuration: PreviewServerConfiguration) -> Refusal? {
        do {
            switch operation.body {
            case .parameters: _ = try parameterBodyType(head)
            case .binary(let types, _, _): try checkMediaType(head, types)
            default: break
            }
            _ = try Input(decoding: head, for: operation, configuration: configuration)
            return nil
        } catch {
            let decisive = error.kind == .notFound || error.parameter == "Content-Type"
                || head.query.contains { $0.name == error.parameter }
            return decisive ? error : nil
        }
    }

    /// The Content-Type without its parameters (`; charset=utf-8`), lowercased, and as sent.
    private static func mediaType(_ request: HTTPRequest) -> (media: String, type: String) {
        let type = (request.header("content-type") ?? "").lowercased()
        return (type.split(separator: ";").first.map { String($0).trimmingSpaces } ?? "", type)
    }

    /// The body's media type must be one of `types`.
    private static func checkMediaType(_ request: HTTPRequest, _ types: [String]) throws(Refusal) {
        let (media, type) = mediaType(request)
        guard types.contains(media) else {
            throw Refusal(.unsupportedType, "unsupported Content-Type '\(Refusal.quote(type))'", parameter: "Content-Type",
                           allowed: types.joined(separator: " or "))
        }
    }

    /// A command's parameters come as JSON, as a form, or (no Content-Type) as a form or a bare word.
    private static func parameterBodyType(_ request: HTTPRequest) throws(Refusal) -> String {
        let (media, type) = mediaType(request)
        guard ["application/json", "application/x-www-form-urlencoded", ""].contains(media) else {
            throw Refusal(.unsupportedType, "unsupported Content-Type '\(Refusal.quote(type))' for a command", parameter: "Content-Type",
                           allowed: "application/json, application/x-www-form-urlencoded, or parameters in the query")
        }
        return media
    }

    private static func bodyEntries(_ request: HTTPRequest, bareWord: String?) throws(Refusal) -> [Entry] {
        switch try parameterBodyType(request) {
        case "application/json":
            let object: FlatJSONObject
            do {
                object = try FlatJSONObject(parsing: request.body)
            } catch .nested(let key) {
                throw Refusal(.invalid, "'\(Refusal.quote(key))' must be a string, number or boolean", parameter: key,
                               allowed: Refusal.jsonBodyAllowed)
            } catch {
                throw Refusal(.invalid, "the body is not a JSON object", parameter: "body", allowed: Refusal.jsonBodyAllowed)
            }
            return object.members.map { Entry(name: $0.key, value: .json($0.value), location: .json) }
        default:
            let text = String(decoding: request.body, as: UTF8.self)
            if let bareWord, !text.contains("="), !text.contains("&") {
                return [Entry(name: bareWord, value: .text(FormEncoding.decoded(Substring(text)) ?? text), location: .form)]
            }
            func decode(_ s: Substring) -> String { FormEncoding.decoded(s) ?? String(s) }
            return FormEncoding.pairs(Substring(text)).map { Entry(name: decode($0.name), value: .text(decode($0.value)), location: .form) }
        }
    }

    /// The request it was decoded from (an empty one for input that came from elsewhere).
    var request: HTTPRequest { origin as? HTTPRequest ?? HTTPRequest(method: "GET", path: "/") }
}
