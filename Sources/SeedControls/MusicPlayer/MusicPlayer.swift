import Animation
import Controls

/// The Facebook Music Stories spinning artwork (docs/design/music-player.md): a square cover with a
/// play/pause button whose ring shows progress; on play the cover blurs, shrinks into a disc and spins.
///
/// Layer tree (240×240 design units, y down):
/// - `disc`: turns about (120, 120); clipped by the inscribed circle scaled by `maskScale`
///   (1.5 shows the whole square, 1.0 the disc). Holds a white background, the artwork and the
///   blurred artwork (iOS's light blur: radius 30, saturation × 1.8, white at 0.3 over it; its
///   opacity cross-fades the blur).
/// - `button` at (72, 72), 96 wide, not rotating: the icon (69 pt artboard × 96/69), then the
///   progress ring (radius 40, width 8, white, butt caps, from 12 o'clock clockwise, by default).
///
/// Everything moves by engine animations on scene time. The progress ticks and the one completion
/// the control reacts to (the mask reaching the disc, which starts the spin) are handled in time
/// order in `advance(to:)`. Every command first advances to its time, and a time earlier than the
/// latest one advanced to is taken as that latest time.
///
/// Differences from the original, on purpose:
/// - Play resumes from the current progress; the original's fake player restarts at 0 and its first
///   tick animates the ring backwards (docs/design/music-player.md §Pause and replay). Playing after
///   reaching 100 replays from 0.
/// - Blur and mask animations start from the value on screen rather than from fixed ends, so a tap
///   during a transition reverses it smoothly; from rest the curves are the original's.
public struct MusicPlayer: Control, Codable {
    public var designSize: Size { Size(MusicPlayerLayout.side, MusicPlayerLayout.side) }

    /// The whole layer tree; see the type's documentation.
    public internal(set) var layer: ShapeLayer
    public private(set) var isPlaying = false
    public internal(set) var ticker = ProgressTicker()
    public private(set) var artwork: Bitmap
    /// The latest time the control has been advanced to.
    public private(set) var time: Double
    /// Ring, spin, blur, ticks and curves.
    public internal(set) var configuration: Configuration

    /// The model progress, 0…100.
    public var progress: Int { ticker.progress }

    /// `artwork` nil shows `DefaultArtwork`. Starts paused, progress 0, as a square.
    public init(artwork: Bitmap?, at time: Double, configuration: Configuration = Configuration()) {
        let bitmap = artwork ?? DefaultArtwork.bitmap
        self.artwork = bitmap
        self.time = time
        self.configuration = configuration
        ticker = ProgressTicker(interval: configuration.tickInterval)
        layer = Self.makeLayer(artwork: bitmap, configuration)
    }

    // MARK: Commands

    /// A tap anywhere on the control: pause while playing, play while paused.
    public mutating func toggle(at time: Double) {
        if isPlaying { pause(at: time) } else { play(at: time) }
    }

    /// Blurs (1.5 s ease-in-out), shrinks the mask into a disc (0.2 s linear), then spins once the
    /// mask animation completes; ticks resume from the current progress, the first 0.5 s later.
    /// Playing a finished track (progress 100) replays it from 0; with `restartsOnPlay` every play
    /// does, as the original's fake player: the ring stays until the first tick runs it back to 1 %.
    /// A no-op while playing.
    public mutating func play(at time: Double) {
        let t = catchUp(to: time)
        guard !isPlaying else { return }
        if configuration.restartsOnPlay {
            ticker.set(progress: 0)
        } else if ticker.isComplete {
            setRing(progress: 0, at: t)
        }
        startPlaying(at: t)
    }

    /// Stops the ticks (the running tick animation still finishes, so the ring freezes at most 0.5 s
    /// later), fades the blur out (1.5 s) and grows the mask back to the square (0.5 s).
    /// The spin is removed at once, so the cover **snaps back to 0°**, as the original does.
    /// A no-op while paused.
    public mutating func pause(at time: Double) {
        let t = catchUp(to: time)
        guard isPlaying else { return }
        isPlaying = false
        ticker.stop()
        layer.modify(MusicPlayerLayers.iconGlyph) { $0.path = PlayerIcons.glyph(isPlaying: false) }
        layer.modify(MusicPlayerLayers.disc) { $0.removeAnimation(forKey: MusicPlayerLayers.spinKey, at: t) }
        fadeBlur(to: 0, at: t)
        animateMask(to: MusicPlayerLayout.squareMaskScale, duration: MusicPlayerLayout.maskOutDuration, at: t)
    }

    /// Progress back to 0 (the ring animates down from what it shows over 0.5 s) and playing;
    /// the first tick comes 0.5 s later. While already playing the disc keeps spinning.
    public mutating func restart(at time: Double) {
        let t = catchUp(to: time)
        setRing(progress: 0, at: t)
        if isPlaying {
            ticker.start(at: t)
        } else {
            startPlaying(at: t)
        }
    }

