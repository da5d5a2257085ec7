/// The names leading from a layer down to one of its descendants: `["disc", "artwork.blurred"]` is
/// the sublayer `artwork.blurred` of the sublayer `disc`. The empty path is the layer itself.
///
/// A control declares each of its paths once, as a constant built from its parent's path, and
/// names the layers it builds after those paths' last names, so a name is never spelled twice.
/// Among siblings the first layer with a name is the one addressed; a name that is missing makes
/// a read nil and a modification a no-op, never a trap.
public struct LayerPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public private(set) var names: [String]

    public init(_ names: [String]) {
        self.names = names
    }

    public init(arrayLiteral names: String...) {
        self.names = names
    }

    /// The layer itself.
    public static let root = LayerPath([])

    /// The sublayer called `name` of the layer at this path.
    public func appending(_ name: String) -> LayerPath {
        LayerPath(names + [name])
    }

    /// The addressed layer's own name (the root's is not part of any path: empty).
    public var name: String { names.last ?? "" }

    public var description: String { names.joined(separator: " › ") }
}

extension ShapeLayer {
    /// The descendant at `path`, or nil when a name on the way is missing.
    public subscript(path: LayerPath) -> ShapeLayer? {
        var layer = self
        for name in path.names {
            guard let next = layer.sublayers.first(where: { $0.name == name }) else { return nil }
            layer = next
        }
        return layer
    }

    /// Runs `body` on the descendant at `path` in place and returns its result, or returns nil
    /// without calling `body` when a name on the way is missing.
    @discardableResult
    public mutating func modify<R>(_ path: LayerPath, _ body: (inout ShapeLayer) throws -> R) rethrows -> R? {
        try modify(path.names[...], body)
    }

    private mutating func modify<R>(_ names: ArraySlice<String>, _ body: (inout ShapeLayer) throws -> R) rethrows -> R? {
        guard let name = names.first else { return try body(&self) }
        guard let i = sublayers.firstIndex(where: { $0.name == name }) else { return nil }
        // Through the array's element accessor: the sublayer is changed where it is, not copied out and back.
        return try sublayers[i].modify(names.dropFirst(), body)
    }

    /// Runs `body` on every direct sublayer in place, bottom (drawn first) to top: for lists whose
    /// members a control tells apart by name as it goes, such as the meter's segments.
    public mutating func modifySublayers(_ body: (inout ShapeLayer) throws -> Void) rethrows {
        for i in sublayers.indices { try body(&sublayers[i]) }
    }
}

extension LayerSnapshot {
    /// The descendant at `path`, or nil when a name on the way is missing.
    public subscript(path: LayerPath) -> LayerSnapshot? {
        var layer = self
        for name in path.names {
            guard let next = layer.sublayers.first(where: { $0.name == name }) else { return nil }
            layer = next
        }
        return layer
    }
}
