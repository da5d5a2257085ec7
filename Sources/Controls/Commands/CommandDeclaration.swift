import Animation
import JSON

/// A command a control offers, declared once in the control's own folder: its id, what it takes,
/// what it does to a scene, and the state its answer holds. The HTTP route, a scenario's step, a
/// recording and the replicated log are all derived from it, so a control adds a command without
/// touching the transport (docs/design/architecture.md §Commands are values).
public struct CommandDeclaration: Sendable {
    /// What a command makes of a value's arguments before any scene is locked: the change, and an
    /// artwork it puts on show (the renderer prepares its images first).
    public struct Change: Sendable {
        let apply: @Sendable (inout Scene, Double) throws(Refusal) -> any Codable & Sendable
        public let shows: Bitmap?

        public init<State: Codable & Sendable>(
            shows: Bitmap? = nil, _ apply: @escaping @Sendable (inout Scene, Double) throws(Refusal) -> State
        ) {
            self.apply = apply
            self.shows = shows
        }

        /// Applies the change to a scene at a scene time; returns the state the answer holds.
        public func apply(to scene: inout Scene, at time: Double) throws(Refusal) -> any Codable & Sendable {
            try apply(&scene, time)
        }
    }

    /// Its one name ("meterHold"): a scenario's step, the log, the timeline and a card name it so,
    /// and it is the API's operation id.
    public let id: String
    /// Where HTTP sends it, derived from the id (`POST /meter/hold`).
    public let route: CommandRoute
    public let summary: String
    public let description: String?
    public let control: FrameSubject
    public let parameters: [CommandParameter]
    /// The refusals it may meet besides a bad argument (a conflict with the scene's state, an
    /// artwork that is not kept), for the docs.
    public let refusals: [Refusal.Documented]
    /// Loading its artwork may decode an image: pricing and scheduling must know.
    public let decodesArtwork: Bool
    /// The state its answer holds (the control's), whose schema the docs derive from the type.
    public let stateType: any (Codable & Sendable).Type
    /// The route that takes its image as an upload, when it names one by hash.
    public var upload: ImageUpload?
    private let change: @Sendable (CommandArguments, any ArtworkSource) throws(Refusal) -> Change

    /// `method` and `path` make its route under `/{control}/` (`CommandRoute.derived`): the path
    /// defaults to the words of the id after the control's.
    public init<State: Codable & Sendable>(
        _ id: String, control: FrameSubject, method: CommandRoute.Method = .post, path: String? = nil, summary: String,
        description: String? = nil, parameters: [CommandParameter] = [], refusals: [Refusal.Documented] = [],
        decodesArtwork: Bool = false, state: State.Type,
        _ change: @escaping @Sendable (CommandArguments, any ArtworkSource) throws(Refusal) -> Change
    ) {
        self.id = id
        route = .derived(id: id, control: control, method: method, path: path)
        self.control = control
        self.summary = summary
        self.description = description
        self.parameters = parameters
        self.refusals = refusals
        self.decodesArtwork = decodesArtwork
        stateType = state
        self.change = change
    }

    /// The change a value's arguments (checked against `parameters`) make.
    public func change(_ arguments: CommandArguments, artworks: any ArtworkSource) throws(Refusal) -> Change {
        try change(arguments, artworks)
    }
}

/// Where a command finds artwork named by its SHA-256 (the server's library of uploads).
public protocol ArtworkSource: Sendable {
    func bitmap(_ hash: String) throws(Refusal) -> Bitmap
}

/// A command's parameter: its name, what it accepts, and what it is when not given. The HTTP edge,
/// the scenario parser and the docs read this one declaration.
public struct CommandParameter: Sendable {
    public enum Kind: Sendable, Equatable {
        case number(ClosedRange<Double>)
        case integer(ClosedRange<Int>)
        case flag
        /// One of these words.
        case choice([String])
        case text(maxLength: Int, pattern: String?)
    }

    public let name: String
    public let kind: Kind
    /// "seconds", "percent": said after the range in docs and errors.
    public let unit: String?
    public let description: String
    /// The value, as its text, when none is given; nil when it must be given.
    public let defaultText: String?

    /// The default as the typed value a command's argument holds.
    public var defaultValue: JSONValue? { defaultText.flatMap(kind.value) }

