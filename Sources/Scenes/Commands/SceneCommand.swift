import APIModel
import Animation
import Controls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every command answers with the control's new state, the scene time it applied at, so a client
/// can wait for the first frame that shows it, and its revision, so a client can tell it from
/// older states still on their way (events). `warnings` name what it asked for that the control
/// ignored, as Core Animation ignores it (`Control.warnings`); absent when there are none.
package struct CommandReply<State: Codable & Sendable>: Codable, Sendable {
    package let sceneTime: Double
    package let revision: UInt64
    package let state: State
    package var warnings: [String]? = nil
}

/// A control's state of any type, as a reply writes it.
package struct AnyState: Codable, Sendable {
    package let value: any Codable & Sendable

    package init(_ value: any Codable & Sendable) { self.value = value }

    package init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a reply's state is only written"))
    }

    package func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// A change a command makes to any scene, as its value decides it before any scene is locked.
package struct PreparedCommand: Sendable {
    package let change: @Sendable (inout Scene, Double) throws(Refusal) -> Void
    /// An artwork the change puts on show.
    package var shows: Bitmap?

    package init(shows: Bitmap? = nil, _ change: @escaping @Sendable (inout Scene, Double) throws(Refusal) -> Void) {
        self.change = change
        self.shows = shows
    }
}

/// What a command does when a scenario's step names it: a change to any scene, or (`POST /clock`)
/// to the live scene's clock.
package enum CommandEffect: Sendable {
    case scene(PreparedCommand)
    /// Meaningful on the live scene only: frames are sampled by scene time, whatever the clock.
    case clock([ClockChange])
}

