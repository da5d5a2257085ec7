import Animation
import Controls

/// The play button's commands: its mode, highlighted, enabled and its theme.
extension PlayButton {
    static let mode = CommandParameter.choice("mode", Mode.self, "The mode to change to.")
    static let animated = CommandParameter("animated", .flag, default: "true", "Animate the change.")
    static let value = CommandParameter("value", .flag, "The new value.")
    static let theme = CommandParameter(
        "theme", .choice(Theme.all.map(\.name)),
        "`default` (light grey, black) or `sample` (the original sample app's colours, on its grey view): a preset "
            + "that sets the four colour props and `viewBackgroundColor`.")

    public static let commands: [CommandDeclaration] = [
        command("playButtonMode", summary: "Changes the mode",
                description: "Animates (or with animated=false jumps) to the mode; a change mid-animation is interrupted "
                    + "as the original does.", parameters: [mode, animated]) { a throws(Refusal) in
            let mode = try a.choice(mode, Mode.self), animated = try a.flag(animated)
            return { b, t in b.setMode(mode, animated: animated, at: t) }
        },
        flag("playButtonHighlighted", summary: "Sets highlighted: scale 0.92, animated in 0.1 s") { $0.setHighlighted($1, at: $2) },
        flag("playButtonEnabled", summary: "Sets enabled: disabled is alpha 0.5") { $0.setEnabled($1, at: $2) },
        command("playButtonTheme", method: .put, summary: "Sets the colour theme",
                parameters: [theme]) { a throws(Refusal) in
            let text = try a.text(theme)
            guard let theme = Theme.named(text) else { throw Refusal.badParameter("theme", text, allowed: "a theme's name") }
            return { b, t in b.setTheme(theme, at: t) }
        },
    ]

    private static func flag(_ id: String, summary: String,
                             _ set: @escaping @Sendable (inout PlayButton, Bool, Double) -> Void) -> CommandDeclaration {
        command(id, summary: summary, parameters: [value]) { a throws(Refusal) in
            let value = try a.flag(value)
            return { b, t in set(&b, value, t) }
        }
    }

    private static func command(
        _ id: String, method: CommandRoute.Method = .post, summary: String, description: String? = nil,
        parameters: [CommandParameter],
        _ change: @escaping @Sendable (CommandArguments) throws(Refusal) -> @Sendable (inout PlayButton, Double) -> Void
    ) -> CommandDeclaration {
        CommandDeclaration(id, on: PlayButton.self, method: method, summary: summary, description: description,
                           parameters: parameters) { arguments, _ throws(Refusal) in
            let apply = try change(arguments)
            return ControlChange { b, t in apply(&b, t) }
        }
    }
}
