import Animation
import Controls

extension PlayButton {
    /// One animation step of docs/design/play-button.md §Steps. Every step but the buffering loop
    /// takes the step duration (0.2 s by default).
    public enum Step: String, Sendable, CaseIterable, Codable {
        /// Both paths to the horizontal bar.
        case triangleToBar
        /// Both paths to the triangle.
        case barToTriangle
        /// Both shapes to 90°, fills to the pause/stop tint, background to the pause/stop colour.
        case barRotateVertical
        /// Both shapes to 0°, fills and background to the play/buffering colours.
        case barRotateHorizontal
        /// Left path to pause-left, right path to pause-right.
        case splitBar
        /// Both paths to the bar.
        case mergeBars
        /// Both paths to the square.
        case expandBar
        /// Both paths to the bar.
        case shrinkBar
        /// The looping keyframes bar, dot right, bar, dot left, bar (one buffering cycle, forever).
        case buffering
        /// Both paths to the bar.
        case bufferingToBar
    }

    /// What runs next and the state it results in. A nil step only changes the state (reaching idle).
    public struct Transition: Sendable, Hashable {
        public var step: Step?
        public var result: AnimationState

        public init(_ step: Step?, _ result: AnimationState) {
            self.step = step
            self.result = result
        }
    }

    /// The forward chain of docs/design/play-button.md §Forward chain: what follows when the step that put
    /// the button in `state` finishes, given the target `mode`. nil when nothing follows.
    public static func transition(after state: AnimationState, mode: Mode) -> Transition? {
        switch state {
        case .playToBar(.playIdle):
            return Transition(.triangleToBar, .playToBar(.triangleToBar))
        case .playToBar(.triangleToBar), .pauseToBar(.barRotateHorizontal), .stopToBar(.barRotateHorizontal),
             .buffering(.toBar):
            switch mode {
            case .buffering: return Transition(.buffering, .buffering(.buffering))
            case .pause: return Transition(.barRotateVertical, .barToPause(.barRotateVertical))
            case .stop: return Transition(.barRotateVertical, .barToStop(.barRotateVertical))
            case .play: return Transition(.barToTriangle, .barToPlay(.barToTriangle))
            }
        case .barToPause(.barRotateVertical):
            return Transition(.splitBar, .barToPause(.barSplit))
        case .barToStop(.barRotateVertical):
            return Transition(.expandBar, .barToStop(.barExpand))
        case .pauseToBar(.pauseIdle):
            return Transition(.mergeBars, .pauseToBar(.barsMerge))
        case .stopToBar(.stopIdle):
            return Transition(.shrinkBar, .stopToBar(.barShrink))
        case .pauseToBar(.barsMerge):
            return mode == .stop
                ? Transition(.expandBar, .barToStop(.barExpand))
                : Transition(.barRotateHorizontal, .pauseToBar(.barRotateHorizontal))
        case .stopToBar(.barShrink):
            return mode == .pause
                ? Transition(.splitBar, .barToPause(.barSplit))
                : Transition(.barRotateHorizontal, .stopToBar(.barRotateHorizontal))
        case .barToPlay(.barToTriangle):
            return Transition(nil, .barToPlay(.play))
        case .barToPause(.barSplit):
            return Transition(nil, .barToPause(.pause))
        case .barToStop(.barExpand):
            return Transition(nil, .barToStop(.stop))
        case .buffering(.buffering):
            return mode == .buffering ? nil : Transition(.bufferingToBar, .buffering(.toBar))
        case .barToPlay(.play), .barToPause(.pause), .barToStop(.stop):
            return nil
        }
    }

    /// What `setMode(mode, animated: true)` does in `state` (docs/design/play-button.md §Interruption), once
    /// the new mode is stored. `.run(basedOn:)` starts `transition(after: basedOn, mode: mode)` at once: the
    /// step that follows the state on the opposite path.
    public enum Interruption: Sendable, Hashable {
        /// The running step already heads the right way (or the button rests in `mode`): the chain picks
        /// the right branch at the next hub or shortcut.
        case `continue`
        case run(basedOn: AnimationState)
    }

    public static func interruption(from state: AnimationState, to mode: Mode) -> Interruption {
        let fromPlay = AnimationState.playToBar(.playIdle)
        let fromPause = AnimationState.pauseToBar(.pauseIdle)
        let fromStop = AnimationState.stopToBar(.stopIdle)
        let hub = AnimationState.playToBar(.triangleToBar)
        switch (state, mode) {
        // Play idle in either form, or heading there.
        case (.playToBar(.playIdle), .play), (.barToPlay, .play): return .continue
        case (.playToBar(.playIdle), _), (.barToPlay, _): return .run(basedOn: fromPlay)
        case (.playToBar(.triangleToBar), .play): return .run(basedOn: hub)
        case (.playToBar(.triangleToBar), _): return .continue

        case (.barToPause(.barRotateVertical), .pause): return .continue
        // Stop: expand at once (the rotation keeps running); play, buffering: rotate back.
        case (.barToPause(.barRotateVertical), _): return .run(basedOn: .pauseToBar(.barsMerge))
        case (.barToPause, .pause), (.pauseToBar(.pauseIdle), .pause): return .continue
        case (.barToPause, _), (.pauseToBar(.pauseIdle), _): return .run(basedOn: fromPause)
        case (.pauseToBar(.barsMerge), .pause): return .run(basedOn: .barToPause(.barRotateVertical))
        case (.pauseToBar(.barsMerge), _): return .continue
        case (.pauseToBar(.barRotateHorizontal), .pause): return .run(basedOn: hub)
        case (.pauseToBar(.barRotateHorizontal), _): return .continue

        case (.barToStop(.barRotateVertical), .stop): return .continue
        // Pause: split at once (the rotation keeps running); play, buffering: rotate back.
        case (.barToStop(.barRotateVertical), _): return .run(basedOn: .stopToBar(.barShrink))
        case (.barToStop, .stop), (.stopToBar(.stopIdle), .stop): return .continue
        case (.barToStop, _), (.stopToBar(.stopIdle), _): return .run(basedOn: fromStop)
        case (.stopToBar(.barShrink), .stop): return .run(basedOn: .barToStop(.barRotateVertical))
        case (.stopToBar(.barShrink), _): return .continue
        case (.stopToBar(.barRotateHorizontal), .stop): return .run(basedOn: hub)
        case (.stopToBar(.barRotateHorizontal), _): return .continue

        case (.buffering(.buffering), .buffering): return .continue
        case (.buffering(.buffering), _): return .run(basedOn: state)
        // Any state whose step ends on the bar, so the loop restarts from the presented path.
        case (.buffering(.toBar), .buffering): return .run(basedOn: hub)
        case (.buffering(.toBar), _): return .continue
        }
    }
}

