import LayercastKit

/// The hamburger button's commands: a tap, and each state by name.
extension HamburgerButton {
    /// `POST /hamburger-button/toggle`, `/open` and `/close`, each a route, a scenario step and an
    /// OpenAPI operation; the answer holds the button's state after it.
    public static let commands: [CommandDeclaration] = [
        CommandDeclaration(
            "POST /hamburger-button/toggle", id: "hamburgerButtonToggle", on: HamburgerButton.self,
            summary: "Toggles between the hamburger and the X, as a tap does",
            description: "Animates from what is on screen now, so a toggle in mid-flight turns back from where the "
                + "strokes are."
        ) { _, _ in
            ControlChange { b, t in b.toggle(at: t) }
        },
        CommandDeclaration(
            "POST /hamburger-button/open", id: "hamburgerButtonOpen", on: HamburgerButton.self,
            summary: "Turns the hamburger into the X",
            description: "Animates from what is on screen now; a no-op when already open or opening."
        ) { _, _ in
            ControlChange { b, t in b.open(at: t) }
        },
        CommandDeclaration(
            "POST /hamburger-button/close", id: "hamburgerButtonClose", on: HamburgerButton.self,
            summary: "Turns the X back into the hamburger",
            description: "Animates from what is on screen now; a no-op when already closed or closing."
        ) { _, _ in
            ControlChange { b, t in b.close(at: t) }
        },
    ]
}
