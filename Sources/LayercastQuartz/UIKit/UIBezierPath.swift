import Foundation

/// UIKit's path object: a `CGPath` plus the stroke and fill settings drawing code reads from it.
/// Angles are measured from +x toward +y and `clockwise: true` grows them: clockwise on iOS's y-down
/// screen, the opposite of `CGMutablePath.addArc`'s flag (docs/design/quartz.md §Paths).
open class UIBezierPath: NSObject, NSCopying {
    /// The elements; `cgPath` hands out immutable copies of it.
    private var path = CGMutablePath()
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path with the default settings.
    public override init() {
        super.init()
    }

    /// A closed rectangle, clockwise on screen from its top-left corner.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, clockwise on screen from 3 o'clock.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rounded rectangle with iOS 7's continuous corners, clockwise on screen from the end
    /// of the top-left corner. The radius is capped at min(width, height) / (2 · 1.52866), where two
    /// corners meet; zero gives the plain rectangle.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// As `init(roundedRect:cornerRadius:)` with only the given corners rounded, the others sharp.
    /// The radius is `cornerRadii.width`; the height is not used, as on iOS 7 and later
    /// (docs/design/quartz.md §Paths).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        path.mutate { $0 = UIBezierPath.continuousRoundedRect(rect, corners: corners, radius: cornerRadii.width) }
    }

    /// An open arc; `clockwise: true` grows the angle (clockwise on screen).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path holding a copy of `CGPath`'s elements.
    public convenience init(cgPath CGPath: CGPath) {
        self.init()
        self.cgPath = CGPath
    }

    /// The elements as an immutable `CGPath`; later changes to this object do not reach it. Setting
    /// it copies the given path's elements.
    open var cgPath: CGPath {
        get { CGPath(elements: path.elements) }
        set {
            let elements = newValue.elements
            path.mutate { $0 = elements }
        }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) {
        path.move(to: point)
    }

    /// A line from the current point; nothing on an empty path, as Core Graphics drops it.
    open func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    /// A cubic Bézier from the current point.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier from the current point, kept as a quad.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// A circular arc; `clockwise: true` grows the angle, clockwise on screen. Starts with a move on
    /// an empty path or after a close, otherwise with a line from the current point.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.appendArc(CGPath.arcElements(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                                          growing: clockwise), .identity)
    }

    /// Closes the current subpath with a line back to its start.
    open func close() {
        path.closeSubpath()
    }

    /// Removes every element; the settings stay.
    open func removeAllPoints() {
        path.mutate { $0.removeAll() }
    }

    /// Appends `bezierPath`'s elements as they are (its settings are not taken).
    open func append(_ bezierPath: UIBezierPath) {
        path.addPath(bezierPath.path)
    }

    /// The same shape traced backwards: the last subpath first, each from its end to its start.
    /// A closed subpath keeps its start point and runs the other way round.
    open func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.copySettings(from: self)
        reversed.path.mutate { $0 = UIBezierPath.reversed(path.elements) }
        return reversed
    }

    /// Transforms every point already in the path.
    open func apply(_ transform: CGAffineTransform) {
        path.mutate { $0 = CGPath.applying(transform, to: $0) }
    }

    // MARK: Reading

    /// True when the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point, control points included (`CGPath.boundingBox`);
    /// the null rectangle for an empty path.
    open var bounds: CGRect { path.boundingBox }

    /// Where the next element would start; the zero point for an empty path.
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether a fill would paint `point`, with the rule `usesEvenOddFillRule` names.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Drawing settings

    /// The stroke's width in points; 1 by default.
    open var lineWidth: CGFloat = 1
    /// How open ends are stroked; butt by default.
    open var lineCapStyle: CGLineCap = .butt
    /// How corners are stroked; miter by default.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter length, in line widths, past which a miter join becomes a bevel; 10 by default.
    open var miterLimit: CGFloat = 10
    /// The largest distance, in device pixels, a flattened curve may stray from the true one; 0.6 by default.
    open var flatness: CGFloat = 0.6
    /// Whether filling and `contains(_:)` use the even-odd rule instead of nonzero winding; false by default.
    open var usesEvenOddFillRule = false

    /// Sets the dash pattern: `count` lengths read from `pattern`, painted first, and how far into
    /// the pattern the stroke starts. A nil pattern or a count of zero means a solid line.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        if let pattern, count > 0 {
            dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        } else {
            dashPattern = []
        }
        dashPhase = phase
    }

    /// Reads the dash pattern back: the lengths into `pattern` (which must hold them all), their
    /// number into `count`, the phase into `phase`. Any pointer may be nil, to ask only the count.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, length) in dashPattern.enumerated() { pattern[i] = length }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: NSCopying

    /// A new path with the same elements and settings.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.copySettings(from: self)
        let elements = path.elements
        copy.path.mutate { $0 = elements }
        return copy
    }
}

extension UIBezierPath {
    private func copySettings(from other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        flatness = other.flatness
        usesEvenOddFillRule = other.usesEvenOddFillRule
        dashPattern = other.dashPattern
        dashPhase = other.dashPhase
    }

    /// The elements traced backwards. Each subpath becomes a move to its last point, then its
    /// segments reversed (a cubic's controls swap, a quad keeps its control); a closed subpath
    /// starts at its own start, draws its closing line first when it has length, and closes.
    static func reversed(_ elements: [CGPath.Element]) -> [CGPath.Element] {
        typealias Subpath = (start: CGPoint, segments: [(from: CGPoint, element: CGPath.Element)], closed: Bool)
        var subpaths: [Subpath] = []
        var start = CGPoint.zero, current = CGPoint.zero
        var open: Subpath?
        func finish() {
            if let s = open { subpaths.append(s) }
            open = nil
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                start = p; current = p
                open = (p, [], false)
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                if open == nil { open = (start, [], false) }
                open?.segments.append((current, e))
                current = p
            case .close:
                if open == nil { open = (start, [], false) }
                open?.closed = true
                finish()
                current = start
            }
        }
        finish()

        var out: [CGPath.Element] = []
        for s in subpaths.reversed() {
            let end = s.segments.last?.element.endPoint ?? s.start
            if s.closed {
                out.append(.move(s.start))
                if end != s.start { out.append(.line(end)) }
            } else {
                out.append(.move(end))
            }
            for (i, (from, element)) in s.segments.enumerated().reversed() {
                // In a closed subpath the first segment's reverse ends at the start: a line there is
                // the close itself.
                if s.closed && i == 0, case .line = element { continue }
                switch element {
                case .line: out.append(.line(from))
                case .quad(let q, _): out.append(.quad(control: q, end: from))
                case .cubic(let c1, let c2, _): out.append(.cubic(control1: c2, control2: c1, end: from))
                case .move, .close: break
                }
            }
            if s.closed { out.append(.close) }
        }
        return out
    }
}
