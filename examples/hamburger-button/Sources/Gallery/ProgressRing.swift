import LayercastKit
import LayercastQuartz

/// A progress ring as iOS code draws one: a conic `CAGradientLayer` seen through a stroked ring
/// (its mask) that ends at the progress, over a dashed track.
public final class ProgressRing: LayerControl {
    public static let id = FrameSubject(rawValue: "progress-ring")
    public static let title = "Progress ring"
    public static var commands: [CommandDeclaration] {
        [CommandDeclaration("progressRingAdvance", on: ProgressRing.self, summary: "Fills a quarter more, then starts again") { ring, _ in
            ring.advance()
        }]
    }

    public struct Configuration: PropConfiguration, Codable {
        public var lineWidth = 8.0
        public init() {}
        public static let props: [Prop<Configuration>] = [
            .number("lineWidth", \.lineWidth, 2...16, step: 1, unit: "points", "The ring's width."),
        ]
    }

    public struct State: Codable, Sendable {
        /// 0…1, clockwise from the top.
        public var progress: Double
    }

    public let layer = CALayer()
    let track = CAShapeLayer()
    let fill = CAGradientLayer()
    let arc = CAShapeLayer()
    @ControlState var progress = 0.25

    public init() {
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        let circle = UIBezierPath(arcCenter: CGPoint(x: 40, y: 40), radius: 30, startAngle: -.pi / 2,
                                  endAngle: 3 * .pi / 2, clockwise: true).cgPath
        track.path = circle
        track.fillColor = nil
        track.lineDashPattern = [2, 4]
        layer.addSublayer(track)

        fill.frame = layer.bounds
        fill.type = .conic
        fill.startPoint = CGPoint(x: 0.5, y: 0.5)
        fill.endPoint = CGPoint(x: 0.5, y: 0)
        arc.path = circle
        arc.fillColor = nil
        arc.strokeColor = UIColor.black.cgColor
        arc.lineCap = .round
        fill.mask = arc
        layer.addSublayer(fill)
        traitCollectionDidChange(nil)
        configure(Configuration())
    }

    public func configure(_ configuration: Configuration) {
        track.lineWidth = CGFloat(configuration.lineWidth)
        arc.lineWidth = CGFloat(configuration.lineWidth)
        arc.strokeEnd = CGFloat(progress)
    }

    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        track.strokeColor = UIColor.systemGray3.cgColor
        fill.colors = [UIColor.systemTeal.cgColor, UIColor.systemBlue.cgColor]
    }

    func advance() {
        progress = progress >= 1 ? 0.25 : progress + 0.25
        arc.strokeEnd = CGFloat(progress)
    }

    public func state() -> State {
        State(progress: progress)
    }
}