    /// Jumps to `progress` (clamped to 0…100): the ring animates from what it shows to the new value
    /// over 0.5 s. While playing, the ticker restarts its phase: the next tick is 0.5 s after the
    /// seek (when the seek animation ends) and continues from `progress`.
    public mutating func seek(to progress: Int, at time: Double) {
        let t = catchUp(to: time)
        setRing(progress: progress, at: t)
        if isPlaying { ticker.start(at: t) }
    }

    /// Replaces the artwork of both the sharp and the blurred layer; the motion is untouched.
    public mutating func setArtwork(_ bitmap: Bitmap, at time: Double) {
        catchUp(to: time)
        artwork = bitmap
        layer.modify(MusicPlayerLayers.artwork) { $0.contents = .image(Self.sharp(bitmap)) }
        let effect = configuration.lightBlur
        layer.modify(MusicPlayerLayers.blurred) { $0.contents = .image(Self.blurred(bitmap, effect)) }
    }

    // MARK: Time

    /// Fires every tick and every animation stop up to `time`, in time order; at equal times,
    /// animation stops come first. A large jump gives exactly what small steps give.
    public mutating func advance(to time: Double) {
        while true {
            let tick = ticker.nextTick.flatMap { $0 <= time ? $0 : nil }
            if let stop = layer.nextStop(upTo: tick ?? time) {
                handle(stop)
                continue
            }
            if let tick {
                _ = ticker.fire(upTo: tick)
                animateRing(to: ticker.progress, at: tick)
                continue
            }
            break
        }
        self.time = max(self.time, time)
    }

    /// Also what a frame shows (`snapshot`): while playing, the opaque blurred cover hides the sharp
    /// one and the background beneath; the renderer leaves out what an opaque layer above covers, so
    /// the tree keeps them.
    public var layers: ShapeLayer { layer }

    public mutating func forgetAnimationRecords(endedBefore time: Double) {
        layer.forgetRecords(endedBefore: time)
    }

    // MARK: Internals

    @discardableResult
    private mutating func catchUp(to time: Double) -> Double {
        let t = max(time, self.time)
        advance(to: t)
        return t
    }

    private mutating func handle(_ stop: AnimationStop) {
        // The transaction completion of the mask animation (docs/design/music-player.md §Disc motion,
        // step 3): only a mask that reached the disc while still playing starts the spin, at the stop's exact
        // time.
        guard stop.layer == MusicPlayerLayers.disc.name, stop.key == MusicPlayerLayers.maskKey,
              stop.finished, isPlaying else { return }
        var spin = BasicAnimation(.rotation, from: .double(0), to: .double(2 * .pi),
                                  duration: configuration.rotationPeriod, timingFunction: configuration.spinCurve.function)
        spin.timing.repeatCount = .infinity
        layer.modify(MusicPlayerLayers.disc) { Self.attach(spin, key: MusicPlayerLayers.spinKey, at: stop.time, to: &$0) }
    }

    private mutating func startPlaying(at t: Double) {
        isPlaying = true
        ticker.start(at: t)
        layer.modify(MusicPlayerLayers.iconGlyph) { $0.path = PlayerIcons.glyph(isPlaying: true) }
        fadeBlur(to: 1, at: t)
        animateMask(to: MusicPlayerLayout.discMaskScale, duration: MusicPlayerLayout.maskInDuration, at: t)
    }

    private mutating func setRing(progress: Int, at t: Double) {
        ticker.set(progress: progress)
        animateRing(to: ticker.progress, at: t)
    }

    /// The original's `ProgressLayer.progress(_:)`: model strokeEnd = progress/100 and a strokeEnd
    /// animation as long as a tick (0.5 s, linear by default) from what is on screen to the model, kept
    /// and filling forwards.
    /// strokeStart stays 0 (its "eat the tail" rule is unreachable,
    /// docs/design/music-player.md §Progress ticks).
    private mutating func animateRing(to progress: Int, at t: Double) {
        let curve = configuration.ringCurve.function
        animate(.strokeEnd, of: MusicPlayerLayers.ring, to: Double(progress) / 100, duration: ticker.interval,
                key: MusicPlayerLayers.ringKey, at: t) {
            $0.timing.fillMode = .forwards
            $0.isRemovedOnCompletion = false
            $0.timingFunction = curve
        }
    }

    private mutating func fadeBlur(to opacity: Double, at t: Double) {
        let curve = configuration.blurFadeCurve.function
        animate(.opacity, of: MusicPlayerLayers.blurred, to: opacity, duration: MusicPlayerLayout.blurFadeDuration,
                key: MusicPlayerLayers.blurKey, at: t) { $0.timingFunction = curve }
    }

