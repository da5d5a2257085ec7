import Controls

/// Where a parameter may be given. A route that takes no body reads the query only, whatever the
/// parameter allows.
package struct ParameterLocations: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let query = ParameterLocations(rawValue: 1)
    package static let form = ParameterLocations(rawValue: 2)
    package static let json = ParameterLocations(rawValue: 4)
    /// A `{name}` in the operation's path; the router matches it, the decoder leaves it alone.
    package static let path = ParameterLocations(rawValue: 8)
    package static let anywhere: ParameterLocations = [.query, .form, .json]

    /// For errors: "the query", "a form body", "a JSON body".
    package static func name(of location: ParameterLocations) -> String {
        switch location {
        case .form: "a form body"
        case .json: "a JSON body"
        default: "the query"
        }
    }
}

/// Whether a parameter must be given, and what it is when it is not.
package enum Requirement: Sendable, Equatable {
    case required
    /// Absent means "not given"; the handler decides.
    case optional
    /// Absent means this value, as it is written on the wire.
    case fixed(String)
    /// Absent means a server setting, such as `--size`; `builtin` is the setting's own default.
    case setting(flag: String, builtin: String)
}

/// What docs, errors, OpenAPI and the boundary tests need to know about a parameter.
package struct ParameterSpec: Sendable {
    package var name: String
    package var type: ParameterType
    package var description: String
    /// "points", "seconds", "percent": said after the range in docs and errors.
    package var unit: String?
    package var locations: ParameterLocations
    package var requirement: Requirement
    /// A typical value, shown in docs and used by generated tests as the value of a parameter that
    /// is not the one under test (so a test of `size` does not also render 3 seconds of clip).
    package var example: String?
    /// A default that is not a value, for people: "`size`" for `width`.
    package var defaultText: String?
    /// For a `.setting` default: the wire text of the setting under a configuration.
    package var setting: (@Sendable (SceneSettings) -> String)?

    package var allowed: String { type.allowed(unit: unit) }

    /// The spec with a `.controls` type as `list`'s ids (`ParameterType.resolved(for:)`).
    package func resolved(for list: ControlList) -> ParameterSpec {
        var resolved = self
        resolved.type = type.resolved(for: list)
        return resolved
    }

    /// What it accepts, as the README's tables and the command line's help say it: "1–60", "16–4096 points".
    package var values: String { type.values(unit: unit) }

    /// The range of an integer parameter, for what else must keep to it (a command-line flag, a page).
    package var integerRange: ClosedRange<Int>? {
        if case .integer(let r) = type { return r }
        return nil
    }
}

/// Anything that can stand in an operation's parameter list.
package protocol DeclaredParameter: Sendable {
    var spec: ParameterSpec { get }
    /// The value for text the type has accepted and normalised; nil is a declaration fault.
    func value(fromAccepted text: String) -> (any Sendable)?
    /// The value when absent, under this server's configuration; nil when it must be given.
    func absentValue(_ configuration: SceneSettings) -> (any Sendable)?
    /// The parameter with a `.controls` type as `list`'s ids, as a server of that list documents it.
    func resolved(for list: ControlList) -> any DeclaredParameter
}

/// A typed parameter: its spec, and how its accepted text becomes a `Value`. Handlers read it with
/// `input[parameter]`, never by name. `Value` is optional exactly when the parameter is.
package struct Parameter<Value: Sendable>: DeclaredParameter {
    package var spec: ParameterSpec
    package let convert: @Sendable (String) -> Value?
    package let fallback: @Sendable (SceneSettings) -> Value?

    package func value(fromAccepted text: String) -> (any Sendable)? { convert(text) }
    package func absentValue(_ configuration: SceneSettings) -> (any Sendable)? { fallback(configuration) }

    package func resolved(for list: ControlList) -> any DeclaredParameter {
        Parameter(spec: spec.resolved(for: list), convert: convert, fallback: fallback)
    }
}

// MARK: Declaring

