import Animation

/// What the scene is built from: its list of controls and each one's default configuration (what
/// its props' defaults are), with the command line's options put in.
public struct SceneConfiguration: Sendable {
    /// The controls the scene holds.
    public let controls: ControlList
    /// One per control of the list, in its order.
    public internal(set) var defaults: [ControlDefaults]

    /// The list's controls at their own defaults.
    public init(_ controls: ControlList) {
        self.controls = controls
        defaults = controls.types.map { ControlDefaults($0) }
    }

    /// The defaults of the control `subject` names; nil for none.
    public func defaults(of subject: FrameSubject) -> ControlDefaults? {
        defaults.first { $0.id == subject }
    }

    /// Sets the default of prop `name` of `control` (a command-line option), refusing a value its
    /// prop does not take.
    public mutating func setDefault(_ value: PropValue, of name: String, on control: FrameSubject) throws(PropRefusal) {
        guard let i = defaults.firstIndex(where: { $0.id == control }) else {
            throw PropRefusal(prop: name, reason: "no control '\(control.rawValue)'")
        }
        try defaults[i].setDefault(value, of: name)
    }

    /// Replaces the default configuration of `control` (whose type must be its control's).
    public mutating func setDefaults<Configuration: PropConfiguration>(_ configuration: Configuration, of control: FrameSubject) {
        guard let i = defaults.firstIndex(where: { $0.id == control }) else { return }
        defaults[i].configuration = configuration
    }

    /// Hands the image option `option` of `control` its decoded file.
    public mutating func setImage(_ image: Bitmap, option: ControlOption, on control: FrameSubject) {
        guard let i = defaults.firstIndex(where: { $0.id == control }) else { return }
        option.apply(image: image, to: &defaults[i].configuration)
    }

    /// The images the configurations bring (named "configured" in snapshots), in control order.
    public var configuredImages: [Bitmap] { defaults.flatMap(\.configuredImages) }
}

/// One control's default configuration, with what the scene needs of its type to build, decode and
/// describe it without knowing it.
public struct ControlDefaults: Sendable {
    public let type: any Control.Type
    public internal(set) var configuration: any PropConfiguration

    init(_ type: any Control.Type) {
        self.type = type
        configuration = type.erasedDefaults
    }

    public var id: FrameSubject { type.id }

    /// Its props, each with its default in this configuration.
    public var propDeclarations: [PropDeclaration] { type.erasedDeclarations(configuration) }

    var configuredImages: [Bitmap] { type.erasedConfiguredImages(configuration) }

    func make(at time: Double) -> any Control { type.erasedMake(configuration, at: time) }

    func decodeControl(from decoder: any Decoder) throws -> any Control { try type.init(from: decoder) }

    mutating func setDefault(_ value: PropValue, of name: String) throws(PropRefusal) {
        guard let prop = propDeclarations.first(where: { $0.name == name }) else {
            throw PropRefusal(prop: name, reason: "\(id.rawValue) has no prop '\(name)'")
        }
        guard prop.kind.accepts(value) else { throw PropRefusal(prop: name, reason: "not a value it accepts") }
        configuration = configuration.setting(PropValues([name: value]))
    }
}

extension SceneConfiguration: Codable {
    /// `{id: configuration}` for each control of the decoder's list (`Decoder.controlList`); one the
    /// document lacks keeps its defaults.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.controlList)
        let container = try decoder.container(keyedBy: IdKey.self)
        for i in defaults.indices where container.contains(IdKey(defaults[i].id)) {
            defaults[i].configuration = try defaults[i].decodeConfiguration(from: container.superDecoder(forKey: IdKey(defaults[i].id)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: IdKey.self)
        for d in defaults {
            guard let codable = d.configuration as? any Encodable else { continue }
            try codable.encode(to: container.superEncoder(forKey: IdKey(d.id)))
        }
    }
}

extension ControlDefaults {
    func decodeConfiguration(from decoder: any Decoder) throws -> any PropConfiguration {
        try type.erasedDecodeConfiguration(from: decoder)
    }
}

/// What the scene asks of a control's type without knowing it: each opens the type-erased
/// configuration as the control's own (one of another type, which cannot happen, reads as the defaults).
extension Control {
    static func typed(_ configuration: any PropConfiguration) -> Configuration {
        configuration as? Configuration ?? Configuration()
    }

    static var erasedDefaults: any PropConfiguration { Configuration() }

    static func erasedDecodeConfiguration(from decoder: any Decoder) throws -> any PropConfiguration {
        try Configuration(from: decoder)
    }

    static func erasedDeclarations(_ configuration: any PropConfiguration) -> [PropDeclaration] {
        Configuration.declarations(defaults: typed(configuration))
    }

    static func erasedConfiguredImages(_ configuration: any PropConfiguration) -> [Bitmap] {
        configuredImages(typed(configuration))
    }

    static func erasedMake(_ configuration: any PropConfiguration, at time: Double) -> any Control {
        Self(at: time, configuration: typed(configuration))
    }
}
