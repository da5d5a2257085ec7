import APIModel
import Controls
import Scenes

/// A server setting that also is a request parameter's default (`--fps` is a stream's `fps` when
/// none is asked for), so the flag accepts exactly what the parameter does.
public struct DeclaredSetting: Sendable {
    public let flag: String
    /// What the flag accepts, as the README's tables say it: "1–60", "16–4096 points".
    public let values: String
    let spec: ParameterSpec
    let read: @Sendable (PreviewServerConfiguration) -> String

    init(_ flag: String, _ spec: ParameterSpec, _ read: @escaping @Sendable (PreviewServerConfiguration) -> String) {
        self.flag = flag
        self.spec = spec
        self.read = read
        values = spec.values
    }
}

extension PreviewServerConfiguration {
    /// The server's own settings, then the options of each control of `controls` that set a prop's
    /// default (`ControlOption.prop`): a flag accepts what its prop does.
    public static func declaredSettings(_ controls: ControlList) -> [DeclaredSetting] {
        [
            DeclaredSetting("--fps", FrameRoutes.streamFPS.spec) { String($0.settings.fps) },
            DeclaredSetting("--size", FrameParameters.size.spec) { String($0.settings.size) },
        ] + controlSettings(controls) + [
            DeclaredSetting("--history-span", TimelineParameters.historySpan.spec) { ParameterType.format($0.settings.historySpan) },
        ]
    }

    /// The controls' options that set a prop's default, from their declarations.
    static func controlSettings(_ controls: ControlList) -> [DeclaredSetting] {
        let defaults = SceneConfiguration(controls)
        return controls.types.flatMap { control in
            control.options.compactMap { option -> DeclaredSetting? in
                guard case .prop(let name) = option.kind else { return nil }
                let id = control.id
                return DeclaredSetting("--\(option.name)", Param.number(prop: name, of: id, in: defaults).spec) { configuration in
                    let value = configuration.settings.scene.propDeclarations(of: id).first { $0.name == name }?.defaultValue
                    guard case .number(let number)? = value else { return "" }
                    return ParameterType.format(number)
                }
            }
        }
    }

    /// What a setting of a server of `controls` accepts, for its help text ("1–60"); empty for a
    /// flag no parameter shares.
    public static func values(of flag: String, controls: ControlList) -> String {
        declaredSettings(controls).first { $0.flag == flag }?.values ?? ""
    }

    /// "--fps must be 1–60" for each declared setting out of its parameter's range.
    public var problems: [String] {
        Self.declaredSettings(controls).compactMap { setting in
            setting.spec.type.accepts(setting.read(self)) == nil ? "\(setting.flag) must be \(setting.values)" : nil
        }
    }
}
