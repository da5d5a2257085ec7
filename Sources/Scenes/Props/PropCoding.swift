import APIModel
import Animation
import Controls
import JSON

/// A prop's kind as the API reads and writes it. Validation, the `allowed` text and the JSON Schema are
/// those of the parameter type it maps to, so a prop and a parameter of the same type behave alike.
extension PropKind {
    package var parameterType: ParameterType {
        switch self {
        case .number(let range, _, _): .number(range)
        case .integer(let range, _): .integer(range)
        case .color: .color(names: [], alpha: true)
        case .colors(let maxCount): .colorList(maxCount: maxCount)
        case .choice(let words): .enumeration(words)
        case .flag: .boolean
        case .curve: .curve
        }
    }

    package var unit: String? {
        switch self {
        case .number(_, _, let unit), .integer(_, let unit): unit
        default: nil
        }
    }

    /// What a panel shows for it: a slider, a colour picker, a segmented control, a switch, a
    /// curve editor. Written into the schema as `x-kind`.
    package var widget: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .color: "color"
        case .colors: "colors"
        case .choice: "enum"
        case .flag: "boolean"
        case .curve: "curve"
        }
    }

    /// The value for text as a request writes it (`props.NAME=TEXT`); nil when it is not accepted.
    package func value(text: String) -> PropValue? {
        guard let accepted = parameterType.accepts(text) else { return nil }
        let value: PropValue? = switch self {
        case .number, .integer: Double(accepted).map(PropValue.number)
        case .color: Color(hex: accepted).map(PropValue.color)
        case .colors:
            .colors(accepted.isEmpty ? [] : accepted.split(separator: ",").compactMap { Color(hex: String($0)) })
        case .choice: .choice(accepted)
        case .flag: .flag(accepted == "true")
        case .curve: ParameterType.curve(accepted).map(PropValue.curve)
        }
        return value.flatMap { accepts($0) ? $0 : nil }
    }

    /// The value for a JSON value: a number, a boolean, a string, or for lists and curves an array.
    package func value(json: JSONDocument) -> PropValue? {
        switch (self, json) {
        case (.number, .number(let n)): return value(text: n)
        case (.integer, .number(let n)):
            // JSON has one number type: 3.0 is the integer 3.
            if Int(n) == nil, let d = Double(n), d == d.rounded(), abs(d) < 1e15 { return value(text: String(Int(d))) }
            return value(text: n)
        case (.flag, .bool(let b)): return .flag(b)
        case (.color, .string(let s)), (.choice, .string(let s)), (.curve, .string(let s)): return value(text: s)
        case (.curve, .array(let items)):
            let numbers = items.compactMap { item -> String? in if case .number(let n) = item { n } else { nil } }
            return numbers.count == items.count ? value(text: numbers.joined(separator: ",")) : nil
        case (.colors, .array(let items)):
            let colours = items.compactMap { item -> String? in
                if case .string(let s) = item, !s.contains(",") { s } else { nil }
            }
            guard colours.count == items.count else { return nil }
            return items.isEmpty ? .colors([]) : value(text: colours.joined(separator: ","))
        default: return nil
        }
    }

    /// "a JSON number", for an error about a value of the wrong JSON type.
    package var jsonKind: String {
        switch self {
        case .number, .integer: "a JSON number"
        case .flag: "a JSON boolean"
        case .color, .choice: "a JSON string"
        case .colors: "a JSON array of strings"
        case .curve: "a JSON string or an array of four numbers"
        }
    }

    /// The value as replies write it: whole numbers as integers, colours `#rrggbb` or `#rrggbbaa`,
    /// a named curve by its name and any other by its four control points.
    package func json(_ value: PropValue) -> JSONValue {
        switch value {
        case .number(let v): JSONValue.number(v)
        case .color(let c): .string(c.hexWithAlpha)
        case .colors(let list): .array(list.map { .string($0.hexWithAlpha) })
        case .choice(let word): .string(word)
        case .flag(let b): .bool(b)
        case .curve(.named(let name)): .string(name.rawValue)
        case .curve(let curve): .array(curve.controlPoints.map(JSONValue.number))
        }
    }
}

extension PropDeclaration {
    /// How requests and errors name it.
    package var parameterName: String { "props." + name }

    package var allowed: String { kind.parameterType.allowed(unit: kind.unit) }

    /// Its JSON Schema: the parameter type's, with the slider step (`x-step`: any number in range
    /// is accepted), the unit (`x-unit`), the widget (`x-kind`), the default and what it does.
    package var schema: JSONValue {
        var members = kind.parameterType.schema
        if case .number(_, let step, _) = kind { members.append(("x-step", JSONValue.number(step))) }
        if let unit = kind.unit { members.append(("x-unit", .string(unit))) }
        members.append(("x-kind", .string(kind.widget)))
        members.append(("default", kind.json(defaultValue)))
        members.append(("description", .string(doc)))
        return .object(members)
    }
}

/// The values and the schema of one control's props, as the props routes, `/state` and
/// `/openapi.json` write them.
package struct PropTable: Sendable {
    package let control: FrameSubject
    package let declarations: [PropDeclaration]

    package init(_ control: FrameSubject, _ configuration: SceneConfiguration) {
        self.control = control
        declarations = configuration.propDeclarations(of: control)
    }

    /// Every value, in declaration order.
    package func json(_ values: PropValues) -> JSONValue {
        .object(declarations.map { d in (d.name, d.kind.json(values[d.name] ?? d.defaultValue)) })
    }

    package var defaults: PropValues {
        PropValues(Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, $0.defaultValue) }))
    }

    /// The schema of the values object: every prop, each required.
    package var schema: JSONValue {
        .object([
            ("type", "object"),
            ("description", .string("The props of \(control.rawValue), each with its range, default and meaning.")),
            ("properties", .object(declarations.map { ($0.name, $0.schema) })),
            ("required", .array(declarations.map { .string($0.name) })),
            ("additionalProperties", false),
        ])
    }

    /// The schema of a merge patch (RFC 7396) of the values: any of the props, each its value or
    /// null for its default.
    package var patchSchema: JSONValue {
        .object([
            ("type", "object"),
            ("description", .string("A JSON merge patch (RFC 7396) of the props of \(control.rawValue): the props "
                + "to change, each to its new value or to null for its default.")),
            ("properties", .object(declarations.map { d in
                (d.name, .object([("anyOf", [d.schema, .object([("type", "null")])])]))
            })),
            ("additionalProperties", false),
        ])
    }

    /// "PlayButtonProps" for the play button: the component names of the document.
    package var componentName: String { Self.componentName(control) }

    /// "PlayButtonProps" for `play-button`.
    package static func componentName(_ control: FrameSubject) -> String {
        control.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Props"
    }
}

extension Param {
    /// The parameter of a route that sets a number prop of `control` by another name (`PUT
    /// /meter/config` for the meter's `duration`), in `configuration`: its type, unit and meaning are the prop's.
    package static func number(prop name: String, of control: FrameSubject, in configuration: SceneConfiguration,
                               in locations: ParameterLocations = .anywhere) -> Parameter<Double?> {
        let prop = configuration.propDeclarations(of: control).first { $0.name == name }
        // A name no prop has leaves a parameter that accepts nothing, which the declaration tests catch.
        return Parameter<Double?>(name, prop?.kind.parameterType ?? .number(0...0), unit: prop?.kind.unit, in: locations,
                                  prop?.doc ?? "") { Double($0) }
    }
}
