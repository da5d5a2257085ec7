import Animation
import Controls

/// Spark Camera's recording meter, rebuilt as subjc's post "Spark Camera's recording meter" (2014)
/// and its repository `subjc/SparkRecordingCircle` build it (docs/design/recording-meter.md).
///
/// A light-grey track and one shape layer per recorded scene share a single circular path that
/// starts at 9 o'clock and runs counter-clockwise on screen. A press adds a segment and runs the
/// post's `updateAnimations`: linear strokeEnd/strokeStart animations over the time left, the
/// newest segment growing out of the start while older ones slide along and the track shrinks. A
/// release pauses: presentation values are copied into the model and the animations removed. The
/// track's animation stopping with `finished = true` marks the ring complete.
///
/// Everything moves by engine animations; the closed form (docs/design/recording-meter.md §Closed form) is
/// only what the tests check. Beyond the clone (ours, shown unless a frame's options leave it out): a centred
/// elapsed-time label.
public struct RecordingMeter: Control, Codable {
    public static let defaultDuration = 45.0
    /// Durations the `duration` prop (and `setDuration(_:at:)`) accepts, in seconds.
    public static let durationRange = 1.0...600.0
    /// Hold lengths `hold(seconds:at:)` accepts, in seconds.
    public static let holdRange = 0.05...600.0
    /// The original's design: the sample view's portrait width, 320 pt, as a square the ring is
    /// centred in (docs/design/recording-meter.md §Geometry). Frames scale it uniformly.
    static let size = Size(320, 320)
    public var designSize: Size { RecordingMeter.size }
    /// Centred, as the original means it (its swapped (midY, midX) only lands there by accident).
    static let center = Point(size.width / 2, size.height / 2)
    /// Ours: the label's size at the 320 design size (the same share of the ring as 56 had at the
    /// former 480 design, 0.26 of the radius), and UIColor.darkGray (white 1/3).
    public static let labelFontSize = 36.0
    public static let labelColor = Color(white: 1.0 / 3.0)
    /// On a dark backdrop the label's lightness is mirrored, so that it reads as well as on white.
    public static let darkBackdropLabelColor = Color(white: 1 - labelColor.red)

    /// The layers by name, as animation stops and snapshots report them: the root holds the track,
    /// then the segments (oldest first, so newest on top), then in a frame the label.
    public static let rootName = "meter"
    static let track = LayerPath.root.appending("track")
    static let label = LayerPath.root.appending("label")
    /// The `number`th segment recorded since the last reset, from 1.
    static func segment(_ number: Int) -> LayerPath {
        LayerPath.root.appending("segment.\(number)")
    }
    /// The post's animation keys; the track's strokeStart animation is the one with the delegate.
    static let keys = (start: "strokeStartAnimation", end: "strokeEndAnimation")

    /// Duration, line width, colours, inset and curve.
    public internal(set) var configuration: Configuration
    /// Seconds a full ring takes.
    public var duration: Double { configuration.duration }
    /// Pressed (touch down) and not yet released or complete.
    public private(set) var isRecording = false
    /// The track's animation ran to its end (the original's `circleComplete`); presses now throw.
    public private(set) var isComplete = false
    /// When a `hold(seconds:at:)` releases, if one is pending.
    public private(set) var scheduledRelease: Double?
    /// The layer tree: the track first, then one layer per segment, oldest first (newest on top).
    public internal(set) var root: ShapeLayer
    /// The one path the track and every segment share: centre (160,160), radius 160 − inset (140 by
    /// default), from angle π counter-clockwise on screen, so path fraction f sits at angle π − 2πf.
    public internal(set) var circlePath: Path
    /// How many segments were made since `init`; each segment's number in that count, oldest first.
    private var created = 0
    var segmentNumbers: [Int] = []

    /// `duration` is clamped into `durationRange`; `seed` fixes the sequence of segment colours.
    public init(duration: Double = RecordingMeter.defaultDuration, seed: UInt64) {
        var configuration = Configuration()
        configuration.duration = duration
        configuration.seed = seed
        self.init(configuration: configuration)
    }