extension Parameter {
    /// An optional parameter of `type`; `convert` maps accepted text to the value.
    package init<Wrapped>(
        _ name: String, _ type: ParameterType, unit: String? = nil, in locations: ParameterLocations = .anywhere,
        example: String? = nil, _ description: String, convert: @escaping @Sendable (String) -> Wrapped?
    ) where Value == Wrapped? {
        spec = ParameterSpec(name: name, type: type, description: description, unit: unit, locations: locations,
                             requirement: .optional, example: example)
        self.convert = { text in convert(text).map { .some($0) } }
        fallback = { _ in .some(nil) }
    }

    /// Must be given.
    package func required<Wrapped>() -> Parameter<Wrapped> where Value == Wrapped? {
        var spec = spec
        spec.requirement = .required
        let convert = self.convert
        return Parameter<Wrapped>(spec: spec, convert: { convert($0) ?? nil }, fallback: { _ in nil })
    }

    /// Absent means `value`.
    package func defaulting<Wrapped: WireValue>(_ value: Wrapped) -> Parameter<Wrapped> where Value == Wrapped? {
        var spec = spec
        spec.requirement = .fixed(value.wireText)
        let convert = self.convert
        return Parameter<Wrapped>(spec: spec, convert: { convert($0) ?? nil }, fallback: { _ in value })
    }

    /// Absent means the server's setting, brought into this parameter's range (a clip's `fps`
    /// range ends at 50, and `--fps 60` then means 50 for a clip).
    package func defaulting<Wrapped: WireValue>(
        to setting: KeyPath<SceneSettings, Wrapped> & Sendable, flag: String
    ) -> Parameter<Wrapped> where Value == Wrapped? {
        var spec = spec
        let type = spec.type
        let convert = self.convert
        let text: @Sendable (SceneSettings) -> String = { type.clamped($0[keyPath: setting].wireText) }
        spec.setting = text
        spec.requirement = .setting(flag: flag, builtin: text(.builtin))
        return Parameter<Wrapped>(spec: spec, convert: { convert($0) ?? nil }, fallback: { convert(text($0)) ?? nil })
    }

    /// Absent means the value `text` stands for, written as a request would write it
    /// ("white" for a background). Text the parameter does not accept leaves it required, which
    /// the declaration tests catch.
    package func defaulting<Wrapped: Sendable>(wire text: String) -> Parameter<Wrapped> where Value == Wrapped? {
        var spec = spec
        spec.requirement = .fixed(text)
        let convert = self.convert
        let value = spec.type.accepts(text).flatMap { convert($0) ?? nil }
        return Parameter<Wrapped>(spec: spec, convert: { convert($0) ?? nil }, fallback: { _ in value })
    }

    /// Says in docs what an absent value means when it is not a value ("`size`").
    package func documentingDefault(_ text: String) -> Self {
        var copy = self
        copy.spec.defaultText = text
        return copy
    }
}

