import Controls
import JSON

/// An `expect` step: `{"at": 1.2, "expect": {"meter.segmentCount": 2, "play-button.mode": "pause",
/// "spinner.presentation.rotation": {"approx": 3.14, "tolerance": 0.01}}}`. At its time the scene's
/// state, as `GET /state?scenario=` gives it and the frame at that time shows it (every step at or
/// before that time applied), must hold each value. Its paths are checked against the state
/// document's schema when the scenario is read (`StatePaths`).
package struct Expectation: Sendable {
    package enum Limits {
        /// Paths one step may check.
        package static let maxChecks = 100
        /// The tolerance of an `approx` that gives none.
        package static let defaultTolerance = 1e-6
    }

    /// What a path must hold.
    package enum Expected: Sendable, Equatable {
        /// This string, number or boolean, exactly.
        case equals(JSONValue)
        /// A number within `tolerance` of `value`.
        case approx(Double, tolerance: Double)
        /// A number from `min` to `max`, either bound left open.
        case within(min: Double?, max: Double?)
    }

    package struct Check: Sendable {
        /// The path as the document names it (a control's id given is written as its key).
        package var path: String
        package var keys: [String]
        package var expected: Expected
    }

    /// Seconds from the scenario's start.
    package var at: Double
    package var checks: [Check]

    package var json: JSONValue {
        .object([("at", JSONValue.number(at)), ("expect", .object(checks.map { ($0.path, $0.expected.json) }))])
    }

    package static let shape = "an object of state paths, each to the value it must hold: a string, number or boolean, "
        + "{\"approx\": number, \"tolerance\": number} or {\"min\": number, \"max\": number}"
}

extension Expectation.Expected {
    package var json: JSONValue {
        switch self {
        case .equals(let value): value
        case .approx(let value, let tolerance): .object([("approx", .number(value)), ("tolerance", .number(tolerance))])
        case .within(let min, let max):
            .object([min.map { ("min", JSONValue.number($0)) }, max.map { ("max", JSONValue.number($0)) }].compactMap { $0 })
        }
    }

    /// As a failure message writes it: `"pause"`, `3.14 ± 0.01`, `from 0 to 1`.
    package var description: String {
        switch self {
        case .equals(let value): value.text
        case .approx(let value, let tolerance): "\(JSONValue.number(value).text) ± \(JSONValue.number(tolerance).text)"
        case .within(let min?, let max?): "from \(JSONValue.number(min).text) to \(JSONValue.number(max).text)"
        case .within(let min?, nil): "at least \(JSONValue.number(min).text)"
        case .within(nil, let max?): "at most \(JSONValue.number(max).text)"
        case .within(nil, nil): "any number"
        }
    }

    /// Whether `actual` holds it.
    package func holds(_ actual: JSONDocument) -> Bool {
        switch self {
        case .equals(let value):
            if case .number(let a) = actual, case .number(let e) = JSONDocument(value), let x = Double(a), let y = Double(e) {
                return x == y
            }
            return actual == JSONDocument(value)
        case .approx(let value, let tolerance):
            guard case .number(let a) = actual, let x = Double(a) else { return false }
            return abs(x - value) <= tolerance
        case .within(let min, let max):
            guard case .number(let a) = actual, let x = Double(a) else { return false }
            return (min.map { x >= $0 } ?? true) && (max.map { x <= $0 } ?? true)
        }
    }
}

// MARK: Reading

extension Expectation {
    /// The `expect` member of the step at `path` (`steps[3]`), each path resolved and each value
    /// checked against what the path holds; nothing else is read.
    package init(at: Double, expect value: JSONDocument, path: String, controls: ControlList) throws(Refusal) {
        let field = path + ".expect"
        guard case .object(let members) = value else {
            throw Refusal(.invalid, "'\(field)' must be an object, not \(value.kindName)", parameter: field, allowed: Self.shape)
        }
        guard !members.isEmpty, members.count <= Limits.maxChecks else {
            throw Refusal(.invalid, "'\(field)' checks \(members.count) paths", parameter: field,
                          allowed: "1 to \(Limits.maxChecks) paths")
        }
        var checks: [Check] = []
        for (given, expected) in members {
            let memberField = field + "." + given
            do throws(Refusal) {
                let (keys, node) = try StatePaths.resolve(given, at: memberField, controls: controls)
                let written = keys.joined(separator: ".")
                guard !checks.contains(where: { $0.path == written }) else {
                    throw Refusal(.invalid, "'\(Refusal.quote(written))' is checked more than once", parameter: memberField,
                                  allowed: "each path once")
                }
                checks.append(Check(path: written, keys: keys, expected: try Self.expected(expected, for: node, at: memberField)))
            } catch {
                // Like every fault of a step, the message starts with the step (`steps[3]: …`).
                var located = error
                located.message = path + ": " + error.message
                throw located
            }
        }
        self.at = at
        self.checks = checks
    }

