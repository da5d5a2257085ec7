import LayercastKit
import LayercastQuartz

/// A notification badge as iOS code draws one: a pill with a shadow, its corners half its height,
/// and the count in a `CATextLayer`, centred; past 99 it reads "99+".
public final class Badge: LayerControl {
    public static let id = FrameSubject(rawValue: "badge")
    public static let title = "Badge"
    public static var commands: [CommandDeclaration] {
        [CommandDeclaration("badgeIncrement", on: Badge.self, summary: "Counts one more") { badge, _ in badge.increment() },
         CommandDeclaration("badgeClear", on: Badge.self, summary: "Clears the count") { badge, _ in badge.clear() }]
    }

    public struct State: Codable, Sendable {
        public var count: Int
        /// What the badge reads.
        public var text: String
    }

    public let layer = CALayer()
    let pill = CALayer()
    let label = CATextLayer()
    @ControlState var count = 3

    public init() {
        layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 40)
        pill.shadowColor = UIColor.black.cgColor
        pill.shadowOpacity = 0.3
        pill.shadowOffset = CGSize(width: 0, height: 2)
        pill.shadowRadius = 3
        pill.borderWidth = 2
        label.font = UIFont.boldSystemFont(ofSize: 15)
        label.fontSize = 15
        label.alignmentMode = .center
        label.truncationMode = .end
        pill.addSublayer(label)
        layer.addSublayer(pill)
        traitCollectionDidChange(nil)
        update()
    }

    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        pill.backgroundColor = UIColor.systemRed.cgColor
        pill.borderColor = UIColor.systemBackground.cgColor
        label.foregroundColor = UIColor.white.cgColor
    }

    var text: String { count > 99 ? "99+" : "\(count)" }

    func increment() {
        count += 1
        update()
    }

    func clear() {
        count = 0
        update()
    }

    /// A circle for one digit, wider for more; hidden at zero, as apps hide an empty badge.
    private func update() {
        let width: CGFloat = [1: 26, 2: 34][text.count] ?? 44
        pill.bounds = CGRect(x: 0, y: 0, width: width, height: 26)
        pill.position = CGPoint(x: 32, y: 19)
        pill.cornerRadius = 13
        pill.isHidden = count == 0
        label.frame = CGRect(x: 0, y: 4, width: width, height: 20)
        label.string = text
    }

    public func state() -> State {
        State(count: count, text: text)
    }
}