/// The constructors of the common parameter types: `Param.integer("size", 16...4096, …)`.
package enum Param {
    package static func integer(
        _ name: String, _ range: ClosedRange<Int>, unit: String? = nil, in locations: ParameterLocations = .anywhere,
        example: String? = nil, _ description: String
    ) -> Parameter<Int?> {
        Parameter<Int?>(name, .integer(range), unit: unit, in: locations, example: example, description) { Int($0) }
    }

    package static func number(
        _ name: String, _ range: ClosedRange<Double>, unit: String? = nil, in locations: ParameterLocations = .anywhere,
        example: String? = nil, _ description: String
    ) -> Parameter<Double?> {
        Parameter<Double?>(name, .number(range), unit: unit, in: locations, example: example, description) { Double($0) }
    }

    package static func boolean(
        _ name: String, in locations: ParameterLocations = .anywhere, example: String? = nil, _ description: String
    ) -> Parameter<Bool?> {
        Parameter<Bool?>(name, .boolean, in: locations, example: example, description) { $0 == "true" }
    }

    package static func choice<E: DeclaredEnum>(
        _ name: String, _ type: E.Type, in locations: ParameterLocations = .anywhere, example: String? = nil,
        _ description: String
    ) -> Parameter<E?> {
        Parameter<E?>(name, .enumeration(E.allCases.map(\.rawValue)), in: locations, example: example, description) {
            E(rawValue: $0)
        }
    }

    /// A control's id (with `all`, also `all`), checked against the served list when a request
    /// comes, not when declared (`ParameterType.controls`): the decoder resolves the type first.
    package static func control(
        _ name: String, all: Bool, in locations: ParameterLocations = .anywhere, _ description: String
    ) -> Parameter<FrameSubject?> {
        Parameter<FrameSubject?>(name, .controls(all: all), in: locations, description) { text in
            let subject = FrameSubject(rawValue: text)
            return subject == .all && !all ? nil : subject
        }
    }

    /// Comma-separated words of `E`, in the order given.
    package static func list<E: DeclaredEnum>(
        _ name: String, of type: E.Type, in locations: ParameterLocations = .anywhere, example: String? = nil,
        _ description: String
    ) -> Parameter<[E]?> {
        Parameter<[E]?>(name, .list(E.allCases.map(\.rawValue)), in: locations, example: example, description) { text in
            let words = text.split(separator: ",").compactMap { E(rawValue: String($0)) }
            return words.count == text.split(separator: ",", omittingEmptySubsequences: false).count ? words : nil
        }
    }

    package static func text(
        _ name: String, maxLength: Int, pattern: String? = nil, in locations: ParameterLocations = .anywhere,
        example: String? = nil, _ description: String
    ) -> Parameter<String?> {
        Parameter<String?>(name, .string(maxLength: maxLength, pattern: pattern), in: locations, example: example,
                           description) { $0 }
    }
}

/// A value as it is written in a request, so a default is declared as the value it is and shown
/// and validated as the text a client would send.
package protocol WireValue: Sendable {
    var wireText: String { get }
}

extension Int: WireValue { package var wireText: String { String(self) } }
extension Double: WireValue { package var wireText: String { ParameterType.format(self) } }
extension Bool: WireValue { package var wireText: String { self ? "true" : "false" } }
extension String: WireValue { package var wireText: String { self } }

/// A string enumeration an API parameter or reply offers, by its raw values.
package protocol DeclaredEnum: CaseIterable, RawRepresentable, Sendable, WireValue, SchemaEnumerable where RawValue == String {}

extension DeclaredEnum {
    package var wireText: String { rawValue }
}

extension ParameterType {
    /// A setting's text moved into a numeric range; other types as they are.
    package func clamped(_ text: String) -> String {
        switch self {
        case .integer(let r): Int(text).map { String(Swift.min(Swift.max($0, r.lowerBound), r.upperBound)) } ?? text
        case .number(let r): Double(text).map { ParameterType.format(Swift.min(Swift.max($0, r.lowerBound), r.upperBound)) } ?? text
        default: text
        }
    }
}

/// Query parameters whose names share a prefix, which the handler checks against what the names
/// stand for (`props.NAME=VALUE`, NAME a prop of the control shown) rather than each being declared.
package struct ParameterFamily: Sendable {
    package var prefix: String
    /// How the docs write the names: "`props.NAME`, `props.CONTROL.NAME`".
    package var names: String
    /// What the values are, for the docs.
    package var values: String
    package var description: String

    package init(prefix: String, names: String, values: String, description: String) {
        self.prefix = prefix
        self.names = names
        self.values = values
        self.description = description
    }
}

/// A rule across parameters, checked by the decoder and stated in the JSON Schema of the body.
package enum ParameterRule: Sendable, Equatable {
    /// At least one of these must be given.
    case atLeastOne([String])
    /// These two may not both be given.
    case notTogether(String, String)

    /// For people, in errors and docs.
    package var text: String {
        switch self {
        case .atLeastOne(let names): "give at least one of " + names.map { "'\($0)'" }.joined(separator: ", ")
        case .notTogether(let a, let b): "give either '\(a)' or '\(b)', not both"
        }
    }
}


