import Controls
import HTTPServer
import JSON

extension Input {
    /// Decodes the path, the query, and for operations that take parameters in the body a form or
    /// JSON body, against the operation's declaration. Strict: a parameter the operation does not
    /// take, one given twice (in one place or in two), one given where it may not come from, or one
    /// of the wrong type or out of range is refused with a 400 that names it.
    init(decoding request: HTTPRequest, for operation: APIOperation,
         configuration: PreviewServerConfiguration) throws(Refusal) {
        guard let pathValues = operation.pathValues(request.path) else {
            throw Refusal(.notFound, "no \(operation.method.rawValue) \(operation.path) at '\(Refusal.quote(request.path))'")
        }
        var (entries, familyEntries) = try Self.queryEntries(request.query, operation)
        switch operation.body {
        case .parameters where !request.body.isEmpty:
            entries += try Self.bodyEntries(request, bareWord: operation.bareWord)
        case .document(let types, _, _, _):
            try Self.checkMediaType(request, types)
        default: break
        }
        entries += pathValues.map { Entry(name: $0.name, value: .text($0.value), location: .path) }
        try self.init(entries: entries, familyEntries: familyEntries, request: request, operation: operation,
                      configuration: configuration, checksLocations: true)
    }

    /// Parameters as a query gives them (the command line's render options), decoded as strictly as
    /// a request's query.
    init(query parameters: [(name: String, value: String)], for operation: APIOperation,
         configuration: PreviewServerConfiguration) throws(Refusal) {
        let request = HTTPRequest(method: operation.method.rawValue, path: operation.path, query: parameters)
        let (entries, familyEntries) = try Self.queryEntries(parameters, operation)
        try self.init(entries: entries, familyEntries: familyEntries, request: request, operation: operation,
                      configuration: configuration, checksLocations: true)
    }

    /// A command value's arguments, as its operation declares them (each as the text its type
    /// accepts), and its document as the body of an operation that reads one.
    init(command: Command, for operation: APIOperation, configuration: PreviewServerConfiguration) throws(Refusal) {
        let request = HTTPRequest(method: operation.method.rawValue, path: operation.path, body: command.documentBytes)
        try self.init(entries: command.arguments.map { Entry(name: $0.name, value: .text($0.value), location: .query) },
                      familyEntries: [], request: request, operation: operation, configuration: configuration,
                      checksLocations: false)
    }

    /// The query's declared parameters, and those of its families (`props.NAME`), each name once.
    private static func queryEntries(
        _ query: [(name: String, value: String)], _ operation: APIOperation
    ) throws(Refusal) -> (entries: [Entry], families: [(name: String, value: String)]) {
        var entries: [Entry] = []
        var familyEntries: [(name: String, value: String)] = []
        for item in query {
            if operation.parameter(named: item.name) == nil, operation.family(of: item.name) != nil {
                guard !familyEntries.contains(where: { $0.name == item.name }) else {
                    throw Refusal(.invalid, "parameter '\(Refusal.quote(item.name))' is given more than once",
                                   parameter: item.name, allowed: "'\(Refusal.quote(item.name))' once")
                }
                familyEntries.append((item.name, item.value))
                continue
            }
            if operation.ignoresUnknownQuery, operation.parameter(named: item.name) == nil { continue }
            entries.append(Entry(name: item.name, value: .text(item.value), location: .query))
        }
        return (entries, familyEntries)
    }

    /// A scenario step's `with`: JSON values, each of its parameter's JSON type, decoded as strictly
    /// as a request, wherever the operation would read them from.
    /// `body` stands for the document an operation with a JSON-document body reads.
    init(step values: [(key: String, value: FlatJSONObject.Value)], for operation: APIOperation, body: [UInt8] = [],
         configuration: PreviewServerConfiguration) throws(Refusal) {
        let request = HTTPRequest(method: operation.method.rawValue, path: operation.path, body: body)
        try self.init(entries: values.map { Entry(name: $0.key, value: .json($0.value), location: .json) },
                      familyEntries: [], request: request, operation: operation, configuration: configuration,
                      checksLocations: false)
    }

