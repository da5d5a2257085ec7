import APIModel
import Controls

/// The parameters of the timeline and of frames at a scene time, declared once.
package enum TimelineParameters {
    /// Scene times are seconds since the clock started; any finite value within reason parses, and
    /// the kept history decides what is shown.
    package static let sceneTimes: ClosedRange<Double> = -1e9...1e9

    package static let from = Param.number("from", sceneTimes, unit: "seconds", in: .query,
                                   "Start of the window in scene time; default \(ParameterType.format(lookBack)) s "
                                       + "before now (cut to the kept history).")
    package static let to = Param.number("to", sceneTimes, unit: "seconds", in: .query,
                                 "End of the window in scene time; default \(ParameterType.format(lookAhead)) s after now (cut to as "
                                       + "far ahead as the kept history reaches back).")

    package static let control = Param.control("control", all: true, in: .query,
                                               "Only this control's lanes and commands; `all` shows every control.")
        .defaulting(FrameSubject.all)

    package static let lookBack = 10.0
    package static let lookAhead = 2.0

    /// The setting `--history-span`: how much scene time before now a frame, a clip or the timeline
    /// can go back to, and how far ahead an `at=` frame may go.
    package static let historySpan = Param.number(
        "historySpan", 1...600, unit: "seconds", in: .query,
        "Seconds of scene time kept back from now (copies, commands and animation records); frames at a time "
            + "outside it are refused."
    ).defaulting(LiveScene.defaultHistorySpan)

    /// A window's bounds: the given ones, or the default around `now` (never past the other bound
    /// given); refused when both are given inverted.
    package static func window(_ input: Input, now: Double) throws(Refusal) -> (from: Double, to: Double) {
        let givenFrom = try input[Self.from], givenTo = try input[Self.to]
        let from = givenFrom ?? min(now - lookBack, givenTo ?? now)
        let to = givenTo ?? max(now + lookAhead, from)
        guard from <= to else {
            throw Refusal(.invalid, "'from' is after 'to'", parameter: "from", allowed: "a scene time at or before 'to'")
        }
        return (from, to)
    }
}

extension LiveScene {
    /// The answer for a scene time outside the kept history, naming the span and the times it holds now.
    package func outsideHistory(_ parameter: String, _ time: Double) -> Refusal {
        let kept = showableTimes()
        func seconds(_ t: Double) -> String { ParameterType.format((t * 1000).rounded() / 1000) }
        return Refusal(
            .invalid, "scene time \(ParameterType.format(time)) is outside the kept history",
            parameter: parameter,
            allowed: "\(seconds(kept.from))–\(seconds(kept.to)) now: the last "
                + "\(ParameterType.format(historySpan)) s (--history-span) and as far ahead")
    }
}
