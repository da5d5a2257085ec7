import Animation

extension RecordingMeter {
    /// What `/state` reports for the meter at one time: model and presentation values of every layer.
    public struct State: Codable, Sendable, Equatable {
        public var duration: Double
        public var recording: Bool
        public var complete: Bool
        /// Recorded fraction × duration, from presentation values.
        public var elapsed: Double
        public var remaining: Double
        /// Ours: the label's text and whether it is drawn.
        public var label: String
        public var showsLabel: Bool
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
        let shown = root.presentation(at: time)
        let segmentStates = zip(segments, shown.sublayers.dropFirst()).map { model, presented in
            State.Segment(color: (model.strokeColor ?? .clear).hex,
                          model: .init(strokeStart: model.strokeStart, strokeEnd: model.strokeEnd),
                          presentation: .init(strokeStart: presented.strokeStart, strokeEnd: presented.strokeEnd))
        }
        let elapsed = elapsed(at: time)
        return State(duration: duration, recording: isRecording, complete: isComplete,
                     elapsed: elapsed, remaining: duration - elapsed,
                     label: Self.formatElapsed(elapsed), showsLabel: showsLabel,
                     segmentCount: segmentCount, segments: segmentStates,
                     track: .init(modelStrokeStart: track.strokeStart,
                                  presentationStrokeStart: shown.sublayers[0].strokeStart),
                     scheduledRelease: scheduledRelease)
    }
}