    public init(configuration: Configuration) {
        var configuration = configuration
        configuration.duration = min(max(configuration.duration, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        self.configuration = configuration
        circlePath = Self.circle(inset: configuration.inset)
        root = ShapeLayer(name: Self.rootName)
        root.sublayers = [Self.trackLayer(path: circlePath, configuration)]
    }

    // MARK: Layers

    /// Centred, radius half the side less the inset.
    static func circle(inset: Double) -> Path {
        .arc(center: center, radius: min(size.width, size.height) / 2 - inset, startAngle: .pi, endAngle: -.pi,
             clockwise: false)
    }

    /// A layer stroking the shared circle as the post's layers do: no fill, `lineWidth`, butt caps.
    private static func ringLayer(named name: String, path: Path, color: Color, lineWidth: Double) -> ShapeLayer {
        var layer = ShapeLayer(name: name)
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = color
        layer.lineWidth = lineWidth
        layer.lineCap = .butt
        return layer
    }

    private static func trackLayer(path: Path, _ c: Configuration) -> ShapeLayer {
        ringLayer(named: track.name, path: path, color: c.trackColor, lineWidth: c.lineWidth)
    }

    /// The post's `addNewLayer`: the shared path, a random colour, strokeEnd 0.
    private static func segmentLayer(named name: String, path: Path, color: Color, lineWidth: Double) -> ShapeLayer {
        var layer = ringLayer(named: name, path: path, color: color, lineWidth: lineWidth)
        layer.strokeEnd = 0
        return layer
    }

    /// The colour of the segment at `position` in the ring (0 the oldest) that was the `number`th made:
    /// the configured list's, or the original's random colour.
    static func color(position: Int, number: Int, _ c: Configuration) -> Color {
        if !c.segmentColors.isEmpty { return c.segmentColors[position % c.segmentColors.count] }
        var generator = SeededGenerator(seed: c.seed, skipping: 3 * (number - 1))
        return randomColor(using: &generator)
    }

    /// The original's `randomColor`: hue (r mod 256)/256, saturation and brightness
    /// (r mod 128)/256 + 0.5 ("away from white", "away from black"), one draw each.
    static func randomColor(using generator: inout SeededGenerator) -> Color {
        let hue = Double(generator.next() % 256) / 256
        let saturation = Double(generator.next() % 128) / 256 + 0.5
        let brightness = Double(generator.next() % 128) / 256 + 0.5
        return Color(hue: hue, saturation: saturation, brightness: brightness)
    }

    /// Oldest first: every layer under the root but the track.
    public var segments: [ShapeLayer] { root.sublayers.filter { $0.name != Self.track.name } }
    public var segmentCount: Int { segments.count }
    public var segmentColors: [Color] { segments.map { $0.strokeColor ?? .clear } }

    // MARK: Commands

    /// Touch down. Throws `.complete` once the ring is full; a no-op while already pressed, except
    /// that it takes over from a pending `hold` (the meter then stays pressed until `release`).
    public mutating func press(at time: Double) throws(MeterError) {
        advance(to: time)
        guard !isComplete else { throw .complete }
        scheduledRelease = nil
        guard !isRecording else { return }
        created += 1
        let color = Self.color(position: segmentCount, number: created, configuration)
        root.sublayers.append(Self.segmentLayer(named: Self.segment(segmentCount + 1).name, path: circlePath, color: color,
                                                lineWidth: configuration.lineWidth))
        segmentNumbers.append(created)
        isRecording = true
        updateAnimations(at: time)
    }

    /// Touch up: the post's `updateLayerModelsForPresentationState`. A no-op unless pressed; it
    /// also cancels a pending `hold` release.
    public mutating func release(at time: Double) {
        advance(to: time)
        scheduledRelease = nil
        pause(at: time)
    }

    /// Presses now and releases at `time + seconds`, exactly, whatever steps `advance` takes.
    /// A press or release before then takes over.
    public mutating func hold(seconds: Double, at time: Double) throws(MeterError) {
        guard Self.holdRange.contains(seconds) else { throw .holdOutOfRange(seconds) }
        try press(at: time)
        scheduledRelease = time + seconds
    }

    /// Back to an empty ring: no segments, the full track, not complete, not recording. The colour
    /// sequence carries on (like the original's `arc4random`), so it is reproducible from the seed
    /// and the number of segments created since `init`.
    public mutating func reset(at time: Double) {
        advance(to: time)
        root.sublayers = [Self.trackLayer(path: circlePath, configuration)]
        segmentNumbers = []
        isRecording = false
        isComplete = false
        scheduledRelease = nil
    }

    /// Changes the duration of a full ring, as the `duration` prop does: only while the meter has no
    /// segments.
    public mutating func setDuration(_ seconds: Double, at time: Double) throws(MeterError) {
        guard Self.durationRange.contains(seconds) else { throw .durationOutOfRange(seconds) }
        var c = configuration
        c.duration = seconds
        do throws(PropRefusal) {
            try configure(c, at: time)
        } catch {
            throw .notEmpty
        }
    }

    // MARK: The post's animation code

    /// `updateAnimations`: every edge runs linearly (on the stroke curve, linear by default) to where
    /// it will be when the ring is full, over the time left, so they all move at 1/duration per
    /// second. Model first, then the animation, as the post's final code (after David Rönnqvist's
    /// gist) does.
    mutating func updateAnimations(at time: Double) {
        let curve = configuration.strokeCurve
        // Each layer's values on screen are read before its model changes: a layer's presentation
        // follows its model. (The post reads the model; after a pause it equals the presentation.)
        let remaining = duration * (1 - recordedFraction(at: time))
        let newest = Self.segment(segmentCount).name
        var target = 1.0
        root.modifySublayers { layer in
            guard layer.name != Self.track.name else { return }
            let start = layer.shown(.strokeStart, at: time), end = layer.shown(.strokeEnd, at: time)
            layer.strokeEnd = target
            Self.animate(&layer, .strokeEnd, from: end, to: target, over: remaining, curve: curve, at: time)
            target -= end - start
            if layer.name != newest {
                layer.strokeStart = target
                Self.animate(&layer, .strokeStart, from: start, to: target, over: remaining, curve: curve, at: time)
            }
        }
        root.modify(Self.track) { track in
            let start = track.shown(.strokeStart, at: time)
            track.strokeStart = 1
            Self.animate(&track, .strokeStart, from: start, to: 1, over: remaining, curve: curve, at: time)
        }
    }

    private static func animate(_ layer: inout ShapeLayer, _ property: LayerProperty, from: Double, to: Double,
                                over duration: Double, curve: TimingCurve, at time: Double) {
        let animation = BasicAnimation(property, from: .double(from), to: .double(to), duration: duration,
                                       timingFunction: curve.function)
        // Doubles always fit strokeStart/strokeEnd, so adding cannot fail.
        try? layer.add(animation, forKey: property == .strokeEnd ? keys.end : keys.start, at: time)
    }

    /// Freezes every layer where it is on screen and drops the animations (their stops report
    /// `finished = false`, which the completion check ignores).
    private mutating func pause(at time: Double) {
        guard isRecording else { return }
        root.modifySublayers { layer in
            layer.strokeStart = layer.shown(.strokeStart, at: time)
            // The track's end stays 1.
            if layer.name != Self.track.name { layer.strokeEnd = layer.shown(.strokeEnd, at: time) }
            layer.removeAllAnimations(at: time)
        }
        isRecording = false
    }

    // MARK: Time

    /// Delivers every animation stop up to `time` in time order, applying a pending hold release at
    /// exactly its time: stops at or before it first, then the release, then the rest.
    public mutating func advance(to time: Double) {
        while let release = scheduledRelease, release <= time {
            deliverStops(upTo: release)
            // Completion at or before the release time cancels it.
            guard scheduledRelease != nil else { break }
            scheduledRelease = nil
            pause(at: release)
        }
        deliverStops(upTo: time)
    }

    private mutating func deliverStops(upTo time: Double) {
        while let stop = root.nextStop(upTo: time) {
            // animationDidStop:finished: — only the track's animation has the delegate.
            guard stop.finished, stop.layer == Self.track.name, stop.key == Self.keys.start, !isComplete else { continue }
            isComplete = true
            isRecording = false
            scheduledRelease = nil
        }
    }

    // MARK: Reading

    /// The recorded part of the ring on screen at `time`: the oldest segment's strokeEnd (p in
    /// docs/design/recording-meter.md §Closed form).
    public func recordedFraction(at time: Double) -> Double {
        root[Self.segment(1)]?.shown(.strokeEnd, at: time) ?? 0
    }

    /// Seconds recorded at `time`: recorded fraction × duration.
    public func elapsed(at time: Double) -> Double {
        recordedFraction(at: time) * duration
    }

    /// `m:ss.t`, truncated to tenths like a stopwatch (65.25 s shows "1:05.2"). A millionth of a
    /// tenth is added first so that p × duration landing a hair under a tenth (2 s as
    /// 1.9999999999999998) still shows that tenth.
    public static func formatElapsed(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10 + 1e-6).rounded(.down))
        let minutes = tenths / 600, wholeSeconds = tenths % 600 / 10, tenth = tenths % 10
        return "\(minutes):\(wholeSeconds < 10 ? "0" : "")\(wholeSeconds).\(tenth)"
    }