    private init(entries: [Entry], familyEntries: [(name: String, value: String)], request: HTTPRequest,
                 operation: APIOperation, configuration: PreviewServerConfiguration,
                 checksLocations: Bool) throws(Refusal) {
        var values: [String: any Sendable] = [:]
        var given: [String: String] = [:]
        for entry in entries {
            guard let parameter = operation.parameter(named: entry.name) else {
                throw .unknownParameter(entry.name, of: operation)
            }
            let spec = parameter.spec
            guard given[entry.name] == nil else { throw .repeatedParameter(spec) }
            guard !checksLocations || operation.locations(of: spec).contains(entry.location) else {
                throw .misplacedParameter(spec, in: entry.location, operation: operation)
            }
            let text = try entry.text(for: spec)
            guard let accepted = spec.type.accepts(text) else {
                // A path that no value of its parameter can name names nothing: 404, as for any unknown path.
                if entry.location == .path {
                    throw Refusal(.notFound, "no \(operation.method.rawValue) \(operation.path) with \(spec.name) "
                                   + "'\(Refusal.quote(text))'", parameter: spec.name, allowed: spec.allowed)
                }
                throw .badParameter(spec.name, text, allowed: spec.allowed)
            }
            guard let value = parameter.value(fromAccepted: accepted) else {
                throw Refusal(.failure, "the declaration of '\(spec.name)' does not accept its own type's value")
            }
            values[spec.name] = value
            given[spec.name] = accepted
        }
        for parameter in operation.parameters where given[parameter.spec.name] == nil {
            guard let value = parameter.absentValue(configuration) else {
                throw .missing(parameter.spec.name, allowed: parameter.spec.allowed)
            }
            values[parameter.spec.name] = value
        }
        for rule in operation.rules {
            try rule.check(given: Set(given.keys))
        }
        self.init(request: request, values: values, givenTexts: given, familyEntries: familyEntries)
    }

    private struct Entry {
        enum Raw {
            case text(String)
            case json(FlatJSONObject.Value)
        }

        var name: String
        var value: Raw
        var location: ParameterLocations

        /// The text the parameter's type reads; a JSON value must be of the parameter's JSON type.
        func text(for spec: ParameterSpec) throws(Refusal) -> String {
            switch value {
            case .text(let text): return text
            case .json(let json):
                let wanted = spec.type.jsonKind
                guard json.kind == wanted else {
                    throw Refusal(.invalid, "'\(spec.name)' must be a JSON \(wanted.rawValue), not \(Refusal.quote(json.text))",
                                   parameter: spec.name, allowed: spec.allowed)
                }
                // JSON has one number type: 3.0 is the integer 3.
                if case .integer = spec.type, Int(json.text) == nil, let d = Double(json.text), d == d.rounded(), abs(d) < 1e15 {
                    return String(Int(d))
                }
                return json.text
            }
        }
    }

    /// The body's media type must be one of `types` (parameters such as `; charset=utf-8` aside).
    private static func checkMediaType(_ request: HTTPRequest, _ types: [String]) throws(Refusal) {
        let type = (request.header("content-type") ?? "").lowercased()
        let media = type.split(separator: ";").first.map { String($0).trimmingSpaces } ?? ""
        guard types.contains(media) else {
            throw Refusal(.unsupportedType, "unsupported Content-Type '\(Refusal.quote(type))'", parameter: "Content-Type",
                           allowed: types.joined(separator: " or "))
        }
    }

    private static func bodyEntries(_ request: HTTPRequest, bareWord: String?) throws(Refusal) -> [Entry] {
        let type = (request.header("content-type") ?? "").lowercased()
        let media = type.split(separator: ";").first.map { String($0).trimmingSpaces } ?? ""
        switch media {
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
        case "application/x-www-form-urlencoded", "":
            let text = String(decoding: request.body, as: UTF8.self)
            if let bareWord, !text.contains("="), !text.contains("&") {
                return [Entry(name: bareWord, value: .text(FormEncoding.decoded(Substring(text)) ?? text), location: .form)]
            }
            return text.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ s: Substring) -> String { FormEncoding.decoded(s) ?? String(s) }
                return Entry(name: decode(parts[0]), value: .text(parts.count > 1 ? decode(parts[1]) : ""), location: .form)
            }
        default:
            throw Refusal(.unsupportedType, "unsupported Content-Type '\(Refusal.quote(type))' for a command", parameter: "Content-Type",
                           allowed: "application/json, application/x-www-form-urlencoded, or parameters in the query")
        }
    }
}

extension ParameterRule {
    func check(given: Set<String>) throws(Refusal) {
        switch self {
        case .atLeastOne(let names):
            if let first = names.first, !names.contains(where: given.contains) {
                throw Refusal(.invalid, "nothing to change: \(text)", parameter: first, allowed: text)
            }
        case .notTogether(let a, let b):
            if given.contains(a) && given.contains(b) {
                throw Refusal(.invalid, text, parameter: a, allowed: text)
            }
        }
    }
}

