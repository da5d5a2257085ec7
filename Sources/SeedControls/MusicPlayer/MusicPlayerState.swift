import Animation
import Controls

extension MusicPlayer {
    /// What `/state` reports at a time: model values (what the control is heading to) and
    /// presentation values (what is on screen). Read it after `advance(to:)` that time.
    public struct State: Codable, Sendable, Equatable {
        public var playing: Bool
        public var progress: Progress
        /// The ring's strokeEnd, 0…1.
        public var ringStrokeEnd: Values
        /// The blurred artwork layer's opacity: 0 sharp, 1 fully blurred.
        public var blurOpacity: Values
        /// The disc mask's scale: 1.5 square, 1.0 disc.
        public var maskScale: Values
        /// The disc's presented rotation; the model rotation is always 0 (the spin is an animation).
        public var rotation: Rotation
        /// When the next progress tick is due, or nil while the ticker is stopped.
        public var nextTick: Double?
        public var artwork: Artwork

        public struct Progress: Codable, Sendable, Equatable {
            /// The ticker's integer progress, 0…100.
            public var model: Int
            /// The ring's presented strokeEnd × 100.
            public var presentation: Double
        }

        public struct Values: Codable, Sendable, Equatable {
            public var model: Double
            public var presentation: Double
        }

        public struct Rotation: Codable, Sendable, Equatable {
            /// Clockwise on screen.
            public var radians: Double
            public var degrees: Double
        }

        public struct Artwork: Codable, Sendable, Equatable {
            public var id: UInt64
            public var width: Int
            public var height: Int
            public var isDefault: Bool
        }
    }

    public func state(at time: Double) -> State {
        typealias N = MusicPlayerLayers
        func values(_ path: LayerPath, _ property: LayerProperty) -> State.Values {
            guard let sublayer = layer[path] else { return .init(model: 0, presentation: 0) }
            return .init(model: sublayer.modelValue(property).doubleValue ?? 0, presentation: sublayer.shown(property, at: time))
        }
        let ring = values(N.ring, .strokeEnd)
        let rotation = values(N.disc, .rotation).presentation
        return State(
            playing: isPlaying,
            progress: .init(model: progress, presentation: ring.presentation * 100),
            ringStrokeEnd: ring,
            blurOpacity: values(N.blurred, .opacity),
            maskScale: values(N.disc, .maskScale),
            rotation: .init(radians: rotation, degrees: rotation * 180 / .pi),
            nextTick: ticker.nextTick,
            artwork: .init(id: artwork.id, width: artwork.width, height: artwork.height,
                           isDefault: artwork.id == DefaultArtwork.bitmap.id))
    }
}