    private static func expected(_ value: JSONDocument, for node: StatePaths.Node,
                                 at field: String) throws(Refusal) -> Expected {
        func refuse(_ what: String) -> Refusal {
            Refusal(.invalid, "'\(field)' \(what)", parameter: field, allowed: node.allowed)
        }
        switch (value, node.kind) {
        case (.object, .object), (.array, .object), (_, .array):
            throw refuse("names an object or an array; an expect checks one value")
        case (.object(let members), .number), (.object(let members), .integer), (.object(let members), .any):
            return try range(members, at: field, allowed: node.allowed)
        case (.number(let text), .number), (.number(let text), .integer):
            guard let number = Double(text), number.isFinite else { throw refuse("is not a finite number") }
            if node.kind == .integer, number.rounded() != number { throw refuse("is an integer, not \(text)") }
            return .equals(JSONDocument.number(text).value)
        case (.string(let text), .string):
            if let cases = node.cases, !cases.contains(text) { throw refuse("is never '\(Refusal.quote(text))'") }
            return .equals(.string(text))
        case (.bool(let flag), .boolean):
            return .equals(.bool(flag))
        case (.number(let text), .any):
            guard Double(text)?.isFinite == true else { throw refuse("is not a finite number") }
            return .equals(JSONDocument.number(text).value)
        case (.string(let text), .any): return .equals(.string(text))
        case (.bool(let flag), .any): return .equals(.bool(flag))
        default:
            throw refuse("holds \(node.kind == .object ? "an object" : node.allowed), not \(value.kindName)")
        }
    }

    /// `{"approx": x, "tolerance": t}` or `{"min": a, "max": b}`.
    private static func range(_ members: [(key: String, value: JSONDocument)], at field: String,
                              allowed: String) throws(Refusal) -> Expected {
        var numbers: [String: Double] = [:]
        for (key, value) in members {
            guard ["approx", "tolerance", "min", "max"].contains(key) else {
                throw Refusal(.invalid, "unknown member '\(field).\(Refusal.quote(key))'", parameter: field + "." + key,
                              allowed: "approx with tolerance, or min and max")
            }
            guard case .number(let text) = value, let number = Double(text), number.isFinite else {
                throw Refusal(.invalid, "'\(field).\(key)' must be a finite number, not \(value.kindName)",
                              parameter: field + "." + key, allowed: "a number")
            }
            numbers[key] = number
        }
        if let approx = numbers["approx"] {
            guard numbers["min"] == nil, numbers["max"] == nil else {
                throw Refusal(.invalid, "'\(field)' gives approx with min or max", parameter: field,
                              allowed: "approx with tolerance, or min and max")
            }
            let tolerance = numbers["tolerance"] ?? Limits.defaultTolerance
            guard tolerance >= 0 else {
                throw Refusal.badParameter(field + ".tolerance", JSONValue.number(tolerance).text, allowed: "0 or more")
            }
            return .approx(approx, tolerance: tolerance)
        }
        guard numbers["tolerance"] == nil else {
            throw Refusal(.invalid, "'\(field)' gives a tolerance without approx", parameter: field + ".tolerance",
                          allowed: "tolerance with approx")
        }
        guard numbers["min"] != nil || numbers["max"] != nil else {
            throw Refusal(.invalid, "'\(field)' is an empty object", parameter: field, allowed: allowed)
        }
        if let min = numbers["min"], let max = numbers["max"], min > max {
            throw Refusal(.invalid, "'\(field)' has min above max", parameter: field, allowed: "min at most max")
        }
        return .within(min: numbers["min"], max: numbers["max"])
    }
}
