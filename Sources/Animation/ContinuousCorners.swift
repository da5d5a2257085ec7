/// UIKit's rounded rectangle since iOS 7 and the layer box's `continuous` corner curve: corners
/// that ease into the edges instead of quarter circles (docs/design/quartz.md §Paths, §Box).
extension Path {
    /// How far back along each edge a continuous corner of radius 1 starts.
    public static let continuousReach = 1.52866

    /// One corner in units of the radius, from its start at (reach, 0): (s, t) is s back along the
    /// incoming edge from the vertex and t along the outgoing edge. Three cubics joined by two short
    /// lines, symmetric about s = t.
    private enum CornerStep {
        case line(Double, Double)
        case cubic((Double, Double), (Double, Double), (Double, Double))
    }

    private static let cornerSteps: [CornerStep] = [
        .cubic((1.08849, 0), (0.86841, 0), (0.66993, 0.06550)),
        .line(0.63149, 0.07491),
        .cubic((0.37282, 0.16906), (0.16906, 0.37282), (0.07491, 0.63149)),
        .line(0.06550, 0.66993),
        .cubic((0, 0.86841), (0, 1.08849), (0, 1.52866)),
    ]

    /// The largest radius the outline allows in `rect`: two corners' reach fill the shorter side.
    public static func continuousRadiusLimit(_ rect: Rect) -> Double {
        min(rect.width, rect.height) / (2 * continuousReach)
    }

    /// The closed outline of `rect` (with a non-negative size), clockwise on screen from the end of
    /// the top-left corner, the chosen corners continuous and the others sharp. The radius is capped
    /// at `continuousRadiusLimit`; at zero every corner is sharp and the outline is `rect(_:)`'s.
    public static func continuousRoundedRect(_ rect: Rect, corners: LayerBox.Corners, radius: Double) -> Path {
        let r = min(radius.isNaN ? 0 : max(radius, 0), continuousRadiusLimit(rect))
        guard r > 0, !corners.intersection(.all).isEmpty else { return .rect(rect) }
        // Each corner: its vertex, the direction travel arrives in, the direction it leaves in.
        typealias Corner = (rounded: Bool, vertex: Point, incoming: Point, outgoing: Point)
        let list: [Corner] = [
            (corners.contains(.maxXMinY), Point(rect.maxX, rect.minY), Point(1, 0), Point(0, 1)),
            (corners.contains(.maxXMaxY), Point(rect.maxX, rect.maxY), Point(0, 1), Point(-1, 0)),
            (corners.contains(.minXMaxY), Point(rect.minX, rect.maxY), Point(-1, 0), Point(0, -1)),
            (corners.contains(.minXMinY), Point(rect.minX, rect.minY), Point(0, -1), Point(1, 0)),
        ]
        func at(_ c: Corner, _ s: Double, _ t: Double) -> Point {
            Point(c.vertex.x + r * (t * c.outgoing.x - s * c.incoming.x), c.vertex.y + r * (t * c.outgoing.y - s * c.incoming.y))
        }
        let topLeft = list[3]
        var out = Path([.move(topLeft.rounded ? at(topLeft, 0, continuousReach) : topLeft.vertex)])
        for (i, c) in list.enumerated() {
            guard c.rounded else {
                // The top-left vertex is the start: the close draws the last edge.
                if i < 3 { out.line(to: c.vertex) }
                continue
            }
            out.line(to: at(c, continuousReach, 0))
            for step in cornerSteps {
                switch step {
                case .line(let s, let t): out.line(to: at(c, s, t))
                case .cubic(let c1, let c2, let p): out.curve(to: at(c, p.0, p.1), control1: at(c, c1.0, c1.1), control2: at(c, c2.0, c2.1))
                }
            }
        }
        out.close()
        return out
    }
}
