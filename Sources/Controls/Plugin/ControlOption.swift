import Animation

/// A command-line option a control declares (`--seed 7`, `--artwork cover.png`): the entry point
/// adds it to `serve` and `render`, checks its value, and puts it in the control's default
/// configuration, so its props' defaults (and `/openapi.json`) show it.
public struct ControlOption: Sendable {
    public enum Kind: Sendable {
        /// Sets this prop's default; its type and range are the prop's.
        case prop(String)
        /// A PNG file, decoded at start and handed to the configuration.
        case image
    }

    /// The option's name without dashes ("meter-duration").
    public let name: String
    public let kind: Kind
    public let help: String
    let setImage: (@Sendable (inout any PropConfiguration, Bitmap) -> Void)?

    /// An option that sets prop `prop`'s default.
    public static func prop(_ name: String, _ prop: String, help: String) -> ControlOption {
        ControlOption(name: name, kind: .prop(prop), help: help, setImage: nil)
    }

    /// An option that reads a PNG file into the configuration at `path`.
    public static func image<Configuration: PropConfiguration>(
        _ name: String, _ path: WritableKeyPath<Configuration, Bitmap?> & Sendable, help: String
    ) -> ControlOption {
        ControlOption(name: name, kind: .image, help: help) { configuration, bitmap in
            if var typed = configuration as? Configuration {
                typed[keyPath: path] = bitmap
                configuration = typed
            }
        }
    }

    /// Puts a decoded image in `configuration`.
    public func apply(image: Bitmap, to configuration: inout any PropConfiguration) {
        setImage?(&configuration, image)
    }
}

/// The looks a control can show side by side in one frame (`variants=modes`, `variants=themes`):
/// each a caption and what it does to a copy of the control at a time.
public struct ControlVariants<C: Control>: Sendable {
    public struct Variant: Sendable {
        public let caption: String
        public let apply: @Sendable (inout C, Double) -> Void

        public init(_ caption: String, _ apply: @escaping @Sendable (inout C, Double) -> Void) {
            self.caption = caption
            self.apply = apply
        }
    }

    /// Its states at rest (`variants=modes`), left to right.
    public let modes: [Variant]
    /// Its looks (`variants=themes`), left to right.
    public let themes: [Variant]

    public init(modes: [Variant] = [], themes: [Variant] = []) {
        self.modes = modes
        self.themes = themes
    }
}

/// Which of a control's variant lists a `variants=` request asks for.
public enum VariantList: String, Sendable, CaseIterable {
    case modes, themes
}

extension ControlVariants {
    public func variants(_ list: VariantList) -> [Variant] {
        switch list {
        case .modes: modes
        case .themes: themes
        }
    }
}

extension Control {
    /// The captions of its variants in `list`, left to right; empty when it has none.
    public static func variantCaptions(_ list: VariantList) -> [String] {
        variants.variants(list).map(\.caption)
    }

    fileprivate mutating func applyVariant(_ list: VariantList, _ caption: String, at time: Double) {
        Self.variants.variants(list).first { $0.caption == caption }?.apply(&self, time)
    }
}

extension Scene {
    /// Shows variant `caption` of `list` on the control `subject` names, as of `time`.
    public mutating func applyVariant(_ list: VariantList, _ caption: String, to subject: FrameSubject, at time: Double) {
        guard var control = control(subject) else { return }
        control.applyVariant(list, caption, at: time)
        replace(subject, with: control)
    }
}
