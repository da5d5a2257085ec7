import Controls
import HTTPServer

/// A request's parameters after strict decoding against its operation: every declared parameter
/// has its value (given, defaulted or nil), and nothing else is there. Handlers read them typed,
/// `try input[Clip.seconds]`, never by name.
struct Input: Sendable {
    let request: HTTPRequest
    private let values: [String: any Sendable]
    /// The names the client gave, with their accepted text ("on" becomes "true").
    let givenTexts: [String: String]
    /// The query parameters of the operation's families, in the order given, each name once.
    private let familyEntries: [(name: String, value: String)]

    init(request: HTTPRequest, values: [String: any Sendable], givenTexts: [String: String],
         familyEntries: [(name: String, value: String)] = []) {
        self.request = request
        self.values = values
        self.givenTexts = givenTexts
        self.familyEntries = familyEntries
    }

    /// The parameters of `family` the request gave, by their full names.
    func entries(of family: ParameterFamily) -> [(name: String, value: String)] {
        familyEntries.filter { $0.name.hasPrefix(family.prefix) }
    }

    /// The names the client gave.
    var given: Set<String> { Set(givenTexts.keys) }

    /// The parameter's value. Throws (a 500) only when the operation does not declare it, which
    /// the generated tests would catch first.
    subscript<Value>(_ parameter: Parameter<Value>) -> Value {
        get throws(Refusal) {
            guard let stored = values[parameter.spec.name], let value = stored as? Value else {
                throw Refusal(.failure, "'\(parameter.spec.name)' is read but not declared by this operation")
            }
            return value
        }
    }

    func has<Value>(_ parameter: Parameter<Value>) -> Bool {
        givenTexts[parameter.spec.name] != nil
    }
}
