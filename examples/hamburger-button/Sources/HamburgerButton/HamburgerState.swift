#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import LayercastKit

extension HamburgerButton {
    /// Its member of `GET /state` (`hamburgerButton`) and of every command's answer: the target state,
    /// and the animated values in the model and on screen at a time.
    public struct State: Codable, Sendable, Equatable {
        /// True for the X (or on the way to it).
        public var open: Bool
        /// The values the layers rest at once the running animations end.
        public var model: Values
        /// The values on screen at the time asked for.
        public var presentation: Values

        /// The animated values of one tree (model or presentation).
        public struct Values: Codable, Sendable, Equatable {
            /// The middle stroke's trim, as fractions of its length.
            public var strokeStart: Double
            /// The middle stroke's end, as a fraction of its length.
            public var strokeEnd: Double
            /// Each outer stroke's rotation about its right end, in radians: the angle of its Core
            /// Animation transform (translate, then rotate about z). Negative turns anticlockwise on screen.
            public var topAngle: Double
            /// The bottom stroke's, the opposite of the top's at rest.
            public var bottomAngle: Double
            /// The x translation of each outer stroke's transform, in points (−4 in the X).
            public var topTranslationX: Double
            /// The bottom stroke's, the same as the top's.
            public var bottomTranslationX: Double
        }
    }

    /// The state at scene time `time`, for reports and for tests against the closed forms.
    public func state(at time: Double) -> State {
        State(open: isOpen, model: Self.values(root), presentation: Self.values(root.presentation(at: time)))
    }

    /// The values of a tree whose model is to be read (the live one, or a presentation copy). The
    /// angle and translation are read off the composed transform, rotation then translation, so that
    /// they report what the layer shows, whichever engine property carries which part.
    private static func values(_ tree: ShapeLayer) -> State.Values {
        func transform(_ part: Part) -> AffineTransform {
            let layer = tree[part.path] ?? ShapeLayer(name: part.rawValue)
            return layer.transform.concatenating(.rotation(layer.rotation))
        }
        let middle = tree[Part.middle.path] ?? ShapeLayer(name: Part.middle.rawValue)
        let top = transform(.top), bottom = transform(.bottom)
        return State.Values(strokeStart: middle.strokeStart, strokeEnd: middle.strokeEnd,
                            topAngle: angle(top), bottomAngle: angle(bottom),
                            topTranslationX: top.tx, bottomTranslationX: bottom.tx)
    }

    private static func angle(_ m: AffineTransform) -> Double {
        atan2(m.b, m.a)
    }
}
