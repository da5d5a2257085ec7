/// One element of a path, as CGPath and Cairo describe them.
public enum PathElement: Hashable, Sendable, Codable {
    case move(Point)
    case line(Point)
    /// A cubic Bézier: two control points, then the end point.
    case cubic(Point, Point, Point)
    case close

    /// The point the element ends on, or nil for `close`.
    public var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .cubic(_, _, let p): p
        case .close: nil
        }
    }

    public var kind: Kind {
        switch self {
        case .move: .move
        case .line: .line
        case .cubic: .cubic
        case .close: .close
        }
    }

    public enum Kind: String, Sendable, Codable, CaseIterable { case move, line, cubic, close }
}

/// A vector path: a list of elements. Value type, so a snapshot never shares mutable state.
public struct Path: Hashable, Sendable, Codable {
    public var elements: [PathElement]

    public init(_ elements: [PathElement] = []) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.cubic(control1, control2, p))
    }
    public mutating func close() { elements.append(.close) }

    public func applying(_ t: AffineTransform) -> Path {
        Path(elements.map { e in
            switch e {
            case .move(let p): .move(t.apply(p))
            case .line(let p): .line(t.apply(p))
            case .cubic(let c1, let c2, let p): .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: .close
            }
        })
    }
}
