import Animation
import Foundation

/// Core Graphics' path: subpaths of lines, quadratic and cubic Béziers, in y-down layer space
/// (docs/design/quartz.md §Paths). A `CGPath` made by its initialisers or `copy()` never changes;
/// `CGMutablePath` is the one that grows.
///
/// `@unchecked Sendable` because ports keep paths in statics and hand them to layers on other tasks,
/// which Swift 6 allows only for Sendable values. It is sound because every read and write of the
/// elements goes through `lock`: a `CGMutablePath` changing on one thread is never seen half-written
/// on another.
public class CGPath: Hashable, @unchecked Sendable {
    /// One element, kept as Core Graphics reports it: a quad stays a quad until the engine asks.
    enum Element: Hashable, Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(control: CGPoint, end: CGPoint)
        case cubic(control1: CGPoint, control2: CGPoint, end: CGPoint)
        case close
    }

    private let lock = NSLock()
    private var storage: [Element]

    init(elements: [Element]) {
        storage = elements
    }

    /// A snapshot of the elements, safe to walk while the path changes elsewhere.
    var elements: [Element] { lock.withLock { storage } }

    /// Changes the elements in one step, so a reader never sees half a shape.
    func mutate<R>(_ body: (inout [Element]) -> R) -> R {
        lock.withLock { body(&storage) }
    }

    // MARK: Shapes

    /// A closed rectangle from its minimum corner, through (maxX, minY): clockwise on a y-down screen.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(elements: CGPath.applying(transform?.pointee, to: CGPath.rectElements(rect)))
    }

    /// A closed ellipse inscribed in `rect`, four cubics from 3 o'clock toward +y.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(elements: CGPath.applying(transform?.pointee, to: CGPath.ellipseElements(rect)))
    }

    /// A closed rectangle whose corners are quarter ellipses of the given width and height.
    /// Apple traps when a corner is wider than half the rectangle; here it is clamped to half.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let elements = CGPath.roundedRectElements(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        self.init(elements: CGPath.applying(transform?.pointee, to: elements))
    }

    // MARK: Copies

    /// An immutable copy with the same elements.
    public func copy() -> CGPath? {
        CGPath(elements: elements)
    }

    /// An immutable copy with every point transformed; nil means no transform.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: CGPath.applying(transform?.pointee, to: elements))
    }

    /// A mutable copy with the same elements; later changes to either leave the other alone.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(copying: elements)
    }

    /// A mutable copy with every point transformed; nil means no transform.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(copying: CGPath.applying(transform?.pointee, to: elements))
    }

    // MARK: Queries

    /// True when the path has no elements at all (a lone move is not empty).
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next element would start: the last end point, or the subpath's start after a
    /// close; the zero point when the path is empty.
    public var currentPoint: CGPoint { CGPath.currentPoint(of: elements) ?? .zero }

    /// Calls `block` once per element, in order. The points are lent for the call only.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        // A snapshot, so the block may change this very path without deadlock or surprise.
        let snapshot = elements
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer {
            points.deinitialize(count: 3)
            points.deallocate()
        }
        for e in snapshot {
            let element = CGPathElement(type: e.type, points: points)
            e.write(to: points)
            withUnsafePointer(to: element) { block($0) }
        }
    }

    /// Calls the C-style `function` once per element with `info`, as `applyWithBlock` does.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Two paths are equal when they hold the same elements, quads compared as quads.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.elements == rhs.elements
    }

    /// Hashes the elements, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }
}

extension CGPath.Element {
    var type: CGPathElementType {
        switch self {
        case .move: .moveToPoint
        case .line: .addLineToPoint
        case .quad: .addQuadCurveToPoint
        case .cubic: .addCurveToPoint
        case .close: .closeSubpath
        }
    }

    /// The points in Core Graphics' order: controls first, the end point last.
    var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .quad(let c, let p): [c, p]
        case .cubic(let c1, let c2, let p): [c1, c2, p]
        case .close: []
        }
    }

    var endPoint: CGPoint? { points.last }

    func write(to buffer: UnsafeMutablePointer<CGPoint>) {
        for (i, p) in points.enumerated() { buffer[i] = p }
    }

    func applying(_ t: CGAffineTransform) -> CGPath.Element {
        switch self {
        case .move(let p): .move(p.applying(t))
        case .line(let p): .line(p.applying(t))
        case .quad(let c, let p): .quad(control: c.applying(t), end: p.applying(t))
        case .cubic(let c1, let c2, let p): .cubic(control1: c1.applying(t), control2: c2.applying(t), end: p.applying(t))
        case .close: .close
        }
    }
}

extension CGPath {
    static func applying(_ t: CGAffineTransform?, to elements: [Element]) -> [Element] {
        guard let t, !t.isIdentity else { return elements }
        return elements.map { $0.applying(t) }
    }

    /// The current point of a list of elements, or nil when there is none. After a close it is the
    /// closed subpath's start: the last move (a subpath opened by a close starts there too).
    static func currentPoint(of elements: [Element]) -> CGPoint? {
        guard let last = elements.last else { return nil }
        if let p = last.endPoint { return p }
        for e in elements.reversed() {
            if case .move(let p) = e { return p }
        }
        return nil
    }

    /// The engine's path: quads raised to cubics exactly, c1 = p0 + 2/3·(q − p0) and
    /// c2 = p + 2/3·(q − p), the same curve point for point (docs/design/quartz.md §Paths).
    var engine: Animation.Path {
        var out: [PathElement] = []
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p):
                out.append(.move(p.engine))
                start = p; current = p
            case .line(let p):
                out.append(.line(p.engine))
                current = p
            case .quad(let q, let p):
                let (c1, c2) = CGPath.elevate(from: current, control: q, to: p)
                out.append(.cubic(c1.engine, c2.engine, p.engine))
                current = p
            case .cubic(let c1, let c2, let p):
                out.append(.cubic(c1.engine, c2.engine, p.engine))
                current = p
            case .close:
                out.append(.close)
                current = start
            }
        }
        return Animation.Path(out)
    }

    /// The cubic's control points for the quad from `p0` through control `q` to `p`.
    static func elevate(from p0: CGPoint, control q: CGPoint, to p: CGPoint) -> (CGPoint, CGPoint) {
        (CGPoint(x: p0.x + 2 / 3 * (q.x - p0.x), y: p0.y + 2 / 3 * (q.y - p0.y)),
         CGPoint(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y)))
    }

    /// Elements from the engine's path, which has no quads.
    static func elements(of path: Animation.Path) -> [Element] {
        path.elements.map { e in
            switch e {
            case .move(let p): .move(CGPoint(p))
            case .line(let p): .line(CGPoint(p))
            case .cubic(let c1, let c2, let p): .cubic(control1: CGPoint(c1), control2: CGPoint(c2), end: CGPoint(p))
            case .close: .close
            }
        }
    }
}
