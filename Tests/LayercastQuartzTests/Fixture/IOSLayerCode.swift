// iOS layer code as an iOS developer writes it, one use of every type and property of the layer face.
// The only edit from its iOS form is this import: `import UIKit` became `import LayercastQuartz`
// (docs/design/quartz.md §Modules). IOSLayerCodeTests draws it and checks what each part does.
import LayercastQuartz

final class BadgeCard {
    let root = CALayer()
    let card = CALayer()
    let ring = CAShapeLayer()
    let dashes = CAShapeLayer()
    let badge = CALayer()
    let flip = CATransformLayer()
    let face = CALayer()
    let stack = StackLayer()
    let spot = CAShapeLayer()
    let sheen = CAGradientLayer()
    let caption = CATextLayer()
    let dots = CAReplicatorLayer()

    init() {
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.name = "root"

        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        card.position = CGPoint(x: 60, y: 60)
        card.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        card.backgroundColor = UIColor.systemBackground.cgColor
        card.cornerRadius = 12
        card.cornerCurve = .continuous
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        card.borderWidth = 2
        card.borderColor = UIColor.separator.cgColor
        card.masksToBounds = false
        card.shadowColor = UIColor.black.cgColor
        card.shadowOpacity = 0.25
        card.shadowOffset = CGSize(width: 0, height: 4)
        card.shadowRadius = 6
        card.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: 12).cgPath
        card.name = "card"
        root.addSublayer(card)

        let circle = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 16, startAngle: -.pi / 2,
                                  endAngle: 3 * .pi / 2, clockwise: true)
        ring.path = circle.cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemGreen.cgColor
        ring.lineWidth = 4
        ring.lineCap = .round
        ring.lineJoin = .round
        ring.miterLimit = 4
        ring.fillRule = .evenOdd
        ring.strokeStart = 0
        ring.strokeEnd = 0.75
        ring.frame = CGRect(x: 8, y: 8, width: 40, height: 40)
        ring.name = "ring"
        card.addSublayer(ring)

        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 1))
        line.addLine(to: CGPoint(x: 60, y: 1))
        dashes.path = line
        dashes.strokeColor = UIColor.systemGray.cgColor
        dashes.lineWidth = 2
        dashes.lineDashPattern = [6, 3]
        dashes.lineDashPhase = 1
        dashes.frame = CGRect(x: 20, y: 66, width: 60, height: 2)
        card.addSublayer(dashes)

        badge.frame = CGRect(x: 80, y: -6, width: 16, height: 16)
        badge.backgroundColor = UIColor.systemRed.cgColor
        badge.cornerRadius = 8
        badge.zPosition = 10
        badge.opacity = 0.9
        badge.isHidden = false
        card.addSublayer(badge)

        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        flip.sublayerTransform = perspective
        flip.frame = CGRect(x: 56, y: 12, width: 32, height: 32)
        face.frame = flip.bounds
        face.backgroundColor = UIColor.systemOrange.cgColor
        face.isDoubleSided = false
        face.anchorPointZ = 0
        face.transform = CATransform3DRotate(CATransform3DIdentity, .pi / 6, 0, 1, 0)
        flip.addSublayer(face)
        card.addSublayer(flip)

        stack.frame = CGRect(x: 4, y: 52, width: 40, height: 24)
        for _ in 0..<2 { stack.addSublayer(CALayer()) }
        stack.setNeedsLayout()
        card.addSublayer(stack)

        let mask = CAShapeLayer()
        mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 16, height: 16), transform: nil)
        spot.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        spot.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1).cgColor
        spot.mask = mask
        spot.setValue(true, forKey: "isSpot")
        spot.setAffineTransform(CGAffineTransform(translationX: 2, y: 2).scaledBy(x: 1, y: 1))
        card.addSublayer(spot)

        sheen.frame = CGRect(x: 56, y: 48, width: 32, height: 16)
        sheen.colors = [UIColor.systemBlue.cgColor, UIColor.white.cgColor]
        sheen.locations = [0, 1]
        sheen.startPoint = CGPoint(x: 0, y: 0.5)
        sheen.endPoint = CGPoint(x: 1, y: 0.5)
        sheen.type = .axial
        card.addSublayer(sheen)

        caption.frame = CGRect(x: 48, y: 64, width: 48, height: 14)
        caption.string = "Badge"
        caption.font = UIFont.systemFont(ofSize: 10, weight: .semibold)
        caption.fontSize = 10
        caption.foregroundColor = UIColor.label.cgColor
        caption.alignmentMode = .right
        caption.isWrapped = false
        caption.truncationMode = .end
        caption.contentsScale = 2
        card.addSublayer(caption)

        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        dot.cornerRadius = 2
        dot.backgroundColor = UIColor.systemGray.cgColor
        dots.frame = CGRect(x: 56, y: 4, width: 20, height: 4)
        dots.instanceCount = 3
        dots.instanceTransform = CATransform3DMakeTranslation(8, 0, 0)
        dots.instanceDelay = 0.2
        dots.instanceColor = UIColor.white.cgColor
        dots.instanceRedOffset = 0
        dots.instanceGreenOffset = 0
        dots.instanceBlueOffset = 0
        dots.instanceAlphaOffset = -0.3
        dots.preservesDepth = false
        dots.addSublayer(dot)
        card.addSublayer(dots)
    }

    /// Where the badge's centre lies in the root's space.
    var badgeCentre: CGPoint {
        root.convert(CGPoint(x: badge.bounds.midX, y: badge.bounds.midY), from: badge)
    }
}

final class StackLayer: CALayer {
    override func layoutSublayers() {
        super.layoutSublayers()
        let rows = sublayers ?? []
        for (i, row) in rows.enumerated() {
            row.frame = CGRect(x: 0, y: CGFloat(i) * 12, width: bounds.width, height: 10)
            row.backgroundColor = UIColor.systemBlue.withAlphaComponent(0.5).cgColor
        }
    }
}
