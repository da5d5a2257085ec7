import Controls
import JSON

extension Input {
    /// Parameters as a query gives them (the command line's render options), decoded as strictly as
    /// a request's query.
    package init(query parameters: [(name: String, value: String)], for set: ParameterSet,
         settings: SceneSettings) throws(Refusal) {
        let (entries, familyEntries) = try Self.queryEntries(parameters, set)
        try self.init(entries: entries, familyEntries: familyEntries, body: [], origin: nil, set: set,
                      settings: settings, checksLocations: true)
    }

    /// A command value's arguments, checked as strictly as a step's JSON values (a string is not a
    /// number), and its document as the body of one that reads one.
    package init(command: Command, for set: ParameterSet, settings: SceneSettings) throws(Refusal) {
        try self.init(entries: command.arguments.map { Entry(name: $0.name, value: .json(Self.flat($0.value)), location: .json) },
                      familyEntries: [], body: command.documentBytes, origin: nil, set: set, settings: settings,
                      checksLocations: false)
    }

    /// An argument's typed value as a step's JSON member; an array or object is no parameter's, and
    /// is refused as its text.
    private static func flat(_ value: JSONValue) -> FlatJSONObject.Value {
        switch value {
        case .string(let s): .string(s)
        case .int, .double: .number(value.text)
        case .bool(let b): .bool(b)
        case .null: .null
        case .array, .object: .string(value.text)
        }
    }

    /// The query's declared parameters, and those of its families (`props.NAME`), each name once.
    package static func queryEntries(
        _ query: [(name: String, value: String)], _ operation: ParameterSet
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
            if operation.ignoresUnknown, operation.parameter(named: item.name) == nil { continue }
            entries.append(Entry(name: item.name, value: .text(item.value), location: .query))
        }
        return (entries, familyEntries)
    }

    /// A scenario step's `with`: JSON values, each of its parameter's JSON type, decoded as strictly
    /// as a request, wherever the operation would read them from.
    /// `body` stands for the document an operation with a JSON-document body reads.
    package init(step values: [(key: String, value: FlatJSONObject.Value)], for set: ParameterSet,
         settings: SceneSettings) throws(Refusal) {
        try self.init(entries: values.map { Entry(name: $0.key, value: .json($0.value), location: .json) },
                      familyEntries: [], body: [], origin: nil, set: set, settings: settings, checksLocations: false)
    }

    /// Decodes `entries` against `operation`; `origin` is what the edge decoded them from.
    package init(entries: [Entry], familyEntries: [(name: String, value: String)], body: [UInt8], origin: (any Sendable)?,
         set operation: ParameterSet, settings: SceneSettings, checksLocations: Bool) throws(Refusal) {
        var values: [String: any Sendable] = [:]
        var given: [String: String] = [:]
        for entry in entries {
            guard let parameter = operation.parameter(named: entry.name) else {
                throw .unknownParameter(entry.name, of: operation)
            }
            let spec = parameter.spec.resolved(for: settings.scene.controls)
            guard given[entry.name] == nil else { throw .repeatedParameter(spec) }
            guard !checksLocations || operation.locations(of: spec).contains(entry.location) else {
                throw .misplacedParameter(spec, in: entry.location, operation: operation)
            }
            let text = try entry.text(for: spec)
            guard let accepted = spec.type.accepts(text) else {
                // A path that no value of its parameter can name names nothing, as for any unknown path.
                if entry.location == .path {
                    throw Refusal(.notFound, "no \(operation.name) with \(spec.name) '\(Refusal.quote(text))'",
                                  parameter: spec.name, allowed: spec.allowed)
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
            guard let value = parameter.absentValue(settings) else {
                throw .missing(parameter.spec.name, allowed: parameter.spec.resolved(for: settings.scene.controls).allowed)
            }
            values[parameter.spec.name] = value
        }
        for rule in operation.rules {
            try rule.check(given: Set(given.keys))
        }
        self.init(body: body, origin: origin, values: values, givenTexts: given, familyEntries: familyEntries,
                  controls: settings.scene.controls)
    }

    package struct Entry {
        package enum Raw {
            case text(String)
            case json(FlatJSONObject.Value)
        }

        package var name: String
        package var value: Raw
        package var location: ParameterLocations

        package init(name: String, value: Raw, location: ParameterLocations) {
            self.name = name
            self.value = value
            self.location = location
        }

        /// The text the parameter's type reads; a JSON value must be of the parameter's JSON type.
        package func text(for spec: ParameterSpec) throws(Refusal) -> String {
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

}

extension ParameterRule {
    package func check(given: Set<String>) throws(Refusal) {
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

extension Command {
    /// The document's bytes (none when it has none).
    package var documentBytes: [UInt8] { document.map { Array($0.utf8) } ?? [] }
}

extension Input {
    /// The parameters given, in declaration order, as typed values: a command value's arguments,
    /// decoded once here.
    package func arguments(of parameters: ParameterSet) -> [Command.Argument] {
        parameters.parameters.compactMap { p in
            givenTexts[p.spec.name].map { Command.Argument(name: p.spec.name, value: p.spec.type.jsonValue($0) ?? .string($0)) }
        }
    }
}
