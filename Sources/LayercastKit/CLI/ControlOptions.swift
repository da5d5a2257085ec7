import Animation
import ArgumentParser
import Controls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PreviewServer
import Rendering
import Scenes

/// The served controls' own options (`ControlOption`: `--seed 7`, `--meter-duration 10`,
/// `--artwork cover.png`), read from what the argument parser did not recognise, each also from its
/// `LAYERCAST_` variable; they set the controls' default configurations.
enum ControlOptions {
    /// The options' lines for `--help`.
    static var help: String {
        let controls = ServedControls.list
        let lines = controls.types.flatMap { control in
            control.options.map { option -> String in
                let values = PreviewServerConfiguration.values(of: "--\(option.name)", controls: controls)
                let value = if case .image = option.kind { "<png>" } else { "<value>" }
                return "  --\(option.name) \(value)\n      \(option.help)\(values.isEmpty ? "" : " \(values).")\n"
                    + "      [env: \(EnvironmentDefaults.variable(option.name))]"
            }
        }
        return lines.isEmpty ? "" : "The controls' options:\n" + lines.joined(separator: "\n")
    }

    /// The scene configuration `arguments` (the unrecognised ones) and the environment give.
    static func configuration(_ arguments: [String]) throws -> SceneConfiguration {
        var given: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard flag.hasPrefix("--") else { throw ValidationError("unexpected argument '\(flag)'") }
            let parts = flag.dropFirst(2).split(separator: "=", maxSplits: 1).map(String.init)
            guard let name = parts.first, option(name) != nil else {
                throw ValidationError("unknown option '\(flag)'")
            }
            guard let value = parts.count == 2 ? parts[1] : rest.popFirst() else {
                throw ValidationError("--\(name) needs a value")
            }
            given[name] = value
        }
        let controls = ServedControls.list
        let values = { (option: ControlOption) in PreviewServerConfiguration.values(of: "--\(option.name)", controls: controls) }
        var configuration = SceneConfiguration(controls)
        for control in controls.types {
            for option in control.options {
                guard let text = given[option.name] ?? EnvironmentDefaults.string(option.name) else { continue }
                switch option.kind {
                case .prop(let prop):
                    let kind = configuration.propDeclarations(of: control.id).first { $0.name == prop }?.kind
                    guard let value = kind?.value(fromFlag: text) else {
                        throw ValidationError("--\(option.name) must be \(values(option))")
                    }
                    do {
                        try configuration.setDefault(value, of: prop, on: control.id)
                    } catch {
                        throw ValidationError("--\(option.name) must be \(values(option))")
                    }
                case .image:
                    configuration.setImage(try image(text, option: option.name), option: option, on: control.id)
                }
            }
        }
        return configuration
    }

    private static func option(_ name: String) -> ControlOption? {
        ServedControls.list.types.lazy.flatMap { $0.options }.first { $0.name == name }
    }

    private static func image(_ path: String, option: String) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--\(option): cannot read \(path)")
        }
        do {
            return try PNGDecoder.decode(Array(data))
        } catch {
            throw ValidationError("--\(option): \(path) is not a usable PNG: \(error)")
        }
    }
}

extension PropKind {
    /// A flag's text as this prop's value; nil when it is not one.
    func value(fromFlag text: String) -> PropValue? {
        switch self {
        case .number, .integer: break
        default: return nil
        }
        guard let number = Double(text), number.isFinite else { return nil }
        let value = PropValue.number(number)
        return accepts(value) ? value : nil
    }
}