// MARK: Running steps on the layers

extension PlayButton {
    /// Adds the animations of `step` at `time` (docs/design/play-button.md §Steps): on the configured
    /// curves (linear by default), from the presented values, with the model set to the target first,
    /// one animation per (layer, property) key.
    mutating func start(_ step: Step, at time: Double) {
        switch step {
        case .triangleToBar, .mergeBars, .shrinkBar, .bufferingToBar: morph(left: .bar, right: .bar, at: time)
        case .barToTriangle: morph(left: .triangle, right: .triangle, at: time)
        case .splitBar: morph(left: .pauseLeft, right: .pauseRight, at: time)
        case .expandBar: morph(left: .square, right: .square, at: time)
        case .barRotateVertical: rotate(vertical: true, at: time)
        case .barRotateHorizontal: rotate(vertical: false, at: time)
        case .buffering: startBufferingLoop(at: time)
        }
    }

    mutating func morph(left: Shape, right: Shape, at time: Double) {
        let c = configuration
        animate(.left, .path, to: .path(path(left)), duration: c.animationStepDuration, curve: c.morphCurve, at: time)
        animate(.right, .path, to: .path(path(right)), duration: c.animationStepDuration, curve: c.morphCurve, at: time)
    }

    /// The rotation steps are the only ones that change colours: the shapes turn about the centre while
    /// both fills and the background blend in RGB to the other side's colours (linearly by default).
    mutating func rotate(vertical: Bool, at time: Double) {
        let c = configuration
        let angle = vertical ? Double.pi / 2 : 0
        let tint = c.tint(vertical: vertical), background = c.background(vertical: vertical)
        let (duration, curve) = (c.animationStepDuration, c.rotationCurve)
        for part in [Part.left, .right] {
            // Rotation first: at equal end times its (primary) stop is delivered before the fill's.
            animate(part, .rotation, to: .double(angle), duration: duration, curve: curve, at: time)
            animate(part, .fillColor, to: .color(tint), duration: duration, curve: curve, at: time)
        }
        animate(.background, .fillColor, to: .color(background), duration: duration, curve: curve, at: time)
    }

    /// Keyframes bar, dot right, bar, dot left, bar on both paths, evenly spaced over the buffering
    /// duration, repeating forever; the first keyframe is the path on screen now and the model rests on
    /// the bar.
    mutating func startBufferingLoop(at time: Double) {
        let bar = path(.bar), right = path(.dotRight), left = path(.dotLeft)
        let c = configuration
        for part in [Part.left, .right] {
            modify(part) { layer in
                let current = layer.presentationValue(.path, at: time)
                layer.path = bar
                var loop = KeyframeAnimation(.path, values: [current, .path(right), .path(bar), .path(left), .path(bar)],
                                             duration: c.bufferingDuration)
                loop.timing.repeatCount = .infinity
                loop.timingFunction = c.bufferingCurve.function
                Self.attach(.keyframe(loop), to: &layer, at: time)
            }
        }
    }

    /// One basic animation from the value presented at `time` to `value`, with the model set to `value`.
    /// The from-value is read before the model changes: the engine would otherwise take a missing one
    /// from the new model when nothing else animates the property.
    mutating func animate(_ part: Part, _ property: LayerProperty, to value: AnimatableValue, duration: Double,
                          curve: TimingCurve, at time: Double) {
        modify(part) { layer in
            let from = layer.presentationValue(property, at: time)
            layer.setModelValue(value, for: property)
            let animation = BasicAnimation(property, from: from, to: value, duration: duration,
                                           timingFunction: curve.function)
            Self.attach(.basic(animation), to: &layer, at: time)
        }
    }

    /// Adds under the property's own key, replacing what ran there. Every shape has the same 11-element
    /// structure, so adding cannot fail; if it ever does, that is a bug in the shapes.
    static func attach(_ animation: LayerAnimation, to layer: inout ShapeLayer, at time: Double) {
        guard let property = animation.properties.first else { return }
        do {
            try layer.add(animation, forKey: property.rawValue, at: time)
        } catch {
            assertionFailure("play button: cannot animate \(property.rawValue): \(error)")
        }
    }
}
