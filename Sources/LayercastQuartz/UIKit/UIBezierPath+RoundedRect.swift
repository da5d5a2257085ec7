import Animation
import Foundation

// UIKit's rounded rectangle since iOS 7: continuous corners, not quarter circles; the outline is the
// engine's, shared with the layer box's continuous corners (docs/design/quartz.md §Paths).

extension UIBezierPath {
    /// The largest radius the outline allows in `rect`: two corners' reach fill the shorter side.
    static func continuousRadiusLimit(_ rect: CGRect) -> CGFloat {
        Animation.Path.continuousRadiusLimit(rect.standardized.engine)
    }

    /// The closed outline, clockwise on screen from the end of the top-left corner, with the chosen
    /// corners continuous and the others sharp (UIRectCorner's bits are CACornerMask's).
    static func continuousRoundedRect(_ rect: CGRect, corners: UIRectCorner, radius: CGFloat) -> [CGPath.Element] {
        guard !rect.isNull else { return [] }
        let path = Animation.Path.continuousRoundedRect(rect.standardized.engine, corners: LayerBox.Corners(rawValue: corners.rawValue & 15),
                                                        radius: Double(radius))
        return CGPath.elements(of: path)
    }
}
