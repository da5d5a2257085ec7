import Animation
import Controls

extension PlayButton {
    /// What `/state` reports: the state machine, the interaction styling and what is on screen at a
    /// time (presentation values).
    public struct State: Codable, Sendable, Equatable {
        public var mode: Mode
        /// The spec's dotted name, e.g. `barToPause.barSplit`.
        public var animationState: String
        public var highlighted: Bool
        public var enabled: Bool
        /// The colour preset the four colours match (`default`, `sample`), or `custom`.
        public var theme: String
        /// The left shape's rotation in degrees, clockwise on screen (0 or 90 at rest).
        public var rotation: Double
        /// The background circle's fill, `#rrggbb`.
        public var background: String
        /// The highlight scale about the centre.
        public var scale: Double
        public var opacity: Double
        public var left: ShapeState
        public var right: ShapeState

        public struct ShapeState: Codable, Sendable, Equatable {
            /// Degrees, clockwise on screen.
            public var rotation: Double
            public var fill: String
            public var path: [Element]
        }

        /// One path element: its kind and its points (controls then end point for a cubic).
        public struct Element: Codable, Sendable, Equatable {
            public var kind: PathElement.Kind
            public var points: [Point]

            public init(_ element: PathElement) {
                kind = element.kind
                points = switch element {
                case .move(let p), .line(let p): [p]
                case .cubic(let c1, let c2, let p): [c1, c2, p]
                case .close: []
                }
            }
        }
    }

    public func state(at time: Double) -> State {
        let degrees = 180 / Double.pi
        func shape(_ part: Part) -> State.ShapeState {
            let p = presentation(of: part, at: time)
            return State.ShapeState(rotation: p.rotation * degrees, fill: (p.fillColor ?? .clear).hex,
                                    path: (p.path ?? Path()).elements.map(State.Element.init))
        }
        let left = shape(.left)
        return State(
            mode: mode, animationState: animationState.name, highlighted: isHighlighted, enabled: isEnabled,
            theme: themeName, rotation: left.rotation,
            background: (presentation(of: .background, at: time).fillColor ?? .clear).hex,
            scale: presentation(of: .scale, at: time).scale, opacity: root.opacity,
            left: left, right: shape(.right))
    }
}
