import Controls

/// Parameters after strict decoding against their declaration (a request's, a scenario step's, a
/// command value's): every declared parameter has its value (given, defaulted or nil), and nothing
/// else is there. Handlers read them typed, `try input[Clip.seconds]`, never by name.
package struct Input: Sendable {
    /// The body a document or an upload came in.
    package let body: [UInt8]
    /// What the HTTP edge decoded it from (its request), for the edge's own use.
    package let origin: (any Sendable)?
    private let values: [String: any Sendable]
    /// The names the client gave, with their accepted text ("on" becomes "true").
    package let givenTexts: [String: String]
    /// The query parameters of the operation's families, in the order given, each name once.
    private let familyEntries: [(name: String, value: String)]
    /// The controls it was decoded against (its `control` is one of theirs).
    package let controls: ControlList

    package init(body: [UInt8], origin: (any Sendable)?, values: [String: any Sendable], givenTexts: [String: String],
                 familyEntries: [(name: String, value: String)] = [], controls: ControlList) {
        self.controls = controls
        self.body = body
        self.origin = origin
        self.values = values
        self.givenTexts = givenTexts
        self.familyEntries = familyEntries
    }

    /// The parameters of `family` the request gave, by their full names.
    package func entries(of family: ParameterFamily) -> [(name: String, value: String)] {
        familyEntries.filter { $0.name.hasPrefix(family.prefix) }
    }

    /// The names the client gave.
    package var given: Set<String> { Set(givenTexts.keys) }

    /// The parameter's value. Throws (a 500) only when the operation does not declare it, which
    /// the generated tests would catch first.
    package subscript<Value>(_ parameter: Parameter<Value>) -> Value {
        get throws(Refusal) {
            guard let stored = values[parameter.spec.name], let value = stored as? Value else {
                throw Refusal(.failure, "'\(parameter.spec.name)' is read but not declared by this operation")
            }
            return value
        }
    }

    package func has<Value>(_ parameter: Parameter<Value>) -> Bool {
        givenTexts[parameter.spec.name] != nil
    }
}
