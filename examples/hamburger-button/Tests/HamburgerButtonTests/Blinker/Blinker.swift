import LayercastKit

/// A throwaway control, defined here in the tests and nowhere else, to show that a plugin needs no
/// change to the server: one square shape layer whose opacity dips to 0 and back on
/// `POST /blinker/blink`, with one prop, its colour.
struct Blinker: Control {
    static let id = FrameSubject(rawValue: "blinker")
    static let title = "Blinker"

    /// Its one prop.
    struct Configuration: PropConfiguration, Codable {
        var color = Color(r: 230, g: 120, b: 20)

        init() {}

        static let props: [Prop<Configuration>] = [.color("color", \.color, "The square's fill.")]
    }

    /// Its `/state` member (`blinker`).
    struct State: Codable, Sendable, Equatable {
        /// How many blinks it was asked for.
        var blinks: Int
        /// The square's opacity on screen at the time asked for.
        var opacity: Double
    }

    private(set) var configuration: Configuration
    private(set) var layer: ShapeLayer
    private(set) var blinks = 0

    /// How long a blink takes, in seconds.
    static let blinkDuration = 0.4

    init(at time: Double, configuration: Configuration) {
        self.configuration = configuration
        layer = ShapeLayer(name: "blinker")
        layer.path = .rect(Rect(x: 4, y: 4, width: 24, height: 24))
        layer.fillColor = configuration.color
    }

    var designSize: Size { Size(32, 32) }

    mutating func configure(_ new: Configuration, at time: Double) {
        advance(to: time)
        configuration = new
        layer.fillColor = new.color
    }

    /// Dips the opacity to 0 and back, from `time`.
    mutating func blink(at time: Double) {
        advance(to: time)
        blinks += 1
        let blink = KeyframeAnimation(.opacity, values: [.double(1), .double(0), .double(1)], duration: Self.blinkDuration)
        // Opacity takes a double, so adding cannot fail.
        try? layer.add(blink, forKey: "blink", at: time)
    }

    func state(at time: Double) -> State {
        State(blinks: blinks, opacity: layer.presentation(at: time).opacity)
    }

    mutating func advance(to time: Double) {
        while layer.nextStop(upTo: time) != nil {}
    }

    var layers: ShapeLayer { layer }

    mutating func forgetAnimationRecords(endedBefore time: Double) {
        layer.forgetRecords(endedBefore: time)
    }

    func snapshot(at time: Double, options: FrameOptions) -> LayerSnapshot {
        layer.snapshot(at: time)
    }

    static let commands = [
        CommandDeclaration("blinkerBlink", on: Blinker.self, summary: "Blinks the square once") { _, _ in
            ControlChange { b, t in b.blink(at: t) }
        },
    ]
}
