import Animation
import Controls

extension MusicPlayer {
    /// Puts `new` into effect at `time`, at once (docs/design/props.md §Immediately): the ring's width
    /// and colour, the blur of the cover; a spinning disc keeps its angle and turns at the new period
    /// from now; a running tick stretches to the new interval (and the next tick with it); running
    /// animations take their new curves. `restartsOnPlay` shows at the next play.
    public mutating func configure(_ new: Configuration, at time: Double) {
        let t = max(time, self.time)
        advance(to: t)
        let old = configuration
        guard new != old else { return }
        configuration = new
        if new.ringWidth != old.ringWidth || new.ringColor != old.ringColor {
            layer.modify(MusicPlayerLayers.ring) { ring in
                ring.path = Self.ringPath(width: new.ringWidth)
                ring.lineWidth = new.ringWidth
                ring.strokeColor = new.ringColor
            }
        }
        if new.lightBlur != old.lightBlur {
            let artwork = self.artwork
            layer.modify(MusicPlayerLayers.blurred) { $0.contents = .image(Self.blurred(artwork, new.lightBlur)) }
        }
        if new.rotationPeriod != old.rotationPeriod {
            stretch(MusicPlayerLayers.disc, key: MusicPlayerLayers.spinKey, by: new.rotationPeriod / old.rotationPeriod, at: t)
        }
        if new.tickInterval != old.tickInterval {
            stretch(MusicPlayerLayers.ring, key: MusicPlayerLayers.ringKey, by: new.tickInterval / old.tickInterval, at: t)
            ticker.retime(interval: new.tickInterval, at: t)
        }
        recurve(MusicPlayerLayers.blurred, key: MusicPlayerLayers.blurKey, new.blurFadeCurve, was: old.blurFadeCurve, at: t)
        recurve(MusicPlayerLayers.disc, key: MusicPlayerLayers.maskKey, new.maskCurve, was: old.maskCurve, at: t)
        recurve(MusicPlayerLayers.disc, key: MusicPlayerLayers.spinKey, new.spinCurve, was: old.spinCurve, at: t)
        recurve(MusicPlayerLayers.ring, key: MusicPlayerLayers.ringKey, new.ringCurve, was: old.ringCurve, at: t)
    }

    /// Stretches the animation under `key` about `time`, if it still runs.
    private mutating func stretch(_ target: LayerPath, key: String, by factor: Double, at time: Double) {
        layer.modify(target) { layer in
            guard let running = layer.animation(forKey: key), running.animation.timing.endTime > time else { return }
            layer.editAnimation(forKey: key) { $0.timing.rescale(by: factor, around: time) }
        }
    }

    private mutating func recurve(_ target: LayerPath, key: String, _ curve: TimingCurve, was old: TimingCurve,
                                  at time: Double) {
        guard curve != old else { return }
        layer.modify(target) { layer in
            guard let running = layer.animation(forKey: key), running.animation.timing.endTime > time else { return }
            layer.editAnimation(forKey: key) { $0.timingFunction = curve.function }
        }
    }
}
