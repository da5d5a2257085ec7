/// Why a control refused new props: the one whose change it cannot take now, and why. Nothing of the
/// change was applied.
public struct PropRefusal: Error, Sendable, Equatable {
    public let prop: String
    public let reason: String
    /// What gets past it ("POST /meter/reset, then change the duration"); nil when nothing but
    /// another value does.
    public let remedy: String?

    public init(prop: String, reason: String, remedy: String? = nil) {
        self.prop = prop
        self.reason = reason
        self.remedy = remedy
    }
}

/// Every control's props through one door, by the controls' ids, so that nothing outside a control
/// knows its configuration. None for `.all`.
extension SceneConfiguration {
    /// The props `control` declares, each with its default: its value in this configuration (the
    /// command line's options are defaults too).
    public func propDeclarations(of control: FrameSubject) -> [PropDeclaration] {
        defaults(of: control)?.propDeclarations ?? []
    }
}

extension Control {
    /// The value of every prop now.
    public var propValues: PropValues { configuration.values }

    /// Sets the props given in `values` (the rest keep their values) at `time`.
    public mutating func setProps(_ values: PropValues, at time: Double) throws(PropRefusal) {
        try configure(configuration.setting(values), at: time)
    }
}

extension Scene {
    /// The value of every prop of `control` now.
    public func props(of control: FrameSubject) -> PropValues {
        self.control(control)?.propValues ?? PropValues()
    }

    /// Sets the props of `control` given in `values` (the rest keep their values) at `time`, at once
    /// (docs/design/props.md §Immediately). Throws, changing nothing, when the control cannot take
    /// the change now.
    public mutating func setProps(_ values: PropValues, of control: FrameSubject, at time: Double) throws(PropRefusal) {
        advance(to: time)
        guard var changed = self.control(control) else { return }
        try changed.setProps(values, at: time)
        replace(control, with: changed)
    }
}
