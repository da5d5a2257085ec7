import Animation
import CCairo

/// Construction aids drawn over the finished frame, in device pixels, so they stay one pixel
/// thin whatever the layer's scale.
public struct DebugOverlay: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Every shape's on-curve points (filled dots), control points (hollow dots) and the
    /// handles joining them, as figures in Bézier articles show them.
    public static let points = DebugOverlay(rawValue: 1 << 0)
    /// Each layer's path bounding box (shapes) or image rect (images).
    public static let bounds = DebugOverlay(rawValue: 1 << 1)

    public static let all: DebugOverlay = [.points, .bounds]
}

/// Draws the overlay after the tree. Geometry follows each layer's accumulated transform, but
/// lines and dots are sized in device pixels.
struct DebugDrawing {
    let cr: OpaquePointer
    let options: DebugOverlay

    static let onCurve = Color(r: 255, g: 45, b: 85)       // filled dots
    static let control = Color(r: 0, g: 122, b: 255)       // hollow dots and handles
    static let bounds = Color(r: 52, g: 199, b: 89, alpha: 0.9)
    static let dotRadius = 3.0

    func draw(_ node: LayerSnapshot, parent: AffineTransform) {
        // A projected layer's points do not follow an affine map; the overlay leaves them out.
        guard node.opacity.isFinite, node.opacity > 0, node.projection == nil else { return }
        let transform = parent.concatenating(node.transform)
        guard isUsable(cairoMatrix(transform)) else { return }

        switch node.content {
        case .shape(let shape):
            if options.contains(.bounds), let box = tightBounds(of: shape.path) { outline(box, in: transform) }
            if options.contains(.points) { drawPoints(shape.path.applying(transform)) }
        case .image(let image) where options.contains(.bounds) && isFinite(image.rect):
            outline(image.rect, in: transform)
        default:
            break
        }
        for sublayer in node.sublayers { draw(sublayer, parent: transform) }
    }

    /// A box in the layer's own coordinates (so a rotated layer shows a rotated box), stroked
    /// one device pixel wide.
    private func outline(_ box: Rect, in transform: AffineTransform) {
        var m = cairoMatrix(transform)
        cairo_set_matrix(cr, &m)
        var (x1, y1, x2, y2) = (box.minX, box.minY, box.maxX, box.maxY)
        cairo_new_path(cr)
        if m.xy == 0 && m.yx == 0 {
            // Axis-aligned: put the line on pixel centres so it is one crisp pixel, not two grey ones.
            cairo_user_to_device(cr, &x1, &y1)
            cairo_user_to_device(cr, &x2, &y2)
            cairo_identity_matrix(cr)
            let (left, right) = (min(x1, x2).rounded() + 0.5, max(x1, x2).rounded() - 0.5)
            let (top, bottom) = (min(y1, y2).rounded() + 0.5, max(y1, y2).rounded() - 0.5)
            cairo_rectangle(cr, left, top, max(right - left, 0), max(bottom - top, 0))
        } else {
            cairo_rectangle(cr, x1, y1, x2 - x1, y2 - y1)
        }
        // Cairo keeps the path in device space, so resetting the matrix only changes how wide
        // the line is.
        cairo_identity_matrix(cr)
        cairo_set_line_width(cr, 1)
        setSource(cr, Self.bounds)
        cairo_stroke(cr)
    }

    /// Expects the path already in device coordinates.
    private func drawPoints(_ path: Path) {
        cairo_identity_matrix(cr)
        var handles: [(Point, Point)] = []
        var controls: [Point] = []
        var anchors: [Point] = []
        var current: Point?
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                anchors.append(p)
                current = p
            case .cubic(let c1, let c2, let p):
                if let start = current { handles.append((start, c1)) }
                handles.append((c2, p))
                controls.append(contentsOf: [c1, c2])
                anchors.append(p)
                current = p
            case .close:
                current = nil
            }
        }
        let finite = { (p: Point) in p.x.isFinite && p.y.isFinite }

        cairo_new_path(cr)
        for (a, b) in handles where finite(a) && finite(b) {
            cairo_move_to(cr, a.x, a.y)
            cairo_line_to(cr, b.x, b.y)
        }
        cairo_set_line_width(cr, 1)
        setSource(cr, Self.control)
        cairo_stroke(cr)

        for p in controls where finite(p) {
            cairo_new_sub_path(cr)
            cairo_arc(cr, p.x, p.y, Self.dotRadius, 0, 2 * .pi)
        }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        setSource(cr, Self.control)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)

        for p in anchors where finite(p) {
            cairo_new_sub_path(cr)
            cairo_arc(cr, p.x, p.y, Self.dotRadius, 0, 2 * .pi)
        }
        setSource(cr, Self.onCurve)
        cairo_fill(cr)
    }
}
