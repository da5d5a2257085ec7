import LayercastKit

/// The hamburger button as a Layercast control: its id, title and variants, and what the server
/// reads of it. Its props are `Configuration.props`, its commands `HamburgerButtonCommands.swift`.
extension HamburgerButton: Control {
    /// "hamburger-button": `control=hamburger-button`, `POST /hamburger-button/…`, its `/layout` cell.
    public static let id = FrameSubject(rawValue: "hamburger-button")
    /// What its card says.
    public static let title = "Hamburger button"

    /// The hamburger at rest: the button starts closed, whatever the time.
    public init(at time: Double, configuration: Configuration) {
        self.init(isOpen: false, configuration: configuration)
    }

    /// Closed and open, each at rest (`variants=modes`).
    public static var variants: ControlVariants<HamburgerButton> {
        ControlVariants(modes: [false, true].map { open in
            .init(open ? "open" : "closed") { b, t in b.show(open: open, at: t) }
        })
    }

    /// "open" or "closed": `/events` sends the state when it changes, not on every moving value.
    public var noticeableState: String { isOpen ? "open" : "closed" }

    /// The strokes at scene time `time`, in the 54×54 design. The background is not in it: as the
    /// control's view background, the frame paints it over the whole cell (`viewBackground`).
    public func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot {
        root.snapshot(at: time)
    }
}

extension FrameSubject {
    /// The hamburger button's `control=` value.
    public static let hamburgerButton = HamburgerButton.id
}

extension HamburgerButton.State: FieldNoted {
    /// What `/openapi.json` says of the state's fields beyond their Swift types.
    public static let fieldNotes = ["open": FieldNote("True for the X, or on the way to it; false for the hamburger.")]
}

extension HamburgerButton.State.Values: FieldNoted {
    /// Ranges and meanings of the animated values; mid-flight the overshooting curves may leave the
    /// resting values' span, so only the units are stated for the transforms.
    public static let fieldNotes = [
        "strokeStart": FieldNote("The middle stroke's start, as a fraction of its path (0.028 closed, 0.325 open)."),
        "strokeEnd": FieldNote("The middle stroke's end, as a fraction of its path (0.111 closed, 0.9 open)."),
        "topAngle": FieldNote("Radians about the top stroke's right end; negative turns anticlockwise on screen."),
        "bottomAngle": FieldNote("Radians about the bottom stroke's right end; positive turns clockwise on screen."),
        "topTranslationX": FieldNote("Points along x after the turn (−4 in the X)."),
        "bottomTranslationX": FieldNote("Points along x after the turn (−4 in the X)."),
    ]
}
