import Animation

/// Where a frame can differ from the previous frame of the same stream, so that only those pixels
/// are drawn again and the rest kept (`Renderer.render(_:…previous:)`). In `control=all` on a
/// fresh scene only the spinner moves: its cell is a quarter of the frame.
///
/// The two snapshots are walked side by side. A layer equal to its old self adds nothing; one whose
/// own properties (transform, opacity, content, mask, sublayer count) are unchanged adds only what
/// its changed sublayers add; any other adds the device boxes of everything it drew before and
/// draws now (`Extent(of:device:)`). Culling stays right: a layer an opaque sibling hid lies inside
/// that sibling's box, so when the sibling changes, the layer's pixels are inside the damage too.
enum Damage {
    /// Past this many boxes they are merged into one: the clip's cost grows with its rectangles.
    static let maxBoxes = 8
    /// Antialiasing and the bilinear filter reach into the pixels a shape's box only touches;
    /// rounding outward covers them, this margin covers rounding in the transforms.
    static let margin = 1

    /// Pixel boxes (clamped to the surface) holding every pixel that can differ between the
    /// renders of `old` and `new`; empty when none can, nil when a change cannot be bounded
    /// (non-finite geometry): then the whole frame is drawn.
    static func boxes(from old: LayerSnapshot, to new: LayerSnapshot, width: Int, height: Int) -> [PixelBox]? {
        var found: [Rect] = []
        guard collect(old, new, device: .identity, into: &found) else { return nil }
        var boxes = found.compactMap { PixelBox(covering: $0, margin: margin, width: width, height: height) }
        guard !boxes.isEmpty else { return [] }
        // Cairo's clip does not cut a shape exactly as the full draw covers it: where a box's edge
        // crosses an antialiased shape, a few pixels came out a level off (CellReuseTests). So a
        // box takes in every shape it touches, until no shape crosses an edge.
        var atoms: [PixelBox] = []
        guard collectAtoms(new, device: .identity, width: width, height: height, into: &atoms) else { return nil }
        var grown = true
        var rounds = 0
        while grown {
            grown = false
            rounds += 1
            if rounds > 64 { return nil }
            for i in boxes.indices {
                for atom in atoms where atom.intersects(boxes[i]) && !boxes[i].contains(atom) {
                    boxes[i] = boxes[i].union(atom)
                    grown = true
                }
            }
            // Boxes that now overlap become one, so that no box's edge crosses another's shapes.
            var merged: [PixelBox] = []
            for box in boxes {
                if let k = merged.firstIndex(where: { $0.intersects(box) }) {
                    merged[k] = merged[k].union(box)
                    grown = true
                } else {
                    merged.append(box)
                }
            }
            boxes = merged
        }
        if boxes.count > maxBoxes, let first = boxes.first {
            boxes = [boxes.dropFirst().reduce(first) { $0.union($1) }]
        }
        return boxes
    }

    /// The device boxes of what `node` draws, each a unit a clip edge must not cross: a layer's
    /// own content, or a whole layer composited as a group (opacity below 1) or masked. False
    /// when one cannot be bounded.
    private static func collectAtoms(_ node: LayerSnapshot, device: AffineTransform, width: Int, height: Int,
                                     into atoms: inout [PixelBox]) -> Bool {
        guard node.opacity.isFinite, node.opacity > 0 else { return true }
        func add(_ extent: Extent) -> Bool {
            switch extent {
            case .nothing: return true
            case .unknown: return false
            case .box(let bounds):
                if let pixels = PixelBox(covering: bounds, margin: margin, width: width, height: height) { atoms.append(pixels) }
                return true
            }
        }
        // A shadow, an alpha mask and a projection are each computed over the whole layer, so the
        // whole layer is one unit, as a group is.
        if node.opacity < 1 || node.mask != nil || node.shadow != nil || node.alphaMask != nil || node.projection != nil
            || node.tint != nil {
            return add(Extent(of: node, device: device))
        }
        let toDevice = device.concatenating(node.transform)
        guard add(Extent(of: node.content, device: toDevice)) else { return false }
        for sublayer in node.sublayers where !collectAtoms(sublayer, device: toDevice, width: width, height: height, into: &atoms) {
            return false
        }
        return true
    }