    /// Ours, beyond the clone (the post's Reveal dump shows Spark's own time label, which the clone
    /// leaves out): the elapsed time, centred in the ring, in a colour that reads on `backdrop`.
    func labelLayer(at time: Double, on backdrop: Backdrop) -> ShapeLayer {
        var label = ShapeLayer(name: Self.label.name)
        label.contents = .text(TextContent(text: Self.formatElapsed(elapsed(at: time)),
                                           center: Self.center,
                                           fontFamily: "DejaVu Sans", fontSize: Self.labelFontSize,
                                           color: backdrop == .dark ? Self.darkBackdropLabelColor : Self.labelColor))
        return label
    }

    public var layers: ShapeLayer { root }

    public mutating func forgetAnimationRecords(endedBefore time: Double) {
        root.forgetRecords(endedBefore: time)
    }

    /// The track, the segments (oldest first, so newest on top) and, if `options` show it, the label.
    public func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot {
        var layers = root
        if options.showsLabel {
            layers.sublayers.append(labelLayer(at: time, on: options.backdrop))
        }
        return layers.snapshot(at: time)
    }
}

extension ShapeLayer {
    /// A double property's value on screen at `time`.
    func shown(_ property: LayerProperty, at time: Double) -> Double {
        presentationValue(property, at: time).doubleValue ?? 0
    }
}