    public init(_ name: String, _ kind: Kind, unit: String? = nil, default defaultText: String? = nil, _ description: String) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.description = description
        self.defaultText = defaultText
    }

    /// One of the cases of `E`.
    public static func choice<E: CaseIterable & RawRepresentable>(
        _ name: String, _ type: E.Type, default value: E? = nil, _ description: String
    ) -> CommandParameter where E.RawValue == String {
        CommandParameter(name, .choice(E.allCases.map(\.rawValue)), default: value?.rawValue, description)
    }

    /// A number prop of a control set by a command under its own name: its range, unit and meaning
    /// are the prop's.
    public static func number<Configuration: PropConfiguration>(prop name: String, of configuration: Configuration.Type) -> CommandParameter {
        let prop = Configuration.declarations(defaults: Configuration()).first { $0.name == name }
        // A name no prop has leaves a parameter that accepts nothing, which the declaration tests catch.
        guard case .number(let range, _, let unit)? = prop?.kind else { return CommandParameter(name, .number(0...0), "") }
        return CommandParameter(name, .number(range), unit: unit, prop?.doc ?? "")
    }
}

/// A command value's arguments, each checked against its parameter, read typed by the command.
public struct CommandArguments: Sendable {
    private let values: [String: JSONValue]

    public init(_ arguments: [Command.Argument]) {
        values = Dictionary(arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The argument's value, or the parameter's default; a refusal when it has neither.
    public func value(_ parameter: CommandParameter) throws(Refusal) -> JSONValue {
        guard let value = values[parameter.name] ?? parameter.defaultValue else {
            throw Refusal.missing(parameter.name, allowed: "a value")
        }
        return value
    }

    public func text(_ parameter: CommandParameter) throws(Refusal) -> String {
        guard case .string(let text) = try value(parameter) else { throw wrongType(parameter, "a string") }
        return text
    }

    public func number(_ parameter: CommandParameter) throws(Refusal) -> Double {
        switch try value(parameter) {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: throw wrongType(parameter, "a number")
        }
    }

    public func flag(_ parameter: CommandParameter) throws(Refusal) -> Bool {
        guard case .bool(let flag) = try value(parameter) else { throw wrongType(parameter, "true or false") }
        return flag
    }

    public func choice<E: RawRepresentable>(_ parameter: CommandParameter, _ type: E.Type) throws(Refusal) -> E
    where E.RawValue == String {
        let text = try text(parameter)
        guard let value = E(rawValue: text) else { throw Refusal.badParameter(parameter.name, text, allowed: "a declared word") }
        return value
    }

    private func wrongType(_ parameter: CommandParameter, _ allowed: String) -> Refusal {
        Refusal.badParameter(parameter.name, values[parameter.name]?.text ?? "", allowed: allowed)
    }
}

extension CommandParameter.Kind {
    /// A value's text (a query's, a default's) as the typed value an argument holds; nil when it is
    /// not one this kind takes the form of.
    public func value(_ text: String) -> JSONValue? {
        switch self {
        case .number: Double(text).map(JSONValue.number)
        case .integer: Int(text).map(JSONValue.int)
        case .flag: text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .choice, .text: .string(text)
        }
    }
}

/// What a command does to its control, made from its arguments before any scene is locked.
public struct ControlChange<C: Control>: Sendable {
    /// An image it puts on show (the renderer prepares its images first).
    public let shows: Bitmap?
    let apply: @Sendable (inout C, Double) throws(Refusal) -> Void

    public init(shows: Bitmap? = nil, _ apply: @escaping @Sendable (inout C, Double) throws(Refusal) -> Void) {
        self.shows = shows
        self.apply = apply
    }
}

extension CommandDeclaration {
    /// A command on control `C`, declared in the control's own folder by its id (`meterHold`, the
    /// control's document key and then the command's words): `change` reads its arguments
    /// (checked against `parameters`) and says what it does to the control at a scene time; the
    /// answer holds the control's state after it.
    public init<C: Control>(
        _ id: String, on type: C.Type, method: CommandRoute.Method = .post, path: String? = nil, summary: String,
        description: String? = nil, parameters: [CommandParameter] = [], refusals: [Refusal.Documented] = [],
        decodesArtwork: Bool = false,
        _ change: @escaping @Sendable (CommandArguments, any ArtworkSource) throws(Refusal) -> ControlChange<C>
    ) {
        self.init(id, control: C.id, method: method, path: path, summary: summary, description: description,
                  parameters: parameters, refusals: refusals, decodesArtwork: decodesArtwork,
                  state: C.State.self) { arguments, artworks throws(Refusal) in
            let made = try change(arguments, artworks)
            return Change(shows: made.shows) { scene, time throws(Refusal) -> C.State in
                let state = try scene.modify(C.self) { (control: inout C) throws(Refusal) -> C.State in
                    try made.apply(&control, time)
                    return control.state(at: time)
                }
                guard let state else { throw Refusal(.notFound, "this scene has no control '\(C.id.rawValue)'") }
                return state
            }
        }
    }
}

/// The server's library of uploaded images, which a command names by SHA-256 (`ArtworkSource`).
public enum UploadedImages {
    /// How many uploads a server keeps, the newest; older ones are forgotten.
    public static let kept = 16
    /// The largest side an uploaded image may have, in pixels.
    public static let maxSide = 4096
}
