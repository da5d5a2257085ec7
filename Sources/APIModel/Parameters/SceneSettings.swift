import Controls

/// The settings a scene and its frames are made with, which parameters default to (`--fps` is a
/// stream's `fps` when none is asked for): the server's and `layercast render`'s alike.
public struct SceneSettings: Sendable {
    /// Default stream rate; `fps=` overrides it per stream.
    public var fps = 30
    /// Default frame size in points; `size=` overrides it per request.
    public var size = 480
    /// The budgets (render, memory, clips, history), in their flags' units.
    public var limits = LimitSettings()
    /// The controls and their defaults.
    public var scene: SceneConfiguration
    /// Seconds of scene time the history keeps for stepping back, `at=` frames and the timeline.
    public var historySpan = LiveScene.defaultHistorySpan

    /// The settings' defaults for the controls of `controls`.
    public init(_ controls: ControlList) {
        scene = SceneConfiguration(controls)
    }

    /// The built-in settings, for no controls: what a flag's default is before any is given.
    public static var builtin: SceneSettings { SceneSettings(.empty) }

    /// The controls served.
    public var controls: ControlList { scene.controls }

    /// The environment variable that sets the option `--name` of `layercast serve`: LAYERCAST_
    /// and the name in capitals, dashes as underscores.
    public static func environmentVariable(_ option: String) -> String {
        "LAYERCAST_" + option.uppercased().replacing("-", with: "_")
    }
}

/// The parameters one declaration takes, as the decoder reads them: a command's, a frame's, a
/// clip's. The HTTP edge's operations carry one each.
package struct ParameterSet: Sendable {
    /// How errors name what takes them ("POST /meter/hold").
    package var name: String
    package var parameters: [any DeclaredParameter]
    package var rules: [ParameterRule]
    /// Names with a prefix, which the reader checks (`props.NAME`).
    package var families: [ParameterFamily]
    /// Unknown names are passed over rather than refused (cache-busting `?v=` on static files).
    package var ignoresUnknown: Bool
    /// Parameters may come as a form or JSON body, as well as in the query.
    package var takesBody: Bool

    package init(name: String, parameters: [any DeclaredParameter] = [], rules: [ParameterRule] = [],
                 families: [ParameterFamily] = [], ignoresUnknown: Bool = false, takesBody: Bool = true) {
        self.name = name
        self.parameters = parameters
        self.rules = rules
        self.families = families
        self.ignoresUnknown = ignoresUnknown
        self.takesBody = takesBody
    }

    package func parameter(named name: String) -> (any DeclaredParameter)? {
        parameters.first { $0.spec.name == name }
    }

    package func family(of name: String) -> ParameterFamily? {
        families.first { name.hasPrefix($0.prefix) && name.count > $0.prefix.count }
    }

    /// Where each parameter may really come from.
    package func locations(of parameter: ParameterSpec) -> ParameterLocations {
        takesBody ? parameter.locations : parameter.locations.intersection([.query, .path])
    }
}
