import LayercastKit
import LayercastQuartz

/// A card that flips in perspective, as iOS code builds one: two single-sided faces back to back in
/// a `CATransformLayer`, turned about the vertical axis under a sublayer transform with `m34`.
public final class FlipCard: LayerControl {
    public static let id = FrameSubject(rawValue: "flip-card")
    public static let title = "Flip card"
    public static var commands: [CommandDeclaration] {
        [CommandDeclaration("flipCardFlip", on: FlipCard.self, summary: "Shows the other face") { card, _ in card.flip() }]
    }

    public struct Configuration: PropConfiguration, Codable {
        /// Degrees past the face shown: scrub it to see the turn in perspective.
        public var turn = 0.0
        /// The eye's distance from the card, in points (`m34 = −1 / distance`).
        public var distance = 300.0
        public init() {}
        public static let props: [Prop<Configuration>] = [
            .number("turn", \.turn, 0...180, step: 1, unit: "degrees", "How far the card is turned past the face it shows."),
            .number("distance", \.distance, 100...2000, step: 10, unit: "points", "The eye's distance: nearer is more perspective."),
        ]
    }

    public struct State: Codable, Sendable {
        public var showsBack: Bool
        /// The card's turn about the vertical axis, in degrees.
        public var angle: Double
    }

    public let layer = CALayer()
    let card = CATransformLayer()
    let front = CALayer()
    let back = CALayer()
    @ControlState var showsBack = false
    @ControlState var turn = 0.0

    public init() {
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        card.frame = CGRect(x: 20, y: 10, width: 80, height: 100)
        for (face, color) in [(front, UIColor.systemBlue), (back, UIColor.systemOrange)] {
            face.frame = card.bounds
            face.cornerRadius = 10
            face.backgroundColor = color.cgColor
            face.isDoubleSided = false
            face.borderWidth = 3
            face.borderColor = UIColor.white.cgColor
            card.addSublayer(face)
        }
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        layer.addSublayer(card)
        configure(Configuration())
    }

    public func configure(_ configuration: Configuration) {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / CGFloat(configuration.distance)
        layer.sublayerTransform = perspective
        turn = configuration.turn
        place()
    }

    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        front.backgroundColor = UIColor.systemBlue.cgColor
        back.backgroundColor = UIColor.systemOrange.cgColor
    }

    func flip() {
        showsBack.toggle()
        place()
    }

    var angle: Double { (showsBack ? 180 : 0) + turn }

    private func place() {
        card.transform = CATransform3DMakeRotation(CGFloat(angle) * .pi / 180, 0, 1, 0)
    }

    public func state() -> State {
        State(showsBack: showsBack, angle: angle)
    }
}