    /// False when a change cannot be bounded.
    private static func collect(_ old: LayerSnapshot, _ new: LayerSnapshot, device: AffineTransform,
                                into found: inout [Rect]) -> Bool {
        if old == new { return true }
        // A sublayer's change reaches further than its own box when it changes a shadow cast from
        // the layer's alpha (offset and blurred) or passes through a projection; then the whole
        // layer counts as changed.
        if old.transform == new.transform, old.opacity == new.opacity, old.content == new.content,
           old.mask == new.mask, old.shadow == new.shadow, old.alphaMask == new.alphaMask, old.projection == new.projection,
           old.tint == new.tint,
           new.projection == nil, new.shadow.map({ $0.path != nil }) ?? true, old.sublayers.count == new.sublayers.count {
            let inner = device.concatenating(new.transform)
            for (a, b) in zip(old.sublayers, new.sublayers) where !collect(a, b, device: inner, into: &found) {
                return false
            }
            return true
        }
        for layer in [old, new] {
            switch Extent(of: layer, device: device) {
            case .nothing: continue
            case .unknown: return false
            case .box(let bounds): found.append(bounds)
            }
        }
        return true
    }
}

/// A device-pixel box holding everything a layer draws. Unlike `Occlusion.extent`, which boxes a
/// layer in its own plane, the points are mapped to the device first: a turning arc's box then
/// stays the arc's, not the box of its turned square (√2 wider, reaching into the next cell).
extension Extent {
    /// `layer` and its sublayers, its shadow and its alpha mask; `device` maps the layer's parent's
    /// coordinates to pixels.
    init(of layer: LayerSnapshot, device: AffineTransform) {
        guard layer.opacity.isFinite, layer.opacity > 0 else { self = .nothing; return }
        if let projection = layer.projection {
            self = ProjectedGeometry.extent(of: layer, projection: projection, device: device)
            return
        }
        let toDevice = device.concatenating(layer.transform)
        let stack = Extent(stackOf: layer, device: toDevice)
        var extent = stack
        if let shadow = layer.shadow {
            let caster = shadow.path == nil ? stack : ShadowGeometry.caster(of: shadow, layer: layer, device: toDevice)
            extent = extent.union(ShadowGeometry.extent(shadow, caster: caster, device: toDevice))
        }
        // Nothing shows outside what the alpha mask draws.
        if let mask = layer.alphaMask, case .box(let box) = extent {
            var shown = Extent.nothing
            for m in mask where shown != .unknown { shown = shown.union(Extent(of: m, device: toDevice)) }
            switch shown {
            case .nothing: extent = .nothing
            case .box(let region): extent = box.intersection(region).map(Extent.box) ?? .nothing
            case .unknown: break
            }
        }
        self = extent
    }

    /// A layer's own content; `device` maps the layer's coordinates to pixels.
    init(of content: LayerSnapshot.Content, device: AffineTransform) {
        func box(_ points: [Point]) -> Extent {
            Rect(bounding: points.map(device.apply)).map(Extent.box) ?? .unknown
        }
        switch content {
        case .none:
            self = .nothing
        case .text(let text):
            self = TextBounds.box(of: text).map { box($0.corners) } ?? .nothing
        case .image(let image):
            let rect = image.rect
            self = isFinite(rect) && rect.width > 0 && rect.height > 0 ? box(rect.corners) : .nothing
        case .gradient(let gradient):
            let rect = gradient.rect
            self = isFinite(rect) && rect.width > 0 && rect.height > 0 ? box(rect.corners) : .nothing
        case .textBlock(let text):
            // Drawn clipped to its rectangle.
            let rect = text.rect
            self = isFinite(rect) && rect.width > 0 && rect.height > 0 ? box(rect.corners) : .nothing
        case .shape(let shape):
            // A Bézier curve lies in the hull of its control points, and so does any trimmed piece.
            let points = shape.path.elements.flatMap { element -> [Point] in
                switch element {
                case .move(let p), .line(let p): [p]
                case .cubic(let c1, let c2, let p): [c1, c2, p]
                case .close: []
                }
            }
            guard !points.isEmpty else { self = .nothing; return }
            var extent = Extent.nothing
            if let fill = shape.fillColor, fill.alpha > 0 { extent = box(points) }
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth.isFinite, shape.lineWidth > 0 {
                // Square caps reach √2 half-widths out, miter joins up to the miter limit, but only
                // where the path turns a corner (a smooth arc has none); the transform stretches
                // that by at most its Frobenius norm.
                let norm = (device.a * device.a + device.b * device.b + device.c * device.c + device.d * device.d).squareRoot()
                let cap = shape.lineCap == .square ? 2.0.squareRoot() : 1
                let join = shape.lineJoin == .miter && hasCorners(shape.path) ? max(shape.miterLimit, 1) : 1
                let reach = shape.lineWidth / 2 * norm * max(cap, join)
                guard reach.isFinite else { self = .unknown; return }
                if case .box(let b) = box(points) { extent = extent.union(.box(b.insetBy(-reach))) } else { extent = .unknown }
            }
            self = extent
        }
    }
}