/// A command on the scene as the core runs it, declared once: its id and route, its parameters (the
/// decoder, the scenario parser and the docs read them), what its value does to a scenario's scene,
/// and how the live scene runs it, whoever sent it: a request, or a replica reading the shared log
/// (docs/design/architecture.md §Commands are values).
package struct SceneCommand: Sendable {
    /// Its one name: the value's, a step's, the log's and the timeline's, and the API's operation id.
    package let id: String
    /// Where HTTP sends it.
    package let route: CommandRoute
    /// The control it acts on; nil for one on every control or on none (the clock).
    package let control: FrameSubject?
    package let parameters: ParameterSet
    /// It reads a JSON document (a props patch): a step's `with` is that document.
    package let readsDocument: Bool
    /// What the value does as a scenario's step; nil for a command a step cannot name (playing or
    /// recording a scenario).
    package let prepare: (@Sendable (Command, ArtworkLibrary) throws(Refusal) -> CommandEffect)?
    /// Applies the value to the live scene at a host time of its clock (now when nil), hands it to
    /// a running recording, and answers with the reply's JSON.
    package let run: @Sendable (Stage, Command, Double?) throws(Refusal) -> [UInt8]

    /// `parameters` name the command, in messages, by its route; none when nil.
    package init(_ id: String, route: CommandRoute, control: FrameSubject?, parameters: ParameterSet? = nil,
                 readsDocument: Bool = false,
                 prepare: (@Sendable (Command, ArtworkLibrary) throws(Refusal) -> CommandEffect)?,
                 run: @escaping @Sendable (Stage, Command, Double?) throws(Refusal) -> [UInt8]) {
        self.id = id
        self.route = route
        let parameters = parameters ?? ParameterSet(name: route.description)
        self.control = control
        self.parameters = parameters
        self.readsDocument = readsDocument
        self.prepare = prepare
        self.run = run
    }

    /// A control's command, as its declaration says: its arguments are checked as a request's are
    /// (a log entry's and a step's too), then read typed by the control. A scenario's step reads
    /// them with the built-in settings of `controls`.
    package init(_ declaration: CommandDeclaration, controls: ControlList) {
        let parameters = ParameterSet(name: declaration.route.description, parameters: declaration.parameters.map(\.declared))
        @Sendable func change(_ value: Command, _ settings: SceneSettings,
                              _ artworks: ArtworkLibrary) throws(Refusal) -> CommandDeclaration.Change {
            _ = try Input(command: value, for: parameters, settings: settings)
            return try declaration.change(CommandArguments(value.arguments), artworks: artworks)
        }
        self.init(declaration.id, route: declaration.route, control: declaration.control,
                  parameters: parameters) { value, artworks throws(Refusal) in
            let prepared = try change(value, SceneSettings(controls), artworks)
            return .scene(PreparedCommand(shows: prepared.shows) { s, t throws(Refusal) in _ = try prepared.apply(to: &s, at: t) })
        } run: { stage, value, host throws(Refusal) in
            let prepared = try change(value, stage.settings, stage.artworks)
            if let artwork = prepared.shows, let shown = stage.scene.snapshot().scene.shownImages.first {
                // Off the streams' ticks: their next frames then draw the new cover from the cache.
                stage.frameRenderer.renderer.prepareCachedImages(of: artwork, like: shown)
            }
            let applied = try stage.scene.apply(value, on: declaration.control, at: host) { s, t throws(Refusal) in
                try prepared.apply(to: &s, at: t)
            }
            stage.recorder.record(value, at: applied.time) { stage.snapshot(at: host, lastEntry: nil).json }
            return try encoded(CommandReply(sceneTime: applied.time, revision: applied.revision, state: AnyState(applied.result),
                                            warnings: applied.warnings.isEmpty ? nil : applied.warnings))
        }
    }

    /// Every command a scene of `controls` takes, in the order the API lists them: the clock's,
    /// each control's as it declares them, each control's props, then playing and recording scenarios.
    package static func catalogue(_ controls: ControlList) -> [SceneCommand] {
        controls.derived("SceneCommand.catalogue") {
            [clock] + controls.commandDeclarations.map { SceneCommand($0, controls: controls) }
                + controls.subjects.flatMap { [patchProps($0, controls), resetProps($0)] } + [playScenario, recordScenario]
        }
    }

    /// The commands a scenario's step may name.
    package static func steps(_ controls: ControlList) -> [SceneCommand] { catalogue(controls).filter { $0.prepare != nil } }

    /// The catalogue by id.
    package static func named(_ controls: ControlList) -> [String: SceneCommand] {
        controls.derived("SceneCommand.named") {
            Dictionary(catalogue(controls).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The command a step or a version-1 log entry names: by its id (`meterHold`), or by its route
    /// (`POST /meter/hold`), as they were written before commands had ids.
    package static func named(_ name: String, in controls: ControlList) -> SceneCommand? {
        named(controls)[name] ?? controls.derived("SceneCommand.byRoute") {
            Dictionary(catalogue(controls).map { ($0.route.description, $0) }, uniquingKeysWith: { a, _ in a })
        }[name]
    }

    /// A version-1 log entry's value: each argument's text read as its parameter's type reads it.
    package func upgraded(_ value: Command) -> Command {
        Command(id, value.arguments.map { argument in
            guard case .string(let text) = argument.value,
                  let typed = parameters.parameter(named: argument.name)?.spec.type.jsonValue(text) else { return argument }
            return Command.Argument(name: argument.name, value: typed)
        }, document: value.document)
    }

    /// `value` with its arguments in the order this command declares its parameters (the log's
    /// JSON does not keep it); any it does not declare after them, for `run` to refuse.
    package func ordered(_ value: Command) -> Command {
        let declared = parameters.parameters.map(\.spec.name)
        let known = declared.compactMap { name in value.arguments.first { $0.name == name } }
        return Command(value.id, known + value.arguments.filter { !declared.contains($0.name) }, document: value.document)
    }
}

/// A reply as JSON, as every route writes it.
package func encoded<Reply: Encodable>(_ reply: Reply) throws(Refusal) -> [UInt8] {
    do {
        return Array(try SceneStateEncoding.encoder.encode(reply))
    } catch {
        throw Refusal(.failure, "could not encode the reply")
    }
}

extension CommandParameter {
    /// The parameter as the decoder, the docs and the boundary tests read it: its value is the text
    /// its type accepts, which the command reads typed.
    package var declared: any DeclaredParameter {
        let type: ParameterType = switch kind {
        case .number(let range): .number(range)
        case .integer(let range): .integer(range)
        case .flag: .boolean
        case .choice(let words): .enumeration(words)
        case .text(let maxLength, let pattern): .string(maxLength: maxLength, pattern: pattern)
        }
        let parameter = Parameter<String?>(name, type, unit: unit, description) { $0 }
        return defaultText.map { parameter.defaulting(wire: $0) } ?? parameter.required()
    }
}
