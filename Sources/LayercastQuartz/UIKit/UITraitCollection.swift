/// Light or dark, as a trait collection says.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// The traits dynamic colours resolve against. Layercast renders a scene in each theme the frame
/// asks for, and runs the control's code with the matching collection current (docs/design/quartz.md
/// §Colours); outside that, `current` is light.
public final class UITraitCollection: Hashable, Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle

    public init() {
        userInterfaceStyle = .unspecified
    }

    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
    }

    @TaskLocal static var active = UITraitCollection(userInterfaceStyle: .light)

    /// The collection code runs under: a task-local value, so concurrent scenes each see their own.
    public static var current: UITraitCollection { active }

    /// Runs `actions` with this collection current.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        try Self.$active.withValue(self) { try actions() }
    }

    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool {
        a.userInterfaceStyle == b.userInterfaceStyle
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(userInterfaceStyle)
    }
}
