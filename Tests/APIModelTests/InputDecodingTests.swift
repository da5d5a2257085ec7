import APIModel
import Controls
import JSON
import Testing

/// A declaration's parameters decoded with no server and no scene (docs/design/architecture.md
/// §Commands are values): a query's text, a step's JSON and a command value's typed arguments are
/// read by one decoder, which refuses what the declaration does not take, naming the field.
@Suite struct InputDecodingTests {
    enum Mode: String, DeclaredEnum { case play, pause }

    static let seconds = Param.number("seconds", 0.05...600, unit: "seconds", "How long.").required()
    static let count = Param.integer("count", 1...10, "How many.").defaulting(1)
    static let animated = Param.boolean("animated", "Animate.").defaulting(true)
    static let mode = Param.choice("mode", Mode.self, "The mode.")
    static let set = ParameterSet(name: "POST /probe/hold", parameters: [seconds, count, animated, mode])

    static func refusal(_ decode: () throws(Refusal) -> Input) -> Refusal? {
        do {
            _ = try decode()
            return nil
        } catch {
            return error
        }
    }

    @Test func aQuerysTextIsReadTypedWithItsDefaults() throws {
        let input = try Input(query: [("seconds", "2.5"), ("mode", "pause")], for: Self.set, settings: .builtin)
        #expect(try input[Self.seconds] == 2.5 && input[Self.count] == 1 && input[Self.animated] && input[Self.mode] == .pause)
        // The value a command carries: each given argument typed, in declared order, decoded once here.
        #expect(input.arguments(of: Self.set) == [.init(name: "seconds", value: 2.5), .init(name: "mode", value: "pause")])
    }

    @Test(arguments: [
        ([("secs", "2")], "secs", "unknown parameter 'secs' for POST /probe/hold", "seconds, count, animated, mode"),
        ([("seconds", "2"), ("seconds", "3")], "seconds", "parameter 'seconds' is given more than once", "'seconds' once"),
        ([("seconds", "0.01")], "seconds", "invalid value for 'seconds': 0.01", "a number from 0.05 to 600 (seconds)"),
        ([("seconds", "1"), ("count", "2.5")], "count", "invalid value for 'count': 2.5", "an integer from 1 to 10"),
        ([("count", "2")], "seconds", "missing", "a number from 0.05 to 600 (seconds)"),
    ])
    func aQueryItDoesNotTakeIsRefusedNamingTheField(query: [(String, String)], field: String, message: String,
                                                     allowed: String) throws {
        let refused = try #require(Self.refusal { () throws(Refusal) in
            try Input(query: query.map { (name: $0.0, value: $0.1) }, for: Self.set, settings: .builtin)
        })
        #expect(refused.kind == .invalid && refused.parameter == field)
        #expect(refused.message.contains(message), "\(refused.message)")
        #expect(refused.allowed?.contains(allowed) == true, "\(refused.allowed ?? "")")
    }

    /// A command value's arguments are JSON values of their parameter's type: text is not a number.
    @Test func aCommandsArgumentsMustBeOfTheirParametersJSONType() throws {
        let typed = try Input(command: Command("probeHold", [.init(name: "seconds", value: 2), .init(name: "count", value: 3.0),
                                                             .init(name: "animated", value: false)]),
                              for: Self.set, settings: .builtin)
        #expect(try typed[Self.seconds] == 2 && typed[Self.count] == 3 && !typed[Self.animated])
        for (name, value) in [("seconds", "2"), ("animated", "false"), ("mode", 1)] as [(String, JSONValue)] {
            let arguments = name == "seconds" ? [Command.Argument(name: name, value: value)]
                                              : [.init(name: "seconds", value: 1), .init(name: name, value: value)]
            let refused = try #require(Self.refusal { () throws(Refusal) in
                try Input(command: Command("probeHold", arguments), for: Self.set, settings: .builtin)
            }, "\(name) = \(value.text)")
            #expect(refused.parameter == name && refused.message.hasPrefix("'\(name)' must be a JSON"), "\(refused.message)")
        }
    }

    /// What a typed argument reads back as: the command's own reader (`CommandArguments`).
    @Test func aControlReadsTheTypedArgumentsItsParametersDeclare() throws {
        let hold = CommandParameter("seconds", .number(0.05...600), unit: "seconds", "How long.")
        let animated = CommandParameter("animated", .flag, default: "true", "Animate.")
        let arguments = CommandArguments([.init(name: "seconds", value: 2)])
        #expect(try arguments.number(hold) == 2 && arguments.flag(animated))
        #expect(animated.defaultValue == .bool(true) && hold.defaultValue == nil)
        #expect(throws: Refusal.self) { try CommandArguments([.init(name: "seconds", value: "2")]).number(hold) }
    }
}
