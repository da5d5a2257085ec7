import Animation
import Controls

extension PlayButton {
    /// Puts `new` into effect at `time`, at once, also for what is running (docs/design/props.md
    /// §Immediately; the original shows new bar and square values only from the next `setMode`,
    /// docs/design/play-button.md §Where Layercast differs):
    /// - colours: the resting fills repaint, and a running colour change heads for the new colour and
    ///   still ends with its step;
    /// - shapes: every shape is rebuilt, and each path the shapes show or animate to that was one of the
    ///   old shapes becomes that shape under the new values;
    /// - durations: the running steps, or the buffering loop, stretch about `time`, keeping their
    ///   progress (a loop keeps its phase);
    /// - curves: the running animations of that kind take the new curve.
    /// The content mode is read each time a frame is fitted.
    public mutating func configure(_ new: Configuration, at time: Double) {
        advance(to: time)
        let old = configuration
        guard new != old else { return }
        configuration = new
        if new.geometry != old.geometry { reshape(from: old.geometry, at: time) }
        retime(stepFactor: new.animationStepDuration / old.animationStepDuration,
               loopFactor: new.bufferingDuration / old.bufferingDuration, at: time)
        recurve(from: old, at: time)
        if !sameColors(new, old) {
            let vertical = isVerticalModel
            recolor(.left, to: new.tint(vertical: vertical), at: time)
            recolor(.right, to: new.tint(vertical: vertical), at: time)
            recolor(.background, to: new.background(vertical: vertical), at: time)
        }
    }

    private func sameColors(_ a: Configuration, _ b: Configuration) -> Bool {
        a.playBufferingBackgroundColor == b.playBufferingBackgroundColor && a.playBufferingTintColor == b.playBufferingTintColor
            && a.pauseStopBackgroundColor == b.pauseStopBackgroundColor && a.pauseStopTintColor == b.pauseStopTintColor
    }

    /// Rebuilds the shapes and swaps each old shape, in the model and in the running path animations,
    /// for the new one. When old shapes coincide (a zero bar radius puts the pause bars on the bar),
    /// the mode's resting shape of that layer is taken first.
    private mutating func reshape(from oldGeometry: Geometry, at time: Double) {
        let oldPaths = Self.paths(of: oldGeometry)
        paths = Self.paths(of: configuration.geometry)
        let newPaths = paths
        let (leftRest, rightRest) = Self.restingShapes(mode)
        for (part, rest) in [(Part.left, leftRest), (.right, rightRest)] {
            let order = [rest] + Shape.allCases.filter { $0 != rest }
            let substitute = { (value: AnimatableValue) -> AnimatableValue in
                guard case .path(let p) = value, let shape = order.first(where: { oldPaths[$0] == p }),
                      let replacement = newPaths[shape] else { return value }
                return .path(replacement)
            }
            modify(part) { layer in
                if let p = layer.path, case .path(let replacement) = substitute(.path(p)) { layer.path = replacement }
                layer.editAnimation(forKey: LayerProperty.path.rawValue) { $0 = $0.mappingValues(substitute) }
            }
        }
    }

    /// The shapes (left, right) at rest in `mode` (docs/design/play-button.md §Modes at rest).
    static func restingShapes(_ mode: Mode) -> (Shape, Shape) {
        switch mode {
        case .play: (.triangle, .triangle)
        case .buffering: (.bar, .bar)
        case .pause: (.pauseLeft, .pauseRight)
        case .stop: (.square, .square)
        }
    }

    /// Stretches every animation still running on the shapes and the circle: the buffering loop by
    /// `loopFactor`, every step by `stepFactor`.
    private mutating func retime(stepFactor: Double, loopFactor: Double, at time: Double) {
        guard stepFactor != 1 || loopFactor != 1 else { return }
        for part in [Part.left, .right, .background] {
            modify(part) { layer in
                for attached in layer.animations where attached.animation.timing.endTime > time {
                    let factor = Self.isLoop(attached.animation) ? loopFactor : stepFactor
                    layer.editAnimation(forKey: attached.key) { $0.timing.rescale(by: factor, around: time) }
                }
            }
        }
    }

    /// Gives each running animation the curve of its kind, where that curve changed.
    private mutating func recurve(from old: Configuration, at time: Double) {
        let new = configuration
        let path = LayerProperty.path.rawValue
        for (part, key) in [(Part.left, path), (.right, path), (.left, LayerProperty.rotation.rawValue),
                            (.right, LayerProperty.rotation.rawValue), (.left, LayerProperty.fillColor.rawValue),
                            (.right, LayerProperty.fillColor.rawValue), (.background, LayerProperty.fillColor.rawValue),
                            (.scale, LayerProperty.scale.rawValue)] {
            modify(part) { layer in
                guard let attached = layer.animation(forKey: key), attached.animation.timing.endTime > time else { return }
                let curve: KeyPath<Configuration, TimingCurve> = switch (part, key) {
                case (.scale, _): \.highlightCurve
                case (_, path): Self.isLoop(attached.animation) ? \.bufferingCurve : \.morphCurve
                default: \.rotationCurve
                }
                guard new[keyPath: curve] != old[keyPath: curve] else { return }
                layer.editAnimation(forKey: key) { $0.timingFunction = new[keyPath: curve].function }
            }
        }
    }

    /// The buffering loop is the one keyframe animation, and the one that repeats.
    private static func isLoop(_ animation: LayerAnimation) -> Bool {
        if case .keyframe = animation { return true }
        return false
    }
}
