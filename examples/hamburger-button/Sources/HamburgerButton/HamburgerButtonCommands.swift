import LayercastKit

/// The hamburger button's commands: a tap, and each state by name.
extension HamburgerButton {
    /// `hamburgerButtonToggle`, `…Open` and `…Close`: each a route (`POST /hamburger-button/toggle`,
    /// derived from the id), a scenario step and an OpenAPI operation; the answer holds the button's
    /// state after it.
    public static let commands: [CommandDeclaration] = [
        CommandDeclaration(
            "hamburgerButtonToggle", on: HamburgerButton.self,
            summary: "Toggles between the hamburger and the X, as a tap does",
            description: "Animates from what is on screen now, so a toggle in mid-flight turns back from where the "
                + "strokes are."
        ) { _, _ in
            ControlChange { b, t in b.toggle(at: t) }
        },
        CommandDeclaration(
            "hamburgerButtonOpen", on: HamburgerButton.self,
            summary: "Turns the hamburger into the X",
            description: "Animates from what is on screen now; a no-op when already open or opening."
        ) { _, _ in
            ControlChange { b, t in b.open(at: t) }
        },
        CommandDeclaration(
            "hamburgerButtonClose", on: HamburgerButton.self,
            summary: "Turns the X back into the hamburger",
            description: "Animates from what is on screen now; a no-op when already closed or closing."
        ) { _, _ in
            ControlChange { b, t in b.close(at: t) }
        },
    ]
}
