import Animation

// The face's Core Graphics values and the engine's, one way and back. CGFloat is a Double on every
// platform Layercast runs on, so nothing is rounded.

extension CGPoint {
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
    var engine: Point { Point(Double(x), Double(y)) }
}

extension CGSize {
    init(_ s: Size) { self.init(width: s.width, height: s.height) }
    var engine: Size { Size(Double(width), Double(height)) }
}

extension CGRect {
    init(_ r: Rect) { self.init(x: r.minX, y: r.minY, width: r.width, height: r.height) }
    var engine: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height)) }
}
