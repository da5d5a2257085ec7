import LayercastKit

extension HamburgerButton {
    /// Changes the state, animating as the original's table says (README.md §The original,
    /// Animations): for each animated value, the value presented at `time` is read, the model is
    /// set to the target, and an animation from the one to the other is added under the value's key
    /// path, replacing the running one. It begins `delay` after `time` and fills backwards, so it holds
    /// its from value while it waits. Nothing happens when the state is already `open`.
    ///
    /// The outer strokes' transform is split into the engine's two properties, because the engine
    /// blends a `transform` value matrix entry by matrix entry, while Core Animation blends the
    /// decomposed transform (translation, and rotation through the angles between): the translation
    /// goes on `transform` (a pure translation blends exactly as Core Animation does), the angle on
    /// `transform.rotation.z`. Both run with the same timing, and `ShapeLayer.parentTransform` composes
    /// them as position · translation · rotation · translation(−anchor), which is Core Animation's
    /// translate-then-rotate matrix applied about the anchor, at every instant.
    mutating func change(toOpen open: Bool, at time: Double) {
        advance(to: time)
        guard open != isOpen else { return }
        isOpen = open
        let target: Pose = open ? .open : .closed
        let c = configuration
        animate(.middle, .strokeStart, to: .double(target.strokeStart), c.motion(.strokeStart, opening: open), at: time)
        animate(.middle, .strokeEnd, to: .double(target.strokeEnd), c.motion(.strokeEnd, opening: open), at: time)
        let transform = c.motion(.transform, opening: open)
        for (part, angle) in [(Part.top, target.topAngle), (.bottom, target.bottomAngle)] {
            animate(part, .transform, to: .transform(.translation(target.translationX, 0)), transform, at: time)
            animate(part, .rotation, to: .double(angle), transform, at: time)
        }
    }

    /// One animation of the table: from the value `part` presents at `time` to `value`, which becomes
    /// the model value at once. The presented value is read before the model changes, as Core Animation's
    /// presentation layer would still show it (docs/design/engine.md §Model and presentation).
    private mutating func animate(_ part: Part, _ property: LayerProperty, to value: AnimatableValue,
                                  _ motion: Motion, at time: Double) {
        modify(part) { layer in
            let presented = layer.presentationValue(property, at: time)
            var animation = BasicAnimation(property, from: presented, to: value, duration: motion.duration,
                                           timingFunction: motion.curve)
            animation.timing.beginTime = time + motion.delay
            animation.timing.fillMode = .backwards
            layer.setModelValue(value, for: property)
            // The values fit their properties (a double, a transform), so adding cannot fail.
            try? layer.add(animation, forKey: property.rawValue, at: time)
        }
    }
}
