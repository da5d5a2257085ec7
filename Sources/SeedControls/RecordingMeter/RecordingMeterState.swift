import Animation
import Controls

extension RecordingMeter {
    /// What `/state` reports for the meter at one time: model and presentation values of every layer.
    public struct State: Codable, Sendable, Equatable {
        public var duration: Double
        public var recording: Bool
        public var complete: Bool
        /// Recorded fraction × duration, from presentation values.
        public var elapsed: Double
        public var remaining: Double
        /// Ours: the label's text (whether a frame draws it is that frame's choice).
        public var label: String
        public var segmentCount: Int
        /// Oldest first.
        public var segments: [Segment]
        public var track: Track
        /// When a pending hold releases; absent when none.
        public var scheduledRelease: Double?

        public struct Stroke: Codable, Sendable, Equatable {
            public var strokeStart: Double
            public var strokeEnd: Double

            public init(strokeStart: Double, strokeEnd: Double) {
                self.strokeStart = strokeStart
                self.strokeEnd = strokeEnd
            }
        }

        public struct Segment: Codable, Sendable, Equatable {
            /// `#rrggbb`.
            public var color: String
            public var model: Stroke
            public var presentation: Stroke
        }

        /// The track's end stays 1; only its start moves.
        public struct Track: Codable, Sendable, Equatable {
            public var modelStrokeStart: Double
            public var presentationStrokeStart: Double
        }
    }

    public func state(at time: Double) -> State {
        let segmentStates = segments.map { segment in
            State.Segment(color: (segment.strokeColor ?? .clear).hex,
                          model: .init(strokeStart: segment.strokeStart, strokeEnd: segment.strokeEnd),
                          presentation: .init(strokeStart: segment.shown(.strokeStart, at: time),
                                              strokeEnd: segment.shown(.strokeEnd, at: time)))
        }
        let track = root[Self.track]
        let elapsed = elapsed(at: time)
        return State(duration: duration, recording: isRecording, complete: isComplete,
                     elapsed: elapsed, remaining: duration - elapsed,
                     label: Self.formatElapsed(elapsed),
                     segmentCount: segmentCount, segments: segmentStates,
                     track: .init(modelStrokeStart: track?.strokeStart ?? 0,
                                  presentationStrokeStart: track?.shown(.strokeStart, at: time) ?? 0),
                     scheduledRelease: scheduledRelease)
    }
}