    private mutating func animateMask(to scale: Double, duration: Double, at t: Double) {
        let curve = configuration.maskCurve.function
        animate(.maskScale, of: MusicPlayerLayers.disc, to: scale, duration: duration, key: MusicPlayerLayers.maskKey,
                at: t) { $0.timingFunction = curve }
    }

    /// Core Animation's "set the model, add an animation with no from/to": from the value on screen
    /// to the new model value. The from value is read *before* the model changes: in Core Animation
    /// the presentation still shows the last committed value, whereas `ShapeLayer.add` resolves a
    /// missing from value against the model as it is now (see the engine note in the report).
    private mutating func animate(_ property: LayerProperty, of target: LayerPath,
                                  to value: Double, duration: Double, key: String, at t: Double,
                                  _ configure: (inout BasicAnimation) -> Void = { _ in }) {
        layer.modify(target) { sublayer in
            let from = sublayer.presentationValue(property, at: t)
            sublayer.setModelValue(.double(value), for: property)
            var a = BasicAnimation(property, from: from, to: .double(value), duration: duration)
            configure(&a)
            Self.attach(a, key: key, at: t, to: &sublayer)
        }
    }

    /// Adds an animation to one layer of the tree. Every value here fits its property, so adding
    /// cannot fail; a failure would be a programming error.
    private static func attach(_ animation: BasicAnimation, key: String, at t: Double, to layer: inout ShapeLayer) {
        do {
            try layer.add(animation, forKey: key, at: t)
        } catch {
            assertionFailure("MusicPlayer: \(error)")
        }
    }
}

// MARK: - The layer tree

extension MusicPlayer {
    static func sharp(_ bitmap: Bitmap) -> ImageContent {
        ImageContent(bitmap: bitmap, rect: Rect(x: 0, y: 0, width: MusicPlayerLayout.side, height: MusicPlayerLayout.side))
    }

    static func blurred(_ bitmap: Bitmap, _ effect: ImageEffect) -> ImageContent {
        ImageContent(bitmap: bitmap, rect: Rect(x: 0, y: 0, width: MusicPlayerLayout.side, height: MusicPlayerLayout.side),
                     effect: effect)
    }

    /// The progress ring's circle: round the button's centre, its half side less the line width, from
    /// 12 o'clock clockwise.
    static func ringPath(width: Double) -> Path {
        let c = MusicPlayerLayout.buttonSide / 2
        return .circle(center: Point(c, c), radius: c - width, startAngle: -.pi / 2, clockwise: true)
    }

    static func makeLayer(artwork: Bitmap, _ configuration: Configuration) -> ShapeLayer {
        typealias L = MusicPlayerLayout
        typealias N = MusicPlayerLayers
        let square = Rect(x: 0, y: 0, width: L.side, height: L.side)

        // The container's white background; the artwork covers it unless it has transparency.
        var background = ShapeLayer(name: N.background.name)
        background.path = .rect(square)
        background.fillColor = .white

        var sharp = ShapeLayer(name: N.artwork.name)
        sharp.contents = .image(Self.sharp(artwork))
        var blurred = ShapeLayer(name: N.blurred.name)
        blurred.contents = .image(Self.blurred(artwork, configuration.lightBlur))
        blurred.opacity = 0

        // Anchor and position at the centre: the disc's coordinates are the control's at rest,
        // and rotation and mask scale turn about (120, 120).
        var disc = ShapeLayer(name: N.disc.name)
        disc.position = L.center
        disc.anchor = L.center
        disc.mask = .ellipse(in: square)
        disc.maskScale = L.squareMaskScale
        disc.sublayers = [background, sharp, blurred]

        var iconRing = ShapeLayer(name: N.iconRing.name)
        iconRing.path = PlayerIcons.ring
        iconRing.fillColor = nil
        iconRing.strokeColor = .white
        iconRing.lineWidth = PlayerIcons.ringLineWidth
        var glyph = ShapeLayer(name: N.iconGlyph.name)
        glyph.path = PlayerIcons.glyph(isPlaying: false)
        glyph.fillColor = .white
        var icon = ShapeLayer(name: N.icon.name)
        icon.scale = L.iconScale
        icon.sublayers = [iconRing, glyph]

        var ring = ShapeLayer(name: N.ring.name)
        ring.path = ringPath(width: configuration.ringWidth)
        ring.fillColor = nil
        ring.strokeColor = configuration.ringColor
        ring.lineWidth = configuration.ringWidth
        ring.lineCap = .butt
        ring.strokeEnd = 0

        // In the original the icon is the button's image and the ring its layer's shape, which
        // draws above the image: icon first, ring on top.
        var button = ShapeLayer(name: N.button.name)
        button.position = L.buttonOrigin
        button.sublayers = [icon, ring]

        var root = ShapeLayer(name: N.root)
        root.sublayers = [disc, button]
        return root
    }
}
