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

/// The meter's props that are also server settings.
enum MeterParameters {
    static let duration = Param.number(prop: "duration", of: .meter).required()
    static let seed = Param.number(prop: "seed", of: .meter)
}

extension PreviewServerConfiguration {
    public static let declaredSettings: [DeclaredSetting] = [
        DeclaredSetting("--fps", FrameRoutes.streamFPS.spec) { String($0.settings.fps) },
        DeclaredSetting("--size", FrameParameters.size.spec) { String($0.settings.size) },
        DeclaredSetting("--meter-duration", MeterParameters.duration.spec) {
            ParameterType.format($0.settings.scene.meterDuration)
        },
        DeclaredSetting("--seed", MeterParameters.seed.spec) { String($0.settings.scene.seed) },
        DeclaredSetting("--history-span", TimelineParameters.historySpan.spec) { ParameterType.format($0.settings.historySpan) },
    ]

    /// What a setting accepts, for its help text ("1–60"); empty for a flag no parameter shares.
    public static func values(of flag: String) -> String {
        declaredSettings.first { $0.flag == flag }?.values ?? ""
    }

    /// "--fps must be 1–60" for each declared setting out of its parameter's range.
    public var problems: [String] {
        Self.declaredSettings.compactMap { setting in
            setting.spec.type.accepts(setting.read(self)) == nil ? "\(setting.flag) must be \(setting.values)" : nil
        }
    }
}
