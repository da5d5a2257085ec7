import Animation
import Controls

extension RecordingMeter {
    /// Puts `new` into effect at `time`, at once (docs/design/props.md §Immediately): the ring's width,
    /// colours and radius on every layer, the segments recoloured, and a running recording re-run from
    /// what is on screen on the new curve. The duration changes only while the meter is empty (as
    /// `setDuration`); otherwise the whole change is refused and nothing changes.
    public mutating func configure(_ new: Configuration, at time: Double) throws(PropRefusal) {
        advance(to: time)
        let old = configuration
        guard new != old else { return }
        guard new.duration == old.duration || segmentCount == 0 else {
            throw PropRefusal(prop: "duration", reason: MeterError.notEmpty.description,
                              remedy: "POST /meter/reset, then change the duration")
        }
        configuration = new
        if new.inset != old.inset { circlePath = Self.circle(inset: new.inset) }
        let path = circlePath
        var position = 0
        let numbers = segmentNumbers
        root.modifySublayers { layer in
            layer.path = path
            layer.lineWidth = new.lineWidth
            if layer.name == Self.track.name {
                layer.strokeColor = new.trackColor
            } else {
                layer.strokeColor = Self.color(position: position, number: numbers[position], new)
                position += 1
            }
        }
        if isRecording, new.strokeCurve != old.strokeCurve { updateAnimations(at: time) }
    }
}
