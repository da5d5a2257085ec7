import LayercastKit
import LayercastQuartz

/// An activity indicator as iOS code draws one: a bar in a `CAReplicatorLayer`, copied round the
/// centre and fading a step per copy. Each `step` turns the ring by one bar (it spins on its own
/// once layer animations exist).
public final class ActivityBars: LayerControl {
    public static let id = FrameSubject(rawValue: "activity-bars")
    public static let title = "Activity bars"
    public static var commands: [CommandDeclaration] {
        [CommandDeclaration("activityBarsStep", on: ActivityBars.self, summary: "Turns the ring by one bar") { bars, _ in
            bars.step()
        }]
    }

    public struct Configuration: PropConfiguration, Codable {
        public var bars = 12
        public init() {}
        public static let props: [Prop<Configuration>] = [
            .integer("bars", \.bars, 4...24, "How many bars the ring has; each fades a step more than the last."),
        ]
    }

    public struct State: Codable, Sendable {
        /// The bar drawn darkest, counted clockwise from the top.
        public var lead: Int
        public var bars: Int
    }

    public let layer = CALayer()
    let ring = CAReplicatorLayer()
    let bar = CALayer()
    @ControlState var lead = 0

    public init() {
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        ring.frame = layer.bounds
        bar.bounds = CGRect(x: 0, y: 0, width: 3, height: 10)
        bar.position = CGPoint(x: 20, y: 7)
        bar.cornerRadius = 1.5
        bar.backgroundColor = UIColor.systemGray.cgColor
        ring.addSublayer(bar)
        layer.addSublayer(ring)
        configure(Configuration())
    }

    public func configure(_ configuration: Configuration) {
        ring.instanceCount = configuration.bars
        // Each copy a bar further anticlockwise and fainter: the trail behind a lead that steps clockwise.
        ring.instanceTransform = CATransform3DMakeRotation(-2 * .pi / CGFloat(configuration.bars), 0, 0, 1)
        ring.instanceAlphaOffset = -1 / Float(configuration.bars)
        lead %= configuration.bars
        turn()
    }

    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        bar.backgroundColor = UIColor.systemGray.cgColor
    }

    func step() {
        lead = (lead + 1) % ring.instanceCount
        turn()
    }

    /// The ring turned so that the lead bar, the first copy, sits `lead` bars clockwise from the top.
    private func turn() {
        ring.transform = CATransform3DMakeRotation(2 * .pi * CGFloat(lead) / CGFloat(ring.instanceCount), 0, 0, 1)
    }

    public func state() -> State {
        State(lead: lead, bars: ring.instanceCount)
    }
}