/// Whether the path turns a corner anywhere (where a miter join would stick out): a join between
/// two segments, or a closed subpath's start, whose tangents differ.
func hasCorners(_ path: Path) -> Bool {
    var current: Point?
    var start: Point?
    var incoming: Point?
    var firstOutgoing: Point?
    func direction(_ from: Point, _ candidates: [Point]) -> Point? {
        for c in candidates {
            let (dx, dy) = (c.x - from.x, c.y - from.y)
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 1e-9 { return Point(dx / length, dy / length) }
        }
        return nil
    }
    func turns(_ a: Point?, _ b: Point?) -> Bool {
        guard let a, let b else { return false }
        return a.x * b.x + a.y * b.y < 1 - 1e-6
    }
    /// A segment from `current` leaving along `out` and arriving along `arrive`.
    func segment(out: Point?, arrive: Point?, to end: Point) -> Bool {
        guard let out else { return false }
        defer { (incoming, current) = (arrive ?? out, end) }
        if firstOutgoing == nil { firstOutgoing = out }
        return turns(incoming, out)
    }
    for element in path.elements {
        switch element {
        case .move(let p):
            (current, start, incoming, firstOutgoing) = (p, p, nil, nil)
        case .line(let p):
            guard let from = current else { (current, start) = (p, p); continue }
            let d = direction(from, [p])
            if d == nil { continue }
            if segment(out: d, arrive: d, to: p) { return true }
        case .cubic(let c1, let c2, let p):
            guard let from = current else { (current, start) = (p, p); continue }
            let out = direction(from, [c1, c2, p])
            let arrive = direction(c2, [p]) ?? direction(c1, [p]) ?? out
            if out == nil { continue }
            if segment(out: out, arrive: arrive, to: p) { return true }
        case .close:
            guard let from = current, let s = start else { continue }
            if let d = direction(from, [s]), segment(out: d, arrive: d, to: s) { return true }
            if turns(incoming, firstOutgoing) { return true }
            (current, incoming, firstOutgoing) = (s, nil, nil)
        }
    }
    return false
}

/// A box surely holding a label's ink, without asking the font: `drawText` centres the advance
/// box on `center`, and no glyph of a label font is wider than `emsPerScalar` em; combining marks
/// can stack upwards or downwards, so each adds an em of height.
enum TextBounds {
    static let emsPerScalar = 1.5
    /// Above and below the centre before any mark: ascent, descent and accents.
    static let halfHeightEms = 1.5

    static func box(of text: TextContent) -> Rect? {
        guard !text.text.isEmpty else { return nil }
        let size = min(text.fontSize, 4096)
        guard size.isFinite, size > 0, text.center.x.isFinite, text.center.y.isFinite else { return nil }
        let scalars = text.text.unicodeScalars
        let marks = scalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }.count
        let halfWidth = (Double(scalars.count) * emsPerScalar / 2 + 1) * size
        let halfHeight = (halfHeightEms + Double(marks)) * size
        return Rect(x: text.center.x - halfWidth, y: text.center.y - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
    }
}

/// A rectangle of whole pixels: columns x0..<x1, rows y0..<y1.
struct PixelBox: Equatable {
    let x0: Int, y0: Int, x1: Int, y1: Int

    /// `rect` rounded outward, grown by `margin` and clamped to a width × height surface; nil when
    /// nothing of it is on the surface.
    init?(covering rect: Rect, margin: Int, width: Int, height: Int) {
        guard isFinite(rect) else { return nil }
        // Clamp in floating point first: a huge coordinate must not overflow Int.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        x0 = clamp((rect.minX.rounded(.down)) - Double(margin), width)
        y0 = clamp((rect.minY.rounded(.down)) - Double(margin), height)
        x1 = clamp((rect.maxX.rounded(.up)) + Double(margin), width)
        y1 = clamp((rect.maxY.rounded(.up)) + Double(margin), height)
        guard x1 > x0, y1 > y0 else { return nil }
    }

    private init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    func intersects(_ other: PixelBox) -> Bool {
        x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1
    }

    func contains(_ other: PixelBox) -> Bool {
        x0 <= other.x0 && y0 <= other.y0 && other.x1 <= x1 && other.y1 <= y1
    }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}
